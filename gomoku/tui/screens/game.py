"""The game screen: the board, the cursor, moves, undo and redo, hints, the heat map, watch mode.

A screen of the router (:mod:`gomoku.tui.screen`): ``update`` returns the next
:class:`Playing` and an :class:`~gomoku.tui.screen.Reply`.  The computer's
moves are asked for by :func:`gomoku.tui.update.settle` (it is the computer's
turn, it is not paused: start it); this screen asks for hints itself, plays
the answers, and asks autosave to keep every change of the board.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import Board, HistoryError, IllegalMoveError
from gomoku.openings import (
    Action,
    OpeningError,
    OpeningMove,
    Seat,
    Step,
    choose,
    declare,
    offer,
    pick,
    place,
    replay,
)
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui import draw, live
from gomoku.tui.bindings import (
    ANALYSIS,
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
    Game,
    Menu,
    MenuRow,
    Playing,
    PromptKind,
    Screen,
    opening_pressed,
    timed,
    with_board,
    with_opening,
)
from gomoku.tui.saves import autosave_effects
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Message, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import dialogs, prompt, review
from gomoku.tui.settings import Mode, Pace
from gomoku.tui.texts import clock_face, ended_text, heat_text, overline_note, result_text, sentence, side_name

PACES = tuple(Pace)
#: The built-in level that takes over from an outside engine that failed.
FALLBACK_LEVEL = "hard"

# -- the keys: the game screens' one key map (gomoku.tui.bindings), as this screen takes them

#: Watch mode's pause while paused.
RESUME = replace(PAUSE, short="p resume")
FASTER_KEYS = frozenset({"+", "="})
#: What Enter (or a click) does at each kind of opening step.
STONE_STEPS = {Action.PLACE: place, Action.OFFER: offer, Action.PICK: pick, Action.CHOOSE: place}


def _human_step(game: Game) -> Step | None:
    """The opening step a human takes now, or ``None`` (no opening, or the computer's step)."""
    step = game.opening.step
    if step is None or not game.in_opening or step.seat in game.seats:
        return None
    return step


def _opening_bindings(step: Step) -> tuple[Binding, ...]:
    keys = tuple(OPENING_KEYS[option] for option in step.options)
    if step.action is Action.DECLARE:
        return (DECLARE,)
    return (CURSOR, PLAY, *keys)


def bindings(screen: Playing, ctx: Context) -> Bindings:
    """The game's keys: to play (against the computer or each other), or to watch."""
    game = screen.game
    review = (REVIEW,) if game.over else ()
    if game.mode is Mode.CVC:
        pause = RESUME if game.paused else PAUSE
        return (pause, STEP, PACE, UNDO, REDO, NEXT, HEAT, ANALYSIS, SAVE, LOAD, *review, DISMISS, HELP, QUIT)
    computer = (PAUSE,) if game.mode is Mode.PVC or game.clock.enabled else ()
    step = _human_step(game)
    if step is not None:
        return (*_opening_bindings(step), UNDO, HEAT, SAVE, LOAD, NEXT, *computer, DISMISS, HELP, QUIT)
    return (CURSOR, PLAY, UNDO, REDO, HINT, HEAT, ANALYSIS, SAVE, LOAD, NEXT, *computer, *review, DISMISS, HELP, QUIT)


def key_line(screen: Playing, ctx: Context) -> list[str] | None:
    """The bottom line, most useful first (as many as fit are shown): the heat map's legend while it is on."""
    game = screen.game
    if game.heat:
        return list(draw.HEAT_LEGEND)
    line: tuple[Binding, ...]
    step = _human_step(game)
    if step is not None:
        return [binding.short for binding in (*_opening_bindings(step), UNDO, HELP, QUIT) if binding is not CURSOR]
    if game.over:
        line = (REVIEW, NEXT, UNDO, SAVE, HEAT, HELP, QUIT)
    elif game.mode is Mode.CVC:
        line = (RESUME if game.paused else PAUSE, STEP, PACE, UNDO, NEXT, HELP, QUIT)
    else:
        line = (PLAY, UNDO, REDO, HINT, HEAT, SAVE, HELP, QUIT)
    return [binding.short for binding in line]


def update(screen: Playing, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    """The game after a key, a click, or the computer's answer."""
    game = screen.game
    if isinstance(event, AiDone):
        return ai_done(screen, event, ctx)
    if isinstance(event, Mouse):
        point = clicked_point(event.row, event.col, event.rows, event.cols, game.board.size)
        if point is None or game.mode is Mode.CVC:
            return screen, NOTHING
        if game.in_opening:
            return _stone_step(replace(game, cursor=point), point, ctx.seconds)
        return _play(replace(game, cursor=point), point, ctx.seconds)
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    name, binding = event.key, event.binding
    if binding is CURSOR:
        return Playing(replace(game, cursor=stepped(game.cursor, *CURSOR_KEYS[name], game.board.size))), NOTHING
    if binding is PLAY and game.in_opening:
        return _stone_step(game, game.cursor, ctx.seconds)
    if binding is PLAY:
        return _play(game, game.cursor, ctx.seconds)
    if binding is DECLARE:
        return _opening_step(game, declare(int(name)), ctx.seconds)
    for option, key in OPENING_KEYS.items():
        if binding is key:
            return _opening_step(game, choose(option), ctx.seconds)
    if binding is UNDO:
        return _undo(game, ctx.seconds)
    if binding is REDO:
        return _redo(game)
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
        return review.begin(game.board, screen, ctx)
    if binding is ANALYSIS:
        if not game.analysis and not live.allowed(game, ctx.settings):
            return screen, alerted(live.refusal())
        return Playing(replace(game, analysis=not game.analysis)), said(
            live.toggled_text(not game.analysis, ctx.settings)
        )
    if binding is DISMISS:
        return screen, NOTHING  # the router has cleared the message line already
    if binding is NEXT:
        return Menu(MenuRow.NEW, back=screen), NOTHING
    if binding is SAVE:
        if not game.board.moves:
            return screen, alerted("No moves to save yet: play first.")
        return screen, prompt.opened(ctx, PromptKind.SAVE)
    if binding is LOAD:
        return screen, prompt.opened(ctx, PromptKind.LOAD)
    if binding is QUIT:
        return screen, dialogs.quit_outcome(screen)
    return screen, UNHANDLED


def fits(screen: Playing, ctx: Context, rows: int, cols: int) -> bool:
    """Whether the board can be seen (while it cannot, keys must not play on it: issue 21, item 1)."""
    return board_layout(rows, cols, screen.game.board.size) is not None


def _busy_reason(game: Game) -> str | None:
    """Why a human may not move now, or ``None`` if they may."""
    if game.over:
        return "The game is over: R reviews it, g next game, u undo, q quit."
    if game.mode is Mode.CVC:
        return "You are watching: g starts a game you can play."
    if game.computer_in_opening:
        if game.paused:
            return "The computer is paused: p resumes it."
        return "The computer is taking its opening step: wait for it."
    if game.computer_to_move:
        if game.paused:
            return "The computer is paused: p resumes it."
        return "The computer is thinking: wait for its move."
    return None


def _stone_step(game: Game, point: Point, seconds: float | None = None) -> tuple[Screen, Reply]:
    """Enter or a click during the opening: place, offer or pick at ``point``, as the step asks."""
    step = game.opening.step
    reason = _busy_reason(game)
    if reason or step is None:
        return Playing(game), alerted(reason or "The opening is over.")
    if step.action is Action.DECLARE:
        return Playing(game), alerted(f"Declare a number first: press 1 to {step.count}.")
    return _opening_step(game, STONE_STEPS[step.action](point), seconds)


def _opening_step(
    game: Game, move: OpeningMove, seconds: float | None = None, by_computer: bool = False
) -> tuple[Screen, Reply]:
    """``game`` after the opening step ``move`` (a stone is played on a copy of the board), its clock
    pressed at ``seconds`` as the network host presses it (:func:`~gomoku.tui.model.opening_pressed`), autosaved."""
    step = game.opening.step
    if step is None:
        return Playing(game), alerted("The opening is over: play on.")
    late = timed(game, seconds)
    if late.flagged is not None and game.flagged is None:  # the flag fell before the step
        return Playing(late), Reply(effects=autosave_effects(late), message=Message(result_text(late)))
    if not by_computer:
        reason = _busy_reason(game)
        if reason:
            return Playing(game), alerted(reason)
    board = game.board.copy()
    try:
        opening = game.opening.apply(board, move, seat=step.seat)
    except OpeningError as error:
        return Playing(game), alerted(sentence(str(error)))
    cursor = move.point if move.point is not None and move.action is not Action.OFFER else None
    moved = with_opening(_on(game, board, cursor=cursor) if board.moves != game.board.moves else game, opening)
    if move.action is Action.OFFER and move.point is not None:
        moved = replace(moved, cursor=move.point)
    moved = opening_pressed(game, moved, seconds)
    return Playing(moved), Reply(effects=autosave_effects(moved), message=Message(_step_said(game, step, move)))


def _step_said(game: Game, step: Step, move: OpeningMove) -> str:
    """What the message line says of an opening step just taken."""
    who = side_name(game, step.colour) if step.seat not in game.seats else "The computer"
    if who == "The computer" or move.option is not None or move.action is Action.DECLARE:
        text = move.text(game.board.size)
        return sentence(f"{who} ({step.seat.short}): {text}")
    return ""


def _moved(game: Game, point: Point, seconds: float | None = None) -> tuple[Screen, Reply]:
    """``game`` on the screen after a move at ``point``, its clock pressed at ``seconds``, autosaved.

    The message line is cleared (what it said was about the position before),
    unless the move is a six under standard, which is explained.
    """
    clock = game.clock
    if clock.enabled and clock.running is not None and seconds is not None:
        game = replace(game, clock=clock.press(seconds) if not game.over else clock.stop(seconds))
    return Playing(game), Reply(effects=autosave_effects(game), message=Message(overline_note(game, point)))


def _play(game: Game, point: Point, seconds: float | None = None) -> tuple[Screen, Reply]:
    late = timed(game, seconds)
    if late.flagged is not None and game.flagged is None:  # the flag fell before the move
        return Playing(late), Reply(effects=autosave_effects(late), message=Message(result_text(late)))
    reason = _busy_reason(game)
    if reason:
        return Playing(game), alerted(reason)
    board = game.board.copy()
    try:
        board.play(point)
    except IllegalMoveError as error:
        return Playing(game), alerted(sentence(str(error)))
    return _moved(_on(game, board, cursor=point), point, seconds)


def _on(game: Game, board: Board, cursor: Point | None = None) -> Game:
    """``game`` on its new ``board`` (forbidden points redone, hint gone), the cursor moved if given."""
    return with_board(replace(game, cursor=cursor or game.cursor, step=False), board)


def _undo_count(game: Game) -> int:
    """How many moves ``u`` takes back: one, or against the computer back to the human's last move."""
    moves = len(game.board.moves)
    if game.mode is not Mode.PVC:
        return min(1, moves)
    for index in range(moves - 1, -1, -1):  # games start from an empty board, black first
        stone = Stone.BLACK if index % 2 == 0 else Stone.WHITE
        if stone not in game.computer:
            return moves - index
    return 0


def _undo_opening(game: Game, seconds: float | None = None) -> tuple[Screen, Reply]:
    """Undo during the opening (or right after it): take back steps, against the computer to your own step.

    Both clocks go back as they were before the undone steps (each step pressed them).
    """
    steps = game.opening.transcript(game.board.size)
    for keep in range(len(steps) - 1, -1, -1):
        board = Board(game.board.size, game.board.rule)
        opening = replay(game.opening.rule, board, steps[:keep])
        back = with_opening(_on(game, board), opening)
        clock = game.clock
        if clock.enabled and seconds is not None:
            undone = len(steps) - keep + (1 if game.flagged is not None else 0)
            clock = clock.undo(undone, seconds)
        elif clock.enabled:
            clock = type(clock).new(clock.spec)
        back = replace(back, clock=clock, flagged=None)
        if game.mode is not Mode.PVC or _human_step(back) is not None:
            taken = ", ".join(steps[keep:])
            return Playing(back), said(f"Took back {taken}.", autosave_effects(back))
    return Playing(game), alerted("Nothing to undo.")


def _undo(game: Game, seconds: float | None = None) -> tuple[Screen, Reply]:
    if game.opening.events and (game.in_opening or len(game.board.moves) <= game.opening.stones):
        return _undo_opening(game, seconds)
    count = min(_undo_count(game), len(game.board.moves) - game.opening.stones)
    if count == 0:
        return Playing(game), alerted("Nothing to undo.")
    board = game.board.copy()
    taken = []
    try:
        for _ in range(count):
            taken.append(board.notation(board.undo()))
    except HistoryError:
        return Playing(game), alerted("Nothing to undo.")
    watching = game.mode is Mode.CVC
    clock = game.clock
    if clock.enabled and seconds is not None:  # both clocks as they were before the undone moves
        clock = clock.undo(count + (1 if game.flagged is not None else 0), seconds)
    game = replace(_on(game, board), paused=game.paused or watching, clock=clock, flagged=None)
    note = " (r redoes, p resumes)" if watching else " (r redoes)"
    return Playing(game), said(f"Took back {', '.join(reversed(taken))}{note}.", autosave_effects(game))


def _redo(game: Game) -> tuple[Screen, Reply]:
    if game.in_opening:
        return Playing(game), alerted("Nothing to redo in the opening: take the step again.")
    if game.clock.enabled:
        return Playing(game), alerted("No redo with a clock: play the moves again.")
    if game.computer_to_move and game.mode is Mode.PVC:
        return Playing(game), alerted("The computer is thinking: wait for its move.")
    board = game.board.copy()
    replayed = []
    while board.can_redo:
        try:
            replayed.append(board.notation(board.redo()))
        except (HistoryError, IllegalMoveError):
            break
        # against the computer, replay up to the human's turn again
        if game.mode is not Mode.PVC or board.is_game_over() or board.turn not in game.computer:
            break
    if not replayed:
        return Playing(game), alerted("Nothing to redo.")
    game = _on(game, board)
    return Playing(game), said(f"Replayed {', '.join(replayed)}.", autosave_effects(game))


def _toggle_pause(game: Game, seconds: float | None = None) -> tuple[Screen, Reply]:
    paused = not game.paused
    if game.clock.enabled and seconds is not None:
        game = replace(game, clock=game.clock.pause(seconds) if paused else game.clock.resume(seconds))
    if not paused:
        text = "Resumed."
    elif game.mode is Mode.CVC:
        text = "Paused: p resumes, . plays one move."
    else:
        text = "Paused: p resumes."
    return Playing(replace(game, paused=paused, step=False)), said(text)


def _step(game: Game) -> tuple[Screen, Reply]:
    """Watch mode, paused: let the computer make one move."""
    if not game.paused:
        return Playing(game), said("Press p to pause first; then . plays one move at a time.")
    if game.over:
        return Playing(game), alerted("The game is over: u takes moves back, g starts the next one.")
    return Playing(replace(game, step=True)), NOTHING


def _change_pace(game: Game, ctx: Context, step: int) -> tuple[Screen, Reply]:
    index = max(0, min(len(PACES) - 1, PACES.index(game.settings.pace) + step))
    pace = PACES[index]
    settings = replace(ctx.settings, pace=pace)
    game = replace(game, settings=replace(game.settings, pace=pace))
    return Playing(game), said(f"Pace: {pace.label}.", (SaveSettings.of(ctx.settings, settings),), settings=settings)


def _ask_hint(game: Game, ctx: Context) -> tuple[Screen, Reply]:
    reason = _busy_reason(game)
    if reason:
        return Playing(game), alerted(reason)
    if ctx.ai is not None:
        return Playing(game), alerted("Still working out a hint: wait a moment.")
    job = ctx.job
    ai = AiJob(job, AiKind.HINT, game.board)
    start = StartAi(job, AiKind.HINT, game.board, game.settings.level, think_time=game.settings.think_time)
    return Playing(game), said("Looking for a good move...", (start,), ai=ai)


def ai_done(screen: Playing, event: AiDone, ctx: Context) -> tuple[Screen, Reply]:
    """The computer's answer to the current job: a hint to mark, or a move to play."""
    ai, game = ctx.ai, screen.game
    if ai is None or event.job != ai.job or ai.board is not game.board:
        return screen, NOTHING  # an answer to a question nobody asks any more
    if ai.kind is AiKind.OPENING:
        if ai.opening is not game.opening:
            return screen, NOTHING
        if event.opening_move is None:
            failed = f"The computer failed: {event.error}. p lets it try again."
            return Playing(replace(game, paused=True)), alerted(failed, ai=None)
        moved, outcome = _opening_step(game, event.opening_move, ctx.seconds, by_computer=True)
        return moved, replace(outcome, ai=None)
    if event.point is None and ai.kind is AiKind.MOVE and event.engine:
        return _engine_failed(game, event.engine, event.error)
    if event.point is None:
        paused = replace(game, paused=True, step=False) if ai.kind is AiKind.MOVE else game
        note = " p lets it try again." if ai.kind is AiKind.MOVE else ""
        return Playing(paused), alerted(f"The computer failed: {event.error}.{note}", ai=None)
    if ai.kind is AiKind.HINT:
        hinted = replace(game, hint=event.point, cursor=event.point)
        return Playing(hinted), said(f"Hint: {game.board.notation(event.point)}. Enter plays it.", ai=None)
    board = game.board.copy()
    try:
        board.play(event.point)
    except IllegalMoveError as error:
        paused = replace(game, paused=True, step=False)
        return Playing(paused), alerted(f"The computer tried an illegal move: {error}", ai=None)
    moved, outcome = _moved(_on(game, board), event.point, ctx.seconds)
    return moved, replace(outcome, ai=None)


def _engine_failed(game: Game, engine: str, reason: str) -> tuple[Screen, Reply]:
    """Outside ``engine`` failed to move (``reason``): the game is kept, paused, with a built-in level in its place."""
    settings = game.settings
    if settings.mode is Mode.CVC and game.board.turn is Stone.BLACK:
        settings = replace(settings, black_level=FALLBACK_LEVEL)
    elif settings.mode is Mode.CVC:
        settings = replace(settings, white_level=FALLBACK_LEVEL)
    else:
        settings = replace(settings, level=FALLBACK_LEVEL)
    kept = replace(game, settings=settings, paused=True, step=False)
    text = f"The engine {engine} {reason.rstrip('.')}. The game is kept: p goes on with {FALLBACK_LEVEL}."
    return Playing(kept), alerted(text, ai=None)


# -- the view -------------------------------------------------------------------


def header(screen: Playing, ctx: Context) -> str:
    return header_info(screen.game)


def header_info(game: Game) -> str:
    """The title bar's account of the game: mode, levels (and pace), paused, rule and size."""
    settings = game.settings
    if settings.mode is Mode.CVC:
        info = f"watch · {settings.black_level} vs {settings.white_level} · pace {settings.pace.value}"
    elif settings.mode is Mode.PVC:
        info = f"{settings.mode.label} · level {settings.level}"
    else:
        info = settings.mode.label
    if game.paused:
        info += " · paused"
    if game.opening.rule.value != "none":
        info += f" · {game.opening.rule.title}"
    return info + f" · {settings.rule} {settings.size}x{settings.size}"


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
    analysing = live.analysed_board(screen, ctx.settings) is not None
    analysis = live.current(ctx.analysis, game.board) if analysing else None
    if analysing:
        live.draw_marks(win, layout, analysis, game.board, theme)
    if layout.panel_x is not None:
        bottom = None
        if analysing:
            bottom = (
                live.draw_panel(win, layout, live.lines(ctx.analysis, game.board, live.waits(screen, ctx.ai)), theme)
                - 2
            )
        top = layout.top
        if game.opening.events:  # the opening as it happened, as the network game shows it
            end = win.getmaxyx()[0] - draw.FOOTER_ROWS - 1 if bottom is None else bottom
            history = game.opening.history(game.board.size, lambda seat: seat_name(game, seat))
            top = draw.opening_panel(win, layout, theme, game.opening.rule.title, history, top, (end - top) // 2)
        names = [game.board.notation(point) for point in game.board.moves]
        draw.moves_panel(win, layout, theme, names, top=top, bottom=bottom)
    note = live.status_text(analysis, game.board) if analysing and layout.panel_x is None else None
    _status(win, ctx, game, theme, note)


def seat_name(game: Game, seat: Seat) -> str:
    """How the move list names an opening seat: ``computer`` or ``you`` against the computer, else ``player 1``."""
    if game.mode is Mode.PVC:
        return "computer" if seat in game.seats else "you"
    return seat.short


def _status(win: Window, ctx: Context, game: Game, theme: Theme, analysis: str | None = None) -> None:
    """The side to move and the move number (with the live analysis's best move when there is no panel)."""
    board = game.board
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if result_text(game):
        text = ended_text(game)
        if len(text) > cols - 2:  # how it ended matters more than after how many moves
            text = result_text(game)
        draw.put(win, row, 1, text[: cols - 2], theme("result"))
        return
    spinner = theme.glyphs["spinner"]
    step = game.opening.step if game.in_opening else None
    if step is not None:
        deciding = ctx.ai is not None and ctx.ai.kind is AiKind.OPENING
        turn = step.prompt + (f" {spinner[ctx.frame % len(spinner)]}" if deciding else "")
        room = cols - 2
        pieces = _clock_pieces(ctx, game, theme) if game.clock.enabled else []
        if len(turn) + _width(pieces) > room:  # the prompt comes first: then only the running clock, or none
            pieces = [
                piece
                for stone, piece in zip((Stone.BLACK, Stone.WHITE), pieces, strict=True)
                if stone is game.clock.running
            ]
        if pieces and len(turn) + _width(pieces) <= room:  # the clocks run in the opening too
            room -= _clocks(win, row, cols, pieces, theme)
        draw.put(win, row, 1, turn[:room], theme("status"))
        return
    stone = board.turn
    glyph = theme.glyphs[str(stone)]
    thinking = ctx.ai is not None and ctx.ai.kind is AiKind.MOVE
    if thinking:
        turn = f"{glyph} {side_name(game, stone)} thinking {spinner[ctx.frame % len(spinner)]}"
    elif game.paused and game.computer_to_move:
        turn = f"{glyph} {side_name(game, stone)} to play (paused)"
    else:
        turn = f"{glyph} {side_name(game, stone)} to play"
    parts = [turn, str(game.settings.rule), f"move {len(board.moves) + 1}"]
    if analysis is not None:
        parts.insert(1, analysis)
    if board.last_move is not None:
        parts.append(f"last: {board.turn.opponent} {board.notation(board.last_move)}")
    room = cols - 2 - (_clocks(win, row, cols, _clock_pieces(ctx, game, theme), theme) if game.clock.enabled else 0)
    draw.put(win, row, 1, theme.join(parts)[: max(0, room)], theme("status"))


def _clock_pieces(ctx: Context, game: Game, theme: Theme) -> list[tuple[str, str]]:
    """Both clocks' texts and styles: the side to move's highlighted, a warning under :data:`WARN_SECONDS`
    (with a ``!`` for monochrome)."""
    pieces = []
    for stone in (Stone.BLACK, Stone.WHITE):
        face, low = clock_face(game.clock, stone, ctx.seconds)
        text = f" {theme.glyphs[str(stone)]} {face} "
        style = "alert" if low else "selected" if stone is game.clock.running else "status"
        pieces.append((text, style))
    return pieces


def _width(pieces: list[tuple[str, str]]) -> int:
    """The columns the clocks take, a space before them included."""
    return sum(len(text) for text, _ in pieces) + 1


def _clocks(win: Window, row: int, cols: int, pieces: list[tuple[str, str]], theme: Theme) -> int:
    """The clocks at the right of the status line (:func:`_clock_pieces`); returns the columns they take."""
    col = cols - _width(pieces)
    for text, style in pieces:
        draw.put(win, row, col, text, theme(style))
        col += len(text)
    return _width(pieces)


def unbound(screen: Playing, ctx: Context, key: str) -> str:
    """What a key the game does not declare now is told: why, where the key means something elsewhere."""
    mode = screen.game.mode
    if mode is Mode.CVC and (PLAY.matches(key) or HINT.matches(key) or CURSOR.matches(key)):
        return "You are watching: g starts a game you can play."
    if mode is Mode.PVP and PAUSE.matches(key):
        return "There is no computer to pause in a two-player game."
    return elsewhere(key, network=False) or unbound_text(key)


ROUTE = Route(update, view, bindings, header=header, fits=fits, key_line=key_line, unbound=unbound)
