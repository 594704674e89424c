"""The renju referee on hand-drawn positions, against the RIF rules.

Diagrams are small pieces of a 15x15 board, placed in its centre unless a
corner is named (then the diagram's corner sits on the board's corner, so its
edges are the board's edges).  Marks:

    X black   O white   . empty
    6 overline   4 double-four   3 double-three   (empty points black may not play)
    * an empty point black *may* play (the point under test when it is legal)

Every check asserts the whole board: the forbidden points are exactly the
marked ones, with the marked reasons, from both ``fouls`` (the fast listing)
and ``foul_at`` (one point), and the slow reference in
``tests/renju_reference.py`` agrees.
"""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku import Board, ForbiddenMoveError, Point, Rule, Stone, renju
from gomoku.renju import Foul
from tests import renju_reference

SIZE = 15
FOUL_MARKS = {"6": Foul.OVERLINE, "4": Foul.DOUBLE_FOUR, "3": Foul.DOUBLE_THREE}
STONE_MARKS = {"X": 1, "O": 2}


class Position:
    """A diagram placed on a 15x15 board: the cells and what the marks expect."""

    def __init__(self, diagram: str, corner: str | None = None) -> None:
        rows = [line.split() for line in textwrap.dedent(diagram).strip().splitlines()]
        height, width = len(rows), len(rows[0])
        assert all(len(row) == width for row in rows), "ragged diagram"
        if corner is None:
            x0, y0 = (SIZE - width) // 2, (SIZE - height) // 2
        else:
            x0 = 0 if "left" in corner else SIZE - width
            y0 = 0 if "top" in corner else SIZE - height
        self.cells = [0] * (SIZE * SIZE)
        self.expected: dict[int, Foul] = {}
        self.legal: list[int] = []
        for dy, row in enumerate(rows):
            for dx, mark in enumerate(row):
                cell = (y0 + dy) * SIZE + x0 + dx
                if mark in STONE_MARKS:
                    self.cells[cell] = STONE_MARKS[mark]
                elif mark in FOUL_MARKS:
                    self.expected[cell] = FOUL_MARKS[mark]
                elif mark == "*":
                    self.legal.append(cell)
                else:
                    assert mark == ".", f"unknown mark {mark!r}"

    def board(self, turn: Stone = Stone.BLACK) -> Board:
        """The position as a renju ``Board`` with ``turn`` to move."""
        marks = {0: ".", 1: "X", 2: "O"}
        text = "\n".join(" ".join(marks[v] for v in self.cells[y * SIZE : (y + 1) * SIZE]) for y in range(SIZE))
        return Board.from_diagram(text, rule=Rule.RENJU, turn=turn)

    def point(self, cell: int) -> Point:
        return Point(cell % SIZE, cell // SIZE)


def check(diagram: str, corner: str | None = None) -> Position:
    """Assert that the forbidden points of ``diagram`` are exactly its marks."""
    position = Position(diagram, corner)
    cells = position.cells
    assert renju.fouls(cells, SIZE) == position.expected
    assert renju.forbidden_points(cells, SIZE) == sorted(position.expected)
    for cell, foul in position.expected.items():
        assert renju.foul_at(cells, SIZE, cell) is foul
    for cell in position.legal:
        assert renju.foul_at(cells, SIZE, cell) is None
    assert renju_reference.fouls(cells, SIZE) == position.expected
    return position


# -- overline and five --------------------------------------------------------


def test_six_in_a_row_is_an_overline():
    check(". X X X 6 X X .")


def test_seven_in_a_row_is_an_overline():
    check(". X X X 6 X X X .")


def test_overline_next_to_a_five_the_five_wins():
    # The left point makes exactly five; the point after the four makes six.
    position = check("* X X X X 6 X .")
    board = position.board()
    five = position.legal[0]
    board.play(position.point(five))
    assert board.outcome is not None and board.outcome.winner is Stone.BLACK
    assert len(board.outcome.line) == 5


def test_five_wins_even_when_it_also_makes_a_double_four():
    # The starred point makes five across and, down the column, B.BBB.B: two
    # fours on one line.  Five comes first: black wins.  (The white stones keep
    # the diagonals quiet.)
    position = check(
        """
        . . . . X . . . .
        . . . . . . . . .
        . . O . X . . . .
        X X X X * . . . .
        . . O . X . . . .
        . . . . . . . . .
        . . . . X . . . .
        """
    )
    board = position.board()
    board.play(position.point(position.legal[0]))
    assert board.outcome.winner is Stone.BLACK


def test_five_wins_even_when_it_also_makes_an_overline():
    # Down the column the point joins six; across it makes exactly five.
    position = check(
        """
        . . . . X . .
        . . . . X . .
        . . O . X . .
        X X X X * . .
        . . . . X . .
        . . . . X . .
        """
    )
    board = position.board()
    board.play(position.point(position.legal[0]))
    assert board.outcome.winner is Stone.BLACK


# -- fours --------------------------------------------------------------------


def test_two_closed_fours_are_a_double_four():
    # Each four is blocked at one end: a four is a four, open or not.
    check(
        """
        . . . . . .
        . . . . X .
        . . . . X .
        . . . . X .
        . X X X 4 O
        . . . . O .
        """
    )


@pytest.mark.parametrize(
    "row",
    [
        ". X . X 4 X . X .",  # B.BBB.B
        ". X X . X 4 . X X .",  # BB.BB.BB
        ". X X X . 4 . X X X .",  # BBB.B.BBB
        ". X . 4 X X . X .",  # B.BBB.B with the move elsewhere in the middle
    ],
)
def test_two_fours_on_one_line_are_a_double_four(row):
    check(row)


def test_a_straight_four_is_one_four():
    # Four in a row, open at both ends, plus nothing else: legal.
    check(". . X X * X . .")


def test_completion_that_would_make_six_is_not_a_four():
    # X . X * X . X X: filling the left gap makes exactly five (a four), but
    # filling the right gap would make six, so that is no four: one four, legal.
    # (Without the last X it is B.BBB.B, a double-four: see above.)
    check(". X . X * X . X X .")


def test_four_three_is_legal():
    check(
        """
        . . . . . .
        . . . X . .
        . . . X . .
        O X X X * .
        . . . . . .
        . . . . . .
        """
    )


def test_four_with_two_threes_is_a_double_three():
    # A four across, open threes down and on the diagonal: four-three-three.
    # (The white stones only keep the neighbouring points free of fouls.)
    check(
        """
        . . . . . . .
        . . X O X O .
        . . O X X . .
        O X X X 3 . .
        . . O . . . .
        . . . . . . .
        """
    )


# -- threes -------------------------------------------------------------------


def test_two_open_threes_are_a_double_three():
    check(
        """
        . . . . . .
        . . . X . .
        . . . X . .
        . X X 3 . .
        . . . . . .
        . . . . . .
        """
    )


def test_a_three_blocked_by_white_is_not_a_three():
    check(
        """
        . . . . . .
        . . . X . .
        . . . X . .
        O X X * . .
        . . . . . .
        . . . . . .
        """
    )


def test_white_one_point_away_still_leaves_a_three():
    check(
        """
        . . . . . . .
        . . . . X . .
        . . . . X . .
        O . X X 3 . .
        . . . . . . .
        . . . . . . .
        """
    )


def test_a_three_blocked_by_the_edge_is_not_a_three():
    check(
        """
        . . . . . .
        . . . . . .
        . . X . . .
        . . X . . .
        X X * . . .
        . . . . . .
        . . . . . .
        """,
        corner="top-left",
    )


def test_one_point_from_the_edge_a_three_is_a_three():
    check(
        """
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . . . X . . .
        . X X 3 . . .
        . . . . . . .
        . . . . . . .
        """,
        corner="top-left",
    )


def test_split_three_b_dot_bb():
    check(
        """
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . X . X 3 . . .
        . . . . . . . .
        . . . . . . . .
        """
    )


def test_split_three_bb_dot_b():
    check(
        """
        . . . . . . . .
        . . . X . . . .
        . . . X . . . .
        . . X 3 . X . .
        . . . . . . . .
        . . . . . . . .
        """
    )


def test_a_split_three_blocked_by_white_is_not_a_three():
    check(
        """
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        O X . X * . . .
        . . . . . . . .
        . . . . . . . .
        """
    )


def test_a_three_whose_only_straight_four_makes_an_overline_is_not_a_three():
    # Across, the move makes X X * . X: filling the gap gives four in a row
    # whose right end would join six, and the left completion is blocked, so
    # the row is no three; the column is, and one three is legal.
    check(
        """
        . . . . . . . .
        . . . X . . . .
        . . . X . . . .
        O X X * . X X .
        . . . . . . . .
        . . . . . . . .
        """
    )


def test_a_three_is_false_when_its_completing_point_is_an_overline():
    # Down the column the move makes a three whose only straight-four point
    # (the 6, two above the move) would also join six across, so the column is
    # no three; across is one three, and one three is legal.
    check(
        """
        . . . . . . . . . .
        X X X 6 X X . . . .
        . . O X . . . . . .
        . . . X . . . . . .
        . X X * . . . . . .
        . . . . . . . . . .
        . . . O . . . . . .
        """
    )


def test_a_three_is_false_when_its_completing_point_makes_a_five():
    # The column's only straight-four point (two above the move) would also
    # complete black's five across, and a three must be made "without at the
    # same time a five": one three, legal.  Without the row of four it is the
    # plain double-three below.
    check(
        """
        . . . . . . . . .
        . . . . . X X X X
        . . . . X . . . .
        . . . . X . . . .
        . . X X * . . . .
        . . . . . . . . .
        . . . . O . . . .
        """
    )
    check(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X 3 . . . .
        . . . . . . . . .
        . . . . O . . . .
        """
    )


def test_a_three_is_false_when_its_completing_point_is_a_double_three_two_levels_deep():
    # The move (*) makes an open three across and a three down the column
    # whose only straight-four point is q, the 3 two points above the move.
    # With the move in place, q makes a straight four down, an open three
    # across and a three on the diagonal: a double-three (four-three-three),
    # which is decided one level further down, by checking that those threes'
    # own completing points are legal.  So the column is no three and the move
    # is legal.  (q is a double-three without the move too.)
    position = check(
        """
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . . . . . X . . . . . .
        . . . . . O X . . . . .
        . . . O . X X 3 . . . .
        . . . . . . O X . . . .
        . . . . . . . X . O . .
        . . . . . X X * . . . .
        . . . . . . . . . . . .
        . . . . . . . O . . . .
        . . . . . . . . . . . .
        """
    )
    board = position.board()
    board.play(position.point(position.legal[0]))  # legal: accepted


def test_a_three_is_real_again_when_the_deeper_three_is_false():
    # The same position with five more stones across the point that completes
    # q's diagonal three (the 6): it now makes an overline, so q's diagonal is
    # no three, q with the move in place is a legal four-three, the column is a
    # real three, and the move is a double-three.  Deciding it takes three
    # levels: the move, q, the 6.  The same reasoning makes the point right of
    # q a double-three now (its three across runs through q).
    check(
        """
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        . X X X 6 X X . . . . .
        . . . . . X . . . . . .
        . . . . . O X . . . . .
        . . . O . X X 3 3 . . .
        . . . . . . O X . . . .
        . . . . . . . X . O . .
        . . . . . X X 3 . . . .
        . . . . . . . . . . . .
        . . . . . . . O . . . .
        . . . . . . . . . . . .
        """
    )


def test_double_four_in_the_corner():
    check(
        """
        4 X X X . .
        X . . . . .
        X . . . . .
        X . . . . .
        . . . . . .
        """,
        corner="top-left",
    )


def test_double_three_one_point_from_the_corner():
    check(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X . . . . .
        . X . . . . .
        . 3 X X . . .
        . . . . . . .
        """,
        corner="bottom-left",
    )


def test_threes_against_the_corner_are_not_threes():
    check(
        """
        . . . . . .
        . . . . . .
        . . . . . X
        . . . . . X
        . . . X X *
        """,
        corner="bottom-right",
    )


def test_overline_along_the_edge():
    check(
        """
        X X 6 X X X . .
        . . . . . . . .
        """,
        corner="top-right",
    )


# -- white is free; the board refuses black's fouls ---------------------------

WHITE_SHAPES = [
    ". X X X 6 X X .",
    ". X . X 4 X . X .",
    """
    . . . . . .
    . . . . X .
    . . . . X .
    . . . . X .
    . X X X 4 O
    . . . . O .
    """,
    """
    . . . . . .
    . . . X . .
    . . . X . .
    . X X 3 . .
    . . . . . .
    . . . . . .
    """,
]


@pytest.mark.parametrize("diagram", WHITE_SHAPES)
def test_white_makes_the_same_shapes_freely(diagram):
    swapped = textwrap.dedent(diagram).translate(str.maketrans("XO", "OX"))
    position = Position(swapped)
    assert renju.fouls(position.cells, SIZE) == {}
    board = position.board(turn=Stone.WHITE)
    (cell,) = position.expected
    board.play(position.point(cell))
    assert board[position.point(cell)] is Stone.WHITE
    if position.expected[cell] is Foul.OVERLINE:
        assert board.outcome.winner is Stone.WHITE  # white wins with six


@pytest.mark.parametrize("diagram", WHITE_SHAPES)
def test_the_board_refuses_black_fouls_and_lists_them(diagram):
    position = Position(diagram)
    board = position.board()
    (cell,) = position.expected
    foul = position.expected[cell]
    before = list(board.cells)
    with pytest.raises(ForbiddenMoveError, match=f"forbidden for black \\({foul}\\)") as error:
        board.play(position.point(cell))
    assert error.value.foul is foul
    assert board.cells == before and board.turn is Stone.BLACK
    assert board.foul(position.point(cell)) is foul
    assert board.forbidden_points() == [position.point(cell)]


def test_other_rules_have_no_forbidden_points():
    position = Position(WHITE_SHAPES[3])
    board = position.board()
    freestyle = Board.from_diagram(str(board), rule=Rule.FREESTYLE, turn=Stone.BLACK)
    assert freestyle.forbidden_points() == []
    (cell,) = position.expected
    freestyle.play(position.point(cell))


def test_foul_at_wants_an_empty_point():
    position = Position(". X X X 6 X X .")
    occupied = next(c for c, v in enumerate(position.cells) if v)
    with pytest.raises(ValueError, match="not empty"):
        renju.foul_at(position.cells, SIZE, occupied)


# -- published positions -------------------------------------------------------
# From the test set of the open-source renju engine mintaka
# (github.com/junghyun397/mintaka, documents/renju-test-set.md and
# documents/renju.md): full boards
# with every forbidden point marked.  Columns a-o from the left, rows 15-1 from
# the top, as renju players write them.


def check_board(diagram: str) -> None:
    rows = [line.split()[1:16] for line in textwrap.dedent(diagram).strip().splitlines()]
    check("\n".join(" ".join(row) for row in rows))


def test_published_complex_position():
    check_board(
        """
        15 . . . . . . . . . . . . . . O 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . X . X . . . . . . . . 11
        10 . . . . . . . . . X . . . . . 10
         9 . . . . . . 4 . . . . . . . . 9
         8 . . . . 3 . X X 3 . . . . . . 8
         7 . . . . X . 3 . X X . 3 . . . 7
         6 . . . . X . X . X . 3 . . . . 6
         5 . . . . . . . 3 4 X X X . . . 5
         4 . . . . . . . . X . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        """
    )


def test_published_recursive_position():
    # Each 3 makes two threes whose completing points are the other 3s.
    check_board(
        """
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . . . . . . . . . 11
        10 . . . . . . O O . . . . . . . 10
         9 . . . . . 3 X X 3 . . . . . . 9
         8 . . . . O X X X X O . . . . . 8
         7 . . . . O X X X X O . . . . . 7
         6 . . . . . 3 X X 3 . . . . . . 6
         5 . . . . . . O O . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        """
    )


def test_published_multiple_nested_position():
    check_board(
        """
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . X . . . . . . . 12
        11 . . . . . . . . . . . . X . . 11
        10 . . . . . O . . . 3 . . O X . 10
         9 . . O X . . X O X X X O X . . 9
         8 . . . X O O . X O 3 . . . . . 8
         7 . O . . X X 3 . . X 3 . . . . 7
         6 . . . . . . X . . . X X O . . 6
         5 . . . . O . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        """
    )


def test_published_pseudo_forbidden_position_has_no_fouls():
    # Looks like double-fours and double-threes, but every one is false.
    check_board(
        """
        15 . . . . . . . . . . . . . . . 15
        14 . . . . . . . . . . . . . . . 14
        13 . . . . . . . . . . . . . . . 13
        12 . . . . . . . . . . . . . . . 12
        11 . . . . . . . O . . . . . . . 11
        10 . . . . . O . . . . . . . . . 10
         9 . . . . . X X . . . . . . . . 9
         8 . . . . . . O X O . . . . . . 8
         7 . . . . . . O X O . . . . . . 7
         6 . . . . . . . . X X X O . . . 6
         5 . . . . . . . . . . . . . . . 5
         4 . . . . . . . . . . . . . . . 4
         3 . . . . . . . . . . . . . . . 3
         2 . . . . . . . . . . . . . . . 2
         1 . . . . . . . . . . . . . . . 1
        """
    )


# -- cross-check with the slow reference on random positions ------------------


@st.composite
def crowded_positions(draw):
    """A board with stones thrown into a 9x9 patch (sometimes at the edge), black-heavy."""
    size = draw(st.sampled_from([5, 7, 9, 15]))
    patch = min(9, size)
    low = draw(st.sampled_from([0, (size - patch) // 2]))
    cells = [0] * (size * size)
    stones = draw(
        st.lists(
            st.tuples(
                st.integers(low, low + patch - 1),
                st.integers(low, low + patch - 1),
                st.sampled_from([1, 1, 1, 2, 2]),
            ),
            min_size=5,
            max_size=45,
        )
    )
    for x, y, stone in stones:
        cells[y * size + x] = stone
    return size, cells


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded_positions())
def test_fast_listing_matches_the_slow_reference(position):
    size, cells = position
    expected = renju_reference.fouls(cells, size)
    assert renju.fouls(cells, size) == expected
    for cell, value in enumerate(cells):
        if not value:
            assert renju.foul_at(cells, size, cell) == expected.get(cell)
