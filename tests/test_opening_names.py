"""The 26 renju openings by their names, whatever the rotation or reflection, in every language and record."""

from __future__ import annotations

import pytest

from gomoku import Board, Point, Rule, Stone
from gomoku.i18n import Language, speaking
from gomoku.openings import (
    CANONICAL_OPENINGS,
    OpeningKind,
    OpeningRule,
    board_symmetries,
    canonical_openings,
    named_opening,
    opening_of,
    opening_said,
)
from gomoku.point import parse_point
from gomoku.records import GameRecord, read_psq, read_sgf, write_psq, write_sgf

#: Openings drawn as the traditional diagrams draw them: 1 is black's first stone, 2 white's, 3 black's second;
#: white above black (direct) or above and to the right (indirect).  Each says where the name is.
DIAGRAMS = {
    "Kansei (D1)": """
        . . 3 . .
        . . 2 . .
        . . 1 . .
        . . . . .
        . . . . .
    """,
    "Kagetsu (D4)": """
        . . . . .
        . . 2 3 .
        . . 1 . .
        . . . . .
        . . . . .
    """,
    "Ugetsu (D6)": """
        . . . . .
        . . 2 . .
        . . 1 3 .
        . . . . .
        . . . . .
    """,
    "Shogetsu (D8)": """
        . . . . .
        . . 2 . .
        . . 1 . .
        . . 3 . .
        . . . . .
    """,
    "Yusei (D13)": """
        . . . . .
        . . 2 . .
        . . 1 . .
        . . . . .
        . . . . 3
    """,
    "Chosei (I1)": """
        . . . . 3
        . . . 2 .
        . . 1 . .
        . . . . .
        . . . . .
    """,
    "Hogetsu (I7)": """
        . . . . .
        . . . 2 .
        . . 1 . .
        . . . 3 .
        . . . . .
    """,
    "Myojo (I10)": """
        . . . . .
        . . . 2 .
        . . 1 . .
        . . . . .
        . . 3 . .
    """,
    "Shagetsu (I11)": """
        . . . . .
        . . . 2 .
        . . 1 . .
        . 3 . . .
        . . . . .
    """,
    "Suisei (I13)": """
        . . . . .
        . . . 2 .
        . . 1 . .
        . . . . .
        3 . . . .
    """,
}


CENTRE = Point(7, 7)


def stones_of(diagram: str, at: Point = CENTRE) -> list[Point]:
    """The three stones of a 5x5 diagram in the order played, its centre put at ``at``."""
    found: dict[str, Point] = {}
    rows = [row.split() for row in diagram.strip().splitlines()]
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark != ".":
                found[mark] = Point(at.x + x - 2, at.y + y - 2)
    return [found["1"], found["2"], found["3"]]


@pytest.mark.parametrize("turn", range(8))
@pytest.mark.parametrize("name", DIAGRAMS)
def test_each_drawn_opening_is_named_turned_or_mirrored(name: str, turn: int) -> None:
    symmetry = board_symmetries(15)[turn]
    stones = [symmetry(point) for point in stones_of(DIAGRAMS[name])]

    opening = named_opening(stones)

    assert opening is not None and opening.text == name


@pytest.mark.parametrize("name", DIAGRAMS)
def test_the_shape_is_named_wherever_it_stands_as_in_freestyle_and_swap2(name: str) -> None:
    corner = stones_of(DIAGRAMS[name], at=Point(2, 12))  # c3, near the lower-left corner
    assert named_opening(corner).text == name  # type: ignore[union-attr]


def test_the_26_are_thirteen_direct_and_thirteen_indirect_numbered_in_order() -> None:
    codes = [opening.code for opening in CANONICAL_OPENINGS]
    assert codes == [f"D{n}" for n in range(1, 14)] + [f"I{n}" for n in range(1, 14)]
    assert [opening.kind for opening in CANONICAL_OPENINGS].count(OpeningKind.DIRECT) == 13
    assert len({opening.name for opening in CANONICAL_OPENINGS}) == 26
    for opening, stones in zip(CANONICAL_OPENINGS, canonical_openings(15)):
        for symmetry in board_symmetries(15):
            assert named_opening([symmetry(point) for point in stones]) is opening


def test_the_traditional_places_of_the_third_stone_on_15x15() -> None:
    # docs/openings.md: with black h8 and white h9 (direct) or i9 (indirect), black's 3rd stone.
    direct = points("h10 i10 j10 i9 j9 i8 j8 h7 i7 j7 h6 i6 j6")
    indirect = points("j10 j9 j8 j7 j6 i8 i7 i6 h7 h6 g7 g6 f6")
    seconds = points("h9") * 13 + points("i9") * 13
    for opening, second, third in zip(CANONICAL_OPENINGS, seconds, direct + indirect):
        assert named_opening([*points("h8"), second, third]) is opening, opening.text


def points(moves: str) -> list[Point]:
    return [parse_point(word, 15) for word in moves.split()]


def test_stones_that_are_no_named_opening_have_no_name() -> None:
    assert named_opening(points("h8 h10 i9")) is None  # white not beside black
    assert named_opening(points("h8 h9 k11")) is None  # the 3rd outside the 5x5 square
    assert named_opening(points("h8 h9")) is None


def board(moves: str, rule: Rule = Rule.RENJU) -> Board:
    return Board.from_moves(points(moves), 15, rule)


def test_what_a_screen_says_of_the_opening() -> None:
    assert opening_said(board("h8 h9")) == ""
    assert opening_said(board("h8 h9 i9 j10")) == "Kagetsu (D4)"
    assert opening_said(board("h8 g7 h10")) == "Myojo (I10)"  # turned half round: white below, black 3 above
    # A Swap2 proposal that is none of the 26 is named by its stones; a plain game's is not named at all.
    assert opening_said(board("d4 l12 h8", Rule.FREESTYLE), OpeningRule.SWAP2) == "d4 l12 h8, unnamed"
    assert opening_said(board("d4 l12 h8", Rule.FREESTYLE)) == ""
    with speaking(Language.JAPANESE):
        assert opening_said(board("h8 h9 i9")) == "花月 (D4)"
    with speaking(Language.CHINESE_SIMPLIFIED):
        assert opening_said(board("h8 i9 i7")) == "浦月 (I7)"
    with speaking(Language.RUSSIAN):
        assert opening_said(board("h8 h9 i8")) == "Угэцу (D6)"


def test_the_opening_of_a_set_up_position_is_not_guessed() -> None:
    stones = [(Point(7, 7), Stone.BLACK), (Point(7, 6), Stone.WHITE), (Point(8, 6), Stone.BLACK)]
    diagram = Board.from_position(stones, 15, Rule.RENJU)
    assert opening_of(diagram) is None


def test_sgf_writes_the_name_in_english_and_reads_another_programs_name() -> None:
    record = GameRecord.from_board(board("h8 i9 i7 j8"))
    with speaking(Language.CHINESE_SIMPLIFIED):
        text = write_sgf(record)
    assert "ON[Hogetsu (I7)]" in text
    assert read_sgf(text).opening_name == "Hogetsu (I7)"
    # Another program's name is kept for stones that are none of the 26 (and written back); for one of them the
    # moves name it.
    other = read_sgf("(;GM[4]SZ[15]RU[freestyle]ON[Sword];B[dd];W[ll];B[hh])")
    assert other.opening_name == "Sword" and "ON[Sword]" in write_sgf(other)
    renamed = read_sgf("(;GM[4]SZ[15]RU[renju]ON[something else];B[hh];W[hg];B[ig])")
    assert renamed.opening_name == "Kagetsu (D4)"


def test_psq_has_no_field_for_the_name_and_the_moves_name_it_again() -> None:
    record = GameRecord.from_board(board("h8 h9 i9", Rule.FREESTYLE))
    assert "Kagetsu" not in write_psq(record)
    assert read_psq(write_psq(record)).opening_name == "Kagetsu (D4)"


def test_stars_have_a_gap_between_blacks_stones_and_moons_touch_or_a_knights_move_apart() -> None:
    # The traditional names follow a rule (docs/openings.md): the table keeps it, opening by opening.
    for opening in CANONICAL_OPENINGS:
        (x, y) = opening.stones[2]
        gap = max(abs(x), abs(y)) == 2 and (x == 0 or y == 0 or abs(x) == abs(y))
        star = opening.name.endswith("sei") or opening.name == "Myojo"
        assert gap == star, opening.text
