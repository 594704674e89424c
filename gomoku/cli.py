"""The command line: parse the options and start the chosen front end."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from gomoku import __version__
from gomoku.ai import LEVELS
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.tui.settings import Mode, Side

EXAMPLES = """\
examples:
  python -m gomoku                          open the menu (it remembers your last choices)
  python -m gomoku --mode pvc --rule renju --size 15 --level normal --black human
  python -m gomoku --mode pvp --size 19     two players on one keyboard
  python -m gomoku --mode cvc --level easy  watch the computer play itself
  python -m gomoku --load game.sgf          replay a game record (.sgf, .psq or a move list)
  python -m gomoku --level hard --think-time 2   the searching level, 2 s a move
  python -m gomoku --gomocup                be an engine for Piskvork and other Gomocup managers
"""


def board_size(text: str) -> int:
    """An argparse type: a board size from MIN_SIZE to MAX_SIZE."""
    try:
        size = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"board size must be {MIN_SIZE} to {MAX_SIZE}")
    return size


def think_time(text: str) -> float:
    """An argparse type: a positive number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError("think time must be more than 0 and at most 3600 seconds")
    return seconds


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with examples in ``--help``."""
    parser = argparse.ArgumentParser(
        prog="gomoku",
        description="Gomoku and renju in the terminal.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--mode",
        choices=[mode.value for mode in Mode],
        help="pvc human vs computer, pvp two humans, cvc computer vs computer "
        "(any of --mode/--rule/--size/--level/--black starts a game at once)",
    )
    parser.add_argument("--rule", choices=[rule.value for rule in Rule], help="the rule")
    parser.add_argument("--size", type=board_size, help=f"board size, {MIN_SIZE} to {MAX_SIZE}")
    parser.add_argument("--level", choices=tuple(LEVELS), help="the computer's level")
    parser.add_argument(
        "--black", choices=[side.value for side in Side], help="who plays black against the computer (pvc)"
    )
    parser.add_argument("--seed", type=int, help="seed the computer's random choices")
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="open a game record (.sgf, .psq, or a move list like 'h8 i9') in the replay view; "
        ".psq and move lists take --rule (and move lists --size)",
    )
    parser.add_argument(
        "--think-time",
        type=think_time,
        metavar="SECONDS",
        help="seconds the computer may think per move (searching levels; hard takes 1 by default)",
    )
    parser.add_argument(
        "--gomocup",
        action="store_true",
        help="be a Gomocup engine on stdin/stdout for managers such as Piskvork (uses --level)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run gomoku with the command-line ``argv``; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.gomocup:
        from gomoku.gomocup import main as gomocup_main

        return gomocup_main(level=args.level, seed=args.seed)
    try:
        from gomoku.tui.app import run
    except ImportError as error:  # no curses: on Windows it comes from windows-curses
        print(f"gomoku: the terminal game needs curses ({error})", file=sys.stderr)
        return 1
    return run(args)
