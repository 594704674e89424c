"""Two real game processes in two pseudo-terminals playing over loopback (127.0.0.1).

The host's code is read from the host's screen, as a person would.  Every
wait is bounded (:meth:`Terminal.wait_for`), and every process is stopped at
the end of its test.  Boards are small (7x7, 9x9) to keep these fast.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gomoku.point import parse_point
from gomoku.tui.layout import board_layout
from tests.tui.terminal import Terminal, compact, flatten

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

ROWS, COLS = 30, 100
CODE = re.compile(r"--code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2})")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Player:
    """One side's game in its own pseudo-terminal and GOMOKU_HOME."""

    def __init__(self, args: list[str], home: Path, size: int) -> None:
        home.mkdir(exist_ok=True)
        self.home, self.size, self.args = home, size, args
        self.term = Terminal(args, home, ROWS, COLS)

    def sees(self, *wanted: str, timeout: float = 10.0) -> str:
        """Wait until the screen shows every one of ``wanted`` (width-independent)."""
        return self.term.wait_for(lambda text: all(compact(w) in compact(text) for w in wanted), timeout)

    def keys(self, keys: str) -> None:
        self.term.send(keys)

    def play(self, name: str) -> None:
        """Click on the point ``name`` (the game plays where the mouse clicks)."""
        layout = board_layout(ROWS, COLS, self.size)
        assert layout is not None
        self.term.click(*layout.screen_of(parse_point(name, self.size)))

    def say(self, text: str) -> None:
        self.keys("m" + text + "\r")


def saved_game(home: Path, test, timeout: float = 5.0) -> dict:  # type: ignore[no-untyped-def]
    """The autosave in ``home`` once ``test`` holds for it (bounded in time)."""
    deadline = time.monotonic() + timeout
    data: dict = {}
    while time.monotonic() < deadline:
        try:
            data = json.loads((home / "current.json").read_text())
        except (OSError, ValueError):
            data = {}
        if data and test(data):
            return data
        time.sleep(0.02)
    raise AssertionError(f"the autosave in {home} is {data}")


@pytest.fixture
def players(tmp_path: Path) -> Iterator:
    started: list[Player] = []

    def start(args: list[str], name: str, size: int) -> Player:
        player = Player(args, tmp_path / name, size)
        started.append(player)
        return player

    yield start
    for player in started:
        player.term.close()


def host_and_join(players, size: int, *host_options: str, code: bool = True):  # type: ignore[no-untyped-def]
    """A host (Ann) on a free loopback port and a guest (Bob) that joins with the code from the host's screen."""
    port = free_port()
    host = players(
        ["--host", str(port), "--bind", "127.0.0.1", "--size", str(size), "--name", "Ann", *host_options], "host", size
    )
    text = host.sees("The other player runs this command", f"127.0.0.1:{port}")
    match = CODE.search(flatten(text))
    assert match, text
    command = ["--join", f"127.0.0.1:{port}", "--name", "Bob"] + (["--code", match.group(1)] if code else [])
    guest = players(command, "guest", size)
    return host, guest, command, match.group(1)


def test_two_players_chat_undo_win_rematch_and_resign(players) -> None:  # type: ignore[no-untyped-def]
    host, guest, _, _ = host_and_join(players, 7, "--black", "host")
    host.sees("Game 1 against Bob: you play black", "your move · vs Bob · connected")
    guest.sees("Game 1 against Ann: you play white", "Ann to play")

    guest.say("hello Ann")
    host.sees("Bob: hello Ann")
    host.say("hi Bob")
    guest.sees("Ann: hi Bob", "you: hello Ann")

    host.play("d4")
    guest.sees("last: black d4", "your move")
    guest.play("d5")
    host.sees("last: white d5", "your move")

    host.keys("u")  # declined
    guest.sees("Ann asks to take back a move: y accepts, n declines.")
    guest.keys("n")
    # The guest's own screen must have left the first request before the second is awaited there,
    # or a stale "asks to take back" would let the test press y before the request arrives.
    guest.sees("Declined the request to take back a move.")
    host.sees("Bob declined your request to take back a move.")
    host.keys("u")  # accepted: back to the empty board, black to move
    guest.sees("Ann asks to take back a move")
    guest.keys("y")
    host.sees("Took back d4, d5.", "move 1")
    guest.sees("move 1", "Ann to play")

    for black, white in (("d4", "d5"), ("e4", "e5"), ("f4", "f5"), ("g4", "g5")):
        host.play(black)
        guest.sees(f"last: black {black}")
        guest.play(white)
        host.sees(f"last: white {white}")
    guest.play("a1")  # not its turn: its session refuses it, nothing is sent
    guest.sees("It is black's turn: wait for Ann's move.")
    host.play("c4")
    host.sees("Black wins with five in a row:", "You win!")
    guest.sees("Black wins with five in a row:", "Ann wins.")

    guest.keys("g")
    host.sees("Bob asks for a rematch (colours swapped): y or g accepts, n declines.")
    host.keys("y")
    host.sees("Game 2 against Bob: you play white")
    guest.sees("Game 2 against Ann: you play black", "your move")
    guest.play("d4")
    host.sees("last: black d4")
    host.keys("G")
    host.sees("Resign this game? y resigns")
    host.keys("y")
    host.sees("Black wins by resignation. Bob wins.")
    guest.sees("Black wins by resignation. You win!")

    host.keys("q")  # the game is over: no question
    assert host.term.wait_exit() == 0
    guest.sees("Ann left")
    guest.keys("q")
    assert guest.term.wait_exit() == 0


def test_the_guest_killed_mid_game_reconnects_with_the_same_command(players) -> None:  # type: ignore[no-untyped-def]
    host, guest, command, code = host_and_join(players, 7, "--black", "host")
    host.sees("your move · vs Bob")
    guest.sees("Ann to play")
    guest.say("hello Ann")
    host.sees("Bob: hello Ann")
    host.say("hi Bob")
    guest.sees("Ann: hi Bob")
    for black, white in (("d4", "d5"), ("e4", "e5")):
        host.play(black)
        guest.sees(f"last: black {black}")
        guest.play(white)
        host.sees(f"last: white {white}")
    host.play("f4")
    guest.sees("last: black f4")
    saved = saved_game(guest.home, lambda data: len(data["moves"]) == 5)  # autosave writes on its own thread
    assert saved["moves"] == ["d4", "d5", "e4", "e5", "f4"] and saved["extra"]["network"]["role"] == "guest"

    guest.term.child.kill(signal.SIGKILL)
    guest.term.child.wait()
    host.sees("Lost the connection to Bob: the game is kept till they rejoin.", "waiting for Bob to come back")
    join = " ".join(["python -m gomoku", *command[:2], "--code", code])
    host.sees("Bob joins again with:", join)  # the command is shown again while the host waits

    again = players(command, "guest", 7)
    again.sees(
        "Resumed game 1 with Ann after 5 moves: you play white.", "your move", "move 6 · Ugetsu (D6) · last: black f4"
    )
    again.sees("you: hello Ann", "Ann: hi Bob")  # the chat came back with the game
    host.sees("Resumed game 1 with Bob after 5 moves", "Bob to play")
    again.play("f5")
    host.sees("last: white f5", "your move")
    host.play("g4")
    again.sees("last: black g4")
    again.play("g5")
    host.sees("last: white g5")
    host.play("c4")
    host.sees("Black wins with five in a row:", "You win!")
    again.sees("Black wins with five in a row:", "Ann wins.")


def test_the_code_asked_for_a_wrong_one_refused_and_a_forbidden_move_under_renju(players) -> None:  # type: ignore[no-untyped-def]
    host, guest, _, code = host_and_join(players, 9, "--black", "host", "--rule", "renju", code=False)
    guest.sees("Type the code the host's screen shows.", "Code: _")
    guest.keys("0000-0000-00\r")
    guest.sees("Wrong code", "Code: _")
    host.sees("Turned away: wrong code")
    guest.keys(code.lower() + "\r")  # as typed by hand
    host.sees("Game 1 against Bob: you play black")
    guest.sees("Game 1 against Ann")
    # black e5 f5 g6 g7: g5 would make two open threes at once
    for black, white in (("e5", "a9"), ("f5", "a7"), ("g6", "a5"), ("g7", "a3")):
        host.play(black)
        guest.sees(f"last: black {black}")
        guest.play(white)
        host.sees(f"last: white {white}")
    host.play("g5")
    host.sees("g5 is forbidden for black (double-three): pick another point.", "move 9")
    guest.sees("Ann to play", "move 9 · last: white a3")  # nothing reached the guest
    host.play("h8")
    guest.sees("last: black h8", "your move")


def test_the_host_killed_and_restarted_hosts_the_same_game_and_the_guest_rejoins(players) -> None:  # type: ignore[no-untyped-def]
    host, guest, _, code = host_and_join(players, 7, "--black", "host")
    host.sees("your move · vs Bob")
    host.play("d4")
    guest.sees("last: black d4")
    guest.play("d5")
    host.sees("last: white d5")
    saved_game(host.home, lambda data: data["moves"] == ["d4", "d5"])
    host.term.child.kill(signal.SIGKILL)
    host.term.child.wait()
    guest.sees("Lost the connection to Ann: C reconnects.")

    again = players(host.args, "host", 7)  # the same command again
    again.sees("Resume the unfinished game?", "a network game you hosted, against Bob, 2 moves", "host it again")
    again.keys("y")
    again.sees(f"--code {code}", "Resuming game 1: 2 moves")
    guest.keys("C")
    guest.sees("Resumed game 1 with Ann after 2 moves: you play white.", "Ann to play", "last: white d5")
    again.sees("Resumed game 1 with Bob after 2 moves: you play black.", "your move")
    again.play("e4")
    guest.sees("last: black e4", "your move")


@pytest.mark.parametrize("rule", ["standard", "renju"])
def test_a_game_to_a_win_under_each_rule(players, rule: str) -> None:  # type: ignore[no-untyped-def]
    """Freestyle is played to a win above; under standard and renju exactly five wins over the network too."""
    host, guest, _, _ = host_and_join(players, 7, "--black", "guest", "--rule", rule)
    guest.sees("you play black", "your move")
    host.sees("you play white", "Bob to play")
    for black, white in (("b4", "b6"), ("c4", "c6"), ("d4", "d6"), ("e4", "e6")):
        guest.play(black)
        host.sees(f"last: black {black}", "your move")
        host.play(white)
        guest.sees(f"last: white {white}", "your move")
    guest.play("f4")
    guest.sees("Black wins with five in a row:", "You win!")
    host.sees("Black wins with five in a row:", "Bob wins.")
    guest.keys("q")
    assert guest.term.wait_exit() == 0
    host.sees("Bob left")
    host.keys("q")
    assert host.term.wait_exit() == 0


def test_n_to_the_resume_offer_hosts_what_the_command_line_asks(players) -> None:  # type: ignore[no-untyped-def]
    """Issue 21, item 2: an explicit ``--host ...`` wins over the saved game when the offer is declined."""
    host, guest, _, _ = host_and_join(players, 7, "--black", "host")
    host.sees("your move · vs Bob")
    host.play("d4")
    guest.sees("last: black d4")
    saved_game(host.home, lambda data: data["moves"] == ["d4"])
    host.keys("q")
    host.sees("Quit this game?")
    host.keys("y")
    assert host.term.wait_exit() == 0

    port = free_port()
    asked = ["--host", str(port), "--bind", "127.0.0.1", "--rule", "renju", "--black", "guest", "--size", "9"]
    again = players(asked, "host", 9)
    again.sees(
        "Resume the unfinished game?", "a network game you hosted, against Bob", f"n: host a new game on port {port}"
    )
    again.keys("n")
    again.sees("The other player runs this command", f"127.0.0.1:{port}", "renju 9x9 · black: the guest")


def test_a_swap2_game_with_a_clock_ends_on_time(players) -> None:  # type: ignore[no-untyped-def]
    """Swap2 under a 12-second clock between two processes: the steps by clicks and keys, then a flag falls."""
    host, guest, _, _ = host_and_join(players, 9, "--black", "host", "--opening", "swap2", "--clock", "0.2+0")
    host.sees("Swap2: you begin as black", "place the 1st stone anywhere")
    guest.sees("Swap2: you begin as white")
    guest.play("e5")  # not the guest's step: its session's game refuses it, the screen says why
    guest.sees("Not taken: It is Ann's step in the opening: wait for them.")
    for name in ("e5", "e6", "f6"):
        host.play(name)
        host.sees(f"you: place {name}")
    guest.sees("Ann: place f6", "swap to black, stay white or place two more")
    guest.keys("x")  # the guest swaps: it plays black, and white (the host) moves next
    host.sees("Bob: swap colours. You play white. The opening is over.", "your move")
    guest.sees("You: swap colours. You play black.")
    # nobody moves: what is left of the host's 12 s runs out
    host.sees("Black wins on time", "Bob wins", timeout=15.0)
    guest.sees("Black wins on time", "You win!", timeout=5.0)
