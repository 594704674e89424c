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
from typing import Any

from gomoku import textwidth
from gomoku.i18n import N_, _, ngettext
from gomoku.records import GameRecord, RecordError
from gomoku.savegame import SaveError
from gomoku.tui import bookview, draw
from gomoku.tui.bindings import Binding, Bindings, key_line
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import ListRecords, LoadRecord, SaveRecord, TidyKept
from gomoku.tui.events import Event, Exists, Failed, Key, Listed, Loaded, LoadedSave, Saved
from gomoku.tui.model import (
    HistoryView,
    Playing,
    Prompt,
    PromptKind,
    Replaying,
    Screen,
    State,
    forbidden_marks,
    game_behind,
    say,
)
from gomoku.tui.recorder import game_record
from gomoku.tui.saves import fresh_game_effects, game_from_saved, offer_summary
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Message, Reply, Route, alerted, said

FileAnswer = Saved | Exists | Loaded | LoadedSave | Listed | Failed

#: The prompt's keys; every other key is text for the name.
SUBMIT = Binding(("enter",), N_("save or load the file named"), N_("Enter saves"), "Enter")
CANCEL = Binding(("escape",), N_("cancel"), N_("Esc cancels"), "Esc")
CLEAR = Binding(("ctrl-u",), N_("clear the name"), N_("Ctrl-U clears"), "Ctrl-U")
ERASE = Binding(("backspace",), N_("erase the last character"), label="Backspace")
PICK = Binding(("up", "down"), N_("the previous / next file offered"), label="up down")
TIDY = Binding(
    ("ctrl-d",),
    N_("tidy the kept games: every finished game and the newest unfinished ones of each kind stay"),
    N_("Ctrl-D tidies"),
)


#: The book comment's Enter (the prompt's other keys are the same).
WRITE = Binding(("enter",), N_("write the comment in your opening book"), N_("Enter writes"), "Enter")


def bindings(prompt: Prompt, ctx: Context) -> Bindings:
    if prompt.kind is PromptKind.BOOK_COMMENT:
        return (WRITE, CANCEL, CLEAR, ERASE)
    submit = SUBMIT if prompt.kind is PromptKind.SAVE else replace(SUBMIT, short=N_("Enter loads"))
    return (submit, CANCEL, CLEAR, ERASE) + (() if prompt.kind is PromptKind.SAVE else (PICK, TIDY))


def suggested_name(when: datetime | None) -> str:
    """The file name a save suggests: ``gomoku-20261129-1453.sgf`` (in the current directory)."""
    return when.strftime("gomoku-%Y%m%d-%H%M.sgf") if when else "gomoku.sgf"


def opened(ctx: Context, kind: PromptKind) -> Reply:
    """The prompt over the current screen; loading also asks the loop for the files to offer."""
    if kind is PromptKind.SAVE:
        return Reply(overlay=Prompt(kind, suggested_name(ctx.now), fresh=True))
    text = ctx.last_file
    prompt = Prompt(kind, text, fresh=bool(text), listing=ctx.job)
    return Reply(overlay=prompt, effects=(ListRecords(ctx.job),))


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


def update(prompt: Prompt, event: Event, ctx: Context) -> tuple[Any, Reply]:
    """Every key is text for the name, but Enter, Esc, Backspace, Ctrl-U, up/down and Ctrl-D; file answers."""
    if isinstance(event, (Saved, Exists, Loaded, LoadedSave, Listed, Failed)):
        return answer(prompt, event, ctx)
    if not isinstance(event, Key):
        return prompt, NOTHING
    name = event.name
    if CANCEL.matches(name):
        if prompt.kind is PromptKind.BOOK_COMMENT:
            return None, said(_("Comment cancelled: the book is as it was."))
        return None, said(_("Save cancelled.") if prompt.kind is PromptKind.SAVE else _("Load cancelled."))
    if SUBMIT.matches(name):
        return _submit(prompt, ctx)
    if ERASE.matches(name):
        return replace(prompt, text=prompt.text[:-1], fresh=False, error=""), NOTHING
    if CLEAR.matches(name):
        return replace(prompt, text="", fresh=False, error=""), NOTHING
    if PICK.matches(name):
        return _pick(prompt, 1 if name == "down" else -1), NOTHING
    if prompt.kind is PromptKind.LOAD and TIDY.matches(name):
        return None, said(_("Tidying the kept games..."), (TidyKept(),))
    character = " " if name == "space" else name
    if len(character) != 1:
        return prompt, NOTHING  # arrows, function keys: the text has no cursor to move
    text = character if prompt.fresh else prompt.text + character
    return replace(prompt, text=text, fresh=False, error=""), NOTHING


def _submit(prompt: Prompt, ctx: Context) -> tuple[Any, Reply]:
    if prompt.kind is PromptKind.BOOK_COMMENT:
        return None, bookview.write_comment(ctx.library, prompt)
    path = prompt.text.strip()
    if not path:
        return replace(prompt, error=_("Type a file name, or Esc to cancel.")), NOTHING
    job = ctx.job
    if prompt.kind is PromptKind.LOAD:
        settings = ctx.settings
        return replace(prompt, job=job, error=""), Reply(effects=(LoadRecord(job, path, settings.rule, settings.size),))
    record = record_to_save(ctx.screen, path)
    if record is None:
        return None, alerted(_("There is no game to save."))
    effect = SaveRecord(job, path, record, overwrite=prompt.confirmed == path)
    return replace(prompt, job=job, error=""), Reply(effects=(effect,))


def record_to_save(screen: Screen, path: str) -> GameRecord | None:
    """What ``S`` saves: the loaded record in the replay, else the game's moves so far."""
    if isinstance(screen, Replaying):
        return screen.record
    if isinstance(screen, HistoryView):
        entry = screen.chosen()
        return None if entry is None else entry.filed
    game = game_behind(screen)
    return None if game is None else game_record(game)


# -- the answers ------------------------------------------------------------------


def answer(prompt: Prompt, event: FileAnswer, ctx: Context) -> tuple[Any, Reply]:
    """What a file job the prompt started came to; an answer to another job changes nothing."""
    if isinstance(event, Listed):
        if event.job != prompt.listing:
            return prompt, UNHANDLED
        return replace(prompt, choices=event.names, listing=None), NOTHING
    if event.job != prompt.job:
        return prompt, UNHANDLED
    prompt = replace(prompt, job=None)
    if isinstance(event, Failed):
        return replace(prompt, error=event.error), NOTHING
    if isinstance(event, Exists):
        error = _("{path} exists: Enter again replaces it, or edit the name.").format(path=event.path)
        return replace(prompt, confirmed=prompt.text.strip(), error=error), NOTHING
    last_file = prompt.text.strip()
    if isinstance(event, Saved):
        record = record_to_save(ctx.screen, event.path)
        count = len(record.moves) if record else 0
        saved = ngettext("Saved {count} move to {path}.", "Saved {count} moves to {path}.", count)
        return None, said(saved.format(count=count, path=event.path), last_file=last_file)
    if isinstance(event, LoadedSave):
        return _resume_kept(prompt, event, ctx, last_file)
    screen, text = replay_of(ctx.screen, event.record, PurePath(event.path).name)
    return None, said(text, screen=screen, last_file=last_file)


def replay_of(shown: Screen, record: GameRecord, name: str) -> tuple[Replaying, str]:
    """The replay of ``record`` at its last move, over the game ``shown`` (Esc goes back to it); its hello."""
    board = record.to_board()
    game = game_behind(shown)
    back = Playing(game) if game is not None else None
    screen = Replaying(record, board, name, back=back, forbidden=forbidden_marks(board), opening=opening_lines(record))
    return screen, replay_hello(screen)


def opening_lines(record: GameRecord) -> tuple[str, ...]:
    """The record's opening steps as the move lists show them (``player 1: place h8``, ``player 2: swap``)."""
    if not record.opening_steps:
        return ()
    try:
        state, _ = record.opening_position()
    except RecordError:  # read and checked when loaded: a record that does not replay shows its moves alone
        return ()
    return state.history(record.size, lambda seat: seat.short)


def open_replay(state: State, record: GameRecord, name: str) -> State:
    """``state`` showing the replay of ``record`` (``--load`` at start)."""
    screen, text = replay_of(state.screen, record, name)
    return say(replace(state, screen=screen), text)


def replay_hello(replay: Replaying) -> str:
    count = len(replay.record.moves)
    return ngettext(
        "{name}: {count} move. Left/right step, Enter plays on.",
        "{name}: {count} moves. Left/right step, Enter plays on.",
        count,
    ).format(name=replay.name, count=count)


def _resume_kept(prompt: Prompt, event: LoadedSave, ctx: Context, last_file: str) -> tuple[Any, Reply]:
    """A kept game (``unfinished-...json``) loaded: it becomes the game in progress, as it was."""
    try:
        game = game_from_saved(event.saved, ctx.levels, ctx.settings)
    except SaveError as error:
        return prompt, alerted(_("{path} cannot be resumed: {error}.").format(path=event.path, error=error))
    text = _("Resumed {path}: {summary}.").format(path=event.path, summary=offer_summary(event.saved))
    return None, Reply(
        effects=fresh_game_effects(game), message=Message(text), screen=Playing(game), last_file=last_file
    )


# -- the view ---------------------------------------------------------------------


def view(win: Window, prompt: Prompt, ctx: Context, theme: Theme) -> None:
    cols = win.getmaxyx()[1]
    width = min(cols, 64)
    inner = width - 6
    saving = prompt.kind is PromptKind.SAVE
    commenting = prompt.kind is PromptKind.BOOK_COMMENT
    if commenting and prompt.book is not None:
        title = _("Your book's comment on {move}").format(move=prompt.book[0].notation(prompt.book[1]))
        field = _("Comment: ")
    else:
        title = _("Save this game to a file") if saving else _("Load a game record to replay")
        field = _("File: ")
    room = inner - textwidth.width(field)
    text = prompt.text
    if textwidth.width(text) >= room:  # the end of the name, where the typing is, shows
        text = theme.glyphs["ellipsis"] + textwidth.fit_end(text, room - 2)
    shown = text + ("" if prompt.fresh else "_")
    lines: list[tuple[str, str]] = [(title, "status"), ("", "")]
    lines.append((field + textwidth.ljust(shown, room), ""))
    if commenting:
        notes = [_("saved in your opening book at once; an empty comment takes it away")]
    elif saving:
        notes = [
            _(".sgf, .psq, or any other name for a move list"),
            _("(a name without a folder goes in the current one)"),
        ]
    else:
        notes = [_("SGF, Piskvork .psq, a move list, or a kept game")]
    lines += [(line, "dim") for note in notes for line in draw.wrap(note, inner)]
    if not saving and prompt.choices:
        label = _("Here (up/down): ")
        listed = draw.joined_lines(prompt.choices, "  ", inner - textwidth.width(label))
        for number, line in enumerate(listed[:3]):
            lines.append(((label if number == 0 else " " * textwidth.width(label)) + line, "dim"))
    if prompt.job is not None:
        lines.append((_("Working..."), "dim"))
    for line in draw.wrap(prompt.error, inner)[:4]:
        lines.append((line, "alert"))
    lines.append(("", ""))
    lines.append((theme.join(key_line(bindings(prompt, ctx))), "dim"))
    top, left = draw.centred_box(win, theme, [(f" {t}", style) for t, style in lines], width)
    if prompt.fresh and prompt.text:  # the suggestion is selected: typing replaces it
        draw.put(win, top + 3, left + 3 + textwidth.width(field), text, theme("selected"))


ROUTE = Route(update, view, bindings, typing=lambda prompt: True)
