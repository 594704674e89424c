"""The Gomocup (Piskvork) engine protocol: its words once, us as an engine, and outside engines as players.

- :mod:`gomoku.gomocup.protocol`: the protocol's words, written and read in
  one place (commands, ``INFO`` keys and rule codes, ``BOARD`` fields,
  coordinates, the search-info ``MESSAGE`` line and its node counts).
- :mod:`gomoku.gomocup.brain`: gomoku as an engine for managers
  (``pbrain-gomoku``, ``python -m gomoku --gomocup``, ``python -m gomoku.gomocup``).
- :mod:`gomoku.gomocup.manager`: an outside engine (Rapfi, any ``pbrain-*``)
  as an opponent, an analyst or a match player.

Both sides speak through :mod:`~gomoku.gomocup.protocol`, so what one
writes the other reads; both report a search as the one
:class:`~gomoku.ai.result.SearchResult`.
"""
