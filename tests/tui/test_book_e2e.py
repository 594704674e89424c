"""The real game in a pseudo-terminal (issue 31): the replay of a game in the book shows the book's line and its
marks on the board, and a move marked with M is in the player's book file at once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gomoku.board import Board
from gomoku.book import BookMark
from gomoku.books import own_book_path
from gomoku.point import parse_point
from gomoku.records import GameRecord, write_record
from gomoku.records.book import read_book
from gomoku.rules import Rule
from gomoku.tui.layout import board_layout
from tests.tui.terminal import Terminal, flatten

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

#: A freestyle game on 13x13 (no built-in book there: only the player's shows).
SIZE = 13
MOVES = ("g7", "h8", "g8", "h9", "g9")


def sign_at(game: Terminal, name: str) -> str:
    """The character drawn on the point ``name`` of the 13x13 board at 40x120."""
    layout = board_layout(40, 120, SIZE)
    assert layout is not None
    row, col = layout.screen_of(parse_point(name, SIZE))
    return game.display()[row][col]


def test_the_replay_shows_the_book_and_a_mark_is_saved_at_once(launch, home: Path) -> None:
    book = own_book_path(Rule.FREESTYLE, SIZE, home)
    book.write_text("gomoku book\nrule: freestyle\nsize: 13\ng7 h8 g8 h9 : g9 good\n", encoding="utf-8")
    record = GameRecord(size=SIZE, rule=Rule.FREESTYLE, moves=tuple(parse_point(name, SIZE) for name in MOVES))
    write_record(home / "game.sgf", record)
    game = launch("--load", "game.sgf", rows=40, cols=120)
    game.wait_for("Move 5 of 5")
    game.send(",")  # one move back: the position the book knows
    text = game.wait_for(lambda t: "book: g9 good" in flatten(t))
    assert "Move 4 of 5" in text
    assert sign_at(game, "g9") == "!"  # the good move's empty point is signed on the board
    game.send(".")  # forward to g9, then M: g9 good -> bad in the player's book
    game.wait_for("Move 5 of 5")
    game.send("M")
    game.wait_for(lambda t: "g9 marked bad in your book" in flatten(t))
    game.send(",")
    game.wait_for(lambda t: "book: g9 bad" in flatten(t))
    assert sign_at(game, "g9") == "?"

    def marked() -> BookMark | None:
        board = Board.from_moves([parse_point(name, SIZE) for name in MOVES[:4]], SIZE, Rule.FREESTYLE)
        position = read_book(book.read_text(encoding="utf-8")).lookup(board)
        found = position.move(parse_point("g9", SIZE)) if position is not None else None
        return found.mark if found is not None else None

    game.wait_for(lambda t: marked() is BookMark.BAD)  # written by the file worker, at once


def test_a_damaged_book_is_said_and_the_game_goes_on(launch, home: Path) -> None:
    own_book_path(Rule.RENJU, 15, home).write_text("gomoku book\nh8 h9 : i9 great\n", encoding="utf-8")
    game = launch("--mode", "pvp", rows=40, cols=120)
    game.wait_for(lambda t: "Your opening book" in flatten(t) and "cannot be read" in flatten(t))
    game.send(" ")  # the notice closes; the game is there (the notice's wording past the path is not relied on)
    game.wait_for("Black to play")
