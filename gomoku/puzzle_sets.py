"""Puzzle collections: the built-in one the package ships, and a player's own files.

A collection is several puzzles in the plain-text form, one after another
(:func:`gomoku.records.read_puzzles_text`; ``docs/puzzles.md`` describes it).
The built-in collection is package data, ``gomoku/data/puzzles.txt``, made by
``tools/make_puzzles.py`` from the computer's games and proven by the threat
solvers; it is read through :mod:`importlib.resources`, so an installed wheel
(or a zip) reads it as a checkout does.  Nothing here draws anything: the
puzzle screen and the player's progress use these.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from gomoku.puzzles import Puzzle
from gomoku.records import Format, RecordError, format_of, read_puzzle, read_puzzles_text, read_text
from gomoku.records.puzzle import FIRST_LINE

#: Where the built-in collection lives inside the package (``pyproject.toml`` ships it as package data).
BUILTIN_FOLDER = "data"
BUILTIN_FILE = "puzzles.txt"


@functools.cache
def builtin_puzzles() -> tuple[Puzzle, ...]:
    """The built-in collection, in its file's order; read once (the file never changes while the game runs).

    A broken built-in file is a packaging bug: :class:`~gomoku.records.RecordError` says where, and the
    tests read the file on every run so none ships.
    """
    text = resources.files("gomoku").joinpath(BUILTIN_FOLDER).joinpath(BUILTIN_FILE).read_text(encoding="utf-8")
    try:
        return read_puzzles_text(text)
    except RecordError as error:
        raise error.in_file(f"gomoku/{BUILTIN_FOLDER}/{BUILTIN_FILE}") from None


def read_collection(path: Path | str) -> tuple[Puzzle, ...]:
    """The puzzles in a player's file: a collection in the plain-text form (one or more puzzles), or any one
    puzzle :func:`~gomoku.records.read_puzzle` reads (SGF with set-up stones, a record's final position).

    Raises :class:`~gomoku.records.RecordError` with the file in its ``path``, and for a collection the
    puzzle's number and line in its ``where``.
    """
    path = Path(path)
    text = read_text(path)
    kind = format_of(path, text)
    has_puzzles = any(line.strip().lower() == FIRST_LINE for line in text.split("\n"))
    if kind is Format.PUZZLE or (kind is Format.MOVES and has_puzzles):
        try:
            return read_puzzles_text(text)
        except RecordError as error:
            raise error.in_file(str(path)) from None
    return (read_puzzle(path),)
