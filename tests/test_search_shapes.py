"""The line shapes and cell classes the search reads, on lines drawn as text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku import Board, Rule, Stone
from gomoku.ai import shapes
from gomoku.ai.shapes import C_OPEN_THREE
from gomoku.ai.searchboard import SearchBoard

MARKS = {".": 0, "X": 1, "O": 2, "|": 3}


def shape_of(text: str, exact: bool = False) -> str:
    """The shape black makes by playing the ``*`` of ``text`` (``|`` is the board's edge)."""
    line = [MARKS.get(mark, 0) for mark in text]
    centre = text.index("*")
    line[centre] = 1
    return shapes.SHAPE_NAMES[shapes.line_shape(line, centre, 1, exact)]


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
    assert shape_of(".XXX*XX.", exact=True) == "overline"
    # filling the gap would make six: only the other end makes five
    assert shape_of("X.XXX*.") == "open four"
    assert shape_of("X.XXX*.", exact=True) == "four"


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
    assert search.cls[1][cell] == shapes.C_FOUR_THREE
    assert search.cls[2][cell] == shapes.C_NONE


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
    assert board.keys == fresh.keys


@settings(max_examples=40, deadline=None)
@any_position
def test_peek_tells_the_counts_and_totals_a_move_would_leave(rule, size, steps):
    """For every empty cell, :meth:`SearchBoard.peek` equals playing there (and changes nothing)."""
    board = _position(rule, size, steps)
    before = (board.keys[:], [c[:] for c in board.count[1:]], board.total[:], board.hash)
    for q in range(board.n):
        if board.cells[q]:
            continue
        black, white, black_total, white_total = board.peek(q)
        board.play(q)
        assert (black, white, black_total, white_total) == (
            board.count[1], board.count[2], board.total[1], board.total[2])
        board.undo()
    assert (board.keys, list(board.count[1:]), board.total, board.hash) == before
