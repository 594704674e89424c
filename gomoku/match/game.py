"""One game of a match: who plays (a level or an outside engine), from which opening, and what came of it.

A :class:`GameSpec` is everything a game needs, as plain data that crosses
into a worker process; :func:`play` plays it through the core
(:func:`gomoku.ai.arena.play`, so the moves, the opening rule's steps, the
clock and every ending, a forfeit included, are the core's judgement) and
returns a :class:`GameOutcome`, plain data again, with the game as a
:class:`~gomoku.records.GameRecord` ready to be written.

The random choices of a level are seeded from the spec: the player in the
first seat gets ``seed``, the second ``seed + 1`` (``benchmarks/strength.py``
gives ``seed + 2 * opening``), so a match with node budgets plays the same
games however loaded the machine is and however many games run at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gomoku.ai import Player, arena, make_player
from gomoku.ai.base import Closes
from gomoku.ai.opening import DEFAULT_THINK_TIME
from gomoku.board import Board
from gomoku.clock import NO_CLOCK, ClockSpec
from gomoku.game import Game
from gomoku.gomocup.manager import EngineError, EnginePlayer, Failure
from gomoku.openings import OpeningRule, Seat
from gomoku.point import Point
from gomoku.records import GameRecord, result_text
from gomoku.rules import Outcome, Rule, Stone, Termination

#: The turn limit an outside engine is told when no time is given, in seconds (the manager's default).
DEFAULT_ENGINE_TURN = 1.0
#: An outside engine hangs when it has not answered within this many times its turn limit, plus
#: :data:`ENGINE_SLACK` seconds (and so for ``START``): generous, since a loaded machine with several games
#: at once slows every engine, and a match should count only a real hang (``benchmarks/strength.py``'s rule).
ENGINE_PATIENCE = 10
ENGINE_SLACK = 5.0


@dataclass(frozen=True)
class Contender:
    """A player of a match: one of our levels (``level``) or an outside Gomocup engine (``command``).

    ``name`` is how the printout and the records call it.  ``nodes`` gives a
    searching level that many nodes a move instead of its time; ``infos``
    are extra ``INFO KEY VALUE`` lines for an engine (``max_node`` for its
    node budget).
    """

    name: str
    level: str | None = None
    command: str | None = None
    infos: tuple[tuple[str, str], ...] = ()
    nodes: int | None = None

    @property
    def is_engine(self) -> bool:
        return self.command is not None

    def player(self, seed: int, think_time: float | None) -> Player:
        """A fresh player (an engine's process starts on its first move, or :meth:`EnginePlayer.start`)."""
        if self.command is not None:
            turn = DEFAULT_ENGINE_TURN if think_time is None else think_time
            answer = ENGINE_PATIENCE * max(0.001, turn) + ENGINE_SLACK
            return EnginePlayer(
                self.command, self.name, turn, infos=dict(self.infos), grace=answer - turn, start_timeout=answer
            )
        assert self.level is not None
        return make_player(self.level, seed=seed, think_time=think_time, max_nodes=self.nodes)


@dataclass(frozen=True)
class Conditions:
    """What every game of a match shares: the board's size, the rule, each move's time (``None``: each
    player's own) and the game clock (none: each player thinks its time)."""

    size: int = 15
    rule: Rule = Rule.FREESTYLE
    think_time: float | None = None
    clock: ClockSpec = NO_CLOCK


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its number in the match, the opening, who is in each seat, and the conditions.

    ``opening`` is stones (black first; the first seat then holds black) or
    an opening rule the players play by their own decisions.  ``pair`` is
    the opening's place in the match (both games of a pair share it).
    """

    number: int
    pair: int
    opening: tuple[Point, ...] | OpeningRule
    first: Contender
    second: Contender
    conditions: Conditions = field(default_factory=Conditions)
    seed: int = 0

    def contender(self, seat: Seat) -> Contender:
        return self.first if seat is Seat.FIRST else self.second

    def players(self) -> dict[Seat, Player]:
        """The two players, the first seat seeded with ``seed``, the second with ``seed + 1``."""
        think_time = self.conditions.think_time
        return {seat: self.contender(seat).player(self.seed + offset, think_time) for offset, seat in enumerate(Seat)}

    def game(self) -> Game:
        """The game at its start: the opening's stones on the board, or the opening rule at its first step."""
        size, rule, clock = self.conditions.size, self.conditions.rule, self.conditions.clock
        if isinstance(self.opening, OpeningRule):
            return Game.new(rule, size, self.opening, clock)
        return Game.resumed(Board.from_moves(list(self.opening), size, rule), clock=clock)


@dataclass(frozen=True)
class Forfeited:
    """Why a player lost a game by forfeit: who, the kind (``illegal``, or how an engine failed: ``start``,
    ``protocol``, ``timeout``, ``crash``) and what happened (the error's sentence), at which move."""

    seat: Seat
    kind: str
    reason: str
    move_number: int

    @classmethod
    def of(cls, forfeit: arena.Forfeit) -> Forfeited:
        """The core's forfeit as data (its kind from the error's fields, never its text)."""
        error = forfeit.error
        kind = error.kind.value if isinstance(error, EngineError) else Failure.ILLEGAL.value
        return cls(forfeit.seat, kind, str(error), forfeit.move_number)

    def __str__(self) -> str:
        """The kind, what happened and the move, as a log line (``crash: fake ended (exit code 3) at move 4``)."""
        return f"{self.kind}: {self.reason} at move {self.move_number}"


@dataclass(frozen=True)
class GameOutcome:
    """A finished game: the spec, how it ended, the game as a record, each seat's move times, any forfeit."""

    spec: GameSpec
    outcome: Outcome
    #: the seat that held black once the opening was over
    black: Seat
    record: GameRecord
    times: dict[Seat, list[float]] = field(default_factory=dict)
    forfeit: Forfeited | None = None

    @property
    def winner(self) -> Seat | None:
        """The seat that won, ``None`` for a draw."""
        if self.outcome.winner is None:
            return None
        return self.black if self.outcome.winner is Stone.BLACK else self.black.other

    def points(self, seat: Seat) -> float:
        """What the game scored for ``seat``: 1, 0.5 or 0."""
        winner = self.winner
        return 0.5 if winner is None else 1.0 if winner is seat else 0.0

    @property
    def on_time(self) -> bool:
        return self.outcome.termination is Termination.TIME


def play(
    spec: GameSpec, players: dict[Seat, Player] | None = None, on_turn: arena.TurnListener | None = None
) -> GameOutcome:
    """Play ``spec``'s game to its end through the core, and close the players.

    ``players`` are the spec's own unless given (a benchmark that watches
    its players passes them, made by :meth:`GameSpec.players`); ``on_turn``
    sees each action.
    """
    players = spec.players() if players is None else players
    times: dict[Seat, list[float]] = {seat: [] for seat in Seat}

    def timed(turn: arena.Turn) -> None:
        if turn.decision is not None:
            times[turn.seat].append(turn.seconds)
        if on_turn is not None:
            on_turn(turn)

    think_time = spec.conditions.think_time
    opening_time = think_time if think_time is not None else DEFAULT_THINK_TIME
    try:
        played = arena.play(spec.game(), players, opening_time=opening_time, on_turn=timed)
    finally:
        for player in players.values():
            if isinstance(player, Closes):
                player.close()
    final = played.game
    outcome = final.result
    assert outcome is not None
    black = final.seat_of(Stone.BLACK)
    forfeit = Forfeited.of(played.forfeit) if played.forfeit is not None else None
    return GameOutcome(spec, outcome, black, _record(spec, final, black, forfeit), times, forfeit)


def _record(spec: GameSpec, final: Game, black: Seat, forfeit: Forfeited | None) -> GameRecord:
    """The game as a record: the players' names by colour, the result, the opening rule's steps, the clock, and a
    comment on the game saying its place in the match (and why a forfeit was one: machine text, English)."""
    note = f"gomoku match: game {spec.number + 1}, opening {spec.pair + 1}"
    if forfeit is not None:
        note += f"; {spec.contender(forfeit.seat).name} forfeited at move {forfeit.move_number} ({forfeit.kind}): "
        note += forfeit.reason
    steps = tuple(final.opening.transcript(final.board.size)) if final.opening.events else ()
    return GameRecord(
        size=final.board.size,
        rule=final.board.rule,
        moves=tuple(final.board.moves),
        black=spec.contender(black).name,
        white=spec.contender(black.other).name,
        result=result_text(final.result),
        comments=((0, note),),
        opening=final.opening.rule if steps else OpeningRule.NONE,
        opening_steps=steps,
        clock=spec.conditions.clock,
    )


def check_engine(contender: Contender, conditions: Conditions) -> None:
    """Start ``contender``'s engine for a game under ``conditions`` and end it: raises the
    :class:`~gomoku.gomocup.manager.EngineError` of an engine that will not start (a level passes)."""
    if not contender.is_engine:
        return
    player = contender.player(0, conditions.think_time)
    assert isinstance(player, EnginePlayer)
    try:
        player.start(Board(conditions.size, conditions.rule))
    finally:
        player.close()


__all__ = ["Conditions", "Contender", "Forfeited", "GameOutcome", "GameSpec", "check_engine", "play"]
