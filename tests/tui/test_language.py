"""Choosing the language (issue 30): the remembered setting, ``--lang``, the menu's Language row, and the
terminal game's words going through the catalog.

Real catalogs are empty until the translations land, so the words are shown to go through the catalog with a
fake one that wraps every text in ``«…»`` (and picks a plural form by the count).
"""

from __future__ import annotations

import gettext
import json
from dataclasses import replace
from pathlib import Path

import pytest

from gomoku import cli, i18n
from gomoku.i18n import Language, pgettext
from gomoku.rules import Stone
from gomoku.tui import texts
from gomoku.tui.bindings import HELP, QUIT, UNDO, elsewhere, help_rows, key_line
from gomoku.tui.effects import SaveSettings, Speak
from gomoku.tui.model import Menu, MenuRow
from gomoku.tui.performer import Performer
from gomoku.tui.settings import RULE_TEXT, Settings, read_settings, save_settings
from tests.tui.helpers import LEVELS, Run, menu_state, play_at, start
from tests.tui.terminal import flatten
from tests.tui.test_view import flat, render


class Anything:
    """Stands in for the performer's workers: every method does nothing (only :class:`Speak` is performed)."""

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return lambda *args, **kwargs: None


def performer() -> Performer:
    return Performer(Anything(), Anything(), Anything())  # type: ignore[arg-type]


class Wrapped(gettext.NullTranslations):
    """A catalog that translates every text by wrapping it in ``«…»``: what a player sees went through it."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def wrapped(monkeypatch: pytest.MonkeyPatch, english: None) -> None:
    """Every language but English speaks through :class:`Wrapped`; Russian is spoken now."""
    monkeypatch.setattr(
        i18n, "catalog", lambda language: gettext.NullTranslations() if language is Language.ENGLISH else Wrapped()
    )
    i18n.activate(Language.RUSSIAN)


# -- the remembered setting ---------------------------------------------------------


def test_the_language_is_remembered_by_its_code(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(language=Language.CHINESE_SIMPLIFIED), path, LEVELS)
    assert json.loads(path.read_text())["language"] == "zh_CN"
    assert read_settings(LEVELS, path) == (Settings(language=Language.CHINESE_SIMPLIFIED), "")
    save_settings(Settings(), path, LEVELS)
    assert json.loads(path.read_text())["language"] is None  # the environment's
    assert read_settings(LEVELS, path) == (Settings(), "")


@pytest.mark.parametrize("value", ["xx", "zh-CN", 7, ["ru"]])
def test_a_language_this_version_does_not_speak_is_said_and_the_environments_used(tmp_path: Path, value) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"rule": "renju", "language": value}))
    settings, problem = read_settings(LEVELS, path)
    assert settings.language is None and settings.rule.value == "renju"
    assert f"language {json.dumps(value) if not isinstance(value, list) else 'list'}" in problem
    assert "kept aside" in problem


def test_only_a_language_picked_in_the_menu_is_written() -> None:
    from gomoku.tui.settings import Remembered

    remembered = Remembered(Settings())
    chosen = replace(Settings(), language=Language.KOREAN, size=9)
    assert remembered.choose(chosen, ("language",)) == Settings(language=Language.KOREAN)


# -- --lang ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "language"),
    [
        ("ru", Language.RUSSIAN),
        ("zh_CN", Language.CHINESE_SIMPLIFIED),
        ("zh-CN", Language.CHINESE_SIMPLIFIED),
        ("zh_cn", Language.CHINESE_SIMPLIFIED),
        ("zh-TW", Language.CHINESE_TRADITIONAL),
        ("en", Language.ENGLISH),
    ],
)
def test_lang_takes_a_code(given: str, language: Language) -> None:
    assert cli.build_parser().parse_args(["--lang", given]).lang is language
    assert cli.build_parser().parse_args([]).lang is None


def test_an_unknown_lang_lists_the_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["--lang", "klingon"])
    error = capsys.readouterr().err
    assert "--lang" in error and "'klingon'" in error
    assert all(language.code in error for language in Language)


def test_the_language_of_a_run_lang_then_the_menus_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    for variable in i18n.ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert cli.choose_language([]) is Language.JAPANESE and i18n.active() is Language.JAPANESE
    save_settings(Settings(language=Language.KOREAN), tmp_path / "settings.json")
    assert cli.choose_language(["--mode", "pvp"]) is Language.KOREAN
    assert cli.choose_language(["--mode", "pvp", "--lang", "vi"]) is Language.VIETNAMESE
    assert cli.choose_language(["--lang=zh-TW"]) is Language.CHINESE_TRADITIONAL
    assert cli.choose_language(["--lang"]) is Language.KOREAN  # left to the full parser to report
    assert cli.choose_language(["--lang", "xx"]) is Language.KOREAN


def test_lang_speaks_before_the_help_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], wrapped: None
) -> None:
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    i18n.activate(Language.ENGLISH)
    with pytest.raises(SystemExit):
        cli.main(["--lang", "ru", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "«the language to speak for this run: en, zh_CN" in out
    assert i18n.active() is Language.RUSSIAN


# -- the menu's Language row ---------------------------------------------------------------


def test_the_language_row_goes_round_the_languages_and_speaks_at_once(english: None) -> None:
    state = replace(menu_state(), screen=Menu(MenuRow.LANGUAGE))
    assert "Language < automatic (from the environment) >" in flat(render(state))
    run = Run(state).press("left")
    assert run.state.settings.language is Language.VIETNAMESE
    assert run.of(Speak) == [Speak(Language.VIETNAMESE)]
    assert run.of(SaveSettings)[-1].chosen == ("language",)
    assert "< Tiếng Việt >" in flat(render(run.state))
    run.press("left", "left")
    assert "< 한국어 >" in flat(render(run.state))  # Russian, then Korean: by the native name
    run.press("right", "right", "right")
    assert run.state.settings.language is None


def test_the_language_row_is_left_out_of_the_menu_opened_from_a_game() -> None:
    from gomoku.tui.screens import menu

    state = start()
    assert MenuRow.LANGUAGE in menu.rows(state, Menu())
    assert MenuRow.LANGUAGE not in menu.rows(state, Menu(back=state.screen))  # type: ignore[arg-type]


def test_speak_activates_the_language_and_automatic_is_the_environments(
    monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    for variable in i18n.ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "ru:en")
    performer().perform((Speak(Language.JAPANESE),))
    assert i18n.active() is Language.JAPANESE
    performer().perform((Speak(None),))
    assert i18n.active() is Language.RUSSIAN


def test_the_menu_redraws_in_the_language_picked(wrapped: None) -> None:
    i18n.activate(Language.ENGLISH)
    state = replace(menu_state(), screen=Menu(MenuRow.LANGUAGE))
    run = Run(state).press("left", "left")  # Vietnamese, then Russian
    performer().perform(tuple(run.of(Speak)))
    shown = flat(render(run.state))
    assert "«Language»" in shown and "«New game»" in shown and "< Русский >" in shown
    assert "«The language gomoku speaks" in shown


# -- the game's words through the catalog ------------------------------------------------------


def test_the_key_line_and_the_help_are_said_in_the_language_in_use(wrapped: None) -> None:
    assert key_line((UNDO, HELP, QUIT)) == ["«u undo»", "«? help»", "«q quit»"]
    assert help_rows((UNDO,)) == [("u", f"«{UNDO.help}»")]
    state = replace(start(), message="")
    bottom = render(state).lines()[-1]
    assert "«Enter play»" in bottom and "«u undo»" in bottom
    assert elsewhere("G", network=False) == "««G resign»: only in network games (? lists this game's keys).»"


def test_the_endings_and_counts_are_whole_sentences_in_the_language_in_use(wrapped: None) -> None:
    state = play_at(start(), "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8")
    game = state.screen.game  # type: ignore[union-attr]
    assert texts.result_text(game) == "«Black wins with five in a row: h8-l8.»"
    assert texts.ended_text(game) == "«Black wins with five in a row: h8-l8.» «Game over after 9 moves.»"
    assert texts.moves_text(1) == "«1 move»"
    assert texts.side_name(game, Stone.WHITE, "player 2") == "«{side} ({player})»".replace("{side}", "«White»").replace(
        "{player}", "player 2"
    )
    assert texts.sentence("c3 is taken") == "«c3 is taken.»"
    assert texts.sentence("the host left") == "«the host left.»", "no English capital for another language"
    assert RULE_TEXT[state.settings.rule] == "«five or more in a row wins»"


def test_english_stays_as_it_was(english: None) -> None:
    state = play_at(start(), "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8")
    game = state.screen.game  # type: ignore[union-attr]
    assert texts.ended_text(game) == "Black wins with five in a row: h8-l8. Game over after 9 moves."
    assert texts.sentence("the host left") == "The host left."
    assert texts.moves_text(2) == "2 moves"


# -- the real program -------------------------------------------------------------------


def test_picking_a_language_in_the_menu_shows_it_and_remembers_it(launch, home: Path) -> None:
    with i18n.speaking(i18n.Language.RUSSIAN):
        language, new_game = pgettext("menu", "Language"), pgettext("menu", "New game")
    assert language != "Language" and new_game != "New game"  # the Russian catalog has both
    game = launch()
    game.wait_for("New game")
    game.send("k" * 5)  # up from New game, round the bottom: Quit, Load, Network, Puzzles, Language
    game.wait_for(lambda text: "< automatic (from the environment) >" in flatten(text))
    game.send("hh")  # Tiếng Việt, then Русский: the menu redraws in Russian at once
    game.wait_for(lambda text: f"{language} < Русский >" in flatten(text))
    assert new_game in flatten(game.text())
    game.send("q")  # no game in progress: quits at once
    assert game.wait_exit() == 0
    assert json.loads((home / "settings.json").read_text())["language"] == "ru"
    again = launch()
    shown = again.wait_for(lambda text: f"{language} Русский" in flatten(text))
    assert new_game in flatten(shown) and "New game" not in flatten(shown)
