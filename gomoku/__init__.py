"""Gomoku and renju: the board, its rules, the win-combination tables and computer players.

>>> from gomoku import Board, Point
>>> board = Board(size=15)
>>> board.play(Point(7, 7))
>>> board.notation(board.last_move)
'h8'
"""

from gomoku.board import (
    Board,
    ForbiddenMoveError,
    GameOverError,
    HistoryError,
    IllegalMoveError,
    OccupiedError,
    OffBoardError,
)
from gomoku.combos import CombinationTables
from gomoku.errors import GomokuError
from gomoku.game import Game, GameError, Refusal, UndoPolicy
from gomoku.point import Point, parse_point, to_notation
from gomoku.renju import Foul
from gomoku.rules import Outcome, Rule, Stone, Termination

__version__ = "0.1.0"

__all__ = [
    "Board",
    "CombinationTables",
    "ForbiddenMoveError",
    "Foul",
    "Game",
    "GameError",
    "GameOverError",
    "GomokuError",
    "HistoryError",
    "IllegalMoveError",
    "OccupiedError",
    "OffBoardError",
    "Outcome",
    "Point",
    "Refusal",
    "Rule",
    "Stone",
    "Termination",
    "UndoPolicy",
    "parse_point",
    "to_notation",
]
