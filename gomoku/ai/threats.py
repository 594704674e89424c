"""Threat search: victory by continuous fours (VCF) and by threes and fours (VCT).

Both are AND/OR searches on a :class:`~gomoku.ai.searchboard.SearchBoard`.
The attacker (the side to move) tries each threat: a four (VCF), or a four or
a move that makes an open three (VCT).  After its first move, a VCT's new
threes must share a line with one of the attacker's last two stones (fours
may be anywhere): a winning attack builds on its own stones, and this keeps
the search narrow.  The defender answers every way that matters: a four
leaves exactly one answer, the five point (and under renju a black defender
cannot answer on a forbidden point); an open three may be met on any point
of its line where the attacker would make a four, or by a counter-four of
the defender's own, which the attacker must then block (the open three
still standing after the block, the defender must answer it again).  A line
is a win when every defence loses; failures are conservative (a search that
runs out of depth, nodes or time says "no win"), so a win it reports is a
real one.

With ``shortest`` the search deepens one threat at a time: short wins are
found before long lines are explored, and when the budget runs out
:attr:`ThreatSearch.proven_depth` says how many threats deep "no win" was
proven, which the ``hard`` level uses to rank moves it could not prove safe.

Results are remembered by Zobrist key, so transpositions (the same stones
reached in a different order) are solved once.
"""

from __future__ import annotations

from gomoku.ai.budget import Budget, OutOfBudget
from gomoku.ai.parameters import DEFAULT_THREAT_NODES, VCF_DEPTH, VCT_DEPTH
from gomoku.ai.searchboard import SearchBoard
from gomoku.patterns import C_FIVE, C_FOUR, C_OPEN_THREE
from gomoku.rules import BLACK, OPPONENT


class ThreatSearch:
    """VCF and VCT solver for the side to move of ``board``, within ``budget``.

    The :class:`~gomoku.ai.budget.Budget` bounds the nodes, the time and
    takes the stop event (default: :data:`~gomoku.ai.parameters.DEFAULT_THREAT_NODES` nodes).
    """

    def __init__(self, board: SearchBoard, budget: Budget | None = None) -> None:
        self.board = board
        self.budget = Budget(max_nodes=DEFAULT_THREAT_NODES) if budget is None else budget
        #: whether the last search stopped for want of nodes or time (its "no" is then unproven)
        self.exhausted = False
        self._deeper = False
        #: with ``shortest``: every win of at most this many threats has been ruled out (-1: none)
        self.proven_depth = -1
        #: with ``shortest``: how many threats deep the win found needed (``None``: none found)
        self.found_depth: int | None = None
        #: (key, threes) -> (depth searched, won, whether a "no" was cut short by the depth)
        self._memo: dict[tuple[int, bool], tuple[int, bool, bool]] = {}
        self._best: dict[tuple[int, bool], int] = {}

    # -- the public questions -------------------------------------------------------

    @property
    def nodes(self) -> int:
        """The nodes this search has visited (counted on its budget)."""
        return self.budget.nodes

    def vcf(self, depth: int = VCF_DEPTH, shortest: bool = False) -> int | None:
        """The first move of a win by continuous fours for the side to move, or ``None``.

        ``depth`` is the most fours tried before the final one (a double four
        or open four counts as the final one).  With ``shortest`` the depth
        grows one four at a time, so the win found is a shortest one.
        """
        if not shortest:
            return self._solve(depth, threes=False)
        return self._deepening(depth, threes=False)

    def vct(self, depth: int = VCT_DEPTH, shortest: bool = False) -> int | None:
        """The first move of a win by threes and fours for the side to move, or ``None``.

        With ``shortest`` the depth grows one threat at a time: short wins
        are found before the search wanders down long lines, and when the
        budget runs out :attr:`proven_depth` says how deep "no win" is sure.
        """
        if not shortest:
            return self._solve(depth, threes=True)
        return self._deepening(depth, threes=True)

    def wins_with(self, move: int, threes: bool = False, depth: int | None = None, shortest: bool = False) -> bool:
        """Whether ``move`` by the side to move wins by fours (``threes``: by fours and threes) against every answer.

        The proof :meth:`vcf` and :meth:`vct` give, from a first move the
        caller chose (a puzzle's player, say): a five, or a threat after which
        every answer that matters loses within ``depth`` more threats
        (default :data:`~gomoku.ai.parameters.VCF_DEPTH` or
        :data:`~gomoku.ai.parameters.VCT_DEPTH`).  ``False`` for an illegal
        move, and when the budget runs out (then :attr:`exhausted` says so).

        With ``shortest`` the depth grows one threat at a time, as :meth:`vct`'s
        does: a search from the move at ``depth`` at once may spend its budget
        down long lines and miss a short win (two of the built-in renju puzzles'
        own first moves were refused so).
        """
        depth = (VCT_DEPTH if threes else VCF_DEPTH) if depth is None else depth
        if not shortest:
            return self._wins_with(move, threes, depth)
        for limit in range(1, depth + 1):
            if self._wins_with(move, threes, limit):
                return True
            if self.exhausted:
                return False
        return False

    def _wins_with(self, move: int, threes: bool, depth: int) -> bool:
        """:meth:`wins_with` at one depth."""
        board = self.board
        me = board.side
        if not board.legal(me, move):
            return False
        if move in board.fives(me):
            return True
        self._deeper = False
        start = len(board.history)
        board.play(move)
        try:
            return self._defend(depth - 1, threes, (move,))
        except OutOfBudget:
            self.exhausted = True
            return False
        finally:
            while len(board.history) > start:
                board.undo()

    def answers(self, threes: bool = False) -> list[int] | None:
        """The side to move's answers that matter to the threat the other side just made.

        A five threatened leaves the block (none when two fives are, or the
        block is forbidden for black); with ``threes``, an open three leaves
        its blocks and the counter-fours.  ``None``: nothing is threatened, so
        the side to move is free.
        """
        return self._replies(threes)

    def _deepening(self, depth: int, threes: bool) -> int | None:
        """Iterative deepening up to ``depth`` threats; the first (so shortest) win found."""
        self.proven_depth = -1
        for limit in range(depth + 1):
            move = self._solve(limit, threes=threes)
            if move is not None:
                self.found_depth = limit
                return move
            if self.exhausted:
                return None
            self.proven_depth = limit
            if not self._deeper:
                self.proven_depth = depth  # nothing left to try: no win at any depth
                return None
        return None

    def win_within(self) -> int | None:
        """After a ``shortest`` search found a win: the most plies it takes to the five.

        Each threat costs two plies (the threat and its answer), and the
        final open four three more (the four, its block, the five).
        """
        return None if self.found_depth is None else 2 * self.found_depth + 3

    def line(self, threes: bool = False) -> list[int]:
        """The winning line found by the last successful search: attacker moves and forced replies.

        Follows the remembered winning moves while the defender has exactly
        one answer, and ends with the five.  Meant for showing and checking a
        VCF; the board is left as it was.
        """
        board = self.board
        played: list[int] = []
        try:
            while len(played) < 2 * board.n:
                fives = board.fives(board.side)
                move = fives[0] if fives else self._best.get((board.hash, threes))
                if move is None:
                    break
                board.play(move)
                played.append(move)
                if fives:
                    break
                replies = self._replies(threes)
                attacker_fives = board.fives(OPPONENT[board.side])
                if replies == [] and len(attacker_fives) > 1:
                    # two five points: the defender blocks one, the attacker takes the other
                    replies = attacker_fives[:1]
                if not replies:
                    break
                board.play(replies[0])
                played.append(replies[0])
        finally:
            for _ in played:
                board.undo()
        return played

    # -- the search -----------------------------------------------------------------

    def _solve(self, depth: int, threes: bool) -> int | None:
        board = self.board
        self._deeper = False
        start_depth = len(board.history)
        try:
            won = self._attack(depth, threes, ())
        except OutOfBudget:
            self.exhausted = True
            while len(board.history) > start_depth:
                board.undo()
            return None
        if not won:
            return None
        fives = board.fives(board.side)
        if fives:
            return fives[0]
        return self._best.get((board.hash, threes))

    def _attack(self, depth: int, threes: bool, recent: tuple[int, ...]) -> bool:
        """Whether the side to move wins by threats within ``depth`` attacking moves.

        ``recent`` holds the attacker's last one or two stones of this line:
        new threes must share a line with one of them (fours may be anywhere),
        as a winning attack builds on its own stones.  This keeps the search
        narrow; a win it finds is still a real one.
        """
        self.budget.tick()
        board = self.board
        me = board.side
        opp = OPPONENT[me]
        if board.count[me][C_FIVE]:
            return True
        opp_fives = board.fives(opp)
        if len(opp_fives) > 1:
            return False
        key = (board.hash, threes)
        remembered = self._memo.get(key)
        if remembered is not None:
            stored_depth, won, cut = remembered
            if won or stored_depth >= depth:
                self._deeper = self._deeper or cut
                return won
        if opp_fives:
            block = opp_fives[0]
            if not board.legal(me, block):
                return False
            kinds = board.cls[me]
            if kinds[block] < (C_OPEN_THREE if threes else C_FOUR) and not (threes and board.winning_fours(me)):
                # the block is no threat, and no open three of ours still stands: the defender is free
                return False
            if depth <= 0:
                self._deeper = True
                return False
            moves = [block]
        else:
            if board.winning_fours(me):
                self._best[key] = board.winning_fours(me)[0]
                self._memo[key] = (depth, True, False)
                return True
            if depth <= 0:
                self._deeper = self._deeper or bool(self._threats(me, threes, recent))
                return False
            moves = self._threats(me, threes, recent)
        won = False
        deeper_before, self._deeper = self._deeper, False
        for move in moves:
            board.play(move)
            try:
                ok = self._defend(depth - 1, threes, (move,) + recent[:1])
            finally:
                board.undo()
            if ok:
                self._best[key] = move
                won = True
                break
        self._memo[key] = (depth, won, self._deeper)
        self._deeper = deeper_before or self._deeper
        return won

    def _threats(self, me: int, threes: bool, recent: tuple[int, ...] = ()) -> list[int]:
        """The attacker's candidate threats, most promising first (legal ones only).

        Fours anywhere; with ``recent`` stones, only the threes on their lines.
        """
        board = self.board
        kinds, scores = board.cls[me], board.score[me]
        floor = C_OPEN_THREE if threes else C_FOUR
        found = board.cells_at_least(me, floor)
        if threes and recent:
            reach = board.reach
            near = reach[recent[0]] | reach[recent[1]] if len(recent) > 1 else reach[recent[0]]
            found = [q for q in found if kinds[q] >= C_FOUR or q in near]
        if me == BLACK and board.renju:
            found = [q for q in found if not board.forbidden(q)]
        # fours first (they keep the initiative for sure), then by score
        found.sort(key=lambda q: (kinds[q] >= C_FOUR, scores[q]), reverse=True)
        return found

    def _replies(self, threes: bool) -> list[int] | None:
        """The defender's answers that matter, or ``None`` if the attacker has no threat (defender is free)."""
        board = self.board
        me = board.side
        att = OPPONENT[me]
        att_fives = board.fives(att)
        if att_fives:
            if len(att_fives) > 1:
                return []
            block = att_fives[0]
            return [block] if board.legal(me, block) else []
        if not threes:
            return None
        open_fours = board.winning_fours(att)
        if not open_fours:
            return None
        zone = board.blocking_zone(open_fours)
        replies = sorted(
            set(board.cells_at_least(me, C_FOUR)).union(q for q in board.cells_at_least(att, C_FOUR) if q in zone)
        )
        if me == BLACK and board.renju:
            replies = [q for q in replies if not board.forbidden(q)]
        return replies

    def _defend(self, depth: int, threes: bool, recent: tuple[int, ...]) -> bool:
        """Whether the attacker (who just moved) wins against every answer of the side to move."""
        self.budget.tick()
        board = self.board
        me = board.side
        if board.count[me][C_FIVE]:
            return False
        replies = self._replies(threes)
        if replies is None:
            return False
        for reply in replies:
            board.play(reply)
            try:
                ok = self._attack(depth, threes, recent)
            finally:
                board.undo()
            if not ok:
                return False
        return True
