"""The command line's options as the terminal game's settings for this run, and the network game they ask for.

Options are for the run they are given to: the settings file keeps only the
menu's choices (:class:`~gomoku.tui.settings.Remembered` tells the two apart).
"""

from __future__ import annotations

import argparse
import enum
from dataclasses import replace

from gomoku.i18n import _, join_list
from gomoku.net.match import BlackChoice, Role
from gomoku.openings import OpeningRule
from gomoku.rules import Rule
from gomoku.tui.effects import NetSetup
from gomoku.tui.settings import Settings, login_name, validated

#: Options that start a game straight away when given on the command line.
GAME_OPTIONS = ("mode", "rule", "size", "level", "black")


def settings_from_args(args: argparse.Namespace, remembered: Settings, levels: tuple[str, ...]) -> Settings:
    """The remembered settings with the command line's choices on top (``--level`` sets every level).

    These are the settings of this run only: what is written back is the
    menu's choices (:class:`~gomoku.tui.settings.Remembered`).
    """
    data = remembered.to_json()
    for name in GAME_OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            data[name] = value
    if getattr(args, "level", None) is not None:
        data["black_level"] = data["white_level"] = args.level
    if getattr(args, "name", None):
        data["name"] = args.name
    if getattr(args, "think_time", None) is not None:
        data["think_time"] = args.think_time
    if getattr(args, "board", None) is not None:
        data["board"] = args.board
    if getattr(args, "engine", None):
        data["engines"] = {**data["engines"], **dict(args.engine)}
    settings = validated(data, levels)
    if getattr(args, "opening", None) is not None:
        settings = replace(settings, opening=OpeningRule(args.opening))
    if getattr(args, "clock", None) is not None:
        settings = replace(settings, clock=args.clock)
    return settings


class FromMenu(enum.Enum):
    """Which half of an opening rule and rule pair came from the menu's remembered settings, not the command line."""

    NEITHER = "neither"
    RULE = "rule"
    OPENING = "opening"


def _either(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} or {last}").format(names=join_list(names[:-1]), last=names[-1])


def opening_problem(opening: OpeningRule, rule: Rule, from_menu: FromMenu = FromMenu.NEITHER) -> str:
    """What is wrong with playing ``opening`` under ``rule``, or ``""`` if they go together.

    ``from_menu`` says which of the two is the menu's remembered choice rather
    than the command line's, so the message says where it came from and which
    option to add.
    """
    if opening.fits(rule):
        return ""
    homes = _either([fitting.value for fitting in opening.rules])
    others = _either([other.value for other in OpeningRule if other.fits(rule)])
    if from_menu is FromMenu.RULE:
        return _(
            "--opening {opening} is played under {homes}, and the rule the menu remembers is {rule}:"
            " add --rule {fitting}"
        ).format(opening=opening, homes=homes, rule=rule, fitting=opening.rules[0])
    if from_menu is FromMenu.OPENING:
        return _(
            "--rule {rule} does not go with the opening rule the menu remembers ({opening}, played under {homes}):"
            " add --opening {others}"
        ).format(rule=rule, opening=opening, homes=homes, others=others)
    return _(
        "--opening {opening} is played under {homes}, not {rule}: change --rule, or use --opening {others} with {rule}"
    ).format(opening=opening, homes=homes, rule=rule, others=others)


def given_opening_problem(args: argparse.Namespace, settings: Settings) -> str:
    """What is wrong with the opening rule and the rule of this run when the command line gave one of them, or ``""``.

    The other may be the menu's remembered choice (``--opening taraguchi10``
    after freestyle was chosen in the menu); the command line's pair alone is
    checked when the options are parsed.
    """
    given = {name for name in ("rule", "opening") if getattr(args, name, None) is not None}
    if not given or getattr(args, "join", None) is not None:  # the host's choice, whatever was remembered here
        return ""
    from_menu = FromMenu.NEITHER if len(given) == 2 else FromMenu(({"rule", "opening"} - given).pop())
    return opening_problem(settings.opening, settings.rule, from_menu)


def network_setup(args: argparse.Namespace, settings: Settings) -> NetSetup | None:
    """The network game ``--host`` or ``--join`` asks for (``None`` if neither); raises ``NetworkError``."""
    from gomoku.net.addresses import parse_address
    from gomoku.net.auth import format_code

    name = settings.name or login_name()  # none at all: the other player sees "the host" or "the guest"
    if getattr(args, "host", None) is not None:
        choices = {choice.value: choice for choice in BlackChoice}
        black = choices.get(args.black, BlackChoice.RANDOM)
        bind = args.bind or ""
        return NetSetup(
            Role.HOST,
            name,
            port=args.host,
            bind=bind,
            rule=settings.rule,
            size=settings.size,
            black=black,
            opening=settings.opening,
            clock=settings.clock,
            watch_chat=bool(getattr(args, "watchers_chat", False)),
        )
    if getattr(args, "watch", None):
        address, port = parse_address(args.watch)
        code = format_code(args.code) if args.code else ""
        return NetSetup(Role.GUEST, name, code=code, port=port, address=address, watch=True)
    if getattr(args, "join", None):
        address, port = parse_address(args.join)
        code = format_code(args.code) if args.code else ""
        return NetSetup(Role.GUEST, name, code=code, port=port, address=address)
    return None


def wants_game(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a game straight away (any game option given, or an opening rule)."""
    return any(getattr(args, name, None) is not None for name in (*GAME_OPTIONS, "opening"))
