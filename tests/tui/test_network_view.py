"""What the network screens draw, read back from a fake window; the command line's network options;
and the network worker against a real host and guest on loopback."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from gomoku.cli import build_parser, check_network
from gomoku.net import events as ev
from gomoku.net.match import BlackChoice, Role
from gomoku.point import Point
from gomoku.tui.effects import NetChat, NetClose, NetPlay, NetSetup, NetStart
from gomoku.tui.events import NetEvent, NetListening
from gomoku.tui.model import Joining, JoinStep, NetMenu
from gomoku.tui.network import Network
from gomoku.tui.options import network_setup
from gomoku.tui.settings import Settings
from tests.tui.helpers import menu_state
from tests.tui.netplay import JOIN, Match
from tests.tui.test_network_state import GUEST, HOST, hosting_run, net
from tests.tui.test_view import flat, render


def test_hosting_draws_the_one_line_command_the_guest_runs() -> None:
    text = flat(render(replace(hosting_run().state, message="")))
    assert f"python -m gomoku --join 127.0.0.1:5801 --code {HOST.code}" in text
    assert "freestyle 9x9" in text and "black: the host" in text and "Esc cancels · ? help · q quits" in text


def test_joining_draws_the_code_prompt_and_the_failure() -> None:
    state = replace(menu_state(), screen=Joining(GUEST, JoinStep.CODE, text="K7QM"))
    assert "Code: K7QM_" in flat(render(state))
    failed = replace(state, screen=Joining(GUEST, JoinStep.FAILED, error="No connection could be made."))
    assert "No connection could be made." in flat(render(failed))


def test_the_network_menu_draws_its_rows() -> None:
    text = flat(render(replace(menu_state(name="Ann"), screen=NetMenu())))
    assert "Host a game" in text and "Join a game..." in text and "Your name Ann" in text
    assert "Port 5757" in text and "Listen on every address" in text


def panel(window) -> str:  # type: ignore[no-untyped-def]
    """The text right of the board (the players, the moves, the chat), lines joined by spaces."""
    lines = window.lines()
    column = min(line.index("you (") for line in lines if "you (" in line) - 2
    return " ".join(" ".join(line[column:].split()) for line in lines[:-2] if line[column:].strip())


def test_the_game_shows_turn_opponent_connection_and_round_trip_the_move_list_and_the_chat_panel() -> None:
    match = Match.start()
    match.play_all(["e5", "e6", "f5"])
    match.press(Role.GUEST, "m", "g", "o", "o", "d", "enter")
    run = match.host.run
    snapshot = replace(match.host.session.snapshot(), rtt=0.0042)
    net(run, ev.RoundTrip(0.0042), snapshot)
    window = render(run.state, 30, 100)
    text = flat(window)
    # e5 e6 f5: the opening's name, as the local game's status line says it, whichever game shows it
    assert "Gil to play · connected, 4 ms · move 4 · Ugetsu (D6) · last: black f5" in text
    assert "network · host · game 1 · freestyle 9x9" in text
    beside = panel(window)
    assert "● you (black) ○ Gil (white)" in beside and "Chat Gil: good" in beside
    assert "Moves 1. e5 e6 2. f5" in beside  # the move list, drawn as the local game draws it


def test_the_game_shows_the_offer_prompt_the_chat_prompt_and_a_lost_connection() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.HOST, "u")
    run = match.guest.run.press("left")  # the message goes; the question stays
    assert "Hana asks to take back a move y accepts · n declines · Enter play" in flat(render(run.state))
    match.press(Role.GUEST, "n", "m", "h", "i")
    assert "Say: hi_" in flat(render(run.state))
    match.press(Role.GUEST, "escape")
    match.wire.drop(match.conn)
    match.deliver()
    text = flat(render(match.guest.run.state))
    assert "connection lost" in text and "C reconnects" in text


@pytest.mark.parametrize("size, rows, cols", [(9, 30, 100), (9, 24, 80), (15, 24, 80)])
def test_a_host_waiting_for_its_guest_shows_the_command_they_run_again(size: int, rows: int, cols: int) -> None:
    match = Match.start(size=size)
    match.play(Role.HOST, "e5")
    match.wire.drop(match.conn)
    match.deliver()
    assert JOIN in panel(render(match.host.run.state, rows, cols))  # wherever it wraps


def test_the_game_over_line_says_who_won() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.GUEST, "G", "y")
    assert "Black wins by resignation. You win!" in flat(render(match.host.run.state))


# -- the command line -------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["--host", "--join", "x"], "do not go together"),
        (["--host", "--black", "human"], "host, guest or random"),
        (["--black", "guest"], "add --host"),
        (["--bind", "127.0.0.1"], "add --host"),
        (["--code", "K7QM-4RZT-9X"], "add --join"),
        (["--host", "6000", "--black", "guest", "--bind", "::1"], ""),
        (["--join", "[::1]:6000", "--code", "k7qm4rzt9x"], ""),
    ],
)
def test_the_network_options_go_together(argv: list[str], problem: str) -> None:
    args = build_parser().parse_args(argv)
    assert (problem in check_network(args)) if problem else check_network(args) == ""


def test_the_network_options_make_the_setup() -> None:
    settings = Settings(name="Ann", size=9)
    host = network_setup(build_parser().parse_args(["--host", "--black", "guest"]), settings)
    assert host == NetSetup(Role.HOST, "Ann", port=5757, size=9, black=BlackChoice.GUEST)
    guest = network_setup(build_parser().parse_args(["--join", "[::1]:6000", "--code", "k7qm4rzt9x"]), settings)
    assert guest == NetSetup(Role.GUEST, "Ann", code="K7QM-4RZT-9X", port=6000, address="::1")
    assert build_parser().parse_args(["--host"]).host == 5757


# -- the network worker, on loopback ------------------------------------------------------


def wait(network: Network, posted: list, test, timeout: float = 5.0) -> list:
    """Drain ``network`` until ``test`` holds for what came out (at most ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    seen: list = []
    while time.monotonic() < deadline:
        seen += posted + network.drain()
        posted.clear()
        if test(seen):
            return seen
        time.sleep(0.01)
    raise AssertionError(f"waited {timeout}s; saw {seen}")


def test_the_worker_hosts_joins_plays_chats_and_closes_on_loopback() -> None:
    posted: list = []
    network = Network(posted.append, lambda: None)
    handlers = network.handlers()
    handlers[NetStart](NetStart(1, replace(HOST, code="", port=0)))
    listening = wait(network, posted, lambda seen: any(isinstance(e, NetListening) for e in seen))[0]
    assert isinstance(listening, NetListening) and listening.session == 1
    assert listening.commands[0].endswith(f"127.0.0.1:{listening.port} --code {listening.code}")
    handlers[NetStart](NetStart(2, replace(GUEST, code=listening.code, port=listening.port)))
    seen = wait(
        network,
        posted,
        lambda seen: sum(isinstance(e, NetEvent) and isinstance(e.event, ev.GameStarted) for e in seen) == 2,
    )
    assert {e.session for e in seen if isinstance(e, NetEvent)} == {1, 2}
    handlers[NetPlay](NetPlay(1, Point(4, 4)))  # the host plays black (HOST.black is "host")
    handlers[NetChat](NetChat(1, "hi"))
    seen = wait(
        network, posted, lambda seen: any(e.session == 2 and isinstance(e.event, ev.ChatReceived) for e in seen)
    )
    played = [e for e in seen if e.session == 2 and isinstance(e.event, ev.MovePlayed)]
    assert played and played[0].event.point == Point(4, 4) and played[0].snapshot.saved.moves == (Point(4, 4),)
    assert played[0].snapshot.table.board.moves == [Point(4, 4)]  # the snapshot crossed the thread with it
    handlers[NetClose](NetClose(2, "bye"))
    wait(network, posted, lambda seen: any(e.session == 1 and isinstance(e.event, ev.PeerLeft) for e in seen))
    network.close_all(timeout=2)
    assert not network._peers  # every connection is closed


def test_a_taken_port_is_reported_as_an_event() -> None:
    posted: list = []
    network = Network(posted.append, lambda: None)
    network.start(NetStart(1, replace(HOST, code="", port=0)))
    port = wait(network, posted, lambda seen: any(isinstance(e, NetListening) for e in seen))[0].port
    network.start(NetStart(2, replace(HOST, code="", port=port)))
    seen = wait(network, posted, lambda seen: any(isinstance(e, NetEvent) and e.session == 2 for e in seen))
    (failed,) = [e for e in seen if isinstance(e, NetEvent) and e.session == 2]
    assert isinstance(failed.event, ev.Closed) and "choose another port" in failed.event.reason
    network.close_all(timeout=2)


def test_network_errors_are_the_packages_errors() -> None:
    from gomoku.errors import GomokuError
    from gomoku.net.errors import CodeError, ConnectError, NetworkError

    assert issubclass(NetworkError, GomokuError) and issubclass(ConnectError, GomokuError)
    assert issubclass(CodeError, ValueError)  # and what it always was
