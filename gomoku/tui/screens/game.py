"""The game screen: the board, the cursor, moves, undo and redo, hints, the heat map, watch mode.

A screen of the router (:mod:`gomoku.tui.screen`): ``update`` returns the next
:class:`Playing` and an :class:`~gomoku.tui.screen.Reply`.  The computer's
moves are asked for by :func:`gomoku.tui.update.settle` (it is the computer's
turn, it is not paused: start it); this screen asks for hints itself, plays
the answers, and asks autosave to keep every change of the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gomoku import game as core
from gomoku import textwidth
from gomoku.game import GameError, Refusal, clock_side
from gomoku.i18n import N_, _, join_list, pgettext
from gomoku.openings import (
    Action,
    OpeningMove,
    OpeningStep,
    Seat,
    choose,
    declare,
    opening_said,
)
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui import balance, bookview, draw, live
from gomoku.tui.bindings import (
    ANALYSIS,
    BALANCED,
    BOOK_COMMENT,
    BOOK_KEYS,
    BOOK_MARK,
    CURSOR,
    DECLARE,
    DISMISS,
    HEAT,
    HELP,
    HINT,
    LOAD,
    NEXT,
    OPENING_KEYS,
    PACE,
    PAUSE,
    PLAY,
    QUIT,
    REDO,
    REVIEW,
    SAVE,
    STEP,
    UNDO,
    Binding,
    Bindings,
    elsewhere,
)
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import AiKind, SaveSettings, StartAi
from gomoku.tui.events import AiDone, Event, Mouse, Pressed
from gomoku.tui.keys import CURSOR_KEYS
from gomoku.tui.layout import board_layout, clicked_point, stepped
from gomoku.tui.model import (
    AiJob,
    LocalGame,
    MenuRow,
    Playing,
    PromptKind,
    Screen,
    with_game,
)
from gomoku.tui.saves import autosave_effects
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Message, Reply, Route, alerted, said, to_menu, unbound_text
from gomoku.tui.screens import dialogs, prompt, review
from gomoku.tui.screens.words import fitted, pace_name
from gomoku.tui.settings import Mode, Pace
from gomoku.tui.texts import clock_face, colour, ended_text, heat_text, overline_note, result_text, sentence, side_name

PACES = tuple(Pace)
#: The built-in level that takes over from an outside engine that failed.
FALLBACK_LEVEL = "hard"

# -- the keys: the game screens' one key map (gomoku.tui.bindings), as this screen takes them

#: Watch mode's pause while paused.
RESUME = replace(PAUSE, short=N_("p resume"))
FASTER_KEYS = frozenset({"+", "="})


def _human_step(game: LocalGame) -> OpeningStep | None:
    """The opening step a human takes now, or ``None`` (no opening, or the computer's step)."""
    step = game.game.opening_step
    if step is None or step.seat in game.seats:
        return None
    return step


def _opening_bindings(step: OpeningStep, game: LocalGame) -> tuple[Binding, ...]:
    keys = tuple(OPENING_KEYS[option] for option in step.options)
    if step.action is Action.DECLARE:
        return (DECLARE,)
    balanced = (BALANCED,) if balance.offering(game) is not None else ()  # a stone is placed or offered now
    return (CURSOR, PLAY, *keys, *balanced)


def bindings(screen: Playing, ctx: Context) -> Bindings:
    """The game's keys: to play (against the computer or each other), or to watch."""
    game = screen.game
    review = (REVIEW,) if game.over else ()
    book = BOOK_KEYS if game.analysis and live.allowed(game, ctx.settings) else ()
    if game.mode is Mode.CVC:
        pause = RESUME if game.paused else PAUSE
        redo = () if game.clock.enabled else (REDO,)  # a clock takes no redo (the core refuses it)
        keys = (pause, STEP, PACE, UNDO, *redo, NEXT, HEAT, ANALYSIS, *book, SAVE, LOAD, *review)
        return (*keys, DISMISS, HELP, QUIT)
    computer = (PAUSE,) if game.mode is Mode.PVC or game.clock.enabled else ()
    step = _human_step(game)
    if step is not None:
        return (*_opening_bindings(step, game), UNDO, HEAT, SAVE, LOAD, NEXT, *computer, DISMISS, HELP, QUIT)
    redo = () if game.clock.enabled else (REDO,)
    keys = (CURSOR, PLAY, UNDO, *redo, HINT, HEAT, ANALYSIS, *book, SAVE, LOAD, NEXT, *computer, *review)
    return (*keys, DISMISS, HELP, QUIT)


def key_line(screen: Playing, ctx: Context) -> list[str] | None:
    """The bottom line, most useful first (as many as fit are shown): the heat map's legend while it is on."""
    game = screen.game
    if game.heat:
        return draw.heat_legend()
    line: tuple[Binding, ...]
    step = _human_step(game)
    if step is not None:
        keys = (*_opening_bindings(step, game), UNDO, HELP, QUIT)
        return [binding.said_short for binding in keys if binding is not CURSOR]
    if game.over:
        line = (REVIEW, NEXT, UNDO, SAVE, HEAT, HELP, QUIT)
    elif game.mode is Mode.CVC:
        line = (RESUME if game.paused else PAUSE, STEP, PACE, UNDO, NEXT, HELP, QUIT)
    else:
        redo = (REDO,) if game.game.can_redo else ()  # offered only when a redo would be taken
        line = (PLAY, UNDO, *redo, HINT, HEAT, SAVE, HELP, QUIT)
    return [binding.said_short for binding in line]


def update(screen: Playing, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    """The game after a key, a click, or the computer's answer."""
    game = screen.game
    if isinstance(event, AiDone):
        return ai_done(screen, event, ctx)
    if isinstance(event, Mouse):
        point = clicked_point(event.row, event.col, event.rows, event.cols, game.board.size, ctx.style)
        if point is None or game.mode is Mode.CVC:
            return screen, NOTHING
        return _point(game, point, ctx.seconds)
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    name, binding = event.key, event.binding
    if binding is CURSOR:
        return Playing(replace(game, cursor=stepped(game.cursor, *CURSOR_KEYS[name], game.board.size))), NOTHING
    if binding is PLAY:
        return _point(game, game.cursor, ctx.seconds)
    if binding is DECLARE:
        return _opening_step(game, declare(int(name)), ctx.seconds)
    if binding is BALANCED:
        return balance.ask(game, ctx)
    for option, key in OPENING_KEYS.items():
        if binding is key:
            return _opening_step(game, choose(option), ctx.seconds)
    if binding is UNDO:
        return _undo(game, ctx.seconds)
    if binding is REDO:
        return _redo(game, ctx.seconds)
    if binding is HINT:
        return _ask_hint(game, ctx)
    if binding is HEAT:
        heat = not game.heat
        return Playing(replace(game, heat=heat)), said(heat_text(heat))
    if binding in (PAUSE, RESUME):
        return _toggle_pause(game, ctx.seconds)
    if binding is STEP:
        return _step(game)
    if binding is PACE:
        return _change_pace(game, ctx, -1 if name in FASTER_KEYS else 1)
    if binding is REVIEW:
        return review.begin(game.board, screen, ctx, game.game.result)
    if binding is ANALYSIS:
        if not game.analysis and not live.allowed(game, ctx.settings):
            return screen, alerted(live.refusal())
        return Playing(replace(game, analysis=not game.analysis)), said(
            live.toggled_text(not game.analysis, ctx.settings)
        )
    if binding is BOOK_MARK:
        return screen, bookview.mark(ctx.library, game.board, game.cursor if game.mode is not Mode.CVC else None)
    if binding is BOOK_COMMENT:
        cursor = game.cursor if game.mode is not Mode.CVC else None
        return screen, bookview.comment_prompt(ctx.library, game.board, cursor)
    if binding is DISMISS:
        return screen, NOTHING  # the router has cleared the message line already
    if binding is NEXT:
        return to_menu(ctx, MenuRow.NEW, back=screen)
    if binding is SAVE:
        if not game.board.moves:
            return screen, alerted(_("No moves to save yet: play first."))
        return screen, prompt.opened(ctx, PromptKind.SAVE)
    if binding is LOAD:
        return screen, prompt.opened(ctx, PromptKind.LOAD)
    if binding is QUIT:
        return screen, dialogs.quit_reply(screen)
    return screen, UNHANDLED


def fits(screen: Playing, ctx: Context, rows: int, cols: int) -> bool:
    """Whether the board can be seen (while it cannot, keys must not play on it: issue 21, item 1)."""
    return board_layout(rows, cols, screen.game.board.size, ctx.style) is not None


def _now(seconds: float | None) -> float:
    """The moment an action is timed by: the last tick's (a game without a clock gets none: any number does)."""
    return seconds if seconds is not None else 0.0


def _human_seat(local: LocalGame) -> Seat:
    """The seat at the keyboard: against the computer the one it does not hold, else whoever acts now."""
    if local.mode is Mode.PVC:
        return next(seat for seat in Seat if seat not in local.seats)
    return local.game.acting_seat or Seat.FIRST


def _flag_fell(local: LocalGame, seconds: float | None) -> tuple[Screen, Reply] | None:
    """If a flag has fallen by ``seconds`` (before the key was read), the game as it ended, said once."""
    ticked = local.game.tick(_now(seconds))
    if ticked.over and not local.over:
        ended = with_game(local, ticked)
        return Playing(ended), Reply(effects=autosave_effects(ended), message=Message(_(TIME_UP)))
    return None


#: Said when a flag falls: the status line says who won, so this says what to do next.
TIME_UP = N_("Time is up: u takes back the last move, g starts the next game.")


def _act(
    local: LocalGame,
    action: Callable[[core.Game, float], core.Game],
    seconds: float | None,
    said_after: Callable[[LocalGame, LocalGame], str],
    by_computer: bool = False,
) -> tuple[Screen, Reply]:
    """``local`` after ``action`` on its core game at ``seconds`` (a flag that fell first ends it instead), autosaved.

    A refusal is said as the core words it; the game stays as it was.
    """
    fell = _flag_fell(local, seconds)
    if fell is not None:
        return fell
    if not by_computer:
        reason = _busy_reason(local)
        if reason:
            return Playing(local), alerted(reason)
    try:
        game = action(local.game, _now(seconds))
    except GameError as error:
        return Playing(local), alerted(sentence(str(error)))
    moved = replace(with_game(local, game), step=False)
    text = said_after(local, moved)
    if local.paused and not moved.paused:
        text = text or _("Resumed: the move ended the pause.")
    return Playing(moved), Reply(effects=autosave_effects(moved), message=Message(text))


def _point(local: LocalGame, point: Point, seconds: float | None = None) -> tuple[Screen, Reply]:
    """Enter or a click at ``point``: a move, or in the opening the step's placement, offer or pick (the core says)."""
    local = replace(local, cursor=point)
    seat = local.game.acting_seat or _human_seat(local)
    return _act(local, lambda game, now: game.play(point, seat, now), seconds, _point_said)


def _point_said(before: LocalGame, after: LocalGame) -> str:
    """After a point: in the opening who did what when it was more than a stone, else a six's note."""
    if before.in_opening:
        return _step_said(before, after)
    last = after.board.last_move
    return overline_note(after, last) if last is not None and not after.game.ended else ""


def _opening_step(local: LocalGame, move: OpeningMove, seconds: float | None = None) -> tuple[Screen, Reply]:
    """A key's opening step (a choice, a declared number), taken by the seat it awaits."""
    step = local.game.opening_step
    if step is None:
        return Playing(local), alerted(_("The opening is over: play on."))
    return _act(local, lambda game, now: game.step(move, step.seat, now), seconds, _step_said)


def _step_said(before: LocalGame, after: LocalGame) -> str:
    """What the message line says of opening steps just taken: who and what, in words (stones show themselves)."""
    done = after.opening.events[len(before.opening.events) :]
    if not done:
        return ""
    seat = done[-1].seat
    moves = [event.move for event in done]
    computer = seat in before.seats
    if not computer and all(move.action in (Action.PLACE, Action.PICK) for move in moves):
        return ""
    what = join_list(move.describe(before.board.size) for move in moves)
    if computer:
        return _("The computer ({seat}): {steps}.").format(seat=seat.short, steps=what)
    side = side_name(before, before.game.colour_of(seat), seat.short)
    return _("{side}: {steps}.").format(side=side, steps=what)


def _busy_reason(game: LocalGame) -> str | None:
    """Why a human may not act now, or ``None`` if they may."""
    if game.over:
        return _("The game is over: R reviews it, g next game, u undo, q quit.")
    if game.mode is Mode.CVC:
        return _("You are watching: g starts a game you can play.")
    if game.computer_in_opening:
        if game.paused:
            return _("The computer is paused: p resumes it.")
        return _("The computer is taking its opening step: wait for it.")
    if game.computer_to_move:
        if game.paused:
            return _("The computer is paused: p resumes it.")
        return _("The computer is thinking: wait for its move.")
    return None


def _undo(local: LocalGame, seconds: float | None = None) -> tuple[Screen, Reply]:
    """Take back one move or step, or against the computer back to your own turn; both clocks go back too.

    In watch mode the game pauses (``p`` goes on).  The message offers ``r``
    only when a redo would be taken (never with a clock).
    """
    now = _now(seconds)
    try:
        game = local.game.undo(_human_seat(local), now)
    except GameError:
        return Playing(local), alerted(_("Nothing to undo."))
    if local.mode is Mode.CVC:
        game = game.pause(now)
    back = replace(with_game(local, game), step=False)
    before = local.game.actions()
    taken = before[len(game.actions()) :] or before[-1:]
    moves = join_list(taken)
    watching = local.mode is Mode.CVC
    if game.can_redo and watching:
        text = _("Took back {moves} (r redoes, p resumes).").format(moves=moves)
    elif game.can_redo:
        text = _("Took back {moves} (r redoes).").format(moves=moves)
    elif watching:
        text = _("Took back {moves} (p resumes).").format(moves=moves)
    else:
        text = _("Took back {moves}.").format(moves=moves)
    return Playing(back), said(text, autosave_effects(back))


def _redo(local: LocalGame, seconds: float | None = None) -> tuple[Screen, Reply]:
    if local.computer_to_move and local.mode is Mode.PVC and not local.clock.enabled:
        return Playing(local), alerted(_("The computer is thinking: wait for its move."))
    try:
        game = local.game.redo(_human_seat(local), _now(seconds))
    except GameError as error:
        if error.kind is Refusal.NOTHING_TO_REDO:
            return Playing(local), alerted(_("Nothing to redo."))
        return Playing(local), alerted(sentence(str(error)))
    moved = with_game(local, game)
    replayed = [local.board.notation(point) for point in game.board.moves[len(local.board.moves) :]]
    return Playing(moved), said(_("Replayed {moves}.").format(moves=join_list(replayed)), autosave_effects(moved))


def _toggle_pause(local: LocalGame, seconds: float | None = None) -> tuple[Screen, Reply]:
    now = _now(seconds)
    game = local.game.resume(now) if local.paused else local.game.pause(now)
    if not game.paused:
        text = _("Resumed.")
    elif local.mode is Mode.CVC:
        text = _("Paused: p resumes, . plays one move.")
    else:
        text = _("Paused: p resumes.")
    return Playing(replace(with_game(local, game), step=False)), said(text)


def _step(game: LocalGame) -> tuple[Screen, Reply]:
    """Watch mode, paused: let the computer make one move."""
    if not game.paused:
        return Playing(game), said(_("Press p to pause first; then . plays one move at a time."))
    if game.over:
        return Playing(game), alerted(_("The game is over: u takes moves back, g starts the next one."))
    return Playing(replace(game, step=True)), NOTHING


def _change_pace(game: LocalGame, ctx: Context, step: int) -> tuple[Screen, Reply]:
    index = max(0, min(len(PACES) - 1, PACES.index(game.settings.pace) + step))
    pace = PACES[index]
    settings = replace(ctx.settings, pace=pace)
    game = replace(game, settings=replace(game.settings, pace=pace))
    return Playing(game), said(
        _("Pace: {pace}.").format(pace=pace.label), (SaveSettings.of(ctx.settings, settings),), settings=settings
    )


def _ask_hint(game: LocalGame, ctx: Context) -> tuple[Screen, Reply]:
    reason = _busy_reason(game)
    if reason:
        return Playing(game), alerted(reason)
    if ctx.ai is not None:
        return Playing(game), alerted(_("Still working out a hint: wait a moment."))
    job = ctx.job
    ai = AiJob(job, AiKind.HINT, game.board)
    start = StartAi(job, AiKind.HINT, game.board, game.settings.level, think_time=game.settings.think_time)
    return Playing(game), said(_("Looking for a good move..."), (start,), ai=ai)


def ai_done(screen: Playing, event: AiDone, ctx: Context) -> tuple[Screen, Reply]:
    """The computer's answer to the current job: a hint to mark, or a move or opening step to take."""
    ai, local = ctx.ai, screen.game
    if ai is None or event.job != ai.job or ai.board is not local.board:
        return screen, NOTHING  # an answer to a question nobody asks any more
    now = _now(ctx.seconds)
    if ai.kind is AiKind.BALANCE:
        return balance.done(local, event, ai)
    if ai.kind is AiKind.OPENING:
        step = local.game.opening_step
        if ai.opening is not local.opening or step is None:
            return screen, NOTHING
        if event.opening_move is None:
            text = _("The computer failed: {error}. p lets it try again.").format(error=event.error)
            return Playing(with_game(local, local.game.pause(now))), alerted(text, ai=None)
        move = event.opening_move
        moved, outcome = _act(local, lambda game, at: game.step(move, step.seat, at), ctx.seconds, _step_said, True)
        return moved, replace(outcome, ai=None)
    if event.point is None and ai.kind is AiKind.MOVE and event.engine:
        return _engine_failed(local, event.engine, event.error, now)
    if event.point is None:
        stopped = replace(with_game(local, local.game.pause(now)), step=False) if ai.kind is AiKind.MOVE else local
        if ai.kind is AiKind.MOVE:
            text = _("The computer failed: {error}. p lets it try again.").format(error=event.error)
        else:
            text = _("The computer failed: {error}.").format(error=event.error)
        return Playing(stopped), alerted(text, ai=None)
    if ai.kind is AiKind.HINT:
        hinted = replace(local, hint=event.point, cursor=event.point)
        return Playing(hinted), said(
            _("Hint: {point}. Enter plays it.").format(point=local.board.notation(event.point)), ai=None
        )
    point, seat = event.point, local.game.acting_seat
    if seat is None:
        return screen, NOTHING
    # Only thinking is charged: in watch mode the answer waits for the pace, and that wait is nobody's time.
    done = now
    if ai.started is not None and event.thought is not None:
        done = min(now, ai.started + event.thought)
    fell = _flag_fell(local, done)  # judged when the thinking ended, not after the pace's wait
    if fell is not None:
        return fell[0], replace(fell[1], ai=None)
    try:
        game = local.game.play(point, seat, done)
    except GameError as error:
        stopped = replace(with_game(local, local.game.pause(now)), step=False)
        return Playing(stopped), alerted(_("The computer tried an illegal move: {error}").format(error=error), ai=None)
    if done < now and not game.over:
        game = game.pause(done).resume(now)
    if local.step:
        game = game.pause(now)  # watch mode's one move: paused again
    after = replace(with_game(local, game), step=False)
    return Playing(after), Reply(effects=autosave_effects(after), message=Message(_point_said(local, after)), ai=None)


def _engine_failed(game: LocalGame, engine: str, reason: str, now: float) -> tuple[Screen, Reply]:
    """Outside ``engine`` failed to move (``reason``): the game is kept, paused, with a built-in level in its place."""
    settings = game.settings
    if settings.mode is Mode.CVC and game.board.turn is Stone.BLACK:
        settings = replace(settings, black_level=FALLBACK_LEVEL)
    elif settings.mode is Mode.CVC:
        settings = replace(settings, white_level=FALLBACK_LEVEL)
    else:
        settings = replace(settings, level=FALLBACK_LEVEL)
    kept = replace(with_game(game, game.game.pause(now)), settings=settings, step=False)
    text = _("The engine {engine} {problem}. The game is kept: p goes on with {level}.").format(
        engine=engine, problem=reason.rstrip("."), level=FALLBACK_LEVEL
    )
    return Playing(kept), alerted(text, ai=None)


# -- the view -------------------------------------------------------------------


def header(screen: Playing, ctx: Context) -> str:
    return header_info(screen.game)


def header_info(game: LocalGame) -> str:
    """The title bar's account of the game: mode, levels (and pace), paused, rule and size."""
    settings = game.settings
    if settings.mode is Mode.CVC:
        info = _("watch · {black} vs {white} · pace {pace}").format(
            black=settings.black_level, white=settings.white_level, pace=pace_name(settings.pace)
        )
    elif settings.mode is Mode.PVC:
        info = _("{mode} · level {level}").format(mode=settings.mode.label, level=settings.level)
    else:
        info = settings.mode.label
    if game.paused:
        info += " · " + _("paused")
    if game.opening.rule.value != "none":
        info += f" · {game.opening.rule.said()}"
    return info + f" · {settings.rule.said()} {settings.size}x{settings.size}"


def view(win: Window, screen: Playing, ctx: Context, theme: Theme) -> None:
    game = screen.game
    layout = draw.board_place(win, theme, game.board.size)
    if layout is None:
        return
    cursor = game.cursor if game.mode is not Mode.CVC else None
    step = game.opening.step if game.in_opening else None
    allowed = game.opening.area if step is not None else None
    area: frozenset[Point] = frozenset()
    if allowed is not None and allowed.side is not None:
        area = frozenset(allowed.points(game.board.size))
    offers = frozenset(game.opening.offers) if game.in_opening else frozenset()
    marks = Marks(game.forbidden, game.hint, cursor, game.heat, area, offers)
    draw.board_view(win, layout, game.board, theme, marks)
    balanced = balance.shown(game)  # asked for at this step: it takes the marks and the panel from the analysis
    if balanced is not None:
        balance.draw_marks(win, layout, balanced, theme)
    analysing = balanced is None and live.analysed_board(screen, ctx.settings) is not None
    analysis = live.current(ctx.analysis, game.board) if analysing else None
    scale = live.scale(ctx.analysis, ctx.settings)
    book = bookview.panel_lines(ctx.library, game.board) if analysing else []
    if analysing:
        if not game.heat:
            bookview.draw_marks(win, layout, ctx.library.lookup(game.board), game.board, theme)
        live.draw_marks(win, layout, analysis, game.board, theme)
    if layout.panel_x is not None:
        bottom = None
        if analysing:
            shown = book + live.lines(ctx.analysis, game.board, live.waits(screen, ctx.ai), scale)
            bottom = live.draw_panel(win, layout, shown, theme) - 2
        elif balanced is not None:
            bottom = live.draw_panel(win, layout, balance.lines(balanced, bool(balance.offering(game))), theme) - 2
        top = layout.top
        if game.opening.events:  # the opening as it happened, as the network game shows it
            end = win.getmaxyx()[0] - draw.FOOTER_ROWS - 1 if bottom is None else bottom
            history = game.opening.history(game.board.size, lambda seat: seat_name(game, seat))
            top = draw.opening_panel(win, layout, theme, game.opening.rule.said(), history, top, (end - top) // 2)
        names = [game.board.notation(point) for point in game.board.moves]
        draw.moves_panel(win, layout, theme, names, top=top, bottom=bottom)
    note = live.status_text(analysis, game.board, scale) if analysing and layout.panel_x is None else None
    if note is not None and book:
        note = f"{note} · {book[0]}"
    _status(win, ctx, game, theme, note)


def seat_name(game: LocalGame, seat: Seat) -> str:
    """How the move list names an opening seat: ``computer`` or ``you`` against the computer, else ``player 1``."""
    if game.mode is Mode.PVC:
        return pgettext("player", "computer") if seat in game.seats else pgettext("player", "you")
    return seat.short


def _status(win: Window, ctx: Context, game: LocalGame, theme: Theme, analysis: str | None = None) -> None:
    """The side to move and the move number (with the live analysis's best move when there is no panel)."""
    board = game.board
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if result_text(game):
        text = ended_text(game)
        if textwidth.width(text) > cols - 2:  # how it ended matters more than after how many moves
            text = result_text(game)
        draw.put(win, row, 1, textwidth.fit(text, cols - 2), theme("result"))
        return
    spinner = theme.glyphs["spinner"]
    room = cols - 2
    if game.clock.enabled:  # the clocks always show; the text beside them gives way
        room -= _clocks(win, row, cols, _clock_pieces(ctx, game, theme), theme)
    step = game.game.opening_step
    if step is not None:
        opening_job = ctx.ai is not None and ctx.ai.kind in (AiKind.OPENING, AiKind.BALANCE)
        deciding = f" {spinner[ctx.frame % len(spinner)]}" if opening_job else ""
        turn = step.prompt + deciding
        if textwidth.width(turn) > room:  # a long prompt shortens: "black: swap / keep"
            turn = step.short + deciding
        draw.put(win, row, 1, textwidth.fit(turn, room), theme("status"))
        return
    stone = board.turn
    glyph = theme.glyphs[str(stone)]
    thinking = ctx.ai is not None and ctx.ai.kind is AiKind.MOVE
    side = side_name(game, stone)
    if thinking:
        doing = _("{side} thinking").format(side=side)
        turn = f"{glyph} {doing} {spinner[ctx.frame % len(spinner)]}"
    elif game.paused and game.computer_to_move:
        turn = f"{glyph} " + _("{side} to play (paused)").format(side=side)
    else:
        turn = f"{glyph} " + _("{side} to play").format(side=side)
    parts = [turn, game.settings.rule.said(), _("move {number}").format(number=len(board.moves) + 1)]
    # The opening's name once its three stones are down (a Swap1 or Swap2 proposal by its stones if it has none).
    parts.append(opening_said(board, game.opening.rule))
    if analysis is not None:
        parts.insert(1, analysis)
    if board.last_move is not None:
        last = _("last: {colour} {point}").format(colour=colour(board.mover(-1)), point=board.notation(board.last_move))
        parts.append(last)
    draw.put(win, row, 1, fitted(theme, parts, room), theme("status"))


def _clock_pieces(ctx: Context, game: LocalGame, theme: Theme) -> list[tuple[str, str]]:
    """Both clocks' texts and styles, by the colour each seat holds now: the running one highlighted, a warning
    under :data:`WARN_SECONDS` (with a ``!`` for monochrome).  The clock is kept by seat (:mod:`gomoku.game`)."""
    pieces = []
    for stone in (Stone.BLACK, Stone.WHITE):
        seat = game.game.seat_of(stone)
        face, low = clock_face(game.clock, clock_side(seat), ctx.seconds)
        text = f" {theme.glyphs[str(stone)]} {face} "
        style = "alert" if low else "selected" if seat is game.game.clock_seat else "status"
        pieces.append((text, style))
    return pieces


def _width(pieces: list[tuple[str, str]]) -> int:
    """The columns the clocks take, a space before them included."""
    return sum(textwidth.width(text) for text, _style in pieces) + 1


def _clocks(win: Window, row: int, cols: int, pieces: list[tuple[str, str]], theme: Theme) -> int:
    """The clocks at the right of the status line (:func:`_clock_pieces`); returns the columns they take."""
    col = cols - _width(pieces)
    for text, style in pieces:
        draw.put(win, row, col, text, theme(style))
        col += textwidth.width(text)
    return _width(pieces)


def unbound(screen: Playing, ctx: Context, key: str) -> str:
    """What a key the game does not declare now is told: why, where the key means something elsewhere."""
    mode = screen.game.mode
    if mode is Mode.CVC and (PLAY.matches(key) or HINT.matches(key) or CURSOR.matches(key)):
        return _("You are watching: g starts a game you can play.")
    if mode is Mode.PVP and PAUSE.matches(key):
        return _("There is no computer to pause in a two-player game.")
    if BALANCED.matches(key):
        return _("B balanced: only while you place or offer a stone under an opening rule (? lists the keys).")
    if REDO.matches(key) and screen.game.clock.enabled:  # not offered: the core takes no redo with a clock
        return _("No redo with a clock: play the moves again.")
    return elsewhere(key, network=False) or unbound_text(key)


ROUTE = Route(update, view, bindings, header=header, fits=fits, key_line=key_line, unbound=unbound)
