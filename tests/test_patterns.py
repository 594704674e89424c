"""The one line-shape layer: line shapes and cell classes on lines drawn as text, for each rule,
checked against a slow reference; and the search board that keeps them up to date."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku import Board, Rule, Stone, patterns
from gomoku.ai.searchboard import SearchBoard
from gomoku.patterns import C_OPEN_THREE, LineTable, line_half
from gomoku.rules import BLACK, WHITE

MARKS = {".": 0, "X": 1, "O": 2, "|": 3}


def shape_of(text: str, rule: Rule = Rule.FREESTYLE, stone: int = 1) -> str:
    """The shape ``stone`` makes by playing the ``*`` of ``text`` (``|`` is the board's edge)."""
    line = [MARKS.get(mark, 0) for mark in text]
    centre = text.index("*")
    line[centre] = stone
    return patterns.SHAPE_NAMES[patterns.line_shape(line, centre, stone, rule)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("..XX*XX..", "five"),
        ("..XXX*...", "open four"),
        ("..X.*XX..", "four"),
        ("X.X*X.X..", "open four"),  # two fours on one line: five at either gap
        (".OXX*....", "three"),
        ("...X*X...", "open three"),
        ("...X*.X..", "open three"),
        ("..OX*X...", "three"),
        ("|X*X.....", "three"),
        ("....*X...", "open two"),
        ("...O*X...", "two"),
        ("..O.*.O..", "none"),
    ],
)
def test_line_shapes(text, expected):
    assert shape_of(text) == expected


def test_six_is_an_overline_only_where_five_must_be_exact():
    assert shape_of(".XXX*XX.") == "five"
    assert shape_of(".XXX*XX.", Rule.STANDARD) == "overline"
    assert shape_of(".XXX*XX.", Rule.RENJU) == "overline"
    assert shape_of(".OOO*OO.", Rule.RENJU, stone=2) == "five"  # white may make six under renju
    assert shape_of(".OOO*OO.", Rule.STANDARD, stone=2) == "overline"
    # filling the gap would make six: only the other end makes five
    assert shape_of("X.XXX*.") == "open four"
    assert shape_of("X.XXX*.", Rule.STANDARD) == "four"
    # a four whose only five point would make six is dead where five must be exact
    assert shape_of("X.XXX*O") == "four"
    assert shape_of("X.XXX*O", Rule.STANDARD) == "none"


def test_cell_classes_on_a_board():
    board = Board.from_diagram(
        """
        . . . . . . .
        . . . . X . .
        . . X X . . .
        . . . . . . .
        . . X . . . .
        . . X . . . .
        . . O . . . .
        """,
        turn=Stone.BLACK,
    )
    search = SearchBoard.from_board(board)
    cell = board.index_of((2, 3))  # c4: a four down the column, an open three on the diagonal
    assert search.cls[1][cell] == patterns.C_FOUR_THREE
    assert search.cls[2][cell] == patterns.C_NONE


def test_standard_rule_reads_overlines():
    board = Board.from_diagram(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X . X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        Rule.STANDARD,
        turn=Stone.BLACK,
    )
    search = SearchBoard.from_board(board)
    assert search.fives(1) == []
    free = SearchBoard.from_board(Board.from_diagram(str(board), Rule.FREESTYLE, turn=Stone.BLACK))
    assert free.fives(1) == [board.index_of((3, 4))]


# -- the classifier against a slow, obviously correct reference -----------------------------


def reference_run(line: list[int], centre: int, stone: int) -> int:
    """The length of the unbroken row of ``stone`` through ``centre``, counted cell by cell."""
    length = 1
    for step in (-1, 1):
        i = centre + step
        while 0 <= i < len(line) and line[i] == stone:
            length += 1
            i += step
    return length


def reference_blocked(line: list[int], centre: int, stone: int) -> int:
    """How many ends of the row through ``centre`` hold the opponent's stone, walked cell by cell."""
    blocked = 0
    for step in (-1, 1):
        i = centre
        while 0 <= i < len(line) and line[i] == stone:
            i += step
        blocked += 0 <= i < len(line) and line[i] == 3 - stone
    return blocked


def reference_wins(line: list[int], centre: int, stone: int, rule: Rule) -> bool:
    """Whether the unbroken row of ``stone`` through ``centre`` wins."""
    return rule.is_win(reference_run(line, centre, stone), Stone(stone), reference_blocked(line, centre, stone))


def reference_five_points(line: list[int], centre: int, stone: int, rule: Rule) -> int:
    """How many empty cells anywhere on the line make a winning row through ``centre``."""
    count = 0
    for e, value in enumerate(line):
        if value == patterns.EMPTY:
            line[e] = stone
            if reference_wins(line, centre, stone, rule) and _joined(line, centre, e, stone):
                count += 1
            line[e] = patterns.EMPTY
    return count


def _joined(line: list[int], centre: int, e: int, stone: int) -> bool:
    lo, hi = min(centre, e), max(centre, e)
    return all(line[i] == stone for i in range(lo, hi + 1))


def reference_shape(line: list[int], centre: int, stone: int, rule: Rule) -> int:
    """The shape by its definition, trying every empty cell of the whole line (no reach, no keys)."""
    length = reference_run(line, centre, stone)
    if length >= 5:
        if rule.is_win(length, Stone(stone), reference_blocked(line, centre, stone)):
            return patterns.FIVE
        return patterns.OVERLINE if length > 5 else patterns.NONE
    empties = [i for i, v in enumerate(line) if v == patterns.EMPTY]
    for level, (strong, weak) in enumerate(
        ((patterns.OPEN_FOUR, patterns.FOUR), (patterns.OPEN_THREE, patterns.THREE), (patterns.OPEN_TWO, patterns.TWO))
    ):
        best = 0
        for extra in _subsets(empties, level):
            for e in extra:
                line[e] = stone
            best = max(best, reference_five_points(line, centre, stone, rule))
            for e in extra:
                line[e] = patterns.EMPTY
        if best >= 2:
            return strong
        if best == 1:
            return weak
    return patterns.NONE


def _subsets(items: list[int], size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    return [(items[i], *rest) for i in range(len(items)) for rest in _subsets(items[i + 1 :], size - 1)]


@settings(max_examples=400, deadline=None)
@given(
    rule=st.sampled_from(list(Rule)),
    stone=st.sampled_from([1, 2]),
    cells=st.lists(st.sampled_from([0, 0, 0, 1, 1, 2]), min_size=15, max_size=15),
    centre=st.integers(0, 14),
)
def test_the_classifier_agrees_with_the_slow_reference(rule, stone, cells, centre):
    """On random 15-cell lines, the keyed line table (a window of ``half`` cells either side) gives
    the shape the definition gives on the whole line, for each rule and colour."""
    line = list(cells)
    line[centre] = stone
    expected = reference_shape(list(line), centre, stone, rule)
    table = patterns.line_table(rule)
    half = table.half
    window = [line[i] if 0 <= i < len(line) else patterns.WALL for i in range(centre - half, centre + half + 1)]
    key = patterns.key_of_line(window, half)
    assert patterns.line_shape(list(line), centre, stone, rule) == expected
    black, white = table.lookup(key)
    assert (black if stone == 1 else white) == patterns.shape_bit(expected)


#: Any position reached by a mix of plays and undos, on small boards and the standard one, under each rule.
any_position = given(
    rule=st.sampled_from(list(Rule)),
    size=st.sampled_from([7, 9, 15]),
    steps=st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=80),
)


def _position(rule: Rule, size: int, steps: list[tuple[bool, int]]) -> SearchBoard:
    """A search board after a mix of plays and undos (``steps`` as drawn by hypothesis)."""
    board = SearchBoard([0] * (size * size), size, rule, 1)
    for undo, pick in steps:
        if undo and board.history:
            board.undo()
            continue
        empty = [q for q in range(board.n) if not board.cells[q]]
        if len(empty) <= 1:
            break
        board.play(empty[pick % len(empty)])
    return board


@settings(max_examples=40, deadline=None)
@any_position
def test_search_board_kept_state_matches_a_fresh_build(rule, size, steps):
    """Shapes, classes, counts, totals and the threat-cell sets after any play/undo mix equal a rebuild."""
    board = _position(rule, size, steps)
    fresh = SearchBoard(board.cells, size, rule, board.side)
    for colour in (1, 2):
        assert board.cls[colour] == fresh.cls[colour]
        assert board.score[colour] == fresh.score[colour]
        assert board.count[colour] == fresh.count[colour]
        assert board.hot[colour] == fresh.hot[colour]
        assert board.hot[colour] == {q for q in range(board.n) if board.cls[colour][q] >= C_OPEN_THREE}
    assert board.total == fresh.total
    assert board.lines == fresh.lines
    empty = [q for q in range(board.n) if not board.cells[q]]
    for colour in (1, 2):  # (an occupied cell keeps the histograms it had, for its undo)
        assert [board.code[colour][q] for q in empty] == [fresh.code[colour][q] for q in empty]


@settings(max_examples=40, deadline=None)
@any_position
def test_peek_tells_the_counts_and_totals_a_move_would_leave(rule, size, steps):
    """For every empty cell, :meth:`SearchBoard.peek` equals playing there (and changes nothing)."""
    board = _position(rule, size, steps)
    before = (board.lines[:], [c[:] for c in board.count[1:]], board.total[:], board.hash)
    for q in range(board.n):
        if board.cells[q]:
            continue
        black, white, black_total, white_total = board.peek(q)
        board.play(q)
        assert (black, white, black_total, white_total) == (
            board.count[1],
            board.count[2],
            board.total[1],
            board.total[2],
        )
        board.undo()
    assert (board.lines, list(board.count[1:]), board.total, board.hash) == before


@settings(max_examples=30, deadline=None)
@given(
    rule=st.sampled_from(list(Rule)),
    steps=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10_000)), min_size=1, max_size=40),
)
def test_a_mirror_follows_the_game_through_moves_and_undos(rule, steps):
    """A search board kept in step with a game (moves, undos, a new game) equals one built afresh."""
    from gomoku.ai.searchboard import Mirror

    mirror = Mirror()
    board = Board(9, rule)
    for action, pick in steps:
        if action == 0 and board.moves:
            for _ in range(1 + pick % 3):
                if board.moves:
                    board.undo()
        elif action == 1 and pick % 7 == 0:
            board = Board(9, rule)
        elif not board.is_game_over():
            legal = [p for p in board.empty_points() if board.foul(p) is None or not board.rule.restricts(board.turn)]
            if legal:
                board.play(legal[pick % len(legal)])
        followed = mirror.follow(board)
        fresh = SearchBoard.from_board(board)
        assert followed.cells == fresh.cells and followed.side == fresh.side
        assert followed.hash == fresh.hash
        for colour in (1, 2):
            assert followed.cls[colour] == fresh.cls[colour]
            assert followed.score[colour] == fresh.score[colour]
        assert followed.total == fresh.total


def test_the_window_memo_stays_within_its_bound_and_answers_the_same(monkeypatch):
    """A memo of windows emptied at its limit goes on giving what an unbounded one gives."""
    rng = random.Random(7)
    half = line_half(Rule.RENJU)
    centre = 2 * half
    windows = []
    for _ in range(300):
        window = sum(rng.choice((0, 0, 1, 2, 3)) << (2 * i) for i in range(4 * half + 1))
        windows.append((window & ~(3 << (2 * centre)), rng.choice((BLACK, WHITE))))
    free = LineTable(Rule.RENJU)
    expected = [free.move(window, colour) for window, colour in windows]
    monkeypatch.setattr(patterns, "WINDOW_MEMO_LIMIT", 20)
    bounded = LineTable(Rule.RENJU)
    for (window, colour), want in zip(windows, expected):
        assert bounded.move(window, colour) == want
        assert len(bounded.moves(colour)) <= 21
    assert len(free.moves(BLACK)) > 20
