"""The command line speaks the player's language: ``--help``'s texts and the errors, through the catalog.

argparse's own words ("usage:", "options:", "error:" and its complaints) are
said again from the game's catalog (``gomoku.cli.said_error``), like ours.  A fake catalog marks every text
it translates with ``«…»``, so a text that comes out marked went through it.
Option names, choices and the example commands stay as they are typed.
"""

from __future__ import annotations

import gettext

import pytest

from gomoku import cli, i18n
from gomoku.textwidth import width
from tests.i18n_fakes import FakeTranslations


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every language's catalog is the fake one: ``--lang ru`` (read before the parser is built) speaks it."""
    monkeypatch.setenv("COLUMNS", "400")  # one line per help text: the marks are not wrapped apart
    monkeypatch.setattr(i18n, "catalog", lambda language: FakeTranslations())


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    out, err = capsys.readouterr()
    return int(stop.value.code or 0), out, err


def test_help_shows_our_texts_translated_and_the_options_as_typed(marked, capsys) -> None:
    status, out, _err = run(["--lang", "ru", "--help"], capsys)
    assert status == 0
    assert "«Gomoku and renju in the terminal.»" in out
    assert "«the rule»" in out and "--rule {freestyle,standard,renju,caro}" in out
    assert "«board size, 5 to 25»" in out  # the placeholders filled after translation
    assert "«review a game»:" in out and "«network play»:" in out  # group titles
    assert "«host a game for another player to join (port 5757 unless given);" in out
    assert "«examples:»" in out
    assert "  python -m gomoku --join 192.168.1.5:5757 --code K7QM-4RZT-9X   «join it»" in out
    assert "  python -m gomoku --mode pvc --rule renju --level normal --black human\n" in out


def test_an_error_a_player_reads_is_translated(marked, capsys) -> None:
    status, _out, err = run(["--lang", "ru", "--host", "--join", "127.0.0.1"], capsys)
    assert status == 2
    assert "«--host and --join do not go together: one side hosts, the other joins»" in err
    status, _out, err = run(["--lang", "ru", "--size", "3"], capsys)
    assert status == 2 and "«board size must be 5 to 25»" in err
    status, _out, err = run(["--lang", "ru", "--join", "127.0.0.1", "--opening", "swap1", "--clock", "30s"], capsys)
    assert "««--opening and --clock»: the host chooses the opening rule and the clock: leave" in err


def test_english_help_is_unchanged_by_the_marking(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    _status, out, _err = run(["--help"], capsys)
    assert "«" not in out
    assert "  python -m gomoku                          open the menu (it remembers your last choices)" in out


def test_a_percent_sign_in_a_translation_is_shown_as_written(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    class Percent(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "100% " + message

    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setattr(i18n, "catalog", lambda language: Percent())
    status, out, _err = run(["--lang", "vi", "--help"], capsys)
    assert status == 0 and "100% the rule" in out


@pytest.mark.parametrize("language", ["en", "ja", "ru", "zh_CN"])
def test_help_fits_80_columns_in_every_line(language: str, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _status, out, _err = run(["--lang", language, "--help"], capsys)
    assert [line for line in out.splitlines() if width(line) > 80] == []
    assert "  python -m gomoku --mode pvc --rule renju --level normal --black human\n" in out  # commands whole
    assert "--review game.sgf --sgf reviewed.sgf\n" in out  # too long for its description beside it: under it
