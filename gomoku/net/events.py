"""What a session asks of its caller: bytes to send, connections to close, and events for the UI.

A session (:mod:`gomoku.net.session`) answers every input with a list of
these values.  :class:`Send` and :class:`Close` are for the socket layer
(:mod:`gomoku.net.connection` performs them); every :class:`Event` is for the
front end, which turns it into a state change (the Elm architecture of
``docs/ui.md``).  All are frozen values, so they can cross threads and be
compared in tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from gomoku.game import Refusal
from gomoku.net.match import OfferKind, Request, Times
from gomoku.openings import OpeningMove, OpeningStep
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone


class Output:
    """Anything a session returns."""


@dataclass(frozen=True)
class Send(Output):
    """Write ``data`` (whole protocol lines) to connection ``conn``."""

    conn: int
    data: bytes


@dataclass(frozen=True)
class Close(Output):
    """Close connection ``conn`` once what was sent to it is written; ``reason`` is for logs."""

    conn: int
    reason: str


class Event(Output):
    """Something the player should see."""


@dataclass(frozen=True)
class _Notice(Event):
    """An event that is a sentence for the player: ``reason`` says what happened and what to do."""

    reason: str


@dataclass(frozen=True)
class Listening(Event):
    """Host: waiting for a guest on ``port``; ``command`` is what the guest must run."""

    addresses: tuple[str, ...]
    port: int
    command: str


@dataclass(frozen=True)
class GuestRefused(_Notice):
    """Host: a connection was turned away (wrong code, game full, ...); the host keeps waiting."""


@dataclass(frozen=True)
class JoinRefused(Event):
    """Guest: the host turned us away; ``code`` is the protocol's error code (``bad-code``, ``busy``, ...)."""

    code: str
    reason: str


@dataclass(frozen=True)
class OpponentJoined(Event):
    """The other player is connected and proved the code; ``name`` is what they call themselves."""

    name: str


@dataclass(frozen=True)
class WatcherJoined(Event):
    """A watcher came to watch the game (the players and the other watchers are told); ``name`` as they gave it."""

    name: str


@dataclass(frozen=True)
class WatcherLeft(Event):
    """A watcher left or was dropped (the game is not touched)."""

    name: str


@dataclass(frozen=True)
class GameStarted(Event):
    """A game begins, or goes on after a reconnection (``resumed``) with ``moves`` already played.

    ``lost`` is the guest's own moves that never reached the host before the
    connection dropped: they are not on the board, and the guest plays again.
    """

    match: bytes
    game: int
    rule: Rule
    size: int
    my_stone: Stone
    moves: tuple[Point, ...]
    resumed: bool
    lost: tuple[Point, ...] = ()


@dataclass(frozen=True)
class MovePlayed(Event):
    """A stone was placed: ``mine`` or the opponent's, as move number ``ply`` (0 first)."""

    point: Point
    stone: Stone
    mine: bool
    ply: int
    outcome: Outcome | None


@dataclass(frozen=True)
class StepTaken(Event):
    """An opening step was taken (``mine``: by us): ``step`` is the one awaited now (``None``: the opening is over).

    ``my_stone`` is our colour after it (a swap changes it).
    """

    move: OpeningMove
    mine: bool
    step: OpeningStep | None
    my_stone: Stone


@dataclass(frozen=True)
class ClockRead(Event):
    """Guest: the host's clock reading arrived (the clocks shown follow it)."""

    times: Times


@dataclass(frozen=True)
class MoveRefused(Event):
    """Guest: the host refused our move at ``point`` and it was taken off the board again."""

    point: Point
    reason: str


@dataclass(frozen=True)
class MovesTakenBack(Event):
    """An undo was agreed: ``undone`` are the actions taken back, in words and in order (``h8``, ``swap colours``);
    ``ply`` stones remain."""

    undone: tuple[str, ...]
    ply: int


@dataclass(frozen=True)
class Refused(Event):
    """Something we asked for was not done: ``what`` we asked (``kind``, for an offer), ``reason`` says why.

    ``refusal`` is the core game's kind of no when the game refused it
    (``None``: the network's own rules, such as an offer awaiting its answer).
    """

    what: Request
    reason: str
    kind: OfferKind | None = None
    refusal: Refusal | None = None


@dataclass(frozen=True)
class _AboutOffer(Event):
    kind: OfferKind


@dataclass(frozen=True)
class OfferSent(_AboutOffer):
    """Our offer of ``kind`` is on its way: it stands until the opponent answers or a move lapses it."""


@dataclass(frozen=True)
class AnswerSent(_AboutOffer):
    """We said yes (``accepted``) or no to the opponent's offer of ``kind``."""

    accepted: bool


@dataclass(frozen=True)
class OfferReceived(_AboutOffer):
    """The opponent asks for an undo, a draw or a rematch (``kind``): answer with ``answer``."""


@dataclass(frozen=True)
class OfferAnswered(_AboutOffer):
    """The opponent said yes (``accepted``) or no to our offer of ``kind``."""

    accepted: bool


@dataclass(frozen=True)
class OfferCancelled(_AboutOffer):
    """A pending offer of ``kind`` (``mine`` or the opponent's) lapsed: the other side played a move instead."""

    mine: bool


@dataclass(frozen=True)
class GameOver(Event):
    """Game ``game`` ended after ``ply`` moves with ``result`` (the core's outcome)."""

    game: int
    ply: int
    result: Outcome


@dataclass(frozen=True)
class ChatReceived(Event):
    """A line of chat from the opponent, cleaned of control characters and escapes."""

    name: str
    text: str


@dataclass(frozen=True)
class ChatSent(Event):
    """Our line of chat is on its way (cleaned as the opponent will see it)."""

    text: str


@dataclass(frozen=True)
class RoundTrip(Event):
    """A ping came back after ``seconds``: the connection's round-trip time."""

    seconds: float


@dataclass(frozen=True)
class PeerLeft(_Notice):
    """The opponent closed the connection on purpose (quit, cancel), saying ``reason``."""


@dataclass(frozen=True)
class ConnectionLost(_Notice):
    """The connection to the opponent ended without a goodbye; ``reason`` says what to do.

    The host keeps the game and waits for the guest to come back; the guest
    can reconnect with the same command and resume.
    """


@dataclass(frozen=True)
class Closed(_Notice):
    """The network side has stopped (after :meth:`close`, or because it could not go on)."""
