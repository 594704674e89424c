"""What every computer player is: one object with one method that picks a move."""

from __future__ import annotations

import threading
from typing import Protocol

from gomoku.board import Board
from gomoku.point import Point


class Player(Protocol):
    """A computer player.  The UI, the Gomocup engine and the benchmarks all use this."""

    #: The level's name as the command line spells it (``easy``, ``normal``, ...).
    name: str

    def choose_move(self, board: Board, stop: threading.Event | None = None) -> Point:
        """The move this player makes for the side to move on ``board``.

        ``board`` is left exactly as it was given.  ``stop``, when set from
        another thread, asks a long search to return its best move so far.
        Raises ``ValueError`` if the game is over.
        """
        ...
