"""The ``--review`` front end: read a record, review it, print it as text or JSON, write it as annotated SGF.

``python -m gomoku --review game.sgf`` prints the review as text (the
verdict, each side's decisive mistake, the marked moves with their forced
lines, the evaluation graph); ``--json`` prints :func:`gomoku.review.to_data`
instead; ``--sgf OUT`` also writes the game with the review as SGF comments
and each forced line as a side line, for other programs to show.  The
analyst is our ``hard`` level unless ``--analyst`` names a Gomocup engine;
``--deep`` reads longer and deeper.  Progress goes to stderr when it is a
terminal; Ctrl-C cancels.
"""

from __future__ import annotations

import json
import sys
import threading
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from gomoku.ai import make_player
from gomoku.ai.base import Player
from gomoku.gomocup.manager import EngineError, EnginePlayer
from gomoku.records import RecordError, Variation, read_record, write_sgf
from gomoku.review import (
    DEEP,
    DEFAULT,
    ENGINE_EVAL_SCALE,
    GameReview,
    Mark,
    ReviewCancelled,
    ReviewSettings,
    render_text,
    review_game,
    to_data,
)
from gomoku.rules import Rule
from gomoku.userdirs import atomic_write_text

#: The level that reads positions when no engine is named.
DEFAULT_ANALYST = "hard"


def sgf_annotations(review: GameReview) -> tuple[tuple[tuple[int, str], ...], list[Variation]]:
    """The review as SGF comments (by move number; 0 the summary) and side lines (each forced line)."""
    comments: list[tuple[int, str]] = [(0, render_text(review, graph=False))]
    variations: list[Variation] = []
    for move in review.moves:
        if move.marks:
            comments.append((move.number, move.sentence))
        if Mark.MISSED_WIN in move.marks and move.had_win is not None:
            win = move.had_win
            variations.append(Variation(move.number - 1, win.line, f"{win.side} wins by {win.describe(review.size)}"))
        if Mark.MISTAKE in move.marks and move.opponent_win is not None:
            win = move.opponent_win
            following = review.moves[move.number].move if move.number < len(review.moves) else None
            if win.line[:1] != (following,):  # else the game itself shows the line's first move
                variations.append(Variation(move.number, win.line, f"{win.side} wins by {win.describe(review.size)}"))
    return tuple(comments), variations


def make_analyst(engine: str | None, think_time: float | None) -> tuple[Player, bool]:
    """The analyst: the named engine, else our :data:`DEFAULT_ANALYST`; and whether it is an engine."""
    if engine:
        return EnginePlayer(engine, think_time=think_time), True
    return make_player(DEFAULT_ANALYST, think_time=think_time), False


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
) -> int:
    """Review the record at ``path`` and print it; returns the exit status (0 done, 1 failed, 130 cancelled)."""
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
    analyst, is_engine = make_analyst(engine, settings.think_time)
    if is_engine:
        settings = replace(settings, eval_scale=ENGINE_EVAL_SCALE)
    stop = threading.Event()
    show = err.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            err.write(f"\rreviewing: {done}/{total} positions")
            err.flush()

    try:
        review = review_game(record.to_board(), analyst, settings, progress, stop)
    except KeyboardInterrupt:
        stop.set()
        print("\ngomoku: review cancelled", file=err)
        return 130
    except (ReviewCancelled, RecordError, EngineError) as error:
        print(f"\ngomoku: the review stopped: {error}", file=err)
        return 1
    finally:
        close = getattr(analyst, "close", None)
        if close is not None:
            close()
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
            print(f"gomoku: cannot write {sgf_out} ({error.strerror or error})", file=err)
            return 1
    return 0
