"""What every record format shares: :class:`GameRecord`, :class:`RecordError` and the checks of a record's moves.

A :class:`GameRecord` holds what a finished or unfinished game is: the board
size, the rule, the players' names, the result, the moves, and (from issue
24) the opening rule with its steps, the clock and the times.  Each format's
module (:mod:`~gomoku.records.sgf`, :mod:`~gomoku.records.psq`,
:mod:`~gomoku.records.moves`, :mod:`~gomoku.records.save`) turns text into
one and back.  Every move of a record that loads is replayed on a
:class:`Board`, so a record that loads is a legal game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from gomoku.board import Board, ForbiddenMoveError, GameOverError, IllegalMoveError, OccupiedError, OffBoardError
from gomoku.clock import NO_CLOCK, ClockSpec
from gomoku.errors import GomokuError
from gomoku.i18n import _
from gomoku.openings import OpeningError, OpeningRule, OpeningState, named_opening, replay
from gomoku.point import MAX_SIZE, MIN_SIZE, Point
from gomoku.renju import forbidden
from gomoku.rules import Outcome, Rule, Stone, Termination


class RecordError(GomokuError, ValueError):
    """A record that cannot be read: the file, the place in it, and what is wrong there, as fields.

    ``str(error)`` joins them (``game.psq: line 3: '9,x,0' is not a move: ...``);
    a front end that shows the file its own way takes :attr:`detail` and
    :attr:`path` rather than taking the message apart.
    """

    def __init__(self, problem: str, where: str = "", path: str = "") -> None:
        super().__init__(problem, where, path)
        #: What is wrong, said of the record (no playing advice).
        self.problem = problem
        #: Where in the record: ``line 3``, ``move 5``, ``SGF line 1, column 9``; ``""`` for the whole record.
        self.where = where
        #: The file, when the record was read from one.
        self.path = path

    @property
    def detail(self) -> str:
        """The place and the problem, without the file: ``line 3: '9,x,0' is not a move``."""
        # i18n: where in a record, then what is wrong there: "line 3: '9,x,0' is not a move"
        return _("{where}: {problem}").format(where=self.where, problem=self.problem) if self.where else self.problem

    def __str__(self) -> str:
        # i18n: a record's file, then what is wrong in it: "game.psq: line 3: '9,x,0' is not a move"
        return _("{path}: {detail}").format(path=self.path, detail=self.detail) if self.path else self.detail

    def in_file(self, path: str) -> RecordError:
        """The same error, said of the file at ``path``."""
        return RecordError(self.problem, self.where, path)


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
    #: The opening's name as the record wrote it (SGF ``ON``) for moves that are none of the 26 named openings,
    #: which the moves name themselves (:attr:`opening_name`).  ``.psq`` has no field for it.
    written_opening: str = ""
    #: A rematch series' running score once this game is over, as the network game keeps it (machine-read,
    #: English: ``host 2 guest 1 draws 1``); SGF ``RO`` (the round), ``""`` outside a series.
    series: str = ""

    @property
    def opening_name(self) -> str:
        """The opening's name in English: ``Kagetsu (D4)`` when the first three moves are one of the 26, else
        the name the record wrote (SGF ``ON``), else ``""``."""
        opening = named_opening(self.moves[:3]) if len(self.moves) >= 3 else None
        return opening.text if opening is not None else self.written_opening

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
            play_recorded(board, move, _("move {number}").format(number=number))
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
            raise RecordError(_("the opening steps place other stones than the record's first moves"))
        for number, move in enumerate(self.moves[len(placed) :], len(placed) + 1):
            if not state.done:
                raise RecordError(_("move {number} comes before the opening is over").format(number=number))
            play_recorded(board, move, _("move {number}").format(number=number))
        return state, board

    def checked(self) -> GameRecord:
        """The record itself, once its moves (and opening steps, if any) replay; else :class:`RecordError`."""
        if self.opening is not OpeningRule.NONE or self.opening_steps:
            self.opening_position()
        self.to_board()
        return self

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

    def with_times(self, move_times: tuple[float | None, ...]) -> GameRecord:
        """The record with the seconds each move took (kept only if any is known)."""
        return replace(self, move_times=move_times) if any(move_times) else self


def play_recorded(board: Board, move: Point, where: str) -> None:
    """Play the recorded ``move`` on ``board``, or raise :class:`RecordError` at ``where`` saying why it cannot be."""
    try:
        board.play(move)
    except IllegalMoveError as error:
        raise RecordError(illegal(error, board, move), where) from None


def illegal(error: IllegalMoveError, board: Board, move: Point) -> str:
    """What is wrong with a recorded ``move`` the board refused, said of the record (no playing advice)."""
    if isinstance(error, OffBoardError):
        return _("{point} is off the {size}x{size} board").format(point=tuple(move), size=board.size)
    name = board.notation(move)
    if isinstance(error, OccupiedError):
        return _("{point} is already taken").format(point=name)
    if isinstance(error, ForbiddenMoveError):
        return forbidden(name, error.foul)
    if isinstance(error, GameOverError) and board.outcome is not None:
        return _("{point} comes after the end of the game: {outcome}").format(
            point=name, outcome=board.outcome.said(board.size)
        )
    return _("{point} cannot be played").format(point=name)


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


#: Digits in a number a record may hold: sizes and coordinates need two, move times in ms
#: nine; longer is damage (and Python refuses to convert more than 4300 digits at all).
MAX_DIGITS = 12
#: The longest point in renju notation, with room for spaces around it (``" y25 "``).
MAX_POINT_TEXT = 8
#: The most characters of a broken value quoted back in a message.
QUOTE_LIMIT = 24


def cut(text: str) -> str:
    """A piece of the file quoted in a message: control characters shown as ``?``, cut short."""
    text = "".join(char if char.isprintable() else "?" for char in text[: QUOTE_LIMIT + 1])
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


def content_lines(
    lines: Sequence[str], first_line: str, not_it: str, first_number: int = 1
) -> Iterator[tuple[str, str]]:
    """The lines of a plain-text form (a book, a puzzle) after the line that names it, each stripped and with
    its place (``line 7``, counting from ``first_number``); blank lines and ``#`` comments are skipped.

    The first line that is neither must be ``first_line`` (in any case): else :class:`RecordError` says
    ``not_it`` there, or with no place when the text holds no such line at all.
    """
    first = True
    for number, raw in enumerate(lines, first_number):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = _("line {line}").format(line=number)
        if first:
            if line.lower() != first_line:
                raise RecordError(not_it, where)
            first = False
            continue
        yield line, where
    if first:
        raise RecordError(not_it)


def whole_number(text: str, where: str) -> int:
    """The whole number ``text`` (digits from a regular expression), or :class:`RecordError` if absurdly long."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(_("the number {digits}... is far too long").format(digits=text[:MAX_DIGITS]), where)
    return int(text)


def board_size(value: int, where: str) -> int:
    """``value`` if it is a board size this game plays, else :class:`RecordError` at ``where``."""
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise RecordError(
            _("board size {size} is not supported (use {smallest} to {largest})").format(
                size=value, smallest=MIN_SIZE, largest=MAX_SIZE
            ),
            where,
        )
    return value
