"""The searching level ``hard``: threat search first, then alpha-beta with iterative deepening.

One move of :class:`SearchPlayer` goes:

1. the obvious: complete a five; stop the opponent's five; make an open four;
2. a VCF (victory by continuous fours) for the side to move: if there is one, play it;
3. the opponent's VCF, as if we passed: if there is one, keep only the moves
   after which it is gone (or, failing that, the ones that delay it);
4. a VCT (threes and fours) for the side to move, read one threat deeper
   at a time (so short wins come first) within a small slice of the time:
   a win is there to be found quickly or not at all, and alpha-beta needs
   the time more (one ply deeper in the opening decides games);
5. the opponent's VCT, as if we passed: if there is one, keep the moves
   (points of its line, our fours, its three and four points, the usual
   candidates) after which a short re-reading finds it gone, else at least
   drop those after which it still wins (a four counts only if a follow-up
   after its block stops the threat);
6. alpha-beta (negamax with principal-variation search) deepening one ply at
   a time until the time is spent, over a narrow list of moves: the forced
   block when the opponent has a four, only fours and blocks when the
   opponent has an open three, else the best few cells near the stones by
   shape score and history.  A transposition table keyed by Zobrist hash
   carries the best move of each position from one iteration to the next.
   When time runs out in the middle of an iteration, the best of the root
   moves weighed at that depth is played (the last best goes first, so it
   is among them): values swing with the parity of the depth, so they are
   compared only with values of the same depth.
   At the horizon a side to move with a four-three point or a double three,
   against an opponent who cannot make a four, counts as winning (against
   one who can, a four-three's VCF is read on a few dozen nodes); a side to
   move facing an open three blocks it (with one of the best few points on
   its line, no counter-attack) before the position is judged; a side that
   has fours of its own is not lost for want of a block (its counter-four
   was never tried): it is then judged as the horizon would.  A quiet
   move whose position falls at the horizon is judged without being played
   (:meth:`SearchBoard.peek` tells what it would leave): about half of all
   the positions met, at a fraction of the cost;
7. unless step 5 proved the opponent has no VCT at all, alpha-beta's choice
   is read once more: the opponent's VCT after it.  Its horizon misses quiet
   moves that hand the opponent a win by threes; a move found to lose is
   passed over for the next ones in alpha-beta's order, taking the first
   proven safe or else the one whose "no win" is proven deepest.  A move
   that passes is read one opponent move deeper: after each of the
   opponent's best few quiet replies we must still have an answer that
   stops its VCT, else the move goes behind those that keep one (this is
   how a defence in the opening is lost: the quiet reply builds the win).

Everything runs on a :class:`~gomoku.ai.searchboard.SearchBoard` built from
the given board, which is never changed.  The time budget (``think_time``)
and an optional ``stop`` event are checked every few hundred nodes; the move
returned is always legal (the greedy ``normal`` move if nothing better is
known).  Under renju black never plays a forbidden point, and white's
threat search counts a four whose block is forbidden for black as a win.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace
from itertools import compress
from operator import or_

from gomoku.ai.book import BookLookup, book_choice
from gomoku.ai.budget import WALL_TIMER, Budget, NodeTimer, OutOfBudget, Timer
from gomoku.ai.greedy import normal
from gomoku.ai.learned import LearnedMode
from gomoku.ai.parameters import (
    DEEP_WIDTH,
    DEFAULT_TABLE_LIMIT,
    DEFAULT_THINK_TIME,
    HARD_LIMIT,
    HORIZON_BLOCKS,
    HORIZON_VCF_NODES,
    LEARNED_EVAL,
    MAX_DEPTH,
    MAX_PLY,
    NEAR_PLY,
    NEAR_WIDTH,
    OPENING_HARD_LIMIT,
    OPENING_SOFT_LIMIT,
    OPENING_STONES,
    ORDER_OWN,
    ORDER_THEIRS,
    OWN_VCF_NODES,
    OWN_VCF_TIME,
    OWN_VCT_NODES,
    OWN_VCT_TIME,
    PONDER_TABLE_SHARE,
    REFUTE_DEFENCES,
    REFUTE_NODES,
    REFUTE_REPLIES,
    ROOT_WIDTH,
    SAFE_ENOUGH,
    SHORTEST_VCF_NODES,
    SHORTEST_VCF_TIME,
    SOFT_LIMIT,
    TABLE_ENTRY_BYTES,
    TABLE_MEMORY_SHARE,
    TEMPO,
    THEIR_VCF_NODES,
    THEIR_VCF_TIME,
    THEIR_VCT_NODES,
    THEIR_VCT_TIME,
    THREAT_WIDTH_FACTOR,
    VCF_DEFENCE_NODES,
    VCF_DEFENCE_TIME,
    VCT_DEFENCE_NODES,
    VCT_DEFENCE_TIME,
    VCT_DEPTH,
    VERIFY_LIMIT,
    VERIFY_MIN,
    VERIFY_NODES,
    VERIFY_SHARE,
    VERIFY_WIDTH,
)
from gomoku.ai.ponder import Overlay, Pondered, guess_reply, stages
from gomoku.ai.result import SearchResult
from gomoku.ai.searchboard import Mirror, SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board, GameOverError
from gomoku.book import BookPosition
from gomoku.patterns import C_DOUBLE_THREE, C_FIVE, C_FOUR, C_FOUR_THREE, C_OPEN_THREE, C_WIN_FOUR
from gomoku.point import Point
from gomoku.rules import BLACK, OPPONENT

#: The value of a five at the root; a win found ``p`` plies deep is worth ``WIN - p``.
WIN = 10_000_000
#: Scores beyond this are forced wins (or losses) found by the search.
WIN_THRESHOLD = WIN - 1_000
#: Transposition-table bounds.
EXACT, LOWER, UPPER = 0, 1, 2
#: What :meth:`SearchPlayer._safety_after` says of a move that loses, and of one proven not to.
LOST, SAFE = -1, 99
#: A cell index fits in this many bits (25x25 = 625 < 1024), for packing sort keys.
_CELL_BITS = 10
_CELL_MASK = (1 << _CELL_BITS) - 1


def win_distance(value: int) -> int | None:
    """The plies to the five a search value proves (negative: to the opponent's five); ``None``: it proves none."""
    if value > WIN_THRESHOLD:
        return WIN - value + 1
    if value < -WIN_THRESHOLD:
        return -(WIN + value + 1)
    return None


def _within(budget: Budget, max_nodes: int | None, deadline: float | None = None) -> Budget:
    """A fresh budget of ``max_nodes`` for one read, ending no later than ``budget`` and with its stop event."""
    end = budget.deadline if deadline is None else min(deadline, budget.deadline or deadline)
    return Budget(end, max_nodes, budget.stop, budget.timer)


class AlphaBeta:
    """Negamax alpha-beta over a :class:`SearchBoard`, with a transposition table and history."""

    def __init__(
        self,
        board: SearchBoard,
        budget: Budget,
        table: dict[int, tuple[int, int, int, int]] | None = None,
        table_limit: int = DEFAULT_TABLE_LIMIT,
    ) -> None:
        self.board = board
        self.budget = budget
        #: the table is emptied when it would hold more positions than this (it is the memory bound)
        self.table_limit = table_limit
        #: the deepest ply a line reached (selective depth)
        self.seldepth = 0
        #: Zobrist key -> (depth, bound kind, value, best move); may be kept from earlier moves of the game
        self.table: dict[int, tuple[int, int, int, int]] = {} if table is None else table
        self.history = [0] * board.n
        #: a cutoff's history credit, in the units of the board's scores (they may carry learned values below)
        self._history_unit = 1 << board.score_shift
        self.killers: list[int] = [-1] * (MAX_PLY + 2)
        #: the root moves after the last :meth:`search`, the best of each iteration moved to the front
        self.root_order: list[int] = []
        #: Zobrist key -> the plies of the side to move's VCF found by :meth:`vcf_plies` (0: none)
        self._vcf_memo: dict[int, int] = {}

    @property
    def nodes(self) -> int:
        """Positions visited so far (counted on the budget)."""
        return self.budget.nodes

    # -- moves ----------------------------------------------------------------------

    def candidates(self, width: int) -> list[int]:
        """The moves worth searching for the side to move, best first, at most ``width`` of the quiet ones."""
        board = self.board
        me = board.side
        opp = OPPONENT[me]
        opp_fives = board.fives(opp)
        if opp_fives:
            return [q for q in opp_fives if board.legal(me, q)][:1]
        mine, theirs = board.score[me], board.score[opp]
        history = self.history
        if board.winning_fours(opp):
            # the opponent threatens an open four: only our fours and the points that stop it
            # (a set: its order does not matter, every rank below is distinct)
            moves: set[int] | list[int] = set(board.cells_at_least(me, C_FOUR)).union(board.cells_at_least(opp, C_FOUR))
            width = THREAT_WIDTH_FACTOR * width
        else:
            # a cell scores only if a stone of either side lies within four points on one of its lines
            moves = list(compress(range(board.n), map(or_, mine, theirs)))
            if not moves:
                moves = [q for q in range(board.n) if not board.cells[q]]
        # one integer per move sorts fastest: the rank, then the lower cell first on a tie
        # (rank * 2**_CELL_BITS - cell: its cell is -value & _CELL_MASK)
        ranked = sorted(
            [((mine[q] * ORDER_OWN + theirs[q] * ORDER_THEIRS + history[q]) << _CELL_BITS) - q for q in moves],
            reverse=True,
        )
        if me == BLACK and board.renju:
            allowed = []
            for value in ranked:
                q = -value & _CELL_MASK
                if not board.forbidden(q):
                    allowed.append(q)
                    if len(allowed) >= width:
                        break
            return allowed
        return [-value & _CELL_MASK for value in ranked[:width]]

    def horizon_blocks(self) -> list[int]:
        """Past the horizon, facing an open three: the best few points that stop it (no counter-attack).

        A block lies on the three's line within four points of each of its
        open-four points; counter-fours are left to the search proper, or the
        extension would chain through every four the side to move has.
        """
        board = self.board
        me = board.side
        opp = OPPONENT[me]
        zone = board.blocking_zone(board.winning_fours(opp))
        mine, theirs = board.score[me], board.score[opp]
        moves = [q for q in board.cells_at_least(opp, C_FOUR) if q in zone and board.legal(me, q)]
        moves.sort(key=lambda q: theirs[q] + mine[q], reverse=True)
        return moves[:HORIZON_BLOCKS]

    def vcf_plies(self) -> int:
        """The plies to the five of the side to move's VCF read on :data:`HORIZON_VCF_NODES` nodes (0: none found).

        Remembered by position for the whole search: the same positions come
        back in every iteration.  The nodes count on the search's budget.
        """
        board = self.board
        plies = self._vcf_memo.get(board.hash)
        if plies is None:
            threat = ThreatSearch(board, _within(self.budget, HORIZON_VCF_NODES))
            plies = len(threat.line()) if threat.vcf() is not None else 0
            self.budget.nodes += threat.nodes
            self._vcf_memo[board.hash] = plies
        return plies

    def _playable(self, me: int, kind: int) -> bool:
        """Whether ``me`` has a legal cell of class ``kind`` (only renju's black may lack one)."""
        board = self.board
        if me != BLACK or not board.renju:
            return True
        return any(not board.forbidden(q) for q in board.cells_of(me, kind))

    # -- the search -----------------------------------------------------------------

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of the position for the side to move, searched ``depth`` plies."""
        self.budget.tick()
        if ply > self.seldepth:
            self.seldepth = ply
        board = self.board
        me = board.side
        opp = OPPONENT[me]
        counts, opp_counts = board.count[me], board.count[opp]
        if counts[C_FIVE]:
            return WIN - ply
        # (the class counts answer first: the lists of cells are asked for only when there are some)
        opp_fives = board.fives(opp) if opp_counts[C_FIVE] else []
        if opp_fives:
            if len(opp_fives) > 1 or not board.legal(me, opp_fives[0]):
                return -(WIN - ply - 1)
        elif counts[C_WIN_FOUR] and board.winning_fours(me):
            return WIN - ply - 2
        else:
            if not (opp_counts[C_FOUR] or opp_counts[C_FOUR_THREE] or opp_counts[C_WIN_FOUR]):
                # the opponent cannot even make a four: a four-three wins, and so
                # (all but always) does a double three
                if counts[C_FOUR_THREE] and self._playable(me, C_FOUR_THREE):
                    return WIN - ply - 4
                if counts[C_DOUBLE_THREE] and self._playable(me, C_DOUBLE_THREE):
                    return WIN - ply - 6
            elif counts[C_FOUR_THREE] and HORIZON_VCF_NODES and (plies := self.vcf_plies()):
                # a four-three the opponent's fours may break: read rather than guessed
                return WIN - ply - plies + 1
        if ply >= MAX_PLY or (
            depth <= 0 and not opp_fives and not (opp_counts[C_WIN_FOUR] and board.winning_fours(opp))
        ):
            # (an open three the opponent just made is answered before judging: a threat
            # made at the horizon would otherwise look like a win)
            return board.evaluation()

        key = board.hash
        entry = self.table.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, flag, value, tt_move = entry
            if e_depth >= depth:
                if value > WIN_THRESHOLD:
                    value -= ply
                elif value < -WIN_THRESHOLD:
                    value += ply
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value

        counter_fours = 0
        if opp_fives:
            moves = [opp_fives[0]]
            child_depth = depth  # a forced reply costs no depth
        elif depth <= 0 and (moves := self.horizon_blocks()):
            child_depth = depth - 1
            # the blocks are not every answer when we have fours of our own: a loss read through them
            # is not proven (the counter-four, or the four-three, was never tried)
            counter_fours = board.count[me][C_FOUR] or board.count[me][C_FOUR_THREE]
        else:
            moves = self.candidates(NEAR_WIDTH if ply <= NEAR_PLY else DEEP_WIDTH)
            child_depth = depth - 1
            if not moves:
                return 0  # board full (or only forbidden points): a draw
            killer = self.killers[ply]
            for first in (killer, tt_move):
                if first >= 0 and first in moves:
                    moves.remove(first)
                    moves.insert(0, first)

        original_alpha = alpha
        best_value = -WIN - 1
        best_move = moves[0]
        # a child at the horizon is most often judged on the spot, without playing the move
        # (not when the move makes a threat, or leaves one of ours standing: that is searched)
        at_horizon = child_depth <= 0 and ply + 1 < MAX_PLY and not counts[C_WIN_FOUR]
        threat_cells = board.cls[me]
        judge, tick = self.judge_after, self.budget.tick
        child_ply = ply + 1
        for index, move in enumerate(moves):
            judged = judge(move, child_ply) if at_horizon and threat_cells[move] < C_OPEN_THREE else None
            if judged is not None:
                tick()
                value = -judged
            else:
                board.play(move)
                try:
                    if index == 0:
                        value = -self.negamax(child_depth, -beta, -alpha, child_ply)
                    else:
                        value = -self.negamax(child_depth, -alpha - 1, -alpha, child_ply)
                        if alpha < value < beta:
                            value = -self.negamax(child_depth, -beta, -alpha, child_ply)
                finally:
                    board.undo()
            if value > best_value:
                best_value = value
                best_move = move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[move] += depth * depth * self._history_unit
                        self.killers[ply] = move
                        break

        if counter_fours and best_value < -WIN_THRESHOLD:
            # judged as the horizon would have judged it, without the extension: bad, but not lost
            best_value = board.evaluation()
        flag = EXACT
        if best_value <= original_alpha:
            flag = UPPER
        elif best_value >= beta:
            flag = LOWER
        stored = best_value
        if stored > WIN_THRESHOLD:
            stored += ply
        elif stored < -WIN_THRESHOLD:
            stored -= ply
        table = self.table
        if len(table) >= self.table_limit:
            table.clear()
        table[key] = (depth, flag, stored, best_move)
        return best_value

    def judge_after(self, move: int, ply: int) -> int | None:
        """What :meth:`negamax` at depth 0 would say after ``move``, found without playing it.

        The value is for the side to move after ``move``, at ``ply``.  ``None``
        when that position is not judged statically (the mover made a four
        that must be blocked, or an open three that must be answered): then
        it has to be searched.  The same rules as :meth:`negamax`'s, read
        from :meth:`SearchBoard.peek`.  Under renju, when black is to move
        after ``move`` with a winning four, a four-three or a double three,
        whether it may play them needs the stones in place: searched too; so
        is a four-three against the mover's fours (its VCF is read).
        """
        board = self.board
        black_counts, white_counts, black_total, white_total = board.peek(move)
        if board.side == BLACK:
            mover, counts, mover_total, total = black_counts, white_counts, black_total, white_total
        else:
            mover, counts, mover_total, total = white_counts, black_counts, white_total, black_total
            if board.renju and (counts[C_WIN_FOUR] or counts[C_FOUR_THREE] or counts[C_DOUBLE_THREE]):
                return None  # black's threats may stand on forbidden points
        if counts[C_FIVE]:
            return WIN - ply
        if mover[C_FIVE]:
            if mover[C_FIVE] > 1:
                return -(WIN - ply - 1)
            return None  # a forced block: searched
        if counts[C_WIN_FOUR]:
            return WIN - ply - 2
        if not (mover[C_FOUR] or mover[C_FOUR_THREE] or mover[C_WIN_FOUR]):
            if counts[C_FOUR_THREE]:
                return WIN - ply - 4
            if counts[C_DOUBLE_THREE]:
                return WIN - ply - 6
        elif counts[C_FOUR_THREE] and HORIZON_VCF_NODES:
            return None  # a four-three against fours: its VCF is read
        if mover[C_WIN_FOUR]:
            return None  # an open three to answer: searched
        learned = board.learned
        if learned is None:
            return total * TEMPO - mover_total
        return learned.judge(total, mover_total, counts, mover, OPPONENT[board.side])

    def principal_variation(self, first: int) -> list[int]:
        """The expected line from the root: ``first``, then each position's remembered best move.

        Follows the transposition table while it knows the position and its
        move is still empty (a table entry can be from another line); the
        board is left as it was.
        """
        board = self.board
        line: list[int] = []
        move: int | None = first
        try:
            while move is not None and move >= 0 and not board.cells[move] and len(line) < MAX_PLY:
                board.play(move)
                line.append(move)
                entry = self.table.get(board.hash)
                move = entry[3] if entry is not None else None
        finally:
            for _ in line:
                board.undo()
        return line

    def root_values(self, order: list[int], depth: int, count: int) -> dict[int, tuple[int, bool]]:
        """Each root move's value at ``depth`` (from the side to move), and whether it is exact, not a bound.

        For several best lines (an analysis): the first ``count`` moves are
        read with a full window; after them, a move is read exactly only when
        a null window shows it beats the ``count``-th best exact value.
        """
        board = self.board
        full = (-WIN - 1, WIN + 1)
        values: dict[int, tuple[int, bool]] = {}
        exact: list[int] = []
        for move in order:
            threshold = sorted(exact, reverse=True)[count - 1] if count > 0 and len(exact) >= count else None
            board.play(move)
            try:
                if threshold is None:
                    value, sure = -self.negamax(depth - 1, -full[1], -full[0], 1), True
                else:
                    value = -self.negamax(depth - 1, -threshold - 1, -threshold, 1)
                    sure = False
                    if value > threshold:
                        value, sure = -self.negamax(depth - 1, -full[1], -full[0], 1), True
            finally:
                board.undo()
            values[move] = (value, sure)
            if sure:
                exact.append(value)
        return values

    def search(
        self, moves: list[int], soft_deadline: float, max_depth: int = MAX_DEPTH, first_depth: int = 1
    ) -> tuple[int, int, int]:
        """Deepen over the root ``moves`` until ``soft_deadline`` passes; (best move, value, depth reached).

        ``first_depth`` > 1 resumes a search that reached the depth before it (a ponder's, whose table
        this one has): ``moves`` are then in its order, its best first.
        """
        board = self.board
        best, best_value, reached = moves[0], 0, first_depth - 1
        order = self.root_order = list(moves)
        for depth in range(first_depth, max_depth + 1):
            alpha, beta = -WIN - 1, WIN + 1
            iteration_best: int | None = None
            iteration_value = -WIN - 1
            # a move that beat this iteration's best in the null window, while its exact value is read
            rising = None
            try:
                for index, move in enumerate(order):
                    board.play(move)
                    try:
                        if index == 0:
                            value = -self.negamax(depth - 1, -beta, -alpha, 1)
                        else:
                            value = -self.negamax(depth - 1, -alpha - 1, -alpha, 1)
                            if value > alpha:
                                rising = move
                                value = -self.negamax(depth - 1, -beta, -alpha, 1)
                                rising = None
                    finally:
                        board.undo()
                    if value > iteration_value:
                        iteration_best, iteration_value = move, value
                        alpha = max(alpha, value)
            except OutOfBudget:
                # the moves searched so far were weighed at this depth, the previous best first:
                # the best of them (or one found better, its exact value unread) is the better-informed choice
                if rising is not None:
                    best, best_value = rising, alpha + 1
                elif iteration_best is not None:
                    best, best_value = iteration_best, iteration_value
                timed_out = True
            else:
                assert iteration_best is not None  # every iteration weighs at least the first move
                best, best_value, reached = iteration_best, iteration_value, depth
                timed_out = False
            # the best goes first: the next iteration searches it first, the check of the choice reads it first
            order.remove(best)
            order.insert(0, best)
            if timed_out or abs(best_value) > WIN_THRESHOLD or len(order) == 1:
                break
            if self.budget.timer.now() > soft_deadline:
                break
        return best, best_value, reached


#: What one move's steps found (the move with what is known of it; ``None``: no idea), the nodes they
#: searched, and alpha-beta's root moves in its last order, the best first (empty when it did not run).
_Decided = tuple[SearchResult | None, int, list[int]]


class SearchPlayer:
    """The ``hard`` level: threat search and alpha-beta within ``think_time`` seconds a move.

    Kept for a whole game: its transposition tables carry what one move's
    search learnt into the next (the positions searched come back two plies
    later), bounded by :meth:`set_memory_limit`.
    """

    def __init__(
        self,
        name: str = "hard",
        think_time: float | None = None,
        seed: int | None = None,
        max_nodes: int | None = None,
    ) -> None:
        self.name = name
        self.think_time = DEFAULT_THINK_TIME if think_time is None else max(0.01, float(think_time))
        #: with a node budget, every move searches about this many nodes whatever the time (the timer's
        #: shares of the move become shares of the nodes): reproducible games for benchmarks
        self.max_nodes = max_nodes
        self._fallback = normal(seed=seed, randomness=0)
        #: alpha-beta's transposition tables by (size, rule, side played for), kept from move to move
        self._tables: dict[tuple[int, object, int], dict[int, tuple[int, int, int, int]]] = {}
        self.table_limit = DEFAULT_TABLE_LIMIT
        #: the search board kept in step with the game, move by move
        self._mirror = Mirror(learned=LearnedMode(LEARNED_EVAL))
        #: the last move's decision (its expected line guesses the opponent's reply when pondering)
        self.last_decision: SearchResult | None = None
        #: what the last :meth:`ponder` left for the next move (see :mod:`gomoku.ai.ponder`)
        self._pondered: Pondered | None = None
        #: the opening book it plays from (a level that reads one: :attr:`gomoku.ai.Level.reads_book`), if given
        self.book: BookLookup | None = None
        #: the seeded random numbers that choose among equally marked book moves (a fixed seed, the same game)
        self._book_random = random.Random(seed)

    def set_memory_limit(self, max_bytes: int) -> None:
        """Keep the transposition tables within a share of ``max_bytes`` (0: no limit but the default)."""
        if max_bytes <= 0:
            self.table_limit = DEFAULT_TABLE_LIMIT
        else:
            self.table_limit = max(1_000, int(max_bytes * TABLE_MEMORY_SHARE) // TABLE_ENTRY_BYTES)
        for table in self._tables.values():
            if len(table) > self.table_limit:
                table.clear()

    @property
    def table_size(self) -> int:
        """How many positions the kept transposition tables hold."""
        return sum(len(table) for table in self._tables.values())

    def choose_move(
        self, board: Board, stop: threading.Event | None = None, think_time: float | None = None
    ) -> SearchResult:
        """The move for the side to move on ``board`` (left unchanged), within the think time.

        If the last :meth:`ponder` searched this very position, the search
        starts from its tables (and the decision says ``pondered``); else
        what it found is dropped.
        """
        if board.is_game_over():
            raise GameOverError(f"the game is over ({board.outcome}): there is no move to choose")
        started = time.perf_counter()
        pondered = self._take_ponder(board)
        if board.stone_count == 0:
            centre = board.size // 2
            return SearchResult(Point(centre, centre), reason="centre")
        booked = self.from_book(self.book(board), board) if self.book is not None else None
        if booked is not None:
            self.last_decision = booked
            return booked
        budget = self.think_time if think_time is None else max(0.01, float(think_time))
        search = self._mirror.follow(board)
        timer = WALL_TIMER if self.max_nodes is None else NodeTimer(self.max_nodes / budget)
        # on the wall clock the time runs from the start: taking over a ponder's table is part of the move
        resume = None if pondered is None else pondered.resume
        found, nodes, _ = self._decide(
            search, started if timer is WALL_TIMER else timer.now(), budget, stop, timer, resume=resume
        )
        decision = self._decision(board, found, nodes, started)
        if pondered is not None:
            decision = replace(decision, pondered=True)
        self.last_decision = decision
        return decision

    def from_book(self, position: BookPosition | None, board: Board) -> SearchResult | None:
        """The book move it plays on ``board`` from what the book knows there (:func:`~gomoku.ai.book.book_choice`:
        winning, else good, drawn with its seeded random numbers); ``None``: it searches."""
        point = book_choice(position, board, self._book_random)
        return None if point is None else SearchResult(point, reason="book", pv=(point,))

    def _take_ponder(self, board: Board) -> Pondered | None:
        """The last ponder if it searched ``board`` (its table then merged into the kept one), else
        ``None`` (its table dropped); either way now, within the move's time."""
        pondered, self._pondered = self._pondered, None
        if pondered is None or not pondered.matches(board):
            return None
        pondered.table.merge(self.table_limit)
        return pondered

    def ponder(
        self,
        board: Board,
        stop: threading.Event | None = None,
        max_nodes: int | None = None,
        think_time: float | None = None,
    ) -> Pondered | None:
        """Think on the opponent's time: guess its reply to our move and search the position after it.

        ``board`` is the game after our move, the opponent to move (left
        unchanged).  Searches in stages (:func:`~gomoku.ai.ponder.stages` of
        ``think_time``, the seconds our next move will have, the player's own
        if not given) until ``stop`` is set or the last stage is done; with
        ``max_nodes``, one stage of that many nodes instead (a benchmark's
        stand-in for the opponent's time: the same search on any machine).  What it found waits
        for the next :meth:`choose_move` (see :mod:`gomoku.ai.ponder`) and is
        returned; ``None`` when there is nothing to ponder (the game is over,
        or will be after the guess).  Never run it at the same time as
        :meth:`choose_move` on one player: they share its tables and board.
        """
        self._pondered = None
        if board.is_game_over() or board.stone_count == 0:
            return None
        search = self._mirror.follow(board)
        line = () if self.last_decision is None else self.last_decision.pv
        guess = guess_reply(board, line, self._replies(board, search))
        if guess is None:
            return None
        after = board.copy()
        after.play(guess)
        if after.is_game_over():
            return None
        search = self._mirror.follow(after)
        table = Overlay(self._tables.setdefault((search.size, search.rule, search.side), {}))
        pondered = self._pondered = Pondered.of(after, guess, table)
        table_limit = max(1, int(self.table_limit * PONDER_TABLE_SHARE))
        seconds = self.think_time if think_time is None else max(0.01, float(think_time))
        for budget in [seconds] if max_nodes is not None else stages(seconds):
            if stop is not None and stop.is_set():
                break
            if max_nodes is not None:
                timer: Timer = NodeTimer(max_nodes / budget)
            elif self.max_nodes is not None:  # a node-budgeted level: its own nodes a move, a stage's share
                timer = NodeTimer(self.max_nodes / seconds)
            else:
                timer = WALL_TIMER
            started = time.perf_counter()
            found, nodes, order = self._decide(
                search, timer.now(), budget, stop, timer, table, table_limit, pondered.resume
            )
            pondered.nodes += nodes
            cut = stop is not None and stop.is_set()
            depth = 0 if found is None else found.depth
            # a stage cut short in alpha-beta still finished its iterations up to its depth: go on from
            # the deepest (a cut one only if it got deeper, or it may have stopped before alpha-beta began)
            if order and depth and (not cut or pondered.resume is None or depth > pondered.resume[0]):
                pondered.resume = (depth, order)
            if cut:
                break  # not a whole decision
            pondered.decision = self._decision(after, found, nodes, started)
            pondered.stages += 1
            if found is not None and found.win_in is not None:
                break  # a forced result: searching longer learns nothing
        return pondered

    def _replies(self, board: Board, search: SearchBoard) -> list[Point]:
        """The opponent's likely replies on ``board`` (``search`` its search board, the opponent to
        move), best first: the move our table remembers for the position, then the search's first
        candidate."""
        table = self._tables.get((search.size, search.rule, OPPONENT[search.side]), {})
        entry = table.get(search.hash)
        moves = [entry[3]] if entry is not None and entry[3] >= 0 else []
        moves += AlphaBeta(search, Budget()).candidates(1)
        return [board.point_of(q) for q in moves]

    def _decision(self, board: Board, found: SearchResult | None, nodes: int, started: float) -> SearchResult:
        """What the steps found on ``board`` (``nodes`` searched), timed; ``normal``'s move if they found
        no legal move."""
        seconds = time.perf_counter() - started
        if found is None or not board.is_legal(found.move):
            return SearchResult(self._fallback.choose_move(board).move, reason="fallback", nodes=nodes, seconds=seconds)
        return replace(found, seconds=seconds)

    def _decide(
        self,
        board: SearchBoard,
        started: float,
        budget: float,
        stop: threading.Event | None,
        timer: Timer,
        table: dict[int, tuple[int, int, int, int]] | None = None,
        table_limit: int | None = None,
        resume: tuple[int, list[int]] | None = None,
    ) -> _Decided:
        """The steps of the module docstring: what was found (``None``: no idea), the nodes, the root order.

        Alpha-beta uses ``table`` (a ponder's, within ``table_limit``) if given, else the kept one;
        ``resume`` (the depth a ponder of this position reached, and its root moves best first) lets
        it start one ply deeper.
        """
        me = board.side
        opp = OPPONENT[me]
        size = board.size
        nodes = 0

        def at(share: float) -> float:
            return started + share * budget

        def point(cell: int) -> Point:
            return Point(cell % size, cell // size)

        def found(
            cell: int,
            reason: str,
            line: list[int] | None = None,
            win_in: int | None = None,
            score: int | None = None,
            depth: int = 0,
            seldepth: int = 0,
        ) -> SearchResult:
            """The move ``cell`` with what is known of it (the nodes so far), its line ``line`` or itself."""
            pv = tuple(point(q) for q in (line or [cell]))
            return SearchResult(point(cell), reason, score, win_in, depth, seldepth, nodes, pv=pv)

        wins = board.fives(me)
        if wins:
            return found(wins[0], "five", win_in=1), nodes, []
        blocks = board.fives(opp)
        if blocks:
            legal = [q for q in blocks if board.legal(me, q)]
            if len(blocks) > 1 or not legal:
                return found(legal[0] if legal else blocks[0], "lost", win_in=-2), nodes, []
            return found(legal[0], "block five"), nodes, []
        fours = board.winning_fours(me)
        if fours:
            return found(max(fours, key=lambda q: board.score[me][q]), "open four", win_in=3), nodes, []

        attack = ThreatSearch(board, Budget(at(OWN_VCF_TIME), OWN_VCF_NODES, stop, timer))
        move = attack.vcf()
        nodes = attack.nodes
        if move is not None:
            # a win is certain: spend up to half the budget looking for the shortest one
            shortest = ThreatSearch(board, Budget(at(SHORTEST_VCF_TIME), SHORTEST_VCF_NODES, stop, timer))
            quicker = shortest.vcf(shortest=True)
            solver = attack if quicker is None else shortest
            line = solver.line()
            nodes = attack.nodes + shortest.nodes
            return found(move if quicker is None else quicker, "vcf", line, win_in=len(line) or None), nodes, []

        if table is None:
            table = self._tables.setdefault((board.size, board.rule, me), {})
        opening = board.n - board.cells.count(0) < OPENING_STONES
        soft_limit, hard_limit = (OPENING_SOFT_LIMIT, OPENING_HARD_LIMIT) if opening else (SOFT_LIMIT, HARD_LIMIT)
        limit = Budget(at(hard_limit), None, stop, timer)
        searcher = AlphaBeta(board, limit, table, table_limit or self.table_limit)
        root = searcher.candidates(ROOT_WIDTH)
        if not root:
            return None, nodes, []

        their_move, their_line, threat = self._their_win(
            board, _within(limit, THEIR_VCF_NODES, at(THEIR_VCF_TIME)), False
        )
        nodes += threat.nodes
        reason = ""
        if their_move is not None:
            root = self._defences(board, root, their_line, Budget(at(VCF_DEFENCE_TIME), None, stop, timer))
            reason = "stop vcf"
            unsafe = True  # the VCF is stopped, but a win by threes may remain
        else:
            attack = ThreatSearch(board, Budget(timer.now() + OWN_VCT_TIME * budget, OWN_VCT_NODES, stop, timer))
            move = attack.vct(depth=VCT_DEPTH, shortest=True)
            nodes += attack.nodes
            if move is not None and board.legal(me, move):
                return found(move, "vct", attack.line(threes=True), win_in=attack.win_within()), nodes, []

            their_move, their_line, threat = self._their_win(
                board, Budget(timer.now() + THEIR_VCT_TIME * budget, THEIR_VCT_NODES, stop, timer), True
            )
            nodes += threat.nodes
            # no need to check our choice when the opponent has no threat win even with a free move
            unsafe = their_move is not None or threat.exhausted
            if their_move is not None:
                root, proven = self._vct_defences(
                    board, root, their_line, Budget(at(VCT_DEFENCE_TIME), None, stop, timer)
                )
                unsafe = not proven
                reason = "stop vct"

        if len(root) == 1:
            return found(root[0], reason or "only move"), nodes, []
        if not unsafe:
            # nothing to check after alpha-beta: it may use the time the check would have had
            limit.deadline = at(hard_limit + VERIFY_SHARE)
        first_depth = 1
        if resume is not None and resume[0] > 0 and resume[1][0] in root:
            # a ponder of this position reached this depth: go on from it, its best moves first
            first_depth = resume[0] + 1
            root = [q for q in resume[1] if q in root] + [q for q in root if q not in resume[1]]
        best, found_value, depth = searcher.search(root, at(soft_limit), first_depth=first_depth)
        order = searcher.root_order
        value: int | None = found_value
        reason = reason or "alpha-beta"
        nodes += searcher.nodes
        if unsafe and found_value < WIN_THRESHOLD:
            deadline = max(at(VERIFY_LIMIT), timer.now() + VERIFY_MIN * budget)
            check = Budget(deadline, None, stop, timer)
            checked = self._first_unrefuted(board, order, check)
            nodes += check.nodes
            if checked != best:
                reason = f"{reason}, checked"
                value = None
            best = checked
        win_in = None if value is None else win_distance(value)
        score = value if win_in is None else None
        line = searcher.principal_variation(best)
        decided = found(best, reason, line, win_in=win_in, score=score, depth=depth, seldepth=searcher.seldepth)
        return decided, nodes, order

    def _first_unrefuted(self, board: SearchBoard, order: list[int], allowance: Budget) -> int:
        """The first of ``order`` proven safe from the opponent's VCT, else the safest one read.

        The alpha-beta horizon misses quiet moves that hand the opponent a
        win by threes a few moves later; reading the opponent's VCT after our
        move catches them.  A move that passes is read one opponent move
        deeper (:meth:`_refuted`): a quiet reply may build such a win that
        none of our answers stops.  Moves are read best first until one is
        safe and not refuted, or the time is up; of those read, a move not
        refuted goes before a refuted one, then the one whose "no win" is
        proven deepest (the earlier on a tie).  Falls back to ``order[0]``
        when every move read loses, or no time is left.  The nodes of every
        read are added to ``allowance``'s count.
        """
        best, best_rank = order[0], (False, LOST)
        for move in order[:VERIFY_WIDTH]:
            if allowance.expired():
                break
            safety = self._safety_after(board, move, allowance, VERIFY_NODES, True)
            if safety == LOST:
                continue
            sound = not self._refuted(board, move, allowance)
            if sound and safety >= SAFE_ENOUGH:
                return move
            if (sound, safety) > best_rank:
                best, best_rank = move, (sound, safety)
        return best

    @staticmethod
    def _their_win(board: SearchBoard, budget: Budget, threes: bool) -> tuple[int | None, list[int], ThreatSearch]:
        """The opponent's win by fours (or threes and fours with ``threes``) as if we passed.

        Returns its first move (``None`` if none was found), its winning line
        (empty if none) and the search itself (for its node count and whether
        it ran out of budget).  The board is left as it was.
        """
        board.pass_turn()
        try:
            threat = ThreatSearch(board, budget)
            move = threat.vct(depth=VCT_DEPTH, shortest=True) if threes else threat.vcf()
            return move, threat.line(threes=threes) if move is not None else [], threat
        finally:
            board.pass_turn()

    @classmethod
    def _refuted(cls, board: SearchBoard, move: int, allowance: Budget) -> bool:
        """Whether one of the opponent's best replies to our ``move`` leaves us no defence.

        The replies are the opponent's first few candidates (quiet moves
        mostly; a four there is answered by its block, a real line too).
        The reply makes a win by threes that none of our tried answers
        stops (each answer read on :data:`REFUTE_NODES` nodes).  The check of
        a single move sees a win by threes that is already there; this sees one
        the opponent builds with one free move, the usual way a defence in
        the opening is lost.  Out of time, a move counts as not refuted.
        """
        board.play(move)
        try:
            for reply in AlphaBeta(board, allowance).candidates(REFUTE_REPLIES):
                if allowance.expired():
                    return False
                board.play(reply)
                try:
                    win, line, threat = cls._their_win(board, _within(allowance, REFUTE_NODES), True)
                    allowance.nodes += threat.nodes
                    if win is None:
                        continue
                    tried = cls._answers_to(board, line, AlphaBeta(board, allowance).candidates(REFUTE_DEFENCES))
                    if not any(
                        cls._safety_after(board, answer, allowance, REFUTE_NODES, True) != LOST
                        for answer in tried[:REFUTE_DEFENCES]
                    ):
                        return not allowance.expired()
                finally:
                    board.undo()
            return False
        finally:
            board.undo()

    def _defences(self, board: SearchBoard, root: list[int], their_line: list[int], allowance: Budget) -> list[int]:
        """The root moves after which the opponent has no VCF (all of ``root`` if none is found)."""
        me = board.side
        tried = list(
            dict.fromkeys([q for q in their_line if not board.cells[q]] + board.cells_at_least(me, C_FOUR) + root)
        )
        safe: list[int] = []
        for move in tried:
            if allowance.expired():
                break
            if board.cells[move] or not board.legal(me, move):
                continue
            if self._safety_after(board, move, allowance, VCF_DEFENCE_NODES, False) == SAFE:
                safe.append(move)
        return safe or root

    @classmethod
    def _safety_after(
        cls,
        board: SearchBoard,
        move: int,
        allowance: Budget,
        max_nodes: int,
        threes: bool,
        follow_ups: int = 1,
    ) -> int:
        """How safe our ``move`` is from the opponent's VCF (or VCT with ``threes``).

        :data:`LOST` if the opponent is found to win, :data:`SAFE` if it is
        proven not to, else how many threats deep "no win" was proven before
        the budget of ``max_nodes`` (within ``allowance``'s time) ran out: a longer
        win is less likely to be found by anyone.

        If ``move`` is a four, the opponent's block is played and we move
        again: the four defends if the opponent's threats are gone even if
        we then passed, or (``follow_ups`` levels deep) if one of our moves
        on the opponent's new winning line stops them.  A four that only
        delays the threat does not count as a defence.
        """
        me = board.side
        played = 1
        passed = False
        board.play(move)
        try:
            fives = board.fives(me)
            if fives:
                if len(fives) > 1 or not board.legal(OPPONENT[me], fives[0]):
                    return SAFE  # the four wins outright
                board.play(fives[0])
                played += 1
                board.pass_turn()
                passed = True
            check = ThreatSearch(board, _within(allowance, max_nodes))
            found = (check.vct(depth=VCT_DEPTH, shortest=True) if threes else check.vcf()) is not None
            allowance.nodes += check.nodes
            if not found:
                if not check.exhausted:
                    return SAFE
                return max(0, check.proven_depth) if threes else 0
            if not passed or follow_ups <= 0:
                return LOST
            line = check.line(threes=threes)
            board.pass_turn()
            passed = False
            best = LOST
            for reply in dict.fromkeys(q for q in line if not board.cells[q]):
                if not board.legal(me, reply):
                    continue
                best = max(best, cls._safety_after(board, reply, allowance, max_nodes, threes, follow_ups - 1))
                if best == SAFE:
                    break
            return best
        finally:
            if passed:
                board.pass_turn()
            for _ in range(played):
                board.undo()

    @staticmethod
    def _answers_to(board: SearchBoard, their_line: list[int], others: list[int]) -> list[int]:
        """The legal moves worth trying against the opponent's VCT, most likely first.

        The points of its winning line, our own fours, the points where the
        opponent makes a four or an open three (its best first), then ``others``.
        """
        me = board.side
        opp = OPPONENT[me]
        cells = board.cells
        tried = dict.fromkeys(
            [q for q in their_line if not cells[q]]
            + board.cells_at_least(me, C_FOUR)
            + sorted(board.cells_at_least(opp, C_OPEN_THREE), key=lambda q: -board.score[opp][q])
            + others
        )
        return [q for q in tried if not cells[q] and board.legal(me, q)]

    def _vct_defences(
        self,
        board: SearchBoard,
        root: list[int],
        their_line: list[int],
        allowance: Budget,
    ) -> tuple[list[int], bool]:
        """The moves proven to stop the opponent's VCT; else the unproven ones; ``root`` if all lose.

        The flag says whether the moves are proven defences.

        Tried first: the points of the opponent's winning line, our own
        fours, then the points where the opponent makes a four or an open
        three, then the rest of ``root``.  Each is played and the opponent's
        VCT read again, first on a tiny node budget, then the unproven ones
        on a larger one, until ``allowance``'s deadline.  A move after which the
        opponent still wins is dropped; one whose check ran out of budget is
        kept behind the proven defences, so a hard position never leaves us
        without a move.
        """
        candidates = self._answers_to(board, their_line, root)
        safe: list[int] = []
        for max_nodes in VCT_DEFENCE_NODES:
            unknown: list[int] = []
            for index, move in enumerate(candidates):
                if allowance.expired():
                    unknown.extend(candidates[index:])
                    break
                safety = self._safety_after(board, move, allowance, max_nodes, True)
                if safety != LOST:
                    (safe if safety == SAFE else unknown).append(move)
            if safe:
                return safe, True
            candidates = unknown
        return candidates or root, False


def hard(
    seed: int | None = None,
    think_time: float | None = None,
    max_nodes: int | None = None,
    name: str = "hard",
    default_time: float = DEFAULT_THINK_TIME,
    nodes: int | None = None,
) -> SearchPlayer:
    """Threat search (VCF, VCT) and alpha-beta within ``think_time`` seconds (``default_time`` if not given).

    ``nodes`` is the level's own node budget a move (its strength then does not
    depend on the machine), ``max_nodes`` a caller's (a benchmark's), which wins.
    """
    return SearchPlayer(name, default_time if think_time is None else think_time, seed, max_nodes or nodes)
