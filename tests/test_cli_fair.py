"""``--opening`` and ``--clock``: parsed and checked where they are typed, carried in the settings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.cli import build_parser, check_fair_play
from gomoku.clock import ClockKind
from gomoku.openings import OpeningRule
from gomoku.rules import Rule
from gomoku.tui.options import settings_from_args, wants_game
from gomoku.tui.settings import Remembered, default_settings


def test_opening_and_clock_reach_the_settings_of_this_run() -> None:
    args = build_parser().parse_args(["--opening", "swap2", "--clock", "5+3"])
    settings = settings_from_args(args, default_settings(("normal",)), ("normal",))
    assert settings.opening is OpeningRule.SWAP2
    assert settings.clock.kind is ClockKind.FISCHER and settings.clock.main == 300 and settings.clock.increment == 3
    # the command line's choices are for this run: a menu change writes only what the menu changed
    stored = default_settings(("normal",))
    remembered = Remembered(stored)
    written = remembered.choose(replace(settings, rule=Rule.RENJU), ("rule",))
    assert written.rule is Rule.RENJU and written.opening is OpeningRule.NONE and written.clock.kind is ClockKind.NONE


def test_no_opening_no_clock_by_default() -> None:
    settings = settings_from_args(build_parser().parse_args([]), default_settings(("normal",)), ("normal",))
    assert settings.opening is OpeningRule.NONE and settings.clock.kind is ClockKind.NONE


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--clock", "5 minutes"], "is not a clock: write none, 5+3"),
        (["--clock", "0+0"], "leaves no time at all"),
        (["--opening", "swap3"], "invalid choice: 'swap3'"),
    ],
)
def test_bad_values_say_what_to_give(argv, words, capsys) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--gomocup", "--opening", "swap2"], "a Gomocup manager sends the opening"),
        (["--join", "127.0.0.1", "--opening", "swap1", "--clock", "30s"], "--opening and --clock: the host chooses"),
    ],
)
def test_options_that_do_not_go_together_are_refused(argv, words) -> None:
    assert words in check_fair_play(build_parser().parse_args(argv))
    assert check_fair_play(build_parser().parse_args(["--opening", "soosorv8", "--rule", "renju"])) == ""


def test_an_opening_rule_starts_a_game_at_once() -> None:
    assert wants_game(build_parser().parse_args(["--opening", "swap2"]))
    assert not wants_game(build_parser().parse_args(["--clock", "5+3"]))


def test_the_host_chooses_the_opening_rule_and_the_clock_of_a_network_game() -> None:
    args = build_parser().parse_args(["--host", "--opening", "swap2", "--clock", "1+2"])
    assert check_fair_play(args) == ""
    from gomoku.ai import LEVELS
    from gomoku.tui.options import network_setup, settings_from_args
    from gomoku.tui.settings import Settings

    setup = network_setup(args, settings_from_args(args, Settings(), tuple(LEVELS)))
    assert setup is not None and setup.opening.value == "swap2" and setup.clock.text() == "1+2"
