"""The file-name prompt of save (``S``) and load (``L``), and what comes of the file jobs it starts.

Saving suggests a dated name (from the last :class:`~gomoku.tui.events.Tick`);
loading lists the record files of the current folder and the games kept in
the data folder (``unfinished-20261201-1439.json``, ...) for up/down to pick.  A record opens
in the replay; a kept game is resumed as it was.  A failed job keeps the
prompt open with the reason in it, and the game underneath as it was.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import PurePath

from gomoku.records import GameRecord
from gomoku.rules import Stone
from gomoku.savegame import SaveError
from gomoku.tui import draw
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import ListRecords, LoadRecord, SaveRecord
from gomoku.tui.events import Exists, Failed, Key, Listed, Loaded, LoadedSave, Mouse, Saved
from gomoku.tui.model import (
    Game,
    Playing,
    Prompt,
    PromptKind,
    Replaying,
    State,
    Step,
    complain,
    current_game,
    forbidden_marks,
    next_job,
    say,
)
from gomoku.tui.saves import fresh_game_effects, game_from_saved, offer_summary
from gomoku.tui.texts import plural

FileAnswer = Saved | Exists | Loaded | LoadedSave | Listed | Failed


def suggested_name(when: datetime | None) -> str:
    """The file name a save suggests: ``gomoku-20261129-1453.sgf`` (in the current directory)."""
    return when.strftime("gomoku-%Y%m%d-%H%M.sgf") if when else "gomoku.sgf"


def open_prompt(state: State, kind: PromptKind) -> Step:
    """The prompt over the current screen; loading also asks the loop for the files to offer."""
    if kind is PromptKind.SAVE:
        text = suggested_name(state.now)
        return replace(state, overlay=Prompt(kind, text, fresh=True)), ()
    state, job = next_job(state)
    text = state.last_file
    return replace(state, overlay=Prompt(kind, text, fresh=bool(text), listing=job)), (ListRecords(job),)


def _pick(prompt: Prompt, step: int) -> Prompt:
    """The prompt with the next (or previous) listed file as its text."""
    choices = prompt.choices
    if not choices:
        return prompt
    if prompt.text in choices:
        index = (choices.index(prompt.text) + step) % len(choices)
    else:
        index = 0 if step > 0 else len(choices) - 1
    return replace(prompt, text=choices[index], fresh=True, error="")


def update(state: State, prompt: Prompt, event: Key | Mouse) -> Step:
    """Every key is text for the name, but Enter, Esc, Backspace, Ctrl-U and up/down."""
    if isinstance(event, Mouse):
        return state, ()
    name = event.name
    if name == "escape":
        what = "Save" if prompt.kind is PromptKind.SAVE else "Load"
        return say(replace(state, overlay=None), f"{what} cancelled."), ()
    if name == "enter":
        return _submit(state, prompt)
    if name == "backspace":
        return _edit(state, replace(prompt, text=prompt.text[:-1], fresh=False, error="")), ()
    if name == "ctrl-u":
        return _edit(state, replace(prompt, text="", fresh=False, error="")), ()
    if name in ("up", "down"):
        return _edit(state, _pick(prompt, 1 if name == "down" else -1)), ()
    character = " " if name == "space" else name
    if len(character) != 1:
        return state, ()  # arrows, function keys: the text has no cursor to move
    text = character if prompt.fresh else prompt.text + character
    return _edit(state, replace(prompt, text=text, fresh=False, error="")), ()


def _edit(state: State, prompt: Prompt) -> State:
    return replace(state, overlay=prompt)


def _submit(state: State, prompt: Prompt) -> Step:
    path = prompt.text.strip()
    if not path:
        return _edit(state, replace(prompt, error="Type a file name, or Esc to cancel.")), ()
    if prompt.kind is PromptKind.LOAD:
        state, job = next_job(state)
        settings = state.settings
        state = _edit(state, replace(prompt, job=job, error=""))
        return state, (LoadRecord(job, path, settings.rule, settings.size),)
    record = record_to_save(state, path)
    if record is None:
        return complain(replace(state, overlay=None), "There is no game to save."), ()
    state, job = next_job(state)
    state = _edit(state, replace(prompt, job=job, error=""))
    return state, (SaveRecord(job, path, record, overwrite=prompt.confirmed == path),)


def record_to_save(state: State, path: str) -> GameRecord | None:
    """What ``S`` saves: the loaded record in the replay, else the game's moves so far."""
    if isinstance(state.screen, Replaying):
        return state.screen.record
    game = current_game(state)
    if game is None:
        return None
    black, white = (player_name(game, stone) for stone in (Stone.BLACK, Stone.WHITE))
    return GameRecord.from_board(game.board, black=black, white=white)  # each format writes the names its way


def player_name(game: Game, stone: Stone) -> str:
    """A player's name for a record: ``Human``, or ``gomoku normal`` for the computer."""
    return f"gomoku {game.level_of(stone)}" if stone in game.computer else "Human"


# -- the answers ------------------------------------------------------------------


def answer(state: State, event: FileAnswer) -> Step:
    """What a file job the prompt started came to; an answer to another job changes nothing."""
    prompt = state.overlay
    if not isinstance(prompt, Prompt):
        return state, ()
    if isinstance(event, Listed):
        if event.job != prompt.listing:
            return state, ()
        return _edit(state, replace(prompt, choices=event.names, listing=None)), ()
    if event.job != prompt.job:
        return state, ()
    prompt = replace(prompt, job=None)
    if isinstance(event, Failed):
        return _edit(state, replace(prompt, error=event.error)), ()
    if isinstance(event, Exists):
        error = f"{event.path} exists: Enter again replaces it, or edit the name."
        return _edit(state, replace(prompt, confirmed=prompt.text.strip(), error=error)), ()
    state = replace(state, overlay=None, last_file=prompt.text.strip())
    if isinstance(event, Saved):
        record = record_to_save(state, event.path)
        count = len(record.moves) if record else 0
        return say(state, f"Saved {plural(count, 'move')} to {event.path}."), ()
    if isinstance(event, LoadedSave):
        return _resume_kept(state, prompt, event)
    return open_replay(state, event.record, PurePath(event.path).name), ()


def open_replay(state: State, record: GameRecord, name: str) -> State:
    """The replay of ``record`` at its last move, over the game (Esc goes back to it)."""
    board = record.to_board()
    game = current_game(state)
    back = Playing(game) if game is not None else None
    screen = Replaying(record, board, name, back=back, forbidden=forbidden_marks(board))
    return say(replace(state, screen=screen), replay_hello(screen))


def replay_hello(replay: Replaying) -> str:
    count = plural(len(replay.record.moves), "move")
    return f"{replay.name}: {count}. Left/right step, Enter plays on."


def _resume_kept(state: State, prompt: Prompt, event: LoadedSave) -> Step:
    """A kept game (``unfinished-...json``) loaded: it becomes the game in progress, as it was."""
    try:
        game = game_from_saved(event.saved, state.levels, state.settings)
    except SaveError as error:
        return complain(_edit(state, prompt), f"{event.path} cannot be resumed: {error}."), ()
    state = say(replace(state, screen=Playing(game)), f"Resumed {event.path}: {offer_summary(event.saved)}.")
    return state, fresh_game_effects(game)


# -- the view ---------------------------------------------------------------------


def view(win: Window, prompt: Prompt, theme: Theme) -> None:
    cols = win.getmaxyx()[1]
    width = min(cols, 64)
    inner = width - 6
    saving = prompt.kind is PromptKind.SAVE
    title = "Save this game to a file" if saving else "Load a game record to replay"
    room = inner - 6
    text = prompt.text
    if len(text) >= room:
        text = theme.glyphs["ellipsis"] + text[-(room - 2) :]
    shown = text + ("" if prompt.fresh else "_")
    lines: list[tuple[str, str]] = [(title, "status"), ("", "")]
    lines.append(("File: " + shown.ljust(room), ""))
    if saving:
        lines.append((".sgf, .psq, or any other name for a move list", "dim"))
        lines.append(("(a name without a folder goes in the current one)", "dim"))
    else:
        lines.append(("SGF, Piskvork .psq, a move list, or a kept game", "dim"))
        if prompt.choices:
            label = "Here (up/down): "
            listed = draw.joined_lines(prompt.choices, "  ", inner - len(label))
            for number, line in enumerate(listed[:3]):
                lines.append(((label if number == 0 else " " * len(label)) + line, "dim"))
    if prompt.job is not None:
        lines.append(("Working...", "dim"))
    for line in draw.wrap(prompt.error, inner)[:4]:
        lines.append((line, "alert"))
    lines.append(("", ""))
    lines.append(("Enter " + ("saves" if saving else "loads") + " · Esc cancels · Ctrl-U clears", "dim"))
    top, left = draw.centred_box(win, theme, [(f" {t}", style) for t, style in lines], width)
    if prompt.fresh and prompt.text:  # the suggestion is selected: typing replaces it
        draw.put(win, top + 3, left + 9, text, theme("selected"))
