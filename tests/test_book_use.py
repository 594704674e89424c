"""The opening book in use (issue 31): the computer plays from it, the review says where a game left it, the
player's own book is loaded over the built-in one (a damaged one said and kept aside), exported as SGF."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from gomoku.ai import LEVELS, make_player
from gomoku.ai.book import BAD_RATE, EVEN_RATE, GOOD_RATE, WINNING_RATE, book_choice, mark_for, mark_of_result
from gomoku.ai.result import HARD_EVAL_SCALE, SearchResult
from gomoku.ai.search import SearchPlayer
from gomoku.board import Board
from gomoku.book import Book, BookMark
from gomoku.bookline import book_exit, book_text, comment_lines
from gomoku.books import BUILTIN_SIZE, Library, builtin_book, load_library, own_book_path, save_own
from gomoku.cli import main
from gomoku.point import Point, parse_point
from gomoku.records.book import read_book, read_sgf_book, write_sgf_book
from gomoku.review import render_text, review_game, to_data
from gomoku.rules import Rule
from tools.make_book import distinct, read_opening
from tools.make_book import main as make_book_main

SIZE = 15


def p(name: str) -> Point:
    return parse_point(name, SIZE)


def board_of(*moves: str, rule: Rule = Rule.RENJU) -> Board:
    return Board.from_moves([p(name) for name in moves], SIZE, rule)


def book_with(*lines: str, rule: Rule = Rule.RENJU) -> Book:
    header = f"gomoku book\nrule: {rule.value}\nsize: {SIZE}\n"
    return read_book(header + "\n".join(lines) + "\n")


# -- marks from a win rate ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rate", "mark"),
    [
        (1.0, BookMark.WINNING),
        (WINNING_RATE, BookMark.WINNING),
        (0.89, BookMark.GOOD),
        (GOOD_RATE, BookMark.GOOD),
        (0.5, BookMark.EVEN),
        (EVEN_RATE, BookMark.EVEN),
        (0.39, BookMark.BAD),
        (BAD_RATE, BookMark.BAD),
        (0.05, BookMark.LOSING),
    ],
)
def test_a_win_rate_gives_its_band_s_mark(rate: float, mark: BookMark) -> None:
    assert mark_for(rate) is mark


def test_an_analysed_move_is_marked_by_its_value_and_a_bound_is_not() -> None:
    assert mark_of_result(SearchResult(p("i9"), win_in=5), HARD_EVAL_SCALE) is BookMark.WINNING
    assert mark_of_result(SearchResult(p("i9"), win_in=-4), HARD_EVAL_SCALE) is BookMark.LOSING
    assert mark_of_result(SearchResult(p("i9"), score=0), HARD_EVAL_SCALE) is BookMark.EVEN
    assert mark_of_result(SearchResult(p("i9"), score=-30_000), HARD_EVAL_SCALE) is BookMark.LOSING
    assert mark_of_result(SearchResult(p("i9"), score=900, exact=False), HARD_EVAL_SCALE) is None


# -- the computer plays from the book ----------------------------------------------------------------------------

#: After h8 h9 i9 (a renju opening), white's moves in a book: two good, one winning for nobody, two to avoid.
KNOWN = (
    "h8 h9 i9 : j10 good",
    "h8 h9 i9 : g10 good",
    "h8 h9 i9 : i10 bad",
    "h8 h9 i9 : j9 losing",
    "h8 h9 i9 : i8 even",
)


def test_the_computer_plays_a_good_book_move_never_a_bad_one() -> None:
    book = book_with(*KNOWN)
    board = board_of("h8", "h9", "i9")
    player = make_player("hard", seed=1, max_nodes=200)
    assert isinstance(player, SearchPlayer)
    player.book = book.lookup
    decision = player.choose_move(board)
    assert decision.reason == "book"
    assert board.notation(decision.move) in {"j10", "g10"}


def test_a_winning_book_move_comes_before_the_good_ones() -> None:
    book = book_with(*KNOWN, "h8 h9 i9 : g8 winning")
    choice = book_choice(book.lookup(board_of("h8", "h9", "i9")), board_of("h8", "h9", "i9"), random.Random(3))
    assert choice == p("g8")


def test_only_bad_or_even_moves_leave_the_computer_to_search() -> None:
    book = book_with("h8 h9 i9 : i10 bad", "h8 h9 i9 : j9 losing", "h8 h9 i9 : i8 even", "h8 h9 i9 : g8")
    assert book_choice(book.lookup(board_of("h8", "h9", "i9")), board_of("h8", "h9", "i9"), random.Random(0)) is None
    player = make_player("strong", seed=1, max_nodes=200)
    assert isinstance(player, SearchPlayer)
    player.book = book.lookup
    assert player.choose_move(board_of("h8", "h9", "i9")).reason != "book"


def test_the_book_move_is_the_same_with_the_same_seed_and_found_turned_around() -> None:
    """The seeded choice among good moves: a fixed-seed game is the same game; the position turned (h8 h7 g7
    is h8 h9 i9 turned half round) finds the same moves, turned."""
    book = book_with(*KNOWN)
    turned = board_of("h8", "h7", "g7")
    picks = []
    for _ in range(2):
        player = make_player("hard", seed=7, max_nodes=200)
        assert isinstance(player, SearchPlayer)
        player.book = book.lookup
        picks.append([player.choose_move(turned).move for _ in range(6)])
    assert picks[0] == picks[1]
    assert {turned.notation(move) for move in picks[0]} <= {"f6", "i6"}  # j10 and g10, turned


def test_a_forbidden_book_move_is_not_played() -> None:
    """A renju book move on a point forbidden for black (a double three here) is passed over."""
    board = board_of("h8", "a1", "i8", "a3", "h9", "a5", "i10", "a7")  # black to move: g8 makes two open threes
    forbidden = board.forbidden_points()
    assert forbidden, "the position needs a forbidden point"
    book = Book(Rule.RENJU, SIZE)
    book.set_mark(board, forbidden[0], BookMark.WINNING)
    assert book_choice(book.lookup(board), board, random.Random(0)) is None


def test_the_stronger_levels_read_the_book() -> None:
    assert [name for name, level in LEVELS.items() if level.reads_book] == ["strong", "hard", "expert", "master"]


# -- what the book says in a line, and where a game left it -------------------------------------------------------


def test_the_book_line_lists_the_best_marks_first() -> None:
    book = book_with("h8 h9 i9 : j9 losing", "h8 h9 i9 : i10 good", "h8 h9 i9 : g8")
    assert book_text(book.lookup(board_of("h8", "h9", "i9")), SIZE) == "book: i10 good, g8, j9 losing"
    assert book_text(book.lookup(board_of("h8", "a1")), SIZE) == ""


def test_the_comments_shown_are_the_move_s_that_reached_the_position_then_the_position_s_own_first_lines() -> None:
    book = book_with('h8 h9 i9 : j10 good "the sure way\\nfor black"', 'h8 h9 i9 j10 : "white is lost"')
    assert comment_lines(board_of("h8", "h9", "i9", "j10"), book.lookup) == [
        "book on j10: the sure way...",  # the first line only: more follows
        "book on this position: white is lost",
    ]
    mirrored = board_of("h8", "h9", "g9", "f10")  # the same line turned over: the same comments
    assert comment_lines(mirrored, book.lookup)[0] == "book on f10: the sure way..."
    assert comment_lines(board_of("h8", "h9", "i9"), book.lookup) == []  # nothing said of i9 or its position
    long = book_with("h8 : h9 " + json.dumps("x" * 100))
    assert comment_lines(board_of("h8", "h9"), long.lookup, columns=20) == ["book on h9: " + "x" * 17 + "..."]


def test_a_game_leaves_the_book_at_its_first_move_the_book_does_not_know() -> None:
    book = book_with("h8 h9 i9 : j10 good", "h8 h9 i9 : g10 bad")
    moves = [p(name) for name in ("h8", "h9", "i9", "k11", "a1")]
    found = book_exit(moves, SIZE, Rule.RENJU, book.lookup)
    assert found is not None and found.number == 4 and found.played == p("k11")
    assert found.said(SIZE) == "Left the book at move 4 (book: j10 good, g10 bad)."
    assert book_exit(moves[:3] + [p("j10")], SIZE, Rule.RENJU, book.lookup) is None


def test_the_review_says_where_the_game_left_the_book() -> None:
    book = book_with("h8 h9 i9 : j10 good")
    board = board_of("h8", "h9", "i9", "k11", "a1")
    review = review_game(board, None, book=book.lookup)
    assert "Left the book at move 4 (book: j10 good)." in render_text(review)
    data = json.loads(json.dumps(to_data(review)))
    assert data["book_exit"] == {"number": 4, "move": "k11", "book": ["j10 good"]}
    assert to_data(review_game(board, None))["book_exit"] is None


# -- the built-in book and the player's own -----------------------------------------------------------------------


@pytest.mark.parametrize("rule", [Rule.RENJU, Rule.STANDARD, Rule.FREESTYLE])
def test_every_shipped_book_reads_and_knows_the_canonical_openings(rule: Rule) -> None:
    book = builtin_book(rule, BUILTIN_SIZE)
    if not len(book):
        pytest.skip(f"no built-in {rule.value} book shipped")
    position = book.lookup(board_of("h8", "h9", "i9", rule=rule))  # direct 4 (Kagetsu)
    assert position is not None and position.marked


def test_the_players_marks_win_over_the_built_in_ones(tmp_path: Path) -> None:
    own_book_path(Rule.RENJU, SIZE, tmp_path).write_text('gomoku book\nh8 h9 i9 : j10 bad "mine"\n', encoding="utf-8")
    library = load_library(tmp_path)
    assert library.problems == ()
    position = library.lookup(board_of("h8", "h9", "i9"))
    assert position is not None
    move = position.move(p("j10"))
    assert move is not None and move.mark is BookMark.BAD and move.comment == "mine"


def test_a_mark_is_a_new_library_and_a_save_of_the_players_book(tmp_path: Path) -> None:
    library = Library(folder=tmp_path)
    board = board_of("h8", "h9", "i9")
    marked, save = library.marked(board, p("k11"), BookMark.GOOD)
    assert library.lookup(board) is None or library.lookup(board).move(p("k11")) is None  # type: ignore[union-attr]
    assert marked.lookup(board).move(p("k11")).mark is BookMark.GOOD  # type: ignore[union-attr]
    assert save_own(save) is None
    again = load_library(tmp_path)
    assert again.lookup(board).move(p("k11")).mark is BookMark.GOOD  # type: ignore[union-attr]
    _taken, save = again.marked(board, p("k11"), BookMark.NONE)
    save_own(save)
    assert load_library(tmp_path).shelf(Rule.RENJU, SIZE).own.lookup(board) is None


def test_a_mark_made_on_a_screen_is_written_along_the_game_s_line_and_exported_from_the_empty_board(
    tmp_path: Path,
) -> None:
    # the replay's M on j10 after h8 h9 i9: the file reads as the game went (in the book's own orientation,
    # mirrored here), not along a made-up order of the stones such as "g9 h9 h8 : f10"
    board = board_of("h8", "h9", "i9")
    marked, save = Library(folder=tmp_path).marked(board, p("j10"), BookMark.GOOD)
    _commented, save = marked.commented(board, p("j10"), "my try")
    assert save.text.splitlines()[3:] == ['h8 h9 g9 : f10 good "my try"']
    book = read_book(save.text)
    assert book.lookup(board).move(p("j10")).comment == "my try"  # type: ignore[union-attr]
    assert read_sgf_book(write_sgf_book(book)) == book  # the SGF's variation starts at black's h8
    set_up = Board.from_diagram(str(board), Rule.RENJU)  # a diagram has no line: its order is the book's own
    _diagram, save = Library(folder=tmp_path).marked(set_up, p("j10"), BookMark.GOOD)
    assert save.text.splitlines()[3:] == ["g9 h9 h8 : f10 good"]


def test_a_damaged_book_is_said_play_goes_on_and_the_first_save_keeps_it_aside(tmp_path: Path) -> None:
    path = own_book_path(Rule.RENJU, SIZE, tmp_path)
    path.write_text("gomoku book\nh8 h9 : i9 great\n", encoding="utf-8")
    library = load_library(tmp_path)
    assert len(library.problems) == 1 and "line 2" in library.problems[0] and str(path) in library.problems[0]
    assert library.lookup(board_of("h8", "h9", "i9")) == load_library(tmp_path / "none").lookup(
        board_of("h8", "h9", "i9")
    )  # the built-in book alone
    changed, save = library.marked(board_of("h8", "h9"), p("i9"), BookMark.GOOD)
    aside = save_own(save)
    assert aside is not None and aside.read_text(encoding="utf-8") == "gomoku book\nh8 h9 : i9 great\n"
    assert load_library(tmp_path).problems == ()
    _again, save = changed.marked(board_of("h8", "h9"), p("i9"), BookMark.BAD)
    assert save_own(save) is None  # the new file is not damaged: nothing more is kept aside


def test_a_book_under_another_rules_name_is_damaged(tmp_path: Path) -> None:
    own_book_path(Rule.FREESTYLE, SIZE, tmp_path).write_text("gomoku book\nrule: renju\nh8 : h9\n", encoding="utf-8")
    assert len(load_library(tmp_path).problems) == 1


def test_export_book_writes_the_players_book_as_sgf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    own_book_path(Rule.RENJU, SIZE, tmp_path).write_text(
        'gomoku book\nh8 h9 i9 : j10 good "a line"\nh8 h9 i9 : g10 losing\n', encoding="utf-8"
    )
    out = tmp_path / "mine.sgf"
    assert main(["--export-book", str(out)]) == 0
    assert "written to" in capsys.readouterr().out
    assert read_sgf_book(out.read_text(encoding="utf-8")) == read_book(
        own_book_path(Rule.RENJU, SIZE, tmp_path).read_text(encoding="utf-8")
    )


# -- the maker of the built-in book -------------------------------------------------------------------------------


class FixedAnalyst:
    """An analyst that values moves from a table (the tool's marks, without a search)."""

    def __init__(self, table: dict[str, list[tuple[str, BookMark]]]) -> None:
        self.table = table
        self.asked: list[str] = []

    def moves(self, board: Board, count: int) -> list[tuple[Point, BookMark | None, str]]:
        line = " ".join(board.notation(move) for move in board.moves)
        self.asked.append(line)
        found: list[tuple[Point, BookMark | None, str]] = [
            (p(name), mark, "table") for name, mark in self.table.get(line, [])
        ]
        return found[:count]


def test_the_maker_marks_the_4th_moves_and_follows_the_best_to_the_5th() -> None:
    analyst = FixedAnalyst(
        {
            "h8 h9 i9": [("j10", BookMark.GOOD), ("g10", BookMark.EVEN), ("k11", BookMark.LOSING)],
            "h8 h9 i9 j10": [("i10", BookMark.GOOD)],
            "h8 h9 i9 g10": [("g9", BookMark.BAD)],
        }
    )
    book = Book(Rule.RENJU, SIZE)
    read_opening(book, analyst, [p("h8"), p("h9"), p("i9")], Rule.RENJU, 3, 2)  # type: ignore[arg-type]
    assert book_text(book.lookup(board_of("h8", "h9", "i9")), SIZE) == "book: j10 good, g10 even, k11 losing"
    assert book_text(book.lookup(board_of("h8", "h9", "i9", "j10")), SIZE) == "book: i10 good"
    assert book_text(book.lookup(board_of("h8", "h9", "i9", "g10")), SIZE) == "book: g9 bad"
    assert "h8 h9 i9 k11" not in analyst.asked  # a losing 4th move is not followed


def test_the_maker_keeps_one_of_each_pair_a_symmetry_makes_one() -> None:
    """h8 h9 h10 is its own mirror image: g10 and i10 lead to the same position, which the book keeps once."""
    analyst = FixedAnalyst({"h8 h9 h10": [("g10", BookMark.GOOD), ("i10", BookMark.GOOD), ("g8", BookMark.BAD)]})
    kept = distinct(Book(Rule.RENJU, SIZE), analyst, [p("h8"), p("h9"), p("h10")], Rule.RENJU, 3)  # type: ignore[arg-type]
    assert [board_of().notation(move) for move, _mark, _text in kept] == ["g10", "g8"]


def test_the_maker_reads_with_an_outside_engine(tmp_path: Path) -> None:
    """``--engine``: the candidates valued by the engine's own evaluation after each (the fake engine says
    ``ev 42`` for the side to move: 45% for the mover, even), the engine named in the comments."""
    engine = Path(__file__).resolve().parent / "engines" / "fake_engine.py"
    command = f"{sys.executable} {engine} good"
    code = make_book_main(
        ["--rule", "renju", "--openings", "1", "--seconds", "0.2", "--engine", command, "--out", str(tmp_path)]
    )
    assert code == 0
    book = read_book((tmp_path / "book-renju.txt").read_text(encoding="utf-8"))
    position = book.lookup(board_of("h8", "h9", "h10"))
    assert position is not None and position.moves
    assert {move.mark for move in position.moves} == {BookMark.EVEN}
    assert all("fake_engine.py" in move.comment and "45% for the mover" in move.comment for move in position.moves)
