"""Game clocks as values: Fischer, byo-yomi, a fixed time a move, or none.

Nothing here reads the time or sleeps: every operation takes ``now`` (any
monotonic seconds the caller keeps, ``time.monotonic()`` in a front end, plain
numbers in tests) and returns a new :class:`Clock`.  A front end presses the
clock when a move is made (:meth:`Clock.press`), asks what to show
(:meth:`Clock.remaining`, :meth:`Clock.periods_left`) and whether a flag has
fallen (:meth:`Clock.expired`); undo (:meth:`Clock.undo`) puts both sides'
times back as they were before the undone moves; pausing is for local games.

The kinds, as tournaments play them:

- **Fischer** ``M+S``: M minutes for the game, S seconds added after each
  move (``5+3``, the GomokuWorld Meijin events' control).
- **Byo-yomi** ``M+NxS``: M minutes, then N periods of S seconds; a move
  made within a period keeps it, a period that runs out is lost, and when the
  last one runs out the flag falls (``10+5x30``).
- **Fixed** ``Ss``: S seconds for each move, nothing carried over (``30s``).
- **None** ``none``: no clock.

A flag fall loses, except that it is a draw when the opponent could no
longer make five on the board (:func:`time_outcome`), as chess scores a flag
fall against a bare king.
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass, field, replace

from gomoku.board import Board
from gomoku.errors import GomokuError
from gomoku.i18n import _, ngettext
from gomoku.rules import Outcome, Stone, Termination

#: The longest main time a clock takes: ten hours (a longer game is an error in the text, not a game).
MAX_MAIN_SECONDS = 10 * 3600
#: The most byo-yomi periods a clock takes.
MAX_PERIODS = 100
#: What the computer keeps in hand when it shares out its time, in seconds: the issue asks that it
#: never lose on time with more than a second left, so a move never plans to end closer than this.
SAFETY_MARGIN = 1.0
#: The moves a side is assumed still to play when sharing out main time (half the plies of a
#: 60-move game; the Gomocup engine's sharing uses a similar share of the empty cells).
MOVES_TO_GO = 30
#: Of an increment, byo-yomi period or fixed time, the share a computer move plans to use.
PERIOD_SHARE = 0.8
#: Under a turn limit and a match clock (the Gomocup protocol's ``timeout_turn`` and ``timeout_match``),
#: the match time is shared out over the moves still expected: half the plies left of a game of this many
#: plies (a game between strong players on 15x15 rarely lasts 90 plies), ...
MATCH_PLIES = 90
#: ... and never fewer than this many more moves (the end of a long game needs time too).
MIN_MOVES_TO_GO = 10
#: A move may run past its share, up to this many times it (a search is stopped there) ...
MAX_OVER_SHARE = 2.5
#: ... and never past this share of the time left.
MAX_SHARE_OF_LEFT = 0.25
#: What a move's answer must leave of its limit for the pipe, the process and the scheduler: a base, a share
#: of the limit, and at most this much in all (seconds).
ANSWER_MARGIN = 0.03
ANSWER_MARGIN_SHARE = 0.05
MAX_ANSWER_MARGIN = 1.0
#: The shortest deadline an answer is given, in seconds.
MIN_DEADLINE = 0.005


class ClockError(GomokuError, ValueError):
    """A clock text that cannot be read; the message says how to write one."""


class ClockKind(enum.Enum):
    """The kinds of game clock."""

    NONE = "none"
    FISCHER = "fischer"
    BYOYOMI = "byo-yomi"
    FIXED = "fixed"


@dataclass(frozen=True)
class ClockSpec:
    """A time control: the kind, the main time, and the increment, periods or time a move (seconds)."""

    kind: ClockKind = ClockKind.NONE
    main: float = 0.0
    increment: float = 0.0
    periods: int = 0
    period: float = 0.0

    def text(self) -> str:
        """The control as ``--clock`` takes it: ``none``, ``5+3``, ``10+5x30``, ``30s``."""
        if self.kind is ClockKind.NONE:
            return "none"
        if self.kind is ClockKind.FIXED:
            return f"{_number(self.period)}s"
        minutes = _number(self.main / 60)
        if self.kind is ClockKind.FISCHER:
            return f"{minutes}+{_number(self.increment)}"
        return f"{minutes}+{self.periods}x{_number(self.period)}"

    def total(self, moves: int = MOVES_TO_GO) -> float:
        """The time one side has for a game of ``moves`` moves, in seconds: how menus order the controls.

        The main time, plus ``moves`` increments (Fischer) or periods (byo-yomi: each later move may take a
        whole period), or ``moves`` times the time a move (fixed); no clock is none (``0``).
        """
        if self.kind is ClockKind.NONE:
            return 0.0
        if self.kind is ClockKind.FIXED:
            return moves * self.period
        return self.main + moves * (self.increment if self.kind is ClockKind.FISCHER else self.period)

    def describe(self) -> str:
        """The control in words, for a menu or a result line, in the language in use (:meth:`text` stays English)."""
        if self.kind is ClockKind.NONE:
            return _("no clock")
        if self.kind is ClockKind.FIXED:
            return _("{seconds} s a move").format(seconds=_number(self.period))
        minutes = _number(self.main / 60)
        if self.kind is ClockKind.FISCHER:
            return _("{minutes} min + {seconds} s a move").format(minutes=minutes, seconds=_number(self.increment))
        return _("{minutes} min, then {periods} x {seconds} s").format(
            minutes=minutes, periods=self.periods, seconds=_number(self.period)
        )

    def __str__(self) -> str:
        return self.text()


NO_CLOCK = ClockSpec()

_NUMBER = r"(\d+(?:\.\d+)?)"
_FISCHER = re.compile(rf"{_NUMBER}\+{_NUMBER}")
_BYOYOMI = re.compile(rf"{_NUMBER}\+(\d+)[x*]{_NUMBER}")
_FIXED = re.compile(rf"{_NUMBER}s(?:/move)?")


def _help() -> str:
    """How to write a clock, in the language in use (the examples are what ``--clock`` takes, never translated)."""
    return _("write none, 5+3 (5 min + 3 s a move), 10+5x30 (10 min, then 5 periods of 30 s) or 30s (30 s a move)")


def by_total(texts: tuple[str, ...]) -> tuple[ClockSpec, ...]:
    """The controls written ``texts``, in order of their :meth:`ClockSpec.total` time (no clock first)."""
    return tuple(sorted((parse_clock(text) for text in texts), key=lambda spec: spec.total()))


def _number(value: float) -> str:
    return f"{value:g}"


def parse_clock(text: str) -> ClockSpec:
    """The time control written ``text`` (see :func:`_help`); raises :class:`ClockError`."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned in ("none", "no", "off", ""):
        return NO_CLOCK
    if match := _FIXED.fullmatch(cleaned):
        seconds = float(match.group(1))
        if not 0 < seconds <= MAX_MAIN_SECONDS:
            raise ClockError(_("{text}: the time a move must be more than 0 s").format(text=repr(text.strip())))
        return ClockSpec(ClockKind.FIXED, period=seconds)
    if match := _BYOYOMI.fullmatch(cleaned):
        main, periods, period = float(match.group(1)) * 60, int(match.group(2)), float(match.group(3))
        if not 1 <= periods <= MAX_PERIODS or period <= 0:
            raise ClockError(
                _("{text}: byo-yomi needs 1 to {count} periods of more than 0 s").format(
                    text=repr(text.strip()), count=MAX_PERIODS
                )
            )
        _check_main(text, main)
        return ClockSpec(ClockKind.BYOYOMI, main=main, periods=periods, period=period)
    if match := _FISCHER.fullmatch(cleaned):
        main, increment = float(match.group(1)) * 60, float(match.group(2))
        _check_main(text, main)
        if main == 0 and increment == 0:
            raise ClockError(_("{text} leaves no time at all: {help}").format(text=repr(text.strip()), help=_help()))
        if main == 0:
            raise ClockError(
                _("{text} has no main time: for a time a move write {seconds}s").format(
                    text=repr(text.strip()), seconds=_number(increment)
                )
            )
        return ClockSpec(ClockKind.FISCHER, main=main, increment=increment)
    raise ClockError(_("{text} is not a clock: {help}").format(text=repr(text.strip()), help=_help()))


def _check_main(text: str, main: float) -> None:
    if main > MAX_MAIN_SECONDS:
        hours = MAX_MAIN_SECONDS // 3600
        raise ClockError(
            ngettext(
                "{text}: the main time must be at most {count} hour",
                "{text}: the main time must be at most {count} hours",
                hours,
            ).format(text=repr(text.strip()), count=hours)
        )


@dataclass(frozen=True)
class SideTime:
    """One side's time: main time left and byo-yomi periods left (seconds, count)."""

    main: float
    periods: int = 0


@dataclass(frozen=True)
class Clock:
    """Both sides' clocks: times left, who is running since when, and the history undo needs.

    ``running`` is the side whose time runs (``None`` before :meth:`start`
    and after a flag fall); ``since`` the ``now`` its current stretch began
    (``None`` while paused); ``used`` the time its current move took before
    a pause.  ``history`` holds, for each pressed move (or opening step),
    both sides' times before it, the time it took and the side that took it;
    ``flagged`` is the side whose flag fell.
    """

    spec: ClockSpec
    black: SideTime
    white: SideTime
    running: Stone | None = None
    since: float | None = None
    used: float = 0.0
    flagged: Stone | None = None
    history: tuple[tuple[SideTime, SideTime, float, Stone], ...] = field(default=())

    @classmethod
    def new(cls, spec: ClockSpec) -> Clock:
        """A clock for ``spec``, stopped, both sides' full time on it."""
        side = SideTime(spec.main, spec.periods)
        return cls(spec, side, side)

    @property
    def enabled(self) -> bool:
        """Whether there is a clock at all."""
        return self.spec.kind is not ClockKind.NONE

    @property
    def paused(self) -> bool:
        """Whether a side's move is under way with its time stopped."""
        return self.running is not None and self.since is None

    def side(self, stone: Stone) -> SideTime:
        """``stone``'s time as it stood at the start of the current move."""
        return self.black if stone is Stone.BLACK else self.white

    def _with(self, stone: Stone, time: SideTime) -> Clock:
        return replace(self, black=time) if stone is Stone.BLACK else replace(self, white=time)

    def elapsed(self, now: float) -> float:
        """How long the running side's current move has taken by ``now``."""
        if self.running is None:
            return 0.0
        return self.used + (max(0.0, now - self.since) if self.since is not None else 0.0)

    # -- what to show ------------------------------------------------------------

    def remaining(self, stone: Stone, now: float) -> float:
        """The time ``stone`` has before its flag falls, at ``now``: main time, or the period under way."""
        time = self.side(stone)
        spent = self.elapsed(now) if stone is self.running else 0.0
        kind = self.spec.kind
        if kind is ClockKind.NONE:
            return math.inf
        if kind is ClockKind.FIXED:
            return max(0.0, self.spec.period - spent)
        if kind is ClockKind.FISCHER or spent < time.main:
            return max(0.0, time.main - spent)
        over = spent - time.main
        lost = int(over // self.spec.period)
        if lost >= time.periods:
            return 0.0
        return self.spec.period - (over - lost * self.spec.period)

    def periods_left(self, stone: Stone, now: float) -> int:
        """Byo-yomi periods ``stone`` still has at ``now`` (the one under way included)."""
        time = self.side(stone)
        if self.spec.kind is not ClockKind.BYOYOMI:
            return 0
        spent = self.elapsed(now) if stone is self.running else 0.0
        if spent <= time.main:
            return time.periods
        return max(0, time.periods - int((spent - time.main) // self.spec.period))

    def expired(self, now: float) -> Stone | None:
        """The side whose flag has fallen by ``now`` (the running side's, if its time is gone), or ``None``."""
        if self.flagged is not None:
            return self.flagged
        if not self.enabled or self.running is None:
            return None
        return self.running if self.remaining(self.running, now) <= 0 else None

    def flag_time(self) -> float | None:
        """When the running side's flag falls if nobody moves (``None``: no clock, nobody running, or paused).

        The moment :meth:`expired` turns true: the main time left, and under
        byo-yomi every period too (a period that ends is not a flag fall), or
        the time a move; a caller sleeps until then rather than polling.
        """
        if not self.enabled or self.running is None or self.since is None:
            return None
        spec, side = self.spec, self.side(self.running)
        if spec.kind is ClockKind.BYOYOMI:
            total = side.main + side.periods * spec.period
        elif spec.kind is ClockKind.FIXED:
            total = spec.period
        else:
            total = side.main
        return self.since + max(0.0, total - self.used)

    # -- changing it ---------------------------------------------------------------

    def start(self, stone: Stone, now: float) -> Clock:
        """Start ``stone``'s time at ``now`` (a new move: nothing used yet)."""
        return replace(self, running=stone, since=now, used=0.0)

    def stop(self, now: float) -> Clock:
        """Stop both clocks for good (the game ended): the running move's time is not charged."""
        return replace(self, running=None, since=None, used=0.0)

    def pause(self, now: float) -> Clock:
        """Stop the running side's time at ``now`` (local games): :meth:`resume` goes on from there."""
        if self.running is None or self.since is None:
            return self
        return replace(self, since=None, used=self.elapsed(now))

    def resume(self, now: float) -> Clock:
        """Go on with the paused side's time from ``now``."""
        if self.running is None or self.since is not None:
            return self
        return replace(self, since=now)

    def flag(self, now: float) -> Clock:
        """The clock with a fallen flag recorded and stopped, if one has fallen by ``now``; else itself."""
        loser = self.expired(now)
        if loser is None or self.flagged is not None:
            return self
        spent = self.elapsed(now)
        time = self.side(loser)
        emptied = SideTime(0.0, 0) if self.spec.kind is not ClockKind.FIXED else time
        flagged = self._with(loser, emptied)
        return replace(
            flagged,
            running=None,
            since=None,
            used=0.0,
            flagged=loser,
            history=self.history + ((self.black, self.white, spent, loser),),
        )

    def press(self, now: float, to: Stone | None = None) -> Clock:
        """The running side has moved at ``now``: charge its time, add increment, start ``to``'s time.

        ``to`` is the side that acts next: the other side (the default) after
        a move, whoever takes the next step in an opening (the same side
        again when one player takes two steps in a row): every opening step
        presses the clock as a move does (who acts: :meth:`gomoku.openings.OpeningState.actor`).  If the
        running side's time had run out the flag falls instead
        (:attr:`flagged`) and both clocks stop.  Before :meth:`start` it does
        nothing.
        """
        stone = self.running
        if stone is None:
            return self
        if self.enabled and self.expired(now) is not None:
            return self.flag(now)
        spent = self.elapsed(now)
        time = self.side(stone)
        kind = self.spec.kind
        if kind is ClockKind.FISCHER:
            after = SideTime(time.main - spent + self.spec.increment)
        elif kind is ClockKind.BYOYOMI:
            if spent <= time.main:
                after = SideTime(time.main - spent, time.periods)
            else:
                lost = int((spent - time.main) // self.spec.period)
                after = SideTime(0.0, time.periods - lost)
        else:
            after = time
        entry = (self.black, self.white, spent, stone)
        moved = self._with(stone, after)
        following = stone.opponent if to is None else to
        return replace(moved, running=following, since=now, used=0.0, history=self.history + (entry,))

    def undo(self, moves: int, now: float) -> Clock:
        """Both clocks as they were before the last ``moves`` pressed moves, the side to move running from ``now``.

        A flag fall counts as a move here: undoing it gives the side its
        time back as it was before that move.  The side that took the first
        undone move (or opening step) runs again.
        """
        if moves <= 0 or not self.history:
            return self
        moves = min(moves, len(self.history))
        black, white, _, stone = self.history[-moves]
        return Clock(
            self.spec, black, white, stone, now if stone is not None else None, 0.0, None, self.history[:-moves]
        )

    @property
    def move_times(self) -> tuple[float, ...]:
        """How long each pressed move took, in order (for records)."""
        return tuple(entry[2] for entry in self.history)

    def left_after(self) -> tuple[float, ...]:
        """The time left to the side that moved, after each pressed move (SGF ``BL``/``WL``)."""
        after = [(entry[0], entry[1]) for entry in self.history[1:]] + [(self.black, self.white)]
        return tuple(
            (black if entry[3] is Stone.BLACK else white).main
            for entry, (black, white) in zip(self.history, after, strict=True)
        )

    # -- the computer's share ---------------------------------------------------------

    def think_budget(self, stone: Stone, now: float) -> float | None:
        """How long ``stone``'s computer may think now, in seconds (``None``: no clock, think as usual).

        A share of the main time (the time left over :data:`MOVES_TO_GO`
        moves) plus :data:`PERIOD_SHARE` of the increment or period, never
        planned to end within :data:`SAFETY_MARGIN` of the flag.
        """
        if not self.enabled:
            return None
        left = self.remaining(stone, now)
        kind = self.spec.kind
        if kind is ClockKind.FIXED:
            share = move_share(0.0, MOVES_TO_GO, self.spec.period * PERIOD_SHARE)
        elif kind is ClockKind.FISCHER:
            share = move_share(left, MOVES_TO_GO, self.spec.increment * PERIOD_SHARE)
        else:
            main = self.side(stone).main - (self.elapsed(now) if stone is self.running else 0.0)
            share = move_share(main, MOVES_TO_GO, self.spec.period * PERIOD_SHARE)
        return max(0.05, min(share, left - SAFETY_MARGIN))


# -- a computer's share of its time -------------------------------------------------------
#
# One home for how a computer shares out its time, whoever keeps the clock: the game clock's
# :meth:`Clock.think_budget` (the local game, matches) and the Gomocup brain's turn limit and
# match clock (:func:`turn_allotment`, :func:`answer_deadline`) both share through :func:`move_share`.


def move_share(main_left: float, moves_to_go: float, per_move: float = 0.0, limit: float = math.inf) -> float:
    """What one move plans to use, in seconds: the main time left spread over the moves still to go, plus
    ``per_move`` (the share of an increment, period or time a move it plans to use), at most ``limit``."""
    return min(limit, max(0.0, main_left) / moves_to_go + per_move)


def moves_to_go(stones: int, empty_cells: int) -> float:
    """The moves a side still expects to make with ``stones`` on the board: half the plies left of a game of
    :data:`MATCH_PLIES`, at least :data:`MIN_MOVES_TO_GO`, at most what the empty cells allow."""
    expected = max(MIN_MOVES_TO_GO, (MATCH_PLIES - stones) / 2)
    return min(expected, max(1, (empty_cells + 1) // 2))


def turn_allotment(turn: float, left: float | None, stones: int, empty_cells: int) -> tuple[float, float]:
    """(what this move should take, the most it may take), in seconds, under a turn limit and a match clock.

    ``turn`` is the limit of one move; ``left`` the match time left (``None``: no match clock, and both
    are the turn limit).  As strong engines share out a match clock: the time left over
    :func:`moves_to_go`, capped by the turn limit; the most a move may take is :data:`MAX_OVER_SHARE`
    times that share, at most :data:`MAX_SHARE_OF_LEFT` of what is left and the turn limit.
    """
    if left is None:
        return turn, turn
    left = max(0.0, left)
    share = move_share(left, moves_to_go(stones, empty_cells), limit=turn)
    most = min(turn, left * MAX_SHARE_OF_LEFT, share * MAX_OVER_SHARE)
    return min(share, most), most


def answer_deadline(limit: float) -> float:
    """How long after a command arrives the answer must be out, for a move that may take ``limit`` seconds:
    the limit less a margin for the pipe, the process and the scheduler (:data:`ANSWER_MARGIN` plus
    :data:`ANSWER_MARGIN_SHARE` of the limit, at most :data:`MAX_ANSWER_MARGIN`)."""
    margin = min(MAX_ANSWER_MARGIN, ANSWER_MARGIN + ANSWER_MARGIN_SHARE * limit)
    return max(MIN_DEADLINE, limit - margin)


def time_outcome(board: Board, loser: Stone) -> Outcome:
    """The result when ``loser``'s flag falls on ``board``: the other side wins, or a draw if it cannot make five.

    The board's combination tables know whether any line of five is still
    open to the other side (``tables.alive``).
    """
    winner = loser.opponent
    if board.tables.alive[winner]:
        return Outcome(Termination.TIME, winner)
    return Outcome(Termination.TIME, None)


__all__ = [
    "NO_CLOCK",
    "Clock",
    "ClockError",
    "ClockKind",
    "ClockSpec",
    "SideTime",
    "answer_deadline",
    "by_total",
    "move_share",
    "moves_to_go",
    "parse_clock",
    "time_outcome",
    "turn_allotment",
]
