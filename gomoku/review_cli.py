"""The ``--review`` front end: read a record, review it, print it as text or JSON, write it as annotated SGF.

``python -m gomoku --review game.sgf`` prints the review as text (the
verdict, each side's decisive mistake, the marked moves with their forced
lines, the evaluation graph); ``--json`` prints :func:`gomoku.review.to_data`
instead; ``--sgf OUT`` also writes the game with the review as SGF comments
and each forced line as a side line, for other programs to show.  The
analyst is our ``hard`` level unless ``--analyst`` names another: an engine
named with ``--engine`` (or in the settings file), a level, or the path of a
Gomocup engine.  An analyst that fails is an error (exit status 1, nothing
printed but why): a review without its evaluation is not what was asked for.
``--deep`` reads longer and deeper.  Progress goes to stderr when it is a
terminal; Ctrl-C cancels.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from gomoku.ai.base import Closes, Player
from gomoku.books import load_library
from gomoku.gomocup.manager import EngineError, EnginePlayer, EngineStartError, Players
from gomoku.i18n import _, os_error_text
from gomoku.records import RecordError, Variation, outcome_of, read_record, write_sgf
from gomoku.review import (
    DEEP,
    DEFAULT,
    ENGINE_EVAL_SCALE,
    GameReview,
    Mark,
    ReviewCancelled,
    ReviewSettings,
    analyst_nodes,
    render_text,
    review_game,
    to_data,
)
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text

#: The level that reads positions when no engine is named.
DEFAULT_ANALYST = "hard"


def sgf_annotations(review: GameReview) -> tuple[tuple[tuple[int, str], ...], list[Variation]]:
    """The review as SGF comments (by move number; 0 the summary) and side lines (each forced line, and the analyst's
    line instead of each mistake)."""
    comments: list[tuple[int, str]] = [(0, render_text(review, graph=False, english=True))]
    variations: list[Variation] = []
    for move in review.moves:
        if move.marks or move.severity is not None:
            comments.append((move.number, move.sentence))
        if move.instead and (Mark.MISTAKE in move.marks or move.severity is not None):
            variations.append(Variation(move.number - 1, move.instead, "the analyst's line instead"))
        if Mark.MISSED_WIN in move.marks and move.had_win is not None:
            win = move.had_win
            variations.append(Variation(move.number - 1, win.line, f"{win.side} wins by {win.describe(review.size)}"))
        if Mark.MISTAKE in move.marks and move.opponent_win is not None:
            win = move.opponent_win
            following = review.moves[move.number].move if move.number < len(review.moves) else None
            if win.line[:1] != (following,):  # else the game itself shows the line's first move
                variations.append(Variation(move.number, win.line, f"{win.side} wins by {win.describe(review.size)}"))
    return tuple(comments), variations


def make_analyst(
    name: str | None, think_time: float | None, engines: Mapping[str, str] | None = None
) -> tuple[Player, bool]:
    """The analyst ``name`` and whether it is an outside engine.

    ``name`` is one of ``engines`` (by name), a built-in level, or the command
    of a Gomocup engine; ``None`` is :data:`DEFAULT_ANALYST`.
    """
    players = Players(engines)
    name = name or DEFAULT_ANALYST
    if players.knows(name):
        nodes = analyst_nodes(think_time) if think_time is not None else None  # the same marks under any load
        return players.make(name, think_time=think_time, max_nodes=nodes), name in players.engines
    return EnginePlayer(name, think_time=think_time), True


def analyst_failure(name: str | None, error: EngineError, engines: Mapping[str, str] | None) -> str:
    """Why the analyst ``name`` failed, and what to do: a word that names no engine and no program is
    most likely an engine not named yet."""
    named = engines is not None and name in engines
    if isinstance(error, EngineStartError) and name and not named and os.sep not in name and " " not in name:
        return _("no engine is named {name}, and no program {name} starts: name one with --engine {word}=PATH").format(
            name=repr(name), word=name
        )
    return _("the analyst {engine} failed: {reason}").format(engine=error.engine, reason=error.reason)


def run_review(
    path: str,
    rule: Rule | None = None,
    size: int | None = None,
    as_json: bool = False,
    sgf_out: str | None = None,
    deep: bool = False,
    engine: str | None = None,
    think_time: float | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    engines: Mapping[str, str] | None = None,
) -> int:
    """Review the record at ``path`` and print it; returns the exit status (0 done, 1 failed, 130 cancelled).

    ``engine`` is the analyst's name or command (see :func:`make_analyst`),
    ``engines`` the outside engines by name.
    """
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        record = read_record(path, rule or Rule.FREESTYLE, size or 15)
    except RecordError as error:
        print(f"gomoku: {error}", file=err)
        return 1
    settings: ReviewSettings = DEEP if deep else DEFAULT
    if think_time is not None:
        settings = replace(settings, think_time=think_time)
    try:
        analyst, is_engine = make_analyst(engine, settings.think_time, engines)
    except EngineError as error:
        print(
            "gomoku: "
            + _("the analyst {name} cannot be used: {reason}").format(name=repr(engine), reason=error.reason),
            file=err,
        )
        return 1
    if is_engine:
        settings = replace(settings, eval_scale=ENGINE_EVAL_SCALE)
    stop = threading.Event()
    show = err.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            err.write("\r" + _("reviewing: {done}/{total} positions").format(done=done, total=total))
            err.flush()

    try:
        board = record.to_board()
        ending = outcome_of(record.result, board)  # a resignation, a flag fall, an agreement: the record's word
        library = load_library()
        for problem in library.problems:
            print("gomoku: " + problem, file=err)
        book = library.lookup
        review = review_game(board, analyst, settings, progress, stop, strict=True, result=ending, book=book)
    except KeyboardInterrupt:
        stop.set()
        print("\ngomoku: " + _("review cancelled"), file=err)
        return 130
    except EngineError as error:
        print(("\n" if show else "") + f"gomoku: {analyst_failure(engine, error, engines)}", file=err)
        return 1
    except (ReviewCancelled, RecordError) as error:
        print("\ngomoku: " + _("the review stopped: {error}").format(error=error), file=err)
        return 1
    finally:
        if isinstance(analyst, Closes):
            analyst.close()
    if show:
        err.write("\n")
    if as_json:
        json.dump(to_data(review), out, indent=1)
        out.write("\n")
    else:
        out.write(render_text(review) + "\n")
    if sgf_out:
        comments, variations = sgf_annotations(review)
        annotated = replace(record, comments=record.comments + comments)
        try:
            atomic_write_text(Path(sgf_out), write_sgf(annotated, variations), private=False)
        except OSError as error:
            reason = os_error_text(error)
            print("gomoku: " + _("cannot write {path} ({reason})").format(path=sgf_out, reason=reason), file=err)
            return 1
    return 0
