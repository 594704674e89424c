"""The command line: parse the options and start the chosen front end."""

from __future__ import annotations

import argparse
import codecs
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import NoReturn

from gomoku import __version__, i18n, textwidth
from gomoku.ai import LEVELS, UnknownLevelError, level_named
from gomoku.clock import ClockError, ClockSpec, parse_clock
from gomoku.i18n import N_, _, ngettext
from gomoku.net.addresses import DEFAULT_PORT
from gomoku.net.match import BlackChoice
from gomoku.openings import OpeningRule
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule
from gomoku.tui.options import opening_problem
from gomoku.tui.settings import (
    ENGINE_NAME,
    MAX_THINK_TIME,
    BoardStyle,
    Mode,
    Side,
    engine_problem,
    read_settings,
    valid_think_time,
)

#: The examples ``--help`` ends with: each command, and what it does (translated when shown).
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("python -m gomoku", N_("open the menu (it remembers your last choices)")),
    ("python -m gomoku --mode pvc --rule renju --level normal --black human", ""),
    ("python -m gomoku --mode pvp --size 19", N_("two players on one keyboard")),
    ("python -m gomoku --mode cvc --level easy", N_("watch the computer play itself")),
    ("python -m gomoku --load game.sgf", N_("replay a game record (.sgf, .psq or a move list)")),
    ("python -m gomoku --level hard --think-time 2", N_("the searching level, 2 s a move")),
    ("python -m gomoku --review game.sgf --sgf reviewed.sgf", N_("where was it won and lost? (--json for data)")),
    ("python -m gomoku --solve puzzle.sgf", N_("does the side to move win by fours or threes?")),
    ("python -m gomoku --puzzle", N_("solve puzzles: the daily one, the collection, your games' mistakes")),
    ("python -m gomoku --import-lib openings.lib", N_("a RenLib library into your own opening book")),
    ("python -m gomoku --opening swap2 --rule standard", N_("a game under the Swap2 opening rule")),
    ("python -m gomoku --mode pvp --clock 5+3", N_("two players, 5 min + 3 s a move each")),
    ("python -m gomoku --gomocup", N_("be an engine for Piskvork and other Gomocup managers")),
    ("python -m gomoku --host", N_("host a network game (port 5757); the screen shows the guest's command")),
    ("python -m gomoku --host 6000 --rule renju --size 15 --black guest --name Ann", ""),
    ("python -m gomoku --join 192.168.1.5:5757 --code K7QM-4RZT-9X", N_("join it")),
    ("python -m gomoku --watch 192.168.1.5:5757 --code W4TC-HRS2-5Q", N_("watch it (the watchers' code)")),
    ("python -m gomoku match strong club --games 20", N_("a match between two players (match --help)")),
)
#: The first word that runs a match between two players instead of the game (``gomoku match A B``).
MATCH = "match"
#: Where the examples' descriptions start, counted from the command (after its two spaces of indent); a
#: command longer than this less two is followed by three spaces.
_EXAMPLE_COLUMN = 42


def examples() -> str:
    """The epilog of ``--help``: what options given on the command line mean, and the examples, translated."""
    lines = [_("Options given here are for this run only; the menu remembers the choices made in it."), ""]
    lines.append(_("examples:"))
    for command, meaning in EXAMPLES:
        if not meaning:
            lines.append(f"  {command}")
            continue
        gap = _EXAMPLE_COLUMN - len(command) if len(command) <= _EXAMPLE_COLUMN - 2 else 3
        lines.append(f"  {command}{' ' * gap}{_(meaning)}")
    return "\n".join(lines) + "\n"


#: Who plays black: against the computer (pvc), or in a hosted network game.
BLACK_CHOICES = [side.value for side in Side] + [choice.value for choice in BlackChoice]


def board_size(text: str) -> int:
    """An argparse type: a board size from MIN_SIZE to MAX_SIZE."""
    try:
        size = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number").format(text=repr(text))) from None
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise argparse.ArgumentTypeError(_("board size must be {low} to {high}").format(low=MIN_SIZE, high=MAX_SIZE))
    return size


def think_time(text: str) -> float:
    """An argparse type: a positive number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds").format(text=repr(text))) from None
    if not valid_think_time(seconds):
        most = _("think time must be more than 0 and at most {seconds} seconds")
        raise argparse.ArgumentTypeError(most.format(seconds=f"{MAX_THINK_TIME:g}"))
    return seconds


def clock_spec(text: str) -> ClockSpec:
    """An argparse type: a game clock (``none``, ``5+3``, ``10+5x30``, ``30s``)."""
    try:
        return parse_clock(text)
    except ClockError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def code_page(text: str) -> str:
    """An argparse type: a code page Python can decode text from (``cp1252``, ``gbk``)."""
    try:
        text_encoding = codecs.lookup(text)._is_text_encoding  # not base64, rot13, ...: they make no text
    except LookupError:
        text_encoding = False
    if not text_encoding:
        raise argparse.ArgumentTypeError(
            _("{name} is not a code page I know: try cp1252, gbk, cp1251 or cp932").format(name=repr(text))
        ) from None
    return text


def level_choice(text: str) -> str:
    """An argparse type: a level's number or name, as the level's name.

    Any other word is kept as an outside engine's name, checked once the
    engines are known (:func:`check_names`): ``--engine`` may come after ``--level``.
    """
    try:
        return level_named(text).name
    except UnknownLevelError as error:
        if ENGINE_NAME.fullmatch(text) and not text.isdigit():  # a number names a level
            return text
        raise argparse.ArgumentTypeError(str(error)) from None


def known_engines(args: argparse.Namespace) -> dict[str, str]:
    """The outside engines by name: the settings file's lasting ones, with ``--engine``'s on top."""
    remembered, _notice = read_settings(tuple(LEVELS))
    return {**dict(remembered.engines), **dict(getattr(args, "engine", None) or [])}


def check_names(args: argparse.Namespace, engines: Mapping[str, str]) -> str:
    """What is wrong with the level named (``--level``), given the outside ``engines``, or ``""``."""
    level = getattr(args, "level", None)
    if level is None or level in LEVELS:
        return ""
    if getattr(args, "gomocup", False):
        return _("--gomocup plays a built-in level: choose one of {levels}").format(levels=", ".join(LEVELS))
    if level not in engines:
        return _(
            "unknown level {level}: choose 1 to {count}, one of {levels}, or an engine named with --engine {name}=PATH"
        ).format(level=repr(level), count=len(LEVELS), levels=", ".join(LEVELS), name=level)
    return ""


def engine_option(text: str) -> tuple[str, str]:
    """An argparse type: ``NAME=CMD`` (or a bare command, named after its program), an outside Gomocup engine."""
    from gomoku.gomocup.manager import EngineError, parse_engine_spec

    try:
        name, command = parse_engine_spec(text)
    except EngineError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    problem = engine_problem(name, command, tuple(LEVELS))
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return name, command


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 1 to 65535."""
    from gomoku.net.addresses import AddressError, parse_port

    try:
        return parse_port(text)
    except AddressError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help texts shown as written, wrapped by terminal columns.

    argparse would read a ``%`` in a translation as a placeholder and fail,
    and it wraps by characters, which makes a line of Chinese twice as wide as
    the terminal: :func:`gomoku.textwidth.wrap` measures columns and breaks
    between Chinese characters.
    """

    def _expand_help(self, action: argparse.Action) -> str:
        return self._get_help_string(action) or ""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwidth.wrap(text, width)

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        # i18n: the head of the usage line of --help, before "gomoku [-h] ..." (keep the space after it)
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """The description and the epilog line by line as written, a line wider than ``width`` wrapped."""
        filled = []
        for line in text.splitlines(keepends=True):
            body = line.rstrip("\n")
            filled.append("\n".join(indent + part for part in _fill_line(body, width)) + line[len(body) :])
        return "".join(filled)


#: argparse's own complaints (its English, Python 3.10 to 3.13), said again in the language in use: the pattern,
#: and the sentence with the pieces the pattern found.  One argparse does not know says itself as it is.
_ARGPARSE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"argument (?P<option>\S+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)"),
        N_("{option}: {value} is not a choice: choose one of {choices}"),
    ),
    (re.compile(r"argument (?P<option>\S+): expected one argument"), N_("{option} needs a value")),
    (re.compile(r"argument (?P<option>\S+): expected at most one argument"), N_("{option} takes at most one value")),
    (re.compile(r"argument (?P<option>\S+): ignored explicit argument (?P<value>.+)"), N_("{option} takes no value")),
    (re.compile(r"argument (?P<option>\S+): (?P<problem>.+)"), N_("{option}: {problem}")),
    (re.compile(r"unrecognized arguments: (?P<arguments>.+)"), N_("unknown options: {arguments} (--help lists them)")),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)"), N_("{option} could be {matches}")),
    (re.compile(r"the following arguments are required: (?P<arguments>.+)"), N_("{arguments} must be given")),
)


def said_error(message: str) -> str:
    """An error of the command line in the language in use: argparse's own English sentences are said again.

    English keeps argparse's sentences as they are.
    """
    if i18n.active() is i18n.Language.ENGLISH:
        return message
    for pattern, sentence in _ARGPARSE_ERRORS:
        found = pattern.fullmatch(message)
        if found:
            return _(sentence).format(**found.groupdict())
    return message


class _Parser(argparse.ArgumentParser):
    """The command line's parser: its errors, its usage line and its own options said in the language in use."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        # i18n: a mistake on the command line, printed after the usage ("gomoku: error: --size needs a value")
        self.exit(2, _("{program}: error: {message}").format(program=self.prog, message=said_error(message)) + "\n")


def _fill_line(line: str, columns: int) -> list[str]:
    """An epilog line in at most ``columns`` terminal columns: an example's description wrapped beside its
    command (or under it, at the examples' column, when the command leaves too little room); other text
    wrapped at its own indent, a command's continuation indented a little more."""
    if textwidth.width(line) <= columns:
        return [line]
    lead = line[: len(line) - len(line.lstrip(" "))]
    example = re.match(r"( *)(\S.*?)( {2,})(\S.*)$", line)
    if example is None:
        more = "    " if line.lstrip().startswith("python ") else ""
        lines = textwidth.wrap(line, columns - len(lead) - len(more))
        return [lead + ("" if number == 0 else more) + part for number, part in enumerate(lines)]
    command, meaning = (example.group(1) + example.group(2)), example.group(4)
    at = textwidth.width(command + example.group(3))
    if columns - at >= columns // 3:
        first, *rest = textwidth.wrap(meaning, columns - at)
        return [command + example.group(3) + first, *(" " * at + part for part in rest)]
    at = min(len(lead) + _EXAMPLE_COLUMN, columns - columns // 3)
    return [command, *(" " * at + part for part in textwidth.wrap(meaning, columns - at))]


def language_option(text: str) -> i18n.Language:
    """An argparse type: a language the game speaks, by its code (``ru``, ``zh_CN``; ``zh-CN`` and ``zh_cn`` too)."""
    language = i18n.parse_language(text)
    if language is None:
        codes = ", ".join(language.code for language in i18n.Language)
        raise argparse.ArgumentTypeError(
            i18n._("unknown language {name!r}: choose one of {codes}").format(name=text, codes=codes)
        )
    return language


class _Early(argparse.ArgumentParser):
    """A parser that raises instead of printing and exiting: the full parser says what is wrong."""

    def error(self, message: str) -> NoReturn:
        raise argparse.ArgumentError(None, message)


def choose_language(argv: Sequence[str] | None = None) -> i18n.Language:
    """Speak the language of this run before any help text is put together, and return it.

    ``--lang`` (read ahead of the other options, so ``--lang ru --help`` is
    Russian), else the menu's remembered choice, else the environment's.  A
    ``--lang`` the game does not speak is left to the full parser to report.
    """
    early = _Early(add_help=False)
    early.add_argument("--lang")
    try:
        asked = early.parse_known_args(argv)[0].lang
    except argparse.ArgumentError:
        asked = None
    remembered, _notice = read_settings(tuple(LEVELS))
    language = i18n.choose(asked, remembered.language)
    i18n.activate(language)
    return language


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with examples in ``--help``."""
    parser = _Parser(
        prog="gomoku",
        description=_("Gomoku and renju in the terminal."),
        epilog=examples(),
        formatter_class=_HelpFormatter,
        add_help=False,
    )
    # i18n: the heading of --help's list of options
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}", help=_("show the version and exit")
    )
    parser.add_argument(
        "--lang",
        type=language_option,
        metavar="CODE",
        help=i18n._("the language to speak for this run: {codes} (the menu's Language row remembers one)").format(
            codes=", ".join(language.code for language in i18n.Language)
        ),
    )
    parser.add_argument(
        "--mode",
        choices=[mode.value for mode in Mode],
        help=_(
            "pvc human vs computer, pvp two humans, cvc computer vs computer "
            "(any of --mode/--rule/--size/--level/--black starts a game at once)"
        ),
    )
    parser.add_argument("--rule", choices=[rule.value for rule in Rule], help=_("the rule"))
    parser.add_argument(
        "--size", type=board_size, help=_("board size, {low} to {high}").format(low=MIN_SIZE, high=MAX_SIZE)
    )
    parser.add_argument(
        "--level",
        type=level_choice,
        help=_(
            "the computer's level: 1 (weakest) to {count}, a name ({levels}), or an engine named with --engine"
        ).format(count=len(LEVELS), levels=", ".join(LEVELS)),
    )
    parser.add_argument(
        "--black",
        choices=BLACK_CHOICES,
        help=_(
            "who plays black: human or computer against the computer (pvc); host, guest or random "
            "in a hosted network game (--host; rematches swap colours)"
        ),
    )
    parser.add_argument(
        "--opening",
        choices=[rule.value for rule in OpeningRule],
        help=_(
            "the opening rule: swap1 or swap2 (freestyle, standard, caro), taraguchi10 or soosorv8 (renju); "
            "none (the default) lets black start anywhere"
        ),
    )
    parser.add_argument(
        "--clock",
        type=clock_spec,
        metavar="SPEC",
        help=_(
            "the game clock: 5+3 (5 min + 3 s a move), 10+5x30 (10 min, then 5 periods of 30 s), "
            "30s (30 s a move) or none"
        ),
    )
    parser.add_argument(
        "--board",
        choices=[style.value for style in BoardStyle],
        help=_(
            "how the board is drawn: unicode (lines and round stones), wide (for terminals that draw "
            "those two columns wide, often so for Chinese, Japanese or Korean), ascii, or auto (the default: "
            "ask the terminal); for this run (the menu's Board style row remembers a choice)"
        ),
    )
    parser.add_argument("--seed", type=int, help=_("seed the computer's random choices"))
    parser.add_argument(
        "--load",
        metavar="FILE",
        help=_(
            "open a game record (.sgf, .psq, a move list like 'h8 i9', or a game gomoku kept: "
            "finished-*.json, unfinished-*.json) in the replay view; .psq and move lists take --rule "
            "(and move lists --size)"
        ),
    )
    parser.add_argument(
        "--think-time",
        type=think_time,
        metavar="SECONDS",
        help=_(
            "seconds the computer may think per move, for this run (the levels that think by time: hard, expert, "
            "master; hard takes 1 by default; the menu's Think time row remembers a choice)"
        ),
    )
    parser.add_argument(
        "--engine",
        type=engine_option,
        action="append",
        metavar="NAME=CMD",
        help=_(
            "an outside Gomocup engine (a pbrain-* program) as one more opponent in the menu's levels, "
            "and a choice of analyst for the review and live analysis; repeatable (the settings file's "
            '"engines" object lists lasting ones)'
        ),
    )
    parser.add_argument(
        "--gomocup",
        action="store_true",
        help=_("be a Gomocup engine on stdin/stdout for managers such as Piskvork (uses --level)"),
    )
    review = parser.add_argument_group(_("review a game"))
    review.add_argument(
        "--review",
        metavar="FILE",
        help=_(
            "review a game record: forced wins kept or missed, decisive mistakes, the evaluation "
            "(.psq and move lists take --rule; --think-time is the analyst's time a position)"
        ),
    )
    review.add_argument(
        "--json", action="store_true", help=_("--review, --solve: print the review or the answer as JSON data")
    )
    review.add_argument("--sgf", metavar="OUT", help=_("--review: also write the game with the review as SGF to OUT"))
    review.add_argument(
        "--deep", action="store_true", help=_("--review: read longer and deeper (several times slower)")
    )
    review.add_argument(
        "--analyst",
        metavar="ENGINE",
        help=_(
            "--review: who evaluates the positions instead of the hard level: an engine named with --engine "
            "(or in the settings file), a level, or the path of a Gomocup engine (a pbrain-* program)"
        ),
    )
    puzzles = parser.add_argument_group(_("puzzles"))
    puzzles.add_argument(
        "--solve",
        metavar="FILE",
        help=_(
            "does the side to move win by fours, by fours and threes, or neither? A puzzle (the plain-text "
            "form or SGF with set-up stones) or a game record's final position (.psq and move lists take --rule)"
        ),
    )
    puzzles.add_argument(
        "--puzzle",
        nargs="?",
        const="",
        metavar="FILE",
        help=_(
            "open the Puzzles screen: your rating, the daily puzzle, the collection, your games' puzzles; "
            "with FILE, that file's puzzles (the plain-text form, a collection, or SGF with set-up stones)"
        ),
    )
    book = parser.add_argument_group(_("opening book"))
    book.add_argument(
        "--export-book",
        metavar="FILE.sgf",
        help=_("write your own opening book for --rule (renju by default) and --size as SGF with variations, and exit"),
    )
    book.add_argument(
        "--import-lib",
        metavar="FILE",
        help=_(
            "read a RenLib library (.lib) and add its moves and comments to your own opening book, or to the book "
            "file named by --output (for renju unless --rule says otherwise)"
        ),
    )
    book.add_argument(
        "--output",
        metavar="BOOK",
        help=_("--import-lib: the book file to add the library to (your own book by default)"),
    )
    book.add_argument(
        "--lib-encoding",
        type=code_page,
        metavar="CODEPAGE",
        help=_("--import-lib: the code page of the library's comments: cp1252 (the default), gbk, cp1251, cp932, ..."),
    )
    network = parser.add_argument_group(_("network play"))
    network.add_argument(
        "--host",
        nargs="?",
        const=DEFAULT_PORT,
        type=port_number,
        metavar="PORT",
        help=_(
            "host a game for another player to join (port {port} unless given); "
            "the game's options are --rule, --size, --black, --opening and --clock"
        ).format(port=DEFAULT_PORT),
    )
    network.add_argument("--bind", metavar="ADDRESS", help=_("host: listen on this address only (say 127.0.0.1)"))
    network.add_argument("--join", metavar="ADDRESS[:PORT]", help=_("join the game hosted at ADDRESS"))
    network.add_argument(
        "--watch", metavar="ADDRESS[:PORT]", help=_("watch the game hosted at ADDRESS (with the watchers' code)")
    )
    network.add_argument("--code", help=_("join or watch: the code the host's screen shows (asked for if left out)"))
    network.add_argument(
        "--watchers-chat", action="store_true", help=_("host: let the people watching write in the chat")
    )
    network.add_argument("--name", help=_("your name, as the other player sees it (default: your login name)"))
    return parser


def check_network(args: argparse.Namespace) -> str:
    """What is wrong with the network options together, or ``""``."""
    if args.host is not None and args.join is not None:
        return _("--host and --join do not go together: one side hosts, the other joins")
    watch = getattr(args, "watch", None)
    if watch is not None and (args.host is not None or args.join is not None):
        return _("--watch goes alone: a watcher neither hosts nor joins")
    if getattr(args, "watchers_chat", False) and args.host is None:
        return _("--watchers-chat is for the host: add --host")
    black = getattr(args, "black", None)
    if args.host is not None and black in ("human", "computer"):
        return _("with --host, --black is host, guest or random")
    if args.host is None and black in {choice.value for choice in BlackChoice}:
        return _("--black {black} is for a hosted game: add --host").format(black=black)
    if args.bind is not None and args.host is None:
        return _("--bind is for the host: add --host")
    if args.code is not None and args.join is None and watch is None:
        return _("--code is for joining: add --join ADDRESS")
    return ""


def check_fair_play(args: argparse.Namespace) -> str:
    """What is wrong with ``--opening`` and ``--clock`` together with the other options, or ``""``."""
    fair = [name for name in ("opening", "clock") if getattr(args, name, None) is not None]
    if not fair:
        return ""
    given = " ".join(f"--{name}" for name in fair)
    if len(fair) == 2:
        # i18n: two options named together: "--opening and --clock"
        given = _("{option} and {other}").format(option="--opening", other="--clock")
    if getattr(args, "gomocup", False):
        managed = _("{options}: a Gomocup manager sends the opening (SWAP2BOARD, INFO rule) and the clock (INFO)")
        return managed.format(options=given)
    if getattr(args, "join", None) is not None:
        hosts = _("{options}: the host chooses the opening rule and the clock: leave {options} out when joining")
        return hosts.format(options=given)
    if getattr(args, "opening", None) is not None and getattr(args, "rule", None) is not None:
        return opening_problem(OpeningRule(args.opening), Rule(args.rule))
    return ""


def check_import(args: argparse.Namespace) -> str:
    """What is wrong with ``--import-lib`` and its options together with the others, or ``""``."""
    importing = getattr(args, "import_lib", None) is not None
    if not importing:
        if getattr(args, "output", None) is not None or getattr(args, "lib_encoding", None) is not None:
            return _("--output and --lib-encoding go with --import-lib FILE")
        return ""
    if args.review is not None or args.solve is not None:
        return _("--import-lib does not go with --review or --solve: give one of them")
    return ""


def _printing(args: argparse.Namespace, engines: Mapping[str, str]) -> int:
    """``--review`` or ``--solve``: an answer printed to standard output, which may be a pipe that closes early.

    ``gomoku --solve p.sgf --json | head`` reads a few lines and closes the pipe: what was wanted has been read,
    so the rest is dropped quietly (as ``cat`` does) instead of a traceback.
    """
    rule = Rule(args.rule) if args.rule else None
    try:
        if args.review is not None:
            from gomoku.review_cli import run_review

            return run_review(
                args.review,
                rule,
                args.size,
                args.json,
                args.sgf,
                args.deep,
                args.analyst,
                args.think_time,
                engines=engines,
            )
        from gomoku.solve_cli import run_solve

        return run_solve(args.solve, rule, args.size, args.json)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's own flush at exit would fail on the pipe again
        return 0


def _export_book(path: str, rule: Rule, size: int) -> int:
    """``--export-book FILE.sgf``: the player's own book for ``rule`` on ``size`` written as SGF with variations."""
    from gomoku.books import export_sgf, load_library, own_book_path

    library = load_library()
    for problem in library.problems:
        print("gomoku: " + problem, file=sys.stderr)
    try:
        count = export_sgf(library, rule, size, Path(path))
    except OSError as error:
        print(_("gomoku: {path}: {error}").format(path=path, error=i18n.os_error_text(error)), file=sys.stderr)
        return 1
    if count == 0:
        print(
            _("gomoku: your book for {rule} on {size}x{size} is empty ({book}): {path} holds no moves").format(
                rule=rule.said(), size=size, book=own_book_path(rule, size), path=path
            ),
            file=sys.stderr,
        )
        return 0
    print(
        ngettext(
            "{count} position of your book written to {path}", "{count} positions of your book written to {path}", count
        ).format(count=count, path=path)
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run gomoku with the command-line ``argv``; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    choose_language(words)
    if words[:1] == [MATCH]:
        from gomoku.match.cli import run as run_match

        return run_match(words[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    problem = check_network(args) or check_fair_play(args)
    if problem:
        parser.error(problem)
    if args.review is not None and args.solve is not None:
        parser.error(_("--review and --solve do not go together: give one of them"))
    if args.review is None and (args.sgf or args.deep or args.analyst or (args.json and args.solve is None)):
        parser.error(_("--json, --sgf, --deep and --analyst go with --review FILE (--json with --solve FILE too)"))
    problem = check_import(args)
    if problem:
        parser.error(problem)
    named = (args.level is not None and args.level not in LEVELS) or args.analyst is not None
    engines = known_engines(args) if named else dict(args.engine or [])
    problem = check_names(args, engines)
    if problem:
        parser.error(problem)
    if args.review is not None or args.solve is not None:
        return _printing(args, engines)
    if args.export_book is not None:
        return _export_book(args.export_book, Rule(args.rule or Rule.RENJU.value), args.size or 15)
    if args.import_lib is not None:
        from gomoku.renlib_cli import run_import

        rule = Rule(args.rule) if args.rule else None
        return run_import(args.import_lib, args.output, rule, args.lib_encoding, args.size)
    if args.gomocup:
        from gomoku.gomocup.brain import main as gomocup_main

        # The engine talks to a manager, a program, whose users read its MESSAGE and ERROR lines in the
        # protocol's language: the brain speaks English whatever the environment says (as pbrain-gomoku does).
        i18n.activate(i18n.Language.ENGLISH)
        return gomocup_main(level=args.level, seed=args.seed)
    try:
        from gomoku.tui.app import run
    except ImportError as error:  # no curses: on Windows it comes from windows-curses
        print(_("gomoku: the terminal game needs curses ({error})").format(error=error), file=sys.stderr)
        return 1
    return run(args)
