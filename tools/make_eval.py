"""Make the search's learned evaluation: play games, then fit cell-code values to their results.

Two steps, run from the repository root:

    python tools/make_eval.py games --engine PATH [--rule renju] [--games 300] [--seed 1] [--out data/eval/games.txt]
    python tools/make_eval.py fit [--games-file data/eval/games.txt ...] [--out gomoku/ai/learned_tables.py]

**games** plays games one at a time (one process: the outside engine and our
levels take turns on one core) and appends each to the games file as it
ends, one game a line (see :func:`game_line`), so a run cut short keeps what
it played.  The pairings cycle through the outside engine against itself at
several node budgets (``max_node``, the two sides often unequal, so that
either colour wins) and our searching levels at their node budgets against it
and against each other.  Every game starts from a random opening of 3 to 5
stones within three points of the centre, never one that contains, under any
of the board's 8 symmetries, an opening of the sets that judge the program
(``gomoku/match/data/*.txt``, the 26 canonical renju openings and
``benchmarks/strength.py``'s random draw with its default seed): tuning data
is kept apart from the openings that judge it.

**fit** replays the games on a :class:`~gomoku.ai.searchboard.SearchBoard`,
keeps the quiet positions (the ones the search judges statically: no five or
winning four for either side), and fits, per rule, a logistic model of the
result for the side to move (Texel tuning; ``tools/eval_fit.py``), then
writes the tables as a generated Python module read by the search.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku.match.game import Conditions, Contender, GameSpec, play
from gomoku.match.openings import OpeningSet, named_openings, random_openings, read_openings
from gomoku.point import Point
from gomoku.rules import Rule, Stone

SIZE = 15
#: An opening's stones of one colour.
Stones = frozenset[tuple[int, int]]
#: Random openings: this many stones (drawn uniformly) ...
OPENING_STONES = (3, 4, 5)
#: ... within this many points of the centre.
OPENING_RADIUS = 3
#: The outside engine's node budgets (each side drawn from these, so the stronger side varies).
ENGINE_NODES = (1_000, 2_000, 3_000, 6_000, 10_000, 20_000)
#: Our levels in the games, with their node budgets a move (small: they are slow).
LEVEL_NODES = (("club", 1_000), ("strong", 2_000))
#: Of every this many games, one is one of our levels against the engine and one our levels against each other.
LEVEL_EVERY = 6
#: The seed ``benchmarks/strength.py`` draws its random openings with (they judge the program).
STRENGTH_SEED = 2026
STRENGTH_OPENINGS = 60


def _symmetries(size: int) -> list[Callable[[int, int], tuple[int, int]]]:
    """The board's 8 symmetries as functions of a point."""
    last = size - 1
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda x, y: (x, y),
        lambda x, y: (last - x, y),
        lambda x, y: (x, last - y),
        lambda x, y: (last - x, last - y),
        lambda x, y: (y, x),
        lambda x, y: (last - y, x),
        lambda x, y: (y, last - x),
        lambda x, y: (last - y, last - x),
    ]
    return maps


def _colour_sets(stones: Iterable[Point | tuple[int, int]]) -> tuple[Stones, Stones]:
    """(black stones, white stones) of an opening given in playing order."""
    cells = [(x, y) for x, y in stones]
    return frozenset(cells[0::2]), frozenset(cells[1::2])


def excluded_openings(size: int = SIZE) -> list[tuple[Stones, Stones]]:
    """Every opening that judges the program, under every symmetry, as (black, white) stone sets."""
    data = Path(__file__).resolve().parent.parent / "gomoku" / "match" / "data"
    found: list[list[Point]] = []
    for path in sorted(data.glob("*.txt")):
        rule = next((r for r in Rule if r.value in path.name), Rule.FREESTYLE)
        try:
            found.extend(read_openings(path, size, rule))
        except Exception as error:  # a file of another kind: say so, never use it as tuning data by mistake
            raise SystemExit(f"cannot read the openings of {path}: {error}") from None
    found.extend(random_openings(STRENGTH_OPENINGS, size, STRENGTH_SEED))
    found.extend(named_openings(OpeningSet.RENJU26.value, size, Rule.RENJU, 26, 0))
    out = []
    for opening in found:
        for sym in _symmetries(size):
            out.append(_colour_sets(sym(x, y) for x, y in opening))
    return out


def is_excluded(opening: Sequence[tuple[int, int]], excluded: list[tuple[Stones, Stones]]) -> bool:
    """Whether ``opening`` holds any excluded opening (its black and white stones among ours)."""
    black, white = _colour_sets(opening)
    return any(b <= black and w <= white for b, w in excluded)


def passes_through(moves: Sequence[tuple[int, int]], excluded: list[tuple[Stones, Stones]]) -> bool:
    """Whether a game of ``moves`` passes through an excluded opening (its first stones are one)."""
    return any(_colour_sets(moves[: len(b) + len(w)]) == (b, w) for b, w in excluded)


def tuning_openings(count: int, seed: int, size: int = SIZE) -> list[list[Point]]:
    """``count`` random openings of :data:`OPENING_STONES` stones, none holding an excluded opening."""
    rng = random.Random(seed)
    excluded = excluded_openings(size)
    centre = size // 2
    span = range(-OPENING_RADIUS, OPENING_RADIUS + 1)
    near = [Point(centre + dx, centre + dy) for dx in span for dy in span if dx or dy]
    openings: list[list[Point]] = []
    seen: set[tuple[Point, ...]] = set()
    while len(openings) < count:
        stones = rng.choice(OPENING_STONES)
        opening = [Point(centre, centre)] + rng.sample(near, stones - 1)
        key = tuple(opening)
        if key in seen or is_excluded(opening, excluded):
            continue
        seen.add(key)
        openings.append(opening)
    return openings


def game_line(rule: Rule, result: str, black: str, white: str, moves: Iterable[tuple[int, int]]) -> str:
    """One game as a line: ``rule result black white moves``.

    ``result`` is ``B``, ``W`` or ``D``; the players are names without
    spaces; the moves, from the first stone of the opening, two letters each
    (column then row from the top, ``a`` = 0): ``hh`` is the centre.
    """
    text = "".join(chr(97 + x) + chr(97 + y) for x, y in moves)
    return f"{rule.value} {result} {black} {white} {text}"


def parse_game_line(line: str) -> tuple[Rule, str, list[int], int]:
    """(rule, result, moves as flat cells, board size) of a :func:`game_line`."""
    rule_text, result, _black, _white, text = line.split()
    moves = [(ord(text[i + 1]) - 97) * SIZE + ord(text[i]) - 97 for i in range(0, len(text), 2)]
    return Rule(rule_text), result, moves, SIZE


def _pairing(number: int, rng: random.Random, engine: str) -> tuple[Contender, Contender]:
    """The two sides of game ``number``."""
    slot = number % LEVEL_EVERY
    if slot == 0:
        level, nodes = rng.choice(LEVEL_NODES)
        budget = rng.choice(ENGINE_NODES[:2])
        return Contender(level, level=level, nodes=nodes), Contender(
            f"rapfi{budget}", command=engine, infos=(("max_node", str(budget)),)
        )
    if slot == 3:
        (a, na), (b, nb) = LEVEL_NODES[0], LEVEL_NODES[1]
        return Contender(a, level=a, nodes=na), Contender(b, level=b, nodes=nb)
    x, y = rng.choice(ENGINE_NODES), rng.choice(ENGINE_NODES)
    return (
        Contender(f"rapfi{x}", command=engine, infos=(("max_node", str(x)),)),
        Contender(f"rapfi{y}", command=engine, infos=(("max_node", str(y)),)),
    )


def make_games(engine: str, rules: list[Rule], games: int, seed: int, out: Path) -> None:
    """Play ``games`` games of each rule and append them to ``out``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    for rule in rules:
        rng = random.Random(f"{seed}-{rule.value}")
        openings = tuning_openings(games, seed * 1000 + len(rule.value))
        started = time.monotonic()
        tally = {"B": 0, "W": 0, "D": 0}
        for number, opening in enumerate(openings):
            first, second = _pairing(number, rng, engine)
            if rng.random() < 0.5:
                first, second = second, first
            spec = GameSpec(number, number, tuple(opening), first, second, Conditions(SIZE, rule, 10.0), seed + number)
            outcome = play(spec)
            record = outcome.record
            if outcome.forfeit is not None:
                print(f"game {number} skipped: {outcome.forfeit}", flush=True)
                continue
            winner = outcome.outcome.winner
            result = "D" if winner is None else "B" if winner is Stone.BLACK else "W"
            tally[result] += 1
            black = spec.contender(outcome.black).name
            white = spec.contender(outcome.black.other).name
            line = game_line(rule, result, black, white, record.moves)
            with out.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")
            if (number + 1) % 20 == 0:
                print(f"{rule.value}: {number + 1} games, {tally}, {time.monotonic() - started:.0f} s", flush=True)
        print(f"{rule.value}: done, {tally}, {time.monotonic() - started:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games", help="play games and append them to a games file")
    g.add_argument("--engine", required=True, help="the outside Gomocup engine's path")
    g.add_argument("--rule", choices=[r.value for r in Rule] + ["all"], default="all")
    g.add_argument("--games", type=int, default=300, help="games per rule")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=1, help="games at once (only 1 is supported: one process)")
    g.add_argument("--out", type=Path, default=Path("data/eval/games.txt"))
    f = sub.add_parser("fit", help="fit the tables to the games' results and write them")
    f.add_argument("--games-file", type=Path, action="append", default=None)
    f.add_argument("--rule", choices=[r.value for r in Rule] + ["all"], default="all")
    f.add_argument("--out", type=Path, default=Path("gomoku/ai/learned_tables.py"))
    f.add_argument("--seed", type=int, default=1, help="draws the validation split and the batches")
    f.add_argument("--epochs", type=int, default=20)
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--rate", type=float, default=0.005, help="Adam's step size")
    f.add_argument("--compare", action="store_true", help="also fit the other model forms and print their losses")
    args = parser.parse_args(argv)
    if args.command == "games":
        rules = [Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU] if args.rule == "all" else [Rule(args.rule)]
        make_games(args.engine, rules, args.games, args.seed, args.out)
    else:
        from tools import eval_fit

        rules = [Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU] if args.rule == "all" else [Rule(args.rule)]
        files = args.games_file or [Path("data/eval/games.txt")]
        command = "python tools/make_eval.py " + " ".join(sys.argv[1:] if argv is None else argv)
        eval_fit.fit_and_write(
            files,
            rules,
            args.out,
            args.seed,
            args.epochs,
            args.l2,
            args.compare,
            command,
            date.today().isoformat(),
            args.rate,
        )


if __name__ == "__main__":
    main()
