"""The screens and overlays of the terminal game, one module each: its ``update``, ``view`` and ``bindings``.

Each module exports ``ROUTE``, a :class:`gomoku.tui.screen.Route` of its pure
functions: ``update(screen, msg, ctx) -> (screen, Reply)``, ``view(win,
screen, ctx, theme)`` and ``bindings(screen, ctx)``.  The router
(:mod:`gomoku.tui.router`) holds the one table from each screen's dataclass
to its route.  The network screens (``netmenu``, ``hosting``, ``joining``,
``netgame``) are routes like the others; ``netgame`` draws its session's
snapshot and judges nothing (``docs/network.md``).
"""
