"""The opening book: positions found under every rotation and reflection, its text form, its SGF export."""

from __future__ import annotations

import pytest

from gomoku import Board, Point, Rule
from gomoku.book import Book, BookError, BookMark, BookMove
from gomoku.openings import board_symmetries
from gomoku.point import parse_point, to_notation
from gomoku.records import RecordError, read_sgf
from gomoku.records.book import read_book, read_sgf_book, write_book, write_sgf_book
from gomoku.records.sgf import sgf_tree


def points(text: str, size: int = 15) -> list[Point]:
    return [parse_point(word, size) for word in text.split()]


def board_of(moves: str, rule: Rule = Rule.RENJU, size: int = 15) -> Board:
    return Board.from_moves(points(moves, size), size, rule)


def names(moves: tuple[BookMove, ...], size: int = 15) -> list[str]:
    return [move.text(size) for move in moves]


# -- finding a position whatever its rotation or reflection -------------------------------------------------


@pytest.mark.parametrize("turn", range(8))
def test_a_book_move_is_found_on_every_rotation_and_reflection_of_its_position(turn: int) -> None:
    book = Book(Rule.RENJU, 15)
    book.add_line(points("h8 h9 j10 i10"), BookMark.GOOD, "the strongest reply")
    symmetry = board_symmetries(15)[turn]
    turned = Board.from_moves([symmetry(point) for point in points("h8 h9 j10")], 15, Rule.RENJU)

    position = book.lookup(turned)

    assert position is not None
    assert position.moves == (BookMove(symmetry(parse_point("i10", 15)), BookMark.GOOD, "the strongest reply"),)


TURNED = """
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . X . . . . .
 5 . . . O X . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 . . . . . . . . .
 1 . . . . . . . . .
   a b c d e f g h i
"""


def test_a_position_drawn_turned_and_mirrored_finds_the_move_written_for_the_other_way_round() -> None:
    # The book's line: e5 (the centre), white e6 above it, black d6 beside that; white's f4 is bad.
    book = Book(Rule.FREESTYLE, 9)
    book.add_line(points("e5 e6 d6 f4", 9), BookMark.BAD)
    # Drawn: black e5 and d6, white d5: the same shape mirrored about the diagonal through d6 and f4.
    board = Board.from_diagram(TURNED, Rule.FREESTYLE)

    position = book.lookup(board)

    assert position is not None
    assert names(position.moves, 9) == ["f4 bad"]


def test_in_a_symmetrical_position_every_image_of_a_book_move_is_shown() -> None:
    book = Book()
    book.set_mark(board_of("h8"), parse_point("i9", 15), BookMark.GOOD)

    position = book.lookup(board_of("h8"))

    assert position is not None
    assert names(position.moves) == ["g9 good", "i9 good", "g7 good", "i7 good"]
    assert position.move(parse_point("g7", 15)) == BookMove(parse_point("g7", 15), BookMark.GOOD)
    assert position.move(parse_point("h9", 15)) is None
    # Marking an image is marking the same move: the book keeps one.
    book.set_mark(board_of("h8"), parse_point("g7", 15), BookMark.EVEN)
    assert names(book.lookup(board_of("h8")).moves) == ["g9 even", "i9 even", "g7 even", "i7 even"]  # type: ignore[union-attr]


def test_a_book_for_one_rule_knows_nothing_of_another_rules_board() -> None:
    book = Book(Rule.RENJU, 15)
    book.add_line(points("h8 h9 i9"), BookMark.GOOD)

    assert book.lookup(board_of("h8 h9", Rule.FREESTYLE)) is None
    assert book.lookup(board_of("h8 h9", Rule.RENJU, 19)) is None
    assert book.lookup(board_of("h8 h9")) is not None
    with pytest.raises(BookError, match="this book is for renju on 15x15, not freestyle on 15x15"):
        book.set_mark(board_of("h8 h9", Rule.FREESTYLE), parse_point("i9", 15), BookMark.GOOD)


def test_a_move_on_a_stone_or_a_position_no_game_reaches_is_refused() -> None:
    book = Book()
    with pytest.raises(BookError, match="h8 is already taken"):
        book.set_mark(board_of("h8 h9"), parse_point("h8", 15), BookMark.GOOD)
    two_blacks = Board.from_diagram("X X . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .", Rule.RENJU)
    with pytest.raises(BookError, match="2 black and 0 white stones"):
        Book(Rule.RENJU, 5).set_mark(two_blacks, Point(4, 4), BookMark.GOOD)


def test_comments_on_moves_and_positions_and_removing_a_move() -> None:
    book = Book()
    board = board_of("h8 h9")
    book.set_comment(board, None, "direct openings")
    book.set_comment(board, parse_point("i9", 15), "Kagetsu")
    position = book.lookup(board)
    assert position is not None
    assert position.comment == "direct openings"
    # h8 h9 is symmetrical about the column h: i9 and g9 are the same move.
    assert names(position.moves) == ["g9", "i9"]
    assert position.move(parse_point("i9", 15)) == BookMove(parse_point("i9", 15), BookMark.NONE, "Kagetsu")
    assert book.remove(board, parse_point("i9", 15))
    assert not book.remove(board, parse_point("i9", 15))
    book.set_comment(board, None, "")
    assert book.lookup(board) is None
    assert len(book) == 0


def test_a_line_puts_each_of_its_moves_in_and_marks_the_last() -> None:
    book = Book()
    book.add_line(points("h8 h9 i9 i10"), BookMark.WINNING)
    book.add_line(points("h8 h9 i9 j10"), BookMark.LOSING)

    assert len(book) == 4
    assert names(book.lookup(board_of("h8 h9 i9")).marked) == ["i10 winning", "j10 losing"]  # type: ignore[union-attr]
    assert names(book.lookup(board_of("h8 h9")).moves) == ["g9", "i9"]  # type: ignore[union-attr]


def test_merging_books_keeps_both_and_the_other_books_marks_win() -> None:
    mine, theirs = Book(), Book()
    mine.add_line(points("h8 h9 i9"), BookMark.GOOD, "mine")
    mine.add_line(points("h8 h9 j10"), BookMark.BAD)
    theirs.add_line(points("h8 h9 i9"), BookMark.EVEN)
    theirs.add_line(points("h8 i9 j10"), BookMark.GOOD)

    mine.merge(theirs)

    assert names(mine.lookup(board_of("h8 h9")).moves) == ["f10 bad", "j10 bad", "g9 even", "i9 even"]  # type: ignore[union-attr]
    assert mine.lookup(board_of("h8 h9")).move(parse_point("i9", 15)).comment == "mine"  # type: ignore[union-attr]
    assert mine.lookup(board_of("h8 i9 j10")) is None  # j10 is a move in that position, not a position
    assert names(mine.lookup(board_of("h8 i9")).moves) == ["j10 good"]  # type: ignore[union-attr]
    with pytest.raises(BookError):
        mine.merge(Book(Rule.FREESTYLE, 15))


# -- the text form ---------------------------------------------------------------------------------------------


def sample_book() -> Book:
    book = Book(Rule.RENJU, 15)
    book.set_comment(Board(15, Rule.RENJU), None, "Renju openings: black at the centre.")
    book.add_line(points("h8 h9 i9"), BookMark.GOOD, "Kagetsu (D4): 花月")
    book.add_line(points("h8 h9 i9 i10"), BookMark.WINNING, 'the "sure" way\nsecond line')
    book.add_line(points("h8 h9 i9 j10"), BookMark.LOSING)
    book.add_line(points("h8 h9 i9 g10 j9"))
    book.add_line(points("h8 i9 j10"), BookMark.EVEN)
    book.add_line(points("h8 i9 g10 i10"), BookMark.BAD)  # transposes nothing; a second branch
    book.set_comment(board_of("h8 i9"), None, "indirect openings")
    return book


SAMPLE_TEXT = """\
gomoku book
rule: renju
size: 15
: "Renju openings: black at the centre."
h8 g9 : "indirect openings"
h8 g9 : f10 even
h8 g9 i10 : g10 bad
h8 h9 : g9 good "Kagetsu (D4): 花月"
h8 h9 g9 : f10 losing
h8 h9 g9 : g10 winning "the \\"sure\\" way\\nsecond line"
h8 h9 g9 i10 : f9
"""


def test_the_text_form_of_a_book_reads_as_it_was_written() -> None:
    text = write_book(sample_book())
    assert text == SAMPLE_TEXT
    assert read_book(text) == sample_book()


def test_a_book_read_back_from_its_text_is_written_the_same() -> None:
    book = read_book(SAMPLE_TEXT)
    assert write_book(book) == SAMPLE_TEXT
    assert len(book) == 7  # the empty board, h8, h8 h9, h8 h9 g9, h8 h9 g9 i10, h8 g9, h8 g9 i10


def test_a_position_no_book_move_reaches_is_written_along_its_stones() -> None:
    book = Book(Rule.FREESTYLE, 15)
    book.set_comment(board_of("h8 h9 i9", Rule.FREESTYLE), parse_point("j10", 15), "alone")
    again = read_book(write_book(book))
    position = again.lookup(board_of("h8 h9 i9", Rule.FREESTYLE))
    assert position is not None and position.moves[0].comment == "alone"
    assert write_book(again) == write_book(read_book(write_book(again)))


def test_a_hand_written_book_in_any_orientation_finds_its_moves() -> None:
    book = read_book("gomoku book\nrule: freestyle\n\n# Swap2 lines\nh8 g7 h9 : h10 good\n")
    assert book.rule is Rule.FREESTYLE and book.size == 15
    position = book.lookup(board_of("h8 i7 h9", Rule.FREESTYLE))  # mirrored about the column h
    assert position is not None and names(position.moves) == ["h10 good"]
    assert names(book.lookup(board_of("h8 g7", Rule.FREESTYLE)).moves) == ["h9", "i8"]  # type: ignore[union-attr]


BROKEN = [
    ("gomoku puzzle\n", "line 1: not a book: the first line must be 'gomoku book'"),
    ("", "not a book: the first line must be 'gomoku book'"),
    ("gomoku book\nrule: chess\nh8 : h9\n", "rule: 'chess' is not one of freestyle, standard, renju, caro"),
    ("gomoku book\nsize: 99\n: h8\n", "board size 99 is not supported (use 5 to 25)"),
    ("gomoku book\nrule: renju\nrule: renju\n", "line 3: 'rule' is given twice"),
    ("gomoku book\n: h8\nh8 h9\n", "line 3: 'h8 h9' is not a book line"),
    ("gomoku book\n\nh8 z9 : i9\n", "line 3: move 2: 'z9' is not a point: write a column a-o then a row 1-15"),
    ("gomoku book\nh8 h9 : h8 good\n", "line 2: h8 is already taken"),
    ("gomoku book\nh8 h8 : i9\n", "line 2: h8 is already taken"),
    ("gomoku book\nh8 : i9 great\n", "line 2: 'great' is not a move with a mark"),
    ('gomoku book\nh8 : i9 good "open\n', 'line 2: "open is not a comment: write it in double quotes'),
    ("gomoku book\nh8 :\n", "line 2: a book line needs a move or a comment after the colon"),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_a_broken_book_says_which_line_and_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_book(text)
    assert message in str(caught.value)


# -- SGF with variations ---------------------------------------------------------------------------------------


def test_the_sgf_export_is_a_tree_our_sgf_reader_reads() -> None:
    book = sample_book()
    text = write_sgf_book(book)

    # The main line, as any SGF reader follows it: the first variation at every branch.
    game = read_sgf(text)
    assert [to_notation(move, 15) for move in game.moves] == ["h8", "g9", "f10"]
    assert game.comment(0) == "Renju openings: black at the centre."
    # Every book move is a variation: after h8, g9 (indirect) and h9 (direct); after h8 h9 g9, three replies.
    root = sgf_tree(text)
    h8 = root.children[0]
    assert [child.values("W") for child in h8.children] == [["gg"], ["hg"]]
    g9 = h8.children[1].children[0]
    assert g9.values("B") == ["gg"] and g9.values("TE") == ["1"] and g9.values("C") == ["Kagetsu (D4): 花月"]
    replies = [(child.values("W"), child.properties[1:]) for child in g9.children]
    assert replies == [
        (["ff"], [("GB", ["1"])]),
        (["gf"], [("GW", ["1"]), ("C", ['the "sure" way\nsecond line'])]),
        (["if"], []),
    ]


def test_a_book_read_back_from_its_sgf_export_is_the_same_book() -> None:
    book = sample_book()
    back = read_sgf_book(write_sgf_book(book))
    # A position's own comment joins the comment of the move that reaches it in SGF: the rest is the same.
    assert back.lookup(board_of("h8")).move(parse_point("i9", 15)).comment == "indirect openings"  # type: ignore[union-attr]
    book.set_comment(board_of("h8 i9"), None, "")
    back.set_comment(board_of("h8"), parse_point("i9", 15), "")
    assert back == book


def test_an_sgf_move_of_the_wrong_colour_or_on_a_stone_is_said() -> None:
    with pytest.raises(RecordError, match="move 2 is B\\[hh\\] but white is to move"):
        read_sgf_book("(;GM[4]SZ[15];B[hh](;B[hh])(;W[hi]))")
    with pytest.raises(RecordError, match="move 3: h8 is already taken"):
        read_sgf_book("(;GM[4]SZ[15];B[hh](;W[ii];B[hh])(;W[hi]))")
