"""Play two computer levels against each other over varied openings and print the tally.

Each opening (a few stones near the centre, drawn from a seeded random source)
is played twice with colours swapped, so neither level profits from moving
first.  Prints wins, losses and draws of the first level, its score with a 95%
error bar, and each level's move-time median and maximum.

    python benchmarks/strength.py normal easy --games 100
    python benchmarks/strength.py hard normal --games 100 --think-time 1 --jobs 2
    python benchmarks/strength.py hard normal --games 100 --think-time 1 --jobs 2 --first-as white
    python benchmarks/strength.py hard engine --engine /path/to/pbrain-rapfi --engine-info max_node=3000 \
        --games 40 --think-time 1

With ``--ponder-nodes N`` the first level thinks on the opponent's time
(:meth:`gomoku.ai.search.SearchPlayer.ponder`): after each of its moves it
searches N nodes on the position after the reply it guesses, before the
reply is known, standing in for N nodes of the opponent's time; the
printout adds how often the guess was right (the hit rate) and the depth its
searches reached on hits and misses.  With ``--nodes`` too the games are the
same however loaded the machine is.

    python benchmarks/strength.py hard normal --nodes 16000 --ponder-nodes 16000 --games 20
    python benchmarks/strength.py hard normal --nodes 16000 --ponder-nodes 16000 --ponder-twin --games 4

``--ponder-twin`` adds a twin of the first level that never ponders: it
reads every position the first level moves in, keeping its own tables, and
the depths both reach after each ponder are compared (on a miss about the
same: the tables differ only by what earlier hits merged; on a hit deeper).

With ``--nodes2 N`` the second level searches N nodes a move (``--nodes`` the first's); a level
against itself is then printed as ``hard`` and ``hard@N``.  A faster core is the same search with more
nodes in the same second, so this prices a speed-up in Elo without the faster core:

    python benchmarks/strength.py hard hard --nodes 48000 --nodes2 24000 --games 40 --openings balanced

With ``engine`` as the second level the opponent is an external Gomocup
engine (``--engine PATH``, a ``pbrain-*`` program; see :mod:`gomoku.gomocup.manager`):
a fresh process each game, told ``START``, ``INFO rule``, ``INFO
timeout_turn`` (``--think-time`` in ms, 1000 if not given), ``INFO
timeout_match``, each ``--engine-info KEY=VALUE`` as ``INFO KEY VALUE``, then
the position with ``BOARD`` and each of our moves with ``TURN``.  An engine
that does not answer within ten times the turn time plus 5 s, ends, answers
something that is not a move or plays an illegal move loses that game by
forfeit; such games are listed separately.

Every game is played through the core :class:`~gomoku.game.Game`
(:func:`gomoku.ai.arena.play`): the moves by seat, the opening rule's steps,
and the result, a forfeit included, are the core's judgement.

With ``--clock 1+1`` (any clock ``--clock`` takes) the match is an
equal-time one on a game clock: each level is asked to think its share of
its time left (:meth:`gomoku.game.Game.think_budget`, as the game screen asks
it), and a flag fall ends the game by the core's judgement; the printout
says how many games a flag fall ended.

    python benchmarks/strength.py hard normal --games 20 --clock 1+1 --jobs 2

With ``--first-as white`` (or ``black``) each opening is played once, the
first level on that colour: ``hard`` loses almost only as white, so this
gives nearly the same information about it in half the time.

With ``--opening swap2`` no opening is drawn: each game starts with the
Swap2 opening played by the two levels' own opening decisions
(:class:`gomoku.ai.opening.OpeningPlayer`, each reading with its own level
and ``--think-time`` a decision, 2 s if not given), the first level as the
first player (who places the three stones) in half the games and as the
second in the other half; the colours are whatever the opening left.

    python benchmarks/strength.py hard normal --opening swap2 --games 20 --think-time 0.5 --jobs 1
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from balanced_openings import balanced_openings

from gomoku import Board, Point, Rule
from gomoku.ai import LEVELS, Player, SearchResult, arena, make_player
from gomoku.cli import clock_spec
from gomoku.clock import NO_CLOCK, ClockSpec
from gomoku.match import Conditions, Contender, Forfeited, GameSpec, random_openings, run_jobs
from gomoku.match import play as play_match_game
from gomoku.openings import OpeningRule, Seat, canonical_openings
from gomoku.point import to_notation
from gomoku.sprt import elo_of_score


@dataclass
class GameResult:
    """One game: the opening index, who had black, the winner's level (``None`` for a draw)."""

    opening: int
    black: str
    winner: str | None
    moves: int
    times: dict[str, list[float]] = field(default_factory=dict)
    record: list[str] = field(default_factory=list)
    forfeit: Forfeited | None = None  # why a player (the engine) lost this game by forfeit
    on_time: bool = False  # whether a flag fall ended it (with --clock)
    first_seat: str | None = None  # under --opening: the level that was the first player
    #: with --ponder-nodes: the first level's moves after a ponder, and those whose guess was right
    guesses: int = 0
    hits: int = 0
    #: the depth of the first level's alpha-beta moves after a ponder: on a hit, on a miss
    depths: dict[str, list[int]] = field(default_factory=lambda: {"hit": [], "miss": []})
    #: with --ponder-twin: (a hit, its depth, the twin's depth) of those moves
    twin_depths: list[tuple[bool, int, int]] = field(default_factory=list)


@dataclass(frozen=True)
class EngineSpec:
    """An external Gomocup engine as an opponent: its program, a name for the printout, extra INFO."""

    path: str
    name: str
    infos: tuple[tuple[str, str], ...] = ()


def make_openings(count: int, size: int, stones: int, seed: int) -> list[list[Point]]:
    """``count`` distinct openings of ``stones`` stones within two points of the centre (the match's random set)."""
    return random_openings(count, size, seed, stones)


def renju_openings(size: int) -> list[list[Point]]:
    """The 26 standard renju openings, black first: their one home is :mod:`gomoku.openings`."""
    return canonical_openings(size)


def nodes_for(level: str, nodes: int | dict[str, int] | None, first: str) -> int | None:
    """The node budget a move of ``level``: ``nodes`` for the first level, or ``nodes[level]`` from a mapping."""
    if isinstance(nodes, dict):
        return nodes.get(level)
    return nodes if level == first else None


class Pondering:
    """The first level's thinking on the opponent's time in one game (``--ponder-nodes``), and its tally.

    ``ponder`` is (nodes a ponder, whether a twin that never ponders reads each same position too).
    """

    def __init__(self, ponder: tuple[int, bool] | None, result: GameResult, make_twin: Callable[[], Player]) -> None:
        self.nodes, with_twin = ponder or (0, False)
        self.twin = make_twin() if self.nodes and with_twin else None
        self.result = result
        self._pending = False  # whether a ponder waits for the opponent's move

    def moved(self, player: object, decision: SearchResult, board: Board) -> None:
        """The pondering player chose ``decision`` and it is on ``board``: tally the last ponder, ponder again."""
        if self.twin is not None:
            before = board.copy()
            before.undo()
            twin = self.twin.choose_move(before)
            if self._pending and decision.depth and twin.depth:
                self.result.twin_depths.append((decision.pondered, decision.depth, twin.depth))
        if self._pending:
            self.result.guesses += 1
            self.result.hits += decision.pondered
            if decision.depth:
                self.result.depths["hit" if decision.pondered else "miss"].append(decision.depth)
        ponder = getattr(player, "ponder", None)
        self._pending = False
        if self.nodes and ponder is not None and not board.is_game_over():
            self._pending = ponder(board, max_nodes=self.nodes) is not None


class Options(NamedTuple):
    """What every game of a run shares (``ladder.py`` gives the first eight as a plain tuple)."""

    size: int
    rule: str
    think_time: float | None
    seed: int
    engine: EngineSpec | None
    nodes: int | dict[str, int] | None
    first: str
    ponder: tuple[int, bool] | None
    #: an equal-time match: each level thinks its share of this clock (Game.think_budget), a flag fall loses
    clock: ClockSpec = NO_CLOCK
    #: printout names that are not level names, with the level each plays (the second of a mirror match)
    aliases: tuple[tuple[str, str], ...] = ()


def progress(count: int, total: int, results: list[GameResult], first: str) -> None:
    """One line on stderr as each game ends (the tally so far, the first level's, by colour), so a long run
    can be quoted before it ends; the full printout comes at the end on stdout."""
    last = results[-1]
    wins = [r for r in results if r.winner == first]
    losses = sum(1 for r in results if r.winner is not None and r.winner != first)
    black = sum(1 for r in wins if r.black == first)
    print(
        f"game {count}/{total}: opening {last.opening + 1}, {last.black} black, "
        f"{'draw' if last.winner is None else last.winner + ' won'}; {first} so far {len(wins)}-{losses}-"
        f"{len(results) - len(wins) - losses} (wins as black {black}, as white {len(wins) - black})",
        file=sys.stderr,
        flush=True,
    )


def play_game(job: tuple) -> GameResult:
    """Play one game as a match does (:func:`gomoku.match.play`, through the core's game), and tally it.

    ``job`` is (opening index, opening, the first seat's level, the second seat's, options); the opening is
    stones (the first seat then holds black) or an opening rule the levels play by their own decisions.  An
    outside engine (``engine`` names one of the levels) is a fresh process each game; a failure of its is
    its forfeit, as the core judges it.
    """
    index, opening, black_level, white_level, given = job
    options = Options(*given)
    size, rule, think_time, seed, engine, nodes, first, ponder, clock, _aliases = options
    levels = {Seat.FIRST: black_level, Seat.SECOND: white_level}
    spec = GameSpec(
        index,
        index,
        opening if isinstance(opening, OpeningRule) else tuple(opening),
        _contender(black_level, options),
        _contender(white_level, options),
        Conditions(size, Rule(rule), think_time, clock),
        seed + 2 * index,
    )
    players = spec.players()
    times: dict[str, list[float]] = {level: [] for level in levels.values()}
    result = GameResult(index, black_level, None, 0, times)
    # the level that ponders: the first level, or ours against an engine (seeded as ours is)
    ours = first if engine is None else next(level for level in levels.values() if level != engine.name)
    twin_seed = seed + 2 * index
    if engine is not None:
        twin_seed += 0 if levels[Seat.FIRST] == ours else 1
    pondering = Pondering(
        ponder,
        result,
        lambda: make_player(ours, seed=twin_seed, think_time=think_time, max_nodes=nodes_for(ours, nodes, first)),
    )

    def tally(turn: arena.Turn) -> None:
        if turn.decision is None:
            return  # an opening step, or a player that gave no move
        times[levels[turn.seat]].append(turn.seconds)
        moved = len(turn.after.board.moves) > len(turn.before.board.moves)
        if levels[turn.seat] == ours and moved:
            pondering.moved(players[turn.seat], turn.decision, turn.after.board)

    played = play_match_game(spec, players, on_turn=tally)
    winner = played.winner
    result.winner = levels[winner] if winner is not None else None
    result.moves = len(played.record.moves)
    result.record = [to_notation(point, size) for point in played.record.moves]
    if isinstance(opening, OpeningRule):
        result.first_seat = black_level
        result.black = levels[played.black]
    result.forfeit = played.forfeit
    result.on_time = played.on_time
    return result


def _contender(level: str, options: Options) -> Contender:
    """The player of ``level``: one of our levels (with its node budget), or the outside engine."""
    engine = options.engine
    if engine is not None and level == engine.name:
        return Contender(engine.name, command=engine.path, infos=engine.infos)
    return Contender(
        level, level=dict(options.aliases).get(level, level), nodes=nodes_for(level, options.nodes, options.first)
    )


def set_parameter(parser: argparse.ArgumentParser, name: str, value: str) -> None:
    """Set ``name`` to the number ``value`` in every gomoku.ai module that reads it (before any game starts)."""
    import gomoku.ai.greedy
    import gomoku.ai.parameters
    import gomoku.ai.search
    import gomoku.ai.searchboard
    import gomoku.ai.threats

    modules = (gomoku.ai.parameters, gomoku.ai.search, gomoku.ai.searchboard, gomoku.ai.threats, gomoku.ai.greedy)
    if not hasattr(gomoku.ai.parameters, name):
        parser.error(f"--param {name}: no such number in gomoku.ai.parameters")
    number = float(value) if "." in value else int(value)
    for module in modules:
        if hasattr(module, name):
            setattr(module, name, number)


def parse_engine_info(text: str) -> tuple[str, str]:
    """``KEY=VALUE`` of ``--engine-info`` as a pair."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip() or " " in key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE (for example max_node=3000), got {text!r}")
    return key.strip(), value.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", choices=tuple(LEVELS), help="the level whose score is printed")
    parser.add_argument(
        "second", choices=(*LEVELS, "engine"), help="a level, or engine: the external Gomocup engine given by --engine"
    )
    parser.add_argument("--games", type=int, default=100, help="twice the number of openings drawn (an even number)")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--rule", choices=[r.value for r in Rule], default="freestyle")
    parser.add_argument("--opening-stones", type=int, default=3)
    parser.add_argument("--think-time", type=float, default=None, help="seconds per move")
    parser.add_argument(
        "--clock",
        type=clock_spec,
        default=NO_CLOCK,
        help="an equal-time match on a game clock, as --clock takes it (5+3, 10+5x30, 30s): each level thinks its "
        "share of its time left, and a flag fall loses (default none: each level thinks --think-time)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="draws the openings (and the levels' random choices)")
    parser.add_argument(
        "--openings",
        choices=("random", "renju26", "balanced", "held-out", "outside-tuning", "outside-held-out"),
        default="random",
        help="random: --games/2 openings of --opening-stones stones drawn with --seed (default); "
        "renju26: the 26 standard renju openings (--games is then 52, or 26 with --first-as); "
        "balanced: the --games/2 three-stone openings hard judges most even, from the tuning set; "
        "held-out: the same from the set kept apart for confirming (see balanced_openings.py); "
        "outside-tuning, outside-held-out: the same two from the wider sets an outside engine judged even "
        "(freestyle and renju, up to 64 openings each)",
    )
    parser.add_argument(
        "--opening",
        choices=("none", OpeningRule.SWAP2.value),
        default="none",
        help="swap2: each game starts with the Swap2 opening played by the levels' own opening decisions, "
        "the first level as the first player in half the games (--openings and --opening-stones are not used)",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        metavar="N",
        help="give the first level (a searching one) N nodes a move instead of its time: the same games "
        "however loaded the machine is (about 24,000 nodes make hard's second)",
    )
    parser.add_argument(
        "--nodes2",
        type=int,
        default=None,
        metavar="N",
        help="with --nodes: give the second level N nodes a move; a level against itself (hard hard) is then "
        "printed as LEVEL and LEVEL@N, to measure what more nodes (a faster core) would be worth",
    )
    parser.add_argument(
        "--ponder-nodes",
        type=int,
        default=None,
        metavar="N",
        help="the first level (a searching one) thinks on the opponent's time: after each of its moves it "
        "searches N nodes on the position after the reply it guesses (prints the hit rate)",
    )
    parser.add_argument(
        "--ponder-twin",
        action="store_true",
        help="with --ponder-nodes: a twin of the first level that never ponders reads each same position too, "
        "and the depths both reached after each ponder are compared (slower: every move is searched twice)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--first-as",
        choices=("both", "black", "white"),
        default="both",
        help="the colours the first level plays each opening with (default: both)",
    )
    parser.add_argument(
        "--save-losses",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the moves of every game the first level did not win to FILE",
    )
    parser.add_argument(
        "--engine",
        metavar="PATH",
        default=None,
        help="the Gomocup engine (pbrain-* program) to play when the second level is engine",
    )
    parser.add_argument(
        "--engine-info",
        metavar="KEY=VALUE",
        type=parse_engine_info,
        action="append",
        default=[],
        help="sent to the engine as INFO KEY VALUE each game (repeatable)",
    )
    parser.add_argument(
        "--engine-name", default=None, help="the engine's name in the printout (default: its file name)"
    )
    parser.add_argument(
        "--param",
        metavar="NAME=VALUE",
        type=parse_engine_info,
        action="append",
        default=[],
        help="screening: set a tuning number of gomoku.ai.parameters (as the search modules read it) for "
        "every player of this run, e.g. LMR_REDUCTION=0 (repeatable); compare against an engine or a greedy level",
    )
    args = parser.parse_args()
    for name, value in args.param:
        set_parameter(parser, name, value)

    engine = None
    if args.second == "engine":
        if args.engine is None:
            parser.error("the second level engine needs --engine PATH")
        path = Path(args.engine)
        if not path.is_file() or not os.access(path, os.X_OK):
            parser.error(f"--engine {args.engine}: no such executable file")
        name = args.engine_name or path.name
        if name in LEVELS or name == args.first:
            parser.error(f"--engine-name {name!r} is one of our levels: pick another")
        engine = EngineSpec(str(path.resolve()), name, tuple(args.engine_info))
        args.second = name
    elif args.engine is not None or args.engine_info or args.engine_name is not None:
        parser.error("--engine, --engine-info and --engine-name need engine as the second level")

    if args.opening != "none":
        if engine is not None:
            parser.error("--opening swap2 plays our levels only, not an engine")
        openings = [OpeningRule(args.opening)] * (args.games // 2)
        args.opening_stones = 0
    elif args.openings == "renju26":
        openings = renju_openings(args.size)
        args.opening_stones = 3
    elif args.openings in ("balanced", "held-out", "outside-tuning", "outside-held-out"):
        try:
            openings = balanced_openings(
                args.games // 2,
                args.size,
                Rule(args.rule),
                held_out=args.openings.endswith("held-out"),
                outside=args.openings.startswith("outside"),
            )
        except ValueError as error:
            parser.error(str(error))
        args.opening_stones = 3
    else:
        openings = make_openings(args.games // 2, args.size, args.opening_stones, args.seed)
    ponder = (args.ponder_nodes, args.ponder_twin) if args.ponder_nodes else None
    clock = args.clock
    nodes: int | dict[str, int] | None = args.nodes
    aliases: tuple[tuple[str, str], ...] = ()
    if args.nodes2 is not None:
        if args.nodes is None or engine is not None:
            parser.error("--nodes2 needs --nodes, and a level (not engine) as the second")
        if args.second == args.first:
            aliases = ((f"{args.second}@{args.nodes2}", args.second),)
            args.second = aliases[0][0]
        nodes = {args.first: args.nodes, args.second: args.nodes2}
    options = Options(
        args.size, args.rule, args.think_time, args.seed, engine, nodes, args.first, ponder, clock, aliases
    )
    jobs = []
    for index, opening in enumerate(openings):
        if args.first_as != "white":
            jobs.append((index, opening, args.first, args.second, options))
        if args.first_as != "black":
            jobs.append((index, opening, args.second, args.first, options))

    started = time.perf_counter()
    finished = []
    for done in run_jobs(jobs, play_game, args.jobs):
        finished.append(done)
        progress(len(finished), len(jobs), [result for _index, result in finished], args.first)
    results = [result for _index, result in sorted(finished, key=lambda done: done[0])]
    elapsed = time.perf_counter() - started

    wins = sum(1 for r in results if r.winner == args.first)
    losses = sum(1 for r in results if r.winner == args.second)
    draws = len(results) - wins - losses
    points = [1.0 if r.winner == args.first else 0.5 if r.winner is None else 0.0 for r in results]
    score = statistics.fmean(points)
    spread = statistics.pstdev(points) if len(points) > 1 else 0.0
    error = 1.96 * spread / math.sqrt(len(points))

    print(f"$ python {' '.join(sys.argv)}")
    print(
        f"{args.first} vs {args.second}: {len(results)} games on {args.size}x{args.size} {args.rule}, "
        + (
            f"each opening {OpeningRule(args.opening).title} played by the levels, "
            + ("each level the first player in half" if args.first_as == "both" else f"{args.first} first player")
            if args.opening != "none"
            else f"{len(openings)} openings of {args.opening_stones} stones, "
            + ("each with colours swapped" if args.first_as == "both" else f"{args.first} as {args.first_as}")
        )
    )
    print(f"{args.first}: {wins} wins, {losses} losses, {draws} draws; score {score:.1%} +/- {error:.1%} (95%)")
    if score - error > 0 and score + error < 1:
        print(
            f"Elo difference {elo_of_score(score):+.0f} "
            f"(95%: {elo_of_score(score - error):+.0f} to {elo_of_score(score + error):+.0f}), "
            "from the score and its error bar"
        )
    if clock != NO_CLOCK:
        flags = sum(1 for r in results if r.on_time)
        print(f"on a {clock.describe()} clock: {flags} games ended by a flag fall")
    as_black = sum(1 for r in results if r.black == args.first and r.winner == args.first)
    as_white = sum(1 for r in results if r.black != args.first and r.winner == args.first)
    print(f"{args.first} wins as black: {as_black}, as white: {as_white}")
    if args.opening != "none":
        for seat, mine in (("first", True), ("second", False)):
            games = [r for r in results if (r.first_seat == args.first) is mine]
            seat_points = sum(1.0 if r.winner == args.first else 0.5 if r.winner is None else 0.0 for r in games)
            blacks = sum(1 for r in games if r.black == args.first)
            print(
                f"{args.first} as the {seat} player: {seat_points:g} of {len(games)} "
                f"(it held black after the opening in {blacks})"
            )
        print(f"distinct games: {len({tuple(r.record) for r in results})} of {len(results)}")
    if engine is not None:
        infos = " ".join(f"{key}={value}" for key, value in engine.infos)
        turn_ms = max(1, round((1.0 if args.think_time is None else args.think_time) * 1000))
        print(
            f"engine {engine.name}: timeout_turn {turn_ms} ms"
            + (f", {infos}" if infos else "")
            + ", a fresh process each game"
        )
        forfeits = [r for r in results if r.forfeit is not None]
        kinds = collections.Counter(r.forfeit.kind for r in forfeits if r.forfeit is not None)
        print(
            f"engine failures (counted as its losses): {len(forfeits)}"
            + (" (" + ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items())) + ")" if forfeits else "")
        )
        for r in forfeits:
            print(f"  opening {r.opening}, {r.black} black: {r.forfeit}")
    for level in dict.fromkeys((args.first, args.second)):
        samples = [t for r in results for t in r.times.get(level, [])]
        if samples:
            print(
                f"{level} move time: median {statistics.median(samples) * 1000:.2f} ms, "
                f"max {max(samples) * 1000:.2f} ms over {len(samples)} moves"
            )
    if args.ponder_nodes:
        guesses = sum(r.guesses for r in results)
        hits = sum(r.hits for r in results)
        print(
            f"{args.first} pondered {args.ponder_nodes} nodes a move: guessed {hits} of {guesses} replies"
            + (f" ({hits / guesses:.1%})" if guesses else "")
        )
        for kind in ("hit", "miss"):
            depths = [d for r in results for d in r.depths[kind]]
            if depths:
                mean = statistics.fmean(depths)
                print(f"  depth of its alpha-beta moves on a {kind}: mean {mean:.2f} over {len(depths)}")
        for hit, kind in ((True, "hit"), (False, "miss")):
            pairs = [(mine, twin) for r in results for was, mine, twin in r.twin_depths if was is hit]
            if pairs:
                mine = statistics.fmean(d for d, _ in pairs)
                twin = statistics.fmean(d for _, d in pairs)
                deeper = sum(1 for d, t in pairs if d > t)
                print(
                    f"  on a {kind}: depth {mine:.2f} against {twin:.2f} for the twin that did not ponder "
                    f"(deeper in {deeper} of {len(pairs)})"
                )
    if args.save_losses is not None:
        with args.save_losses.open("w", encoding="utf-8") as out:
            for r in results:
                if r.winner != args.first:
                    out.write(f"opening {r.opening} black {r.black} winner {r.winner}: {' '.join(r.record)}\n")
        print(f"games not won by {args.first} written to {args.save_losses}")
    print(f"mean game length {statistics.fmean(r.moves for r in results):.1f} moves; wall time {elapsed:.1f} s")


if __name__ == "__main__":
    main()
