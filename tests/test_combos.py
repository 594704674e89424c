"""The win-combination tables: their geometry, and incremental updates against a fresh rebuild."""

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku import Board, CombinationTables, ForbiddenMoveError, Point, Rule, Stone, parse_point
from gomoku.combos import DOCUMENT_WEIGHTS, build_combinations, combination_count


@pytest.mark.parametrize(("size", "expected"), [(5, 12), (6, 32), (15, 572), (19, 1020), (25, 1932)])
def test_combination_count(size, expected):
    combinations, directions = build_combinations(size)
    assert len(combinations) == expected == combination_count(size)
    assert len(set(combinations)) == expected
    assert sorted(set(directions)) == [0, 1, 2, 3]


def test_each_combination_is_five_cells_in_a_row():
    size = 9
    for cells in build_combinations(size)[0]:
        points = [(c % size, c // size) for c in cells]
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(points)}
        assert len(steps) == 1 and steps.pop() in {(1, 0), (0, 1), (1, 1), (1, -1)}


def test_cells_know_the_combinations_through_them():
    tables = CombinationTables(15)
    centre = 7 * 15 + 7
    assert len(tables.through[centre]) == 20  # five windows in each of four directions
    assert len(tables.through[0]) == 3  # a corner: across, down, diagonal
    for cell, combos in enumerate(tables.through):
        for combo in combos:
            assert cell in tables.combinations[combo]


def test_urgency_follows_document_000_weights():
    # One black stone in the corner: each of its 3 combinations holds 1 stone (weight 1).
    board = Board(size=15)
    board.play(Point(0, 0))
    urgency = board.tables.urgency[Stone.BLACK]
    assert urgency[1] == 1  # b15: only the across combination through a15 reaches it
    assert urgency[2 * 15 + 2] == 1  # c13: the diagonal
    assert urgency[5] == 0  # f15 is outside every combination through a15
    # A second stone on the same row raises the shared combinations to weight 5.
    board.play(Point(14, 14))
    board.play(Point(1, 0))
    assert board.tables.urgency[Stone.BLACK][2] == DOCUMENT_WEIGHTS[2] + DOCUMENT_WEIGHTS[1]


def test_opponent_stone_kills_combinations():
    board = Board(size=15)
    board.play(Point(0, 0))
    before = board.tables.urgency[Stone.BLACK][1]
    board.play(Point(4, 0))  # white in the only across combination through a15
    assert board.tables.urgency[Stone.BLACK][1] == before - DOCUMENT_WEIGHTS[1]
    across = board.tables.combinations.index((0, 1, 2, 3, 4))
    assert not board.tables.is_alive(across, Stone.BLACK)
    assert board.tables.is_alive(across, Stone.WHITE) is False  # black holds a15 too


def assert_matches_rebuild(board: Board) -> None:
    fresh = CombinationTables.from_cells(
        board.size, board.cells, exact=board.tables.exact, flank_block=board.tables.flank_block
    )
    assert board.tables.snapshot() == fresh.snapshot()


#: Rebuilding the 25x25 tables takes about 5 ms, and six games of 625 moves checked at every
#: move and undo took 23 s, a third of the suite.  There the tables are compared at every
#: seventh step (an error in an update stays in the tables, so a later check sees it) in two
#: games: about 2 s.  The smaller boards are checked at every step, as before.
GAMES_AND_STRIDE = {5: (6, 1), 9: (6, 1), 15: (6, 1), 25: (2, 7)}


@pytest.mark.parametrize("size", sorted(GAMES_AND_STRIDE))
def test_incremental_tables_match_a_rebuild_after_every_move_and_undo(size):
    games, stride = GAMES_AND_STRIDE[size]
    rng = random.Random(size)
    for _ in range(games):
        board = Board(size)
        points = [Point(x, y) for x in range(size) for y in range(size)]
        rng.shuffle(points)
        played = 0
        for point in points:
            if board.is_game_over():
                break
            board.play(point)
            played += 1
            if played % stride == 0:
                assert_matches_rebuild(board)
        assert_matches_rebuild(board)
        for step in range(played):
            board.undo()
            if step % stride == 0:
                assert_matches_rebuild(board)
        assert board.tables.snapshot() == CombinationTables(size).snapshot()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_interleavings_of_play_undo_redo_match_a_rebuild(data):
    size = data.draw(st.integers(5, 12))
    board = Board(size)
    for _ in range(data.draw(st.integers(1, 60))):
        action = data.draw(st.sampled_from(["play", "play", "play", "undo", "redo"]))
        if action == "play" and not board.is_game_over():
            empties = list(board.empty_points())
            board.play(data.draw(st.sampled_from(empties)))
        elif action == "undo" and board.moves:
            board.undo()
        elif action == "redo" and board.can_redo:
            board.redo()
        assert_matches_rebuild(board)


def test_look_ahead_without_urgency_keeps_counts_and_live_sets_exact():
    rng = random.Random(7)
    board = Board(15)
    for point in rng.sample([Point(x, y) for x in range(15) for y in range(15)], 40):
        board.play(point)
        if board.is_game_over():
            break
    tables = board.tables
    before = tables.snapshot()
    empties = [c for c, v in enumerate(board.cells) if not v]
    tried = rng.sample(empties, 6)
    cells = list(board.cells)
    for index, cell in enumerate(tried):
        stone = 1 + index % 2
        tables.place(cell, stone, urgency=False)
        cells[cell] = stone
        fresh = CombinationTables.from_cells(15, cells)
        assert tables.tally == fresh.tally and tables.live == fresh.live
    for index, cell in reversed(list(enumerate(tried))):
        tables.remove(cell, 1 + index % 2, urgency=False)
    assert tables.snapshot() == before


def test_live_sets_name_the_combinations_that_threaten():
    board = Board(size=9)
    for name in ["a1", "a9", "b1", "b9", "c1", "c9", "d1"]:
        board.play(parse_point(name, 9))
    fours = board.tables.live[Stone.BLACK][4]
    assert [board.tables.combinations[c] for c in fours] == [(72, 73, 74, 75, 76)]  # a1-e1
    assert board.tables.live[Stone.WHITE][3] == {board.tables.combinations.index((0, 1, 2, 3, 4))}


# -- exact five: a combination flanked by the side's own stone is dead for it ----------

EXACTNESS = {
    Rule.FREESTYLE: (False, False),
    Rule.STANDARD: (True, True),
    Rule.RENJU: (True, False),
    Rule.CARO: (False, False),
}


@pytest.mark.parametrize("rule", list(Rule))
def test_the_board_builds_its_tables_with_its_rules_exactness(rule):
    assert Board(9, rule).tables.exact == EXACTNESS[rule]
    assert Board(9, rule).tables.flank_block == (rule is Rule.CARO)


# Row 1 on 6x6: X X X X . X.  Both combinations of the row hold four black stones,
# and each is flanked by the black stone at its other end: filling e1 makes six.
FLANKED_FOURS = """
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . O
X X X X . X
"""


@pytest.mark.parametrize("rule", list(Rule))
def test_fours_that_could_only_become_an_overline_are_dead_under_exact_five(rule):
    board = Board.from_diagram(FLANKED_FOURS, rule=rule, turn=Stone.BLACK)
    tables = board.tables
    row = {tables.combinations.index(tuple(range(30 + k, 35 + k))) for k in (0, 1)}  # a1-e1, b1-f1
    exact = rule.exact_five(Stone.BLACK)
    assert {tables.is_alive(combo, Stone.BLACK) for combo in row} == {not exact}
    assert tables.live[Stone.BLACK][4] == (set() if exact else row)
    # The other combinations through e1 hold no black stone: the row's fours are all its urgency.
    e1 = 5 * 6 + 4
    assert tables.urgency[Stone.BLACK][e1] == (0 if exact else 2 * DOCUMENT_WEIGHTS[4])
    assert tables.alive[Stone.BLACK] == sum(tables.is_alive(c, Stone.BLACK) for c in range(len(tables.combinations)))


def test_an_own_stone_beyond_either_end_kills_and_undo_revives():
    board = Board(size=9, rule=Rule.STANDARD)
    tables = board.tables
    a1_e1 = tables.combinations.index((72, 73, 74, 75, 76))
    b1_f1 = tables.combinations.index((73, 74, 75, 76, 77))
    board.play(parse_point("b1", 9))
    board.play(parse_point("i9", 9))
    alive_before = tables.alive[Stone.BLACK]
    board.play(parse_point("g1", 9))  # just after b1-f1: black five there would be six
    assert tables.is_alive(a1_e1, Stone.BLACK) and not tables.is_alive(b1_f1, Stone.BLACK)
    assert tables.is_alive(b1_f1, Stone.WHITE) is False  # b1 is black
    assert b1_f1 not in tables.live[Stone.BLACK][1]
    board.undo()
    assert tables.is_alive(b1_f1, Stone.BLACK) and b1_f1 in tables.live[Stone.BLACK][1]
    assert tables.alive[Stone.BLACK] == alive_before


@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize("size", [5, 8, 11])
def test_incremental_tables_match_a_rebuild_under_each_rule(rule, size):
    rng = random.Random(f"{rule.value}{size}")
    for _ in range(3):
        board = Board(size, rule)
        points = [Point(x, y) for x in range(size) for y in range(size)]
        rng.shuffle(points)
        for point in points:
            if board.is_game_over():
                break
            try:
                board.play(point)
            except ForbiddenMoveError:
                continue
            assert_matches_rebuild(board)
        while board.moves:
            board.undo()
            assert_matches_rebuild(board)
        assert board.tables.snapshot() == Board(size, rule).tables.snapshot()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_play_undo_redo_under_every_rule_match_a_rebuild(data):
    size = data.draw(st.integers(5, 12))
    board = Board(size, data.draw(st.sampled_from(list(Rule))))
    for _ in range(data.draw(st.integers(1, 60))):
        action = data.draw(st.sampled_from(["play", "play", "play", "undo", "redo"]))
        if action == "play" and not board.is_game_over():
            try:
                board.play(data.draw(st.sampled_from(list(board.empty_points()))))
            except ForbiddenMoveError:
                pass
        elif action == "undo" and board.moves:
            board.undo()
        elif action == "redo" and board.can_redo:
            board.redo()
        assert_matches_rebuild(board)


@settings(max_examples=50, deadline=None)
@given(st.data())
def test_any_stones_placed_and_removed_match_a_rebuild_for_each_exactness(data):
    # Straight on the tables, past where a game would stop: overlines, fives, full lines.
    size = data.draw(st.integers(5, 8))
    exact = data.draw(st.sampled_from([(False, False), (True, True), (True, False), (False, True)]))
    flank_block = data.draw(st.booleans())
    use_urgency = data.draw(st.booleans())
    tables = CombinationTables(size, exact=exact, flank_block=flank_block)
    cells = [0] * (size * size)
    placed: list[int] = []
    for _ in range(data.draw(st.integers(1, size * size))):
        empties = [c for c, v in enumerate(cells) if not v]
        if placed and (not empties or data.draw(st.integers(0, 3)) == 0):
            cell = placed.pop()
            tables.remove(cell, cells[cell], urgency=use_urgency)
            cells[cell] = 0
        else:
            cell = data.draw(st.sampled_from(empties))
            cells[cell] = data.draw(st.sampled_from([1, 2]))
            tables.place(cell, cells[cell], urgency=use_urgency)
            placed.append(cell)
        fresh = CombinationTables.from_cells(size, cells, exact=exact, flank_block=flank_block)
        if use_urgency:
            assert tables.snapshot() == fresh.snapshot()
        else:
            assert (tables.tally, tables.alive, tables.live) == (fresh.tally, fresh.alive, fresh.live)
    while placed:
        cell = placed.pop()
        tables.remove(cell, cells[cell], urgency=use_urgency)
        cells[cell] = 0
    assert tables.snapshot() == CombinationTables(size, exact=exact, flank_block=flank_block).snapshot()


# Caro (a five blocked at both ends does not win): row 2 holds O X X X X . O, so black's only
# combination there that could still win, b2-f2 and c2-g2 aside, is judged by its flanks.
CARO_ROW = """
. . . . . . . . .
O X X X X . O . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_under_caro_a_combination_with_opponent_stones_on_both_flanks_is_dead():
    board = Board.from_diagram(CARO_ROW, Rule.CARO)
    tables = board.tables
    size = board.size
    row = 1  # the second row from the top
    b_to_f = next(i for i, m in enumerate(tables.combinations) if m == tuple(row * size + x for x in range(1, 6)))
    # b..f holds four black stones, flanked by white on a and g: the five it could become is blocked
    assert not tables.is_alive(b_to_f, Stone.BLACK)
    assert b_to_f not in tables.live[Stone.BLACK][4]
    assert board.winning_points(Stone.BLACK) == []
    # the same row freestyle: b..f is alive and f2's empty point wins
    free = Board.from_diagram(CARO_ROW, Rule.FREESTYLE)
    assert free.tables.is_alive(b_to_f, Stone.BLACK)
    assert [free.notation(p) for p in free.winning_points(Stone.BLACK)] == ["f8"]


def test_under_caro_the_edge_blocks_nothing():
    # the four runs from the edge: a five on a..e would have the edge on one end, so it wins
    board = Board.from_diagram(
        """
        X X X X . O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        Rule.CARO,
    )
    assert [board.notation(p) for p in board.winning_points(Stone.BLACK)] == ["e9"]
