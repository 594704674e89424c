"""Make the built-in opening book by analysis: the 4th and 5th moves of the 26 canonical three-stone openings.

For each rule asked (renju, standard, freestyle: the 26 canonical shapes,
which are also the usual first three stones of a Swap2 opening), and each
opening, the position after its three stones is analysed for white's 4th
move: the best few moves (``--moves``) each get a mark from the mover's win
rate (:func:`gomoku.ai.book.mark_for`: winning, good, even, bad, losing) and
a comment saying the rate and who read it.  Then, after each of the best
``--follow`` 4th moves that is not losing, black's 5th moves are read the
same way.

The analyst is ``hard``'s multi-line analysis (:func:`gomoku.ai.analysis.analyse`)
with ``--seconds`` a position, or an outside Gomocup engine (``--engine
PATH``): hard's quick analysis then names the candidates, and the engine
values each one by its own evaluation of the position after it (its
``MESSAGE`` lines' eval, on :data:`gomoku.ai.result.ENGINE_EVAL_SCALE`),
with the engine's own move added to the candidates.

The book of each rule is written to ``gomoku/data/book-<rule>.txt`` (or
``--out DIR``) after every opening, so a run cut short keeps what it read,
and a run again goes on from there (an opening whose position already has
marked moves is skipped; ``--fresh`` starts over).  Run from the repository
root; it takes about ``(1 + follow) * seconds`` a opening:

    python tools/make_book.py [--rule renju|standard|freestyle|all] [--seconds 8] [--moves 3] [--follow 2]
                              [--engine PATH [--engine-time 2]] [--out DIR] [--fresh]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku.ai.analysis import analyse
from gomoku.ai.book import mark_for, mark_of_result
from gomoku.ai.result import ENGINE_EVAL_SCALE, HARD_EVAL_SCALE, SearchResult, win_rate
from gomoku.board import Board
from gomoku.book import Book, BookMark, stones_of
from gomoku.gomocup.manager import EngineError, EnginePlayer, command_words
from gomoku.openings import CANONICAL_OPENINGS, canonical_openings, position_symmetries
from gomoku.point import Point, to_notation
from gomoku.records.book import read_book, write_book
from gomoku.records.record import RecordError
from gomoku.rules import Rule

#: The rules the built-in book is made for, in the order a run reads them.
RULES = (Rule.RENJU, Rule.STANDARD, Rule.FREESTYLE)
#: The board the canonical openings are played on.
SIZE = 15
#: Seconds of ``hard``'s analysis a position by default: eight times a ``hard`` move (1 s), and small enough
#: that the three rules' 26 openings (3 positions each) take about half an hour on one core.
SECONDS = 8.0
#: Moves marked in each position (the best few; a screen's line shows about that many).
MOVES = 3
#: How many of white's best 4th moves are followed to black's 5th.
FOLLOW = 2
#: Seconds of hard's analysis (at most; --seconds if less) that only names the candidates an outside engine values.
CANDIDATE_SECONDS = 2.0
#: The outside engine's turn time a candidate, in seconds, by default.
ENGINE_SECONDS = 2.0
#: Where the built-in books live (package data, read by :mod:`gomoku.books`).
DATA = Path(__file__).resolve().parent.parent / "gomoku" / "data"


def book_file(folder: Path, rule: Rule) -> Path:
    """The file of ``rule``'s built-in book in ``folder`` (:mod:`gomoku.books` reads the same name)."""
    return folder / f"book-{rule.value}.txt"


class Analyst:
    """What values a position's candidate moves: hard's analysis, or an outside engine."""

    def __init__(self, seconds: float, engine: EnginePlayer | None, engine_seconds: float) -> None:
        self.seconds = seconds
        self.engine = engine
        self.engine_seconds = engine_seconds

    def moves(self, board: Board, count: int) -> list[tuple[Point, BookMark | None, str]]:
        """The best ``count`` moves of ``board`` (more with an engine), best first: point, mark, comment."""
        if self.engine is None:
            found = analyse(board, count=count, seconds=self.seconds)
            if found is None:
                return []
            return [
                (line.move, mark_of_result(line, HARD_EVAL_SCALE), self._said(line, found.depth)) for line in found.best
            ]
        found = analyse(board, count=count, seconds=min(self.seconds, CANDIDATE_SECONDS))
        candidates = [line.move for line in found.best] if found is not None else []
        own = self.engine.choose_move(board, think_time=self.engine_seconds).move
        if own not in candidates:
            candidates.insert(0, own)
        valued = []
        for move in candidates:
            after = board.copy()
            after.play(move)
            if after.is_game_over():
                rate: float | None = 1.0 if after.outcome is not None and after.outcome.winner is board.turn else 0.0
            else:
                reply = self.engine.choose_move(after, think_time=self.engine_seconds)
                rate = _mover_rate(reply)
            said = f"{rate:.0%} for the mover" if rate is not None else "no eval"
            text = f"{self.engine.name} {self.engine_seconds:g} s: {said}"
            valued.append((move, None if rate is None else mark_for(rate), text, rate if rate is not None else -1.0))
        valued.sort(key=lambda item: item[3], reverse=True)
        return [(move, mark, text) for move, mark, text, _rate in valued]

    def _said(self, line: SearchResult, depth: int) -> str:
        rate = line.win_rate(HARD_EVAL_SCALE)
        if line.win_in is not None:
            return f"hard {self.seconds:g} s: forced {'win' if line.win_in > 0 else 'loss'} in {abs(line.win_in)} plies"
        if rate is None:
            return f"hard {self.seconds:g} s"
        bound = "" if line.exact else "at most "
        return f"hard {self.seconds:g} s, depth {depth}: {bound}{rate:.0%} for the mover"


def engine_name(command: str) -> str:
    """What the comments call the engine: its program's file name (the script's, when an interpreter runs it)."""
    words = command_words(command)
    programs = [os.path.basename(word) for word in words if not word.startswith("-")]
    if len(programs) > 1 and programs[0].startswith("python"):
        return programs[1]
    return programs[0] if programs else "engine"


def _mover_rate(reply: SearchResult) -> float | None:
    """The win rate of the side that just moved, from the opponent's reply and its value (its own view)."""
    if reply.win_in is not None:
        return 0.0 if reply.win_in > 0 else 1.0
    if reply.score is None:
        return None
    return 1.0 - win_rate(reply.score, ENGINE_EVAL_SCALE)


def read_opening(book: Book, analyst: Analyst, stones: list[Point], rule: Rule, count: int, follow: int) -> None:
    """Put one opening's 4th moves, and the 5th moves after the best ``follow`` of them, into ``book``."""
    fourths = distinct(book, analyst, stones, rule, count)
    for move, mark, comment in fourths:
        book.add_line([*stones, move], mark, comment)
    followed = [move for move, mark, _comment in fourths if mark is not BookMark.LOSING][:follow]
    for fourth in followed:
        if Board.from_moves([*stones, fourth], SIZE, rule).is_game_over():
            continue
        for move, mark, comment in distinct(book, analyst, [*stones, fourth], rule, count):
            book.add_line([*stones, fourth, move], mark, comment)


def distinct(
    book: Book, analyst: Analyst, line: list[Point], rule: Rule, count: int
) -> list[tuple[Point, BookMark | None, str]]:
    """The best ``count`` moves after ``line``, one of each set a symmetry of the position makes one (a
    symmetrical opening's mirror moves lead to the same position: the book keeps it once)."""
    board = Board.from_moves(line, SIZE, rule)
    symmetric = len(position_symmetries(board)) > 1
    found = analyst.moves(board, count * 2 if symmetric else count)
    seen = set()
    kept = []
    for move, mark, comment in found:
        after = board.copy()
        after.play(move)
        key = book.key_of(stones_of(after))
        if key not in seen:
            seen.add(key)
            kept.append((move, mark, comment))
    return kept[:count]


def done(book: Book, stones: list[Point], rule: Rule) -> bool:
    """Whether ``book`` already has marked moves for the opening ``stones`` (a run before read it)."""
    position = book.lookup(Board.from_moves(stones, SIZE, rule))
    return position is not None and bool(position.marked)


def save(book: Book, path: Path, note: str) -> None:
    """Write ``book`` to ``path`` with a note on how it was made, replacing the file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".partial")
    temporary.write_text(note + write_book(book), encoding="utf-8")
    os.replace(temporary, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rule", default="all", choices=["all"] + [rule.value for rule in RULES])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="hard's analysis a position (seconds)")
    parser.add_argument("--moves", type=int, default=MOVES, help="moves marked in each position")
    parser.add_argument("--follow", type=int, default=FOLLOW, help="4th moves followed to the 5th")
    parser.add_argument("--openings", type=int, default=len(CANONICAL_OPENINGS), help="only the first N openings")
    parser.add_argument("--engine", help="an outside Gomocup engine (path or command line) values the moves")
    parser.add_argument("--engine-time", type=float, default=ENGINE_SECONDS, help="the engine's turn time")
    parser.add_argument("--out", type=Path, default=DATA, help="folder for book-<rule>.txt")
    parser.add_argument("--fresh", action="store_true", help="start over instead of going on from the files")
    args = parser.parse_args(argv)
    rules = RULES if args.rule == "all" else (Rule(args.rule),)
    engine = EnginePlayer(args.engine, engine_name(args.engine), args.engine_time) if args.engine else None
    analyst = Analyst(args.seconds, engine, args.engine_time)
    who = (
        f"engine {engine.name}, {args.engine_time:g} s a candidate"
        if engine
        else f"hard, {args.seconds:g} s a position"
    )
    note = (
        "# The built-in opening book, made by tools/make_book.py by analysis\n"
        f"# ({who}; the best {args.moves} moves a position, 5th moves after the best {args.follow} 4th ones).\n"
        "# Marks from the mover's win rate: winning >= 90%, good >= 60%, even >= 40%, bad >= 10%, else losing.\n"
    )
    try:
        for rule in rules:
            path = book_file(args.out, rule)
            book = Book(rule, SIZE)
            if path.exists() and not args.fresh:
                try:
                    book = read_book(path.read_text(encoding="utf-8"))
                except RecordError as error:
                    print(f"{path}: {error}: starting it over", file=sys.stderr)
            names = [f"{opening.code} {opening.name}" for opening in CANONICAL_OPENINGS]
            for name, stones in list(zip(names, canonical_openings(SIZE)))[: args.openings]:
                if done(book, stones, rule):
                    continue
                started = time.perf_counter()
                read_opening(book, analyst, stones, rule, args.moves, args.follow)
                save(book, path, note)
                line = " ".join(to_notation(point, SIZE) for point in stones)
                print(f"{rule.value} {name} ({line}): {time.perf_counter() - started:.1f} s", flush=True)
            save(book, path, note)
            print(f"{rule.value}: {len(book)} positions in {path}", flush=True)
    except EngineError as error:
        print(f"the engine failed: {error}; what was read is kept", file=sys.stderr)
        return 2
    finally:
        if engine is not None:
            engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
