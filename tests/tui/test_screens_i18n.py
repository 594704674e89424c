"""The screens speak the language in use, and their layouts hold a language whose words are wider.

Real catalogs are empty until the translations land, so these tests swap the
catalog for fakes (:data:`gomoku.i18n._speaker`): the shared one
(:mod:`tests.i18n_fakes`) wraps every text in ``«…»`` (a text that comes out
wrapped went through the catalog; its placeholders are filled after), this
module's writes every letter in its full-width form (U+FF21 for ``A``), so
each text takes twice its columns: every screen drawn at 80x24 must still
keep each line inside the window, cut by columns, never through a wide
character, with the text that matters first.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from dataclasses import replace

import pytest

from gomoku import i18n, textwidth
from gomoku.i18n import Language
from gomoku.rules import Rule
from gomoku.tui import draw
from gomoku.tui.model import Joining, JoinStep, NetMenu, State
from gomoku.tui.screens import game, menu, netgame, review
from gomoku.tui.settings import Mode
from tests.i18n_fakes import FakeTranslations, use_fake
from tests.tui.helpers import loaded, menu_state, play_at, press, start
from tests.tui.netplay import Match
from tests.tui.test_network_state import GUEST, hosting_run
from tests.tui.test_review_screen import DECIDED, finished, panel
from tests.tui.test_view import flat, render


def widened(text: str) -> str:
    """``text`` with its ASCII letters in their full-width forms (U+FF21..), placeholders left as they are."""
    out, depth = [], 0
    for char in text:
        depth += char == "{"
        if not depth and char.isascii() and char.isalpha():
            char = chr(ord(char) + 0xFEE0)
        depth -= char == "}"
        out.append(char)
    return "".join(out)


class Wide(gettext.NullTranslations):
    """Every text twice as wide: a stress test of the layouts sized for English."""

    def gettext(self, message: str) -> str:
        return widened(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return widened(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return widened(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return widened(singular if n == 1 else plural)


@pytest.fixture
def wrapped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The shared fake catalog (every text in ``«…»``) spoken as Russian would be."""
    with i18n.speaking(Language.RUSSIAN):
        use_fake(monkeypatch)
        yield


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int, str]]]:
    """The wide catalog in use; yields the texts drawn past the window's right edge (clipped by ``draw.put``)."""
    clipped: list[tuple[int, int, str]] = []
    put = draw.put

    def watched(win, y: int, x: int, text: str, attr: int = 0) -> None:  # type: ignore[no-untyped-def]
        rows, cols = win.getmaxyx()
        if text and 0 <= y < rows and max(0, x) + textwidth.width(text) > cols:
            clipped.append((y, x, text))
        put(win, y, x, text, attr)

    monkeypatch.setattr(draw, "put", watched)
    with i18n.speaking(Language.JAPANESE):
        monkeypatch.setattr(i18n._speaker, "translations", Wide())
        yield clipped


# -- through the catalog -------------------------------------------------------------------------------


def test_the_menu_is_drawn_in_the_language_in_use(wrapped: None) -> None:
    text = flat(render(press(menu_state(rule=Rule.RENJU), "down", "down", "down")))
    assert "«Gomoku: five in a row»" in text
    assert "«New game»" in text and "«Board size»" in text and "«Quit»" in text  # the rows (context "menu")
    assert "«human»" in text and "«renju»" in text and "«off»" in text  # the values the player reads
    assert "«Quit»" in text and "Quit" not in text.replace("«Quit»", "")  # no English label left beside it


def test_the_menu_explains_the_chosen_row_in_a_whole_sentence_with_its_numbers_filled_in(wrapped: None) -> None:
    state = chosen(menu_state(), menu.MenuRow.SIZE)
    text = flat(render(state))
    assert "«Sizes 5 to" in text and "fit this 80x24 terminal.»" in text and "{" not in text


def test_the_help_is_drawn_in_the_language_in_use(wrapped: None) -> None:
    text = flat(render(press(start(), "?"), 40, 100))
    assert "«Keys»" in text and "«Rules»" in text and "«Any key closes this help.»" in text
    assert "«A key does the same in a local and a network game.»" in text
    assert "«freestyle»" in text and "«renju»" in text  # the rules' names (context "rule")
    assert "«● black ○ white ◉◎ last move × forbidden (renju) ◇ hint»" in text or "«X black" in text


def test_the_review_screen_is_drawn_in_the_language_in_use(wrapped: None) -> None:
    state = finished(DECIDED).state
    text = flat(render(state, 30, 100))
    assert "«Decided at move 16»" in text  # the verdict, its number filled in
    assert "«moves 1-27»" in text  # the graph's heading
    assert "«X 16. «white» h6 «decisive»»" in text  # the moment: its colour and its mark said in words
    assert "«Moment 1 of 1 · «X 16. «white» h6 «decisive»» · line 11 of 11 · black wins»" in text
    assert "«review · analyst hard · «freestyle» 15x15»" in text
    assert state.message == "«Review done: 1 marked moment. n/p moments, left/right line.»"


def test_a_finished_review_counts_its_moments_with_the_catalogs_plural(monkeypatch: pytest.MonkeyPatch) -> None:
    class Counting(FakeTranslations):
        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return "{count} MOMENT" if n == 1 else "{count} MOMENTS"

    monkeypatch.setattr(i18n._speaker, "translations", Counting())
    assert finished(DECIDED).state.message == "1 MOMENT"


def test_the_game_screens_say_their_turn_and_their_messages_in_the_language_in_use(wrapped: None) -> None:
    state = play_at(start(), "h8")
    text = flat(render(state))
    assert "«move {number}»" not in text and "«move 2»" in text and "«last: «black» h8»" in text
    assert game.header_info(state.screen.game) == "«two players» · «freestyle» 15x15"  # type: ignore[union-attr]
    undone = press(state, "u")
    assert undone.message == "«Took back h8 (r redoes).»"


def test_an_offer_is_said_in_a_whole_sentence_of_its_own_kind(wrapped: None) -> None:
    match = Match.start()
    match.play(Role_HOST := netgame.Role.HOST, "e5")
    match.press(Role_HOST, "u")
    assert match.guest.message == "«Hana asks to take back a move: y accepts, n declines.»"
    assert match.host.message == "«Asked Gil to take back a move: waiting for the answer.»"


# -- twice as wide: every screen at 80x24 --------------------------------------------------------------


def screens() -> Iterator[tuple[str, State]]:
    """A state of each screen and overlay, at a moment with the most to say."""
    yield "menu", menu_state()
    state = menu_state()
    for step in range(18):  # every row's explanation
        state = press(state, "down")
        yield f"menu row {step}", state
    yield "watch menu", menu_state(mode=Mode.CVC)
    played = play_at(start(mode="pvc", black="human"), "h8")
    yield "game", played
    yield "two players", play_at(start(), "h8", "j9")
    yield "help", press(played, "?")
    yield "menu help", press(menu_state(), "?")
    yield "quit", press(played, "q")
    yield "save", press(played, "S")
    yield "load", press(played, "L")
    yield "replay", loaded()
    yield "replay start", press(loaded(), "home")
    yield "replay jump", press(loaded(), ":", "4")
    yield "review", finished(DECIDED).state
    yield "network menu", replace(menu_state(name="Ann"), screen=NetMenu())
    yield "joining", replace(menu_state(), screen=Joining(GUEST, JoinStep.CODE, text="K7QM"))
    yield "joining failed", replace(menu_state(), screen=Joining(GUEST, JoinStep.FAILED, error="Refused."))
    yield "hosting", hosting_run().state
    match = Match.start()
    match.play_all(["e5", "e6", "f5"])
    yield "network game", match.host.run.state
    match.press(netgame.Role.HOST, "u")
    yield "network offer", match.guest.run.state


@pytest.mark.parametrize("name", [name for name, _state in screens()])
def test_every_screen_keeps_texts_twice_as_wide_inside_an_80x24_window(
    name: str, wide: list[tuple[int, int, str]]
) -> None:
    state = dict(screens())[name]
    window = render(state, 24, 80)  # the fake window fails on a line drawn past its edge
    assert all(textwidth.width(line) == 80 for line in window.lines())
    assert wide == [], f"{name}: texts cut by the window's edge instead of by the layout: {wide}"


def test_the_menu_measures_its_labels_column_from_the_translated_labels(wide: list[tuple[int, int, str]]) -> None:
    listed = menu.rows(menu_state(), menu.Menu())
    english = [row.value for row in listed if row not in menu.ACTIONS]
    assert menu.label_column(listed, 54) == 27  # the widest label twice as wide, held to half the box
    row = next(line for line in render(menu_state(), 24, 80).lines() if "Ｍｏｄｅ" in line)
    gap = textwidth.width(row[: row.index("ｈｕｍａｎ")]) - textwidth.width(row[: row.index("Ｍｏｄｅ")])
    assert gap == 28 + 2  # the labels' column in the 56 columns inside the box at 80x24, and two spaces
    with i18n.speaking(Language.ENGLISH):  # English keeps the column it always had
        assert menu.label_column(listed, 54) == menu.LABEL_COLUMN == max(map(len, english)) + 2


def chosen(state: State, row: menu.MenuRow) -> State:
    """The menu with the cursor on ``row``."""
    for _step in range(30):
        if menu.selected(state, state.screen) is row:  # type: ignore[arg-type]
            return state
        state = press(state, "down")
    raise AssertionError(f"no row {row} in the menu")


def test_a_long_explanation_is_cut_with_an_ellipsis_not_lost(wide: list[tuple[int, int, str]]) -> None:
    state = chosen(menu_state(mode=Mode.PVC, level="hard"), menu.MenuRow.PONDER)
    text = flat(render(state, 24, 80))
    assert "Ｏｎ: ｔｈｅ ｃｏｍｐｕｔｅｒ" in text and "..." in text


def test_the_review_panel_wraps_the_moment_rather_than_cutting_it(wide: list[tuple[int, int, str]]) -> None:
    text = panel(finished(DECIDED).state, 24, 80).replace(" ", "")  # wide words break anywhere
    assert "X16.ｗｈｉｔｅh6ｄｅｃｉｓｉｖｅ" in text
    assert review.MARK_WORDS[review.Mark.DECISIVE] == "decisive"  # marked only: translated where shown
