"""Questions tests ask of a position, answered by the core's win detection and the one pattern layer."""

from __future__ import annotations

from gomoku import Board, Stone
from gomoku.ai.searchboard import SearchBoard


def five_points(board: Board, stone: int) -> list[int]:
    """The cells where ``stone`` wins at once (:meth:`Board.winning_points`), ascending."""
    return [board.index_of(point) for point in board.winning_points(Stone(stone))]


def winning_four_points(board: Board, stone: int) -> list[int]:
    """The cells where ``stone`` legally makes an open four or two fours (five next move, unstoppable)."""
    return SearchBoard.from_board(board).winning_fours(int(stone))
