"""The Gomocup (Piskvork) brain protocol on stdin/stdout: gomoku as an engine for managers.

A manager (Piskvork, the Gomocup tournament manager, liskvork, ...) starts the
engine and talks to it one line at a time::

    START 20          ->  OK
    INFO timeout_turn 5000
    BEGIN             ->  10,10
    TURN 11,10        ->  10,11
    BOARD / 10,10,1 / 11,10,2 / DONE  ->  a move
    TAKEBACK 11,10    ->  OK
    ABOUT             ->  name="gomoku-tui", version="...", ...
    END

Coordinates are ``x,y``, 0-based, ``x`` the column: our :class:`Point`.

The module is a thin layer over the engine.  :class:`Brain` is the protocol as
a plain object: :meth:`Brain.handle` takes one line and returns the lines to
answer, so the whole protocol is testable without a process.  :func:`run` is
the stdin/stdout loop around it and :func:`main` the console entry point
(``pbrain-gomoku``, ``python -m gomoku --gomocup``).

The computer thinks as a task on the brain's worker pool (:mod:`gomoku.jobs`,
the one way background work runs here).  The main thread waits for it until a
deadline computed from the time control (``INFO timeout_turn``,
``timeout_match``, ``time_left``, minus a safety margin), then sets the
worker's stop event, and if the worker still has no move it answers with a
quick tactical move of its own: the answer is never late.

Pondering (thinking on the opponent's time) is off unless the manager turns
it on with ``INFO pondering 1`` (the key Yixin-Board sends, which Rapfi reads
too; piskvork has no such key, and the Gomocup tournament manager does not
allow pondering: it suspends a brain that is not to move).  Then, after each
of our moves, the player searches the position after the reply it expects
(:meth:`gomoku.ai.search.SearchPlayer.ponder`) as another task until
the manager's next line, which stops it at once before it is read; the
tables it fills keep within the same share of ``INFO max_memory``.  A command the brain
does not know gets ``UNKNOWN``; a known command with bad arguments or an
illegal move gets ``ERROR`` and a reason; diagnostics go to ``MESSAGE`` lines;
nothing else is ever printed.
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, TextIO

from gomoku import __version__
from gomoku.ai import LEVELS, make_player
from gomoku.ai.base import LimitsMemory, Player, Ponders
from gomoku.ai.opening import OpeningPlayer
from gomoku.ai.parameters import PONDER_TABLE_SHARE
from gomoku.ai.result import SearchResult
from gomoku.board import Board, IllegalMoveError
from gomoku.clock import answer_deadline, turn_allotment
from gomoku.gomocup.protocol import (
    NUMERIC_KEYS,
    Answer,
    Command,
    Field,
    InfoKey,
    ProtocolError,
    about_line,
    format_point,
    is_number,
    one_line,
    parse_numbers,
    parse_point,
    quote,
    rule_from_code,
    search_message,
)
from gomoku.jobs import Pool, Task
from gomoku.openings import Action, OpeningError, OpeningRule, OpeningState, Option, choose, place
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.rules import Rule, Stone

#: The ``ABOUT`` answer's fields.
ABOUT = {
    "name": "gomoku-tui",
    "version": __version__,
    "author": "The gomoku-tui developers",
    "country": "-",
    "www": "https://pypi.org/project/gomoku-tui/",
}

#: The turn limit (ms) when the manager sends none.
DEFAULT_TURN_MS = 5_000
#: What "as fast as possible" (``timeout_turn 0``) allows a move, in seconds.
FASTEST_TURN = 0.05
#: Of the time to the deadline, the share a ``SWAP2BOARD`` decision plans to read positions for
#: (the readings run on this thread and a search may overrun its think time by half).
OPENING_SHARE = 0.4
#: The longest the brain waits for a stopped ponder (it stops within a few hundred nodes, milliseconds).
PONDER_STOP_WAIT = 1.0
#: Worker threads of the brain's pool: the move's search, the ponder, and room for a search that overran
#: its deadline and still winds down (the next move gets a fresh thread; were every one busy, the quick
#: move would still answer in time).
BRAIN_WORKERS = 4


def default_level() -> str:
    """The level the engine plays: the searching ``hard`` level when this build has it."""
    return "hard" if "hard" in LEVELS else "normal"


@dataclass
class TimeControl:
    """The clocks a manager announces with ``INFO``, all in milliseconds.

    ``turn_ms`` 0 means "play as fast as possible"; ``match_ms`` 0 means no
    match limit; ``left_ms`` is the match time remaining (``None`` until the
    manager says, when a match limit counts down from ``match_ms``).
    """

    turn_ms: int = DEFAULT_TURN_MS
    match_ms: int = 0
    left_ms: int | None = None

    def allot(self, stones: int, empty_cells: int) -> tuple[float, float]:
        """(what this move should take, the most it may take), in seconds, before any safety margin.

        The core's sharing of a turn limit and a match clock
        (:func:`gomoku.clock.turn_allotment`): the match time left (as the
        manager last said, else the whole match time) over the moves we
        expect still to make, within the turn limit.  Without a match clock
        both are the turn limit.
        """
        turn = self.turn_ms / 1000 if self.turn_ms > 0 else FASTEST_TURN
        left_ms = self.left_ms
        if left_ms is None and self.match_ms > 0:
            left_ms = self.match_ms
        return turn_allotment(turn, None if left_ms is None else left_ms / 1000, stones, empty_cells)

    def limit(self, stones: int, empty_cells: int) -> float:
        """The most this move may take, in seconds, before any safety margin (see :meth:`allot`)."""
        return self.allot(stones, empty_cells)[1]

    def deadline(self, stones: int, empty_cells: int) -> float:
        """How long after a command arrives the answer must be out, in seconds: the limit less a safety
        margin for the pipe, the process and the scheduler (:func:`gomoku.clock.answer_deadline`)."""
        return answer_deadline(self.limit(stones, empty_cells))

    def think_time(self, stones: int, empty_cells: int) -> float:
        """What the player is asked to think: its share of the clock, within the deadline.

        A searching player's longest moves run about 1.3 times what it is
        asked; :data:`THINK_SHARE` of the deadline leaves room for most of them
        before the stop event cuts a search short.
        """
        share = self.allot(stones, empty_cells)[0]
        return min(share, self.deadline(stones, empty_cells) * THINK_SHARE)

    def spend(self, seconds: float) -> None:
        """Count ``seconds`` of our thinking against the match clock, if there is one."""
        if self.left_ms is not None:
            self.left_ms = max(0, self.left_ms - int(seconds * 1000))
        elif self.match_ms > 0:
            self.left_ms = max(0, self.match_ms - int(seconds * 1000))


def quick_move(board: Board) -> Point | None:
    """An instant move for the side to move: win, else stop a five, else the most urgent point.

    It is the answer of last resort when the real player runs out of time,
    so it looks at each empty cell once.  A side bound by renju rules never
    picks a forbidden point.  ``None`` when the board is full.
    """
    me = board.turn
    opponent = me.opponent
    cells = board.cells
    empty = [cell for cell, value in enumerate(cells) if not value]
    if not empty:
        return None
    restricted = board.rule.restricts(me)

    def allowed(cell: int) -> bool:
        return not restricted or board.foul(board.point_of(cell)) is None

    for stone in (me, opponent):
        for point in board.winning_points(stone):
            if stone is me or allowed(board.index_of(point)):
                return point
    urgency = board.tables.urgency
    centre = (board.size - 1) / 2
    size = board.size

    def score(cell: int) -> tuple[float, float]:
        x, y = cell % size, cell // size
        return (-(urgency[me][cell] + urgency[opponent][cell]), abs(x - centre) + abs(y - centre))

    for cell in sorted(empty, key=score):
        if allowed(cell):
            return board.point_of(cell)
    return board.point_of(empty[0])


PlayerFactory = Callable[[], Player]

#: Of the time to the deadline, the most the player is asked to think (``hard``'s longest moves take
#: about 1.3 times that: measured, see docs/engines.md and docs/strength.md), and the share after which its stop
#: event is set (the rest is the margin for the quick move and the answer).
THINK_SHARE = 0.85
STOP_SHARE = 0.95


@dataclass
class Thought:
    """What thinking produced: the move, what the player said of it, how long it took, and whether in time."""

    move: Point | None
    seconds: float
    in_time: bool
    decision: SearchResult | None = None


def think(
    board: Board,
    player: Player,
    pool: Pool,
    deadline: float,
    started: float,
    think_time: float | None = None,
) -> Thought:
    """The move for ``board``'s side to move, out by ``started + deadline`` (``time.monotonic``).

    ``player`` (kept for the whole game) runs as a :class:`~gomoku.jobs.Task`
    on ``pool``, asked to think for ``think_time``
    (default :data:`THINK_SHARE` of the time left).  At :data:`STOP_SHARE`
    the task's stop event is set (a searching player returns its best move so
    far); at the deadline, if it still has nothing, :func:`quick_move`
    answers instead (a player that failed counts as one with nothing).  The
    board is only read.
    """
    answer_by = started + deadline
    remaining = max(0.0, answer_by - time.monotonic())
    seconds = remaining * THINK_SHARE if think_time is None else think_time
    task = pool.run(lambda stop: player.choose_move(board, stop, seconds))
    if not task.wait(max(0.0, started + deadline * STOP_SHARE - time.monotonic())):
        task.stop.set()
        task.wait(max(0.0, answer_by - time.monotonic()))
    found = task.result()
    if found is not None and board.is_legal(found.move):
        return Thought(found.move, time.monotonic() - started, True, found)
    task.stop.set()
    return Thought(quick_move(board), time.monotonic() - started, False)


class Brain:
    """The Gomocup protocol as an object: feed it lines, get back the lines to answer.

    ``level`` is the computer level (default: :func:`default_level`);
    ``player_factory`` replaces :func:`gomoku.ai.make_player` in tests.  One
    player is made for each game (``START``, ``RESTART``) and kept for all
    its moves, so what it learns on one move (``hard``'s transposition
    table) serves the next; ``INFO max_memory`` bounds that table.
    """

    def __init__(
        self,
        level: str | None = None,
        seed: int | None = None,
        player_factory: PlayerFactory | None = None,
    ) -> None:
        self.level = level or default_level()
        if player_factory is None:
            level_name = self.level

            def player_factory() -> Player:
                return make_player(level_name, seed=seed)

        self.make_player = player_factory
        self._player: Player | None = None
        self.size: int | None = None
        self.rule = Rule.FREESTYLE
        self.clock = TimeControl()
        self.max_memory = 0
        #: The stones by point, in the order they came: Field.OWN, Field.OPPONENT or Field.CONTINUOUS.
        self.stones: dict[Point, Field] = {}
        self.finished = False
        self._board_lines: dict[Point, Field] | None = None
        #: The opening rule ``INFO rule`` named (``protocol.OPENING_RULE_CODES``); ``SWAP2BOARD`` plays Swap2 whatever.
        self.opening = OpeningRule.NONE
        self._swap2_lines: list[Point] | None = None
        #: Whether the manager allows thinking on its time (``INFO pondering 1``), and the ponder running.
        self.pondering = False
        self._ponder: Task[object] | None = None
        #: where the player thinks and ponders (the main thread only waits, up to each deadline)
        self._pool = Pool(BRAIN_WORKERS, "gomoku-brain")

    # -- the protocol -----------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The answer to one line from the manager (possibly no line, possibly several)."""
        started = time.monotonic()
        self.stop_pondering()  # the player is ours again before anything is read
        text = line.strip()
        if not text:
            return []
        try:
            if self._board_lines is not None:
                return self._board_line(text, started)
            if self._swap2_lines is not None:
                return self._swap2_line(text, started)
            word, *rest = text.split(None, 1)
            command = self._COMMANDS.get(word.upper())
            if command is None:
                return [f"{Answer.UNKNOWN} {quote(word)} is not a command I know"]
            return command(self, rest[0].strip() if rest else "", started)
        except ProtocolError as error:
            return [f"{Answer.ERROR} {one_line(str(error))}"]
        except Exception as error:  # a bug must cost one answer, never the match
            return [f"{Answer.ERROR} internal error ({type(error).__name__}): {one_line(str(error))}"]

    def _start(self, argument: str, started: float) -> list[str]:
        """A new game on a size x size board; a size refused leaves everything as it was."""
        if not is_number(argument):
            raise ProtocolError(f"START needs a board size, like START 20 (got {quote(argument)})")
        size = int(argument)
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ProtocolError(f"unsupported size {size}: I play {MIN_SIZE} to {MAX_SIZE}")
        self.size = size
        self._new_game()
        return [str(Answer.OK)]

    def _rectstart(self, argument: str, started: float) -> list[str]:
        parts = [part.strip() for part in argument.split(",")]
        if len(parts) == 2 and all(is_number(part) for part in parts) and int(parts[0]) == int(parts[1]):
            return self._start(parts[0], started)
        raise ProtocolError("rectangular boards are not supported: use START n for a square board")

    def _restart(self, argument: str, started: float) -> list[str]:
        self._need_game()
        self._new_game()
        return [str(Answer.OK)]

    def _begin(self, argument: str, started: float) -> list[str]:
        self._need_game()
        if self.stones:
            raise ProtocolError("BEGIN needs an empty board: send RESTART first")
        return self._move(started)

    def _turn(self, argument: str, started: float) -> list[str]:
        size = self._need_game()
        point = parse_point(argument, size)
        if point in self.stones:
            raise ProtocolError(f"{format_point(point)} is taken: the opponent must play an empty point")
        self.stones[point] = Field.OPPONENT
        return self._move(started)

    def _play(self, argument: str, started: float) -> list[str]:
        size = self._need_game()
        point = parse_point(argument, size)
        if point in self.stones:
            raise ProtocolError(f"{format_point(point)} is taken: pick an empty point")
        self.stones[point] = Field.OWN
        return [format_point(point)]

    def _board(self, argument: str, started: float) -> list[str]:
        self._need_game()
        self._board_lines = {}
        return []

    def _board_line(self, text: str, started: float) -> list[str]:
        assert self._board_lines is not None and self.size is not None
        word = text.upper()
        if word == Command.DONE:
            self.stones, self._board_lines = self._board_lines, None
            return self._move(started)
        if word == Command.END:
            self._board_lines = None
            return self._end("", started)
        x, y, field = parse_numbers(text, self.size, count=3)
        if field not in (Field.OWN, Field.OPPONENT, Field.CONTINUOUS):
            raise ProtocolError(f"field {field} in {quote(text)} must be 1 (mine), 2 or 3")
        point = Point(x, y)
        if point in self._board_lines:
            raise ProtocolError(f"{x},{y} is given twice: each point holds one stone")
        self._board_lines[point] = Field(field)
        return []

    # -- Swap2 (SWAP2BOARD) --------------------------------------------------------

    def _swap2board(self, argument: str, started: float) -> list[str]:
        """``SWAP2BOARD``: the stones so far of a Swap2 opening follow, one a line, then ``DONE``."""
        self._need_game()
        self._swap2_lines = []
        return []

    def _swap2_line(self, text: str, started: float) -> list[str]:
        """One stone of ``SWAP2BOARD``: ``x,y`` or ``x,y,field``; ``DONE`` answers.

        Colours alternate from black in the order the stones come (the 2020
        announcement's bare form); a third number is read as ``BOARD``'s
        field (1 or 2, whose stone it is) and only checked, since in Swap2
        who placed a stone does not say its colour.
        """
        assert self._swap2_lines is not None and self.size is not None
        word = text.upper()
        if word == Command.DONE:
            stones, self._swap2_lines = self._swap2_lines, None
            return self._swap2_answer(stones, started)
        if word == Command.END:
            self._swap2_lines = None
            return self._end("", started)
        count = 3 if text.count(",") == 2 else 2
        values = parse_numbers(text, self.size, count=count)
        if count == 3 and values[2] not in (Field.OWN, Field.OPPONENT):
            raise ProtocolError(f"field {values[2]} in {quote(text)} must be 1 or 2")
        point = Point(values[0], values[1])
        if point in self._swap2_lines:
            raise ProtocolError(f"{point.x},{point.y} is given twice: each point holds one stone")
        self._swap2_lines.append(point)
        return []

    def _swap2_answer(self, stones: list[Point], started: float) -> list[str]:
        """The answer to ``SWAP2BOARD``'s ``stones``: for none, three stones; for three, ``SWAP``, the
        4th, or the 4th and 5th; for five, ``SWAP`` or the 6th.

        ``SWAP`` always means "I take black" (the other side then moves as
        white); a move means we play white.  The decisions are
        :class:`~gomoku.ai.opening.OpeningPlayer`'s readings.
        """
        if len(stones) not in (0, 3, 5):
            raise ProtocolError(f"SWAP2BOARD takes 0, 3 or 5 stones, not {len(stones)}")
        assert self.size is not None
        board = Board(self.size, self.rule)
        moves = [place(p) for p in stones[:3]]
        if len(stones) == 5:
            moves += [choose(Option.PLACE_TWO)] + [place(p) for p in stones[3:]]
        state = OpeningState.start(OpeningRule.SWAP2)
        try:
            for move in moves:
                state = state.apply(board, move)
        except OpeningError as error:
            raise ProtocolError(f"these stones are not a Swap2 opening: {error}") from None
        empty = board.size * board.size - board.stone_count
        deadline = self.clock.deadline(board.stone_count, empty)
        reader = OpeningPlayer(self.player, think_time=max(0.05, deadline * OPENING_SHARE))
        step = state.step
        assert step is not None
        if step.action is Action.CHOOSE:
            option = reader.decide(state, board).option
            if option is not Option.PLACE_TWO:
                ours = step.colour if option is Option.STAY else step.colour.opponent
                if ours is Stone.BLACK:
                    return [str(Answer.SWAP)]
                self.stones = {p: Field.OWN if board[p] is Stone.WHITE else Field.OPPONENT for p in board.moves}
                return self._move(started)
            state = state.apply(board, choose(Option.PLACE_TWO))
        placed: list[Point] = []
        while state.step is not None and state.step.action is Action.PLACE:
            move = reader.decide(state, board)
            state = state.apply(board, move)
            assert move.point is not None
            placed.append(move.point)
        self.stones = {p: Field.OWN if board[p] is Stone.BLACK else Field.OPPONENT for p in board.moves}
        return [" ".join(f"{p.x},{p.y}" for p in placed)]

    def _takeback(self, argument: str, started: float) -> list[str]:
        size = self._need_game()
        point = parse_point(argument, size)
        if self.stones.pop(point, None) is None:
            raise ProtocolError(f"{format_point(point)} is empty: nothing to take back")
        return [str(Answer.OK)]

    def _info(self, argument: str, started: float) -> list[str]:
        key, *rest = argument.split(None, 1) or [""]
        key, value = key.lower(), rest[0].strip() if rest else ""
        if key not in NUMERIC_KEYS:
            return []  # evaluate, folder and keys of newer managers: nothing to do
        if not is_number(value) or int(value) < 0:
            raise ProtocolError(f"INFO {key} needs a whole number >= 0, not {quote(value)}")
        number = int(value)
        if key == InfoKey.TIMEOUT_TURN:
            self.clock.turn_ms = number
        elif key == InfoKey.TIMEOUT_MATCH:
            self.clock.match_ms = number
        elif key == InfoKey.TIME_LEFT:
            self.clock.left_ms = number
        elif key == InfoKey.MAX_MEMORY:
            self.max_memory = number
            self._limit_memory()
        elif key == InfoKey.PONDERING:
            self.pondering = number != 0
            self._limit_memory()
        elif key == InfoKey.RULE:
            self.rule, self.opening, notes = rule_from_code(number)
            return [f"{Answer.MESSAGE} {note}" for note in notes]
        return []

    def _about(self, argument: str, started: float) -> list[str]:
        return [about_line(ABOUT)]

    def _end(self, argument: str, started: float) -> list[str]:
        self.finished = True
        return []

    _COMMANDS: ClassVar[dict[str, Callable[[Brain, str, float], list[str]]]] = {
        Command.START: _start,
        Command.RECTSTART: _rectstart,
        Command.RESTART: _restart,
        Command.BEGIN: _begin,
        Command.TURN: _turn,
        Command.PLAY: _play,
        Command.BOARD: _board,
        Command.SWAP2BOARD: _swap2board,
        Command.TAKEBACK: _takeback,
        Command.INFO: _info,
        Command.ABOUT: _about,
        Command.END: _end,
    }

    # -- thinking ---------------------------------------------------------------

    def _need_game(self) -> int:
        if self.size is None:
            raise ProtocolError("no board yet: send START n first")
        return self.size

    @property
    def player(self) -> Player:
        """This game's player, made on first use and kept until the next game."""
        if self._player is None:
            self._player = self.make_player()
            self._limit_memory()
        return self._player

    def _limit_memory(self) -> None:
        if isinstance(self._player, LimitsMemory):
            # a ponder's table holds up to PONDER_TABLE_SHARE of the kept one's: both keep within the one share
            share = int(self.max_memory / (1 + PONDER_TABLE_SHARE)) if self.pondering else self.max_memory
            self._player.set_memory_limit(share)

    def forget_player(self) -> None:
        """Forget this game's player: the next move makes a new one."""
        self._player = None

    def _new_game(self) -> None:
        self.forget_player()
        self.stones = {}
        self._board_lines = None
        if self.clock.match_ms > 0:
            self.clock.left_ms = None

    def _move(self, started: float) -> list[str]:
        """Think about the current position and answer with our move (and any messages)."""
        messages: list[str] = []
        board = self.position(messages)
        empty = board.size * board.size - board.stone_count
        if empty == 0:
            raise ProtocolError("the board is full: there is no move left")
        stones = board.stone_count
        thought = think(
            board,
            self.player,
            self._pool,
            self.clock.deadline(stones, empty),
            started,
            self.clock.think_time(stones, empty),
        )
        self.clock.spend(thought.seconds)
        if thought.move is None:
            raise ProtocolError("no legal move left for me")
        if not thought.in_time:
            self.forget_player()  # one that overran may still be thinking: the next move gets a fresh one
            messages.append(f"{Answer.MESSAGE} {self.level} had no move in time: played a quick move instead")
        found = thought.decision
        if found is not None and (found.depth or found.nodes or found.win_in is not None):
            messages.append(search_message(found))
        self.stones[thought.move] = Field.OWN
        if self.pondering and thought.in_time:
            after = board.copy()
            after.play(thought.move)
            self._start_pondering(after, self.clock.think_time(stones + 2, empty - 2))
        return messages + [f"{thought.move.x},{thought.move.y}"]

    def _start_pondering(self, board: Board, think_time: float) -> None:
        """Let the player think on the opponent's time about ``board`` (after our move) until the next line."""
        player = self.player
        if not isinstance(player, Ponders) or board.is_game_over():
            return
        # a failed ponder costs only what it would have found: the task keeps its error, nobody reads it
        self._ponder = self._pool.run(lambda stop: player.ponder(board, stop, think_time=think_time))

    def stop_pondering(self) -> None:
        """Stop the ponder, if one runs, and wait for it (a search stops within a few hundred nodes)."""
        if self._ponder is not None:
            task, self._ponder = self._ponder, None
            task.stop.set()
            if not task.wait(PONDER_STOP_WAIT):  # never seen: a player still busy must not be asked for a move
                self.forget_player()

    def close(self) -> None:
        """Stop any ponder and let the worker threads go (at the end of input)."""
        self.stop_pondering()
        self._pool.close()

    def own_stone(self, messages: list[str] | None = None) -> Stone:
        """Our colour: black moves first, so we are black when both sides have as many stones."""
        own = sum(1 for field in self.stones.values() if field == Field.OWN)
        theirs = sum(1 for field in self.stones.values() if field == Field.OPPONENT)
        if own == theirs:
            return Stone.BLACK
        if own + 1 == theirs:
            return Stone.WHITE
        stone = Stone.WHITE if own < theirs else Stone.BLACK
        if messages is not None:
            note = f"the board has {own} of my stones and {theirs} of the opponent's: playing {stone}"
            messages.append(f"{Answer.MESSAGE} {note}")
        return stone

    def position(self, messages: list[str] | None = None) -> Board:
        """The stones as a :class:`Board` with our colour to move.

        When the stones can be replayed as a game (alternating colours, black
        first, every move legal, nobody has won) the board has that history;
        otherwise the stones are set up as a diagram.
        """
        assert self.size is not None
        own = self.own_stone(messages)
        colour = {Field.OWN: own, Field.OPPONENT: own.opponent, Field.CONTINUOUS: own.opponent}
        placed = [(point, colour[field]) for point, field in self.stones.items()]
        alternating = all(stone == (Stone.BLACK, Stone.WHITE)[i % 2] for i, (_, stone) in enumerate(placed))
        if alternating and Field.CONTINUOUS not in self.stones.values():
            try:
                board = Board.from_moves((point for point, _ in placed), self.size, self.rule)
            except IllegalMoveError:
                pass
            else:
                if board.outcome is None and board.turn is own:
                    return board
        marks = {Stone.BLACK: "X", Stone.WHITE: "O"}
        grid = [["."] * self.size for _ in range(self.size)]
        for point, stone in placed:
            grid[point.y][point.x] = marks[stone]
        return Board.from_diagram("\n".join("".join(row) for row in grid), self.rule, turn=own)


def run(stdin: Iterable[str], stdout: TextIO, brain: Brain | None = None) -> int:
    """Answer the manager's lines from ``stdin`` on ``stdout`` until ``END`` or end of input."""
    brain = brain or Brain()
    try:
        for line in stdin:
            for answer in brain.handle(line):
                stdout.write(answer + "\n")
            stdout.flush()
            if brain.finished:
                break
    finally:
        brain.close()
    return 0


def main(level: str | None = None, seed: int | None = None) -> int:
    """Run the engine on the process's stdin and stdout (the ``pbrain-gomoku`` command)."""
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline=None)
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", errors="replace", newline=None)
    if stdin.isatty():
        stdout.write(
            "MESSAGE gomoku is a Gomocup engine here: load it into a manager such as Piskvork, or type START 15\n"
        )
        stdout.flush()
    sys.setswitchinterval(0.001)  # the waiting thread gets the interpreter back at its deadline
    # The protocol owns stdout: a stray print anywhere else goes to stderr instead.
    saved_stdout, sys.stdout = sys.stdout, sys.stderr
    try:
        return run(stdin, stdout, Brain(level=level, seed=seed))
    except (KeyboardInterrupt, BrokenPipeError):
        return 0
    finally:
        sys.stdout = saved_stdout


__all__ = ["Brain", "TimeControl", "main", "quick_move", "run", "think"]
