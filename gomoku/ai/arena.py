"""A whole game between two computer players, played through the core :class:`~gomoku.game.Game`.

The benchmarks' matches (``benchmarks/strength.py``, ``ladder.py``,
``clock_safety.py``) and any other game of player against player go through
:func:`play`, so the rules of a match are the core's and are written once:

- **moves by seat**: the seat :attr:`Game.acting_seat <gomoku.game.Game.acting_seat>`
  names is asked, and its answer is played by that seat (:meth:`Game.play`);
  during an opening rule each step is the seat's own decision
  (:class:`~gomoku.ai.opening.OpeningPlayer` reading with its player), taken
  with :meth:`Game.step`;
- **time**: with a clock, each player is asked to think
  :meth:`Game.think_budget` (an equal-time match), and a flag fall is judged
  by :meth:`Game.tick` when the answer comes; without one, each player thinks
  its own time;
- **forfeits**: a player whose move the game refuses as illegal
  (:attr:`~gomoku.game.Refusal.ILLEGAL_MOVE`, :attr:`~gomoku.game.Refusal.OPENING`),
  or that gives no move at all (a :class:`~gomoku.ai.base.PlayerError`: an
  outside engine that would not start, crashed, hung or answered nonsense)
  loses by :meth:`Game.forfeit`; any other exception is a bug and is raised.

The result is the core's (:attr:`Game.result <gomoku.game.Game.result>` of
:attr:`Played.game`); nothing here judges a move or an ending.  The time is
read from ``clock`` (``time.monotonic`` unless a test gives another).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gomoku.ai.base import Player, PlayerError, Starts
from gomoku.ai.opening import DEFAULT_THINK_TIME, OpeningPlayer
from gomoku.ai.result import SearchResult
from gomoku.errors import GomokuError
from gomoku.game import Game, GameError, Refusal
from gomoku.openings import OpeningMove, Seat

#: The refusals that forfeit a match's player: its move broke the rules (the others are the loop's own doing).
FORFEITING = frozenset({Refusal.ILLEGAL_MOVE, Refusal.OPENING})


@dataclass(frozen=True)
class Turn:
    """One action of a match: who acted, the game before and after it, and what the player said.

    ``decision`` is the player's move (``None`` for an opening step and for a
    player that gave none); ``step`` the opening step it took (``None`` after
    the opening); ``budget`` the think time it was given (``None``: its own);
    ``seconds`` how long it took; ``started`` when it began (``clock``'s time).
    ``after`` is the game after the action, or after the forfeit or the flag
    fall that ended it instead.
    """

    seat: Seat
    before: Game
    after: Game
    decision: SearchResult | None
    step: OpeningMove | None
    budget: float | None
    seconds: float
    started: float


@dataclass(frozen=True)
class Forfeit:
    """Why a seat lost by forfeit: the error that said so (a refusal of the game, or the player's failure)."""

    seat: Seat
    error: GomokuError
    #: the move number at which it happened (one past the stones on the board)
    move_number: int

    @property
    def refusal(self) -> Refusal | None:
        """The game's refusal of the move (an illegal move), ``None`` for a player that gave none."""
        return self.error.kind if isinstance(self.error, GameError) else None


@dataclass
class Played:
    """A finished match game: the final :class:`~gomoku.game.Game` (its :attr:`~gomoku.game.Game.result`
    says who won and how) and, after a forfeit, why."""

    game: Game
    forfeit: Forfeit | None = None


#: Called after each action (a match's figures are taken here: times, pondering).
TurnListener = Callable[[Turn], None]


def play(
    game: Game,
    players: Mapping[Seat, Player],
    opening_time: float = DEFAULT_THINK_TIME,
    on_turn: TurnListener | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Played:
    """Play ``game`` to its end between ``players`` (by seat), and return it finished.

    ``game`` may be fresh (:meth:`Game.new`, its opening rule's steps taken
    by the players' own decisions) or picked up from a position
    (:meth:`Game.resumed`: the clock starts now).  ``opening_time`` is what
    one opening decision may think (with a clock, at most the seat's budget
    too).  Players that :class:`~gomoku.ai.base.Starts` are started first,
    outside their clock; ``on_turn`` sees each action as it is taken.
    """
    played = Played(game)
    for starting in Seat:
        player = players[starting]
        if isinstance(player, Starts):
            try:
                player.start(game.board)
            except PlayerError as error:
                return _forfeited(played, starting, error, clock())
    game = game.tick(clock())
    while not game.over:
        seat = game.acting_seat
        assert seat is not None
        started = clock()
        budget = game.think_budget(seat, started)
        decision: SearchResult | None = None
        step: OpeningMove | None = None
        try:
            if game.in_opening:
                think = opening_time if budget is None else min(budget, opening_time)
                step = OpeningPlayer(players[seat], think_time=think).decide(game.opening, game.board.copy())
            else:
                decision = players[seat].choose_move(game.board, think_time=budget)
        except PlayerError as error:
            played = _forfeited(played, seat, error, clock())
            _tell(played, Turn(seat, game, played.game, None, None, budget, clock() - started, started), on_turn)
            return played
        done = clock()
        before, game = game, game.tick(done)
        if not game.over:
            try:
                if step is not None:
                    game = game.step(step, seat, done)
                else:
                    assert decision is not None
                    game = game.play(decision.move, seat, done)
            except GameError as error:
                if error.kind not in FORFEITING:
                    raise
                played = _forfeited(Played(game), seat, error, done)
                game = played.game
        played.game = game
        _tell(played, Turn(seat, before, game, decision, step, budget, done - started, started), on_turn)
        if played.forfeit is not None:
            break
    return played


def _forfeited(played: Played, seat: Seat, error: GomokuError, now: float) -> Played:
    """``played`` with ``seat``'s forfeit judged by the core at ``now``, and why."""
    number = played.game.board.stone_count + 1
    return Played(played.game.forfeit(seat, now), Forfeit(seat, error, number))


def _tell(played: Played, turn: Turn, on_turn: TurnListener | None) -> None:
    if on_turn is not None:
        on_turn(turn)


__all__ = ["FORFEITING", "Forfeit", "Played", "Turn", "TurnListener", "play"]
