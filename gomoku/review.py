"""Post-game review: where a game was won and lost, read move by move with the one threat searcher.

For every position of a game (before each move, and after the last one) the
review asks two things:

- **did the side to move have a forced win?**  A five, else a win by
  continuous fours (VCF), else by fours and threes (VCT), read by
  :class:`~gomoku.ai.threats.ThreatSearch` within a node budget.  The line
  found is checked move by move on a real :class:`~gomoku.board.Board`, so
  the rule is honoured (renju fouls, exactly five under standard); a line
  the board refuses is not reported.  A budget that runs out counts as "no
  win" (so every win reported is a real one) and is remembered as unproven.
- **what did an analyst think of it?**  Any :class:`~gomoku.ai.base.Player`
  (our ``hard``, or an outside engine through :mod:`gomoku.gomocup.manager`)
  chooses a move in the position; its :class:`~gomoku.ai.result.SearchResult`
  gives the evaluation (its score, or its forced result) and its best move.

From those readings each move gets its marks:

- **missed win**: the mover had a forced win, and surely had none at its
  next turn (a proven "no", or the game was over) nor made five: the move
  played let it go.  "Kept" is judged from the game as played, so a win
  let go and handed back by the opponent's slip counts as kept.
- **mistake**: after the move the opponent has a forced win, and it surely
  had none at its previous turn (when it already had one, the position was
  lost before the move).
- **decisive**: the mistake after which the final holder of a forced win
  (the winner, or the side holding a win when the record ends) held it at
  every one of its turns to the end (a reading cut short by its budget
  between two of its wins counts as held).  That move is when the game
  was decided.

Each mark has a sentence for people, such as "Move 14, white k9: black now
wins by fours and threes: l10, m11, ... (7 moves)".  The evaluation is also
given as an :class:`EvalBar` a move, and :func:`render_graph` draws the bars
as text (black above the axis, white below, the decisive moments marked),
for the command line and the screens alike.

:func:`review_game` reports progress (positions read of all) and stops when
its ``stop`` event is set, raising :class:`ReviewCancelled` and leaving
nothing behind, so a screen can run it on a worker.
"""

from __future__ import annotations

import enum
import gettext
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from gomoku import i18n
from gomoku.ai.base import Player
from gomoku.ai.budget import Budget
from gomoku.ai.result import ENGINE_EVAL_SCALE, HARD_EVAL_SCALE, SearchResult
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.board import Board, IllegalMoveError
from gomoku.bookline import BookExit, Lookup, book_exit, ranked
from gomoku.errors import GomokuError
from gomoku.game import Game
from gomoku.i18n import N_
from gomoku.openings import CanonicalOpening, named_opening
from gomoku.point import Point, to_notation
from gomoku.renju import Foul
from gomoku.rules import Outcome, Rule, Stone, Termination

#: Nodes of each threat read (VCF, then VCT) of a position at the default setting.  On an
#: 87-move game 2,000 nodes found 9 of the 13 wins 20,000 found, in a sixth of the time (4.7 s
#: against 28 s on a shared 2-core machine); 5,000 is between (benchmarks/review_speed.py).
REVIEW_NODES = 5_000
#: Threats a VCT may take at the default setting (the ``hard`` level reads 8 too).
REVIEW_VCT_DEPTH = 8
#: Seconds the analyst thinks about each position at the default setting.
REVIEW_THINK_TIME = 0.1
#: A built-in analyst counts its thinking in nodes, this many for each second of think time, so a
#: review marks the same moves on any machine under any load: ``hard``'s speed on a quiet machine
#: (24,000 nodes a second, docs/strength.md), so a second is about a second there.
ANALYST_NODES_PER_SECOND = 24_000
#: Seconds any one threat read may take, whatever its node budget (a busy machine stays responsive).
READ_TIME_LIMIT = 5.0
#: The deeper reading the benchmark compares the default with.
DEEP_NODES = 100_000
DEEP_VCT_DEPTH = 12
DEEP_THINK_TIME = 1.0
#: How many of the winner's turns before its chain of wins the default reads again at the deep
#: setting: in three level games the deep reading saw the win 2 to 4 of those turns sooner.
REFINE_POSITIONS = 6
#: How much of its win rate (0..1, :func:`~gomoku.ai.result.win_rate`) a move may cost its side before it is
#: marked an inaccuracy, a mistake, a blunder: lichess marks a chess move by the fall of its winning chances on
#: a -1..1 scale, 0.1, 0.2 and 0.3 (lila's ``Advice.scala``), which is 5, 10 and 15 points of win rate.  Ours are
#: twice that: the analyst reads a position 0.1 s, and in two games of ``hard`` against itself (0.2 s a move) the
#: win rate fell by up to 11 points across the analyst's own choices, moves that cost nothing.
INACCURACY_DROP = 0.10
MISTAKE_DROP = 0.20
BLUNDER_DROP = 0.30
#: How many points of a forced line a sentence shows before "...".
LINE_SHOWN = 4


class ReviewCancelled(GomokuError):
    """The review was stopped by its stop event before it finished; nothing was kept."""


class WinKind(enum.Enum):
    """How a forced win goes, in the words of a sentence."""

    FIVE = "five"
    VCF = "fours"
    VCT = "fours and threes"


class Severity(enum.Enum):
    """How much a move cost short of a forced loss, by the fall of its side's win rate (:data:`INACCURACY_DROP`...)."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of(cls, drop: float | None) -> Severity | None:
        """The severity of a fall of ``drop`` in win rate (0..1), ``None`` when it is small or unknown."""
        if drop is None:
            return None
        for severity, least in (
            (cls.BLUNDER, BLUNDER_DROP),
            (cls.MISTAKE, MISTAKE_DROP),
            (cls.INACCURACY, INACCURACY_DROP),
        ):
            if drop >= least:
                return severity
        return None


class Mark(enum.Enum):
    """What a move is marked with in a review."""

    MISSED_WIN = "missed win"
    MISTAKE = "mistake"
    DECISIVE = "decisive"


@dataclass(frozen=True)
class ForcedWin:
    """A proven forced win of ``side``: how, and one line of it (its moves and the forced replies).

    ``line`` starts with the winner's first move and normally ends with its
    five; ``note`` says why it may end sooner (under renju, a four black
    may not block because the point is forbidden).
    """

    side: Stone
    kind: WinKind
    line: tuple[Point, ...]
    note: str = ""
    #: the point black may not block and its foul, when the line stops short for that (what ``note`` says)
    block: tuple[Point, Foul] | None = None

    def describe(self, size: int) -> str:
        """``"fours and threes: l10, m11, ... (7 moves)"``, in English (records and JSON; people read :meth:`said`)."""
        return _win_text(self, size, english=True)

    def said(self, size: int, whole: bool = False) -> str:
        """:meth:`describe` in the language in use, for people; with ``whole``, every point of the line."""
        return _win_text(self, size, english=False, shown=len(self.line) if whole else LINE_SHOWN)


#: English whatever the language in use: the review's texts that records and JSON keep.
_ENGLISH = gettext.NullTranslations()


def _words(english: bool) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``_`` and ``ngettext`` for a text: English (for records and JSON), or the language in use (for people)."""
    if english:
        return _ENGLISH.gettext, _ENGLISH.ngettext
    return i18n._, i18n.ngettext


def _win_text(win: ForcedWin, size: int, english: bool, shown: int = LINE_SHOWN) -> str:
    """A forced win in words: how, its line's first ``shown`` points, how many moves, and why it may stop short."""
    _, ngettext = _words(english)
    line = _shown(win.line, size, english, shown)
    count = len(win.line)
    if win.kind is WinKind.FIVE:
        text = ngettext("five: {line} ({count} move)", "five: {line} ({count} moves)", count)
    elif win.kind is WinKind.VCF:
        text = ngettext("fours: {line} ({count} move)", "fours: {line} ({count} moves)", count)
    else:
        text = ngettext("fours and threes: {line} ({count} move)", "fours and threes: {line} ({count} moves)", count)
    text = text.format(line=line, count=count)
    if win.block is not None:
        point, foul = win.block
        note = _block_note(to_notation(point, size), foul, english)
    elif win.note:
        note = win.note
    else:
        return text
    # i18n: a forced win, then why its line stops short: "fours: ... (5 moves); black may not block at h8 (overline)"
    return _("{win}; {note}").format(win=text, note=note)


def _shown(line: Sequence[Point], size: int, english: bool, limit: int = LINE_SHOWN) -> str:
    """A line's first ``limit`` points, ``"l10, m11, ..."``, in the language's own list separator."""
    names = [to_notation(point, size) for point in line]
    join = ", ".join if english else i18n.join_list  # a list in the language's own separator (h8、i9)
    return join(names[:limit] + (["..."] if len(names) > limit else []))


def _block_note(point: str, foul: Foul, english: bool) -> str:
    """Why a forced line stops short: black may not block at ``point``."""
    _, _n = _words(english)
    if foul is Foul.OVERLINE:
        return _("black may not block at {point} (overline)").format(point=point)
    if foul is Foul.DOUBLE_FOUR:
        return _("black may not block at {point} (double-four)").format(point=point)
    return _("black may not block at {point} (double-three)").format(point=point)


@dataclass(frozen=True)
class Reading:
    """What the review found in one position: the side to move's forced win and the analyst's decision."""

    turn: Stone
    win: ForcedWin | None = None
    #: whether "no win" is proven (the threat reads finished within their budget)
    proven: bool = True
    decision: SearchResult | None = None


@dataclass(frozen=True)
class MoveReview:
    """One move of the game and what the review says of it."""

    number: int
    move: Point
    side: Stone
    #: the mover's forced win before the move, if any
    had_win: ForcedWin | None
    #: whether the mover still had a forced win at its next turn (or made five); ``None``: it had none
    kept: bool | None
    #: the opponent's forced win after the move, if any
    opponent_win: ForcedWin | None
    #: the evaluation before and after the move, from black's side, in -1..1 (``None``: unknown)
    value_before: float | None
    value_after: float | None
    #: the analyst's choice in the position before the move
    best: Point | None
    marks: tuple[Mark, ...] = ()
    #: the review's sentence on a marked move, in English (records and JSON; people read :meth:`said`)
    sentence: str = ""
    #: what to play instead: the analyst's move and its line, when it chose another move than the one played
    instead: tuple[Point, ...] = ()
    #: how much the move cost short of handing over a forced win (``None``: little, or it is marked by the threats)
    severity: Severity | None = None

    def said(self, size: int) -> str:
        """The review's sentence on this move in the language in use (``""`` for an unmarked move)."""
        return _move_text(self, size, english=False)

    @property
    def loss(self) -> float | None:
        """How much the move cost its side, 0..2 on the graph's scale (``None``: unknown)."""
        if self.value_before is None or self.value_after is None:
            return None
        sign = 1 if self.side is Stone.BLACK else -1
        return max(0.0, sign * (self.value_before - self.value_after))

    @property
    def drop(self) -> float | None:
        """How much of its win rate the move cost its side, 0..1 (``None``: unknown)."""
        loss = self.loss
        return None if loss is None else loss / 2

    def win_rates(self) -> tuple[float, float] | None:
        """The mover's win rate before and after the move, 0..1 (``None``: unknown)."""
        if self.value_before is None or self.value_after is None:
            return None
        sign = 1 if self.side is Stone.BLACK else -1
        return (1 + sign * self.value_before) / 2, (1 + sign * self.value_after) / 2


@dataclass(frozen=True)
class EvalBar:
    """One bar of the evaluation graph: after move ``number``, ``value`` from black's side in -1..1."""

    number: int
    value: float | None
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class GameReview:
    """A whole game reviewed: its moves with their marks, and when it was decided."""

    size: int
    rule: Rule
    moves: tuple[MoveReview, ...]
    #: the position readings, one more than the moves (the last is after the final move)
    readings: tuple[Reading, ...]
    #: the number of the decisive move (when the game was decided), if any
    decided: int | None = None
    #: how the game ended, as the core decided it (``None``: it had not ended): a five, or an ending the
    #: board cannot show (a resignation, a flag fall, an agreement, a forfeit) from the game or its record
    result: Outcome | None = None
    seconds: float = 0.0
    settings: ReviewSettings | None = None
    #: why the analyst stopped partway, if it did (an outside engine that failed): the evaluation after is missing
    #: (in English, for JSON and logs; people read :meth:`failure_said`)
    analyst_failure: str = ""
    #: where the analyst stopped and its error: the move's number and the error's own text
    analyst_stop: tuple[int, str] | None = None
    #: when no move can be blamed for letting the final forced win in (the analyst chose that move itself, or read
    #: its position as lost already): the number of the first move played in a position already lost, and the side
    #: that lost
    lost_from: tuple[int, Stone] | None = None
    #: where the game left the opening book (:func:`gomoku.bookline.book_exit`), when a book was given and it did
    book_exit: BookExit | None = None
    #: the forced win that decided the game: its holder and the first position (an index into ``readings``) of its
    #: unbroken run of wins to the end, whether a move let it in (``decided``) or none can be blamed (``lost_from``)
    final_win: tuple[Stone, int] | None = None

    def failure_said(self) -> str:
        """Why the analyst stopped partway, as a sentence in the language in use (``""`` if it did not)."""
        if self.analyst_stop is None:
            return ""
        number, error = self.analyst_stop
        return i18n._("The analyst stopped at move {number} ({error}): no evaluation from there on.").format(
            number=number, error=error
        )

    @property
    def opening(self) -> CanonicalOpening | None:
        """Which of the 26 named openings the game's first three moves (black, white, black) are, if any."""
        first = self.moves[:3]
        if [move.side for move in first] != [Stone.BLACK, Stone.WHITE, Stone.BLACK]:
            return None
        return named_opening([move.move for move in first])

    @property
    def winner(self) -> Stone | None:
        """Who won (``None``: a draw, or the game had not ended): the core's :attr:`result`'s winner."""
        return self.result.winner if self.result is not None else None

    def marked(self) -> list[MoveReview]:
        """The moves with a mark, in order."""
        return [move for move in self.moves if move.marks]

    def bars(self) -> list[EvalBar]:
        """The evaluation graph as data: a bar per move (the evaluation after it)."""
        return [EvalBar(move.number, move.value_after, move.marks) for move in self.moves]

    def decisive(self, side: Stone) -> MoveReview | None:
        """``side``'s decisive mistake: the one that decided the game, else its first mistake, if any."""
        mistakes = [move for move in self.moves if move.side is side and Mark.MISTAKE in move.marks]
        for move in mistakes:
            if Mark.DECISIVE in move.marks:
                return move
        return mistakes[0] if mistakes else None


@dataclass(frozen=True)
class ReviewSettings:
    """How hard a review reads: threat nodes and depth per position, the analyst's time, its score scale."""

    nodes: int = REVIEW_NODES
    vct_depth: int = REVIEW_VCT_DEPTH
    think_time: float = REVIEW_THINK_TIME
    eval_scale: float = HARD_EVAL_SCALE
    read_time: float = READ_TIME_LIMIT
    #: how many of the final winner's turns before its chain of wins are read again, deeper
    refine_positions: int = REFINE_POSITIONS
    refine_nodes: int = DEEP_NODES
    refine_depth: int = DEEP_VCT_DEPTH


#: The default setting, and the longer, deeper reading the benchmark compares it with.
DEFAULT = ReviewSettings()
DEEP = ReviewSettings(
    nodes=DEEP_NODES, vct_depth=DEEP_VCT_DEPTH, think_time=DEEP_THINK_TIME, read_time=60.0, refine_positions=0
)

Progress = Callable[[int, int], None]


def analyst_nodes(think_time: float) -> int:
    """The nodes a built-in analyst searches for ``think_time`` seconds a position (at least one)."""
    return max(1, round(think_time * ANALYST_NODES_PER_SECOND))


# -- reading one position ---------------------------------------------------------


def forced_win(
    board: Board, settings: ReviewSettings = DEFAULT, stop: threading.Event | None = None
) -> tuple[ForcedWin | None, bool]:
    """The side to move's forced win on ``board`` (left unchanged), and whether a "no" is proven.

    A five, else a VCF, else a VCT (each the shortest the search finds),
    with its line checked on a copy of the board.
    """
    side = board.turn
    fives = board.winning_points(side)
    legal_fives = [point for point in fives if board.is_legal(point)]
    if legal_fives:
        return ForcedWin(side, WinKind.FIVE, (legal_fives[0],)), True
    proven = True
    for kind, threes in ((WinKind.VCF, False), (WinKind.VCT, True)):
        budget = Budget(time.perf_counter() + settings.read_time, settings.nodes, stop)
        solver = ThreatSearch(SearchBoard.from_board(board), budget)
        move = solver.vct(depth=settings.vct_depth, shortest=True) if threes else solver.vcf(shortest=True)
        if move is not None:
            cells = solver.line(threes=threes) or [move]
            checked = _checked_line(board, [board.point_of(cell) for cell in cells], side)
            if checked is not None:
                return ForcedWin(side, kind, *checked), True
        proven = proven and not solver.exhausted
    return None, proven


def _checked_line(
    board: Board, line: list[Point], side: Stone
) -> tuple[tuple[Point, ...], str, tuple[Point, Foul] | None] | None:
    """``line`` played out on a copy of ``board``: the legal line, a note and the point it stops short of (and its
    foul), or ``None`` if the board refuses it.

    A line may stop short of the five when the defender has no legal block
    (renju: the point is forbidden for black); the note then says so.
    """
    copy = board.copy()
    for point in line:
        if copy.is_game_over():
            break
        try:
            copy.play(point)
        except IllegalMoveError:
            return None
    outcome = copy.outcome
    if outcome is not None:
        return (tuple(line[: len(copy.moves) - len(board.moves)]), "", None) if outcome.winner is side else None
    if copy.turn is side:
        return tuple(line), "", None  # the search ended its line early; its proof stands
    blocks = copy.winning_points(side)
    fouls = [(point, copy.foul(point)) for point in blocks]
    if blocks and all(foul is not None for _, foul in fouls):
        point, foul = fouls[0]
        assert foul is not None
        return tuple(line), _block_note(copy.notation(point), foul, english=True), (point, foul)
    return tuple(line), "", None


def read_position(
    board: Board,
    analyst: Player | None,
    settings: ReviewSettings = DEFAULT,
    stop: threading.Event | None = None,
) -> Reading:
    """The :class:`Reading` of ``board``'s position (left unchanged)."""
    if board.is_game_over():
        return Reading(board.turn)
    win, proven = forced_win(board, settings, stop)
    decision = None
    if analyst is not None:
        decision = analyst.choose_move(board, stop, settings.think_time)
    return Reading(board.turn, win, proven, decision)


def value_of(reading: Reading, scale: float) -> float | None:
    """A reading's evaluation from black's side, -1..1: black's win rate (:func:`~gomoku.ai.result.win_rate`) made
    -1..1, ``tanh(score / scale)``; a forced win is +-1."""
    sign = 1 if reading.turn is Stone.BLACK else -1
    if reading.win is not None:
        return float(sign)
    rate = reading.decision.win_rate(scale) if reading.decision is not None else None
    return None if rate is None else sign * (2 * rate - 1)


# -- the whole game -----------------------------------------------------------------


def review_game(
    game: Board | Game,
    analyst: Player | None = None,
    settings: ReviewSettings = DEFAULT,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
    strict: bool = False,
    result: Outcome | None = None,
    book: Lookup | None = None,
) -> GameReview:
    """Review the game played on ``game`` (its moves from the empty board; ``game`` is only read).

    How the game ended is the core's word, never worked out here: a core
    :class:`~gomoku.game.Game`'s :attr:`~gomoku.game.Game.result`, else
    ``result`` (a record's ending: :func:`gomoku.records.outcome_of`), else
    the board's own outcome (a five, a full board).  A resignation, a flag
    fall, an agreement or a forfeit is so kept in :attr:`GameReview.result`.

    ``analyst`` gives the evaluation (``None``: threats only).  ``progress``
    is called with (positions read, positions in all) after each one;
    ``stop`` cancels (:class:`ReviewCancelled`).  An analyst that fails (an
    outside engine) leaves the rest to the threat reads, said in
    :attr:`GameReview.analyst_failure`; with ``strict`` its error is raised
    instead (the command line's review, where the analyst was asked for).
    ``book`` is the opening book to find where the game left it (:attr:`GameReview.book_exit`).
    """
    started = time.perf_counter()
    if isinstance(game, Game):
        result = game.result
        game = game.board
    moves = list(game.moves)
    board = Board(game.size, game.rule)
    total = len(moves) + 1
    readings: list[Reading] = []
    failure = ""
    stopped: tuple[int, str] | None = None
    for index in range(total):
        if stop is not None and stop.is_set():
            raise ReviewCancelled("the review was cancelled")
        try:
            readings.append(read_position(board, analyst, settings, stop))
        except GomokuError as error:  # the analyst failed (an outside engine): go on with the threats alone
            if analyst is None or strict or isinstance(error, ReviewCancelled):
                raise
            failure = f"the analyst stopped at move {index + 1} ({error}): no evaluation from there on"
            stopped = (index + 1, str(error))
            analyst = None
            readings.append(read_position(board, None, settings, stop))
        if stop is not None and stop.is_set():
            raise ReviewCancelled("the review was cancelled")
        if progress is not None and index + 1 < total:
            progress(index + 1, total)
        if index < len(moves):
            board.play(moves[index])
    outcome = result if result is not None else board.outcome
    _refine(board, readings, outcome.winner if outcome else None, settings, stop)
    if progress is not None:
        progress(total, total)
    review = assemble(board.size, board.rule, moves, readings, outcome, settings, time.perf_counter() - started)
    if book is not None:
        review = replace(review, book_exit=book_exit(moves, board.size, board.rule, book))
    return replace(review, analyst_failure=failure, analyst_stop=stopped) if failure else review


def assemble(
    size: int,
    rule: Rule,
    moves: Sequence[Point],
    readings: Sequence[Reading],
    result: Outcome | None,
    settings: ReviewSettings = DEFAULT,
    seconds: float = 0.0,
) -> GameReview:
    """The marks and sentences from the readings (``len(moves) + 1`` of them) and the game's ``result``
    (the core's): pure, so tests can feed it."""
    count = len(moves)
    winner = result.winner if result is not None else None
    fived = result is not None and result.termination is Termination.FIVE
    values = [value_of(reading, settings.eval_scale) for reading in readings]
    wins = [reading.win for reading in readings]
    if winner is not None:
        values[count] = 1.0 if winner is Stone.BLACK else -1.0
    chain = _chain(readings, winner)
    decided = lost_from = None
    if chain is not None:
        holder, first = chain
        if _blamable(readings[first - 1], moves[first - 1]):
            decided = first  # the move just before position ``first`` is move ``first``
        else:
            lost_from = (_lost_since(readings, holder, first - 1) + 1, holder.opponent)
    reviews = []
    for index, move in enumerate(moves):
        side = readings[index].turn
        had = wins[index]
        after = wins[index + 1]
        made_five = fived and index == count - 1 and winner is side
        kept: bool | None = None
        if had is not None:
            later = wins[index + 2] if index + 2 <= count else None
            if made_five or had.line[:1] == (move,) or (later is not None and later.side is side):
                kept = True
            elif index + 2 <= count and (index + 2 == count or readings[index + 2].proven):
                kept = False  # at its next turn the mover surely had no forced win (or the game was over)
        # the opponent had no win at its previous turn (surely), and has one now; a move the analyst chose itself,
        # or played in a position it read as lost, is no mistake (the loss came before it)
        earlier_none = index == 0 or (wins[index - 1] is None and readings[index - 1].proven)
        handed = after is not None and (earlier_none or decided == index + 1) and _blamable(readings[index], move)
        marks: list[Mark] = []
        if kept is False:
            marks.append(Mark.MISSED_WIN)
        if handed:
            marks.append(Mark.MISTAKE)
            if decided == index + 1:
                marks.append(Mark.DECISIVE)
        decision = readings[index].decision
        best = decision.move if decision is not None else None
        instead = decision.line if decision is not None and best != move else ()
        review = MoveReview(
            number=index + 1,
            move=move,
            side=side,
            had_win=had,
            kept=kept,
            opponent_win=after,
            value_before=values[index],
            value_after=values[index + 1],
            best=best,
            marks=tuple(marks),
            instead=instead,
        )
        if not marks and instead and had is None and after is None:
            review = replace(review, severity=Severity.of(review.drop))  # the analyst's own move costs nothing
        reviews.append(replace(review, sentence=_move_text(review, size, english=True)))
    return GameReview(
        size,
        rule,
        tuple(reviews),
        tuple(readings),
        decided,
        result,
        seconds,
        settings,
        lost_from=lost_from,
        final_win=chain,
    )


def _blamable(reading: Reading, move: Point) -> bool:
    """Whether a move can be blamed for what followed: the analyst chose another one and did not read its position
    as lost (with no analyst, the threat reads alone judge)."""
    decision = reading.decision
    if decision is None:
        return True
    lost = decision.win_in is not None and decision.win_in < 0
    return decision.move != move and not lost


def _lost_since(readings: Sequence[Reading], holder: Stone, position: int) -> int:
    """The first position of the unbroken run, ending at ``position``, that the review reads as lost for the holder's
    opponent: the holder had a forced win there (the threat reads or the analyst's), or the analyst read it lost."""
    while position > 0:
        reading = readings[position - 1]
        decision = reading.decision
        forced = decision.win_in if decision is not None else None
        won = (reading.win is not None and reading.win.side is holder) or (
            forced is not None and (forced > 0) == (reading.turn is holder)
        )
        if not won:
            break
        position -= 1
    return position


def _refine(
    game: Board, readings: list[Reading], winner: Stone | None, settings: ReviewSettings, stop: threading.Event | None
) -> None:
    """Read the holder's positions before its chain of wins deeper, to find where the win really began.

    A win is often there a few moves before a light reading sees it (it is
    long then).  Going back one of the holder's turns at a time, at most
    ``settings.refine_positions`` of them, each is read with
    ``refine_nodes`` and ``refine_depth``; a win found joins the chain.  It
    stops at a proven "no", or at two "no"s in a row.
    """
    chain = _chain(readings, winner)
    if chain is None or settings.refine_positions <= 0:
        return
    deeper = replace(settings, nodes=settings.refine_nodes, vct_depth=settings.refine_depth)
    moves = game.moves
    position, misses = chain[1] - 2, 0
    for _ in range(settings.refine_positions):
        if position <= 0 or misses >= 2:
            return
        win, proven = forced_win(Board.from_moves(moves[:position], game.size, game.rule), deeper, stop)
        if stop is not None and stop.is_set():
            raise ReviewCancelled("the review was cancelled")
        old = readings[position]
        if win is not None:
            readings[position], misses = replace(old, win=win, proven=True), 0
        elif proven:
            readings[position] = replace(old, proven=True)
            return
        else:
            misses += 1
        position -= 2


def _chain(readings: Sequence[Reading], winner: Stone | None) -> tuple[Stone, int] | None:
    """The final holder of a forced win, and the first position of its unbroken chain of wins to the end."""
    count = len(readings) - 1
    holder = winner
    if holder is None:
        last = [reading.win for reading in readings[-2:] if reading.win is not None]
        if not last:
            return None
        holder = last[-1].side
    turns = [index for index in range(count + 1) if readings[index].turn is holder and index < count]
    if winner is None and readings[count].turn is holder:
        turns.append(count)
    first = None
    for position, index in reversed(list(enumerate(turns))):
        win = readings[index].win
        if win is None:
            # an unproven "no" between two wins of the holder is read as a win the search ran out on
            sandwiched = not readings[index].proven and position > 0 and readings[turns[position - 1]].win is not None
            if first is None or not sandwiched:
                break
            continue
        first = index
    if first is None or first == 0:
        return None
    return holder, first


#: The review's sentence on a marked move, per the mover's colour and what it did: it missed its own win, it
#: handed the opponent one, or both.
_SENTENCES = {
    (Stone.BLACK, True, False): N_("Move {number}, black {point}: black missed a win by {missed}"),
    (Stone.BLACK, False, True): N_("Move {number}, black {point}: white now wins by {handed}"),
    (Stone.BLACK, True, True): N_(
        "Move {number}, black {point}: black missed a win by {missed}; white now wins by {handed}"
    ),
    (Stone.WHITE, True, False): N_("Move {number}, white {point}: white missed a win by {missed}"),
    (Stone.WHITE, False, True): N_("Move {number}, white {point}: black now wins by {handed}"),
    (Stone.WHITE, True, True): N_(
        "Move {number}, white {point}: white missed a win by {missed}; black now wins by {handed}"
    ),
}


#: The review's sentence on a move marked by how much it cost, per the mover's colour and the severity.
_SEVERITY_SENTENCES = {
    (Stone.BLACK, Severity.INACCURACY): N_(
        "Move {number}, black {point}: an inaccuracy, black's win rate {before}% to {after}%"
    ),
    (Stone.BLACK, Severity.MISTAKE): N_(
        "Move {number}, black {point}: a mistake, black's win rate {before}% to {after}%"
    ),
    (Stone.BLACK, Severity.BLUNDER): N_(
        "Move {number}, black {point}: a blunder, black's win rate {before}% to {after}%"
    ),
    (Stone.WHITE, Severity.INACCURACY): N_(
        "Move {number}, white {point}: an inaccuracy, white's win rate {before}% to {after}%"
    ),
    (Stone.WHITE, Severity.MISTAKE): N_(
        "Move {number}, white {point}: a mistake, white's win rate {before}% to {after}%"
    ),
    (Stone.WHITE, Severity.BLUNDER): N_(
        "Move {number}, white {point}: a blunder, white's win rate {before}% to {after}%"
    ),
}


def _move_text(move: MoveReview, size: int, english: bool) -> str:
    """The review's sentence on a move: the win it missed or handed over, else what it cost, and what to play instead
    (``""`` for an unmarked move)."""
    _, _n = _words(english)
    missed = move.had_win if move.kept is False else None
    handed = move.opponent_win if Mark.MISTAKE in move.marks else None
    text = _sentence(move.number, move.side, move.move, size, missed, handed, english)
    rates = move.win_rates()
    if not text and move.severity is not None and rates is not None:
        before, after = (round(100 * rate) for rate in rates)
        text = _(_SEVERITY_SENTENCES[move.side, move.severity]).format(
            number=move.number, point=to_notation(move.move, size), before=before, after=after
        )
    if text and move.instead and (handed is not None or move.severity is not None):
        # i18n: a mistake's sentence, then the analyst's move and its line: "...; better h9: h9, i10, j11, ..."
        text = _("{sentence}; better {point}: {line}").format(
            sentence=text, point=to_notation(move.instead[0], size), line=_shown(move.instead, size, english)
        )
    return text


def _sentence(
    number: int,
    side: Stone,
    move: Point,
    size: int,
    missed: ForcedWin | None,
    handed: ForcedWin | None,
    english: bool = True,
) -> str:
    """The review's sentence on a marked move (``""`` for an unmarked one), in English or the language in use."""
    if missed is None and handed is None:
        return ""
    _, _n = _words(english)
    return _(_SENTENCES[side, missed is not None, handed is not None]).format(
        number=number,
        point=to_notation(move, size),
        missed=_win_text(missed, size, english) if missed is not None else "",
        handed=_win_text(handed, size, english) if handed is not None else "",
    )


# -- text -------------------------------------------------------------------------------


#: The graph's marks under a bar: the decisive mistake, another mistake, a missed win.
GRAPH_MARKS = {Mark.DECISIVE: "X", Mark.MISTAKE: "x", Mark.MISSED_WIN: "?"}
_FULL, _UPPER_HALF, _LOWER_HALF = "█", "▀", "▄"


def render_graph(bars: Sequence[EvalBar], height: int = 4, width: int = 78, english: bool = False) -> list[str]:
    """The evaluation graph as lines of text: a column a move, black above the axis, white below.

    Each half is ``height`` rows (in half-row steps); an unknown value is
    a ``·`` on the axis; the marks row under it shows :data:`GRAPH_MARKS`.
    Games longer than ``width`` moves are drawn in several blocks, each
    headed by the number of its first move.
    """
    _, _n = _words(english)
    lines: list[str] = []
    for start in range(0, len(bars), max(1, width)):
        chunk = bars[start : start + width]
        lines.append(_("moves {first}-{last}").format(first=chunk[0].number, last=chunk[-1].number) if chunk else "")
        halves = [0 if bar.value is None else round(bar.value * height * 2) for bar in chunk]
        for row in range(height, 0, -1):  # black's rows, top down
            lines.append("".join(_cell(level, row) for level in halves).rstrip())
        lines.append("".join("·" if bar.value is None else "─" for bar in chunk))
        for row in range(1, height + 1):  # white's rows, top down
            lines.append("".join(_cell(-level, row, below=True) for level in halves).rstrip())
        marks = "".join(next((GRAPH_MARKS[m] for m in GRAPH_MARKS if m in bar.marks), " ") for bar in chunk)
        lines.append(marks.rstrip())
    return lines


def _cell(level: int, row: int, below: bool = False) -> str:
    """The character of a bar ``level`` half-rows tall in its ``row`` (1 is next to the axis)."""
    if level >= 2 * row:
        return _FULL
    if level == 2 * row - 1:
        return _UPPER_HALF if below else _LOWER_HALF
    return " "


def render_text(review: GameReview, graph: bool = True, english: bool = False) -> str:
    """The review as text for people: the verdict, each side's decisive mistake, the marked moves, the graph.

    In the language in use, or with ``english`` in English (a record's comment).
    """
    _, ngettext = _words(english)
    size = review.size
    lines = []
    total = len(review.moves)
    rule = review.rule.value if english else review.rule.said()
    if review.result is None:
        heading = ngettext(
            "{count} move, {rule} rule: not finished.", "{count} moves, {rule} rule: not finished.", total
        )
        lines.append(heading.format(count=total, rule=rule))
    else:
        outcome = f"{review.result}." if english else review.result.said()  # a record keeps the phrase it had
        heading = ngettext("{count} move, {rule} rule: {outcome}", "{count} moves, {rule} rule: {outcome}", total)
        lines.append(heading.format(count=total, rule=rule, outcome=outcome))
    if review.opening is not None:
        name = review.opening.text if english else review.opening.titled()
        lines.append(_("Opening: {name}.").format(name=name))
    if review.decided is not None:
        move = review.moves[review.decided - 1]
        point = to_notation(move.move, size)
        if move.side is Stone.BLACK:
            lines.append(_("Decided at move {number} (black {point}).").format(number=move.number, point=point))
        else:
            lines.append(_("Decided at move {number} (white {point}).").format(number=move.number, point=point))
    else:
        lines.append(_("No move decided the game by force (within the review's reading)."))
    for side in (Stone.BLACK, Stone.WHITE):
        mistake = review.decisive(side)
        missed = len([move for move in review.moves if move.side is side and Mark.MISSED_WIN in move.marks])
        if side is Stone.BLACK and mistake is not None:
            line = _("Black: decisive mistake move {number}; missed wins {count}.")
        elif side is Stone.BLACK:
            line = _("Black: decisive mistake none; missed wins {count}.")
        elif mistake is not None:
            line = _("White: decisive mistake move {number}; missed wins {count}.")
        else:
            line = _("White: decisive mistake none; missed wins {count}.")
        lines.append(line.format(number=mistake.number if mistake is not None else 0, count=missed))
    if review.book_exit is not None:
        lines.append(review.book_exit.english(size) if english else review.book_exit.said(size))
    if review.analyst_failure:
        if english or review.analyst_stop is None:
            lines.append(review.analyst_failure[0].upper() + review.analyst_failure[1:] + ".")
        else:
            lines.append(review.failure_said())
    if review.lost_from is not None:
        number, loser = review.lost_from
        if loser is Stone.BLACK:
            line = _("Black was lost from move {number} on: no move the analyst found there saves the game.")
        else:
            line = _("White was lost from move {number} on: no move the analyst found there saves the game.")
        lines.append(line.format(number=number))
    marked = [move for move in review.moves if move.marks or move.severity is not None]
    if marked:
        lines.append("")
        for move in marked:
            said = move.sentence if english else move.said(size)
            decisive = Mark.DECISIVE in move.marks
            lines.append(_("DECISIVE {sentence}").format(sentence=said) if decisive else said)
    if graph and review.moves:
        lines.append("")
        lines.append(_("Evaluation (black above, white below; X decisive, x mistake, ? missed win):"))
        lines.append(_("A bar is black's win rate: 50% on the line, 100% at the top, 0% at the bottom."))
        lines += render_graph(review.bars(), english=english)
    return "\n".join(lines)


def to_data(review: GameReview) -> dict[str, object]:
    """The review as plain data (JSON-ready): points in renju notation, marks by name."""
    size = review.size

    def win(found: ForcedWin | None) -> dict[str, object] | None:
        if found is None:
            return None
        return {
            "side": str(found.side),
            "kind": found.kind.name.lower(),
            "line": [to_notation(point, size) for point in found.line],
            "note": found.note,
        }

    moves = []
    for move, reading in zip(review.moves, review.readings):
        decision = reading.decision
        rates = move.win_rates()
        moves.append(
            {
                "number": move.number,
                "side": str(move.side),
                "move": to_notation(move.move, size),
                "had_win": win(move.had_win),
                "kept": move.kept,
                "opponent_win": win(move.opponent_win),
                "proven": reading.proven,
                "value_before": _rounded(move.value_before),
                "value_after": _rounded(move.value_after),
                "best": to_notation(move.best, size) if move.best is not None else None,
                "score": decision.score if decision is not None else None,
                "win_in": decision.win_in if decision is not None else None,
                "depth": decision.depth if decision is not None else None,
                "win_rate_before": _rounded(rates[0]) if rates is not None else None,
                "win_rate_after": _rounded(rates[1]) if rates is not None else None,
                "win_rate_drop": _rounded(move.drop),
                "instead": [to_notation(point, size) for point in move.instead],
                "marks": [mark.name.lower() for mark in move.marks],
                "severity": move.severity.value if move.severity is not None else None,
                "sentence": move.sentence,
            }
        )
    settings = review.settings or DEFAULT
    return {
        "size": size,
        "rule": str(review.rule),
        "winner": str(review.winner) if review.winner is not None else None,
        "termination": review.result.termination.name.lower() if review.result is not None else None,
        "result": str(review.result) if review.result is not None else None,
        "decided": review.decided,
        "lost_from": (
            {"number": review.lost_from[0], "side": str(review.lost_from[1])} if review.lost_from is not None else None
        ),
        "analyst_failure": review.analyst_failure or None,
        "book_exit": (
            {
                "number": review.book_exit.number,
                "move": to_notation(review.book_exit.played, size),
                "book": [move.text(size) for move in ranked(review.book_exit.position)],
            }
            if review.book_exit is not None
            else None
        ),
        "seconds": round(review.seconds, 2),
        "settings": {
            "nodes": settings.nodes,
            "vct_depth": settings.vct_depth,
            "think_time": settings.think_time,
        },
        "moves": moves,
        "graph": [
            {
                "number": bar.number,
                "value": _rounded(bar.value),
                "black_win_rate": _rounded((1 + bar.value) / 2) if bar.value is not None else None,
            }
            for bar in review.bars()
        ],
    }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


__all__ = [
    "ANALYST_NODES_PER_SECOND",
    "BLUNDER_DROP",
    "DEEP",
    "DEFAULT",
    "ENGINE_EVAL_SCALE",
    "HARD_EVAL_SCALE",
    "INACCURACY_DROP",
    "MISTAKE_DROP",
    "EvalBar",
    "ForcedWin",
    "GameReview",
    "Mark",
    "MoveReview",
    "Reading",
    "ReviewCancelled",
    "ReviewSettings",
    "Severity",
    "WinKind",
    "analyst_nodes",
    "assemble",
    "forced_win",
    "read_position",
    "render_graph",
    "render_text",
    "review_game",
    "to_data",
]
