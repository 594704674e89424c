"""Network play: two people, two terminals, one game.

- :mod:`gomoku.net.protocol`: the wire format, JSON lines, every message a
  frozen dataclass, strict parsing (pure);
- :mod:`gomoku.net.auth`: join codes and the challenge-response (pure);
- :mod:`gomoku.net.session`, :mod:`gomoku.net.host`, :mod:`gomoku.net.guest`:
  host and guest as state machines fed bytes and time, returning bytes to
  send and events for the player (pure, "sans-IO");
- :mod:`gomoku.net.events`: the values sessions return;
- :mod:`gomoku.net.limits`: every bound of a connection (timeouts, sizes, rates);
- :mod:`gomoku.net.connection`: the sockets, in a background thread, with a
  thread-safe API for the curses loop;
- :mod:`gomoku.net.addresses`: the host's addresses and the command the guest runs.

``docs/network.md`` describes the protocol.  The core (board, rules, ai)
knows nothing of this package.
"""

from gomoku.net.errors import NetworkError

__all__ = ["NetworkError"]
