"""A game in progress as one value: the board, the opening, the clock by seat, the result, the undo policy.

:class:`Game` is the referee every front end plays through, in the manner of
python-chess's ``Board.outcome()`` and of a game server's game object
(scalachess's ``Game``): one immutable value that takes a player's action
and the time, and returns the next game, or refuses with a
:class:`GameError` whose :class:`Refusal` says what kind of no it is.  It
reads no clock and keeps no thread: every call that can change the clock
takes ``now`` (any monotonic seconds the caller keeps).

Players are named by :class:`~gomoku.openings.Seat`: the first seat begins
the game (black, or the first player of an opening rule), and an opening's
swaps change which colour a seat holds, never whose time is whose.  The API:

- :meth:`Game.new` a fresh game, :meth:`Game.resumed` one picked up again
  (from a save or a record: its board, opening, and the times left by seat);
- :meth:`Game.play` a point by a seat (during the opening the point is the
  step's placement, offer or pick: :meth:`~gomoku.openings.OpeningState.point_move`),
  :meth:`Game.step` an opening step by a seat, :meth:`Game.undo` and
  :meth:`Game.redo` as the :class:`UndoPolicy` says, :meth:`Game.resign`,
  :meth:`Game.agree_draw`, :meth:`Game.forfeit` (a match's player that
  played an illegal move or gave none loses by the core's judgement),
  :meth:`Game.verdict` (an ending the referee of record told of: the
  network guest, a host reading its save);
- :meth:`Game.tick` judges a flag fall at ``now`` (and starts a resumed
  game's clock), :meth:`Game.flag_time` says when to tick next,
  :meth:`Game.pause` and :meth:`Game.resume` stop and restart the clock;
- what to show: :attr:`Game.acting_seat` (whose action the game waits for),
  :attr:`Game.result` (the core :class:`~gomoku.rules.Outcome`, whatever
  ended the game: five, a full board, no five left, no legal move, time,
  resignation, agreement, forfeit), :meth:`Game.time_left`,
  :meth:`Game.periods_left`, :attr:`Game.clock_seat`, :meth:`Game.ply_seat`
  (who made each ply), :meth:`Game.actions` (everything done, in words).

The rules of time, as the local screen and the network host both follow them:

- **The clock starts with the first action**: the first move, or under an
  opening rule its first step.  That first action is not timed (as lichess and
  scalachess start the clock after the first move); from then on the time of
  whoever acts runs, so no flag can fall before the first stone is down.
- **Each action presses the clock**: a move and every opening step (a stone,
  a swap, a declared number, each offered 5th move, the pick) charges its
  player's time, adds the increment, and starts the next actor's time (the
  same player again when one takes two steps in a row).
- **Pausing stops the running time**; any action while paused ends the pause
  (the player who moves wants the game to go on), for the clock and for
  whatever waits on :attr:`Game.paused` (a computer opponent).
- **Undo puts both times back** as they were before the undone actions, and
  a flag fall is undone with them; undoing every action stops the clock again.
  Redo is refused while a clock runs (the time of a replayed move is not
  known): :attr:`Game.can_redo` says whether a redo would be taken.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace

from gomoku.board import Board, IllegalMoveError
from gomoku.clock import NO_CLOCK, Clock, ClockSpec, SideTime, time_outcome
from gomoku.errors import GomokuError
from gomoku.i18n import _, join_list
from gomoku.openings import (
    Action,
    OpeningError,
    OpeningMove,
    OpeningRule,
    OpeningState,
    OpeningStep,
    Seat,
)
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone, Termination

#: The clock's two sides hold the seats' times: the first seat's on the side named black (the colour it
#: starts with), the second's on white.  Swaps change colours, never these.
_CLOCK_SIDE = {Seat.FIRST: Stone.BLACK, Seat.SECOND: Stone.WHITE}
_SEAT_OF_SIDE = {side: seat for seat, side in _CLOCK_SIDE.items()}


class UndoPolicy(enum.Enum):
    """How much one undo takes back."""

    #: One action: the last move or opening step, whoever took it (two players at one screen, watching).
    ONE = "one"
    #: Back to the asking seat's turn: its own last action and everything after it (against the computer).
    TO_SEAT = "to-seat"


class Refusal(enum.Enum):
    """The kinds of action a :class:`Game` refuses: what a front end may tell apart without reading text."""

    #: The game has ended.
    GAME_OVER = "game over"
    #: Another seat's action is awaited.
    NOT_YOUR_TURN = "not your turn"
    #: The point cannot be played: taken, off the board, forbidden for black.
    ILLEGAL_MOVE = "illegal move"
    #: The opening rule does not allow this step now (the message says what it wants).
    OPENING = "not this opening step"
    #: An opening step after the opening is over.
    OPENING_OVER = "the opening is over"
    #: Nothing (of the asking seat's) to take back.
    NOTHING_TO_UNDO = "nothing to undo"
    #: Nothing to replay.
    NOTHING_TO_REDO = "nothing to redo"
    #: Redo while a clock is kept (a replayed move's time is not known) or during the opening.
    NO_REDO = "no redo"


class GameError(GomokuError, ValueError):
    """An action the game refuses: :attr:`kind` says which kind of no, the message says what to do instead."""

    def __init__(self, kind: Refusal, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def clock_side(seat: Seat) -> Stone:
    """The side of a :class:`~gomoku.clock.Clock` that holds ``seat``'s time (the colour it starts with)."""
    return _CLOCK_SIDE[seat]


@dataclass(frozen=True)
class Game:
    """A game in progress: its board, opening, clock by seat, ending, undo policy and whether it is paused.

    A value: every action returns a new :class:`Game` (the board is copied,
    never changed once a game holds it; read it, do not play on it).
    ``ended`` is an ending the board cannot know (time, resignation,
    agreement); :attr:`result` is that or the board's outcome.  ``clock``
    holds the seats' times on its two sides (:func:`clock_side`).
    """

    board: Board
    opening: OpeningState
    clock: Clock
    undo_policy: UndoPolicy = UndoPolicy.ONE
    ended: Outcome | None = None
    paused: bool = False

    # -- making one ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rule: Rule = Rule.FREESTYLE,
        size: int = 15,
        opening: OpeningRule = OpeningRule.NONE,
        clock: ClockSpec = NO_CLOCK,
        undo: UndoPolicy = UndoPolicy.ONE,
    ) -> Game:
        """A fresh game: an empty board, the opening rule at its first step, the clock full and stopped."""
        return cls(Board(size, rule), OpeningState.start(opening), Clock.new(clock), undo)

    @classmethod
    def resumed(
        cls,
        board: Board,
        opening: OpeningState | None = None,
        clock: ClockSpec = NO_CLOCK,
        times: Mapping[Seat, SideTime] | None = None,
        used: float = 0.0,
        undo: UndoPolicy = UndoPolicy.ONE,
    ) -> Game:
        """A game picked up again: ``board`` (its moves played, the opening's among them), ``opening`` where it stands
        (``None``: no opening rule, or one long over), each seat's time left (``times``; full when not given) and the
        time ``used`` already by the action under way.

        The clock stands still until the first :meth:`tick` (the player is back), then the acting seat's time runs.
        """
        opening = opening or OpeningState.start(OpeningRule.NONE)
        fresh = Clock.new(clock)
        if times is not None:
            fresh = replace(fresh, black=times[Seat.FIRST], white=times[Seat.SECOND])
        game = cls(board.copy(), opening, fresh, undo, None, False)
        if fresh.enabled and game.action_count and not game.over:
            acting = game.acting_seat
            assert acting is not None
            fresh = replace(fresh, running=clock_side(acting), since=None, used=max(0.0, used))
            game = replace(game, clock=fresh)
        return game

    # -- what it is --------------------------------------------------------------------

    @property
    def result(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on): the players' or the clock's ending, else the board's."""
        return self.ended if self.ended is not None else self.board.outcome

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def in_opening(self) -> bool:
        """Whether the opening rule's steps are still being taken (and the game goes on)."""
        return not self.opening.done and not self.over

    @property
    def opening_step(self) -> OpeningStep | None:
        """The opening step awaited now, or ``None`` (no opening, or it is over, or the game is)."""
        return self.opening.step if self.in_opening else None

    @property
    def acting_seat(self) -> Seat | None:
        """The seat whose action the game waits for (its time is the one that runs); ``None`` once it is over."""
        if self.over:
            return None
        return self.opening.actor(self.board)

    def colour_of(self, seat: Seat) -> Stone:
        """The colour ``seat`` holds now (tentative while the opening may still swap)."""
        return self.opening.colour_of(seat)

    def seat_of(self, colour: Stone) -> Seat:
        """The seat holding ``colour`` now."""
        return self.opening.seat_of(colour)

    def ply_seat(self, ply: int) -> Seat:
        """The seat that made ply ``ply`` (an index into ``board.moves``; negative counts from the end).

        The opening's stones are its steps' players' (a picked 5th move is the
        picker's); the later moves are the seat's that holds the stone's
        colour (:meth:`~gomoku.board.Board.mover`).
        """
        moves = len(self.board.moves)
        index = ply + moves if ply < 0 else ply
        colour = self.board.mover(index)  # raises IndexError past the moves
        placed = [event.seat for event in self.opening.events if event.move.action in (Action.PLACE, Action.PICK)]
        return placed[index] if index < len(placed) else self.seat_of(colour)

    def _opening_actions(self) -> list[tuple[Seat, int]]:
        """The opening's steps as the players took them: each action's seat and how many steps it was
        (two when a point at a swap step kept the colours: :attr:`~gomoku.openings.Event.implied`)."""
        grouped: list[tuple[Seat, int]] = []
        joined = 0
        for event in self.opening.events:
            if event.implied:
                joined += 1
                continue
            grouped.append((event.seat, joined + 1))
            joined = 0
        return grouped

    @property
    def action_count(self) -> int:
        """How many actions were taken: the opening's steps (as the players took them) and the moves after it."""
        return len(self._opening_actions()) + len(self.board.moves) - self.opening.stones

    def action_seats(self) -> tuple[Seat, ...]:
        """The seat that took each action, in order (the opening's steps, then the moves)."""
        seats = [seat for seat, _ in self._opening_actions()]
        return (*seats, *(self.ply_seat(ply) for ply in range(self.opening.stones, len(self.board.moves))))

    def actions(self) -> tuple[str, ...]:
        """Each action in words, in order: the opening's steps (``swap colours``), then the moves (``h8``)."""
        size = self.board.size
        words, steps = [], [event.move.describe(size) for event in self.opening.events]
        for _seat, count in self._opening_actions():
            words.append(join_list(steps[:count]))
            steps = steps[count:]
        moves = [self.board.notation(point) for point in self.board.moves[self.opening.stones :]]
        return (*words, *moves)

    # -- the clock, by seat ---------------------------------------------------------------

    def time_left(self, seat: Seat, now: float) -> float:
        """The time ``seat`` has before its flag falls at ``now`` (``inf`` without a clock)."""
        return self.clock.remaining(clock_side(seat), now)

    def periods_left(self, seat: Seat, now: float) -> int:
        """Byo-yomi periods ``seat`` still has at ``now``."""
        return self.clock.periods_left(clock_side(seat), now)

    def side_time(self, seat: Seat) -> SideTime:
        """``seat``'s time as it stood at the start of the action under way (what a save keeps)."""
        return self.clock.side(clock_side(seat))

    def move_time(self, now: float) -> float:
        """How long the action under way has taken by ``now`` (what a save keeps as ``used``)."""
        return self.clock.elapsed(now)

    @property
    def clock_seat(self) -> Seat | None:
        """The seat whose time runs (or stands paused), ``None`` before the first action and after the end."""
        running = self.clock.running
        return _SEAT_OF_SIDE[running] if running is not None else None

    def think_budget(self, seat: Seat, now: float) -> float | None:
        """How long ``seat``'s computer may think at ``now`` (``None``: no clock): :meth:`Clock.think_budget`."""
        return self.clock.think_budget(clock_side(seat), now)

    def flag_time(self) -> float | None:
        """When the running seat's flag falls if nobody acts (``None``: no clock running): when to :meth:`tick`."""
        if self.over or self.paused:
            return None
        return self.clock.flag_time()

    # -- time passing ------------------------------------------------------------------

    def tick(self, now: float) -> Game:
        """The game brought up to ``now``: a resumed game's clock started, a flag fall judged.

        A flag fall ends the game (:attr:`result`): the other side wins, or
        it is a draw when the other side could no longer make five
        (:func:`~gomoku.clock.time_outcome`); in the opening the loser is the
        step's player, by the colour it holds then.  Returns ``self`` when
        nothing changed.
        """
        clock = self.clock
        if not clock.enabled or self.over or self.paused:
            return self
        if clock.running is None:
            if not self.action_count:
                return self  # the clock starts with the first action
            seat = self.acting_seat
            assert seat is not None
            clock = clock.start(clock_side(seat), now)
        elif clock.since is None:
            clock = clock.resume(now)  # a resumed game's clock: it stood still till now
        loser = clock.expired(now)
        if loser is None:
            return self if clock is self.clock else replace(self, clock=clock)
        outcome = time_outcome(self.board, self.colour_of(_SEAT_OF_SIDE[loser]))
        return replace(self, clock=clock.flag(now), ended=outcome)

    def pause(self, now: float) -> Game:
        """The game paused at ``now``: the running time stops (and a computer waits) until :meth:`resume`."""
        if self.paused or self.over:
            return self
        return replace(self, paused=True, clock=self.clock.pause(now))

    def resume(self, now: float) -> Game:
        """The game going on from ``now`` after :meth:`pause`."""
        if not self.paused:
            return self
        return replace(self, paused=False, clock=self.clock.resume(now)).tick(now)

    # -- actions -----------------------------------------------------------------------

    def _ready(self, seat: Seat, now: float) -> Game:
        """This game at ``now``, ready for ``seat``'s action: unpaused, its flag judged; refuses if it may not act."""
        game = self.resume(now).tick(now)
        if game.over:
            raise GameError(Refusal.GAME_OVER, _("the game is over: start a new one or take moves back"))
        acting = game.acting_seat
        if acting is not seat:
            raise GameError(Refusal.NOT_YOUR_TURN, _turn_refusal(acting))
        return game

    def play(self, point: Point | tuple[int, int], seat: Seat, now: float) -> Game:
        """The game after ``seat`` plays ``point`` at ``now``.

        During the opening the point is what the step takes (a placement, an
        offer, a pick; at a swap step, keeping the colours and the point as the
        next placement or offer: :meth:`~gomoku.openings.OpeningState.point_move`).
        Raises :class:`GameError`: over, not ``seat``'s turn, an illegal
        point, a point the opening step does not take.
        """
        game = self._ready(seat, now)
        if not game.opening.done:
            return game._take_step(game.opening.point_move(point), seat, now)
        board = game.board.copy()
        try:
            board.play(point)
        except IllegalMoveError as error:
            raise GameError(Refusal.ILLEGAL_MOVE, str(error)) from None
        return game._acted(board, game.opening, now)

    def step(self, move: OpeningMove, seat: Seat, now: float) -> Game:
        """The game after ``seat`` takes the opening step ``move`` at ``now`` (raises :class:`GameError`)."""
        game = self._ready(seat, now)
        if game.opening.done:
            raise GameError(Refusal.OPENING_OVER, _("the opening is over: play a move"))
        return game._take_step(move, seat, now)

    def _take_step(self, move: OpeningMove, seat: Seat, now: float) -> Game:
        board = self.board.copy()
        try:
            opening = self.opening.apply(board, move, seat)
        except OpeningError as error:
            raise GameError(Refusal.OPENING, str(error)) from None
        return self._acted(board, opening, now)

    def _acted(self, board: Board, opening: OpeningState, now: float) -> Game:
        """After an action: the new position, the clock pressed (started, at the first action), stopped at the end."""
        game = replace(self, board=board, opening=opening)
        clock = self.clock
        if not clock.enabled:
            return game
        following = None if game.over else game.acting_seat
        if clock.running is None:
            if following is not None:
                clock = clock.start(clock_side(following), now)  # the first action: the clock starts now
        else:
            clock = clock.press(now, clock_side(following) if following is not None else None)
            if following is None:
                clock = clock.stop(now)
        return replace(game, clock=clock)

    def resign(self, seat: Seat, now: float) -> Game:
        """The game after ``seat`` resigns at ``now``: the other seat wins (by the colour it holds)."""
        return self._ended_by(Outcome(Termination.RESIGNATION, self.colour_of(seat.other)), now)

    def forfeit(self, seat: Seat, now: float) -> Game:
        """The game after ``seat`` forfeits at ``now``: the other seat wins (by the colour it holds).

        A match between computer players calls it when a player breaks the
        rules of play: its move is refused as illegal (:attr:`Refusal.ILLEGAL_MOVE`,
        :attr:`Refusal.OPENING`), or it gives no move at all (an outside engine
        that crashed, hung or answered nonsense).  A person's illegal point is
        refused instead, and they pick another.
        """
        return self._ended_by(Outcome(Termination.FORFEIT, self.colour_of(seat.other)), now)

    def agree_draw(self, now: float) -> Game:
        """The game drawn by agreement at ``now``."""
        return self._ended_by(Outcome(Termination.AGREEMENT, None), now)

    def _ended_by(self, outcome: Outcome, now: float) -> Game:
        """The game ended at ``now`` by the players or a match (``outcome``), its clock stopped; refused when over."""
        if self.over:
            raise GameError(Refusal.GAME_OVER, _("the game is over already"))
        return self.verdict(outcome, now)

    def verdict(self, outcome: Outcome, now: float) -> Game:
        """The game ended as its referee of record says (``outcome``), its clock stopped at ``now``.

        For a front end that does not referee this game itself: the network
        guest told of the host's flag fall, resignation or agreement, a
        restarted host reading the ending from its save.  Nothing is judged
        here: the referee's core game judged it.
        """
        return replace(self, ended=outcome, clock=self.clock.stop(now), paused=False)

    # -- taking back -----------------------------------------------------------------------

    def undo_count(self, seat: Seat) -> int:
        """How many actions :meth:`undo` by ``seat`` takes back (``0``: nothing to take back)."""
        seats = self.action_seats()
        if not seats:
            return 0
        if self.undo_policy is UndoPolicy.ONE:
            return 1
        for back, who in enumerate(reversed(seats), 1):
            if who is seat:
                return back
        return 0

    def undo(self, seat: Seat, now: float) -> Game:
        """The game with ``seat``'s undo taken at ``now``: as :attr:`undo_policy` says, the ending cleared.

        Both times go back as they were before the undone actions (a flag
        fall is undone with them), and the acting seat's time runs from
        ``now``; undoing every action stops the clock (it starts again with
        the first action).  Moves undone after the opening can be redone
        (:meth:`redo`); opening steps are taken again instead.
        """
        count = self.undo_count(seat)
        if count == 0:
            raise GameError(Refusal.NOTHING_TO_UNDO, _("nothing to undo"))
        after = len(self.board.moves) - self.opening.stones
        if count <= after:
            board, opening = self.board.copy(), self.opening
            for _undone in range(count):
                board.undo()
        else:
            board = Board(self.board.size, self.board.rule)
            grouped = self._opening_actions()
            undone = sum(events for _, events in grouped[len(grouped) - (count - after) :])
            opening = _replayed(self.opening, board, len(self.opening.events) - undone)
        game = replace(self, board=board, opening=opening, ended=None)
        clock = self.clock
        if clock.enabled:
            flagged = 1 if self.ended is not None and self.ended.termination is Termination.TIME else 0
            clock = clock.undo(count + flagged, now)
            acting = game.acting_seat
            if not game.action_count:
                clock = Clock.new(clock.spec)
            elif acting is not None and clock.running is not clock_side(acting):
                clock = clock.start(clock_side(acting), now)  # times from before a resume are not known
            if game.paused:
                clock = clock.pause(now)
        return replace(game, clock=clock)

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has a move to replay: undone moves, after the opening, without a clock."""
        return self.board.can_redo and self.opening.done and not self.clock.enabled

    def redo(self, seat: Seat, now: float) -> Game:
        """The game with undone moves replayed: one, or (:attr:`UndoPolicy.TO_SEAT`) up to ``seat``'s turn again."""
        if self.clock.enabled:
            raise GameError(Refusal.NO_REDO, _("no redo with a clock: play the moves again"))
        if not self.opening.done:
            raise GameError(Refusal.NO_REDO, _("nothing to redo in the opening: take the step again"))
        if not self.board.can_redo:
            raise GameError(Refusal.NOTHING_TO_REDO, _("nothing to redo"))
        board = self.board.copy()
        while board.can_redo:
            try:
                board.redo()
            except IllegalMoveError:
                break
            if self.undo_policy is UndoPolicy.ONE or board.is_game_over() or self.seat_of(board.turn) is seat:
                break
        if board.moves == self.board.moves:
            raise GameError(Refusal.NOTHING_TO_REDO, _("nothing to redo"))
        return replace(self, board=board)


def _turn_refusal(acting: Seat | None) -> str:
    """Why a seat may not act now: whose turn it is, in the language in use."""
    if acting is Seat.FIRST:
        return _("it is the first player's turn: wait")
    if acting is Seat.SECOND:
        return _("it is the second player's turn: wait")
    return _("it is the other's turn: wait")


def _replayed(opening: OpeningState, board: Board, keep: int) -> OpeningState:
    """``opening``'s first ``keep`` steps taken again on the empty ``board``, each as it was (implied stays kept)."""
    state = OpeningState.start(opening.rule)
    for event in opening.events[:keep]:
        state = state.apply(board, event.move, event.seat)
        if event.implied:
            state = replace(state, events=(*state.events[:-1], replace(state.events[-1], implied=True)))
    return state


__all__ = ["Game", "GameError", "Refusal", "UndoPolicy", "clock_side"]
