"""``gomoku match``: the games a match plays, its openings, its records, outside engines that fail, and its errors.

Levels play on tiny node budgets (the same games on any machine, however
loaded); outside engines are the fake Gomocup engine beside the engine tests
(``tests/engines/fake_engine.py``), run through a small executable script as
a real ``pbrain-*`` program would be.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from gomoku.cli import main
from gomoku.match import Contender, MatchPlan, MatchState, OpeningsError, OpeningSet, named_openings, run_match
from gomoku.match.openings import (
    OUTSIDE_RULES,
    OUTSIDE_SET_SIZE,
    OUTSIDE_SETS,
    parse_openings,
    shipped_openings,
)
from gomoku.openings import board_symmetries
from gomoku.point import Point
from gomoku.records import read_record
from gomoku.rules import Rule, Stone
from gomoku.sprt import Sprt, Verdict

FAKE = Path(__file__).parent / "engines" / "fake_engine.py"
#: Two searching levels on a few hundred nodes a move: quick, and the same games on any machine.
STRONG = Contender("strong", level="strong", nodes=150)
CLUB = Contender("club", level="club", nodes=80)


def engine(tmp_path: Path, mode: str, name: str = "") -> Path:
    """An executable ``pbrain-fake-MODE`` that runs the fake engine in ``mode``."""
    path = tmp_path / (name or f"pbrain-fake-{mode}")
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE}" {mode} "$@"\n', encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def games_of(state: MatchState) -> list[tuple[int, str, str, tuple[Point, ...], str]]:
    """Each game as data, in the plan's order: number, black, white, moves, result."""
    return sorted(
        (o.spec.number, o.record.black, o.record.white, o.record.moves, o.record.result) for o in state.outcomes
    )


def plan(games: int = 4) -> MatchPlan:
    openings = named_openings("balanced", 15, Rule.FREESTYLE, 0, 0)
    return MatchPlan(STRONG, CLUB, tuple(tuple(o) for o in openings), games, seed=7)


# -- the games ------------------------------------------------------------------------


def test_a_match_with_node_budgets_and_a_seed_plays_the_same_games_twice() -> None:
    first = run_match(MatchState(plan()))
    second = run_match(MatchState(plan()))
    assert games_of(first) == games_of(second)
    assert len(games_of(first)) == 4


def test_several_games_at_once_play_the_very_games_one_at_a_time_plays() -> None:
    assert games_of(run_match(MatchState(plan()), concurrency=2)) == games_of(run_match(MatchState(plan())))


def test_each_opening_is_played_twice_with_colours_swapped() -> None:
    state = run_match(MatchState(plan()))
    openings = plan().openings
    for number, black, white, moves, _result in games_of(state):
        assert moves[:3] == openings[number // 2]
        assert (black, white) == (("strong", "club") if number % 2 == 0 else ("club", "strong"))


def test_the_tally_counts_from_the_first_players_side_whatever_its_colour() -> None:
    state = run_match(MatchState(plan()))
    won = sum(
        1 for _n, black, white, _m, result in games_of(state) if result.startswith("B+" if black == "strong" else "W+")
    )
    assert state.tally.wins == won
    assert state.tally.games == 4


def test_a_seed_changes_the_games_of_a_level_that_draws_its_choices() -> None:
    """novice plays loose moves by its random source: another seed, other games."""
    novice = Contender("novice", level="novice")
    easy = Contender("easy", level="easy")
    openings = ((Point(7, 7), Point(8, 8), Point(6, 8)),)
    one = run_match(MatchState(MatchPlan(novice, easy, openings, 2, seed=1)))
    other = run_match(MatchState(MatchPlan(novice, easy, openings, 2, seed=2)))
    assert games_of(one) != games_of(other)


@pytest.mark.parametrize("concurrency", [1, 2])
def test_an_sprt_stops_the_match_as_soon_as_it_decides(tmp_path, concurrency) -> None:
    """easy beats the fake engine (which fills the board from the centre out) every game: H1 long before 40
    (with games at once too: the games in play are stopped, the match returns)."""
    fake = Contender("fake", command=str(engine(tmp_path, "good")))
    easy = Contender("easy", level="easy")
    openings = tuple(tuple(o) for o in named_openings("renju26", 15, Rule.FREESTYLE, 0, 0))
    state = run_match(MatchState(MatchPlan(easy, fake, openings, 40), Sprt(0, 400)), concurrency)
    assert state.verdict is Verdict.H1
    assert state.tally.losses == 0
    assert state.tally.games < 12


# -- outside engines ---------------------------------------------------------------


def test_the_sprts_verdict_is_printed_with_the_games_it_took(tmp_path, capsys) -> None:
    fake = engine(tmp_path, "good")
    status, out, _err = run_cli(
        capsys, "easy", str(fake), "--sprt", "0", "400", "0.05", "0.05", "--openings", "renju26"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("game 1, opening 1, easy black: ")  # no count of games: the test decides
    assert "LLR " in lines[0]
    verdict = next(line for line in lines if line.startswith("SPRT logistic (0, 400), alpha 0.05, beta 0.05: LLR "))
    assert verdict.endswith("H1 accepted: easy is 400 Elo or more above pbrain-fake-good")


def run_cli(capsys, *words: str) -> tuple[int, str, str]:
    status = main(["match", *words])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_level_plays_an_outside_engine_and_the_games_are_written_as_records(tmp_path, capsys) -> None:
    fake = engine(tmp_path, "good")
    out_dir = tmp_path / "games"
    status, out, _err = run_cli(capsys, "easy", str(fake), "--games", "2", "--out", str(out_dir))
    assert status == 0
    assert "Score of easy against pbrain-fake-good: 2 - 0 - 0" in out
    records = sorted(out_dir.glob("*.sgf"))
    assert [path.name for path in records] == ["game-0001.sgf", "game-0002.sgf"]
    first, second = (read_record(path) for path in records)
    assert (first.black, first.white, first.winner) == ("easy", "pbrain-fake-good", Stone.BLACK)
    assert (second.black, second.white, second.winner) == ("pbrain-fake-good", "easy", Stone.WHITE)
    assert first.moves[:3] == second.moves[:3]  # the same opening, colours swapped


def test_psq_records_too(tmp_path, capsys) -> None:
    status, _out, _err = run_cli(capsys, "easy", "novice", "--games", "1", "--out", str(tmp_path), "--format", "psq")
    assert status == 0
    record = read_record(tmp_path / "game-0001.psq")
    assert len(record.moves) > 3


@pytest.mark.parametrize(
    ("mode", "said"),
    [("crash", "ended (exit code 3"), ("garbage", "answered 'I think h8 is nice' where a move x,y was due")],
)
def test_an_engine_that_crashes_or_answers_garbage_loses_each_game_and_the_match_goes_on(
    tmp_path, capsys, mode, said
) -> None:
    fake = engine(tmp_path, mode)
    status, out, _err = run_cli(capsys, "easy", str(fake), "--games", "2", "--out", str(tmp_path / "games"))
    assert status == 0
    assert out.count(f"pbrain-fake-{mode} lost by forfeit") == 2
    assert said in out
    assert "2 - 0 - 0" in out
    assert "2 games lost by forfeit" in out
    kept = read_record(tmp_path / "games" / "game-0001.sgf")
    assert kept.result == "B+F"
    assert "forfeited" in kept.comment(0)


def test_an_engine_that_hangs_loses_the_game_on_time_of_its_patience(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setattr("gomoku.match.game.ENGINE_SLACK", 0.3)  # the patience: ten turns (0.5 s) and this
    fake = engine(tmp_path, "hang")
    status, out, _err = run_cli(capsys, "easy", str(fake), "--games", "1", "--time", "0.05")
    assert status == 0
    assert "pbrain-fake-hang lost by forfeit: pbrain-fake-hang gave no answer within 0.8 s" in out
    assert "1 - 0 - 0" in out


def test_an_engine_that_will_not_start_stops_the_match_before_any_game(tmp_path, capsys) -> None:
    fake = engine(tmp_path, "never")
    status, out, err = run_cli(capsys, "easy", str(fake), "--games", "2")
    assert status == 2
    assert "pbrain-fake-never did not start a game" in err
    assert "cannot load my weights" in err
    assert "game 1" not in out


def test_an_engine_is_told_the_node_budget_and_the_extra_info(tmp_path, capsys) -> None:
    log = tmp_path / "log"
    path = tmp_path / "pbrain-logged"
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE}" good - "{log}"\n', encoding="utf-8")
    path.chmod(0o755)
    status, _out, _err = run_cli(capsys, "easy", str(path), "--games", "1", "--nodes", "3000", "--engine-info", "x=1")
    assert status == 0
    sent = log.read_text(encoding="utf-8").splitlines()
    assert "INFO max_node 3000" in sent
    assert "INFO x 1" in sent


# -- openings -------------------------------------------------------------------------


@pytest.mark.parametrize("rule", list(Rule))
def test_the_shipped_balanced_sets_are_distinct_legal_three_stone_openings(rule) -> None:
    tuning = shipped_openings(OpeningSet.BALANCED, 15, rule)
    held_out = shipped_openings(OpeningSet.HELD_OUT, 15, rule)
    assert len(tuning) >= 30 and len(held_out) >= 30
    every = [tuple(o) for o in tuning + held_out]
    assert len(set(every)) == len(every)
    assert all(len(o) == 3 and o[0] == Point(7, 7) for o in every)


def _every_form(opening: list[Point]) -> set[tuple[tuple[Point, ...], tuple[Point, ...]]]:
    """The opening's stones (black's, white's, each sorted) under each of the board's eight symmetries."""
    forms = set()
    for symmetry in board_symmetries(15):
        moved = [symmetry(p) for p in opening]
        forms.add((tuple(sorted(moved[0::2])), tuple(sorted(moved[1::2]))))
    return forms


@pytest.mark.parametrize("rule", OUTSIDE_RULES)
def test_the_outside_sets_are_full_three_stone_openings_within_three_points(rule) -> None:
    for which in OUTSIDE_SETS:
        openings = shipped_openings(which, 15, rule)
        assert len(openings) == OUTSIDE_SET_SIZE >= 50  # a hundred games and more, colours swapped
        for opening in openings:
            assert len(opening) == 3 and opening[0] == Point(7, 7)
            assert all(abs(p.x - 7) <= 3 and abs(p.y - 7) <= 3 for p in opening)
    assert named_openings(OpeningSet.OUTSIDE_HELD_OUT.value, 15, rule, 0, 0) == shipped_openings(
        OpeningSet.OUTSIDE_HELD_OUT, 15, rule
    )


@pytest.mark.parametrize("rule", OUTSIDE_RULES)
def test_no_opening_is_in_both_outside_sets_or_twice_in_one_or_tuned_on_under_any_symmetry(rule) -> None:
    tuning, held_out = (shipped_openings(which, 15, rule) for which in OUTSIDE_SETS)
    seen_tuning = set().union(*(_every_form(o) for o in tuning))
    assert not any(_every_form(o) & seen_tuning for o in held_out)
    for openings in (tuning, held_out):
        classes = {min(_every_form(o)) for o in openings}
        assert len(classes) == len(openings)
    hard_tuned = set().union(*(_every_form(o) for o in shipped_openings(OpeningSet.BALANCED, 15, rule)))
    assert not any(_every_form(o) & hard_tuned for o in held_out)  # nothing a change was tuned on is held out


def test_the_outside_sets_are_judged_for_freestyle_and_renju_only() -> None:
    with pytest.raises(OpeningsError, match="freestyle, renju"):
        named_openings(OpeningSet.OUTSIDE_HELD_OUT.value, 15, Rule.STANDARD, 0, 0)
    with pytest.raises(OpeningsError, match="15x15"):
        named_openings(OpeningSet.OUTSIDE_TUNING.value, 19, Rule.FREESTYLE, 0, 0)


def test_random_openings_are_distinct_and_no_more_than_there_are() -> None:
    drawn = named_openings("random", 15, Rule.FREESTYLE, 10_000, 3)
    assert len(drawn) == len({tuple(o) for o in drawn}) == 24 * 23  # white, then black, on the 24 points near h8
    assert named_openings("random", 15, Rule.FREESTYLE, 5, 3) == drawn[:5]


def test_the_renju_openings_are_the_26() -> None:
    assert len(named_openings("renju26", 15, Rule.RENJU, 0, 0)) == 26


def test_an_openings_file_gives_one_opening_a_line(tmp_path, capsys) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("# my two\nh8 i9 j8\n\nh8 g7  # two stones\n", encoding="utf-8")
    assert named_openings(str(path), 15, Rule.FREESTYLE, 0, 0) == [
        [Point(7, 7), Point(8, 6), Point(9, 7)],
        [Point(7, 7), Point(6, 8)],
    ]
    status, out, _err = run_cli(capsys, "easy", "novice", "--openings", str(path))
    assert status == 0
    assert "game 4 of 4" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("h8 i9\nh8 h8\n", "line 2"),
        ("h8 z99\n", "line 1"),
        ("# nothing\n", "no openings in it"),
        ("h8 a1 i8 a2 j8 a3 k8 a4 l8\n", "the opening ends the game"),
    ],
)
def test_a_bad_openings_file_is_said_with_its_line(text, said) -> None:
    with pytest.raises(OpeningsError, match=said):
        parse_openings(text, 15, Rule.FREESTYLE, "mine.txt")


def test_a_renju_foul_in_an_opening_is_said() -> None:
    double_three = "g8 a1 h8 a2 j10 a3 j9 a15 j8\n"  # black's last stone makes two open threes
    with pytest.raises(OpeningsError, match=r"line 1: j8 is forbidden for black \(double-three\)"):
        parse_openings(double_three, 15, Rule.RENJU, "mine.txt")


# -- the command line's errors ----------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["easy", "grandmaster"], "unknown player 'grandmaster'"),
        (["easy", "novice", "--games", "0"], "--games must be 1 or more"),
        (["easy", "novice", "--concurrency", "0"], "--concurrency must be 1 or more"),
        (["easy", "novice", "--sprt", "10", "0", "0.05", "0.05"], "ELO0 below ELO1"),
        (["easy", "novice", "--openings", "no-such-file.txt"], "no-such-file.txt: cannot read it"),
        (["easy", "novice", "--openings", "balanced", "--size", "19"], "judged on 15x15 only"),
        (["easy", "novice", "--engine-info", "max_node"], "write KEY=VALUE"),
        (["easy"], "arguments are required: B"),
    ],
)
def test_bad_input_is_said_clearly(capsys, words, said) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["match", *words])
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err


def test_a_file_that_is_no_program_is_said(tmp_path, capsys) -> None:
    path = tmp_path / "pbrain-not-executable"
    path.write_text("not a program", encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["match", "easy", str(path)])
    assert "is not a program that can be run" in capsys.readouterr().err


def test_the_same_level_twice_gets_two_names(capsys) -> None:
    status, out, _err = run_cli(capsys, "easy", "easy", "--games", "2")
    assert status == 0
    assert "Score of easy against easy#2" in out


def test_a_level_by_number_and_the_progress_and_the_result(capsys) -> None:
    status, out, _err = run_cli(capsys, "3", "2", "--games", "2", "--seed", "5", "--openings", "random")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("game 1 of 2, opening 1, easy black: ")
    assert lines[1].startswith("game 2 of 2, opening 1, novice black: ")
    assert lines[1].endswith(" novice")
    assert any(line.startswith("Score of easy against novice: ") for line in lines)
    assert any(line.startswith("Elo difference: ") for line in lines)


def test_the_game_without_match_is_untouched(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "python -m gomoku match" in capsys.readouterr().out
