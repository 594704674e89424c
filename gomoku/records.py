"""Game records in and out: SGF, Piskvork ``.psq`` and plain move lists (``h8 i9 ...``).

A :class:`GameRecord` holds what a finished or unfinished game is: the board
size, the rule, the players' names, the result and the moves.  Each format has
a reader and a writer:

- **SGF** (FF[4], GM[4] is gomoku/renju): ``(;FF[4]GM[4]SZ[15]RU[renju]PB[..]
  PW[..]RE[B+];B[hh];W[ii]...)``.  Points are two letters, column then row,
  ``aa`` the top-left corner.  ``RU`` holds ``freestyle``, ``standard`` or
  ``renju``.  Variations are skipped (the main line is read), comments
  (``C``) kept by move (:attr:`GameRecord.comments`), unknown properties
  ignored; the writer writes the comments, and side lines given as
  :class:`Variation` values.
- **Piskvork .psq**: a header ``Piskvorky 15x15, 0:0, 0``, then one
  ``x,y,time`` line per move (1-based, ``x`` the column, time in ms), then
  optionally the two players (a brain file for a computer Piskvork can run;
  for anyone else a line starting ``homo-``, which Piskvork reads as a
  human, and we follow with the name: ``homo-1 Ann``), then a status number.
  The format has no rule and no result: the reader takes the rule as an
  argument and works the result out from the moves.
- **Move lists**: renju notation separated by spaces or commas, black first.

Fair-play additions (issue 24), all optional: SGF keeps the opening rule in
``OP[swap2]`` and every opening step, swaps included, in order in
``OS[place h8][place h9][place j9][swap]`` (:mod:`gomoku.openings` replays
them, so a game saved mid-opening resumes at the right step:
:meth:`GameRecord.opening_position`); the clock in ``TM`` (main time, s)
and ``OT`` (``fischer +3``, ``5x30 byo-yomi``, ``30 per move``), and the
time left after each move in ``BL``/``WL``.  ``.psq`` move lines carry the
milliseconds each move took.

Readers check everything and raise :class:`RecordError` (a ``ValueError``)
with a message that says where the file is broken and how; every move is
replayed on a :class:`Board`, so a record that loads is a legal game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from gomoku import __version__
from gomoku.board import Board, ForbiddenMoveError, GameOverError, IllegalMoveError, OccupiedError
from gomoku.clock import NO_CLOCK, ClockKind, ClockSpec
from gomoku.errors import GomokuError
from gomoku.openings import OpeningError, OpeningRule, OpeningState, replay
from gomoku.point import MAX_SIZE, MIN_SIZE, Point, parse_point, to_notation
from gomoku.rules import Outcome, Rule, Stone, Termination
from gomoku.userdirs import atomic_write_text

SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: Rule names accepted in SGF ``RU``, besides our own (``freestyle``, ...).
RULE_ALIASES = {
    "gomoku": Rule.FREESTYLE,
    "free": Rule.FREESTYLE,
    "freestyle": Rule.FREESTYLE,
    "standard": Rule.STANDARD,
    "exact5": Rule.STANDARD,
    "exactly five": Rule.STANDARD,
    "renju": Rule.RENJU,
}
#: The name Piskvork writes for a human player (``homo-1`` is the first player); it
#: reads any line starting so as a human, and any other as a brain file to run.
PSQ_HUMAN = "homo-"
_PSQ_HUMAN_LINE = re.compile(r"homo-\d*\s*", re.IGNORECASE)
_PSQ_BRAIN = re.compile(r"(?:.*[\\/])?pbrain-.*|.*\.exe", re.IGNORECASE)


class RecordError(GomokuError, ValueError):
    """A record that cannot be read; the message says where and what is wrong."""


@dataclass(frozen=True)
class GameRecord:
    """One game: size, rule, players, result and moves (black first)."""

    size: int = 15
    rule: Rule = Rule.FREESTYLE
    moves: tuple[Point, ...] = ()
    black: str = ""
    white: str = ""
    #: The result as SGF writes it: ``B+`` or ``W+`` (maybe with a reason, ``B+R``),
    #: ``0`` for a draw, ``""`` when unknown or unfinished.
    result: str = ""
    #: Comments (SGF ``C[]``) by move number: 0 is the game's own (the root node), ``n`` the one on move ``n``.
    comments: tuple[tuple[int, str], ...] = ()
    #: The opening rule, and its steps in order as :mod:`gomoku.openings` writes them.
    opening: OpeningRule = OpeningRule.NONE
    opening_steps: tuple[str, ...] = ()
    #: The time control (:class:`~gomoku.clock.ClockSpec`; no clock by default).
    clock: ClockSpec = NO_CLOCK
    #: Seconds each move took (``.psq``), and the mover's time left after each move (SGF ``BL``/``WL``):
    #: either empty or one a move (``None`` where unknown).
    move_times: tuple[float | None, ...] = ()
    time_left: tuple[float | None, ...] = ()

    def comment(self, number: int) -> str:
        """The comment on move ``number`` (0: on the game), ``""`` if none."""
        return "\n\n".join(text for at, text in self.comments if at == number)

    @property
    def winner(self) -> Stone | None:
        """The winner the result names, if any."""
        if self.result[:2].upper() == "B+":
            return Stone.BLACK
        if self.result[:2].upper() == "W+":
            return Stone.WHITE
        return None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended as the core names it: the board's ending, else the result's (:func:`outcome_of`)."""
        return outcome_of(self.result, self.to_board())

    def to_board(self) -> Board:
        """The game replayed on a board (undo steps back through it).

        Raises :class:`RecordError` naming the first move that cannot be played.
        """
        board = Board(self.size, self.rule)
        for number, move in enumerate(self.moves, 1):
            try:
                board.play(move)
            except IllegalMoveError as error:
                raise RecordError(f"move {number}: {illegal(error, board, move)}") from None
        return board

    def opening_position(self) -> tuple[OpeningState, Board]:
        """The opening replayed from :attr:`opening_steps`, then the rest of the moves: where the game stands.

        A game saved mid-opening comes back at the step it stopped at.
        Raises :class:`RecordError` if the steps do not fit the rule or the moves.
        """
        board = Board(self.size, self.rule)
        try:
            state = replay(self.opening, board, self.opening_steps)
        except OpeningError as error:
            raise RecordError(str(error)) from None
        placed = board.moves
        if tuple(placed) != self.moves[: len(placed)]:
            raise RecordError("the opening steps place other stones than the record's first moves")
        for number, move in enumerate(self.moves[len(placed) :], len(placed) + 1):
            if not state.done:
                raise RecordError(f"move {number} comes before the opening is over")
            try:
                board.play(move)
            except IllegalMoveError as error:
                raise RecordError(f"move {number}: {illegal(error, board, move)}") from None
        return state, board

    @classmethod
    def from_board(cls, board: Board, black: str = "", white: str = "") -> GameRecord:
        """The record of the game on ``board`` so far, with the result its outcome gives."""
        return cls(
            size=board.size,
            rule=board.rule,
            moves=tuple(board.moves),
            black=black,
            white=white,
            result=result_of(board),
        )


def illegal(error: IllegalMoveError, board: Board, move: Point) -> str:
    """What is wrong with a recorded ``move`` the board refused, said of the record (no playing advice)."""
    try:
        name = board.notation(move)
    except ValueError:  # off the board: the board's own words say it
        return str(error).split(":")[0]
    if isinstance(error, OccupiedError):
        return f"{name} is already taken"
    if isinstance(error, ForbiddenMoveError):
        return f"{name} is forbidden for black ({error.foul})"
    if isinstance(error, GameOverError):
        return f"{name} comes after the end of the game ({board.outcome})"
    return str(error).split(":")[0]


#: SGF's reason after ``B+`` or ``W+`` (``RE``) for each core ending the board cannot show, and back
#: (the long forms some programs write are read too); a five is written without one.
SGF_REASONS = {Termination.RESIGNATION: "R", Termination.TIME: "T", Termination.FORFEIT: "F"}
_READ_REASONS = {
    **{letter: termination for termination, letter in SGF_REASONS.items()},
    "RESIGN": Termination.RESIGNATION,
    "TIME": Termination.TIME,
    "FORFEIT": Termination.FORFEIT,
}
#: How SGF says a draw.
_DRAWS = ("0", "DRAW", "JIGO")


def result_text(outcome: Outcome | None) -> str:
    """The SGF result of a game that ended so: ``B+``, ``W+R`` (resigned), ``B+T`` (on time), ``W+F``
    (forfeit), ``0`` for any draw, ``""`` while it goes on."""
    if outcome is None:
        return ""
    if outcome.winner is None:
        return "0"
    return ("B+" if outcome.winner is Stone.BLACK else "W+") + SGF_REASONS.get(outcome.termination, "")


def result_of(board: Board) -> str:
    """The SGF result of ``board``'s game: ``B+``, ``W+``, ``0`` (draw) or ``""`` (going on)."""
    return result_text(board.outcome)


def time_result(outcome: Outcome) -> str:
    """The SGF result of a game that ended on time: ``B+T``, ``W+T``, or ``0`` when it was drawn."""
    return result_text(outcome)


def outcome_of(result: str, board: Board) -> Outcome | None:
    """The core ending that a record's ``result`` (SGF ``RE``) names for the game on ``board`` (its moves played).

    The board's own ending comes first (a five, a full board, no five left):
    it is what the moves show, whatever the text says.  Otherwise the text's
    ending, which the board cannot show: ``B+R`` a resignation, ``W+T`` a
    flag fall, ``B+F`` a forfeit, a draw (``0``, ``Draw``) an agreement; a
    win without a reason (or with one gomoku has no ending for) on a board
    without five is read as a resignation, the way a game ends short of five
    when no clock is kept.  ``None``: the
    record names no result (an unfinished game), or one it cannot (``Void``, ``?``).
    """
    if board.outcome is not None:
        return board.outcome
    text = result.strip().upper()
    if text in _DRAWS:
        return Outcome(Termination.AGREEMENT, None)
    winner = {"B+": Stone.BLACK, "W+": Stone.WHITE}.get(text[:2])
    if winner is None:
        return None
    return Outcome(_READ_REASONS.get(text[2:].strip(), Termination.RESIGNATION), winner)


def load_board(record: GameRecord) -> Board:
    """The board after the record's moves (a plain helper for front ends)."""
    return record.to_board()


def _checked(record: GameRecord) -> GameRecord:
    record.to_board()
    return record


#: Digits in a number a record may hold: sizes and coordinates need two, move times in ms
#: nine; longer is damage (and Python refuses to convert more than 4300 digits at all).
MAX_DIGITS = 12
#: The largest record file read: a 25x25 game is a few kilobytes; SGF from other programs
#: may carry long comments and variations, but 16 MB is no game record.
MAX_RECORD_BYTES = 16 << 20


#: The longest point in renju notation, with room for spaces around it (``" y25 "``).
MAX_POINT_TEXT = 8
#: The most characters of a broken value quoted back in a message.
QUOTE_LIMIT = 24


def _cut(text: str) -> str:
    """A piece of the file quoted in a message: control characters shown as ``?``, cut short."""
    text = "".join(char if char.isprintable() else "?" for char in text[: QUOTE_LIMIT + 1])
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


def _number(text: str, where: str) -> int:
    """The whole number ``text`` (digits from a regular expression), or :class:`RecordError` if absurdly long."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"{where}: the number {text[:MAX_DIGITS]}... is far too long")
    return int(text)


def _size(value: int, where: str) -> int:
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise RecordError(f"{where}: board size {value} is not supported (use {MIN_SIZE} to {MAX_SIZE})")
    return value


# -- plain move lists -----------------------------------------------------------


def parse_moves(text: str, size: int = 15) -> list[Point]:
    """The moves written in renju notation in ``text`` (``"h8 i9, j10"``), black first."""
    moves = []
    for number, word in enumerate(re.split(r"[\s,;]+", text.strip()), 1):
        if not word:
            continue
        if len(word) > MAX_POINT_TEXT:
            raise RecordError(f"move {number}: {_cut(word)!r} is not a point: write a column then a row, like h8")
        try:
            moves.append(parse_point(word, size))
        except ValueError as error:
            raise RecordError(f"move {number}: {error}") from None
    return moves


def format_moves(moves: list[Point] | tuple[Point, ...], size: int = 15) -> str:
    """``moves`` in renju notation, separated by spaces."""
    return " ".join(to_notation(move, size) for move in moves)


def read_move_list(text: str, size: int = 15, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """A record from a plain move list; the moves are checked on a board."""
    board = GameRecord(size, rule, tuple(parse_moves(text, size))).to_board()
    return GameRecord.from_board(board)


# -- SGF ------------------------------------------------------------------------

_SGF_SPACE = re.compile(r"\s*")
_SGF_IDENT = re.compile(r"[A-Za-z]+")


def _sgf_nodes(text: str) -> list[list[tuple[str, list[str]]]]:
    """The nodes of the main line of the first game tree, each a list of (property, values)."""
    position = 0
    length = len(text)

    def where(at: int) -> str:
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        return f"line {line}, column {column}"

    def skip_space(at: int) -> int:
        match = _SGF_SPACE.match(text, at)
        assert match is not None
        return match.end()

    position = skip_space(position)
    if position >= length or text[position] != "(":
        raise RecordError("not an SGF file: it must start with '(;'")
    nodes: list[list[tuple[str, list[str]]]] = []
    depth = 0
    # The main line follows the first variation at every branch, so it ends at
    # the first ')': every node after that belongs to a side line.
    main_line = True
    while position < length:
        char = text[position]
        if char == "(":
            depth += 1
            position += 1
        elif char == ")":
            depth -= 1
            position += 1
            main_line = False
            if depth == 0:
                break
        elif char == ";":
            position += 1
            node: list[tuple[str, list[str]]] = []
            while True:
                position = skip_space(position)
                match = _SGF_IDENT.match(text, position)
                if match is None:
                    break
                name = match.group().upper() if match.group().isupper() else _upper_ident(match.group())
                position = skip_space(match.end())
                values = []
                while position < length and text[position] == "[":
                    value, position = _sgf_value(text, position + 1, where)
                    values.append(value)
                    position = skip_space(position)
                if not values:
                    raise RecordError(f"SGF {where(position)}: property {name} has no [value]")
                node.append((name, values))
            if main_line:
                nodes.append(node)
        elif char.isspace():
            position += 1
        else:
            raise RecordError(f"SGF {where(position)}: unexpected {char!r}")
    if depth != 0:
        raise RecordError("SGF ends early: a '(' is never closed with ')'")
    if not nodes:
        raise RecordError("SGF has no nodes: expected '(;' and properties")
    return nodes


def _upper_ident(name: str) -> str:
    """FF[1]-style identifiers may have lower-case letters; only the capitals count."""
    return "".join(char for char in name if char.isupper())


def _sgf_value(text: str, position: int, where: Callable[[int], str]) -> tuple[str, int]:
    """The text of a ``[...]`` value starting after ``[``, and the position after ``]``."""
    chars = []
    start = position
    while position < len(text):
        char = text[position]
        if char == "\\":
            position += 1
            if position < len(text):
                following = text[position]
                if following == "\r" and text[position + 1 : position + 2] == "\n":
                    position += 1
                if following not in "\r\n":  # an escaped line break is no text at all
                    chars.append(following)
        elif char == "]":
            return "".join(chars), position + 1
        else:
            chars.append(char)
        position += 1
    raise RecordError(f"SGF {where(start)}: a '[' value is never closed with ']'")


def _sgf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_point(value: str, size: int, number: int) -> Point:
    if len(value) != 2 or not all(char in SGF_LETTERS[:size] for char in value.lower()):
        if value in ("", "tt"):
            raise RecordError(f"move {number}: a pass ([{_cut(value)}]) is not a gomoku move")
        raise RecordError(
            f"move {number}: [{_cut(value)}] is not a point on {size}x{size}:"
            f" write two letters a-{SGF_LETTERS[size - 1]}, column then row"
        )
    return Point(SGF_LETTERS.index(value[0].lower()), SGF_LETTERS.index(value[1].lower()))


def read_sgf(text: str) -> GameRecord:
    """A record from SGF text (the main line of its first game)."""
    nodes = _sgf_nodes(text.lstrip("\ufeff"))
    root = dict(nodes[0])
    game = root.get("GM", ["4"])[0].strip()
    if game != "4":
        raise RecordError(f"GM[{_cut(game)}] is not gomoku: an SGF gomoku or renju game has GM[4]")
    size_text = root.get("SZ", ["15"])[0].strip()
    width, _, height = size_text.partition(":")
    if not _all_digits(width) or (height and not _all_digits(height)):
        raise RecordError(f"SZ[{_cut(size_text)}] is not a board size: write SZ[15]")
    where = f"SZ[{_cut(size_text)}]"
    if height and _number(height, where) != _number(width, where):
        raise RecordError(f"SZ[{_cut(size_text)}]: rectangular boards are not supported")
    size = _size(_number(width, where), where)
    rule_text = root.get("RU", ["freestyle"])[0].strip()
    rule = RULE_ALIASES.get(rule_text.lower())
    if rule is None:
        raise RecordError(f"RU[{_cut(rule_text)}] is not a rule I know: use freestyle, standard or renju")
    for name in ("AB", "AW", "AE"):
        if any(name in dict(node) for node in nodes):
            raise RecordError(f"{name}[] set-up stones are not supported: the record must be moves only")
    moves: list[Point] = []
    comments: list[tuple[int, str]] = []
    left: list[float | None] = []
    for node in nodes:
        number = len(moves) + _has_move(node)  # the move the node's comment is on
        for name, values in node:
            if name == "C":
                comments.extend((number, value) for value in values if value.strip())
            if name not in ("B", "W"):
                continue
            number = len(moves) + 1
            expected = "B" if number % 2 else "W"
            if name != expected:
                colour = "black" if expected == "B" else "white"
                raise RecordError(f"move {number} is {name}[{_cut(values[0])}] but {colour} is to move")
            moves.append(_sgf_point(values[0].strip(), size, number))
            left.append(_sgf_seconds(dict(node).get(f"{name}L"), f"{name}L at move {number}"))
    opening_text = root.get("OP", ["none"])[0].strip().lower()
    try:
        opening = OpeningRule(opening_text)
    except ValueError:
        names = ", ".join(rule.value for rule in OpeningRule)
        raise RecordError(f"OP[{_cut(opening_text)}] is not an opening rule I know: use {names}") from None
    record = GameRecord(
        size=size,
        rule=rule,
        moves=tuple(moves),
        black=root.get("PB", [""])[0].strip(),
        white=root.get("PW", [""])[0].strip(),
        result=root.get("RE", [""])[0].strip(),
        comments=tuple(comments),
        opening=opening,
        opening_steps=tuple(step.strip() for step in root.get("OS", [])),
        clock=_sgf_clock(root.get("TM", [""])[0], root.get("OT", [""])[0]),
        time_left=tuple(left) if any(value is not None for value in left) else (),
    )
    if record.opening is not OpeningRule.NONE or record.opening_steps:
        record.opening_position()
    return _checked(record)


def _has_move(node: list[tuple[str, list[str]]]) -> int:
    """1 if the node plays a move (its comment is that move's), else 0 (the comment is on the move before)."""
    return 1 if any(name in ("B", "W") for name, _ in node) else 0


def _sgf_seconds(values: list[str] | None, where: str) -> float | None:
    """Seconds from an SGF real value (``BL[295.5]``), ``None`` if absent."""
    if not values:
        return None
    text = values[0].strip()
    try:
        seconds = float(text)
    except ValueError:
        raise RecordError(f"{where}: {_cut(text)!r} is not a number of seconds") from None
    if not 0 <= seconds < 1e7:
        raise RecordError(f"{where}: {_cut(text)!r} is not a time left")
    return seconds


_OT_FISCHER = re.compile(r"fischer\s*\+\s*(\d+(?:\.\d+)?)", re.IGNORECASE)
_OT_BYOYOMI = re.compile(r"(\d+)\s*x\s*(\d+(?:\.\d+)?)\s*byo-?yomi", re.IGNORECASE)
_OT_FIXED = re.compile(r"(\d+(?:\.\d+)?)\s*per\s*move", re.IGNORECASE)


def _sgf_clock(main_text: str, overtime: str) -> ClockSpec:
    """The clock from SGF ``TM`` and ``OT`` as :func:`write_sgf` writes them; no clock if there is none.

    ``OT`` forms from other programs that this game cannot play are read as
    no clock rather than refused: the moves matter more than the clock.
    """
    main_text, overtime = main_text.strip(), overtime.strip()
    if not main_text and not overtime:
        return NO_CLOCK
    main = _sgf_seconds([main_text], "TM") if main_text else 0.0
    assert main is not None
    if match := _OT_FISCHER.fullmatch(overtime):
        return ClockSpec(ClockKind.FISCHER, main=main, increment=float(match.group(1)))
    if match := _OT_BYOYOMI.fullmatch(overtime):
        return ClockSpec(ClockKind.BYOYOMI, main=main, periods=int(match.group(1)), period=float(match.group(2)))
    if match := _OT_FIXED.fullmatch(overtime):
        return ClockSpec(ClockKind.FIXED, period=float(match.group(1)))
    return ClockSpec(ClockKind.FISCHER, main=main) if main > 0 else NO_CLOCK


def _sgf_overtime(spec: ClockSpec) -> str:
    if spec.kind is ClockKind.FISCHER:
        return f"fischer +{spec.increment:g}"
    if spec.kind is ClockKind.BYOYOMI:
        return f"{spec.periods}x{spec.period:g} byo-yomi"
    return f"{spec.period:g} per move"


def _all_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


@dataclass(frozen=True)
class Variation:
    """A side line for SGF: ``moves`` played instead of the game's move ``after + 1``, with a comment on its first."""

    after: int
    moves: tuple[Point, ...]
    comment: str = ""


def _sgf_move(number: int, move: Point, comment: str = "", left: float | None = None) -> str:
    """The node of move ``number`` (1 is black's first), with the mover's time left (``BL``/``WL``) and its comment."""
    colour = "B" if number % 2 else "W"
    text = f";{colour}[{SGF_LETTERS[move.x]}{SGF_LETTERS[move.y]}]"
    if left is not None:
        text += f"{colour}L[{left:.1f}]"
    return text + (f"C[{_sgf_escape(comment)}]" if comment else "")


def write_sgf(record: GameRecord, variations: tuple[Variation, ...] | list[Variation] = ()) -> str:
    """``record`` as SGF text (FF[4], GM[4], UTF-8), with its comments and any side lines.

    Each :class:`Variation` branches off the main line after its ``after``
    moves (the main line stays the first branch, so readers that follow it
    read the game).  A side line after the last move would read as the game
    going on, so it is left out.
    """
    header = [f"FF[4]GM[4]CA[UTF-8]AP[gomoku-tui:{__version__}]SZ[{record.size}]RU[{record.rule.value}]"]
    if record.black:
        header.append(f"PB[{_sgf_escape(record.black)}]")
    if record.white:
        header.append(f"PW[{_sgf_escape(record.white)}]")
    if record.result:
        header.append(f"RE[{_sgf_escape(record.result)}]")
    if record.comment(0):
        header.append(f"C[{_sgf_escape(record.comment(0))}]")
    branches: dict[int, list[Variation]] = {}
    for variation in variations:
        if variation.moves and 0 <= variation.after < len(record.moves):
            branches.setdefault(variation.after, []).append(variation)
    if record.opening is not OpeningRule.NONE:
        header.append(f"OP[{record.opening.value}]")
    if record.opening_steps:
        header.append("OS" + "".join(f"[{_sgf_escape(step)}]" for step in record.opening_steps))
    if record.clock.kind is not ClockKind.NONE:
        header.append(f"TM[{record.clock.main:g}]OT[{_sgf_overtime(record.clock)}]")
    left = record.time_left
    moves = [
        _sgf_move(number, move, record.comment(number), left[number - 1] if number <= len(left) else None)
        for number, move in enumerate(record.moves, 1)
    ]
    lines = ["(;" + "".join(header)]
    closing = ""
    start = 0
    for after in sorted(branches):
        lines += ["".join(moves[at : min(at + 10, after)]) for at in range(start, after, 10)]
        sides = []
        for variation in branches[after]:
            nodes = [_sgf_move(after + 1, variation.moves[0], variation.comment)]
            nodes += [_sgf_move(after + 1 + offset, move) for offset, move in enumerate(variation.moves[1:], 1)]
            sides.append("(" + "".join(nodes) + ")")
        lines.append("(")  # the main line goes on as the first branch
        closing = ")" + "".join(sides) + closing
        start = after
    lines += ["".join(moves[at : at + 10]) for at in range(start, len(moves), 10)]
    return "\n".join(line for line in lines if line) + closing + ")\n"


# -- Piskvork .psq ----------------------------------------------------------------

_PSQ_HEADER = re.compile(r"Piskvorky\s+(\d+)\s*x\s*(\d+)\s*(?:,\s*(-?\d+)\s*:\s*(-?\d+)\s*,\s*(\d+))?")
_PSQ_MOVE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?")
_PSQ_NUMBER = re.compile(r"\s*-?\d+\s*")
_PSQ_MOVE_START = re.compile(r"\s*-?\d+\s*,")


def read_psq(text: str, rule: Rule = Rule.FREESTYLE) -> GameRecord:
    """A record from a Piskvork ``.psq`` file, played under ``rule`` (the file does not say)."""
    lines = text.lstrip("\ufeff").splitlines()
    while lines and not lines[0].strip():
        lines.pop(0)
    header = _PSQ_HEADER.match(lines[0].strip()) if lines else None
    if header is None:
        raise RecordError("not a Piskvork .psq file: line 1 must be like 'Piskvorky 15x15, 0:0, 0'")
    width, height = _number(header.group(1), "line 1"), _number(header.group(2), "line 1")
    if width != height:
        raise RecordError(f"line 1: {width}x{height} is rectangular: only square boards are supported")
    size = _size(width, "line 1")
    swapped = header.group(5) == "1"
    moves: list[Point] = []
    move_lines: list[int] = []
    times: list[float | None] = []
    index = 1
    while index < len(lines):
        line = lines[index]
        match = _PSQ_MOVE.fullmatch(line)
        if match is None:
            if not line.strip():
                index += 1
                continue
            _check_psq_trailer(lines, index)
            break
        where = f"line {index + 1}"
        x, y = _number(match.group(1), where) - 1, _number(match.group(2), where) - 1
        if not (0 <= x < size and 0 <= y < size):
            raise RecordError(
                f"line {index + 1}: {_cut(line.strip())!r} is off the {size}x{size} board (.psq points are 1 to {size})"
            )
        moves.append(Point(x, y))
        move_lines.append(index + 1)
        milliseconds = _number(match.group(3), where) if match.group(3) is not None else None
        times.append(milliseconds / 1000 if milliseconds is not None and milliseconds >= 0 else None)
        index += 1
    trailer = [line.strip() for line in lines[index:] if line.strip()]
    names = ["", ""]
    if len(trailer) >= 2 and not _PSQ_NUMBER.fullmatch(trailer[0]) and not _PSQ_NUMBER.fullmatch(trailer[1]):
        names = [_psq_player(line) for line in trailer[:2]]
    black, white = (names[1], names[0]) if swapped else (names[0], names[1])
    board = Board(size, rule)
    for move, line_number in zip(moves, move_lines):
        try:
            board.play(move)
        except IllegalMoveError as error:
            problem = illegal(error, board, move)
            raise RecordError(f"line {line_number} (move {len(board.moves) + 1}): {problem}") from None
    record = GameRecord.from_board(board, black=black, white=white)
    if any(times):
        record = replace(record, move_times=tuple(times))
    return record


def _check_psq_trailer(lines: list[str], index: int) -> None:
    """The moves end at ``lines[index]``: it must be the trailer (names, a status number), not a broken move.

    A line that starts like a move (``8,``) or is followed by more moves is a
    move that cannot be read: the record would silently lose every move after it.
    """
    line = lines[index]
    later = any(_PSQ_MOVE.fullmatch(rest) for rest in lines[index + 1 :])
    if _PSQ_MOVE_START.match(line) or later:
        raise RecordError(f"line {index + 1}: {_cut(line.strip())!r} is not a move: write x,y,time like 8,8,0")


def _psq_player(line: str) -> str:
    """A player's name from a .psq player line: ``homo-1 Ann`` is Ann, ``homo-1`` nobody, else the brain."""
    human = _PSQ_HUMAN_LINE.match(line)
    return line[human.end() :] if human else line


def _psq_player_line(name: str, number: int) -> str:
    """The .psq line of a player: a brain file as it is, anyone else as a human Piskvork will not try to run."""
    name = _one_line(name)
    if _PSQ_BRAIN.fullmatch(name):
        return name
    return f"{PSQ_HUMAN}{number} {name}" if name else f"{PSQ_HUMAN}{number}"


def write_psq(record: GameRecord) -> str:
    """``record`` as a Piskvork ``.psq`` file (each move's time in ms, 0 where unknown).

    The players are written when the record names one: a brain file
    (``pbrain-*``, ``*.exe``) as it is, any other name after ``homo-1`` or
    ``homo-2`` (``homo-1 Ann``), which Piskvork reads as a human rather
    than as a brain to load; :func:`read_psq` reads the name back.
    """
    lines = [f"Piskvorky {record.size}x{record.size}, 0:0, 0"]
    times = list(record.move_times) + [None] * (len(record.moves) - len(record.move_times))
    lines += [
        f"{move.x + 1},{move.y + 1},{round(spent * 1000) if spent is not None else 0}"
        for move, spent in zip(record.moves, times)
    ]
    if record.black or record.white:
        lines.append(_psq_player_line(record.black, 1))
        lines.append(_psq_player_line(record.white, 2))
    lines.append("-1")
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


# -- files ------------------------------------------------------------------------

FORMATS = ("sgf", "psq", "moves")


def format_of(path: Path | str, text: str | None = None) -> str:
    """The format of a record file: by its extension, else by its first characters."""
    suffix = Path(path).suffix.lower()
    if suffix == ".sgf":
        return "sgf"
    if suffix == ".psq":
        return "psq"
    if text is not None:
        start = text.lstrip("\ufeff \t\r\n")
        if start.startswith("("):
            return "sgf"
        if start.startswith("Piskvorky"):
            return "psq"
    return "moves"


def read_record(path: Path | str, rule: Rule = Rule.FREESTYLE, size: int = 15) -> GameRecord:
    """The record in the file at ``path``; ``rule`` and ``size`` serve formats that lack them.

    Raises :class:`RecordError` for a file that cannot be read or parsed,
    with the file's name in the message.
    """
    path = Path(path)
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"{path}: cannot read it ({error.strerror or error})") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path}: over {MAX_RECORD_BYTES >> 20} MB, far too big for a game record")
    try:
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (expected UTF-8 SGF, .psq or moves)") from None
    try:
        kind = format_of(path, text)
        if kind == "sgf":
            return read_sgf(text)
        if kind == "psq":
            return read_psq(text, rule)
        return read_move_list(text, size, rule)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def write_record(path: Path | str, record: GameRecord) -> None:
    """Write ``record`` to ``path`` atomically, in the format its extension names.

    ``.sgf`` and ``.psq`` as such; any other name gets a plain move list.
    """
    path = Path(path)
    kind = format_of(path)
    if kind == "sgf":
        text = write_sgf(record)
    elif kind == "psq":
        text = write_psq(record)
    else:
        text = format_moves(record.moves, record.size) + "\n"
    atomic_write_text(path, text, private=False)


__all__ = [
    "FORMATS",
    "GameRecord",
    "RecordError",
    "Variation",
    "format_moves",
    "format_of",
    "load_board",
    "outcome_of",
    "parse_moves",
    "read_move_list",
    "read_psq",
    "read_record",
    "read_sgf",
    "result_of",
    "result_text",
    "time_result",
    "write_psq",
    "write_record",
    "write_sgf",
]
