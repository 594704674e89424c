"""SGF (FF[4], GM[4] is gomoku and renju): read the main line, write comments and side lines.

``(;FF[4]GM[4]SZ[15]RU[renju]PB[..]PW[..]RE[B+];B[hh];W[ii]...)``.  Points
are two letters, column then row, ``aa`` the top-left corner.  ``RU`` holds
``freestyle``, ``standard`` or ``renju``.  :func:`sgf_tree` reads the whole
tree, variations included (the opening book's SGF is one); a game is its main
line, the first variation at every branch; comments (``C``) are kept by move
(:attr:`~gomoku.records.record.GameRecord.comments`), unknown properties
ignored; the writer writes the comments, and side lines given as
:class:`Variation` values.

The opening's name is ``ON`` (SGF's own property): written in English from
the first three moves when they are one of the 26 named openings
(``ON[Kagetsu (D4)]``); read, and kept as the record wrote it when the
moves are none of the 26 (:attr:`~gomoku.records.record.GameRecord.written_opening`).

Fair-play additions (issue 24), all optional: the opening rule in
``OP[swap2]`` and every opening step, swaps included, in order in
``OS[place h8][place h9][place j9][swap]`` (:mod:`gomoku.openings` replays
them, so a game saved mid-opening resumes at the right step); the clock in
``TM`` (main time, s) and ``OT`` (``fischer +3``, ``5x30 byo-yomi``, ``30 per
move``), and the time left after each move in ``BL``/``WL``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gomoku import __version__
from gomoku.board import Board
from gomoku.clock import NO_CLOCK, ClockKind, ClockSpec
from gomoku.i18n import _
from gomoku.openings import OpeningRule, named_opening
from gomoku.point import Point
from gomoku.puzzles import Goal, Puzzle, PuzzleError, check_id, parse_grade
from gomoku.records.record import GameRecord, RecordError, board_size, cut, play_recorded, whole_number
from gomoku.rules import Rule, Stone

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
    "caro": Rule.CARO,
}
#: The SGF property of each colour's move (``B[hh]``); its time left is the same letter and ``L`` (``BL``).
COLOUR_PROPERTY = {Stone.BLACK: "B", Stone.WHITE: "W"}

_SGF_SPACE = re.compile(r"\s*")
_SGF_IDENT = re.compile(r"[A-Za-z]+")


@dataclass
class SgfNode:
    """One node of an SGF game tree: its properties in file order, and the nodes that follow it.

    The first child continues the main line; the others are variations
    (side lines) from this node.
    """

    properties: list[tuple[str, list[str]]] = field(default_factory=list)
    children: list[SgfNode] = field(default_factory=list)

    def values(self, name: str) -> list[str]:
        """The values of property ``name`` in this node (all of them, if it is given twice), ``[]`` if absent."""
        return [value for key, values in self.properties if key == name for value in values]


def sgf_tree(text: str) -> SgfNode:
    """The root node of the first game tree in SGF ``text``, with every variation below it.

    Raises :class:`RecordError` saying where the text is broken.
    """
    position = 0
    length = len(text)

    def where(at: int) -> str:
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        return _("SGF line {line}, column {column}").format(line=line, column=column)

    def skip_space(at: int) -> int:
        match = _SGF_SPACE.match(text, at)
        assert match is not None
        return match.end()

    position = skip_space(position)
    if position >= length or text[position] != "(":
        raise RecordError(_("not an SGF file: it must start with '(;'"))
    top = SgfNode()  # holds the game tree's first node as its child
    current = top
    # Each '(' remembers the node its variation branches from; its ')' goes back there.
    branches: list[SgfNode] = []
    while position < length:
        char = text[position]
        if char == "(":
            branches.append(current)
            position += 1
        elif char == ")":
            current = branches.pop()
            position += 1
            if not branches:
                break
        elif char == ";":
            position += 1
            node = SgfNode()
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
                    raise RecordError(f"property {name} has no [value]", where(position))
                node.properties.append((name, values))
            current.children.append(node)
            current = node
        elif char.isspace():
            position += 1
        else:
            raise RecordError(f"unexpected {char!r}", where(position))
    if branches:
        raise RecordError(_("SGF ends early: a '(' is never closed with ')'"))
    if not top.children:
        raise RecordError(_("SGF has no nodes: expected '(;' and properties"))
    return top.children[0]


def _sgf_nodes(text: str) -> list[list[tuple[str, list[str]]]]:
    """The nodes of the main line of the first game tree (the first variation at every branch), each a list of
    (property, values)."""
    node: SgfNode | None = sgf_tree(text)
    nodes = []
    while node is not None:
        nodes.append(node.properties)
        node = node.children[0] if node.children else None
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
    raise RecordError(_("a '[' value is never closed with ']'"), where(start))


def sgf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def sgf_root(size: int, rule: Rule) -> str:
    """The root node's properties every file this program writes starts with: the format, gomoku, UTF-8, this
    program, the board's size and the rule."""
    return f"FF[4]GM[4]CA[UTF-8]AP[gomoku-tui:{__version__}]SZ[{size}]RU[{rule.value}]"


def sgf_point(value: str, size: int, number: int) -> Point:
    if len(value) != 2 or not all(char in SGF_LETTERS[:size] for char in value.lower()):
        if value in ("", "tt"):
            raise RecordError(
                _("a pass ([{value}]) is not a gomoku move").format(value=cut(value)),
                _("move {number}").format(number=number),
            )
        raise RecordError(
            _("[{value}] is not a point on {size}x{size}: write two letters a-{last}, column then row").format(
                value=cut(value), size=size, last=SGF_LETTERS[size - 1]
            ),
            _("move {number}").format(number=number),
        )
    return Point(SGF_LETTERS.index(value[0].lower()), SGF_LETTERS.index(value[1].lower()))


def game_of(root: dict[str, list[str]]) -> tuple[int, Rule]:
    """The board size and the rule an SGF root node names (``GM[4]``, ``SZ``, ``RU``); :class:`RecordError` if
    it names another game, or a size or a rule this game does not play."""
    game = root.get("GM", ["4"])[0].strip()
    if game != "4":
        raise RecordError(_("GM[{value}] is not gomoku: an SGF gomoku or renju game has GM[4]").format(value=cut(game)))
    size_text = root.get("SZ", ["15"])[0].strip()
    width, _colon, height = size_text.partition(":")
    if not _all_digits(width) or (height and not _all_digits(height)):
        raise RecordError(_("SZ[{value}] is not a board size: write SZ[15]").format(value=cut(size_text)))
    where = f"SZ[{cut(size_text)}]"
    if height and whole_number(height, where) != whole_number(width, where):
        raise RecordError(_("rectangular boards are not supported"), where)
    size = board_size(whole_number(width, where), where)
    rule_text = root.get("RU", ["freestyle"])[0].strip()
    rule = RULE_ALIASES.get(rule_text.lower())
    if rule is None:
        names = ", ".join(rule.value for rule in Rule)
        raise RecordError(_("RU[{value}] is not a rule I know: use {names}").format(value=cut(rule_text), names=names))
    return size, rule


def read_sgf(text: str) -> GameRecord:
    """A record from SGF text (the main line of its first game)."""
    nodes = _sgf_nodes(text.lstrip("\ufeff"))
    root = dict(nodes[0])
    size, rule = game_of(root)
    for name in ("AB", "AW", "AE"):
        if any(name in dict(node) for node in nodes):
            raise RecordError(
                _("{property}[] set-up stones are not supported: the record must be moves only").format(property=name)
            )
    board = Board(size, rule)  # the moves as they are read: it says whose move each is, and refuses illegal ones
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
            if name != COLOUR_PROPERTY[board.turn]:
                if board.turn is Stone.BLACK:
                    wrong = _("move {number} is {move} but black is to move")
                else:
                    wrong = _("move {number} is {move} but white is to move")
                raise RecordError(wrong.format(number=number, move=f"{name}[{cut(values[0])}]"))
            moves.append(sgf_point(values[0].strip(), size, number))
            play_recorded(board, moves[-1], _("move {number}").format(number=number))
            at = _("{property} at move {number}").format(property=f"{name}L", number=number)
            left.append(_sgf_seconds(dict(node).get(f"{name}L"), at))
    opening_text = root.get("OP", ["none"])[0].strip().lower()
    try:
        opening = OpeningRule(opening_text)
    except ValueError:
        names = ", ".join(rule.value for rule in OpeningRule)
        raise RecordError(
            _("OP[{value}] is not an opening rule I know: use {names}").format(value=cut(opening_text), names=names)
        ) from None
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
        # The moves name the 26 themselves; another program's name is kept only for moves that are none of them.
        written_opening="" if named_opening(moves[:3]) else root.get("ON", [""])[0].strip(),
        series=root.get("RO", [""])[0].strip(),
    )
    return record.checked()


def _has_move(node: list[tuple[str, list[str]]]) -> int:
    """1 if the node plays a move (its comment is that move's), else 0 (the comment is on the move before)."""
    return 1 if any(name in ("B", "W") for name, _values in node) else 0


def _sgf_seconds(values: list[str] | None, where: str) -> float | None:
    """Seconds from an SGF real value (``BL[295.5]``), ``None`` if absent."""
    if not values:
        return None
    text = values[0].strip()
    try:
        seconds = float(text)
    except ValueError:
        raise RecordError(_("{text} is not a number of seconds").format(text=repr(cut(text))), where) from None
    if not 0 <= seconds < 1e7:
        raise RecordError(_("{text} is not a time left").format(text=repr(cut(text))), where)
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


def _sgf_move(mover: Stone, move: Point, comment: str = "", left: float | None = None) -> str:
    """The node of a move by ``mover``, with the mover's time left (``BL``/``WL``) and its comment."""
    colour = COLOUR_PROPERTY[mover]
    text = f";{colour}[{SGF_LETTERS[move.x]}{SGF_LETTERS[move.y]}]"
    if left is not None:
        text += f"{colour}L[{left:.1f}]"
    return text + (f"C[{sgf_escape(comment)}]" if comment else "")


def _add_side_line(siblings: list[Variation], variation: Variation) -> None:
    """Add ``variation`` to the side lines from one point; the same moves twice are one line, both comments kept."""
    for index, sibling in enumerate(siblings):
        if sibling.moves == variation.moves:
            if variation.comment and variation.comment != sibling.comment:
                comment = "\n\n".join(text for text in (sibling.comment, variation.comment) if text)
                siblings[index] = Variation(sibling.after, sibling.moves, comment)
            return
    siblings.append(variation)


def _side_line(record: GameRecord, after: int, moves: tuple[Point, ...]) -> list[tuple[Point, Stone]]:
    """A side line's moves from the position after ``after`` moves, each with the colour the board says made it.

    The line is played as far as it is legal (a forced line always is); the rest is not written.
    """
    board = Board.from_moves(record.moves[:after], record.size, record.rule)
    for move in moves:
        if not board.is_legal(move):
            break
        board.play(move)
    return board.plies[after:]


def write_sgf(record: GameRecord, variations: Iterable[Variation] = ()) -> str:
    """``record`` as SGF text (FF[4], GM[4], UTF-8), with its comments and any side lines.

    Each :class:`Variation` branches off the main line after its ``after``
    moves (the main line stays the first branch, so readers that follow it
    read the game); the same moves given twice from one point are written
    once.  A side line after the last move would read as the game
    going on, so it is left out.
    """
    header = [sgf_root(record.size, record.rule)]
    if record.black:
        header.append(f"PB[{sgf_escape(record.black)}]")
    if record.white:
        header.append(f"PW[{sgf_escape(record.white)}]")
    if record.result:
        header.append(f"RE[{sgf_escape(record.result)}]")
    if record.opening_name:
        header.append(f"ON[{sgf_escape(record.opening_name)}]")
    if record.series:
        header.append(f"RO[{sgf_escape(record.series)}]")
    if record.comment(0):
        header.append(f"C[{sgf_escape(record.comment(0))}]")
    branches: dict[int, list[Variation]] = {}
    for variation in variations:
        if variation.moves and 0 <= variation.after < len(record.moves):
            branches.setdefault(variation.after, [])
            _add_side_line(branches[variation.after], variation)
    if record.opening is not OpeningRule.NONE:
        header.append(f"OP[{record.opening.value}]")
    if record.opening_steps:
        header.append("OS" + "".join(f"[{sgf_escape(step)}]" for step in record.opening_steps))
    if record.clock.kind is not ClockKind.NONE:
        header.append(f"TM[{record.clock.main:g}]OT[{_sgf_overtime(record.clock)}]")
    left = record.time_left
    board = record.to_board()
    moves = [
        _sgf_move(board.mover(ply), move, record.comment(ply + 1), left[ply] if ply < len(left) else None)
        for ply, move in enumerate(record.moves)
    ]
    lines = ["(;" + "".join(header)]
    closing = ""
    start = 0
    for after in sorted(branches):
        sides = []
        for variation in branches[after]:
            plies = _side_line(record, after, variation.moves)
            nodes = [
                _sgf_move(mover, move, variation.comment if offset == 0 else "")
                for offset, (move, mover) in enumerate(plies)
            ]
            if nodes:
                sides.append("(" + "".join(nodes) + ")")
        if not sides:
            continue
        lines += ["".join(moves[at : min(at + 10, after)]) for at in range(start, after, 10)]
        lines.append("(")  # the main line goes on as the first branch
        closing = ")" + "".join(sides) + closing
        start = after
    lines += ["".join(moves[at : at + 10]) for at in range(start, len(moves), 10)]
    return "\n".join(line for line in lines if line) + closing + ")\n"


# -- puzzles: set-up stones, the side to move, the solution as the main line -------------------------------

#: This program's own SGF property for a puzzle's goal (``GO[fours]``: a :class:`~gomoku.puzzles.Goal` value);
#: other programs ignore it.  Without it a puzzle's goal is a win by fours and threes.
GOAL_PROPERTY = "GO"
#: This program's own SGF properties for a collection's puzzle: its id (``ID[f-0123]``) and its grade, the
#: starting rating (``GR[1500]``); other programs ignore them.
ID_PROPERTY = "ID"
GRADE_PROPERTY = "GR"
#: The colour ``PL`` names (``PL[B]``, ``PL[W]``; some programs write the whole word).
_PLAYERS = {"B": Stone.BLACK, "W": Stone.WHITE, "BLACK": Stone.BLACK, "WHITE": Stone.WHITE}
_SETUP = {"AB": Stone.BLACK, "AW": Stone.WHITE}


def read_sgf_puzzle(text: str) -> Puzzle:
    """A puzzle from SGF text: set-up stones (``AB``, ``AW``, ``AE``), the side to move (``PL``) and the main
    line as its solution; ``GN`` its name, ``SO`` its source, ``GO`` its goal, ``ID`` its id and ``GR`` its
    grade (this program's own properties).

    An SGF without set-up stones is a game record: the puzzle is the
    position after its moves, with no solution stated.
    """
    nodes = _sgf_nodes(text.lstrip("\ufeff"))
    root = dict(nodes[0])
    size, rule = game_of(root)
    goal = _sgf_goal(root)
    name, source, ident, grade_text = (
        root.get(key, [""])[0].strip() for key in ("GN", "SO", ID_PROPERTY, GRADE_PROPERTY)
    )
    try:
        check_id(ident)
        grade = parse_grade(grade_text) if grade_text else None
    except PuzzleError as error:
        raise RecordError(str(error)) from None
    if not any(key in dict(node) for node in nodes for key in _SETUP):
        board = read_sgf(text).to_board()
        return Puzzle.from_board(board, goal, name=name, source=source, id=ident, grade=grade)
    stones: dict[Point, Stone] = {}
    turn: Stone | None = None
    solution: list[Point] = []
    for node in nodes:
        for key, values in node:
            if key in ("AB", "AW", "AE"):
                if solution:
                    raise RecordError(
                        _("{property}[] comes after the solution's first move: set up stones before it").format(
                            property=key
                        )
                    )
                for value in values:
                    for point in _sgf_area(value.strip(), size, key):
                        if key == "AE":
                            stones.pop(point, None)
                        else:
                            stones[point] = _SETUP[key]
            elif key == "PL" and not solution:
                turn = _sgf_player(values[0])
            elif key in ("B", "W"):
                mover = Stone.BLACK if key == "B" else Stone.WHITE
                if not solution and turn is None:
                    turn = mover
                first = turn or mover
                expected = first if len(solution) % 2 == 0 else first.opponent
                number = len(solution) + 1
                if mover is not expected:
                    if expected is Stone.BLACK:
                        wrong = _("solution move {number} is {move} but black is to move")
                    else:
                        wrong = _("solution move {number} is {move} but white is to move")
                    raise RecordError(wrong.format(number=number, move=f"{key}[{cut(values[0])}]"))
                solution.append(sgf_point(values[0].strip(), size, number))
    puzzle = Puzzle(
        tuple(sorted(stones.items(), key=lambda item: (item[0].y, item[0].x))),
        turn or _turn_of(stones),
        rule,
        size,
        goal,
        tuple(solution),
        name,
        source,
        ident,
        grade,
    )
    try:
        return puzzle.checked()
    except PuzzleError as error:
        raise RecordError(str(error)) from None


def _turn_of(stones: dict[Point, Stone]) -> Stone:
    """The side to move of a set-up position that does not say: black when both have as many stones."""
    blacks = sum(1 for stone in stones.values() if stone is Stone.BLACK)
    return Stone.BLACK if blacks <= len(stones) - blacks else Stone.WHITE


def _sgf_goal(root: dict[str, list[str]]) -> Goal:
    text = root.get(GOAL_PROPERTY, [Goal.THREES.value])[0].strip().lower()
    try:
        return Goal(text)
    except ValueError:
        names = ", ".join(goal.value for goal in Goal)
        goal = f"{GOAL_PROPERTY}[{cut(text)}]"
        raise RecordError(_("{goal} is not a puzzle goal I know: use {names}").format(goal=goal, names=names)) from None


def _sgf_player(value: str) -> Stone:
    player = _PLAYERS.get(value.strip().upper())
    if player is None:
        raise RecordError(_("PL[{value}] names no colour: write PL[B] or PL[W]").format(value=cut(value)))
    return player


def _sgf_area(value: str, size: int, key: str) -> list[Point]:
    """The points of a set-up value: one point (``hh``), or a rectangle ``aa:cc`` (SGF's compressed lists)."""
    where = f"{key}[{cut(value)}]"
    corners = []
    for part in value.split(":", 1):
        try:
            corners.append(sgf_point(part.strip(), size, 0))
        except RecordError as error:
            raise RecordError(error.problem, where) from None
    first, last = corners[0], corners[-1]
    return [
        Point(x, y)
        for y in range(min(first.y, last.y), max(first.y, last.y) + 1)
        for x in range(min(first.x, last.x), max(first.x, last.x) + 1)
    ]


def write_sgf_puzzle(puzzle: Puzzle) -> str:
    """``puzzle`` as SGF text: its set-up stones, the side to move, its goal, and its solution as the main line."""
    header = [sgf_root(puzzle.size, puzzle.rule)]
    if puzzle.name:
        header.append(f"GN[{sgf_escape(puzzle.name)}]")
    if puzzle.source:
        header.append(f"SO[{sgf_escape(puzzle.source)}]")
    if puzzle.id:
        header.append(f"{ID_PROPERTY}[{puzzle.id}]")
    if puzzle.grade is not None:
        header.append(f"{GRADE_PROPERTY}[{puzzle.grade}]")
    header.append(f"{GOAL_PROPERTY}[{puzzle.goal.value}]PL[{COLOUR_PROPERTY[puzzle.turn]}]")
    for key, colour in _SETUP.items():
        points = [point for point, stone in puzzle.stones if stone is colour]
        if points:
            header.append(key + "".join(f"[{SGF_LETTERS[point.x]}{SGF_LETTERS[point.y]}]" for point in points))
    movers = [puzzle.turn if ply % 2 == 0 else puzzle.turn.opponent for ply in range(len(puzzle.solution))]
    moves = [_sgf_move(mover, move) for mover, move in zip(movers, puzzle.solution)]
    lines = ["(;" + "".join(header)] + ["".join(moves[at : at + 10]) for at in range(0, len(moves), 10)]
    return "\n".join(lines) + ")\n"
