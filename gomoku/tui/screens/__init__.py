"""The screens and overlays of the terminal game, one module each: its ``update`` and its ``view``.

Each ``update(state, screen, event)`` is pure and returns ``(state, effects)``
(:mod:`gomoku.tui.effects`); each ``view(win, state, screen, theme)`` only
draws.  :mod:`gomoku.tui.update` and :mod:`gomoku.tui.view` route to them.
"""
