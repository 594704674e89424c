"""The base class of every error the package raises on purpose.

A front end, an engine wrapper or a script can catch :class:`GomokuError` to
tell "the game said no" (an illegal move, nothing to undo, a broken record)
apart from a bug, without listing every precise type.  Each precise error
also keeps the built-in class it has always been (``ValueError``,
``IndexError``, ...), so code that catches those goes on working.  The
precise errors live where they are raised (``gomoku.board`` for moves and
history); this module holds only the base, so that every module can import
it without importing the board.
"""

from __future__ import annotations


class GomokuError(Exception):
    """An error of the game's own making: its message says what went wrong and what to do."""
