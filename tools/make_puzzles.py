"""Make the built-in puzzle collection (``gomoku/data/puzzles.txt``) from the computer's games.

Two steps, each repeatable (a fixed seed; the searching levels play by node budgets, not by time)::

    python tools/make_puzzles.py play --rule freestyle --out build/puzzles/freestyle.txt
    python tools/make_puzzles.py play --rule renju --out build/puzzles/renju.txt --pairs hard-strong,normal-easy
    python tools/make_puzzles.py build build/puzzles/*.txt --out gomoku/data/puzzles.txt

``play`` plays the levels of :data:`gomoku.ai.LEVELS` against each other (each
level against the next one up and the one after, so every level plays), from
``--openings`` three-stone openings near the centre drawn with ``--seed``,
each with the colours both ways, under ``--rule``.  In each game's positions
it looks for puzzles:

- **a win** (:func:`gomoku.puzzle_sets.read_goal`): the side to move has a
  forced win by fours, by fours and threes, or (renju, white) into black's
  forbidden point.  A quick reading (:data:`gomoku.puzzle_sets.SCAN`) finds
  the candidates, the puzzle reading (:data:`gomoku.puzzles.PUZZLE_READING`)
  proves them and states the shortest win it finds; a win by fours and threes
  is kept only when "no win by fours" is proven, and a five to take is no
  puzzle.  Of a side's run of winning turns only the first of each goal is
  kept (the later ones are the same win, shorter).
- **the only defence** (:func:`gomoku.puzzle_sets.only_defence`): the
  opponent has a forced win and exactly one move stops it, proven.  These are
  dearer to prove, so they are looked for only before the game's losing
  moves (the mover had no win, nor had the opponent the turn before, and the
  opponent has one after the move), from the game's end backwards, a few a
  game (:data:`DEFENCE_TRIES`), each for at most :data:`DEFENCE_SECONDS`.

Each game's puzzles are appended to ``--out`` as it ends, with a ``# game``
comment line; run again, ``play`` skips the games the file already has, so a
long run may be stopped and resumed.  ``--part I/K`` plays every K-th game
from the I-th, to share the games between processes.

``build`` reads such files, drops a position met before under any of the
board's 8 rotations and reflections, numbers the puzzles by rule (``f-0001``
freestyle, ``s-`` standard, ``r-`` renju, ``c-`` caro), names them (``Freestyle
17``) and writes the collection.

**Grades.**  Each puzzle's grade, its starting rating (``docs/puzzles.md``), is
:data:`GRADE_BASE`, plus :data:`GRADE_PER_THREAT` for each threat of the
solution after the first (a defence: of the opponent's win it stops), plus
:data:`GRADE_PER_TEMPTING` for each tempting move that fails (at most
:data:`TEMPTING_MOST` of them: for a win, the moves that make a four, or a four
or an open three when threes count, and do not win; for a defence, the points
of the opponent's winning line that do not stop it), plus the goal's own
:data:`GOAL_GRADE`, held within the grades a puzzle may have.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gomoku.ai import LEVELS, arena, make_player  # noqa: E402
from gomoku.ai.budget import Budget  # noqa: E402
from gomoku.ai.searchboard import SearchBoard  # noqa: E402
from gomoku.ai.threats import ThreatSearch  # noqa: E402
from gomoku.board import Board  # noqa: E402
from gomoku.game import Game  # noqa: E402
from gomoku.openings import Seat  # noqa: E402
from gomoku.patterns import C_FOUR, C_OPEN_THREE  # noqa: E402
from gomoku.point import Point  # noqa: E402
from gomoku.puzzle_sets import SCAN, Found, only_defence, opponent_threat, position_key, read_goal  # noqa: E402
from gomoku.puzzles import MAX_GRADE, MIN_GRADE, PUZZLE_READING, Goal, Puzzle  # noqa: E402
from gomoku.records import read_puzzles_text, write_puzzle_text, write_puzzles_text  # noqa: E402
from gomoku.review import ReviewSettings, forced_win  # noqa: E402
from gomoku.rules import Rule, Stone  # noqa: E402

#: The board the collection's puzzles are on: the standard 15x15.
SIZE = 15
#: The node budget a move of the levels that otherwise think by the clock, so that a game is the same on any
#: machine at any load: a little above ``strong``'s 4,000 and doubling up the ladder, as their times do.
TIMED_NODES = {"hard": 8_000, "expert": 16_000, "master": 32_000}
#: How many positions before a losing move a game is searched for an only defence, from its end backwards, and
#: for how long each: in a normal-v-easy game the one defence found came before the loser's last losing move,
#: proven in 4 s.  The time cap keeps a game's search within a minute on a busy machine (a slower one may find
#: fewer defences; the collection is what one run kept).
DEFENCE_TRIES = 3
DEFENCE_SECONDS = 12.0
#: The prefix of each rule's puzzle ids.
ID_PREFIX = {Rule.FREESTYLE: "f", Rule.STANDARD: "s", Rule.RENJU: "r", Rule.CARO: "c"}

#: Grades (starting ratings, the Glicko scale where a newcomer is 1500): a win in one threat (an open four
#: made) is an easy 1000, each further threat of the line a step up, each tempting failure a smaller one, and
#: threes, defences and forbidden points harder to see than fours.  Chosen by hand; the players' results
#: move each puzzle's rating from there.
GRADE_BASE = 1000
GRADE_PER_THREAT = 110
GRADE_PER_TEMPTING = 25
TEMPTING_MOST = 12
GOAL_GRADE = {Goal.FOURS: 0, Goal.THREES: 200, Goal.DEFENCE: 250, Goal.FORBIDDEN: 300}


def level_pairs() -> list[tuple[str, str]]:
    """Each level against the next one up and the one after (so every level plays twice or more)."""
    names = list(LEVELS)
    return [(names[i + step], names[i]) for step in (1, 2) for i in range(len(names) - step)]


def openings(count: int, seed: int) -> list[tuple[Point, ...]]:
    """``count`` different three-stone openings: black in the centre, white beside it, black within two."""
    rng = random.Random(seed)
    centre = SIZE // 2
    found: list[tuple[Point, ...]] = []
    while len(found) < count:
        first = Point(centre, centre)
        second = Point(centre + rng.choice((-1, 0, 1)), centre + rng.choice((-1, 0, 1)))
        third = Point(centre + rng.randint(-2, 2), centre + rng.randint(-2, 2))
        opening = (first, second, third)
        if len(set(opening)) == 3 and opening not in found:
            found.append(opening)
    return found


@dataclass(frozen=True)
class Match:
    """One game to play: its number, the levels (black first), its opening."""

    number: int
    black: str
    white: str
    opening: tuple[Point, ...]

    def key(self, rule: Rule) -> str:
        """How the output file remembers the game: the rule, the levels, the opening."""
        stones = " ".join(Board(SIZE).notation(point) for point in self.opening)
        return f"{rule.value}: {self.black} v {self.white}: {stones}"


def matches(pairs: Sequence[tuple[str, str]], count: int, seed: int) -> list[Match]:
    """Every pair from every opening, the colours both ways."""
    found: list[Match] = []
    for opening in openings(count, seed):
        for stronger, weaker in pairs:
            for black, white in ((stronger, weaker), (weaker, stronger)):
                found.append(Match(len(found) + 1, black, white, opening))
    return found


def play_game(match: Match, rule: Rule, seed: int) -> Board:
    """The finished game of ``match``: each level a player seeded by the game's number."""
    players = {
        seat: make_player(level, seed=seed * 1000 + 2 * match.number + index, max_nodes=TIMED_NODES.get(level))
        for index, (seat, level) in enumerate(((Seat.FIRST, match.black), (Seat.SECOND, match.white)))
    }
    played = arena.play(Game.resumed(Board.from_moves(match.opening, SIZE, rule)), players)
    return played.game.board


#: How the game's positions are searched for a win before the puzzle reading proves it: 2,000 nodes a search
#: and 8 threats, a fifth of the review's default nodes (a win missed here is only a puzzle fewer; at 5,000
#: a 51-move game took a minute on a busy machine).
DETECT = ReviewSettings(nodes=2_000, vct_depth=8, read_time=5.0, refine_positions=0)


def puzzles_of(match: Match, board: Board, rule: Rule, seconds: dict[str, float]) -> Iterator[Puzzle]:
    """The puzzles found in the positions of a finished game; ``seconds`` gains the time the wins and the
    defences took."""
    started = time.perf_counter()
    moves = board.moves
    source = f"level {match.black} v level {match.white}, move {{move}}"
    last_goal: dict[Stone, Goal | None] = {Stone.BLACK: None, Stone.WHITE: None}
    winning: dict[int, bool] = {}
    here = Board.from_moves(moves[: len(match.opening)], SIZE, rule)
    for count in range(len(match.opening), len(moves)):
        side = here.turn
        win, _proven = forced_win(here, DETECT)
        found = read_goal(here) if win is not None else None
        goal = found.goal if found is not None else None
        if found is not None and goal is not last_goal[side]:
            yield made(here, found, tempting_wins(here, found), source.format(move=count + 1))
        last_goal[side] = goal
        winning[count] = win is not None
        here.play(moves[count])
    seconds["wins"] = time.perf_counter() - started
    started = time.perf_counter()
    # the losing moves: the mover had no win, the opponent had none the turn before and has one after it
    losing = [
        count
        for count in winning
        if not winning[count] and winning.get(count + 1) and not winning.get(count - 1, False)
    ]
    tries = 0
    for count in reversed(losing):
        if tries >= DEFENCE_TRIES:
            break
        here = Board.from_moves(moves[:count], SIZE, rule)
        if opponent_threat(here, DETECT) is None:
            continue
        tries += 1
        stop = threading.Event()
        timer = threading.Timer(DEFENCE_SECONDS, stop.set)
        timer.start()
        try:
            found = only_defence(here, PUZZLE_READING, SCAN, stop)
        finally:
            timer.cancel()
        if found is not None and not stop.is_set():
            yield made(here, found, tempting_defences(here, found), source.format(move=count + 1))
    seconds["defences"] = time.perf_counter() - started


def tempting_wins(board: Board, found: Found) -> int:
    """The side to move's moves that make a four (or, when threes count, a four or an open three) and do not
    win, read quickly."""
    threes = found.goal is not Goal.FOURS
    search = SearchBoard.from_board(board)
    me = search.side
    cells = search.cells_at_least(me, C_OPEN_THREE if threes else C_FOUR)
    failing = 0
    for cell in cells:
        if me == int(Stone.BLACK) and search.forbidden(cell):
            continue
        solver = ThreatSearch(search, Budget(max_nodes=SCAN.nodes))
        if not solver.wins_with(cell, threes, SCAN.vct_depth):
            failing += 1
    return failing


def tempting_defences(board: Board, found: Found) -> int:
    """The points of the opponent's winning line (where a block looks natural) that do not stop it."""
    assert found.threat is not None
    return sum(1 for point in set(found.threat.line) if point not in found.solution and board.is_legal(point))


def made(board: Board, found: Found, tempting: int, source: str) -> Puzzle:
    """The puzzle of ``found`` on ``board``, graded."""
    line = found.threat.line if found.threat is not None else found.solution
    forbidden = found.goal is Goal.FORBIDDEN or (found.threat is not None and found.threat.block is not None)
    threats = (len(line) + 1) // 2 - (0 if forbidden else 1)
    grade = GRADE_BASE + GRADE_PER_THREAT * max(0, threats - 1) + GRADE_PER_TEMPTING * min(tempting, TEMPTING_MOST)
    grade = max(MIN_GRADE, min(MAX_GRADE, grade + GOAL_GRADE[found.goal]))
    return Puzzle.from_board(board, found.goal, found.solution, source=source, grade=grade)


def play(options: argparse.Namespace) -> None:
    """``play``: the games of one rule, each game's puzzles appended to the output as it ends."""
    rule = Rule(options.rule)
    pairs = [tuple(pair.split("-")) for pair in options.pairs.split(",")] if options.pairs else level_pairs()
    for pair in pairs:
        if len(pair) != 2 or any(level not in LEVELS for level in pair):
            raise SystemExit(f"--pairs: {'-'.join(pair)} is not two levels of {', '.join(LEVELS)}")
    part, parts = (int(number) for number in options.part.split("/"))
    out = Path(options.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = set()
    if out.exists():
        done = {
            line[len("# game ") :].split(" | ")[0]
            for line in out.read_text().splitlines()
            if line.startswith("# game ")
        }
    prefix = ID_PREFIX[rule]
    todo = [m for m in matches(pairs, options.openings, options.seed) if m.number % parts == part % parts]
    total = 0
    for match in todo:
        key = match.key(rule)
        if key in done:
            continue
        started = time.perf_counter()
        board = play_game(match, rule, options.seed)
        seconds = {"game": time.perf_counter() - started}
        found = [
            replace(puzzle, id=f"{prefix}-g{match.number}-{index}")
            for index, puzzle in enumerate(puzzles_of(match, board, rule, seconds), 1)
        ]
        total += len(found)
        outcome = board.outcome.said(SIZE) if board.outcome is not None else "unfinished"
        summary = f"# game {key} | {len(board.moves)} moves, {outcome}, {len(found)} puzzles"
        with out.open("a", encoding="utf-8") as stream:
            stream.write("".join(write_puzzle_text(puzzle) + "\n" for puzzle in found) + summary + "\n\n")
        goals = ", ".join(puzzle.goal.value for puzzle in found)
        spent = ", ".join(f"{what} {taken:.0f} s" for what, taken in seconds.items())
        print(f"game {match.number}: {key}: {len(found)} ({goals}); {spent}", flush=True)
    print(f"{total} puzzles from {len(todo)} games", flush=True)


def build(options: argparse.Namespace) -> None:
    """``build``: the collection from ``play``'s files: positions met before dropped, numbered and named by rule."""
    seen = set()
    by_rule: dict[Rule, list[Puzzle]] = {rule: [] for rule in Rule}
    for name in options.parts:
        for puzzle in read_puzzles_text(Path(name).read_text(encoding="utf-8")):
            key = position_key(puzzle)
            if key not in seen:
                seen.add(key)
                by_rule[puzzle.rule].append(puzzle)
    collection = []
    for rule, puzzles in by_rule.items():
        for number, puzzle in enumerate(puzzles, 1):
            name = f"{rule.value.capitalize()} {number}"
            collection.append(replace(puzzle, id=f"{ID_PREFIX[rule]}-{number:04d}", name=name))
    header = (
        '# The built-in puzzle collection (docs/puzzles.md, "Collections"), read by gomoku/puzzle_sets.py.\n'
        "# Made by tools/make_puzzles.py from the computer's games and proven by the threat solvers;\n"
        "# python benchmarks/puzzles.py proves every one again.\n\n"
    )
    Path(options.out).write_text(header + write_puzzles_text(collection), encoding="utf-8")
    counts = ", ".join(f"{rule.value} {len(puzzles)}" for rule, puzzles in by_rule.items() if puzzles)
    print(f"{len(collection)} puzzles ({counts}) written to {options.out}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play", help="play the levels' games and append the puzzles found")
    playing.add_argument("--rule", default="freestyle", choices=[rule.value for rule in Rule])
    playing.add_argument("--openings", type=int, default=2, help="openings each pair plays, both colours")
    playing.add_argument("--pairs", default="", help="level pairs, e.g. hard-strong,normal-easy (default: all)")
    playing.add_argument("--seed", type=int, default=2026)
    playing.add_argument("--part", default="0/1", help="I/K: play every K-th game from the I-th")
    playing.add_argument("--out", required=True)
    building = commands.add_parser("build", help="make the collection from play's files")
    building.add_argument("parts", nargs="+")
    building.add_argument("--out", default=str(ROOT / "gomoku" / "data" / "puzzles.txt"))
    options = parser.parse_args(argv)
    {"play": play, "build": build}[options.command](options)


if __name__ == "__main__":
    main()
