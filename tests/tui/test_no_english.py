"""No English by accident: every screen a player can reach, drawn in Russian (and spot-checked in Chinese).

Cyrillic and Chinese make a leftover English word easy to find: each screen
below is drawn on a fake window at 80x24 and 120x40, with its message line,
and every run of three or more Latin letters must be one the player is meant
to read as it is (:data:`ALLOWED`): the names of keys, file formats, the
levels and opening rules named as the command line names them.  File names,
option names, join codes and the commands to type are taken out first: they
are typed, not read.  A new text that is not marked for the catalogs, or a
sentence put together from English pieces, makes this fail and names the
screen and the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from gomoku import i18n
from gomoku.ai import LEVELS as LEVEL_NAMES
from gomoku.clock import parse_clock
from gomoku.i18n import Language
from gomoku.net.match import Role
from gomoku.openings import OpeningRule
from gomoku.rules import Rule
from gomoku.tui.events import AiDone, Resize, Tick
from gomoku.tui.model import Joining, JoinStep, NetMenu, State
from gomoku.tui.settings import Mode, Settings
from gomoku.tui.update import initial_state
from tests.tui.helpers import LEVELS, NOON, Run, answer, at, click, loaded, menu_state, play_at, press, send, start
from tests.tui.netplay import Match
from tests.tui.test_network_state import GUEST, hosting_run
from tests.tui.test_review_screen import DECIDED, MISSED_WIN, finished, reviewing
from tests.tui.test_saves_state import saved
from tests.tui.test_saves_view import offered, with_prompt
from tests.tui.test_view import render

#: The Latin words a player reads as they are, in any language; each kept short and for a reason.
ALLOWED = frozenset(
    {
        # the names of keys, as printed on the keyboard (docs/translating.md: never translated)
        *("Enter", "Space", "Esc", "Backspace", "Ctrl", "PgUp", "PgDn", "Home", "End", "Tab"),
        "hjkl",  # the cursor's letter keys: "arrows hjkl wasd"
        "wasd",
        # formats and programs, by their own names
        *("SGF", "psq", "sgf", "JSON", "Piskvork", "Gomocup", "gomoku"),
        # character sets and the terminals the board styles are named for (ASCII, UTF-8, CJK)
        *("ASCII", "UTF", "CJK"),
        # the computer's levels and the opening rules the glossary keeps in Latin letters, named as the
        # command line names them (--level hard, the Taraguchi-10 rule)
        *LEVEL_NAMES,
        *("Taraguchi", "Soosõrv", "Swap"),
        # the wins by fours and by fours and threes, as the glossary keeps them beside each language's words
        *("VCF", "VCT"),
        "English",  # the Language row names each language in itself (Русский, 简体中文, English)
        # the players' names the test matches use
        *("Ann", "Bob", "Gil", "Hana"),
    }
)

#: What the player types or copies rather than reads: commands, option names, file names, join codes.
TYPED = re.compile(
    r"python -m gomoku.*"  # a command to run, to the end of its line
    r"|--[a-z][a-z-]*"  # an option's name
    r"|[\w./*-]+\.(?:sgf|psq|txt|json)\b"  # a file name
    r"|\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}\b|\bK7QM\b"  # a join code, whole or being typed
    r"|^\s*\w+(?=[╰│])"  # the screen beneath an overlay, showing at its left ("Ent╰──": the key line's Enter)
)
#: A word in Latin letters (with the accents of Soosõrv) of three or more letters.
WORD = re.compile(r"[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ'-]*[A-Za-zÀ-ɏ]")


def english_words(text: str) -> list[str]:
    """The Latin words of ``text`` a player would read as English (outside :data:`ALLOWED`)."""
    words = [part.strip("'") for word in WORD.findall(TYPED.sub(" ", text)) for part in word.split("-")]
    return [word for word in words if word not in ALLOWED and sum(c.isascii() and c.isalpha() for c in word) >= 3]


def tick(seconds: float) -> Tick:
    return Tick(NOON, 0, seconds)


def timed_play(state: State, name: str, seconds: float) -> State:
    state = send(state, tick(seconds))
    return send(state, click(state, at(state, name)))


def against_computer() -> State:
    """Against the easy computer, one move each."""
    return answer(play_at(start("pvc", black="human", level="easy"), "h8"), "i9")


def five() -> State:
    return play_at(start("pvp"), "h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8")


def won_against_computer() -> State:
    state = play_at(start("pvc", black="human", level="easy"), "h8")
    for reply, move in (("a1", "i8"), ("a3", "j8"), ("a5", "k8"), ("a7", "l8")):
        state = play_at(answer(state, reply), move)
    return state


def fischer() -> State:
    return timed_play(send(start("pvp", clock=parse_clock("1+2")), tick(0.0)), "h8", 5.0)


def byo_yomi() -> State:
    return timed_play(send(start("pvp", clock=parse_clock("0+3x20")), tick(0.0)), "h8", 0.0)


def computer_time_out() -> State:
    run = Run(start("pvc", level="easy", clock=parse_clock("10s")))
    run.send(tick(0.0), click(run.state, at(run.state, "h8")))
    assert run.state.ai is not None
    run.send(tick(1.0), AiDone(run.state.ai.job, at(run.state, "i9"), thought=1.0))
    return run.send(tick(12.0)).state


def opening_steps(rule: OpeningRule, mode: str, black: str) -> Iterator[tuple[str, State]]:
    """Each step of ``rule``'s opening as far as stones go, and each key a step offers."""
    state = start(mode, black=black, opening=rule, rule="renju")
    yield "start", state
    for number, point in enumerate(("h8", "h9", "j9", "g7", "j7", "k10"), 1):
        placed = play_at(state, point)
        if placed is state:
            return
        state = placed
        yield f"stone {number}", state
        for key in "xc290":
            yield f"stone {number} key {key}", press(state, key)


def network() -> Iterator[tuple[str, State]]:
    """Both sides of a network game through its offers, chat, ending, rematch and a lost connection."""
    match = Match.start()
    match.play_all(["e5", "e6", "f5"])
    yield "game", match.host.run.state
    yield "help", press(match.host.run.state, "?")
    steps = [
        ("undo offer", Role.HOST, "u"),
        ("undo declined", Role.GUEST, "n"),
        ("draw offer", Role.HOST, "D"),
        ("drawn", Role.GUEST, "y"),
        ("rematch offer", Role.HOST, "g"),
        ("rematch", Role.GUEST, "y"),
    ]
    for name, role, key in steps:
        match.press(role, key)
        yield f"{name} host", match.host.run.state
        yield f"{name} guest", match.guest.run.state
    match.press(Role.GUEST, "m", "h", "i", "enter")
    match.press(Role.HOST, "m", "o")
    yield "chat", match.host.run.state
    match.press(Role.HOST, "escape", "G")
    yield "resign asked", match.host.run.state
    match.press(Role.HOST, "y")
    yield "resigned host", match.host.run.state
    yield "resigned guest", match.guest.run.state
    yield "quit", press(match.host.run.state, "q")
    lost = Match.start()
    lost.play(Role.HOST, "e5")
    lost.wire.drop(lost.conn)
    lost.deliver()
    yield "lost guest", lost.guest.run.state
    yield "lost host", lost.host.run.state
    clocked = Match.start(clock=parse_clock("0+3x20"), opening=OpeningRule.SWAP2, rule=Rule.RENJU, size=15)
    yield "swap2 clock host", clocked.host.run.state
    yield "swap2 clock guest", clocked.guest.run.state


def scenes() -> Iterator[tuple[str, Callable[[], Iterator[tuple[str, State]]]]]:
    """Groups of screens, each made when its test runs: (group, states by name)."""

    def menus() -> Iterator[tuple[str, State]]:
        for mode in Mode:
            state = menu_state(mode=mode)
            for row in range(20):  # every row's explanation and each of its values
                for value in range(5):
                    yield f"{mode.value} row {row} value {value}", state
                    state = press(state, "right")
                state = press(state, "down")
        yield "menu help", press(menu_state(), "?")
        yield "menu from a game", press(against_computer(), "g")

    def local() -> Iterator[tuple[str, State]]:
        played = against_computer()
        yield "thinking", play_at(start("pvc", black="human", level="easy"), "h8")
        for name, keys in (
            ("played", ()),
            ("hint", ("H",)),
            ("heat map", ("t",)),
            ("undo", ("u",)),
            ("undo redo", ("u", "r")),
            ("nothing to redo", ("r",)),
            ("pause", ("p",)),
            ("analysis", ("A",)),
            ("help", ("?",)),
            ("quit", ("q",)),
            ("save", ("S",)),
            ("load", ("L",)),
        ):
            yield name, press(played, *keys)
        yield "nothing to undo", press(start("pvc"), "u")
        yield "taken", play_at(played, "h8")
        yield "two players analysis", press(play_at(start("pvp"), "h8"), "A")
        yield "watch", start("cvc")
        yield "watch paused", press(start("cvc"), "p")
        yield "renju", play_at(start("pvp", rule="renju"), "h8", "a1", "i8", "a3", "j8", "a5", "h9", "a7", "h10")
        yield "five", five()
        yield "five then a click", play_at(five(), "c3")
        yield "won against the computer", won_against_computer()
        yield "too small", press(send(start("pvc"), Resize(10, 30)), "x")

    def openings() -> Iterator[tuple[str, State]]:
        for rule in OpeningRule:
            for mode, black in (("pvp", "human"), ("pvc", "human"), ("pvc", "computer")):
                for name, state in opening_steps(rule, mode, black):
                    yield f"{rule.value} {mode} {black} {name}", state

    def clocks() -> Iterator[tuple[str, State]]:
        yield "fischer", fischer()
        yield "fischer paused", press(fischer(), "p")
        yield "fischer undo redo", press(fischer(), "u", "r")
        yield "fischer time out", send(fischer(), tick(66.0))
        yield "byo-yomi", send(byo_yomi(), tick(25.0))
        yield "byo-yomi time out", send(byo_yomi(), tick(200.0))
        yield "the computer wins on time", computer_time_out()

    def files() -> Iterator[tuple[str, State]]:
        yield "save error", with_prompt(press(loaded(), "S"), text="g.sgf", fresh=False, error="")
        yield "replay", loaded()
        for name, keys in (("start", ("home",)), ("middle", ("left", "left")), ("jump", (":", "4"))):
            yield f"replay {name}", press(loaded(), *keys)
        yield "replay analysis", press(loaded(), "A")
        yield "replay help", press(loaded(), "?")
        yield "replay of a game", loaded(game=True)
        yield "resume offer", offered(saved())
        yield "notice", initial_state(Settings(), LEVELS, notice="")[0]

    def reviews() -> Iterator[tuple[str, State]]:
        yield "reviewing", reviewing(DECIDED).state
        yield "decided", finished(DECIDED).state
        state = finished(MISSED_WIN).state
        yield "missed win", state
        for key in ("n", "p", "right", "right", "left", "?", "escape"):
            state = press(state, key)
            yield f"missed win {key}", state

    def net_menus() -> Iterator[tuple[str, State]]:
        state = replace(menu_state(name="Ann"), screen=NetMenu())
        for row in range(9):
            yield f"row {row}", state
            yield f"row {row} changed", press(state, "right")
            yield f"row {row} entered", press(state, "enter")
            state = press(state, "down")
        for step in JoinStep:
            yield f"joining {step.name}", replace(menu_state(), screen=Joining(GUEST, step, text="K7QM"))
        yield "hosting", hosting_run().state
        yield "hosting help", press(hosting_run().state, "?")

    def puzzles() -> Iterator[tuple[str, State]]:
        from tests.tui.test_puzzles_state import PUZZLES, samples

        # a puzzle's name and source are shown as its file writes them (like a player's name in a record)
        unnamed = tuple(replace(puzzle, name="", source="") for puzzle in PUZZLES)
        for name, state in samples(unnamed).items():
            yield name, state
            yield f"{name} help", press(state, "?")

    yield "menus", menus
    yield "local", local
    yield "puzzles", puzzles
    yield "openings", openings
    yield "clocks", clocks
    yield "files", files
    yield "reviews", reviews
    yield "network menus", net_menus
    yield "network game", network


GROUPS = dict(scenes())


def leftovers(states: Iterator[tuple[str, State]]) -> list[str]:
    """Each line drawn (or message said) with English in it, with its screen's name; one report per line."""
    found: dict[str, str] = {}
    for name, state in states:
        for rows, cols in ((24, 80), (40, 120)):
            for line in render(state, rows, cols).lines():
                words = english_words(line)
                if words:
                    found.setdefault(" ".join(line.split()), f"{name} ({cols}x{rows}): {words}")
        words = english_words(state.message)
        if words:
            found.setdefault(state.message, f"{name} (message): {words}")
    return [f"{where}\n    {line}" for line, where in found.items()]


@pytest.mark.parametrize("group", list(GROUPS))
def test_no_screen_shows_english_to_a_russian_speaking_player(group: str) -> None:
    with i18n.speaking(Language.RUSSIAN):
        found = leftovers(GROUPS[group]())
    assert not found, "English left on the screen:\n" + "\n".join(found)


@pytest.mark.parametrize("group", ["local", "clocks", "reviews", "network game"])
def test_no_screen_shows_english_to_a_chinese_speaking_player(group: str) -> None:
    with i18n.speaking(Language.CHINESE_SIMPLIFIED):
        found = leftovers(GROUPS[group]())
    assert not found, "English left on the screen:\n" + "\n".join(found)


def test_the_check_finds_english_and_lets_key_names_files_and_codes_be() -> None:
    assert english_words("Black wins by resignation. Победа") == ["Black", "wins", "resignation"]
    assert english_words("Enter ход · Esc назад · файл game.txt · --level hard · код K7QM-4RZT-9X") == []
    assert english_words("python -m gomoku --join 127.0.0.1:5757 --code K7QM-4RZT-9X") == []
    assert english_words("↑/↓ выбор · up down") == ["down"]  # "up" is under three letters: the help shows both


def test_the_command_line_says_argparses_own_words_in_the_language_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse writes "usage:", "options:", its own options' help and its complaints in English: said again."""
    from gomoku import cli

    with i18n.speaking(Language.RUSSIAN):
        for argv in (["--help"], ["--size"], ["--mode", "x"], ["--bogus"], ["--size", "99"], ["--b", "x"]):
            with pytest.raises(SystemExit):
                cli.build_parser().parse_args(argv)
            out, err = capsys.readouterr()
            said = out + err
            for english in ("usage:", "options:", "show this", "version number", "error:", "argument", "invalid"):
                assert english not in said, (argv, english)
            for english in ("expected", "unrecognized", "choose from", "could match"):
                assert english not in said, (argv, english)


def test_the_systems_errors_are_said_in_the_language_in_use_and_english_keeps_the_systems_words() -> None:
    import errno
    import os

    with i18n.speaking(Language.RUSSIAN):
        assert english_words(i18n.os_error_text(FileNotFoundError(errno.ENOENT, "No such file or directory"))) == []
        assert english_words(i18n.os_error_text(errno.ECONNREFUSED)) == []
    with i18n.speaking(Language.ENGLISH):
        assert i18n.os_error_text(errno.ECONNREFUSED) == os.strerror(errno.ECONNREFUSED)
