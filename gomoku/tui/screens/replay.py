"""The replay of a loaded record: step through its moves, then play on from any of them."""

from __future__ import annotations

from dataclasses import replace

from gomoku import game as core
from gomoku import textwidth
from gomoku.board import Board, HistoryError, IllegalMoveError
from gomoku.clock import ClockKind, ClockSpec, SideTime
from gomoku.i18n import N_, _, ngettext
from gomoku.openings import Seat, opening_said
from gomoku.point import to_notation
from gomoku.records import GameRecord, outcome_of
from gomoku.rules import Stone
from gomoku.tui import bookview, draw, live
from gomoku.tui.bindings import ANALYSIS, BOOK_COMMENT, BOOK_MARK, HELP, Binding, Bindings
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.events import Event, Mouse, Pressed
from gomoku.tui.keys import LOAD_KEY, QUIT_KEY, SAVE_KEY
from gomoku.tui.layout import board_layout
from gomoku.tui.model import Menu, Playing, PromptKind, Replaying, Screen, forbidden_marks, new_game, undo_policy
from gomoku.tui.saves import fresh_game_effects
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import dialogs, prompt, review
from gomoku.tui.screens.words import fitted
from gomoku.tui.settings import Mode, Side
from gomoku.tui.texts import heat_text, outcome_text

#: How far up/down and PgUp/PgDn step: ten moves, five of each side.
STEP_MANY = 10
MODES = tuple(Mode)

BACK = Binding(("left", "h", "a", ","), N_("one move back"), N_("left/right step"), "left h a ,")
FORWARD = Binding(("right", "l", "d", ".", "space"), N_("one move forward"), label="right l d . Space")
BACK_MANY = Binding(("up", "k", "w", "pageup"), N_("ten moves back"), label="up k w PgUp")
FORWARD_MANY = Binding(("down", "j", "s", "pagedown"), N_("ten moves forward"), label="down j s PgDn")
FIRST = Binding(("home", "g"), N_("the start"), N_("Home/End"), "Home g")
LAST = Binding(("end", "G"), N_("the last move"), label="End G")
PLAY_ON = Binding(("enter", "p"), N_("play on from the move shown (r: the rest)"), N_("Enter play on"), "Enter p")
MODE = Binding(("m",), N_("the mode to play on in"), N_("m mode"))
HEAT = Binding(("t",), N_("heat map: how urgent each point is, 1-9"), N_("t heat map"))
SAVE = Binding((SAVE_KEY,), N_("save this record to a file"), N_("S save"))
LOAD = Binding((LOAD_KEY,), N_("load another record"))
REVIEW = Binding(
    ("R",), N_("review the whole game: its decisive mistakes, missed wins and forced lines"), N_("R review")
)
LEAVE = Binding(("escape", "n", "b"), N_("back to the game or the menu"), N_("Esc back"), "Esc n b")
QUIT = Binding((QUIT_KEY,), N_("quit"), always=True)
JUMP = Binding((":", "#"), N_("jump to move N: type the number, then Enter"), N_(": jump"), ": #")
#: While a move number is typed after ``:``.
DIGITS = Binding(tuple("0123456789"), N_("the move number to jump to"), label="0-9")
JUMP_GO = Binding(("enter",), N_("go to that move"), N_("Enter goes"), "Enter")
JUMP_ERASE = Binding(("backspace",), N_("erase the last digit"), label="Backspace")
JUMP_CANCEL = Binding(("escape",), N_("stay where you are"), N_("Esc cancels"), "Esc")
#: The most digits a move number may have (a 25x25 board holds 625 moves).
JUMP_DIGITS = 3


def bindings(screen: Replaying, ctx: Context) -> Bindings:
    if screen.jump is not None:
        return (DIGITS, JUMP_GO, JUMP_ERASE, JUMP_CANCEL, QUIT)
    mode = replace(MODE, short=_("m mode: {mode}").format(mode=ctx.settings.mode.short))
    return (
        BACK,
        FORWARD,
        BACK_MANY,
        FORWARD_MANY,
        PLAY_ON,
        mode,
        REVIEW,
        ANALYSIS,
        JUMP,
        LEAVE,
        HELP,
        FIRST,
        LAST,
        HEAT,
        BOOK_MARK,
        BOOK_COMMENT,
        SAVE,
        LOAD,
        QUIT,
    )


def key_line(screen: Replaying, ctx: Context) -> list[str] | None:
    return draw.heat_legend() if screen.heat else None


def fits(screen: Replaying, ctx: Context, rows: int, cols: int) -> bool:
    return board_layout(rows, cols, screen.board.size, ctx.style) is not None


def update(screen: Replaying, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, Mouse):
        return screen, NOTHING  # a replay board is looked at, not played on
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    binding = event.binding
    total = len(screen.record.moves)
    if screen.jump is not None:
        return _jumping(screen, binding, event.key)
    if binding is JUMP:
        return replace(screen, jump=""), said(_jump_prompt("", total))
    targets = {
        BACK: screen.index - 1,
        FORWARD: screen.index + 1,
        BACK_MANY: screen.index - STEP_MANY,
        FORWARD_MANY: screen.index + STEP_MANY,
        FIRST: 0,
        LAST: total,
    }
    if binding in targets:
        return _go_to(screen, targets[binding])
    if binding is PLAY_ON:
        return play_on(screen, ctx)
    if binding is not None and binding.keys == MODE.keys:
        mode = MODES[(MODES.index(ctx.settings.mode) + 1) % len(MODES)]
        settings = replace(ctx.settings, mode=mode)
        return screen, said(
            _("Enter plays on: {mode} (for this game only).").format(mode=mode.label), settings=settings
        )
    if binding is HEAT:
        heat = not screen.heat
        return replace(screen, heat=heat), said(heat_text(heat))
    if binding is SAVE:
        return screen, prompt.opened(ctx, PromptKind.SAVE)
    if binding is LOAD:
        return screen, prompt.opened(ctx, PromptKind.LOAD)
    if binding is ANALYSIS:
        return replace(screen, analysis=not screen.analysis), said(live.toggled_text(not screen.analysis, ctx.settings))
    if binding is BOOK_MARK:
        return screen, bookview.mark(ctx.library, screen.board)
    if binding is BOOK_COMMENT:
        return screen, bookview.comment_prompt(ctx.library, screen.board)
    if binding is REVIEW:
        board = review.record_board(screen)
        if board is None:
            return screen, alerted(_("This record cannot be reviewed: its moves cannot all be played."))
        return review.begin(board, screen, ctx, outcome_of(screen.record.result, board))
    if binding is LEAVE:
        return screen.history or screen.back or Menu(), NOTHING  # the list it was opened from first
    if binding is QUIT:
        return screen, dialogs.quit_reply(screen)
    return screen, UNHANDLED


def _jump_prompt(typed: str, total: int) -> str:
    return _("Go to move: {typed}_ (0 to {total}; Enter goes, Esc cancels)").format(typed=typed, total=total)


def _jumping(screen: Replaying, binding: Binding | None, key: str) -> tuple[Screen, Reply]:
    """A key while a move number is typed: a digit, Backspace, Enter to go, Esc to cancel."""
    typed = screen.jump or ""
    total = len(screen.record.moves)
    if binding is DIGITS:
        typed = (typed + key)[:JUMP_DIGITS]
        return replace(screen, jump=typed), said(_jump_prompt(typed, total))
    if binding is JUMP_ERASE:
        return replace(screen, jump=typed[:-1]), said(_jump_prompt(typed[:-1], total))
    if binding is JUMP_CANCEL:
        return replace(screen, jump=None), NOTHING
    if binding is JUMP_GO:
        if not typed or int(typed) > total:
            return screen, alerted(
                _("Type a move number from 0 to {total}, then Enter (Esc cancels).").format(total=total)
            )
        target = int(typed)
        leaving = replace(screen, jump=None)
        if target == screen.index:
            return leaving, said(
                _("This is move {number}.").format(number=target) if target else _("This is the start.")
            )
        return _go_to(leaving, target)
    if binding is QUIT:
        return screen, dialogs.quit_reply(screen)
    return screen, UNHANDLED


def _go_to(screen: Replaying, target: int) -> tuple[Screen, Reply]:
    total = len(screen.record.moves)
    target = max(0, min(total, target))
    if target == screen.index:
        return screen, said(_("That is the last move.") if target == total else _("That is the start."))
    board = screen.board.copy()
    try:
        while len(board.moves) > target:
            board.undo()
        while len(board.moves) < target:
            board.redo()
    except (HistoryError, IllegalMoveError):
        return screen, alerted(_("This record cannot be stepped through."))
    return replace(screen, board=board, forbidden=forbidden_marks(board)), NOTHING


def play_on(screen: Replaying, ctx: Context) -> tuple[Screen, Reply]:
    """Play on from the move shown: a game of the menu's mode, the later moves kept for ``r``.

    Against the computer, you take the side to move.  A record with a clock
    (SGF ``TM``/``OT``) is played on under it, each side with the time the
    record left it after its last move before the one shown (``BL``/``WL``),
    else the full time; a record without one takes the menu's clock.
    """
    board = screen.board.copy()
    mode = ctx.settings.mode
    black = ctx.settings.black
    if mode is Mode.PVC:
        black = Side.HUMAN if board.turn is Stone.BLACK else Side.COMPUTER
    record = screen.record
    clock = record.clock if record.clock.kind is not ClockKind.NONE else ctx.settings.clock
    settings = replace(ctx.settings, black=black, rule=board.rule, size=board.size, clock=clock)
    game = new_game(settings, board)
    if clock is record.clock and clock.kind is not ClockKind.NONE:  # the record's clock, and the times it left
        times = record_times(record, board, clock)
        game = replace(game, game=core.Game.resumed(board, None, clock, times, undo=undo_policy(settings)))
    if board.moves and board.can_redo:
        text = _("Playing on after move {number}, {mode} (r replays the recorded moves).")
    elif board.moves:
        text = _("Playing on after move {number}, {mode}.")
    elif board.can_redo:
        text = _("Playing on from the start, {mode} (r replays the recorded moves).")
    else:
        text = _("Playing on from the start, {mode}.")
    text = text.format(number=len(board.moves), mode=mode.label)
    return Playing(game), said(text, fresh_game_effects(game))


def record_times(record: GameRecord, board: Board, clock: ClockSpec) -> dict[Seat, SideTime]:
    """Each seat's time at the position ``board`` shows: the record's time left after that seat's last move there.

    No opening is played on here, so the first seat holds black (who made
    each move: :meth:`~gomoku.board.Board.mover`).
    """
    times: dict[Seat, SideTime] = {}
    for seat, colour in ((Seat.FIRST, Stone.BLACK), (Seat.SECOND, Stone.WHITE)):
        left = [
            record.time_left[ply]
            for ply in range(min(len(board.moves), len(record.time_left)))
            if board.mover(ply) is colour and record.time_left[ply] is not None
        ]
        last = left[-1] if left else None
        times[seat] = SideTime(last if last is not None else clock.main, clock.periods)
    return times


# -- the view -------------------------------------------------------------------


def header(screen: Replaying, ctx: Context) -> str:
    record = screen.record
    return _("replay · {name} · {rule} {size}").format(
        name=screen.name, rule=record.rule.said(), size=f"{record.size}x{record.size}"
    )


def view(win: Window, screen: Replaying, ctx: Context, theme: Theme) -> None:
    size = screen.board.size
    layout = draw.board_place(win, theme, size)
    if layout is None:
        return
    draw.board_view(win, layout, screen.board, theme, Marks(screen.forbidden, heat=screen.heat))
    analysing = live.analysed_board(screen, ctx.settings) is not None
    analysis = live.current(ctx.analysis, screen.board) if analysing else None
    scale = live.scale(ctx.analysis, ctx.settings)
    book = bookview.panel_lines(ctx.library, screen.board)
    if not screen.heat:
        bookview.draw_marks(win, layout, ctx.library.lookup(screen.board), screen.board, theme)
    if analysing:
        live.draw_marks(win, layout, analysis, screen.board, theme)
    if layout.panel_x is not None:
        names = [to_notation(point, size) for point in screen.record.moves]
        bottom = None
        if analysing or book:
            shown = live.lines(ctx.analysis, screen.board, scale=scale) if analysing else []
            bottom = live.draw_panel(win, layout, book + shown, theme) - 2
        top = layout.top
        history = screen.opening
        if history:  # the opening as it happened (swaps, offers, the pick), as the game screens show it
            end = win.getmaxyx()[0] - draw.FOOTER_ROWS - 1 if bottom is None else bottom
            title = screen.record.opening.said()
            top = draw.opening_panel(win, layout, theme, title, history, top, (end - top) // 2)
        draw.moves_panel(win, layout, theme, names, shown=screen.index, top=top, bottom=bottom)
    note = live.status_text(analysis, screen.board, scale) if analysing and layout.panel_x is None else None
    if layout.panel_x is None and book:
        note = book[0] if note is None else f"{note} · {book[0]}"
    _status(win, screen, theme, note)


def _status(win: Window, screen: Replaying, theme: Theme, analysis: str | None = None) -> None:
    """Where the replay stands (with the live analysis's best move when there is no panel)."""
    board = screen.board
    total = len(screen.record.moves)
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if screen.index == 0:
        parts = [
            _("Start"),
            ngettext("{count} move in all", "{count} moves in all", total).format(count=total),
            _("{colour} to play").format(colour=board.turn.said()),
        ]
    else:
        last = board.last_move
        mover = board.turn.opponent.said()
        parts = [_("Move {number} of {total}").format(number=screen.index, total=total)]
        parts.append(f"{mover} {board.notation(last)}" if last else "")
        parts.append(opening_said(board, screen.record.opening))
    result = outcome_text(board)
    if result:
        text = f" {textwidth.fit(result, cols - 2)} "
        draw.put(win, row, 0, text, theme("result"))
        used = textwidth.width(text)
        draw.put(win, row, used + 1, fitted(theme, parts, cols - used - 2), theme("status"))
        return
    if screen.index == total and screen.record.result:
        parts.append(_("result {result}").format(result=screen.record.result))
    if analysis is not None:
        parts.insert(1, analysis)
    draw.put(win, row, 1, fitted(theme, parts, cols - 2), theme("status"))


ROUTE = Route(
    update,
    view,
    bindings,
    header=header,
    fits=fits,
    key_line=key_line,
    unbound=lambda screen, ctx, key: unbound_text(
        key,
        _("type a move number, Enter goes, Esc cancels.")
        if screen.jump is not None
        else _("left/right step, : jumps, Enter plays on, ? helps."),
    ),
)
