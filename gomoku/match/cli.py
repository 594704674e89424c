"""``python -m gomoku match A B``: a match between two players, each a level or an outside Gomocup engine.

Reads the options, checks every one before a game starts (an unknown level,
a path that is no program, an engine that will not start, a bad openings
file: a clear message and exit status 2), then plays the match
(:func:`gomoku.match.runner.run_match`), printing a line for each finished
game with the running score, and at the end the score, the Elo difference
with its 95% interval and the SPRT's verdict.  Each game can be written as
a record (``--out DIR``).  Ctrl-C stops the match and prints the result so
far (exit status 130).

An engine that crashes, hangs, answers garbage or plays an illegal move in
a game loses that game by forfeit (the core's judgement) and the match goes
on with a fresh process; the forfeits are listed at the end.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from gomoku import i18n
from gomoku.ai import LEVELS, UnknownLevelError, level_named
from gomoku.cli import _HelpFormatter, _Parser, board_size, clock_spec, language_option, think_time
from gomoku.clock import NO_CLOCK
from gomoku.gomocup.manager import EngineError
from gomoku.i18n import _, os_error_text
from gomoku.match.game import Conditions, Contender, GameOutcome, check_engine
from gomoku.match.openings import OpeningsError, OpeningSet, named_openings
from gomoku.match.runner import MatchPlan, MatchState, first_seat
from gomoku.match.runner import run_match as play_match
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.records import write_record
from gomoku.rules import Rule
from gomoku.sprt import Model, Sprt, Verdict, elo_estimate

#: The exit status of a command line or a player that cannot be used (as argparse's own).
BAD_INPUT = 2
#: The exit status when Ctrl-C stops the match.
CANCELLED = 130
#: The games of a match played from random openings when ``--games`` is not given.
RANDOM_GAMES = 100
#: The most games an SPRT may take when ``--games`` is not given (it stops long before, unless the players
#: are within a few Elo of the hypotheses' middle).
SPRT_GAMES = 20_000
#: The record formats ``--format`` writes.
FORMATS = ("sgf", "psq")


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``gomoku match``."""
    parser = _Parser(
        prog="gomoku match",
        description=_(
            "A match between two players, each a level ({levels}) or the path of an outside Gomocup engine "
            "(a pbrain-* program): each opening played twice with colours swapped."
        ).format(levels=", ".join(LEVELS)),
        epilog=_("examples:")
        + "\n  python -m gomoku match strong club --games 40 --nodes 2000\n"
        + "  python -m gomoku match hard ./pbrain-engine --time 0.5 --sprt 0 50 0.05 0.05 --concurrency 2\n",
        formatter_class=_HelpFormatter,
        add_help=False,
    )
    parser._optionals.title = _("options")
    # i18n: the heading of "gomoku match --help"'s two players, A and B
    parser._positionals.title = _("the players")
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    parser.add_argument("first", metavar="A", help=_("the first player: a level, or the path of a pbrain-* program"))
    parser.add_argument("second", metavar="B", help=_("the second player, the same way"))
    parser.add_argument("--lang", type=language_option, metavar="CODE", help=argparse.SUPPRESS)
    parser.add_argument(
        "--openings",
        default=OpeningSet.BALANCED.value,
        metavar="NAME|FILE",
        help=_(
            "the openings: balanced (the default), held-out, outside-tuning, outside-held-out, renju26, random, "
            "or a file with one opening a line (h8 i9 j7)"
        ),
    )
    parser.add_argument(
        "--rule", choices=[rule.value for rule in Rule], default=Rule.FREESTYLE.value, help=_("the rule")
    )
    parser.add_argument(
        "--size", type=board_size, default=15, help=_("board size, {low} to {high}").format(low=MIN_SIZE, high=MAX_SIZE)
    )
    parser.add_argument(
        "--games",
        type=int,
        metavar="N",
        help=_("the most games to play (default: each opening of the set twice)"),
    )
    parser.add_argument("--concurrency", type=int, default=1, metavar="N", help=_("games played at once"))
    parser.add_argument(
        "--time",
        type=think_time,
        metavar="SECONDS",
        help=_("seconds a move for each player (its own time if not given)"),
    )
    parser.add_argument(
        "--clock",
        type=clock_spec,
        default=NO_CLOCK,
        metavar="SPEC",
        help=_("a game clock for both, like 5+3 (per game)"),
    )
    parser.add_argument(
        "--nodes",
        type=int,
        metavar="N",
        help=_(
            "N nodes a move for the searching levels, and INFO max_node N for engines: the same games on any machine"
        ),
    )
    parser.add_argument(
        "--engine-info",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help=_("an INFO line for the engines at each game's start (repeatable)"),
    )
    parser.add_argument("--seed", type=int, default=1, help=_("seeds the levels' random choices (and random openings)"))
    parser.add_argument(
        "--sprt",
        nargs=4,
        type=float,
        metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
        help=_(
            "stop as soon as a sequential probability ratio test decides between ELO0 and ELO1 (like 0 10 0.05 0.05)"
        ),
    )
    parser.add_argument(
        "--sprt-model",
        choices=[model.value for model in Model],
        default=Model.LOGISTIC.value,
        help=_("logistic (fishtest's GSPRT, the default) or bayesian (cutechess's)"),
    )
    parser.add_argument("--out", metavar="DIR", help=_("write each game as a record into DIR"))
    parser.add_argument("--format", choices=FORMATS, default=FORMATS[0], help=_("the records' format"))
    return parser


def contender(text: str, nodes: int | None, infos: tuple[tuple[str, str], ...]) -> Contender:
    """The player ``text`` names: a level (by name or number), else an outside engine by its path.

    Raises ``ValueError`` with the message to show.
    """
    try:
        name = level_named(text).name
    except UnknownLevelError:
        pass
    else:
        return Contender(name, level=name, nodes=nodes)
    path = Path(text)
    if os.sep not in text and not path.exists():
        unknown = _("unknown player {name}: choose a level ({levels}) or give the path of a pbrain-* program")
        raise ValueError(unknown.format(name=repr(text), levels=", ".join(LEVELS)))
    if not path.is_file() or not os.access(path, os.X_OK):
        raise ValueError(
            _("{path} is not a program that can be run: give the path of a pbrain-* program").format(path=text)
        )
    keys = {key for key, _value in infos}
    extra = (("max_node", str(nodes)),) if nodes is not None and "max_node" not in keys else ()
    return Contender(path.name, command=str(path.resolve()), infos=infos + extra)


def info_pair(text: str) -> tuple[str, str]:
    """``KEY=VALUE`` of ``--engine-info``; ``ValueError`` with the message to show."""
    key, equals, value = text.partition("=")
    if not equals or not key.strip() or not value.strip() or " " in key.strip():
        raise ValueError(_("--engine-info {text}: write KEY=VALUE, like max_node=3000").format(text=repr(text)))
    return key.strip(), value.strip()


def _plan(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[MatchPlan, Sprt | None]:
    """The match the options ask for, each checked (a problem ends the run through ``parser.error``)."""
    try:
        infos = tuple(info_pair(text) for text in args.engine_info)
        first = contender(args.first, args.nodes, infos)
        second = contender(args.second, args.nodes, infos)
    except ValueError as error:
        parser.error(str(error))
    if first.name == second.name:
        second = Contender(f"{second.name}#2", second.level, second.command, second.infos, second.nodes)
    for number, option in ((args.games, "--games"), (args.concurrency, "--concurrency"), (args.nodes, "--nodes")):
        if number is not None and number < 1:
            parser.error(_("{option} must be 1 or more").format(option=option))
    sprt = None
    if args.sprt is not None:
        elo0, elo1, alpha, beta = args.sprt
        try:
            sprt = Sprt(elo0, elo1, alpha, beta, Model(args.sprt_model))
        except ValueError:
            parser.error(_("--sprt ELO0 ELO1 ALPHA BETA: ELO0 below ELO1, ALPHA and BETA between 0 and 1"))
    rule = Rule(args.rule)
    pairs = (args.games + 1) // 2 if args.games else RANDOM_GAMES // 2
    try:
        openings = named_openings(args.openings, args.size, rule, pairs, args.seed)
    except OpeningsError as error:
        parser.error(str(error))
    games = args.games or (SPRT_GAMES if sprt is not None else 2 * len(openings))
    conditions = Conditions(args.size, rule, args.time, args.clock)
    plan = MatchPlan(first, second, tuple(tuple(opening) for opening in openings), games, conditions, args.seed)
    return plan, sprt


def _score(points: float) -> str:
    return f"{points:g}"


def progress_line(state: MatchState, outcome: GameOutcome, counted: bool = True) -> str:
    """The line a finished game prints: its number (of how many, when ``counted``: not for an SPRT with no
    ``--games``), the opening, who had black, how it ended, the running score, the SPRT's ratio so far."""
    plan, spec = state.plan, outcome.spec
    first_points = sum(game.points(first_seat(game)) for game in state.outcomes)
    if counted:
        game = _("game {number} of {games}").format(number=spec.number + 1, games=plan.games)
    else:  # an SPRT with no count of its own: the cap is no figure to show
        game = _("game {number}").format(number=spec.number + 1)
    line = _(
        "{game}, opening {opening}, {black} black: {result} {first} {first_points} - {second_points} {second}"
    ).format(
        game=game,
        opening=spec.pair % len(plan.openings) + 1,
        black=spec.contender(outcome.black).name,
        result=outcome.outcome.said(),
        first=plan.first.name,
        first_points=_score(first_points),
        second_points=_score(len(state.outcomes) - first_points),
        second=plan.second.name,
    )
    if state.sprt is not None:
        lower, upper = state.sprt.bounds
        line += "  " + _("LLR {llr} ({lower}, {upper})").format(
            llr=f"{state.sprt.llr(state.tally):.2f}", lower=f"{lower:.2f}", upper=f"{upper:.2f}"
        )
    if outcome.forfeit is not None:
        loser = spec.contender(outcome.forfeit.seat).name
        line += "\n  " + _("{player} lost by forfeit: {reason}").format(player=loser, reason=outcome.forfeit.reason)
    return line


def summary(state: MatchState) -> list[str]:
    """The result's lines: the score, the Elo difference with its interval, the SPRT's verdict, the forfeits."""
    plan, tally = state.plan, state.tally
    lines = [
        _(
            "Score of {first} against {second}: {wins} - {losses} - {draws} (wins, losses, draws), "
            "{score} of {games} games"
        ).format(
            first=plan.first.name,
            second=plan.second.name,
            wins=tally.wins,
            losses=tally.losses,
            draws=tally.draws,
            score=f"{tally.score:.1%}",
            games=tally.games,
        )
    ]
    if tally.games:
        estimate = elo_estimate(tally)
        if not math.isfinite(estimate.elo):
            lines.append(_("Elo difference: no finite figure while one side has won every game"))
        elif not math.isfinite(estimate.margin):
            lines.append(
                _("Elo difference: {elo}, its 95% interval unbounded yet: play more games").format(
                    elo=f"{estimate.elo + 0.0:+.1f}"
                )
            )
        else:
            lines.append(
                _("Elo difference: {elo} +/- {margin} (95%), from {low} to {high}").format(
                    elo=f"{estimate.elo + 0.0:+.1f}",
                    margin=f"{estimate.margin:.1f}",
                    low=f"{estimate.low:+.0f}",
                    high=f"{estimate.high:+.0f}",
                )
            )
    sprt = state.sprt
    if sprt is not None:
        lower, upper = sprt.bounds
        verdicts = {
            Verdict.H1: _("H1 accepted: {first} is {elo1} Elo or more above {second}"),
            Verdict.H0: _("H0 accepted: {first} is {elo0} Elo or less above {second}"),
            Verdict.CONTINUE: _("no verdict yet: play more games"),
        }
        lines.append(
            _(
                "SPRT {model} ({elo0}, {elo1}), alpha {alpha}, beta {beta}: LLR {llr} ({lower}, {upper}): {verdict}"
            ).format(
                model=sprt.model.value,
                elo0=f"{sprt.elo0:g}",
                elo1=f"{sprt.elo1:g}",
                alpha=f"{sprt.alpha:g}",
                beta=f"{sprt.beta:g}",
                llr=f"{sprt.llr(tally):.2f}",
                lower=f"{lower:.2f}",
                upper=f"{upper:.2f}",
                verdict=verdicts[state.verdict].format(
                    first=plan.first.name, second=plan.second.name, elo0=f"{sprt.elo0:g}", elo1=f"{sprt.elo1:g}"
                ),
            )
        )
    forfeits = [game for game in state.outcomes if game.forfeit is not None]
    if forfeits:
        lines.append(
            i18n.ngettext("{count} game lost by forfeit", "{count} games lost by forfeit", len(forfeits)).format(
                count=len(forfeits)
            )
        )
    return lines


def _writer(
    args: argparse.Namespace, parser: argparse.ArgumentParser, err: TextIO
) -> Callable[[GameOutcome], None] | None:
    """What writes each game's record into ``--out`` (made now, so a bad folder is said before any game)."""
    if args.out is None:
        return None
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser.error(_("--out {path}: {reason}").format(path=args.out, reason=os_error_text(error)))

    def write(outcome: GameOutcome) -> None:
        path = folder / f"game-{outcome.spec.number + 1:04d}.{args.format}"
        try:
            write_record(path, outcome.record)
        except OSError as error:
            said = _("cannot write {path} ({reason})").format(path=path, reason=os_error_text(error))
            print(f"gomoku match: {said}", file=err)

    return write


def run(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``gomoku match`` with ``argv`` (the words after ``match``); returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    plan, sprt = _plan(args, parser)
    for player in (plan.first, plan.second):
        try:
            check_engine(player, plan.conditions)
        except EngineError as error:
            print(f"gomoku match: {error}", file=err)
            return BAD_INPUT
    write = _writer(args, parser, err)

    def on_game(state: MatchState, outcome: GameOutcome) -> None:
        print(progress_line(state, outcome, counted=args.games is not None or sprt is None), file=out, flush=True)
        if write is not None:
            write(outcome)

    state = MatchState(plan, sprt)
    status = 0
    try:
        play_match(state, args.concurrency, on_game)
    except KeyboardInterrupt:
        print("\ngomoku match: " + _("match stopped"), file=err)
        status = CANCELLED
    print("", file=out)
    for line in summary(state):
        print(line, file=out)
    if args.out is not None:
        print(_("the games are in {path}").format(path=args.out), file=out)
    return status


__all__ = ["build_parser", "contender", "progress_line", "run", "summary"]
