"""The wire format of network play: JSON lines, every message a frozen dataclass.

Pure: no sockets, no threads, no clock.  A line is one JSON object ending in
``\\n``, with a ``type`` and exactly that type's fields; :func:`encode` makes a
line of a :class:`Message` and :func:`decode` makes a message of a line, or
raises :class:`ProtocolError` saying what is wrong.  Decoding is strict, the
way a referee must be: the line must be UTF-8, at most :data:`MAX_LINE` bytes,
one JSON object without duplicate keys, floats, ``NaN`` or huge numbers; the
type must be known and the fields exactly the type's, each of its JSON type
and in its range.  Text a person will read (names, chat, reasons) has its
control characters and terminal escape sequences removed and is bounded.
:class:`LineReader` cuts a byte stream into lines without ever holding more
than one line's limit of an unfinished line.

``docs/network.md`` lists every message; the dataclasses below are the same
list, and each one's docstring says when it is sent.
"""

from __future__ import annotations

import enum
import json
import re
import unicodedata
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from gomoku.clock import MAX_PERIODS, ClockError, ClockSpec, parse_clock
from gomoku.net.auth import NONCE_BYTES, PROOF_BYTES
from gomoku.net.errors import LineTooLongError, ProtocolError, VersionError
from gomoku.net.match import ChatLine, Farewell, OfferKind, Request, Role, Series, Times, Why
from gomoku.openings import Action, OpeningMove, OpeningRule, Option
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.rules import Outcome, Rule, Stone, Termination

#: The protocol's name in ``hello``: a peer that is not gomoku is told so plainly.
PROTOCOL = "gomoku-net"
#: The protocol version this code speaks.  ``hello``'s ``protocol`` and ``version``
#: fields keep their meaning in every version, so a mismatch is always reported as one.
#: Version 2 names every ending of the board in ``over`` (``no-five-left``,
#: ``no-legal-move``: version 1 called every draw ``full``) and carries the match's chat
#: in ``start``; a version 1 peer is told to install the same gomoku.  Version 3 adds
#: opening rules and clocks: ``start`` carries the opening rule, its steps so far, the
#: clock and its readings; ``step`` carries one opening step, ``time`` the host's clock
#: readings, and ``over`` the ending ``time``.  Version 4 plays through the
#: core's game: ``offer`` and ``answer`` name the position by its count of actions
#: (``at``: moves and opening steps, so an undo may reach into the opening), ``move``
#: lost its unused ``ms``, and ``start`` lists a point chosen at a swap step as one step.
#: Version 5 adds the rule ``caro`` to ``start``'s ``rule``: a version 4 peer
#: would refuse it as a bad value, so it is told to install the same gomoku instead.
#: Version 6 (this one) sends codes, never sentences: ``refuse`` and ``bye`` say ``why`` by a
#: code (:class:`~gomoku.net.match.Why`, :class:`~gomoku.net.match.Farewell`) that each side
#: says in its own language; ``error``'s ``reason`` is English for logs (and older peers), its
#: ``code`` what the player reads; and ``crowded`` is a code of its own (version 5 said ``busy``).
#: Version 7 admits watchers with a code of their own: ``auth`` says ``watch``, the host relays
#: the game to them, ``audience`` names the guest and the watchers, ``heard`` carries chat
#: relayed from a third person, ``start`` the match's score (``series``), and ``refuse`` may
#: say ``watching`` or ``no-chat``; ``full`` is a new error code (too many watchers).
VERSION = 7
#: Lines of chat a match keeps and ``start`` carries (a reconnected guest sees them again):
#: a tall terminal's chat panel.
MAX_CHAT_LINES = 12
#: The longest line, newline included.  The longest legitimate line is a ``start``
#: resuming a full 25x25 board: 625 moves of at most 8 bytes (``[24,24],``), about 5.1 KB,
#: and MAX_CHAT_LINES lines of chat, each at most 200 characters of at most 6 bytes
#: (``\uXXXX``) and a role, about 14.6 KB, and an opening's MAX_STEPS steps of about 75 bytes,
#: 2.4 KB.  32 KiB leaves room and still bounds what a peer makes us hold.
MAX_LINE = 32768
#: Characters in a player's name: what a status line has room for.
MAX_NAME = 24
#: Characters in one chat line: one line of a wide terminal's chat panel.
MAX_CHAT = 200
#: Characters in an error's reason (English, for logs): one status line.
MAX_REASON = 200
#: The most moves a game can have: every point of the largest board.
MAX_MOVES = MAX_SIZE * MAX_SIZE
#: Digits in a JSON integer: no field needs more than 10 (ping ids are 31-bit).
_MAX_DIGITS = 10
#: The largest ping id: a 31-bit counter, which also fits every other language's int.
MAX_PING_ID = 2**31 - 1
#: Watchers one host admits at once.  Each costs the host a line per action and, on joining, a
#: ``start`` of up to MAX_LINE bytes; and the players' panel names them all beside the board,
#: where 8 rows fit on a 24-row terminal.  A club's table has a handful of onlookers, not a crowd.
MAX_WATCHERS = 8
#: The largest count in a series' score (games won, drawn): a match of rematches never comes near.
MAX_SERIES = 1_000_000
#: Random bytes naming a match (a series of games with one guest): 64 bits never collide by chance.
MATCH_BYTES = 8
#: The longest piece of a peer's text quoted back in an error message.
QUOTE_LIMIT = 40
#: The most steps an opening takes: Taraguchi-10's longest branch is 4 stones, 5 swap answers,
#: the choice of branch, 10 offers and the pick (20); 32 leaves room for rules to come.
MAX_STEPS = 32
#: The largest number declared or time in milliseconds: a 31-bit count (about 24 days), above any
#: clock --clock accepts (10 hours main time, plus increments) and within every language's int.
MAX_COUNT = 2**31 - 1
#: Characters in a clock's text (``10+5x30``): the longest a sane control is written with.
MAX_CLOCK_TEXT = 24

#: Who won, by colour; ``none`` for a draw.
WINNERS = ("black", "white", "none")
#: The ``code`` of an ``error`` message: what went wrong, for a program to act on.
ERROR_CODES = (
    "protocol",  # a line that is not a valid message, or one not allowed now
    "too-long",  # a line over MAX_LINE
    "flood",  # too many lines too fast
    "version",  # another protocol or version
    "bad-code",  # the guest's proof does not match the code
    "busy",  # the game already has two players
    "crowded",  # too many connections at once: try again in a few seconds
    "different-game",  # a resume whose moves are not this game's
    "timeout",  # no word from the peer for too long
    "desync",  # the host's moves disagree with the guest's board
    "full",  # the host admits no more watchers
)

# -- text ---------------------------------------------------------------------

#: Terminal escape sequences: CSI (``ESC [ ... final``), OSC and other string
#: controls (``ESC ] ... BEL`` or ``ESC \\``), and two-character escapes.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[ -/]*[0-~]"
    r"|\x9b[0-?]*[ -/]*[@-~]"
)


def clean_text(text: str) -> str:
    """``text`` safe to draw on a terminal: escapes and control characters removed.

    Escape sequences go whole; every other character of Unicode category C
    (controls, format characters such as bidi overrides, surrogates, private
    use, unassigned) goes too; tabs and line breaks become spaces, and runs of
    spaces one.  What is left cannot move the cursor, change colours or retitle
    the terminal.
    """
    text = _ESCAPES.sub("", text)
    kept = []
    for char in text:
        if char in "\t\n\r\v\f":
            kept.append(" ")
        elif not unicodedata.category(char).startswith("C"):
            kept.append(char)
    return " ".join("".join(kept).split())


def quote(value: object) -> str:
    """A peer's value shown in an error message: cleaned and cut short."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = clean_text(str(value))
    else:
        text = repr(clean_text(value if isinstance(value, str) else repr(value)))
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


# -- field kinds ----------------------------------------------------------------


class Kind:
    """How one field is checked when read (:meth:`parse`) and written (:meth:`dump`)."""

    def parse(self, name: str, value: Any) -> Any:
        """The field's value from ``value`` (JSON or Python), or :class:`ProtocolError`."""
        raise NotImplementedError

    def dump(self, value: Any) -> Any:
        """The JSON form of a parsed value."""
        return value


@dataclass(frozen=True)
class Int(Kind):
    """An integer (not a bool) from ``low`` to ``high``."""

    low: int
    high: int

    def parse(self, name: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ProtocolError(f"{name} must be a whole number, not {quote(value)}")
        if not self.low <= value <= self.high:
            raise ProtocolError(f"{name} must be {self.low} to {self.high}, not {value}")
        return value


@dataclass(frozen=True)
class Flag(Kind):
    """``true`` or ``false``."""

    def parse(self, name: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ProtocolError(f"{name} must be true or false, not {quote(value)}")
        return value


@dataclass(frozen=True)
class Text(Kind):
    """Text for people: cleaned (:func:`clean_text`), then at most ``limit`` characters."""

    limit: int

    def parse(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise ProtocolError(f"{name} must be text, not {quote(value)}")
        text = clean_text(value)
        if len(text) > self.limit:
            raise ProtocolError(f"{name} is {len(text)} characters; the limit is {self.limit}")
        return text


@dataclass(frozen=True)
class Choice(Kind):
    """One of a few fixed words."""

    choices: tuple[str, ...]

    def parse(self, name: str, value: Any) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise ProtocolError(f"{name} must be one of {', '.join(self.choices)}, not {quote(value)}")
        return value


@dataclass(frozen=True)
class EnumKind(Kind):
    """A member of ``enum``, written as its value: the one place the wire's words become enums."""

    members: type[enum.Enum]
    #: The members allowed, by their words (all of them if empty).
    only: tuple[str, ...] = ()

    def parse(self, name: str, value: Any) -> enum.Enum:
        words = self.only or tuple(member.value for member in self.members)
        if isinstance(value, self.members) and value.value in words:
            return value
        return self.members(Choice(words).parse(name, value))

    def dump(self, value: enum.Enum) -> str:
        return value.value


@dataclass(frozen=True)
class Winner(Kind):
    """The winner's colour, written ``black`` or ``white``; ``none`` (``None``) for a draw."""

    def parse(self, name: str, value: Any) -> Stone | None:
        if value is None or isinstance(value, Stone):
            return value
        word = Choice(WINNERS).parse(name, value)
        return None if word == "none" else Stone[word.upper()]

    def dump(self, value: Stone | None) -> str:
        return "none" if value is None else str(value)


@dataclass(frozen=True)
class ChatLines(Kind):
    """At most :data:`MAX_CHAT_LINES` lines of chat, each ``[role, text]``."""

    def parse(self, name: str, value: Any) -> tuple[ChatLine, ...]:
        if not isinstance(value, (list, tuple)) or len(value) > MAX_CHAT_LINES:
            raise ProtocolError(f"{name} must be a list of at most {MAX_CHAT_LINES} [role, text] pairs")
        lines = []
        for item in value:
            if isinstance(item, ChatLine):
                lines.append(item)
                continue
            if not isinstance(item, (list, tuple)) or len(item) != 2:
                raise ProtocolError(f"each of {name} must be a [role, text] pair, not {quote(item)}")
            role = Role(Choice(tuple(r.value for r in Role)).parse("role", item[0]))
            lines.append(ChatLine(role, Text(MAX_CHAT).parse("text", item[1])))
        return tuple(lines)

    def dump(self, value: tuple[ChatLine, ...]) -> list[list[str]]:
        return [[line.by.value, line.text] for line in value if line.by is not None]


@dataclass(frozen=True)
class Hex(Kind):
    """Exactly ``size`` bytes, written as lower-case hexadecimal."""

    size: int

    def parse(self, name: str, value: Any) -> bytes:
        if isinstance(value, bytes) and len(value) == self.size:
            return value
        if not isinstance(value, str) or len(value) != 2 * self.size or value.strip("0123456789abcdef"):
            raise ProtocolError(f"{name} must be {2 * self.size} lower-case hex digits")
        return bytes.fromhex(value)

    def dump(self, value: bytes) -> str:
        return value.hex()


@dataclass(frozen=True)
class RuleKind(Kind):
    """A :class:`Rule`, written as its value (``renju``)."""

    def parse(self, name: str, value: Any) -> Rule:
        if isinstance(value, Rule):
            return value
        names = tuple(rule.value for rule in Rule)
        return Rule(Choice(names).parse(name, value))

    def dump(self, value: Rule) -> str:
        return value.value


@dataclass(frozen=True)
class Moves(Kind):
    """A move list: at most :data:`MAX_MOVES` ``[x, y]`` pairs, each 0 to MAX_SIZE - 1.

    Whether the moves fit the board and make a legal game is the session's
    check, with the core :class:`~gomoku.Board`.
    """

    def parse(self, name: str, value: Any) -> tuple[Point, ...]:
        if not isinstance(value, (list, tuple)):
            raise ProtocolError(f"{name} must be a list of [x, y] pairs")
        if len(value) > MAX_MOVES:
            raise ProtocolError(f"{name} has {len(value)} moves; a game has at most {MAX_MOVES}")
        coordinate = Int(0, MAX_SIZE - 1)
        points = []
        for pair in value:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ProtocolError(f"each of {name} must be an [x, y] pair, not {quote(pair)}")
            points.append(Point(coordinate.parse("x", pair[0]), coordinate.parse("y", pair[1])))
        return tuple(points)

    def dump(self, value: tuple[Point, ...]) -> list[list[int]]:
        return [[x, y] for x, y in value]


@dataclass(frozen=True)
class Nested(Kind):
    """A JSON object checked as a :class:`Record`, or ``null`` when ``optional``."""

    record: type[Record]
    optional: bool = True

    def parse(self, name: str, value: Any) -> Record | None:
        if value is None and self.optional:
            return None
        if isinstance(value, self.record):
            return value
        if not isinstance(value, dict):
            raise ProtocolError(f"{name} must be an object" + (" or null" if self.optional else ""))
        return self.record.from_fields(value, f"{name}")

    def dump(self, value: Record | None) -> dict[str, Any] | None:
        return None if value is None else value.to_fields()


@dataclass(frozen=True)
class Maybe(Kind):
    """``null`` (``None``) or a value of ``inner``."""

    inner: Kind

    def parse(self, name: str, value: Any) -> Any:
        return None if value is None else self.inner.parse(name, value)

    def dump(self, value: Any) -> Any:
        return None if value is None else self.inner.dump(value)


@dataclass(frozen=True)
class PointKind(Kind):
    """A point written ``[x, y]``, each 0 to MAX_SIZE - 1 (whether it is on this board is the session's check)."""

    def parse(self, name: str, value: Any) -> Point:
        if isinstance(value, Point):
            return value
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ProtocolError(f"{name} must be an [x, y] pair, not {quote(value)}")
        coordinate = Int(0, MAX_SIZE - 1)
        return Point(coordinate.parse("x", value[0]), coordinate.parse("y", value[1]))

    def dump(self, value: Point) -> list[int]:
        return [value.x, value.y]


@dataclass(frozen=True)
class ClockText(Kind):
    """A time control written as ``--clock`` takes it (``none``, ``5+3``, ``10+5x30``, ``30s``)."""

    def parse(self, name: str, value: Any) -> ClockSpec:
        if isinstance(value, ClockSpec):
            return value
        if not isinstance(value, str) or len(value) > MAX_CLOCK_TEXT:
            raise ProtocolError(f"{name} must be a clock such as 5+3, not {quote(value)}")
        try:
            return parse_clock(value)
        except ClockError as error:
            raise ProtocolError(f"{name}: {error}") from None

    def dump(self, value: ClockSpec) -> str:
        return value.text()


@dataclass(frozen=True)
class Many(Kind):
    """A list of at most ``limit`` objects, each checked as ``record``."""

    record: type[Record]
    limit: int

    def parse(self, name: str, value: Any) -> tuple[Record, ...]:
        if not isinstance(value, (list, tuple)) or len(value) > self.limit:
            raise ProtocolError(f"{name} must be a list of at most {self.limit} objects")
        kind = Nested(self.record, optional=False)
        return tuple(record for item in value if (record := kind.parse(name, item)) is not None)

    def dump(self, value: tuple[Record, ...]) -> list[dict[str, Any]]:
        return [item.to_fields() for item in value]


@dataclass(frozen=True)
class Names(Kind):
    """At most ``limit`` names, each a :class:`Text` of :data:`MAX_NAME` characters."""

    limit: int

    def parse(self, name: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)) or len(value) > self.limit:
            raise ProtocolError(f"{name} must be a list of at most {self.limit} names")
        return tuple(Text(MAX_NAME).parse(name, item) for item in value)

    def dump(self, value: tuple[str, ...]) -> list[str]:
        return list(value)


#: Each way a network game ends (the core's :class:`~gomoku.rules.Termination`) as ``over`` says it; a host's save
#: keeps the same words.  The core's phrases are for people; these are the wire's, kept from version 2 on.  A
#: forfeit (a match's ending: an illegal move) has none: over the network an illegal move is refused instead.
ENDINGS: dict[Termination, str] = {
    Termination.FIVE: "five",
    Termination.DRAW: "full",
    Termination.NO_FIVE_LEFT: "no-five-left",
    Termination.NO_LEGAL_MOVE: "no-legal-move",
    Termination.TIME: "time",
    Termination.RESIGNATION: "resign",
    Termination.AGREEMENT: "agreed",
}
#: The other way: the termination each wire word names (the network save reads its result with it too).
TERMINATIONS = {word: termination for termination, word in ENDINGS.items()}


@dataclass(frozen=True)
class EndingKind(Kind):
    """A :class:`~gomoku.rules.Termination`, written as its word (:data:`ENDINGS`)."""

    def parse(self, name: str, value: Any) -> Termination:
        if isinstance(value, Termination):
            return value
        return TERMINATIONS[Choice(tuple(ENDINGS.values())).parse(name, value)]

    def dump(self, value: Termination) -> str:
        return ENDINGS[value]


def endings_table() -> str:
    """Every ending as a Markdown table: its word on the wire, the core's termination, its sentence.

    ``docs/network.md`` shows it (a test checks that it does).
    """
    rows = ["| ending | core termination | the player reads |", "| --- | --- | --- |"]
    for termination, word in ENDINGS.items():
        won = Outcome(termination, Stone.BLACK)
        outcome = won if won.possible else Outcome(termination, None)
        rows.append(f"| `{word}` | `Termination.{termination.name}` | {outcome} |")
    return "\n".join(rows)


_REQUIRED = object()
#: The kinds of the match's enums and values (:mod:`gomoku.net.match`), made once.
_ROLE = EnumKind(Role)
_OFFER = EnumKind(OfferKind)
_ENDING = EndingKind()
_WINNER = Winner()
_CHAT = ChatLines()
#: What the host refuses by name: the guest's messages (chat is never refused on the wire).
_REFUSABLE = EnumKind(Request, only=("move", "offer", "answer", "resign", "step", "chat"))
_WHY = EnumKind(Why)
_FAREWELL = EnumKind(Farewell)
_MS = Int(0, MAX_COUNT)
#: A count of a game's actions: every move, and every opening step.
_ACTIONS = Int(0, MAX_MOVES + MAX_STEPS)


def _kind(kind: Kind, default: Any = _REQUIRED) -> Any:
    """A dataclass field checked by ``kind`` (with ``default`` if given)."""
    if default is _REQUIRED:
        return field(metadata={"kind": kind})
    return field(default=default, metadata={"kind": kind})


# -- records and messages -------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """A frozen dataclass whose fields are all checked by their :class:`Kind`.

    Checking runs on construction too, so a message we build is one the peer
    will accept, and text we send is cleaned like text we receive.
    """

    def __post_init__(self) -> None:
        for item in fields(self):
            kind: Kind = item.metadata["kind"]
            object.__setattr__(self, item.name, kind.parse(item.name, getattr(self, item.name)))

    @classmethod
    def from_fields(cls, values: dict[str, Any], where: str) -> Record:
        """The record of a JSON object's ``values``: exactly this record's fields, each valid."""
        names = [item.name for item in fields(cls)]
        unknown = sorted(set(values) - set(names))
        if unknown:
            raise ProtocolError(f"{where} has an unknown field {quote(unknown[0])}")
        missing = [name for name in names if name not in values]
        if missing:
            raise ProtocolError(f"{where} lacks the field {missing[0]}")
        return cls(**values)

    def to_fields(self) -> dict[str, Any]:
        """The JSON object of this record."""
        return {item.name: item.metadata["kind"].dump(getattr(self, item.name)) for item in fields(self)}


@dataclass(frozen=True)
class Message(Record):
    """One line of the protocol; ``TYPE`` is its ``type`` on the wire."""

    TYPE: ClassVar[str] = ""


@dataclass(frozen=True)
class Hello(Message):
    """First line each way: the host's on connect, the guest's in answer.

    ``nonce`` is this side's fresh challenge (:mod:`gomoku.net.auth`).
    """

    TYPE: ClassVar[str] = "hello"
    protocol: str = _kind(Choice((PROTOCOL,)))
    version: int = _kind(Int(1, 1_000_000))
    role: Role = _kind(_ROLE)
    name: str = _kind(Text(MAX_NAME))
    nonce: bytes = _kind(Hex(NONCE_BYTES))


@dataclass(frozen=True)
class ResumeRecord(Record):
    """In ``auth``: the game the guest was playing, so the host can check it and go on."""

    match: bytes = _kind(Hex(MATCH_BYTES))
    game: int = _kind(Int(1, 1_000_000))
    moves: tuple[Point, ...] = _kind(Moves())


@dataclass(frozen=True)
class StepRecord(Record):
    """One opening step: what (``action``), and its point, option or number, each only where the action has one.

    ``place``, ``offer`` and ``pick`` have a ``point``; ``choose`` an
    ``option``; ``declare`` a ``number`` (1 to MAX_COUNT; the rule says how
    many are allowed).  Whether the step is the opening's next is the
    session's check, with :class:`gomoku.openings.OpeningState`.
    """

    action: Action = _kind(EnumKind(Action))
    point: Point | None = _kind(Maybe(PointKind()), None)
    option: Option | None = _kind(Maybe(EnumKind(Option)), None)
    number: int = _kind(Int(0, MAX_COUNT), 0)

    def __post_init__(self) -> None:
        super().__post_init__()
        wants_point = self.action in (Action.PLACE, Action.OFFER, Action.PICK)
        if wants_point != (self.point is not None):
            raise ProtocolError(f"a {self.action.value} step {'needs' if wants_point else 'has no'} point")
        if (self.action is Action.CHOOSE) != (self.option is not None):
            raise ProtocolError(f"a {self.action.value} step {'needs' if self.option is None else 'has no'} option")
        if (self.action is Action.DECLARE) != (self.number > 0):
            raise ProtocolError(f"a {self.action.value} step {'needs' if not self.number else 'has no'} number")

    @classmethod
    def of(cls, move: OpeningMove) -> StepRecord:
        """The record of an opening move."""
        return cls(action=move.action, point=move.point, option=move.option, number=move.number)

    def move(self) -> OpeningMove:
        """The opening move this record writes."""
        return OpeningMove(self.action, self.point, self.option, self.number)


@dataclass(frozen=True)
class Reading(Record):
    """The host's clock by role (:class:`~gomoku.net.match.Times`), in milliseconds.

    Each role's main time left at the start of the current move and its
    byo-yomi periods left; whose time runs (``null``: both stopped) and what
    its current move has used so far.
    """

    host_ms: int = _kind(_MS)
    guest_ms: int = _kind(_MS)
    host_periods: int = _kind(Int(0, MAX_PERIODS))
    guest_periods: int = _kind(Int(0, MAX_PERIODS))
    running: Role | None = _kind(Maybe(_ROLE))
    used_ms: int = _kind(_MS)

    @classmethod
    def of(cls, times: Times) -> Reading:
        """The reading of ``times`` (seconds rounded to milliseconds)."""
        return cls(
            host_ms=_ms(times.host),
            guest_ms=_ms(times.guest),
            host_periods=times.host_periods,
            guest_periods=times.guest_periods,
            running=times.running,
            used_ms=_ms(times.used),
        )

    def times(self) -> Times:
        """The times this reading says, in seconds."""
        return Times(
            self.host_ms / 1000,
            self.guest_ms / 1000,
            self.host_periods,
            self.guest_periods,
            self.running,
            self.used_ms / 1000,
        )


def _ms(seconds: float) -> int:
    """Seconds as whole milliseconds within the wire's range."""
    return min(MAX_COUNT, max(0, round(seconds * 1000)))


@dataclass(frozen=True)
class SeriesRecord(Record):
    """The score of a match's finished games by role (:class:`~gomoku.net.match.Series`)."""

    host: int = _kind(Int(0, MAX_SERIES))
    guest: int = _kind(Int(0, MAX_SERIES))
    draws: int = _kind(Int(0, MAX_SERIES))

    @classmethod
    def of(cls, series: Series) -> SeriesRecord:
        return cls(host=series.host, guest=series.guest, draws=series.draws)

    def series(self) -> Series:
        return Series(self.host, self.guest, self.draws)


@dataclass(frozen=True)
class Auth(Message):
    """Guest or watcher, after its ``hello``: the proof that it knows the code, and what it resumes.

    ``watch``: the proof is of the watchers' code and this connection only
    watches (it never resumes: ``resume`` is ``null``).
    """

    TYPE: ClassVar[str] = "auth"
    proof: bytes = _kind(Hex(PROOF_BYTES))
    resume: ResumeRecord | None = _kind(Nested(ResumeRecord), None)
    watch: bool = _kind(Flag(), False)


@dataclass(frozen=True)
class Welcome(Message):
    """Host, when the guest's proof is right: the host's own proof of the code."""

    TYPE: ClassVar[str] = "welcome"
    proof: bytes = _kind(Hex(PROOF_BYTES))


@dataclass(frozen=True)
class Start(Message):
    """Host: a game begins, or goes on after a reconnection (``moves`` already played).

    ``match`` names the series of games with one guest; ``game`` counts them
    (rematches); ``black`` says which role plays black.
    """

    TYPE: ClassVar[str] = "start"
    match: bytes = _kind(Hex(MATCH_BYTES))
    game: int = _kind(Int(1, 1_000_000))
    rule: Rule = _kind(RuleKind())
    size: int = _kind(Int(MIN_SIZE, MAX_SIZE))
    black: Role = _kind(_ROLE)
    moves: tuple[Point, ...] = _kind(Moves())
    chat: tuple[ChatLine, ...] = _kind(_CHAT, ())
    opening: OpeningRule = _kind(EnumKind(OpeningRule), OpeningRule.NONE)
    steps: tuple[StepRecord, ...] = _kind(Many(StepRecord, MAX_STEPS), ())
    clock: ClockSpec = _kind(ClockText(), ClockSpec())
    time: Reading | None = _kind(Nested(Reading), None)
    series: SeriesRecord = _kind(Nested(SeriesRecord, optional=False), SeriesRecord(host=0, guest=0, draws=0))


@dataclass(frozen=True)
class Move(Message):
    """Either side: a stone at ``(x, y)`` as move number ``ply`` (0 is the first move; the host's clock times it)."""

    TYPE: ClassVar[str] = "move"
    ply: int = _kind(Int(0, MAX_MOVES))
    x: int = _kind(Int(0, MAX_SIZE - 1))
    y: int = _kind(Int(0, MAX_SIZE - 1))


@dataclass(frozen=True)
class Step(Message):
    """Either side: opening step number ``index`` (0 is the first).

    The guest's is a request the host checks (and refuses with ``refuse``);
    the host's, and the host's echo of each guest step it took, are the
    opening as it happens, which the guest follows.
    """

    TYPE: ClassVar[str] = "step"
    index: int = _kind(Int(0, MAX_STEPS))
    step: StepRecord = _kind(Nested(StepRecord, optional=False))


@dataclass(frozen=True)
class Time(Message):
    """Host: its clock's reading, after each move or step and whenever the clocks stop or start."""

    TYPE: ClassVar[str] = "time"
    reading: Reading = _kind(Nested(Reading, optional=False))


@dataclass(frozen=True)
class Offer(Message):
    """Either side: ask to take back moves, agree a draw, or play again, after ``at`` actions.

    ``at`` names the position: the game's actions so far (its moves, and its
    opening steps as the players took them), so an offer made before any
    other action crossed it is known for an old one.
    """

    TYPE: ClassVar[str] = "offer"
    kind: OfferKind = _kind(_OFFER)
    at: int = _kind(_ACTIONS)


@dataclass(frozen=True)
class Answer(Message):
    """Either side: yes (``accept``) or no to the other's pending offer of ``kind`` after ``at`` actions."""

    TYPE: ClassVar[str] = "answer"
    kind: OfferKind = _kind(_OFFER)
    at: int = _kind(_ACTIONS)
    accept: bool = _kind(Flag())


@dataclass(frozen=True)
class Resign(Message):
    """Either side: I give up this game."""

    TYPE: ClassVar[str] = "resign"


@dataclass(frozen=True)
class Over(Message):
    """Host, the referee of record: game ``game`` ended after ``ply`` moves, as ``ending`` says, won by ``winner``.

    The pair must be a possible end (:attr:`~gomoku.rules.Outcome.possible`:
    a five has a winner, an agreement none).
    """

    TYPE: ClassVar[str] = "over"
    game: int = _kind(Int(1, 1_000_000))
    ply: int = _kind(Int(0, MAX_MOVES))
    winner: Stone | None = _kind(_WINNER)
    ending: Termination = _kind(_ENDING)

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.outcome.possible:
            raise ProtocolError(f"a game cannot end by {ENDINGS[self.ending]} with winner {_WINNER.dump(self.winner)}")

    @property
    def outcome(self) -> Outcome:
        """The end this message says, as the core's value."""
        return Outcome(self.ending, self.winner)


@dataclass(frozen=True)
class Refuse(Message):
    """Host: the guest's last ``what`` (a message type) was not applied, and ``why`` (a code the guest says)."""

    TYPE: ClassVar[str] = "refuse"
    what: Request = _kind(_REFUSABLE)
    ply: int = _kind(Int(0, MAX_MOVES))
    why: Why = _kind(_WHY)


@dataclass(frozen=True)
class Chat(Message):
    """Either side: one line of chat."""

    TYPE: ClassVar[str] = "chat"
    text: str = _kind(Text(MAX_CHAT))


@dataclass(frozen=True)
class Audience(Message):
    """Host, to the guest and the watchers: who is at the table and who watches.

    Sent when a watcher joins or leaves and when the guest comes or goes;
    ``guest`` is the guest's name (``""``: no guest now), ``watchers`` the
    watchers' names, ``chat`` whether watchers may chat.
    """

    TYPE: ClassVar[str] = "audience"
    guest: str = _kind(Text(MAX_NAME))
    watchers: tuple[str, ...] = _kind(Names(MAX_WATCHERS))
    chat: bool = _kind(Flag())


@dataclass(frozen=True)
class Heard(Message):
    """Host: a line of chat relayed from a third person: a player (``role``) or a watcher (``role`` ``null``)."""

    TYPE: ClassVar[str] = "heard"
    name: str = _kind(Text(MAX_NAME))
    role: Role | None = _kind(Maybe(_ROLE))
    text: str = _kind(Text(MAX_CHAT))


@dataclass(frozen=True)
class _Beat(Message):
    id: int = _kind(Int(0, MAX_PING_ID))


@dataclass(frozen=True)
class Ping(_Beat):
    """Either side, every few seconds: are you there?  Answered by ``pong`` with the same ``id``."""

    TYPE: ClassVar[str] = "ping"


@dataclass(frozen=True)
class Pong(_Beat):
    """Either side: the answer to ``ping``; the time between the two is the round trip."""

    TYPE: ClassVar[str] = "pong"


@dataclass(frozen=True)
class Bye(Message):
    """Either side, last line: I am leaving (quit, cancel), and ``why`` (a code the peer says)."""

    TYPE: ClassVar[str] = "bye"
    why: Farewell = _kind(_FAREWELL)


@dataclass(frozen=True)
class Error(Message):
    """Either side, last line: the connection ends because of ``code``, which the peer says in its own words.

    ``reason`` is English, for logs and for older versions (which showed it); never shown to a player.
    """

    TYPE: ClassVar[str] = "error"
    code: str = _kind(Choice(ERROR_CODES))
    reason: str = _kind(Text(MAX_REASON))


MESSAGES: dict[str, type[Message]] = {
    cls.TYPE: cls
    for cls in (
        Hello,
        Auth,
        Welcome,
        Start,
        Move,
        Step,
        Time,
        Offer,
        Answer,
        Resign,
        Over,
        Refuse,
        Chat,
        Audience,
        Heard,
        Ping,
        Pong,
        Bye,
        Error,
    )
}


# -- lines ------------------------------------------------------------------------


def encode(message: Message) -> bytes:
    """The line of ``message``: compact ASCII JSON and a newline."""
    obj = {"type": message.TYPE, **message.to_fields()}
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


class _Reject(ValueError):
    """A JSON construct the protocol does not allow (raised from the decoder's hooks)."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Reject(f"the field {quote(key)} appears twice")
        result[key] = value
    return result


def _no_float(text: str) -> Any:
    raise _Reject(f"{quote(text)}: numbers in this protocol are whole numbers")


def _no_constant(text: str) -> Any:
    raise _Reject(f"{text} is not allowed")


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise _Reject(f"the number {quote(text)} is too long")
    return int(text)


def decode(line: bytes) -> Message:
    """The message of one line (its newline optional), or :class:`ProtocolError` saying why not."""
    if len(line) > MAX_LINE:
        raise LineTooLongError(f"a line of {len(line)} bytes; the limit is {MAX_LINE}")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("the line is not UTF-8 text") from None
    try:
        obj = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_float=_no_float,
            parse_int=_small_int,
            parse_constant=_no_constant,
        )
    except _Reject as error:
        raise ProtocolError(f"the line is not a valid message: {error}") from None
    except (ValueError, RecursionError):
        raise ProtocolError("the line is not a JSON object") from None
    if not isinstance(obj, dict):
        raise ProtocolError("the line is not a JSON object")
    kind = obj.pop("type", None)
    cls = MESSAGES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"unknown message type {quote(kind)}")
    if cls is Hello:
        _check_version(obj)
    message = cls.from_fields(obj, kind)
    assert isinstance(message, Message)
    return message


def _check_version(obj: dict[str, Any]) -> None:
    """``hello``'s protocol and version, checked before its other fields (they may change)."""
    if obj.get("protocol") != PROTOCOL:
        raise VersionError(
            f"the peer does not speak {PROTOCOL} (it says {quote(obj.get('protocol'))}): check the address and port"
        )
    version = obj.get("version")
    if version != VERSION:
        raise VersionError(
            f"the peer speaks {PROTOCOL} version {quote(version)} and this gomoku "
            f"speaks version {VERSION}: install the same gomoku version on both sides",
            quote(version),
        )


class LineReader:
    """Cuts a byte stream into lines of at most ``limit`` bytes (newline included).

    :meth:`feed` returns the complete lines in the bytes so far, without their
    ``\\n`` (and without a ``\\r`` before it, for people typing through netcat).
    An unfinished line longer than ``limit`` raises :class:`LineTooLongError`
    at once, so a ten-megabyte line never costs more than ``limit`` bytes of memory.
    """

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._partial = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """The lines ``data`` completes."""
        self._partial += data
        lines = []
        start = 0
        while True:
            end = self._partial.find(b"\n", start)
            if end < 0:
                break
            if end + 1 - start > self.limit:
                raise LineTooLongError(f"a line of {end + 1 - start} bytes; the limit is {self.limit}")
            line = bytes(self._partial[start:end])
            lines.append(line[:-1] if line.endswith(b"\r") else line)
            start = end + 1
        del self._partial[:start]
        if len(self._partial) >= self.limit:
            raise LineTooLongError(f"a line of more than {self.limit} bytes; the limit is {self.limit}")
        return lines
