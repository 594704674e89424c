"""The Gomocup (Piskvork) protocol's words, written once: the brain and the manager both speak through here.

The protocol is text, one command a line, between a manager (Piskvork, the
Gomocup tournament manager, our :mod:`gomoku.gomocup.manager`) and a brain
(an engine: ours is :mod:`gomoku.gomocup.brain`).  Both sides need the same
words, and a word written on one side must read back on the other:

- the commands (:class:`Command`) and ``INFO`` keys (:class:`InfoKey`);
- ``BOARD`` fields (:class:`Field`: the brain's own stone, its opponent's,
  a stone of a finished line in a continuous game);
- coordinates ``x,y``, 0-based, ``x`` the column: our :class:`~gomoku.point.Point`
  (:func:`format_point`, :func:`parse_point`, :func:`read_move`);
- ``INFO rule`` codes both ways (:func:`rule_code`, :func:`rule_from_code`):
  bits 1 exactly five, 2 continuous, 4 renju, 8 caro, and Rapfi's whole
  values 5 and 6 for freestyle with Swap1 and Swap2;
- the search-info ``MESSAGE`` line (:func:`search_message` writes ours,
  :func:`parse_search_info` reads ours and Rapfi's), with its node counts
  (:func:`format_count`, :func:`parse_count`: ``950``, ``35K``, ``1.2M``)
  and its line's points (:func:`pv_text`, :func:`pv_point`: ``h8``, the
  column letter then ``y + 1``);
- the ``ABOUT`` answer (:func:`about_line`, :func:`parse_about`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping

from gomoku.ai.result import SearchResult
from gomoku.errors import GomokuError
from gomoku.openings import OpeningRule
from gomoku.point import COLUMN_LETTERS, Point
from gomoku.rules import Rule

#: The longest an error message quotes of the offending text.
QUOTE_LIMIT = 40


class ProtocolError(GomokuError, ValueError):
    """A line that breaks the protocol (a brain's command it cannot carry out); the message says why."""


class _Word(str, enum.Enum):
    """A word of the protocol: written as its value (``f"{Command.START} 15"`` is ``START 15``)."""

    def __str__(self) -> str:
        return str.__str__(self)


class Command(_Word):
    """The manager's commands (and the brain's ``SWAP`` answer to ``SWAP2BOARD``)."""

    START = "START"
    RECTSTART = "RECTSTART"
    RESTART = "RESTART"
    BEGIN = "BEGIN"
    TURN = "TURN"
    PLAY = "PLAY"
    BOARD = "BOARD"
    SWAP2BOARD = "SWAP2BOARD"
    DONE = "DONE"
    TAKEBACK = "TAKEBACK"
    INFO = "INFO"
    ABOUT = "ABOUT"
    END = "END"


class Answer(_Word):
    """The brain's words that are not moves."""

    OK = "OK"
    SWAP = "SWAP"
    ERROR = "ERROR"
    UNKNOWN = "UNKNOWN"
    MESSAGE = "MESSAGE"
    DEBUG = "DEBUG"


class InfoKey(_Word):
    """The ``INFO`` keys either side uses (a brain ignores the ones it does not know)."""

    TIMEOUT_TURN = "timeout_turn"
    TIMEOUT_MATCH = "timeout_match"
    TIME_LEFT = "time_left"
    MAX_MEMORY = "max_memory"
    RULE = "rule"
    GAME_TYPE = "game_type"
    #: Yixin-Board's key (Rapfi reads it too): 1 lets the brain think on the opponent's time
    PONDERING = "pondering"
    #: Rapfi's node limit a move
    MAX_NODE = "max_node"
    EVALUATE = "evaluate"
    FOLDER = "folder"


#: The ``INFO`` keys whose value is a whole number >= 0 (as text: a line's key is looked up here).
NUMERIC_KEYS = frozenset(
    key.value
    for key in (
        InfoKey.TIMEOUT_TURN,
        InfoKey.TIMEOUT_MATCH,
        InfoKey.TIME_LEFT,
        InfoKey.MAX_MEMORY,
        InfoKey.RULE,
        InfoKey.GAME_TYPE,
        InfoKey.PONDERING,
    )
)


class Field(enum.IntEnum):
    """A ``BOARD`` line's third number: whose stone, as the brain sees it."""

    OWN = 1
    OPPONENT = 2
    #: a stone of a finished line in a continuous game: occupied, but nobody's
    CONTINUOUS = 3


# -- quoting ------------------------------------------------------------------------


def one_line(text: str) -> str:
    """``text`` with its whitespace runs (newlines too) as single spaces: one protocol line."""
    return " ".join(text.split())


def quote(text: str) -> str:
    """``text`` quoted for a message: printable, at most :data:`QUOTE_LIMIT` characters."""
    text = "".join(char if char.isprintable() else "?" for char in text.strip()[: QUOTE_LIMIT + 1])
    return repr(text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "...")


# -- coordinates --------------------------------------------------------------------

_MOVE = re.compile(r"^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*$")


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number as the protocol writes them (a sign allowed, at most 9 digits)."""
    body = text[1:] if text[:1] in "+-" else text
    return body.isascii() and body.isdigit() and len(body) <= 9


def format_point(point: tuple[int, int]) -> str:
    """A point as the protocol writes it: ``x,y``."""
    return f"{point[0]},{point[1]}"


def format_field(point: tuple[int, int], field: Field) -> str:
    """One ``BOARD`` line: ``x,y,field``."""
    return f"{point[0]},{point[1]},{int(field)}"


def read_move(line: str) -> Point | None:
    """The point of an answer ``x,y`` (any integers: the caller checks the board), or ``None`` if it is none."""
    match = _MOVE.match(line)
    return None if match is None else Point(int(match.group(1)), int(match.group(2)))


def parse_numbers(text: str, size: int, count: int = 2) -> tuple[int, ...]:
    """``count`` comma-separated integers from ``text``, the first two a point on a ``size`` board.

    Raises :class:`ProtocolError` saying what to write instead.
    """
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != count or not all(is_number(part) for part in parts):
        shape = "x,y" if count == 2 else "x,y,field"
        raise ProtocolError(f"{quote(text)} is not {shape}: write numbers like 7,7")
    values = tuple(int(part) for part in parts)
    x, y = values[0], values[1]
    if not (0 <= x < size and 0 <= y < size):
        raise ProtocolError(f"{x},{y} is off the {size}x{size} board: use 0 to {size - 1}")
    return values


def parse_point(text: str, size: int) -> Point:
    """The point ``x,y`` in ``text`` on a ``size`` board; :class:`ProtocolError` if it is not one."""
    x, y = parse_numbers(text, size)
    return Point(x, y)


# -- rules --------------------------------------------------------------------------


class RuleBit(enum.IntFlag):
    """The bits of ``INFO rule``."""

    EXACT_FIVE = 1
    CONTINUOUS = 2
    RENJU = 4
    CARO = 8


#: ``INFO rule`` values that name an opening rule, as Rapfi reads them (Rapfi/command/gomocup.cpp,
#: the ``RULE`` case: 5 is freestyle with Swap1, 6 freestyle with Swap2; Yixin-Board sends them).
#: They are whole values, not bits: 5 and 6 would otherwise read as renju plus other bits.
OPENING_RULE_CODES: Mapping[int, tuple[Rule, OpeningRule]] = {
    5: (Rule.FREESTYLE, OpeningRule.SWAP1),
    6: (Rule.FREESTYLE, OpeningRule.SWAP2),
}
#: The code each rule is sent as.
_RULE_CODES: Mapping[Rule, int] = {
    Rule.FREESTYLE: 0,
    Rule.STANDARD: int(RuleBit.EXACT_FIVE),
    Rule.RENJU: int(RuleBit.RENJU),
    Rule.CARO: int(RuleBit.CARO),
}


def rule_code(rule: Rule) -> int:
    """The ``INFO rule`` code for ``rule`` (a manager sends it)."""
    return _RULE_CODES[rule]


def rule_from_code(code: int) -> tuple[Rule, OpeningRule, list[str]]:
    """The rule and opening rule for an ``INFO rule`` code, and notes on what this brain does not play.

    5 and 6 are whole values (:data:`OPENING_RULE_CODES`); anything else is
    bits: renju wins over the others (Piskvork never sends renju with caro);
    caro (8) is :attr:`Rule.CARO`, and caro with exactly five (9, Piskvork's
    "standard caro", where six or more never win) is played as caro too, the
    nearest rule we have; in a continuous game the stones of finished lines
    are treated as blocked points.
    """
    if code in OPENING_RULE_CODES:
        rule, opening = OPENING_RULE_CODES[code]
        return rule, opening, [f"rule {code}: {rule} with the {opening.title} opening"]
    notes = []
    if code & RuleBit.RENJU:
        rule = Rule.RENJU
    elif code & RuleBit.CARO:
        rule = Rule.CARO
    elif code & RuleBit.EXACT_FIVE:
        rule = Rule.STANDARD
    else:
        rule = Rule.FREESTYLE
    if code & RuleBit.CARO and code & RuleBit.RENJU:
        notes.append("renju and caro together: playing renju")
    elif code & RuleBit.CARO and code & RuleBit.EXACT_FIVE:
        notes.append("caro with exactly five is not supported: playing caro, where six or more in a row also win")
    if code & RuleBit.CONTINUOUS:
        notes.append("continuous game: stones of finished lines count as blocked points")
    unknown = code & ~15
    if unknown:
        notes.append(f"rule bits {unknown} are unknown here and ignored")
    return rule, OpeningRule.NONE, notes


# -- search info --------------------------------------------------------------------

_COUNT = re.compile(r"^(\d+(?:\.\d+)?)([KMG]?)$", re.IGNORECASE)
_MULTIPLIER = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}
_DEPTH = re.compile(r"^(\d+)(?:-(\d+))?$")
_VALUE = re.compile(r"^([+-]?)(M?)(\d+)$", re.IGNORECASE)
_TIME = re.compile(r"^(\d+(?:\.\d+)?)(ms|s)?$", re.IGNORECASE)
_PV_POINT = re.compile(r"^([a-y])(\d{1,2})$", re.IGNORECASE)
#: The search-info words of ours and Rapfi's lines, by what they give.
_KEYS = {"depth": "depth", "ev": "value", "eval": "value", "n": "nodes", "node": "nodes", "tm": "time", "time": "time"}


def format_count(number: float) -> str:
    """A node count as search-info lines print it: ``950``, ``35K``, ``1.2M``."""
    if number >= 10_000_000:
        return f"{number / 1_000_000:.0f}M"
    if number >= 1_000_000:
        return f"{number / 1_000_000:.1f}M"
    if number >= 10_000:
        return f"{number / 1000:.0f}K"
    return str(int(number))


def parse_count(text: str) -> int | None:
    """A node count as engines print it (``950``, ``35K``, ``1.2M``); ``None`` if ``text`` is none."""
    match = _COUNT.match(text)
    if match is None:
        return None
    return int(float(match.group(1)) * _MULTIPLIER[match.group(2).upper()])


def pv_text(point: Point) -> str:
    """A point of a search line as managers print it: the column letter, then ``y + 1`` (``h8``).

    The row counts from the top, as the protocol's coordinates do (it is not
    renju notation, whose rows count from the bottom).
    """
    return f"{COLUMN_LETTERS[point.x]}{point.y + 1}"


def pv_point(text: str, size: int) -> Point | None:
    """The point of :func:`pv_text` (either case: Rapfi prints ``H7``), or ``None`` if ``text`` is none."""
    match = _PV_POINT.match(text)
    if match is None:
        return None
    x, y = COLUMN_LETTERS.index(match.group(1).lower()), int(match.group(2)) - 1
    return Point(x, y) if 0 <= x < size and 0 <= y < size else None


def eval_word(result: SearchResult) -> str:
    """The evaluation as the ``ev`` word: ``120``, ``M5`` (a forced win in 5 plies), ``-M8`` (a forced loss)."""
    if result.win_in is not None:
        return f"M{result.win_in}" if result.win_in > 0 else f"-M{-result.win_in}"
    return str(result.score if result.score is not None else 0)


def search_message(result: SearchResult) -> str:
    """``result`` as the search-info ``MESSAGE`` line managers parse (the form Rapfi prints).

    ``MESSAGE depth 8-14 ev 120 n 35K n/ms 40 tm 850 pv h8 i9``: depth and
    selective depth, the evaluation (:func:`eval_word`), nodes, nodes per
    millisecond, milliseconds, and the expected line (:func:`pv_text`).
    """
    milliseconds = max(0, round(result.seconds * 1000))
    speed = round(result.nodes / milliseconds) if milliseconds else result.nodes
    line = " ".join(pv_text(point) for point in result.line)
    return (
        f"{Answer.MESSAGE} depth {result.depth}-{max(result.depth, result.seldepth)} ev {eval_word(result)} "
        f"n {format_count(result.nodes)} n/ms {speed} tm {milliseconds} pv {line}"
    )


def parse_search_info(text: str, size: int, earlier: SearchResult | None = None) -> SearchResult | None:
    """The search info in one ``MESSAGE`` line's text (without ``MESSAGE``), on top of ``earlier``'s.

    Reads our form (``depth 8-14 ev 120 n 35K n/ms 40 tm 850 pv h8 i9``, as
    :func:`search_message` writes it) and Rapfi's (``Depth 15-33 | Eval 186 |
    Time 970ms | H7 H6``, and its summary ``Speed 694K | Depth 15-33 | Eval
    186 | Node 674K | Time 970ms``).  A value ``M5`` is a forced win in 5
    plies, ``-M8`` a forced loss.  The fields the line says replace
    ``earlier``'s; the move is the line's first point (else ``earlier``'s).
    ``None`` when the line says no depth and no value, or no move is known yet.
    """
    words = text.replace("|", " | ").split()
    fields: dict[str, int | float] = {}
    pv: list[Point] = []
    index = 0
    while index < len(words):
        word = words[index].lower()
        value = words[index + 1] if index + 1 < len(words) else ""
        key = _KEYS.get(word)
        if key == "depth" and (depth := _DEPTH.match(value)):
            fields["depth"] = int(depth.group(1))
            fields["seldepth"] = int(depth.group(2) or depth.group(1))
            index += 2
        elif key == "value" and (number := _VALUE.match(value)):
            signed = int(number.group(3)) * (-1 if number.group(1) == "-" else 1)
            fields["win_in" if number.group(2) else "score"] = signed
            index += 2
        elif key == "nodes" and (count := parse_count(value)) is not None:
            fields["nodes"] = count
            index += 2
        elif key == "time" and (spent := _TIME.match(value)):
            amount = float(spent.group(1))
            fields["seconds"] = amount if (spent.group(2) or "").lower() == "s" else amount / 1000
            index += 2
        elif word == "pv" or pv_point(word, size) is not None:
            index = index + 1 if word == "pv" else index
            while index < len(words) and (point := pv_point(words[index], size)) is not None:
                pv.append(point)
                index += 1
        else:
            index += 1
    if "depth" not in fields and "score" not in fields and "win_in" not in fields:
        return None
    if pv:
        move = pv[0]
    elif earlier is not None:
        move = earlier.move
    else:
        return None  # no move known yet
    said = SearchResult(
        move,
        reason="engine",
        score=int(fields["score"]) if "score" in fields else None,
        win_in=int(fields["win_in"]) if "win_in" in fields else None,
        depth=int(fields.get("depth", 0)),
        seldepth=int(fields.get("seldepth", 0)),
        nodes=int(fields.get("nodes", 0)),
        seconds=float(fields.get("seconds", 0.0)),
        pv=tuple(pv),
        final=False,
    )
    return said if earlier is None else earlier.merged(said)


# -- ABOUT --------------------------------------------------------------------------


def about_line(fields: Mapping[str, str]) -> str:
    """The ``ABOUT`` answer: ``name="...", version="...", ...``."""
    return ", ".join(f'{key}="{value}"' for key, value in fields.items())


def parse_about(line: str) -> dict[str, str]:
    """The fields of an ``ABOUT`` answer (``name``, ``version``, ...); empty if it has none."""
    return dict(re.findall(r'(\w+)\s*=\s*"([^"]*)"', line))


__all__ = [
    "NUMERIC_KEYS",
    "OPENING_RULE_CODES",
    "Answer",
    "Command",
    "Field",
    "InfoKey",
    "ProtocolError",
    "RuleBit",
    "about_line",
    "eval_word",
    "format_count",
    "format_field",
    "format_point",
    "is_number",
    "one_line",
    "parse_about",
    "parse_count",
    "parse_numbers",
    "parse_point",
    "parse_search_info",
    "pv_point",
    "pv_text",
    "quote",
    "read_move",
    "rule_code",
    "rule_from_code",
    "search_message",
]
