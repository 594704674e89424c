"""The level ladder's strengths: each level against its neighbours and against Rapfi's node ladder, as Elo.

Every level plays the next one up, and every level plays the reference
engine at ``max_node`` 3,000 and 10,000 (``INFO max_node``: a fixed strength
whatever the machine), over balanced openings (``balanced_openings.py``'s held-out
set: openings hard judges nearest to even, so a pair of games does not split
one win each whatever the players) each played twice with colours swapped;
each level thinks its own default time.  The ratings are the
maximum-likelihood Elo of all those games together (the Bradley-Terry model,
a draw half a win, one virtual draw added to every pairing so a clean sweep
stays finite), anchored at Rapfi ``max_node`` 3,000 = 0; the error bars are
95% intervals from the curvature of the likelihood.

    python benchmarks/ladder.py --engine /path/to/pbrain-rapfi --games 10
    python benchmarks/ladder.py --engine /path/to/pbrain-rapfi --games 10 --engine-games 6 --top 8 --jobs 2

``--top N`` stops the ladder at level N; ``--games`` is per pair of
neighbours, ``--engine-games`` per level against each Rapfi setting, and
``--long-games`` replaces both for the levels above ``hard`` (they think
several seconds a move).  Levels up to ``strong`` and Rapfi's node ladder
do not depend on the machine; ``hard`` and above think by the clock, so a
loaded machine makes them weaker, unless ``--nodes-per-second N`` gives
them N nodes for each second of their think time instead.  ``--results
FILE`` keeps every game as it ends (one JSON line each), and a run with the
same file and options plays only the games it does not hold yet: a long
ladder can be stopped and taken up again.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from balanced_openings import balanced_openings
from strength import EngineSpec, play_game

from gomoku import Rule
from gomoku.ai import LEVELS
from gomoku.match import run_jobs

#: The reference engine's node ladder, and the setting the ratings are anchored at (Elo 0).
ENGINE_NODES = (3_000, 10_000)
ANCHOR = "rapfi3k"
#: Elo's scale: a 400-point lead is 10 to 1 odds.
ELO_SCALE = 400 / math.log(10)


def _clock_time(level: str) -> float | None:
    """The seconds a move of ``level`` thinks by the clock (``None``: it does not, or it counts nodes)."""
    player = LEVELS[level]()
    if not LEVELS[level].searches or getattr(player, "max_nodes", None) is not None:
        return None
    return float(getattr(player, "think_time", 0))


def _thinks_long(level: str) -> bool:
    """Whether ``level`` thinks more than a second a move by default (its games are the long ones)."""
    return (_clock_time(level) or 0) > 1


def _job_key(job: tuple) -> str:
    """A game's identity in a results file: the pairing, the opening and who is black."""
    (first, second), (index, opening, black, _white, options) = job
    stones = " ".join(f"{p.x},{p.y}" for p in opening)
    return f"{first} {second} {options[1]} #{index} {stones} black={black} budgets={options[5]}"


def _load_results(path: Path | None) -> dict[str, str | None]:
    """The games a results file already holds (key to winner); unreadable lines are skipped."""
    done: dict[str, str | None] = {}
    if path is None or not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            done[str(entry["key"])] = entry["winner"]
        except (ValueError, KeyError, TypeError):
            print(f"{path}: skipped a line that is not a kept game: {line[:60]!r}", file=sys.stderr)
    return done


def engine_name(nodes: int) -> str:
    return f"rapfi{nodes // 1000}k"


def fit_elo(games: list[tuple[str, str, float]], anchor: str) -> dict[str, tuple[float, float]]:
    """Maximum-likelihood Elo (and its 95% half-interval) of each player from (a, b, a's score) games.

    One virtual draw per pairing keeps a sweep finite; ``anchor`` is fixed at 0.
    """
    pairs: dict[tuple[str, str], list[float]] = {}
    for a, b, score in games:
        key, value = ((a, b), score) if a < b else ((b, a), 1 - score)
        pairs.setdefault(key, []).append(value)
    for key in pairs:
        pairs[key].append(0.5)  # the virtual draw
    names = sorted({name for pair in pairs for name in pair})
    free = [name for name in names if name != anchor]
    index = {name: i for i, name in enumerate(free)}
    rating = dict.fromkeys(names, 0.0)
    for _ in range(100):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for (a, b), scores in pairs.items():
            p = 1 / (1 + math.exp(-(rating[a] - rating[b]) / ELO_SCALE))
            g = (sum(scores) - len(scores) * p) / ELO_SCALE
            h = len(scores) * p * (1 - p) / ELO_SCALE**2
            for name, sign in ((a, 1), (b, -1)):
                if name in index:
                    grad[index[name]] += sign * g
            for x in (a, b):
                for y in (a, b):
                    if x in index and y in index:
                        hess[index[x]][index[y]] += h if x == y else -h
        step = _solve(hess, grad)
        for name, i in index.items():
            rating[name] += step[i]
        if max((abs(s) for s in step), default=0) < 0.01:
            break
    covariance = _inverse(hess)
    return {
        name: (rating[name], 1.96 * math.sqrt(covariance[index[name]][index[name]]) if name in index else 0.0)
        for name in names
    }


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix``^-1 ``vector`` by Gaussian elimination (a dozen players: no need for numpy)."""
    n = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[col][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", metavar="PATH", required=True, help="the reference Gomocup engine (Rapfi)")
    parser.add_argument("--games", type=int, default=10, help="games between each pair of neighbours (even)")
    parser.add_argument(
        "--engine-games", type=int, default=None, help="games of each level against each engine setting"
    )
    parser.add_argument("--top", type=int, default=len(LEVELS), help="the highest level played")
    parser.add_argument(
        "--long-games", type=int, default=4, help="games instead of those for pairings with a level thinking over 1 s"
    )
    parser.add_argument("--rule", default="freestyle", choices=("freestyle", "standard", "renju"))
    parser.add_argument("--seed", type=int, default=31, help="seeds the levels' random choices")
    parser.add_argument(
        "--nodes-per-second",
        type=int,
        default=None,
        metavar="N",
        help="play the levels that think by the clock (hard and above) on N nodes per second of their think "
        "time instead (24,000 is about a second of hard on a quiet 2020s machine): the whole ladder is then "
        "the same on any machine, however loaded",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--results", type=Path, default=None, help="a file keeping each game as it ends; a rerun plays only the rest"
    )
    args = parser.parse_args()
    path = Path(args.engine)
    if not path.is_file() or not os.access(path, os.X_OK):
        parser.error(f"--engine {args.engine}: no such executable file")
    engine_games = args.games if args.engine_games is None else args.engine_games

    levels = [name for name, level in LEVELS.items() if level.number <= args.top]
    engines = {
        engine_name(n): EngineSpec(str(path.resolve()), engine_name(n), (("max_node", str(n)),)) for n in ENGINE_NODES
    }

    def count(level: str, games: int) -> int:
        return args.long_games if _thinks_long(level) else games

    pairings = [(low, high, count(high, args.games)) for low, high in itertools.pairwise(levels)]
    pairings += [(level, engine, count(level, engine_games)) for level in levels for engine in engines]
    budgets: dict[str, int] = {}
    if args.nodes_per_second:
        for level in levels:
            seconds = _clock_time(level)
            if seconds is not None:
                budgets[level] = round(seconds * args.nodes_per_second)
    jobs = []
    for pairing, (first, second, count) in enumerate(pairings):
        engine = engines.get(second)
        options = (15, args.rule, None, args.seed + pairing, engine, budgets or None, first, None)
        for index, opening in enumerate(balanced_openings(max(1, count // 2), 15, Rule(args.rule), held_out=True)):
            jobs.append(((first, second), (index, opening, first, second, options)))
            jobs.append(((first, second), (index, opening, second, first, options)))
    started = time.perf_counter()
    done = _load_results(args.results)
    todo = [job for job in jobs if _job_key(job) not in done]
    print(f"{len(jobs)} games, {len(jobs) - len(todo)} already in {args.results}", file=sys.stderr)
    for index, result in run_jobs([job for _, job in todo], play_game, max(1, args.jobs)):
        key = _job_key(todo[index])
        done[key] = result.winner
        if args.results is not None:
            with args.results.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"key": key, "winner": result.winner}) + "\n")
    games: list[tuple[str, str, float]] = []
    tally: dict[tuple[str, str], list[float]] = {}
    for job in jobs:
        (first, second), _ = job
        winner = done[_job_key(job)]
        score = 1.0 if winner == first else 0.5 if winner is None else 0.0
        games.append((first, second, score))
        tally.setdefault((first, second), []).append(score)
    ratings = fit_elo(games, ANCHOR)

    def score(a: str, b: str) -> str:
        if (a, b) in tally:
            points = tally[(a, b)]
            return f"{sum(points):g}/{len(points)}"
        if (b, a) in tally:
            points = tally[(b, a)]
            return f"{len(points) - sum(points):g}/{len(points)}"
        return ""

    print(f"$ python {' '.join(sys.argv)}")
    print(
        f"{len(jobs)} games, {args.rule}, balanced 3-stone openings (the held-out set) each played twice; "
        f"Elo anchored at Rapfi max_node 3000 = 0, +/- a 95% interval; wall time {time.perf_counter() - started:.0f} s"
    )
    if budgets:
        print("by the node budget instead of the clock: " + ", ".join(f"{k} {v:,} nodes" for k, v in budgets.items()))
    print()
    print("| level | name | Elo | vs the level below | vs the level above | vs Rapfi 3k | vs Rapfi 10k |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for i, name in enumerate(levels):
        elo, error = ratings[name]
        below = score(name, levels[i - 1]) if i > 0 else ""
        above = score(name, levels[i + 1]) if i + 1 < len(levels) else ""
        print(
            f"| {LEVELS[name].number} | {name} | {elo:+.0f} +/- {error:.0f} | {below} | {above} | "
            f"{score(name, 'rapfi3k')} | {score(name, 'rapfi10k')} |"
        )
    for name in engines:
        elo, error = ratings[name]
        print(f"| | Rapfi {name[5:]} nodes | {elo:+.0f} +/- {error:.0f} | | | | |")


if __name__ == "__main__":
    main()
