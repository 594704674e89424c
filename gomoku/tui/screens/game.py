"""The game screen: the board, the cursor, moves, undo and redo, hints, the heat map, watch mode.

The computer's moves are asked for by :func:`gomoku.tui.update.settle` (it is
the computer's turn, it is not paused: start it); this screen asks for hints
itself, plays the answers, and asks autosave to keep every change of the board.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import Board, HistoryError, IllegalMoveError
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui import draw
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import AiKind, SaveSettings, StartAi
from gomoku.tui.events import AiDone, Key, Mouse
from gomoku.tui.keys import CURSOR_KEYS, LOAD_KEY, PLAY_KEYS, QUIT_KEY, SAVE_KEY
from gomoku.tui.layout import clicked_point, stepped
from gomoku.tui.model import (
    AiJob,
    Game,
    Menu,
    MenuRow,
    Playing,
    PromptKind,
    State,
    Step,
    complain,
    next_job,
    say,
    with_board,
)
from gomoku.tui.saves import autosave_effects
from gomoku.tui.screens import dialogs, prompt
from gomoku.tui.settings import Mode, Pace
from gomoku.tui.texts import ended_text, key_label, overline_note, result_text, sentence, side_name

#: Watch mode's keys: pause, one move while paused, and a faster or slower pace.
PAUSE_KEY = "p"
STEP_KEY = "."
FASTER_KEYS = frozenset({"+", "="})
SLOWER_KEYS = frozenset({"-", "_"})
PACES = tuple(Pace)


def update(state: State, screen: Playing, event: Key | Mouse) -> Step:
    """The game after a key or a click."""
    game = screen.game
    if isinstance(event, Mouse):
        point = clicked_point(event.row, event.col, event.rows, event.cols, game.board.size)
        if point is None:
            return state, ()
        return _play(state, replace(game, cursor=point), point)
    name = event.name
    if name in CURSOR_KEYS:
        cursor = stepped(game.cursor, *CURSOR_KEYS[name], game.board.size)
        return _set(state, replace(game, cursor=cursor)), ()
    if name in PLAY_KEYS:
        if name == "space" and game.mode is Mode.CVC:
            return _toggle_pause(state, game)
        return _play(state, game, game.cursor)
    if name == "u":
        return _undo(state, game)
    if name == "r":
        return _redo(state, game)
    if name == "H":
        return _ask_hint(state, game)
    if name == "t":
        heat = not game.heat
        text = "Heat map on: the legend is at the bottom; t hides it." if heat else "Heat map off."
        return say(_set(state, replace(game, heat=heat)), text), ()
    if name == PAUSE_KEY:
        return _toggle_pause(state, game)
    if name == STEP_KEY and game.mode is Mode.CVC:
        return _step(state, game)
    if (name in FASTER_KEYS or name in SLOWER_KEYS) and game.mode is Mode.CVC:
        return _change_pace(state, game, 1 if name in SLOWER_KEYS else -1)
    if name == "n":
        return replace(state, screen=Menu(MenuRow.NEW, back=screen)), ()
    if name == SAVE_KEY:
        if not game.board.moves:
            return complain(state, "No moves to save yet: play first."), ()
        return prompt.open_prompt(state, PromptKind.SAVE)
    if name == LOAD_KEY:
        return prompt.open_prompt(state, PromptKind.LOAD)
    if name == QUIT_KEY:
        return dialogs.ask_quit(state)
    if name == "escape":
        return state, ()
    return complain(state, f"{key_label(name)} does nothing here: press ? for the keys."), ()


def _set(state: State, game: Game) -> State:
    return replace(state, screen=Playing(game))


def _busy_reason(game: Game) -> str | None:
    """Why a human may not move now, or ``None`` if they may."""
    if game.board.is_game_over():
        return "The game is over: n new game, u undo, q quit."
    if game.mode is Mode.CVC:
        return "You are watching: n starts a game you can play."
    if game.computer_to_move:
        if game.paused:
            return "The computer is paused: p resumes it."
        return "The computer is thinking: wait for its move."
    return None


def _moved(state: State, game: Game, point: Point, message: str = "") -> Step:
    """``game`` on the screen after a move at ``point``, autosaved; a six under standard is explained."""
    note = overline_note(game, point)
    state = say(_set(state, game), note or message)
    return state, autosave_effects(game)


def _play(state: State, game: Game, point: Point) -> Step:
    reason = _busy_reason(game)
    if reason:
        return complain(_set(state, game), reason), ()
    board = game.board.copy()
    try:
        board.play(point)
    except IllegalMoveError as error:
        return complain(_set(state, game), sentence(str(error))), ()
    return _moved(state, _on(game, board, cursor=point), point)


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


def _undo(state: State, game: Game) -> Step:
    count = _undo_count(game)
    if count == 0:
        return complain(state, "Nothing to undo."), ()
    board = game.board.copy()
    taken = []
    try:
        for _ in range(count):
            taken.append(board.notation(board.undo()))
    except HistoryError:
        return complain(state, "Nothing to undo."), ()
    watching = game.mode is Mode.CVC
    game = replace(_on(game, board), paused=game.paused or watching)
    note = " (r redoes, p resumes)" if watching else " (r redoes)"
    return say(_set(state, game), f"Took back {', '.join(reversed(taken))}{note}."), autosave_effects(game)


def _redo(state: State, game: Game) -> Step:
    if game.computer_to_move and game.mode is Mode.PVC:
        return complain(state, "The computer is thinking: wait for its move."), ()
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
        return complain(state, "Nothing to redo."), ()
    game = _on(game, board)
    return say(_set(state, game), f"Replayed {', '.join(replayed)}."), autosave_effects(game)


def _toggle_pause(state: State, game: Game) -> Step:
    if game.mode is Mode.PVP:
        return complain(state, "There is no computer to pause in a two-player game."), ()
    paused = not game.paused
    if not paused:
        text = "Resumed."
    elif game.mode is Mode.CVC:
        text = "Paused: p resumes, . plays one move."
    else:
        text = "Paused: p resumes."
    return say(_set(state, replace(game, paused=paused, step=False)), text), ()


def _step(state: State, game: Game) -> Step:
    """Watch mode, paused: let the computer make one move."""
    if not game.paused:
        return say(state, "Press p to pause first; then . plays one move at a time."), ()
    if game.board.is_game_over():
        return complain(state, "The game is over: u takes moves back, n starts a new one."), ()
    return _set(state, replace(game, step=True)), ()


def _change_pace(state: State, game: Game, step: int) -> Step:
    index = max(0, min(len(PACES) - 1, PACES.index(game.settings.pace) + step))
    pace = PACES[index]
    settings = replace(state.settings, pace=pace)
    game = replace(game, settings=replace(game.settings, pace=pace))
    state = say(replace(_set(state, game), settings=settings), f"Pace: {pace.label}.")
    return state, (SaveSettings(settings),)


def _ask_hint(state: State, game: Game) -> Step:
    reason = _busy_reason(game)
    if reason:
        return complain(state, reason), ()
    if state.ai is not None:
        return complain(state, "Still working out a hint: wait a moment."), ()
    state, job = next_job(state)
    level = game.settings.level
    state = say(replace(state, ai=AiJob(job, AiKind.HINT, game.board)), "Looking for a good move...")
    return state, (StartAi(job, AiKind.HINT, game.board, level),)


def ai_done(state: State, screen: Playing, event: AiDone) -> Step:
    """The computer's answer to the current job: a hint to mark, or a move to play."""
    ai, game = state.ai, screen.game
    if ai is None or event.job != ai.job or ai.board is not game.board:
        return state, ()  # an answer to a question nobody asks any more
    state = replace(state, ai=None)
    if event.point is None:
        paused = replace(game, paused=True, step=False) if ai.kind is AiKind.MOVE else game
        note = " p lets it try again." if ai.kind is AiKind.MOVE else ""
        return complain(_set(state, paused), f"The computer failed: {event.error}.{note}"), ()
    if ai.kind is AiKind.HINT:
        hinted = replace(game, hint=event.point, cursor=event.point)
        return say(_set(state, hinted), f"Hint: {game.board.notation(event.point)}. Enter plays it."), ()
    board = game.board.copy()
    try:
        board.play(event.point)
    except IllegalMoveError as error:
        paused = replace(game, paused=True, step=False)
        return complain(_set(state, paused), f"The computer tried an illegal move: {error}"), ()
    return _moved(state, _on(game, board), event.point, state.message)


# -- the view -------------------------------------------------------------------


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
    return info + f" · {settings.rule} {settings.size}x{settings.size}"


def keys(game: Game) -> list[str]:
    """The keys on the bottom line, most useful first (as many as fit are shown)."""
    if game.heat:
        return list(draw.HEAT_LEGEND)
    if game.board.is_game_over():
        return ["n new game", "u undo", "S save", "t heat map", "? help", "q quit"]
    if game.mode is Mode.CVC:
        pause = "p resume" if game.paused else "p pause"
        return [pause, ". one move", "+/- pace", "u undo", "n new game", "? help", "q quit"]
    return ["Enter play", "u undo", "r redo", "H hint", "t heat map", "S save", "? help", "q quit"]


def view(win: Window, state: State, screen: Playing, theme: Theme) -> None:
    game = screen.game
    layout = draw.board_place(win, theme, game.board.size)
    if layout is None:
        return
    cursor = game.cursor if game.mode is not Mode.CVC else None
    marks = Marks(game.forbidden, game.hint, cursor, game.heat)
    draw.board_view(win, layout, game.board, theme, marks)
    if layout.panel_x is not None:
        draw.moves_panel(win, layout, theme, [game.board.notation(point) for point in game.board.moves])
    _status(win, state, game, theme)
    draw.message_line(win, state, theme, keys(game))


def _status(win: Window, state: State, game: Game, theme: Theme) -> None:
    board = game.board
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if result_text(game):
        text = ended_text(game)
        if len(text) > cols - 2:  # how it ended matters more than after how many moves
            text = result_text(game)
        draw.put(win, row, 1, text[: cols - 2], theme("result"))
        return
    stone = board.turn
    glyph = theme.glyphs[str(stone)]
    spinner = theme.glyphs["spinner"]
    thinking = state.ai is not None and state.ai.kind is AiKind.MOVE
    if thinking:
        turn = f"{glyph} {side_name(game, stone)} thinking {spinner[state.frame % len(spinner)]}"
    elif game.paused and game.computer_to_move:
        turn = f"{glyph} {side_name(game, stone)} to play (paused)"
    else:
        turn = f"{glyph} {side_name(game, stone)} to play"
    parts = [turn, str(game.settings.rule), f"move {len(board.moves) + 1}"]
    if board.last_move is not None:
        parts.append(f"last: {board.turn.opponent} {board.notation(board.last_move)}")
    draw.put(win, row, 1, theme.join(parts)[: cols - 2], theme("status"))
