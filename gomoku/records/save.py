"""The game's own kept games (``finished-*.json``, ``unfinished-*.json``, ``current.json``) read as records.

The save format is :mod:`gomoku.savegame`'s; this module only turns a save
into a :class:`~gomoku.records.record.GameRecord`, so that ``--load`` and
``--review`` take the files the game keeps as they take any record.  A save
knows the size, the rule, the moves and who played; the moves that undo took
back (its redo list) are not part of the game and are left out.
"""

from __future__ import annotations

import json

from gomoku.i18n import _
from gomoku.records.record import GameRecord, RecordError
from gomoku.savegame import NewerSaveError, SavedGame, SaveError
from gomoku.userdirs import UnfitJsonError, read_json

#: How a save says who plays a colour (its ``players`` values), and the name a record gives the computer.
HUMAN = "human"
COMPUTER_NAME = "gomoku {level}"


def read_save(text: str) -> GameRecord:
    """A record of the game in a gomoku save file's ``text``; :class:`RecordError` if it is no save this reads."""
    try:
        data = read_json(text)
    except json.JSONDecodeError as error:
        where = _("line {line}, column {column}").format(line=error.lineno, column=error.colno)
        raise RecordError(_("not JSON: a kept game is a JSON object"), where) from None
    except UnfitJsonError:  # a number of thousands of digits, nesting thousands deep
        raise RecordError(_("not JSON a kept game can hold")) from None
    try:
        saved = SavedGame.from_json(data)
    except NewerSaveError as error:
        raise RecordError(str(error)) from None
    except SaveError as error:
        raise RecordError(_("not a gomoku save this version reads: {reason}").format(reason=error)) from None
    black, white = (_name(saved, colour) for colour in ("black", "white"))
    return GameRecord.from_board(SavedGame(saved.size, saved.rule, saved.moves).to_board(), black, white)


def _name(saved: SavedGame, colour: str) -> str:
    """The record's name for the player of ``colour``: none for a person, ``gomoku normal`` for the computer."""
    return "" if saved.players[colour] == HUMAN else COMPUTER_NAME.format(level=saved.level)
