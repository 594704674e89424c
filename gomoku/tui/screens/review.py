"""The review screen: a finished game read on a worker, then its decisive moments looked through.

``R`` at the end of a game or in a replay opens it (:func:`begin`).  While
the review runs (:class:`~gomoku.tui.effects.StartReview` on the worker
pool) a progress bar counts the positions read; Esc cancels it
(:class:`~gomoku.tui.effects.CancelReview`) and returns to where it came
from, keeping nothing.  Once done, the screen shows what the core
(:mod:`gomoku.review`) found: the marked moves on the board and in the
game's move list beside it (each side's decisive mistake, missed wins, the
move that decided the game, marked as the graph marks them), the evaluation
graph drawn from the core's bars, and for the moment selected (``n``/``p``
go from one marked moment to the next; the move list scrolls to keep it in
view) its forced line as numbered stones, step by step, with the core's
sentence.  On a short terminal (80x24) the graph draws one row a side so the
list keeps nine rows; on one without room for the panel, the board and the
status line show the moment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime

from gomoku import textwidth
from gomoku.board import Board, IllegalMoveError
from gomoku.i18n import N_, _, join_sentences, ngettext
from gomoku.openings import opening_of
from gomoku.point import Point, to_notation
from gomoku.puzzle_mine import GameSource
from gomoku.review import GRAPH_MARKS, ForcedWin, GameReview, Mark, MoveReview, Severity, render_graph
from gomoku.rules import Outcome, Stone
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, Binding, Bindings
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import CancelReview, CollectPuzzles, MarkGame, StartReview
from gomoku.tui.events import Event, Failed, Mouse, Pressed, PuzzlesCollected, ReviewDone, ReviewProgress
from gomoku.tui.keys import QUIT_KEY
from gomoku.tui.layout import FOOTER_ROWS, BoardLayout, board_layout
from gomoku.tui.model import Playing, Replaying, Reviewing, Screen
from gomoku.tui.recorder import marks_of
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said
from gomoku.tui.screens import dialogs
from gomoku.tui.texts import colour, sentence

#: The graph's block characters as an ASCII terminal draws them.
ASCII_GRAPH = str.maketrans({"█": "#", "▀": "^", "▄": "_", "─": "-", "·": "."})
#: Rows of each half of the evaluation graph beside the board (black's above the axis, white's below);
#: a short panel (80x24) draws one row each so the move list keeps room for nine rows (18 moves).
GRAPH_HALF_ROWS = 2
#: The panel height (rows) from which the graph gets :data:`GRAPH_HALF_ROWS`, else one row a half.
TALL_PANEL = 24
#: Moves a row of the move list holds (black's and white's, as score sheets write them).
MOVES_A_ROW = 2
#: The fewest rows of the move list worth drawing; with less room the graph gives up its rows first.
LIST_MIN_ROWS = 3

# -- the keys, declared once with their help ---------------------------------------

CANCEL = Binding(("escape",), N_("cancel the review (nothing of it is kept)"), N_("Esc cancel"), "Esc")
NEXT = Binding(("n", "tab", "down", "j"), N_("the next marked moment"), N_("n/p moment"), "n Tab down j")
PREVIOUS = Binding(("p", "up", "k"), N_("the previous marked moment"), label="p up k")
LINE_ON = Binding(
    ("right", "l", ".", "space"), N_("one more stone of the forced line"), N_("left/right line"), "right l . Space"
)
LINE_BACK = Binding(("left", "h", ","), N_("one stone less of the forced line"), label="left h ,")
LEAVE = Binding(("escape", "b"), N_("back to the game or the replay"), N_("Esc back"), "Esc b")
QUIT = Binding((QUIT_KEY,), N_("quit"), N_("q quit"), always=True)
#: What a moment's mark means, in a word or two (the list of moments, the status line).
MARK_WORDS = {Mark.DECISIVE: N_("decisive"), Mark.MISTAKE: N_("mistake"), Mark.MISSED_WIN: N_("missed win")}
#: What a move's cost short of a forced loss is called (the list of moments, the status line).
SEVERITY_WORDS = {
    Severity.INACCURACY: N_("inaccuracy"),
    Severity.MISTAKE: N_("mistake"),
    Severity.BLUNDER: N_("blunder"),
}


def bindings(screen: Reviewing, ctx: Context) -> Bindings:
    if screen.review is None:
        return (CANCEL, HELP, QUIT)
    return (NEXT, PREVIOUS, LINE_ON, LINE_BACK, LEAVE, HELP, QUIT)


# -- the moments of a review ----------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """A marked move seen one way: a win the mover let go (``missed``), the opponent's win it handed over, or
    (``costly``) a move that cost its side win rate short of that, shown with the analyst's line instead.

    ``position`` is how many of the game's moves stand on the board when
    its line starts: before the move for a missed win and a costly move,
    after it for a mistake.
    """

    move: MoveReview
    missed: bool
    costly: bool = False

    @property
    def win(self) -> ForcedWin | None:
        """The forced win shown (``None`` for a costly move: its line is the analyst's)."""
        if self.costly:
            return None
        found = self.move.had_win if self.missed else self.move.opponent_win
        assert found is not None, "a moment is made only for a move with that win"
        return found

    @property
    def line(self) -> tuple[Point, ...]:
        """The line shown stone by stone: the forced win's, or the analyst's move and line instead of a costly one."""
        win = self.win
        return self.move.instead if win is None else win.line

    @property
    def first(self) -> Stone:
        """Who plays the line's first stone."""
        win = self.win
        return self.move.side if win is None else win.side

    @property
    def position(self) -> int:
        return self.move.number if not (self.missed or self.costly) else self.move.number - 1

    @property
    def mark(self) -> Mark | None:
        if self.costly:
            return None
        if self.missed:
            return Mark.MISSED_WIN
        return Mark.DECISIVE if Mark.DECISIVE in self.move.marks else Mark.MISTAKE

    def label(self, size: int) -> str:
        """``X 23. white k9 decisive`` (``-24 12. black c3 blunder``) for the list of moments."""
        move = self.move
        mark = self.mark
        if mark is None:
            assert move.severity is not None
            glyph, what = severity_glyph(move), _(SEVERITY_WORDS[move.severity])
        else:
            glyph, what = GRAPH_MARKS[mark], _(MARK_WORDS[mark])
        return _("{mark} {number}. {colour} {point} {what}").format(
            mark=glyph, number=move.number, colour=colour(move.side), point=to_notation(move.move, size), what=what
        )


def severity_glyph(move: MoveReview) -> str:
    """A costly move's mark: the points of win rate it lost, ``-24`` (``""``: not marked by its cost)."""
    drop = move.drop
    if move.severity is None or drop is None:
        return ""
    return f"-{round(100 * drop)}"


def moments(review: GameReview) -> tuple[Moment, ...]:
    """The review's marked moments in the game's order (a move both missing and handing over a win gives two)."""
    found: list[Moment] = []
    for move in review.moves:
        if Mark.MISSED_WIN in move.marks and move.had_win is not None:
            found.append(Moment(move, missed=True))
        if Mark.MISTAKE in move.marks and move.opponent_win is not None:
            found.append(Moment(move, missed=False))
        if move.severity is not None and move.instead:
            found.append(Moment(move, missed=False, costly=True))
    return tuple(found)


def first_moment(review: GameReview) -> int:
    """The moment shown first: the move that decided the game, else the first one."""
    for index, moment in enumerate(moments(review)):
        if moment.mark is Mark.DECISIVE:
            return index
    return 0


def selected(screen: Reviewing) -> Moment | None:
    """The moment looked at, if the review is done and found any."""
    if screen.review is None:
        return None
    found = moments(screen.review)
    return found[screen.selected] if 0 <= screen.selected < len(found) else None


def shown_line(screen: Reviewing) -> tuple[Point, ...]:
    """The stones of the selected forced line shown now, in order."""
    moment = selected(screen)
    return () if moment is None else moment.line[: screen.step]


def position(screen: Reviewing) -> Board:
    """The board shown: the selected moment's position (the game's end while there is none)."""
    moment = selected(screen)
    board = screen.board
    if moment is None:
        return board
    return Board.from_moves(board.moves[: moment.position], board.size, board.rule)


# -- the move list ----------------------------------------------------------------


def move_marks(move: MoveReview) -> str:
    """A move's marks as the graph draws them: ``X`` decisive, ``x`` mistake, ``?`` missed win (``?X``: both); else
    the points of win rate a costly move lost (``-24``)."""
    shown = [GRAPH_MARKS[mark] for mark in (Mark.MISSED_WIN, Mark.DECISIVE) if mark in move.marks]
    if Mark.MISTAKE in move.marks and Mark.DECISIVE not in move.marks:
        shown.append(GRAPH_MARKS[Mark.MISTAKE])
    return "".join(shown) or severity_glyph(move)


@dataclass(frozen=True)
class ListedMove:
    """One move in the review's move list: its number, its point, its marks, whether it is the selected moment."""

    number: int
    notation: str
    marks: str
    selected: bool

    def text(self, pointer: str) -> str:
        """`` 16 h6  X  `` (``pointer`` in front when selected): the same width for every move of a game."""
        return f"{pointer if self.selected else ' '}{self.number:>3} {self.notation:<3} {self.marks:<3}"


def move_rows(review: GameReview, focus: int, rows: int) -> list[tuple[ListedMove, ...]]:
    """The game's moves, :data:`MOVES_A_ROW` a row, the ``rows`` of them that keep move ``focus`` near the middle.

    The move numbered ``focus`` is marked selected (0: none is).
    """
    listed = [
        ListedMove(move.number, to_notation(move.move, review.size), move_marks(move), move.number == focus)
        for move in review.moves
    ]
    total = math.ceil(len(listed) / MOVES_A_ROW)
    rows = max(0, min(rows, total))
    at = (max(1, focus) - 1) // MOVES_A_ROW if focus else total - 1
    first = max(0, min(at - rows // 2, total - rows))
    return [tuple(listed[row * MOVES_A_ROW : (row + 1) * MOVES_A_ROW]) for row in range(first, first + rows)]


# -- starting it --------------------------------------------------------------------


def begin(board: Board, back: Playing | Replaying, ctx: Context, result: Outcome | None = None) -> tuple[Screen, Reply]:
    """Review the game on ``board`` (all its moves) on a worker; ``back`` is where Esc returns.

    ``result`` is the game's ending when the board cannot show it (the core game's result, or the
    record's), so a resigned or flagged game is reviewed as such.
    """
    if not board.moves:
        return back, alerted(_("No moves to review yet."))
    job = ctx.job
    analyst = ctx.settings.analyst
    screen = Reviewing(board, back, job, analyst, total=len(board.moves) + 1)
    return screen, said(_("Reviewing the game: Esc cancels."), (StartReview(job, board, analyst, result, ctx.library),))


def record_board(screen: Replaying) -> Board | None:
    """The whole game of a replayed record (``None``: its moves cannot all be played)."""
    try:
        return Board.from_moves(screen.record.moves, screen.board.size, screen.board.rule)
    except (IllegalMoveError, ValueError):
        return None


# -- update ---------------------------------------------------------------------------


def update(screen: Reviewing, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, ReviewProgress):
        if event.job != screen.job or screen.review is not None:
            return screen, UNHANDLED
        return replace(screen, done=event.done, total=event.total), NOTHING
    if isinstance(event, ReviewDone):
        if event.job != screen.job or screen.review is not None:
            return screen, UNHANDLED
        return history_marks(*collected(*finished(screen, event.review), ctx))
    if isinstance(event, PuzzlesCollected):
        if event.job != screen.collecting:
            return screen, UNHANDLED
        return replace(screen, collecting=None), _added_text(event)
    if isinstance(event, Failed):
        if event.job != screen.job or screen.review is not None:
            return screen, UNHANDLED
        return screen.back, alerted(_("The review failed: {error}. The game is kept.").format(error=event.error))
    if isinstance(event, Mouse):
        return screen, NOTHING
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    binding = event.binding
    if binding is CANCEL and screen.review is None:
        return screen.back, said(_("Review cancelled."), (CancelReview(screen.job),))
    if binding is LEAVE:
        return screen.back, NOTHING
    if binding is QUIT:
        effects = (CancelReview(screen.job),) if screen.review is None else ()
        reply = dialogs.quit_reply(screen)
        return screen, replace(reply, effects=effects + reply.effects)
    if binding in (NEXT, PREVIOUS):
        return _select(screen, 1 if binding is NEXT else -1)
    if binding in (LINE_ON, LINE_BACK):
        return _step(screen, 1 if binding is LINE_ON else -1)
    return screen, UNHANDLED


def finished(screen: Reviewing, review: GameReview) -> tuple[Screen, Reply]:
    """The review is in: show its first moment, whole, and say what it found."""
    first = first_moment(review)
    done = replace(screen, review=review, done=screen.total, selected=first, step=0)
    moment = selected(done)
    if moment is None:
        text = _("Review done: no forced win was missed or handed over. Esc goes back.")
    else:
        done = replace(done, step=len(moment.line))
        count = len(moments(review))
        text = ngettext(
            "Review done: {count} marked moment. n/p moments, left/right line.",
            "Review done: {count} marked moments. n/p moments, left/right line.",
            count,
        ).format(count=count)
    if review.analyst_failure:  # an outside engine failed partway: the marks stand, the graph stops there
        return done, alerted(join_sentences(sentence(review.analyst_failure), text))
    return done, said(text)


def collected(screen: Screen, reply: Reply, ctx: Context) -> tuple[Screen, Reply]:
    """The review just done: its missed wins and decisive mistakes go to *your puzzles*, on a worker."""
    if not isinstance(screen, Reviewing) or screen.review is None:
        return screen, reply
    review = screen.review
    if not any(Mark.MISSED_WIN in move.marks or Mark.DECISIVE in move.marks for move in review.moves):
        return screen, reply
    job = ctx.job
    source = source_of(screen.back, ctx.now)
    effect = CollectPuzzles(job, screen.board, review, source)
    return replace(screen, collecting=job), replace(reply, effects=reply.effects + (effect,))


def history_marks(screen: Screen, reply: Reply) -> tuple[Screen, Reply]:
    """The review of a game opened from the history is done: its marks are kept on the game's row."""
    back = screen.back if isinstance(screen, Reviewing) else None
    if not isinstance(screen, Reviewing) or screen.review is None or not isinstance(back, Replaying):
        return screen, reply
    entry = back.history.chosen() if back.history is not None else None
    if entry is None or entry.number is None:
        return screen, reply
    return screen, replace(reply, effects=reply.effects + (MarkGame(entry.number, marks_of(screen.review)),))


def source_of(back: Playing | Replaying, now: datetime | None) -> GameSource:
    """The game the review's puzzles come from, as their source names it: a game played here, when (just now)
    and against which level; a game from the history, when it was played and against whom; a record opened
    from a file, its file name and players (when it was played is not known)."""
    if isinstance(back, Playing):
        game = back.game
        sides = sorted(game.computer, key=lambda stone: stone.value)
        return GameSource(now, " and ".join(game.level_of(stone) for stone in sides))
    record = back.record
    players = " v ".join(name for name in (record.black, record.white) if name)
    entry = back.history.chosen() if back.history is not None else None
    if entry is not None:
        return GameSource(entry.played_at.astimezone(), entry.opponent or players)
    return GameSource(opponent=players, record=back.name)


def _added_text(event: PuzzlesCollected) -> Reply:
    """What the review says once its puzzles are kept: how many were added (nothing when none was new), after
    what was wrong with the file of your puzzles (kept aside, or left as it was)."""
    if event.error:
        return alerted(_("The game's puzzles cannot be kept: {error}.").format(error=event.error))
    added = ""
    if event.added:
        added = ngettext(
            "{count} puzzle added to your collection (Puzzles in the menu).",
            "{count} puzzles added to your collection (Puzzles in the menu).",
            event.added,
        ).format(count=event.added)
    if event.notice:
        return alerted(join_sentences(event.notice, added))
    return said(added) if added else NOTHING


def _select(screen: Reviewing, delta: int) -> tuple[Screen, Reply]:
    assert screen.review is not None
    count = len(moments(screen.review))
    if count == 0:
        return screen, alerted(_("Nothing is marked in this game: Esc goes back."))
    index = screen.selected + delta
    if not 0 <= index < count:
        return screen, said(
            _("That is the last marked moment.") if delta > 0 else _("That is the first marked moment.")
        )
    moved = replace(screen, selected=index)
    moment = selected(moved)
    assert moment is not None
    return replace(moved, step=len(moment.line)), NOTHING


def _step(screen: Reviewing, delta: int) -> tuple[Screen, Reply]:
    moment = selected(screen)
    if moment is None:
        return screen, alerted(_("Nothing is marked in this game: Esc goes back."))
    step = screen.step + delta
    if not 0 <= step <= len(moment.line):
        return screen, said(_("That is the whole line.") if delta > 0 else _("That is the position before the line."))
    return replace(screen, step=step), NOTHING


# -- the view -----------------------------------------------------------------------


def header(screen: Reviewing, ctx: Context) -> str:
    board = screen.board
    title = _("review · analyst {analyst} · {rule} {size}").format(
        analyst=screen.analyst, rule=board.rule.said(), size=f"{board.size}x{board.size}"
    )
    opening = opening_of(board)
    return title if opening is None else f"{title} · {opening.titled()}"


def fits(screen: Reviewing, ctx: Context, rows: int, cols: int) -> bool:
    return board_layout(rows, cols, screen.board.size, ctx.style) is not None


def progress_bar(done: int, total: int, width: int, theme: Theme) -> str:
    """``[#####.....] 12/41``: the positions read of all."""
    inner = max(1, width - textwidth.width(f" {total}/{total}") - 2)
    filled = inner * done // max(1, total)
    full, empty = ("█", "░") if theme.unicode else ("#", ".")
    return f"[{full * filled}{empty * (inner - filled)}] {done}/{total}"


def view(win: Window, screen: Reviewing, ctx: Context, theme: Theme) -> None:
    board = position(screen)
    layout = draw.board_place(win, theme, board.size)
    if layout is None:
        return
    moment = selected(screen)
    cursor = moment.move.move if moment is not None else None
    draw.board_view(win, layout, board, theme, Marks())
    if screen.review is not None:
        _marks(win, layout, screen.review, board, theme)
    _line(win, layout, screen, board, theme)
    if cursor is not None:  # last: a mark right of the selected stone or its neighbour's never covers a bracket
        draw.cursor(win, layout, cursor, theme)
    if layout.panel_x is not None:
        _panel(win, layout, screen, theme)
    _status(win, screen, theme)


def _marks(win: Window, layout: BoardLayout, review: GameReview, board: Board, theme: Theme) -> None:
    """Each marked move on the board: its graph mark right of its stone (X decisive, x mistake, ? missed win)."""
    for move in review.marked():
        if move.number > len(board.moves) or not move.marks:
            continue
        mark = next(GRAPH_MARKS[m] for m in GRAPH_MARKS if m in move.marks)
        row, col = layout.screen_of(move.move)
        draw.put(win, row, col + layout.glyph_w, draw.beside_point(layout, mark), theme("alert"))


def _line(win: Window, layout: BoardLayout, screen: Reviewing, board: Board, theme: Theme) -> None:
    """The forced line shown so far, as numbered stones in the colours of the sides that play them."""
    moment = selected(screen)
    if moment is None:
        return
    winner = moment.first
    for index, point in enumerate(shown_line(screen)):
        side = winner if index % 2 == 0 else winner.opponent
        row, col = layout.screen_of(point)
        label = draw.on_point(layout, draw.cell_label(index + 1, layout))
        draw.put(win, row, col, label, theme("black_last" if side is Stone.BLACK else "white_last"))


def _panel(win: Window, layout: BoardLayout, screen: Reviewing, theme: Theme) -> None:
    """Beside the board: the progress, or the verdict, the graph, the moments and the sentence."""
    x = layout.panel_x
    assert x is not None
    rows, cols = win.getmaxyx()
    width = max(8, cols - x - 1)
    bottom = rows - FOOTER_ROWS - 1
    top = layout.top
    review = screen.review
    if review is None:
        # i18n: width 33 (the panel beside a 15x15 board at 80 columns)
        draw.put(win, top, x, textwidth.fit(_("Reviewing the game"), width), theme("status"))
        draw.put(win, top + 2, x, progress_bar(screen.done, screen.total, width, theme))
        # i18n: width 33
        draw.put(win, top + 3, x, textwidth.fit(_("positions read"), width), theme("dim"))
        # i18n: width 33
        draw.put(win, top + 5, x, textwidth.fit(_("Esc cancels."), width), theme("dim"))
        return
    if review.decided is not None:
        # i18n: width 33
        verdict = _("Decided at move {number}").format(number=review.decided)
    elif review.lost_from is not None:
        number, loser = review.lost_from
        if loser is Stone.BLACK:
            # i18n: width 33
            verdict = _("Black lost from move {number} on").format(number=number)
        else:
            # i18n: width 33
            verdict = _("White lost from move {number} on").format(number=number)
    else:
        # i18n: width 33
        verdict = _("Not decided by force")
    draw.put(win, top, x, textwidth.fit(verdict, width), theme("status"))
    exit_lines = draw.wrap(review.book_exit.said(review.size), width)[:2] if review.book_exit is not None else []
    for offset, line in enumerate(exit_lines):  # where the game left the opening book, under the verdict
        draw.put(win, top + 1 + offset, x, textwidth.fit(line, width), theme("dim"))
    top += len(exit_lines)
    moment = selected(screen)
    label = [] if moment is None else draw.wrap(moment.label(review.size), width)  # the mark and the move, whole
    below = [] if moment is None else ["", *label, *draw.wrap(moment.move.said(review.size), width)]
    room = bottom - top - len(below)  # rows for the graph and the move list
    half = GRAPH_HALF_ROWS if bottom - top + 1 >= TALL_PANEL else 1
    graph = graph_lines(review, moment.move.number if moment is not None else 1, width, half)
    if room - len(graph) < LIST_MIN_ROWS:
        graph = []
    rate = draw.wrap(win_rate_text(moment.move), width) if moment is not None and win_rate_text(moment.move) else []
    if rate and room - len(graph) - len(rate) >= math.ceil(len(review.moves) / MOVES_A_ROW):
        below += rate  # the win rates under the sentence, when the whole move list still fits
    elif rate and graph and moment is not None:  # else beside the graph's heading, shortly, as room allows
        # i18n: black's win rate after the selected move, beside the graph's heading "moves 1-27"
        short = _("black {percent}%").format(percent=round(50 * (1 + (moment.move.value_after or 0))))
        heading = theme.join((graph[0], short))
        graph[0] = heading if textwidth.width(heading) <= width else graph[0]
    row = top + 1
    for index, line in enumerate(graph):
        shown = line if theme.unicode else line.translate(ASCII_GRAPH)
        draw.put(win, row, x, textwidth.fit(shown, width), theme("dim") if index == 0 else 0)
        row += 1
    pointer = theme.glyphs["pointer"]
    focus = moment.move.number if moment is not None else 0
    for listed in move_rows(review, focus, bottom - row + 1 - len(below)):
        column = x
        for cell in listed:
            text = cell.text(pointer)
            draw.put(
                win, row, column, textwidth.fit(text, x + width - column), theme("selected") if cell.selected else 0
            )
            column += textwidth.width(text) + 1
        row += 1
    for offset, line in enumerate(below):
        if row > bottom:
            break
        draw.put(win, row, x, textwidth.fit(line, width), theme("status") if 1 <= offset <= len(label) else 0)
        row += 1


def win_rate_text(move: MoveReview) -> str:
    """Both sides' win rates after ``move``, as the graph's bar there shows them (``""``: unknown)."""
    if move.value_after is None:
        return ""
    black = round(50 * (1 + move.value_after))
    # i18n: the graph's bar after the move, as each side's chance of winning (wrapped in the panel)
    return _("After move {number}: black {black}%, white {white}%").format(
        number=move.number, black=black, white=100 - black
    )


def graph_lines(review: GameReview, number: int, width: int, half: int = GRAPH_HALF_ROWS) -> list[str]:
    """The evaluation graph's block holding move ``number``, ``width`` moves wide (the core draws it)."""
    bars = review.bars()
    if not bars:
        return []
    start = (max(1, number) - 1) // width * width
    chunk = bars[start : start + width]
    lines = render_graph(chunk, height=half, width=width)
    if lines and chunk:  # the block's heading, in the language in use (the core's is English, for the report)
        # i18n: width 33
        lines[0] = _("moves {first}-{last}").format(first=chunk[0].number, last=chunk[-1].number)
    return lines


def _status(win: Window, screen: Reviewing, theme: Theme) -> None:
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if screen.review is None:
        text = _("Reviewing: {done} of {total} positions read · Esc cancels").format(
            done=screen.done, total=screen.total
        )
    else:
        moment = selected(screen)
        count = len(moments(screen.review))
        if moment is None:
            text = _("No forced win was missed or handed over")
        else:
            if moment.win is None:
                text = _("Moment {number} of {count} · {moment} · the analyst's line {step} of {total}")
            elif moment.first is Stone.BLACK:
                text = _("Moment {number} of {count} · {moment} · line {step} of {total} · black wins")
            else:
                text = _("Moment {number} of {count} · {moment} · line {step} of {total} · white wins")
            text = text.format(
                number=screen.selected + 1,
                count=count,
                moment=moment.label(screen.review.size),  # the mark and the move, seen even without the panel
                step=screen.step,
                total=len(moment.line),
            )
    draw.put(win, row, 1, textwidth.fit(theme.dots(text), cols - 2), theme("status"))


ROUTE = Route(update, view, bindings, header=header, fits=fits)
