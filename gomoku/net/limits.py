"""The numbers that bound a connection: timeouts, rate and size limits, and the token bucket.

They are parameters, not constants buried in the code, so the tests can use
small values; the defaults are what a game over a LAN or the internet needs,
each with the reason for its value.
"""

from __future__ import annotations

from dataclasses import dataclass

from gomoku.net.protocol import MAX_LINE, MAX_WATCHERS

#: Seconds a new connection has to finish the handshake.  A machine answers in
#: milliseconds; 10 s forgives a slow link and still frees the place of a
#: connection that sends nothing.
HANDSHAKE_TIMEOUT = 10.0
#: Seconds between pings.  Each ping measures the round trip for the status line.
PING_INTERVAL = 2.0
#: Seconds without a line from the peer before it counts as gone: four missed
#: pings.  The peer's last line is at most one interval old when the link
#: dies, so a drop is noticed 6 to 8 s after it happens (the issue asks ~10 s).
PEER_TIMEOUT = 8.0
#: Seconds a guest waits for the host to accept the TCP connection.
CONNECT_TIMEOUT = 5.0
#: Seconds a closed connection waits for the peer to read our last line (an
#: ``error`` saying why) before the socket is closed regardless.  Loopback and
#: a LAN deliver it in milliseconds; a second covers a slow link.
CLOSE_LINGER = 1.0
#: Lines a second a peer may send, sustained.  A person sends a move or a chat
#: line every few seconds and the heartbeat one line every two; 20 is far above that.
LINE_RATE = 20.0
#: Lines a peer may send at once above the rate: a burst of pasted chat, never a flood.
LINE_BURST = 60
#: Handshakes the host runs at once.  People connect one at a time; more is a scan or an attack.
MAX_HANDSHAKES = 8


@dataclass(frozen=True)
class Limits:
    """Every bound of a connection: how long each wait may last (seconds), and how much a peer may send.

    The defaults are the module constants above, with their reasons.
    """

    handshake: float = HANDSHAKE_TIMEOUT
    ping_interval: float = PING_INTERVAL
    peer_timeout: float = PEER_TIMEOUT
    connect: float = CONNECT_TIMEOUT
    close_linger: float = CLOSE_LINGER
    max_line: int = MAX_LINE
    line_rate: float = LINE_RATE
    line_burst: int = LINE_BURST
    max_handshakes: int = MAX_HANDSHAKES
    #: Watchers at once (the protocol's :data:`~gomoku.net.protocol.MAX_WATCHERS`, the most ``audience`` names).
    max_watchers: int = MAX_WATCHERS


class TokenBucket:
    """A rate limit: ``burst`` tokens, refilled at ``rate`` a second; each line takes one.

    Time is passed in (``now``, in seconds from any fixed origin), so the
    bucket is tested as data.
    """

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._when = now

    def take(self, now: float) -> bool:
        """Take one token if there is one; ``False`` means over the limit."""
        self._tokens = min(self.burst, self._tokens + max(0.0, now - self._when) * self.rate)
        self._when = max(self._when, now)
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
