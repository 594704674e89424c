"""The errors of network play: one base class, :class:`NetworkError`, for all of them.

``NetworkError`` is a :class:`gomoku.errors.GomokuError`, so a front end that
catches the package's errors catches these too.  Messages are written for the
player: what went wrong, and what to do next.
"""

from __future__ import annotations

from gomoku.errors import GomokuError


class NetworkError(GomokuError):
    """Anything that goes wrong in network play."""


class CodeError(NetworkError, ValueError):
    """A join code that is not written the way codes are (a typing mistake, not a wrong code)."""


class ProtocolError(NetworkError):
    """The peer sent something the protocol does not allow.

    ``code`` is the wire name of the error (see :data:`gomoku.net.protocol.ERROR_CODES`),
    sent to the peer in an ``error`` message before the connection is closed.  The
    message is English, for logs and the ``error``'s ``reason``: each player reads a
    sentence of the code in their own language (:mod:`gomoku.net.session`).
    """

    code = "protocol"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class LineTooLongError(ProtocolError):
    """A line longer than the protocol's limit; nothing of it is parsed."""

    code = "too-long"


class VersionError(ProtocolError):
    """The peer speaks another protocol, or another version of ours (``theirs``: ``None`` for another protocol)."""

    code = "version"

    def __init__(self, message: str, theirs: str | None = None) -> None:
        super().__init__(message)
        self.theirs = theirs


class ConnectError(NetworkError):
    """A socket could not be opened: the port is taken, the address is wrong, nobody answers."""
