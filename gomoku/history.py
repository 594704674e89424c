"""Every finished game, kept in a local SQLite database: written, read back, filtered, marked, deleted.

The database is ``history.sqlite3`` in the data folder
(:func:`gomoku.userdirs.data_dir`), made with the standard library's
:mod:`sqlite3`.  One row a finished game (a :class:`GameEntry`): the game's
record (size, rule, players' names, moves, result, opening rule and steps,
clock and times: a :class:`~gomoku.records.GameRecord`), what kind of game it
was (:class:`GameKind`), which colour the player of this program held, who
the opponent was (:class:`OpponentKind`: a level, an outside engine, a
person), how it ended (:class:`~gomoku.rules.Termination`), when it ended
(UTC), the review's marks once it is reviewed, and a rematch series' id and
score when the game carries one.  Nothing leaves the machine.

How the file is kept safe:

- **A schema version** (``PRAGMA user_version``): :data:`MIGRATIONS` takes a
  database of any older version to :data:`SCHEMA_VERSION`, one step at a
  time, each in one transaction.  A database of a newer gomoku is left as it
  is and moved aside, never written by this one.
- **Two programs at once**: WAL journaling and a busy timeout
  (:data:`BUSY_TIMEOUT_MS`); every write is one short transaction on a
  connection of its own, so each thread and each program writes in turn.
- **A damaged file** (not a database, or failing SQLite's ``quick_check``)
  is renamed aside (``history.sqlite3.corrupt-<time>``), said, and a fresh
  database takes its place (:attr:`History.notice`).
- **A write refused** (a full disk, a read-only file, a lock held too long)
  raises :class:`HistoryError` with a sentence to show: the game itself is
  never lost, its autosave keeps it (:mod:`gomoku.savegame`).

The statistics and the rating are computed from the entries
(:mod:`gomoku.history_stats`); nothing derived is stored.
"""

from __future__ import annotations

import enum
import functools
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from gomoku.clock import NO_CLOCK, ClockError, parse_clock
from gomoku.errors import GomokuError
from gomoku.i18n import _, os_error_text
from gomoku.openings import OpeningRule, named_opening
from gomoku.point import MAX_SIZE, MIN_SIZE, Point, parse_point, to_notation
from gomoku.records.record import GameRecord, result_text
from gomoku.rules import Outcome, Rule, Stone, Termination
from gomoku.userdirs import data_dir, move_aside

#: The database's file name in the data folder.
FILE_NAME = "history.sqlite3"
#: How long a write waits for another program's transaction before it is refused (a game's row is written in
#: well under a millisecond; five seconds covers another program writing a burst of them on a slow disk).
BUSY_TIMEOUT_MS = 5000


class HistoryError(GomokuError):
    """The history could not be read or written: the message says what happened and that nothing is lost."""


class GameKind(enum.Enum):
    """What kind of game a row is: who played on this program's side.  The value is what the database holds."""

    #: The player against a computer level or an outside engine.
    VS_COMPUTER = "vs-computer"
    #: Two people on one keyboard.
    TWO_PLAYERS = "two-players"
    #: The player watched the computer play itself.
    WATCHED = "watched"
    #: The player against another program over the network (each side keeps its own row).
    NETWORK = "network"
    #: The player watched a network game between two others (kept by a watcher's program).
    WATCHED_NETWORK = "watched-network"


class OpponentKind(enum.Enum):
    """Who the player's opponent was: what the statistics and the rating may count."""

    #: One of the computer's levels (the rating counts these games only: their strength is measured).
    LEVEL = "level"
    #: An outside Gomocup engine.
    ENGINE = "engine"
    #: A person: on the same keyboard or over the network.
    PERSON = "person"
    #: Nobody's opponent: the player watched.
    NONE = "none"


class PlayerResult(enum.Enum):
    """A game's result from the player's side (the value is what a filter is typed as)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True)
class GameEntry:
    """One finished game as the history keeps it.

    ``record`` holds the game itself as records do (its result in SGF's
    words); ``you`` is the colour this program's player held at the end
    (``None`` when they held neither or both: watching, two on one
    keyboard), ``opponent`` the opponent's name as shown (a level's name,
    an engine's, a person's), ``level`` the opponent's level when it was
    one.  ``marks`` are the review's: (move number, mark) pairs.  ``series``
    and ``series_score`` belong to a rematch series (``""`` outside one).
    ``number`` is the row's id once kept.
    """

    record: GameRecord
    kind: GameKind
    played_at: datetime
    termination: Termination | None = None
    you: Stone | None = None
    opponent: str = ""
    opponent_kind: OpponentKind = OpponentKind.NONE
    level: str = ""
    marks: tuple[tuple[int, str], ...] = ()
    series: str = ""
    series_score: str = ""
    number: int | None = field(default=None, compare=False)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, as the core names it (``None``: not known)."""
        if self.termination is None:
            return None
        return Outcome(self.termination, self.record.winner)

    @property
    def filed(self) -> GameRecord:
        """The game as a record file keeps it (saved, replayed): with a rematch series' score (SGF ``RO``)."""
        return replace(self.record, series=self.series_score) if self.series_score else self.record

    @functools.cached_property
    def opening_name(self) -> str:
        """The named opening of the first three moves (``Kagetsu (D4)``, English), ``""`` when none."""
        return _named(self.record.moves)

    def score(self) -> float | None:
        """The player's score: 1 a win, 0.5 a draw, 0 a loss; ``None`` when the player held no one colour."""
        if self.you is None or self.termination is None:
            return None
        winner = self.record.winner
        if winner is None:
            return 0.5
        return 1.0 if winner is self.you else 0.0

    def player_result(self) -> PlayerResult | None:
        """The player's result (``None`` when the player held no one colour)."""
        score = self.score()
        if score is None:
            return None
        return PlayerResult.WIN if score == 1.0 else PlayerResult.DRAW if score == 0.5 else PlayerResult.LOSS


def entry_of(
    record: GameRecord,
    kind: GameKind,
    outcome: Outcome | None,
    *,
    you: Stone | None = None,
    opponent: str = "",
    opponent_kind: OpponentKind = OpponentKind.NONE,
    level: str = "",
    series: str = "",
    series_score: str = "",
    played_at: datetime | None = None,
) -> GameEntry:
    """The entry for a game that just ended so: the record's result written from ``outcome``, stamped now."""
    record = replace(record, result=result_text(outcome))
    return GameEntry(
        record=record,
        kind=kind,
        played_at=played_at or datetime.now(timezone.utc).replace(microsecond=0),
        termination=outcome.termination if outcome is not None else None,
        you=you,
        opponent=opponent,
        opponent_kind=opponent_kind,
        level=level,
        series=series,
        series_score=series_score,
    )


@dataclass(frozen=True)
class Filter:
    """Which games to list: each field that is set must match (``""``/``None``: any)."""

    opponent: str = ""
    level: str = ""
    rule: Rule | None = None
    opening: str = ""
    #: the player's result
    result: PlayerResult | None = None

    def matches(self, entry: GameEntry) -> bool:
        """Whether ``entry`` is one of the games this filter lists."""
        if self.opponent and self.opponent.casefold() not in entry.opponent.casefold():
            return False
        if self.level and entry.level != self.level:
            return False
        if self.rule is not None and entry.record.rule is not self.rule:
            return False
        if self.opening and self.opening.casefold() not in entry.opening_name.casefold():
            return False
        return self.result is None or entry.player_result() is self.result


# -- the schema and its migrations --------------------------------------------------------------

#: The first schema (version 1): one row a game.
_SCHEMA_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    played_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    rule TEXT NOT NULL,
    size INTEGER NOT NULL,
    black TEXT NOT NULL DEFAULT '',
    white TEXT NOT NULL DEFAULT '',
    you TEXT,
    opponent TEXT NOT NULL DEFAULT '',
    level TEXT NOT NULL DEFAULT '',
    moves TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT '',
    termination TEXT,
    opening TEXT NOT NULL DEFAULT 'none',
    opening_steps TEXT NOT NULL DEFAULT '[]',
    clock TEXT NOT NULL DEFAULT 'none',
    move_times TEXT NOT NULL DEFAULT '[]',
    time_left TEXT NOT NULL DEFAULT '[]',
    marks TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX games_played_at ON games (played_at);
"""

#: Version 2: who the opponent was (what the rating counts), the named opening (to filter by it without
#: replaying every game), and a rematch series' id and score.
_SCHEMA_2 = """
ALTER TABLE games ADD COLUMN opponent_kind TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN opening_name TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN series TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN series_score TEXT NOT NULL DEFAULT '';
CREATE INDEX games_opening_name ON games (opening_name);
"""


def _to_version_1(connection: sqlite3.Connection) -> None:
    connection.executescript(f"BEGIN;{_SCHEMA_1}")


def _to_version_2(connection: sqlite3.Connection) -> None:
    """Version 2's columns; the opponent's kind told from version 1's columns, each game's opening named."""
    connection.executescript(f"BEGIN;{_SCHEMA_2}")
    connection.execute(
        "UPDATE games SET opponent_kind = CASE WHEN level != '' THEN 'level' "
        "WHEN kind IN ('two-players', 'network') THEN 'person' ELSE 'none' END"
    )
    rows = connection.execute("SELECT id, size, moves FROM games").fetchall()
    for number, size, moves in rows:
        name = _named(_points(moves, size)) if moves else ""
        if name:
            connection.execute("UPDATE games SET opening_name = ? WHERE id = ?", (name, number))


#: The steps from each version to the next: ``MIGRATIONS[n]`` takes version ``n`` to ``n + 1`` (0 is a new file).
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_to_version_1, _to_version_2)
#: The schema this version writes.
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(connection: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Take the database to version ``upto``, each step in one transaction; the version it was at."""
    start = int(connection.execute("PRAGMA user_version").fetchone()[0])
    for version in range(start, upto):
        try:
            MIGRATIONS[version](connection)  # each step begins its own transaction
            connection.execute(f"PRAGMA user_version = {version + 1}")
            connection.commit()
        except BaseException:
            connection.rollback()
            raise
    return start


# -- the database --------------------------------------------------------------------------------


class History:
    """The history database at ``path`` (default: ``history.sqlite3`` in the data folder).

    Made by :meth:`open`, which checks the file, migrates it and sets aside a
    damaged one; then every call opens its own short connection, so any
    thread (and any other program) may use it.  Every write refused raises
    :class:`HistoryError`.
    """

    def __init__(self, path: Path, notice: str = "") -> None:
        self.path = path
        #: What the player should be told about opening it (a damaged file kept aside), ``""`` if nothing.
        self.notice = notice

    @classmethod
    def open(cls, path: Path | None = None) -> History:
        """The history at ``path``, checked and migrated; a damaged or newer file moved aside (said in
        :attr:`notice`).  Raises :class:`HistoryError` when no database can be made there at all."""
        path = path or data_dir() / FILE_NAME
        notice = ""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                _check(path)
            except _Unusable as unusable:
                kept = _move_aside(path, unusable.reason)
                if unusable.reason == "newer":
                    notice = _("The game history is from a newer gomoku: it is kept as {name}, and a new one begun.")
                else:
                    notice = _("The game history was damaged: it is kept as {name}, and a new one begun.")
                notice = notice.format(name=kept.name)
                _check(path)
        except (OSError, sqlite3.Error, _Unusable) as error:
            raise HistoryError(_refused(error, _("The game history cannot be opened ({reason})."))) from None
        return cls(path, notice)

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        connection = _connect(self.path)
        try:
            yield connection
        finally:
            connection.close()

    def add(self, entry: GameEntry) -> int:
        """Keep ``entry``; its row's number.  Raises :class:`HistoryError` when the write is refused."""
        row = _row(entry)
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        try:
            with self._connection() as connection, connection:
                cursor = connection.execute(f"INSERT INTO games ({columns}) VALUES ({marks})", tuple(row.values()))
                number = cursor.lastrowid
        except sqlite3.Error as error:
            raise HistoryError(
                _refused(error, _("The game was not added to the history ({reason}); its autosave keeps it."))
            ) from None
        assert number is not None
        return number

    def entries(self, where: Filter | None = None) -> list[GameEntry]:
        """The games kept, oldest first (those ``where`` lists, if given).  Rows that cannot be read are skipped."""
        try:
            with self._connection() as connection:
                rows = connection.execute("SELECT * FROM games ORDER BY played_at, id").fetchall()
        except sqlite3.Error as error:
            raise HistoryError(_refused(error, _("The game history cannot be read ({reason})."))) from None
        entries = [entry for entry in map(_entry, rows) if entry is not None]
        return [entry for entry in entries if where is None or where.matches(entry)]

    def get(self, number: int) -> GameEntry | None:
        """The game kept as row ``number``, or ``None``."""
        return next((entry for entry in self.entries() if entry.number == number), None)

    def set_marks(self, number: int, marks: Sequence[tuple[int, str]]) -> None:
        """Keep the review's ``marks`` on game ``number`` (a later review replaces them)."""
        self._write("UPDATE games SET marks = ? WHERE id = ?", (json.dumps([list(mark) for mark in marks]), number))

    def delete(self, number: int) -> None:
        """Let game ``number`` go."""
        self._write("DELETE FROM games WHERE id = ?", (number,))

    def _write(self, statement: str, values: tuple[Any, ...]) -> None:
        try:
            with self._connection() as connection, connection:
                connection.execute(statement, values)
        except sqlite3.Error as error:
            raise HistoryError(_refused(error, _("The game history was not changed ({reason})."))) from None


def _connect(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` in WAL mode with the busy timeout, rows by column name."""
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level="DEFERRED")
    connection.row_factory = sqlite3.Row
    connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return connection


class _Unusable(Exception):
    """A file that is not a history this version can use: ``reason`` ``corrupt`` or ``newer``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _check(path: Path) -> None:
    """Make sure ``path`` is a sound history of this version: checked, WAL on, migrated.  Raises
    :class:`_Unusable` for a damaged or newer file, :class:`sqlite3.Error` or :class:`OSError` otherwise."""
    try:
        connection = _connect(path)
    except sqlite3.DatabaseError:
        raise _Unusable("corrupt") from None
    try:
        try:
            verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.DatabaseError as error:
            if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
                raise
            raise _Unusable("corrupt") from None
        if verdict != "ok":
            raise _Unusable("corrupt")
        if version > SCHEMA_VERSION:
            raise _Unusable("newer")
        if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            connection.execute("PRAGMA journal_mode = WAL")
        migrate(connection)
    finally:
        connection.close()


def _move_aside(path: Path, reason: str) -> Path:
    """Rename ``path`` (and its WAL and shared-memory files) aside as ``<name>.<reason>-<time>``; the new name."""
    target = move_aside(path, reason)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, target.with_name(target.name + suffix))
    return target


def _refused(error: BaseException, sentence: str) -> str:
    """``sentence`` with the reason ``error`` gives (SQLite's words: ``database or disk is full``)."""
    reason = str(error) or type(error).__name__
    if isinstance(error, OSError):
        reason = os_error_text(error)
    return sentence.format(reason=reason)


# -- rows both ways -----------------------------------------------------------------------------


def _named(moves: Sequence[Point]) -> str:
    opening = named_opening(moves[:3]) if len(moves) >= 3 else None
    return opening.text if opening is not None else ""


def _points(text: str, size: int) -> tuple[Point, ...]:
    """The points a row's moves name (``h8 i9``), by a table made once per size: a history of a thousand
    long games reads a point hundreds of thousands of times."""
    table = _notation_table(size)
    return tuple(table[word] if word in table else parse_point(word, size) for word in text.split())


@functools.lru_cache(maxsize=MAX_SIZE - MIN_SIZE + 1)
def _notation_table(size: int) -> dict[str, Point]:
    """Every point of a ``size`` board by its notation."""
    return {to_notation(Point(x, y), size): Point(x, y) for y in range(size) for x in range(size)}


def _row(entry: GameEntry) -> dict[str, Any]:
    record = entry.record
    return {
        "played_at": entry.played_at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "kind": entry.kind.value,
        "rule": record.rule.value,
        "size": record.size,
        "black": record.black,
        "white": record.white,
        "you": str(entry.you) if entry.you is not None else None,
        "opponent": entry.opponent,
        "opponent_kind": entry.opponent_kind.value,
        "level": entry.level,
        "moves": " ".join(to_notation(point, record.size) for point in record.moves),
        "result": record.result,
        "termination": entry.termination.value if entry.termination is not None else None,
        "opening": record.opening.value,
        "opening_steps": json.dumps(list(record.opening_steps)),
        "opening_name": entry.opening_name,
        "clock": record.clock.text(),
        "move_times": json.dumps(list(record.move_times)),
        "time_left": json.dumps(list(record.time_left)),
        "marks": json.dumps([list(mark) for mark in entry.marks]),
        "series": entry.series,
        "series_score": entry.series_score,
    }


#: A colour as the database writes it (``str(stone)``), back.
_COLOURS = {str(stone): stone for stone in Stone}


def _entry(row: sqlite3.Row) -> GameEntry | None:
    """The entry a row holds, or ``None`` for a row this version cannot read (another program's damage)."""
    try:
        size = int(row["size"])
        record = GameRecord(
            size=size,
            rule=Rule(row["rule"]),
            moves=_points(row["moves"], size),
            black=row["black"],
            white=row["white"],
            result=row["result"],
            opening=OpeningRule(row["opening"]),
            opening_steps=tuple(str(step) for step in json.loads(row["opening_steps"])),
            clock=parse_clock(row["clock"]) if row["clock"] != "none" else NO_CLOCK,
            move_times=tuple(json.loads(row["move_times"])),
            time_left=tuple(json.loads(row["time_left"])),
        )
        played = datetime.strptime(row["played_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        return GameEntry(
            record=record,
            kind=GameKind(row["kind"]),
            played_at=played,
            termination=Termination(row["termination"]) if row["termination"] else None,
            you=_COLOURS[row["you"]] if row["you"] else None,
            opponent=row["opponent"],
            opponent_kind=OpponentKind(row["opponent_kind"]),
            level=row["level"],
            marks=tuple((int(number), str(mark)) for number, mark in json.loads(row["marks"])),
            series=row["series"],
            series_score=row["series_score"],
            number=int(row["id"]),
        )
    except (ValueError, TypeError, KeyError, ClockError):
        return None


__all__ = [
    "FILE_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Filter",
    "GameEntry",
    "GameKind",
    "History",
    "HistoryError",
    "OpponentKind",
    "PlayerResult",
    "entry_of",
    "migrate",
]
