"""Drawing the state: the *view* of the Elm architecture.

:func:`draw` paints a :class:`~gomoku.tui.model.State` on a window with the
three methods of :class:`~gomoku.tui.draw.Window` and changes nothing else;
the router (:mod:`gomoku.tui.router`) picks the screen's and the overlay's view.
"""

from __future__ import annotations

from gomoku.tui.router import draw

__all__ = ["draw"]
