"""The opening book on the screens (issue 31): its line and marks in the replay and beside the live analysis,
M to mark a move and E to comment on it (saved at once), and the computer's job carrying the book."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gomoku.board import Board
from gomoku.book import BookMark, BookMove
from gomoku.books import Library, load_library, own_book_path, save_own
from gomoku.point import parse_point
from gomoku.records.book import read_book
from gomoku.rules import Rule
from gomoku.tui import draw, view
from gomoku.tui.effects import SaveBook, StartAi
from gomoku.tui.model import Prompt, PromptKind, Replaying, State
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import Run, loaded, press, start, typed

#: The game the replay loads (freestyle 13x13: no built-in book, so only the player's shows), and the player's
#: book on its 4th position.
SIZE = 13
GAME = "g7 h8 g8 h9 g9"
BOOK = 'gomoku book\nrule: freestyle\nsize: 13\ng7 h8 g8 h9 : g9 good\ng7 h8 g8 h9 : i10 losing "no"\n'


def library(folder: Path, text: str = BOOK) -> Library:
    own_book_path(Rule.FREESTYLE, SIZE, folder).write_text(text, encoding="utf-8")
    return load_library(folder)


def replay(folder: Path, text: str = BOOK) -> State:
    """The replay of :data:`GAME` at its last move, with the player's book read from ``folder``."""
    return replace(loaded(GAME, size=SIZE), library=library(folder, text))


def shown(state: State, rows: int = 40, cols: int = 120) -> str:
    window = FakeWindow(rows, cols)
    view.draw(window, state, draw.plain_theme())
    return " ".join(" ".join(window.lines()).replace("│", " ").split())


def written(save: SaveBook, line: str, move: str) -> BookMove | None:
    """The move ``move`` after ``line`` in the book the save writes (the file keeps each position turned its
    own way: read it back to look)."""
    board = Board.from_moves([parse_point(name, SIZE) for name in line.split()], SIZE, Rule.FREESTYLE)
    position = read_book(save.save.text).lookup(board)
    return position.move(parse_point(move, SIZE)) if position is not None else None


def saved(run: Run) -> SaveBook:
    saves = run.of(SaveBook)
    assert len(saves) == 1
    return saves[0]


def test_the_replay_shows_the_book_line_of_the_position_shown(tmp_path: Path) -> None:
    state = replay(tmp_path)
    assert "book:" not in shown(state)  # after g9 the book knows nothing
    back = press(state, "left")
    assert "book: g9 good, i10 losing" in shown(back)
    assert "book: g9 good" in shown(back, 24, 80)


def test_the_replay_shows_the_book_s_comments_on_the_move_played_and_on_the_position(tmp_path: Path) -> None:
    text = BOOK + 'g7 h8 g8 h9 : g9 good "the sure way\\nthen g10"\ng7 h8 g8 h9 g9 : "black\'s open three"\n'
    state = replay(tmp_path, text)  # at g9, the 5th move
    assert "book on g9: the sure way... book on this position: black's open three" in shown(state)
    back = press(state, "left")  # at h9: the book has no comment on h9, nor on the position after it
    assert "book on" not in shown(back) and "book: g9 good, i10 losing" in shown(back)


def test_the_built_in_book_s_comments_stay_in_its_file(tmp_path: Path) -> None:
    # h8 g9 f10 g10: g10 is a built-in book move whose comment says which analysis marked it, in English
    state = replace(loaded("h8 g9 f10 g10"), library=load_library(tmp_path))
    before = press(state, "left").screen.board  # type: ignore[union-attr]
    builtin = state.library.shelf(Rule.FREESTYLE, 15).builtin.lookup(before)
    assert builtin is not None and builtin.move(parse_point("g10", 15)).comment.startswith("hard ")  # type: ignore[union-attr]
    assert "book:" in shown(state) and "book on" not in shown(state) and "hard " not in shown(state)


def test_the_book_marks_are_drawn_on_their_points(tmp_path: Path) -> None:
    back = press(replay(tmp_path), "left")
    window = FakeWindow(40, 120)
    view.draw(window, back, draw.plain_theme())
    board = "\n".join(window.lines())
    assert "!" in board and "x" in board


def test_m_marks_the_last_move_in_the_players_book_and_saves_it_at_once(tmp_path: Path) -> None:
    run = Run(replay(tmp_path)).press("M")  # g9 was good in the player's book: the next mark is bad
    assert "g9 marked bad in your book" in run.state.message
    save = saved(run)
    assert written(save, "g7 h8 g8 h9", "g9") == BookMove(parse_point("g9", SIZE), BookMark.BAD)
    assert save.save.path == own_book_path(Rule.FREESTYLE, SIZE, tmp_path)
    save_own(save.save)
    again = load_library(tmp_path).lookup(press(run.state, "left").screen.board)  # type: ignore[union-attr]
    assert again is not None and again.move(parse_point("g9", SIZE)).mark is BookMark.BAD  # type: ignore[union-attr]
    back = press(run.state, "left")
    assert "book: g9 bad, i10 losing" in shown(back)  # losing is the worst: bad comes before it


def test_m_goes_round_the_marks_and_none_takes_the_players_mark_away(tmp_path: Path) -> None:
    state = replace(loaded(GAME, size=SIZE), library=Library(folder=tmp_path))
    marks = []
    for _ in range(6):
        run = Run(state).press("M")
        state = run.state
        position = state.library.shelf(Rule.FREESTYLE, SIZE).own.lookup(press(state, "left").screen.board)  # type: ignore[union-attr]
        found = position.move(parse_point("g9", SIZE)) if position is not None else None
        marks.append(found.mark if found is not None else BookMark.NONE)
    assert marks == [BookMark.GOOD, BookMark.BAD, BookMark.WINNING, BookMark.LOSING, BookMark.EVEN, BookMark.NONE]
    assert "your mark taken away" in state.message


def test_e_writes_a_comment_through_the_prompt(tmp_path: Path) -> None:
    state = press(replay(tmp_path), "E")
    assert isinstance(state.overlay, Prompt) and state.overlay.kind is PromptKind.BOOK_COMMENT
    assert "Your book's comment on g9" in shown(state)
    run = Run(typed(state, "the sure way")).press("enter")
    assert run.state.overlay is None and "Comment on g9 written in your book" in run.state.message
    assert written(saved(run), "g7 h8 g8 h9", "g9") == BookMove(parse_point("g9", SIZE), BookMark.GOOD, "the sure way")
    cancelled = Run(press(replay(tmp_path), "E")).press("escape")
    assert cancelled.of(SaveBook) == [] and "Comment cancelled" in cancelled.state.message


def test_m_at_the_start_of_the_replay_has_no_move_to_mark(tmp_path: Path) -> None:
    run = Run(replay(tmp_path)).press("home", "M")
    assert run.of(SaveBook) == [] and run.state.alert and "no move to mark" in run.state.message
    assert isinstance(run.state.screen, Replaying)


def test_the_analysis_shows_the_book_and_m_marks_the_cursor_point(tmp_path: Path) -> None:
    state = replace(start("pvp", size=SIZE), library=library(tmp_path))
    for name in GAME.split()[:4]:
        state = _play(state, name)
    assert "book:" not in shown(state)  # the book shows beside the live analysis
    state = press(state, "A")
    assert "book: g9 good, i10 losing" in shown(state)
    run = Run(state).press("M")  # the cursor is on h9, a stone: the last move, in the position before it
    assert "h9 marked good" in run.state.message
    assert written(saved(run), "g7 h8 g8", "h9") == BookMove(parse_point("h9", SIZE), BookMark.GOOD)


def _play(state: State, name: str) -> State:
    from tests.tui.helpers import play_at

    return play_at(state, name)


def test_the_computers_job_carries_the_book_at_the_levels_that_read_it(tmp_path: Path) -> None:
    text = "gomoku book\nrule: freestyle\nsize: 13\ng7 : h8 good\n"
    for level, reads in (("hard", True), ("normal", False)):
        state = replace(start("pvc", size=SIZE, level=level), library=library(tmp_path, text))
        run = Run(state).press("enter")  # black g7; the computer's turn
        jobs = run.of(StartAi)
        assert jobs, "the computer starts thinking"
        book = jobs[-1].book
        assert (book is not None and book.move(parse_point("h8", SIZE)) is not None) is reads
