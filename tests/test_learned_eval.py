"""The learned evaluation: its fit (``tools/eval_fit.py``), its tables, and the search that reads them."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gomoku import Board, Rule, Stone
from gomoku.ai import make_player
from gomoku.ai.learned import CELL_LIMIT, SHIFT, LearnedMode, learned_eval, learned_part
from gomoku.ai.parameters import TEMPO
from gomoku.ai.searchboard import SearchBoard
from gomoku.patterns import C_FIVE, C_NONE, OPEN_THREE, OPEN_TWO, cell_class, histograms, shape_bit
from tests.test_search_tactics import BLOCK_FOUR, VCF_POSITIONS, WIN_IN_ONE, at, horizon_judged, play_out_fours
from tools import eval_fit
from tools.eval_fit import Position, fit, model_loss

# -- the fit ---------------------------------------------------------------------------

#: A code the made-up data makes decisive: the mover's cell with an open three and an open two.
GOOD = shape_bit(OPEN_THREE) + shape_bit(OPEN_TWO) + 2 * shape_bit(0)
#: A code that says nothing.
NOISE = 3 * shape_bit(0) + shape_bit(OPEN_TWO)


def made_up_positions(count: int = 400, seed: int = 3) -> list[Position]:
    """Positions whose result follows whether the mover has a GOOD cell (90% of the time)."""
    rng = random.Random(seed)
    found = []
    for game in range(count):
        good = rng.random() < 0.5
        wins = good if rng.random() < 0.9 else not good
        mine = {NOISE: rng.randint(0, 3)}
        if good:
            mine[GOOD] = 1
        theirs = {NOISE: rng.randint(0, 3)}
        colour = rng.choice((1, 2))
        found.append(Position(colour, mine, theirs, 0, 1.0 if wins else 0.0, 0.0, game))
    return found


def test_the_fit_lowers_the_loss_and_values_a_winning_code():
    positions = made_up_positions()
    before = model_loss(eval_fit.Model(), positions)
    model = fit(positions, "shared", epochs=30, l2=1e-3, seed=1, rate=0.05)
    after = model_loss(model, positions)
    assert after < before - 0.2, f"log-loss {before:.3f} -> {after:.3f}"
    cells = model.tables["cells"]
    good, noise = cells[eval_fit.CODE_INDEX[GOOD]], cells[eval_fit.CODE_INDEX[NOISE]]
    assert good > 1.0, "a code that predicts wins gets a clearly positive value"
    assert abs(noise) < good / 2


@pytest.mark.parametrize("form", ["separate", "colour"])
def test_the_other_forms_fit_too(form):
    positions = made_up_positions(200)
    model = fit(positions, form, epochs=20, l2=1e-3, seed=1, rate=0.05)
    assert model_loss(model, positions) < model_loss(eval_fit.Model(form), positions) - 0.1


def test_quiet_positions_are_those_the_search_judges_statically():
    two = Board.from_moves([at(Board(), n) for n in ("h8", "a1", "i8", "a3")])
    board = SearchBoard.from_board(two)  # black to move with two in a row: quiet
    assert eval_fit.is_quiet(board)
    board.play(two.index_of(at(two, "j8")))  # white to move faces an open three
    assert not eval_fit.is_quiet(board)


# -- the tables ------------------------------------------------------------------------


@pytest.mark.parametrize("rule", [Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU])
def test_the_tables_load_and_cover_every_histogram(rule):
    learned = learned_eval(rule)
    assert learned is not None
    assert set(learned.cells) == set(histograms())
    for code, value in learned.cells.items():
        assert abs(value) <= CELL_LIMIT
        if cell_class(code)[0] == C_NONE:
            assert value == 0, "a cell of class none is worth nothing (the move generator counts on it)"
    assert len(learned.mix) == 81
    assert learned.tempo[1] > 0 and learned.tempo[2] > 0
    cells_only = learned_eval(rule, LearnedMode.CELLS_ONLY)
    assert cells_only.cells == learned.cells
    assert cells_only.tempo == (0.0, TEMPO, TEMPO) and not any(cells_only.mix) and not any(cells_only.bias)
    assert learned_eval(rule, LearnedMode.OFF) is None


def test_a_rule_without_tables_keeps_the_hand_set_evaluation():
    assert learned_eval(Rule.CARO) is None
    board = SearchBoard([0] * 225, 15, Rule.CARO, 1, learned=LearnedMode.FULL)
    assert board.learned is None and board.score_shift == 0


@settings(max_examples=20, deadline=None)
@given(rule=st.sampled_from([Rule.FREESTYLE, Rule.RENJU]), picks=st.lists(st.integers(0, 10_000), max_size=40))
def test_the_packed_totals_hold_the_hand_scores_and_the_learned_values(rule, picks):
    plain = SearchBoard([0] * 225, 15, rule, 1)
    learned = SearchBoard([0] * 225, 15, rule, 1, learned=LearnedMode.FULL)
    values = learned.learned.cells
    for pick in picks:
        empty = [q for q in range(225) if not plain.cells[q]]
        if plain.count[plain.side][C_FIVE]:
            break
        move = empty[pick % len(empty)]
        plain.play(move)
        learned.play(move)
        if pick % 3 == 0:
            plain.undo()
            learned.undo()
    for colour in (1, 2):
        expected = sum(values[learned.code[colour][q]] for q in range(225) if not learned.cells[q])
        assert learned_part(learned.total[colour]) == expected
        assert (learned.total[colour] - expected) >> SHIFT == plain.total[colour]


# -- the search with the learned evaluation -------------------------------------------------


@pytest.fixture
def learned_search(monkeypatch):
    import gomoku.ai.search

    monkeypatch.setattr(gomoku.ai.search, "LEARNED_EVAL", 1)


def test_the_learned_search_completes_its_five(learned_search):
    board = Board.from_diagram(WIN_IN_ONE, turn=Stone.BLACK)
    assert make_player("hard", think_time=0.3).choose_move(board).move == at(board, "l8")


def test_the_learned_search_blocks_a_four(learned_search):
    board = Board.from_diagram(BLOCK_FOUR, turn=Stone.WHITE)
    assert make_player("hard", think_time=0.3).choose_move(board).move == at(board, "k6")


def test_the_learned_search_plays_out_a_forced_win(learned_search):
    board = Board.from_diagram(VCF_POSITIONS[5], turn=Stone.BLACK)
    assert play_out_fours(board, make_player("hard", think_time=0.5), max_fours=10) <= 10


@settings(max_examples=20, deadline=None)
@given(
    rule=st.sampled_from([Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU]),
    picks=st.lists(st.integers(0, 10_000), min_size=4, max_size=50),
)
def test_the_learned_horizon_judged_without_playing_agrees_with_playing(rule, picks):
    from gomoku.ai.search import WIN

    judged = horizon_judged(SearchBoard([0] * 225, 15, rule, 1, learned=LearnedMode.FULL), picks)
    for value in judged:
        assert abs(value) < 1_000_000 or abs(value) > WIN - 1_000, "a judged value stays far below a win"
    assume(judged)


# -- the games ---------------------------------------------------------------------------


def test_tuning_openings_keep_apart_from_the_judging_openings():
    from gomoku.match.openings import OpeningSet, shipped_openings
    from tools.make_eval import excluded_openings, is_excluded, passes_through, tuning_openings

    excluded = excluded_openings()
    held_out = shipped_openings(OpeningSet.HELD_OUT, 15, Rule.RENJU)[0]
    mirrored = [(14 - x, y) for x, y in held_out]
    assert passes_through(mirrored + [(0, 0), (1, 1)], excluded)
    for opening in tuning_openings(30, seed=5):
        assert not is_excluded(opening, excluded)
        assert not passes_through(opening, excluded)
