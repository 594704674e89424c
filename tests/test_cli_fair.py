"""``--opening`` and ``--clock``: parsed and checked where they are typed, carried in the settings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.cli import build_parser, check_fair_play, main
from gomoku.clock import ClockKind
from gomoku.openings import OpeningRule
from gomoku.rules import Rule
from gomoku.tui.options import given_opening_problem, settings_from_args, wants_game
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


# -- issue 28, item 12: a rule and an opening rule that do not go together are refused ---------------------------


@pytest.mark.parametrize("opening", list(OpeningRule))
@pytest.mark.parametrize("rule", list(Rule))
def test_swaps_are_gomoku_openings_and_taraguchi_and_soosorv_renju_ones(opening: OpeningRule, rule: Rule) -> None:
    renju = opening in (OpeningRule.TARAGUCHI10, OpeningRule.SOOSORV8)
    gomoku = opening in (OpeningRule.SWAP1, OpeningRule.SWAP2)
    expected = opening is OpeningRule.NONE or (renju and rule is Rule.RENJU) or (gomoku and rule is not Rule.RENJU)
    argv = ["--opening", opening.value, "--rule", rule.value]
    assert (check_fair_play(build_parser().parse_args(argv)) == "") is expected


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["--opening", "taraguchi10", "--rule", "freestyle"],
            "--opening taraguchi10 is played under renju, not freestyle: change --rule,"
            " or use --opening none, swap1 or swap2 with freestyle",
        ),
        (
            ["--opening", "swap2", "--rule", "renju"],
            "--opening swap2 is played under freestyle, standard or caro, not renju: change --rule,"
            " or use --opening none, taraguchi10 or soosorv8 with renju",
        ),
    ],
)
def test_a_rule_and_an_opening_rule_that_do_not_go_together_are_refused_at_once(argv, words, capsys) -> None:
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2 and words in capsys.readouterr().err


def test_the_menus_remembered_rule_or_opening_rule_is_checked_with_the_one_given() -> None:
    def problem(argv: list[str], **remembered) -> str:
        args = build_parser().parse_args(argv)
        stored = replace(default_settings(("normal",)), **remembered)
        return given_opening_problem(args, settings_from_args(args, stored, ("normal",)))

    assert problem(["--opening", "taraguchi10"], rule=Rule.FREESTYLE) == (
        "--opening taraguchi10 is played under renju, and the rule the menu remembers is freestyle: add --rule renju"
    )
    assert problem(["--rule", "standard"], opening=OpeningRule.SOOSORV8) == (
        "--rule standard does not go with the opening rule the menu remembers (soosorv8, played under renju):"
        " add --opening none, swap1 or swap2"
    )
    assert problem(["--opening", "taraguchi10"], rule=Rule.RENJU) == ""
    assert problem(["--mode", "pvp"], rule=Rule.FREESTYLE, opening=OpeningRule.SOOSORV8) == ""  # the menu's own pair
    assert problem(["--join", "127.0.0.1", "--rule", "renju"], opening=OpeningRule.SWAP2) == ""  # the host decides
