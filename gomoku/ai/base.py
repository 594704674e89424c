"""What every computer player is, and what it says about the move it chose.

A player is one object, kept for a whole game, with one method that picks a
move and returns a :class:`Decision`: the move and what the player found
(its score or a forced win, how deep it looked, how many positions, the line
it expects).  The Gomocup engine prints it as ``MESSAGE`` lines, the UI can
show it; a player may keep what it learnt between moves (``hard`` keeps its
transposition table), so front ends hold one player per game.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Protocol

from gomoku.board import Board
from gomoku.point import Point


@dataclass(frozen=True)
class Decision:
    """A player's move and what it knows about it.

    ``score`` is the player's judgement of the position after its move, from
    its own side (larger is better; ``None`` when it did not evaluate);
    ``win_in`` is set instead when it found a forced result: plies to its own
    five (positive) or to the opponent's (negative).  ``depth`` is the full
    search depth reached, ``seldepth`` the deepest ply any line reached;
    ``pv`` the expected line, starting with ``move``.  ``reason`` names the
    step that decided (``"five"``, ``"vcf"``, ``"alpha-beta"``, ``"greedy"``...).
    ``pondered`` says the position was searched on the opponent's time (the
    reply was the one guessed) and the search started from what it learnt.
    """

    move: Point
    reason: str = ""
    score: int | None = None
    win_in: int | None = None
    depth: int = 0
    seldepth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    pv: tuple[Point, ...] = ()
    pondered: bool = False


class Player(Protocol):
    """A computer player.  The UI, the Gomocup engine and the benchmarks all use this."""

    #: The level's name as the command line spells it (``easy``, ``normal``, ...).
    name: str

    def choose_move(
        self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
    ) -> Decision:
        """The move this player makes for the side to move on ``board``, and what it found.

        ``board`` is left exactly as it was given (it is never written to).
        ``stop``, when set from another thread, asks a long search to return
        its best move so far; ``think_time`` (seconds) overrides the player's
        own for this move.  Raises :class:`~gomoku.board.GameOverError` if the
        game is over.
        """
        ...
