"""Issue 30 in the real ``python -m gomoku`` at 80x24, in Chinese, Japanese and Russian.

Each language is chosen another way: Chinese by ``LANG=zh_CN.UTF-8`` (a
locale this machine need not have generated: the game reads the name, and the
board stays Unicode), Japanese by ``--lang ja``, Russian by ``--lang ru``.  The
menu, a renju game refusing a forbidden move, the help, a Swap2 opening, a
clock and the review screen are read as a player reads them.

No translation is written here: each expected text is taken from the catalog
with the msgid the code uses (:meth:`Speaker.say`), and shown to differ from
the English, to be on the screen whole, and the English not to be.  Texts are
compared with :func:`compact`, so nothing depends on where a line wraps; a
text with a placeholder the test cannot know is compared piece by piece
(:func:`pieces`).  pyte clips what is written past the edge, so "no line
wider than the terminal" is read as: the texts whole, every row at most 80
columns (:func:`gomoku.textwidth.width`), no wide character split; and the
board's columns straight (:func:`assert_board_straight`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter

import pytest

from gomoku import i18n
from gomoku.i18n import Language, _, ngettext, pgettext
from gomoku.openings import ordinal
from gomoku.records import GameRecord, parse_moves, write_record
from gomoku.rules import Rule
from gomoku.textwidth import char_width, width
from gomoku.tui.bindings import CURSOR, HELP, KEEP, PLACE_TWO, QUIT, SWAP, UNDO
from gomoku.tui.model import MenuRow
from tests.tui.terminal import ROOT, Terminal, compact

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

ROWS, COLS = 24, 80
#: Black h8, i8, j9, j10 (white far away on the a file): j8 makes two open threes, forbidden in renju.
DOUBLE_THREE = "h8 a1 i8 a3 j9 a5 j10 a7"
#: White's h6 (move 16) hands black a win by fours and threes; black's five on the f file ends it.
DECIDED = "h8 i8 h7 h9 i7 j7 k6 f11 g10 j6 f9 j5 j8 j4 j3 h6 g8 e10 g7 g9 f7 e7 f6 i9 f8 f5 f10"
#: What a board's point can show: the grid's corners, edges and crossings, stones, the forbidden mark.
POINT_GLYPHS = set("┌┬┐├┼┤└┴┘╋●○◉◎×")


@dataclass(frozen=True)
class Speaker:
    """A language and the way the game is told to speak it."""

    language: Language
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)

    def launch(self, launch, *args: str) -> Terminal:  # type: ignore[no-untyped-def]
        return launch(*self.args, *args, rows=ROWS, cols=COLS, **self.env)

    def say(self, english: str, context: str | None = None, same: bool = False) -> str:
        """``english`` from this language's catalog; fails if the catalog lacks it (``same``: a text of
        placeholders alone, which a language may keep as it is)."""
        with i18n.speaking(self.language):
            text = pgettext(context, english) if context else _(english)
        assert same or text != english, f"the {self.language.code} catalog has no {english!r}"
        return text

    def plural(self, singular: str, plural: str, count: int) -> str:
        with i18n.speaking(self.language):
            text = ngettext(singular, plural, count)
        assert text not in (singular, plural), f"the {self.language.code} catalog has no {singular!r}"
        return text

    def speaking(self):  # type: ignore[no-untyped-def]
        return i18n.speaking(self.language)


SPEAKERS = {
    "zh_CN": Speaker(Language.CHINESE_SIMPLIFIED, env={"LANG": "zh_CN.UTF-8"}),
    "ja": Speaker(Language.JAPANESE, ("--lang", "ja")),
    "ru": Speaker(Language.RUSSIAN, ("--lang", "ru")),
}


@pytest.fixture(params=list(SPEAKERS))
def speaker(request: pytest.FixtureRequest) -> Speaker:
    return SPEAKERS[request.param]


# -- reading the screen ----------------------------------------------------------------


def pieces(template: str, **values: object) -> list[str]:
    """``template`` with ``values`` filled in, split where a placeholder is left unfilled, compacted."""
    found, current = [], ""
    for literal, name, spec, _conversion in Formatter().parse(template):
        current += literal
        if name is None:
            continue
        if name in values:
            current += format(values[name], spec or "")
        else:
            found.append(current)
            current = ""
    found.append(current)
    return [compact(piece) for piece in found if compact(piece)]


def shows(game: Terminal, text: str, english: str | None = None, **values: object) -> None:
    """The screen shows ``text`` whole (its pieces around the placeholders not in ``values``) and not ``english``."""
    screen = game.compact()
    for piece in pieces(text, **values):
        assert piece in screen, f"{piece!r} is not whole on the screen:\n{game.text()}"
    if english is not None:
        for piece in pieces(english, **values):
            if len(piece) > 3:  # a word of English, not a point's name or a number
                assert piece not in screen, f"English {piece!r} on the screen:\n{game.text()}"


def assert_fits(game: Terminal) -> None:
    """No row is wider than the terminal, and no wide character is cut in half or left without its room."""
    for y, row in enumerate(game.display()):
        assert width(row) <= COLS, f"row {y} is {width(row)} columns wide: {row!r}"
        cells = game.screen.buffer[y]
        for x in range(COLS):
            data = cells[x].data
            if data and char_width(data[0]) == 2:
                assert x + 1 < COLS, f"a wide {data!r} in the last column of row {y}"
                assert cells[x + 1].data == "", f"the right half of {data!r} at ({y}, {x}) is drawn over"
            elif data == "":
                left = cells[x - 1].data if x else ""
                assert left and char_width(left[0]) == 2, f"half a wide character at ({y}, {x}): {row!r}"


def display_columns(line: str, wanted: set[str]) -> list[int]:
    """The display columns (from the line's start) of the characters of ``line`` in ``wanted``."""
    return [width(line[:index]) for index, char in enumerate(line) if char in wanted]


def assert_board_straight(text: str, size: int = 15) -> None:
    """Every board row's points stand in the display columns of the letters ``a``..``o`` under them.

    A point shows a grid glyph, a stone, a forbidden mark or a number of a
    forced line; the ``─`` between points, a cursor's bracket or a review
    mark never stands in a letter's column, and no grid glyph or stone stands
    outside one.
    """
    lines = text.splitlines()
    letters = "".join(chr(ord("a") + n) for n in range(size))
    label = next((line for line in lines if " ".join(letters) in line), None)
    assert label is not None, f"no column letters on:\n{text}"
    run = label.index(" ".join(letters)) + len(" ".join(letters))  # the letters' own run, not the panel beside them
    columns = display_columns(label[:run], set(letters))
    assert len(columns) == size
    first, last = columns[0], columns[-1]
    rows = {}
    for line in lines:
        match = re.match(r"\s*(\d{1,2}) ", line)
        if match and 1 <= int(match.group(1)) <= size and len(line) > last:
            rows[int(match.group(1))] = line
    assert sorted(rows) == list(range(1, size + 1)), f"board rows {sorted(rows)} on:\n{text}"
    for number, line in rows.items():
        board = "".join(char for char in line if width(line[: line.index(char)]) <= last)
        glyphs = [col for col in display_columns(board, POINT_GLYPHS) if first <= col <= last]
        assert set(glyphs) <= set(columns), f"row {number}: a glyph off the letters' columns:\n{label}\n{line}"
        for col in columns:
            shown = board[[width(board[:i]) for i in range(len(board))].index(col)]
            assert shown in POINT_GLYPHS or shown.isdigit(), f"row {number}, column {col}: {shown!r}\n{label}\n{line}"


def record(home: Path, name: str, moves: str, rule: Rule = Rule.FREESTYLE) -> str:
    write_record(home / name, GameRecord(rule=rule, moves=tuple(parse_moves(moves))))
    return name


def settle(game: Terminal, quiet: float = 0.3) -> str:
    """Read until the program has written nothing for ``quiet`` seconds (the frame is whole); the screen."""
    while game.pump(quiet):
        pass
    return game.text()


def status(game: Terminal) -> str:
    return game.display()[ROWS - 2]


# -- the flows --------------------------------------------------------------------------


def test_the_menu(launch, speaker: Speaker) -> None:
    new = speaker.say("New game", "menu")
    game = speaker.launch(launch)
    game.wait_for(new)
    settle(game)
    rows = [MenuRow.NEW, MenuRow.MODE, MenuRow.BLACK, MenuRow.RULE, MenuRow.SIZE, MenuRow.LEVEL, MenuRow.THINK]
    rows += [MenuRow.PONDER, MenuRow.COACH, MenuRow.OPENING, MenuRow.CLOCK, MenuRow.LANGUAGE]
    rows += [MenuRow.HISTORY, MenuRow.NETWORK, MenuRow.LOAD, MenuRow.QUIT]
    for row in rows:
        shows(game, speaker.say(row.value, "menu"))
    for english in (
        "Gomoku: five in a row",
        "Start a game with the choices below.",  # what the New game row does
        "automatic (from the environment)",
        "up/down choose",
        "left/right change",
        "Enter starts",  # the keys in one line at 80x24 since the history row (L load is in the help)
        "? help",
        "q quit",
    ):
        shows(game, speaker.say(english), english)
    assert "New game" not in game.text() and "Board size" not in game.text()
    assert_fits(game)
    game.send("q")
    assert game.wait_exit() == 0


def test_a_renju_game_refuses_a_forbidden_move(launch, home: Path, speaker: Speaker) -> None:
    name = record(home, "double-three.sgf", DOUBLE_THREE, Rule.RENJU)
    game = speaker.launch(launch, "--mode", "pvp", "--load", name)
    loaded = speaker.plural(
        "{name}: {count} move. Left/right step, Enter plays on.",
        "{name}: {count} moves. Left/right step, Enter plays on.",
        8,
    )
    game.wait_for(compact(loaded.format(name=name, count=8)))
    game.send("\r")
    playing = speaker.say("Playing on after move {number}, {mode}.")
    game.wait_for(lambda text: all(piece in compact(text) for piece in pieces(playing, number=8)))
    game.send("l" * 9 + "k")  # from a7, the last move, to j8
    game.send("\r")
    english = "{point} is forbidden for black (double-three): pick another point"
    refusal = speaker.say(english).format(point="j8")
    game.wait_for(compact(refusal))
    text = settle(game)
    shows(game, refusal, english, point="j8")
    with speaker.speaking():
        shows(game, Rule.RENJU.said())
    assert "forbidden" not in text
    assert "┼" in text and "●" in text and "×" in text, "the Unicode board, with j8 marked forbidden"
    assert_board_straight(text)
    assert_fits(game)
    game.send("qy")
    assert game.wait_exit() == 0


def test_the_help(launch, speaker: Speaker) -> None:
    game = speaker.launch(launch, "--mode", "pvp", "--rule", "renju")
    hello = "Black moves first. Arrows move, Enter plays, ? for help."
    game.wait_for(speaker.say(hello))
    assert_board_straight(settle(game))
    game.send("?")
    closing = speaker.say("Any key closes this help.")
    game.wait_for(closing)
    settle(game)
    shows(game, speaker.say("Keys"))
    shows(game, speaker.say("A key does the same in a local and a network game."))
    for binding in (CURSOR, UNDO, HELP, QUIT):
        shows(game, speaker.say(binding.help), binding.help)
    shows(game, speaker.say("arrows hjkl wasd"), "arrows hjkl wasd")
    assert "Any key closes this help." not in game.flat()
    assert_fits(game)
    game.send("x")
    game.wait_for(lambda text: compact(closing) not in compact(text))
    game.send("qy")
    assert game.wait_exit() == 0


def test_a_swap2_opening(launch, speaker: Speaker) -> None:
    game = speaker.launch(launch, "--mode", "pvp", "--rule", "standard", "--opening", "swap2")
    english = "place the {ordinal} stone anywhere"
    with speaker.speaking():
        first = ordinal(1)
    assert first != "1st"
    place = speaker.say(english).format(ordinal=first)
    game.wait_for(place)
    assert "place the" not in game.text()
    game.send("\r")  # h8
    game.send("k\r")  # h9, white
    game.send("l\r")  # i9, black: the second player chooses
    english = "swap to black, stay white or place two more"
    choice = speaker.say(english)
    game.wait_for(choice)
    text = settle(game)
    shows(game, choice, english)
    for binding in (SWAP, KEEP, PLACE_TWO):
        shows(game, speaker.say(binding.short), binding.short)
    assert compact(choice) in compact(status(game)), "the whole prompt on the status line"
    assert_board_straight(text)
    assert_fits(game)
    game.send("q")
    game.wait_for(speaker.say("Quit this game?"))


def test_a_clock(launch, speaker: Speaker) -> None:
    game = speaker.launch(launch, "--mode", "pvp", "--clock", "5+3")
    game.wait_for(lambda text: "● 5:00" in text and "○ 5:00" in text)
    game.send("\r")  # h8: white's clock runs
    with speaker.speaking():
        rule = Rule.FREESTYLE.said()
    move = speaker.say("move {number}").format(number=2)
    last = speaker.say("last: {colour} {point}").format(colour=speaker.say("black", "stone"), point="h8")
    game.wait_for(lambda text: compact(move) in compact(text) and "○ 4:" in text)
    text = settle(game)
    line = status(game)
    assert "● 5:00" in line and re.search(r"○ 4:\d\d", line), line
    turn = speaker.say("{side} to play")
    shows(game, turn, "{side} to play")
    words = line[: line.index("● 5:00")].strip()
    parts = words.split(" · ")
    # the parts that fit beside the clocks, each whole: Russian's last move gives way (words.fitted)
    assert parts[1:] in ([rule, move, last], [rule, move]), f"a part of the status line is cut: {line!r}"
    assert_board_straight(text)
    assert_fits(game)
    game.send("qy")
    assert game.wait_exit() == 0


def test_the_review_screen(launch, home: Path, speaker: Speaker) -> None:
    name = record(home, "decided.sgf", DECIDED)
    game = speaker.launch(launch, "--load", name)
    game.wait_for(lambda text: "f10" in text and "a b c" in text)
    game.send("R")
    # how many moments depends on the analyst's 0.1 s readings (moves marked by their cost): any count, its plural form
    forms = [
        speaker.plural(
            "Review done: {count} marked moment. n/p moments, left/right line.",
            "Review done: {count} marked moments. n/p moments, left/right line.",
            count,
        )
        for count in range(1, 10)
    ]
    game.wait_for(lambda text: any(all(piece in compact(text) for piece in pieces(done)) for done in forms), timeout=30)
    text = settle(game)
    with speaker.speaking():
        rule = Rule.FREESTYLE.said()
    english = "review · analyst {analyst} · {rule} {size}"
    shows(game, speaker.say(english).format(analyst="hard", rule=rule, size="15x15"))
    shows(game, speaker.say("Decided at move {number}"), "Decided at move {number}", number=16)
    shows(game, speaker.say("moves {first}-{last}"), "moves {first}-{last}", first=1, last=27)
    label = speaker.say("{mark} {number}. {colour} {point} {what}", same=True).format(
        mark="X", number=16, colour=speaker.say("white", "stone"), point="h6", what=speaker.say("decisive")
    )
    shows(game, label)
    english = "Move {number}, white {point}: black now wins by {handed}"
    shows(game, speaker.say(english), english, number=16, point="h6")
    english = "Moment {number} of {count} · {moment} · line {step} of {total} · black wins"
    moment = speaker.say(english)
    shows(game, moment, english)
    for piece in pieces(moment):
        assert piece in compact(status(game)), f"{piece!r} is cut from the status line: {status(game)!r}"
    assert "decisive" not in text and "Review done" not in text
    assert_board_straight(text)
    assert_fits(game)
    game.send("q")  # a replay's review: no game in progress, so no question
    assert game.wait_exit() == 0


def test_the_command_line_help_fits_80_columns_in_chinese(home: Path) -> None:
    environment = {key: value for key, value in os.environ.items() if key not in ("LANGUAGE", "LC_ALL", "LINES")}
    environment.update(COLUMNS="80", GOMOKU_HOME=str(home), PYTHONPATH=str(ROOT), LANG="C.UTF-8")
    done = subprocess.run(
        [sys.executable, "-m", "gomoku", "--lang", "zh_CN", "--help"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=home,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    wide = [line for line in done.stdout.splitlines() if width(line) > COLS]
    assert not wide, "lines wider than 80 columns:\n" + "\n".join(wide)
    chinese = SPEAKERS["zh_CN"]
    out = compact(done.stdout)
    for english in ("Gomoku and renju in the terminal.", "the rule", "examples:"):
        assert compact(chinese.say(english)) in out
    assert compact(chinese.say("open the menu (it remembers your last choices)")) in out
    assert "Gomoku and renju" not in done.stdout
