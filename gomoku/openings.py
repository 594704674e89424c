"""Opening rules: who places the first stones, who may swap colours, and where.

Black's first move is a large advantage (freestyle, standard and renju on
15x15 are all proven first-player wins), so tournaments begin with an opening
rule that lets the second player answer a position the first one built.  Each
rule here is *data*: a table of :class:`Stage` rows, each naming who decides
(:class:`Decider`), what (:class:`Action`), with which colour and inside which
:class:`Area`, and where each answer leads.  :class:`OpeningState` walks the
table one :class:`OpeningMove` at a time over a :class:`~gomoku.board.Board`:
it plays the stones on the board, keeps who holds which colour, and refuses a
wrong step with an :class:`OpeningError` that says what to do instead.  A
screen only shows :attr:`OpeningState.step` (its prompt, its area to mark,
its options as keys); the network sends the moves as text
(:meth:`OpeningMove.text`, :func:`parse_move`).  More rules (the RIF/Yamaguchi
rule, swap after the first move) are new tables, not new code.

The rules, in our words (``docs/openings.md`` says where each text is from):

- **Swap1** (freestyle, standard; the Gomoku World Championship's rule before
  Swap2): the first player places three stones, black, white, black,
  anywhere; the second player then chooses a colour.
- **Swap2** (freestyle, standard; the Gomoku World Championships since 2009
  and Gomocup's Swap2 league): as Swap1, but the second player has a third
  answer: place two more stones (white, then black) and let the first player
  choose the colour.
- **Taraguchi-10** (renju, RIF-approved): the 1st move in the centre, the
  2nd inside the central 3x3 square, the 3rd inside 5x5, the 4th inside 7x7;
  after each the other player may swap.  Then black either plays the 5th
  inside 9x9 and the other player may swap once more, or offers ten 5th
  moves anywhere, no two symmetrical, of which white picks one; white then
  plays the 6th.
- **Soosõrv-8** (renju; the RIF world championships since 2017): the first
  player places one of the 26 canonical openings (1st stone in the centre,
  2nd inside 3x3, 3rd inside 5x5: every such placement is one of the 26 up to
  rotation and reflection, see :data:`CANONICAL_OPENINGS`); the other player
  may swap; white plays the 4th anywhere and declares how many 5th moves
  black must offer, 1 to 8; the other player may swap; black offers that many
  5th moves, no two symmetrical; white picks one and plays the 6th.

Offered 5th moves are *symmetrical* when a rotation or reflection of the real
board (about its centre, so the edge counts) leaves the four stones where
they are, colours included, and maps one offer onto the other.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from gomoku.board import Board, ForbiddenMoveError, IllegalMoveError, OccupiedError, OffBoardError
from gomoku.errors import GomokuError
from gomoku.i18n import N_, _, pgettext
from gomoku.point import MAX_SIZE, Point, parse_point, to_notation
from gomoku.renju import forbidden
from gomoku.rules import Rule, Stone


class OpeningError(GomokuError, ValueError):
    """A step the opening rule does not allow now; the message says why and what to do."""


class OpeningRule(enum.Enum):
    """The opening rules a game can be played under (the ``--opening`` names)."""

    NONE = "none"
    SWAP1 = "swap1"
    SWAP2 = "swap2"
    TARAGUCHI10 = "taraguchi10"
    SOOSORV8 = "soosorv8"

    @property
    def title(self) -> str:
        """The rule's name as people write it, in English (protocols and logs; a screen shows :meth:`said`)."""
        return _TITLES[self]

    def said(self) -> str:
        """The rule's name as a player reads it, in the language in use ("Swap2", "no opening rule")."""
        if self is OpeningRule.SWAP1:
            return pgettext("opening", "Swap1")
        if self is OpeningRule.SWAP2:
            return pgettext("opening", "Swap2")
        if self is OpeningRule.TARAGUCHI10:
            return pgettext("opening", "Taraguchi-10")
        if self is OpeningRule.SOOSORV8:
            return pgettext("opening", "Soosõrv-8")
        return pgettext("opening", "no opening rule")

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The game rules this opening rule is played under (``docs/openings.md`` says where from)."""
        return _GAME_RULES[self]

    def fits(self, rule: Rule) -> bool:
        """Whether this opening rule goes with the game ``rule``."""
        return rule in self.rules

    def __str__(self) -> str:
        return self.value


#: The game rules each opening rule is played under: Swap1 and Swap2 are gomoku's (freestyle, standard, and
#: caro, a gomoku rule without restrictions whose sources name no opening), Taraguchi-10 and Soosõrv-8
#: renju's, as the texts in docs/openings.md define them.
_GAME_RULES = {
    OpeningRule.NONE: tuple(Rule),
    OpeningRule.SWAP1: (Rule.FREESTYLE, Rule.STANDARD, Rule.CARO),
    OpeningRule.SWAP2: (Rule.FREESTYLE, Rule.STANDARD, Rule.CARO),
    OpeningRule.TARAGUCHI10: (Rule.RENJU,),
    OpeningRule.SOOSORV8: (Rule.RENJU,),
}

#: The opening rules whose first three stones (black, white, black) one player places where they like, as a
#: proposal: a screen names those stones by their points when they are none of the 26 named shapes.
PROPOSED_OPENINGS = frozenset({OpeningRule.SWAP1, OpeningRule.SWAP2})

_TITLES = {
    OpeningRule.NONE: "no opening rule",
    OpeningRule.SWAP1: "Swap1",
    OpeningRule.SWAP2: "Swap2",
    OpeningRule.TARAGUCHI10: "Taraguchi-10",
    OpeningRule.SOOSORV8: "Soosõrv-8",
}


class Seat(enum.Enum):
    """A player by seat: the one who begins the opening, and the other."""

    FIRST = "first player"
    SECOND = "second player"

    @property
    def other(self) -> Seat:
        """The other seat."""
        return Seat.SECOND if self is Seat.FIRST else Seat.FIRST

    @property
    def short(self) -> str:
        """The seat as a prompt names it, in the language in use: ``player 1``, ``player 2``."""
        return _("player 1") if self is Seat.FIRST else _("player 2")


class Decider(enum.Enum):
    """Who decides a step: a seat, or whoever holds a colour at that moment (colours move with swaps)."""

    FIRST = "first player"
    SECOND = "second player"
    BLACK = "black"
    WHITE = "white"


class Action(enum.Enum):
    """What a step asks for."""

    #: place one stone of the step's colour inside its area
    PLACE = "place"
    #: choose one of the step's options
    CHOOSE = "choose"
    #: declare how many 5th moves black must offer (1 to the step's count)
    DECLARE = "declare"
    #: offer 5th moves, one at a time, until the step's count (fixed or declared) is reached
    OFFER = "offer"
    #: pick one of the offered 5th moves; it is played as black's 5th
    PICK = "pick"


class Option(enum.Enum):
    """An answer to a :attr:`Action.CHOOSE` step."""

    #: exchange colours: the player deciding takes the other colour
    SWAP = "swap"
    #: keep the colours as they are
    STAY = "stay"
    #: Swap2: place two more stones (white, then black) and let the first player choose
    PLACE_TWO = "place-two"
    #: Taraguchi-10 (a): black plays the 5th inside the 9x9 square
    FIFTH_IN_SQUARE = "fifth-in-square"
    #: Taraguchi-10 (b): black offers ten 5th moves anywhere
    OFFER_TEN = "offer-ten"


@dataclass(frozen=True)
class Area:
    """Where a stone may go: the central ``side`` x ``side`` square, or anywhere (``side`` ``None``)."""

    side: int | None = None

    def contains(self, point: Point | tuple[int, int], size: int) -> bool:
        """Whether ``point`` is inside this area on a ``size`` board."""
        if self.side is None:
            return True
        centre, reach = size // 2, self.side // 2
        return abs(point[0] - centre) <= reach and abs(point[1] - centre) <= reach

    def points(self, size: int) -> list[Point]:
        """Every point of this area on a ``size`` board, row by row (for a screen to mark)."""
        return [Point(x, y) for y in range(size) for x in range(size) if self.contains((x, y), size)]

    def describe(self) -> str:
        """The area in words, in the language in use: "the centre point", "the central 5x5 square", "anywhere"."""
        if self.side is None:
            return _("anywhere")
        if self.side == 1:
            return _("the centre point")
        return _("the central {size}x{size} square").format(size=self.side)


ANYWHERE = Area()

#: The options in a word or two, for a narrow status line (English: ``_()`` translates one where it is shown).
OPTION_SHORT: Mapping[Option, str] = MappingProxyType(
    {
        Option.SWAP: N_("swap"),
        Option.STAY: N_("keep"),
        Option.PLACE_TWO: N_("two more"),
        Option.FIFTH_IN_SQUARE: N_("5th in 9x9"),
        Option.OFFER_TEN: N_("offer ten"),
    }
)

#: How a step's options are put to the player, per option (a screen shows them as keys; English: ``_()``
#: translates one where it is shown).
OPTION_TEXT: Mapping[Option, str] = MappingProxyType(
    {
        Option.SWAP: N_("swap colours"),
        Option.STAY: N_("keep colours"),
        Option.PLACE_TWO: N_("place two more"),
        Option.FIFTH_IN_SQUARE: N_("play the 5th inside 9x9"),
        Option.OFFER_TEN: N_("offer ten 5th moves"),
    }
)


@dataclass(frozen=True)
class Stage:
    """One row of an opening rule's table.

    ``role`` decides; ``action`` says what; ``stone`` and ``area`` are for
    placing (and offering); ``count`` is how many 5th moves to offer (``0``:
    the number declared earlier) or the largest number to declare; ``then``
    names the next stage, or maps each option to its next stage (``""`` ends
    the opening).
    """

    role: Decider
    action: Action
    then: str | Mapping[Option, str]
    stone: Stone | None = None
    area: Area = ANYWHERE
    count: int = 0

    @property
    def options(self) -> tuple[Option, ...]:
        """The answers a CHOOSE stage takes, in the order they are offered."""
        return tuple(self.then) if isinstance(self.then, Mapping) else ()


def _choose(role: Decider, **then: str) -> Stage:
    return Stage(role, Action.CHOOSE, MappingProxyType({Option[name.upper()]: stage for name, stage in then.items()}))


def _place(role: Decider, stone: Stone, then: str, side: int | None = None) -> Stage:
    return Stage(role, Action.PLACE, then, stone, Area(side))


_B, _W = Stone.BLACK, Stone.WHITE
_ENDS = {"swap": "", "stay": ""}

#: Each rule as a table: stage name -> stage.  The first stage is ``"1"``; ``""`` is the end.
RULES: Mapping[OpeningRule, Mapping[str, Stage]] = MappingProxyType(
    {
        OpeningRule.NONE: {},
        OpeningRule.SWAP1: {
            "1": _place(Decider.FIRST, _B, "2"),
            "2": _place(Decider.FIRST, _W, "3"),
            "3": _place(Decider.FIRST, _B, "colour"),
            "colour": _choose(Decider.SECOND, **_ENDS),
        },
        OpeningRule.SWAP2: {
            "1": _place(Decider.FIRST, _B, "2"),
            "2": _place(Decider.FIRST, _W, "3"),
            "3": _place(Decider.FIRST, _B, "colour"),
            "colour": _choose(Decider.SECOND, swap="", stay="", place_two="4"),
            "4": _place(Decider.SECOND, _W, "5"),
            "5": _place(Decider.SECOND, _B, "last colour"),
            "last colour": _choose(Decider.FIRST, **_ENDS),
        },
        OpeningRule.TARAGUCHI10: {
            "1": _place(Decider.BLACK, _B, "swap 1", 1),
            "swap 1": _choose(Decider.WHITE, swap="2", stay="2"),
            "2": _place(Decider.WHITE, _W, "swap 2", 3),
            "swap 2": _choose(Decider.BLACK, swap="3", stay="3"),
            "3": _place(Decider.BLACK, _B, "swap 3", 5),
            "swap 3": _choose(Decider.WHITE, swap="4", stay="4"),
            "4": _place(Decider.WHITE, _W, "swap 4", 7),
            "swap 4": _choose(Decider.BLACK, swap="5th", stay="5th"),
            "5th": _choose(Decider.BLACK, fifth_in_square="5", offer_ten="offer"),
            "5": _place(Decider.BLACK, _B, "swap 5", 9),
            "swap 5": _choose(Decider.WHITE, **_ENDS),
            "offer": Stage(Decider.BLACK, Action.OFFER, "pick", _B, ANYWHERE, 10),
            "pick": Stage(Decider.WHITE, Action.PICK, ""),
        },
        OpeningRule.SOOSORV8: {
            "1": _place(Decider.FIRST, _B, "2", 1),
            "2": _place(Decider.FIRST, _W, "3", 3),
            "3": _place(Decider.FIRST, _B, "swap 3", 5),
            "swap 3": _choose(Decider.WHITE, swap="4", stay="4"),
            "4": _place(Decider.WHITE, _W, "declare", None),
            "declare": Stage(Decider.WHITE, Action.DECLARE, "swap 4", count=8),
            "swap 4": _choose(Decider.BLACK, swap="offer", stay="offer"),
            "offer": Stage(Decider.BLACK, Action.OFFER, "pick", _B),
            "pick": Stage(Decider.WHITE, Action.PICK, ""),
        },
    }
)


# -- moves: what a player does at a step -----------------------------------------


@dataclass(frozen=True)
class OpeningMove:
    """One answer to a step: place or offer or pick a point, choose an option, or declare a number."""

    action: Action
    point: Point | None = None
    option: Option | None = None
    number: int = 0

    def text(self, size: int) -> str:
        """The move as text (``place h8``, ``swap``, ``declare 5``, ``offer j9``, ``pick j9``)."""
        if self.option is not None:
            return self.option.value
        if self.action is Action.DECLARE:
            return f"declare {self.number}"
        assert self.point is not None
        return f"{self.action.value} {to_notation(self.point, size)}"

    def describe(self, size: int) -> str:
        """The move in words, for people: ``place h8``, ``swap colours``, ``place two more``, ``declare 5``.

        :meth:`text` is the move as records and the network write it (``place-two``); this is what a
        screen says.
        """
        if self.option is not None:
            return _(OPTION_TEXT[self.option])
        if self.action is Action.DECLARE:
            return _("declare {number}").format(number=self.number)
        assert self.point is not None
        point = to_notation(self.point, size)
        if self.action is Action.OFFER:
            return _("offer {point}").format(point=point)
        if self.action is Action.PICK:
            return _("pick {point}").format(point=point)
        return _("place {point}").format(point=point)


def place(point: Point | tuple[int, int]) -> OpeningMove:
    """Place a stone at ``point``."""
    return OpeningMove(Action.PLACE, point=Point(*point))


def choose(option: Option) -> OpeningMove:
    """Choose ``option``."""
    return OpeningMove(Action.CHOOSE, option=option)


def declare(number: int) -> OpeningMove:
    """Declare how many 5th moves black must offer."""
    return OpeningMove(Action.DECLARE, number=number)


def offer(point: Point | tuple[int, int]) -> OpeningMove:
    """Offer ``point`` as a 5th move."""
    return OpeningMove(Action.OFFER, point=Point(*point))


def pick(point: Point | tuple[int, int]) -> OpeningMove:
    """Pick the offered 5th move at ``point``."""
    return OpeningMove(Action.PICK, point=Point(*point))


def parse_move(text: str, size: int) -> OpeningMove:
    """An opening move from its text (:meth:`OpeningMove.text`); raises :class:`OpeningError`."""
    word, _space, rest = text.strip().lower().partition(" ")
    rest = rest.strip()
    for option in Option:
        if word == option.value and not rest:
            return choose(option)
    makers: dict[str, Callable[[Point], OpeningMove]] = {"place": place, "offer": offer, "pick": pick}
    try:
        if word in makers and rest:
            return makers[word](parse_point(rest, size))
        if word == "declare" and rest.isdigit():
            return declare(int(rest))
    except ValueError as error:
        raise OpeningError(str(error)) from None
    names = ", ".join(option.value for option in Option)
    raise OpeningError(
        _("{text} is not an opening step: write place h8, {names}, declare 5, offer h9 or pick h9").format(
            text=repr(text.strip()), names=names
        )
    )


# -- symmetry of the position and of offers --------------------------------------


def board_symmetries(size: int) -> list[Callable[[Point], Point]]:
    """The eight rotations and reflections of a ``size`` board about its centre (identity first)."""
    last = size - 1
    return [
        lambda p: Point(p.x, p.y),
        lambda p: Point(last - p.y, p.x),
        lambda p: Point(last - p.x, last - p.y),
        lambda p: Point(p.y, last - p.x),
        lambda p: Point(last - p.x, p.y),
        lambda p: Point(p.x, last - p.y),
        lambda p: Point(p.y, p.x),
        lambda p: Point(last - p.y, last - p.x),
    ]


def position_symmetries(board: Board) -> list[Callable[[Point], Point]]:
    """The board's rotations and reflections that leave every stone where it is, colours kept.

    Only symmetries of the real board count: a position symmetrical about a
    line away from the board's centre is not symmetrical here, because the
    edge is not.  The identity is always among them.
    """
    stones = {point: board[point] for point in _stones(board)}
    return [sym for sym in board_symmetries(board.size) if all(stones.get(sym(p)) is s for p, s in stones.items())]


def mirrored_offer(board: Board, offers: Iterable[Point], candidate: Point) -> Point | None:
    """The offer that ``candidate`` mirrors on ``board`` (a symmetry maps one onto the other), or ``None``."""
    images = {sym(candidate) for sym in position_symmetries(board)}
    for earlier in offers:
        if earlier in images:
            return earlier
    return None


def _stones(board: Board) -> list[Point]:
    size, cells = board.size, board.cells
    return [Point(cell % size, cell // size) for cell, value in enumerate(cells) if value]


# -- the 26 canonical renju openings ---------------------------------------------


class OpeningKind(enum.Enum):
    """Where white's 2nd stone is beside the first: straight (direct) or diagonally (indirect)."""

    DIRECT = "direct"
    INDIRECT = "indirect"


@dataclass(frozen=True)
class CanonicalOpening:
    """One of the 26 canonical renju openings: its traditional name and number, and its three stones.

    ``stones`` are offsets from the first stone (x to the right, y down),
    black, white, black, drawn as the traditional diagrams draw them: white
    straight above black (direct) or above and to the right (indirect).
    ``docs/openings.md`` says where the names and numbers are from.
    """

    #: the name as renju players write it in English (Japanese, in Latin letters): records and logs keep it
    name: str
    kind: OpeningKind
    #: the traditional number, 1 to 13 within its kind
    number: int
    stones: tuple[tuple[int, int], ...]

    @property
    def code(self) -> str:
        """The traditional short form: ``D4`` (direct 4), ``I7`` (indirect 7); never translated."""
        return ("D" if self.kind is OpeningKind.DIRECT else "I") + str(self.number)

    @property
    def text(self) -> str:
        """The name and the code in English, as records write it: ``Kagetsu (D4)``."""
        return f"{self.name} ({self.code})"

    def said(self) -> str:
        """The name as the players of the language in use write it: Kagetsu, 花月, Кагэцу."""
        return _opening_names()[self.name]

    def titled(self) -> str:
        """The name and the code in the language in use: ``Kagetsu (D4)``, ``花月 (D4)``."""
        # i18n: an opening's name, then its traditional code (D4: the 4th direct opening; I7: the 7th indirect)
        return _("{name} ({code})").format(name=self.said(), code=self.code)


def _opening(name: str, number: int, third: tuple[int, int]) -> CanonicalOpening:
    kind = OpeningKind.DIRECT if number <= 13 else OpeningKind.INDIRECT
    white = (0, -1) if kind is OpeningKind.DIRECT else (1, -1)
    return CanonicalOpening(name, kind, number if number <= 13 else number - 13, ((0, 0), white, third))


#: The 26 canonical renju openings (Soosõrv-8's first three stones), D1 to D13 then I1 to I13, each with its
#: black 3rd stone as an offset from the first (x right, y down; white above black, or above and to its
#: right).  On 15x15 with black at h8: direct, white h9 and black h10, i10, j10, i9, j9, i8, j8, h7, i7, j7,
#: h6, i6, j6; indirect, white i9 and black j10, j9, j8, j7, j6, i8, i7, i6, h7, h6, g7, g6, f6.  This is
#: their one home: ``benchmarks/strength.py --openings renju26`` reads them from here.
CANONICAL_OPENINGS: tuple[CanonicalOpening, ...] = tuple(
    _opening(name, number, third)
    for number, (name, third) in enumerate(
        [
            ("Kansei", (0, -2)),
            ("Keigetsu", (1, -2)),
            ("Sosei", (2, -2)),
            ("Kagetsu", (1, -1)),
            ("Zangetsu", (2, -1)),
            ("Ugetsu", (1, 0)),
            ("Kinsei", (2, 0)),
            ("Shogetsu", (0, 1)),
            ("Kyugetsu", (1, 1)),
            ("Shingetsu", (2, 1)),
            ("Zuisei", (0, 2)),
            ("Sangetsu", (1, 2)),
            ("Yusei", (2, 2)),
            ("Chosei", (2, -2)),
            ("Kyogetsu", (2, -1)),
            ("Kosei", (2, 0)),
            ("Suigetsu", (2, 1)),
            ("Ryusei", (2, 2)),
            ("Ungetsu", (1, 0)),
            ("Hogetsu", (1, 1)),
            ("Rangetsu", (1, 2)),
            ("Gingetsu", (0, 1)),
            ("Myojo", (0, 2)),
            ("Shagetsu", (-1, 1)),
            ("Meigetsu", (-1, 2)),
            ("Suisei", (-2, 2)),
        ],
        1,
    )
)


def _opening_names() -> dict[str, str]:
    """The openings' names as players read them, by English name, in the language in use (said when asked)."""
    return {
        "Kansei": pgettext("opening name", "Kansei"),
        "Keigetsu": pgettext("opening name", "Keigetsu"),
        "Sosei": pgettext("opening name", "Sosei"),
        "Kagetsu": pgettext("opening name", "Kagetsu"),
        "Zangetsu": pgettext("opening name", "Zangetsu"),
        "Ugetsu": pgettext("opening name", "Ugetsu"),
        "Kinsei": pgettext("opening name", "Kinsei"),
        "Shogetsu": pgettext("opening name", "Shogetsu"),
        "Kyugetsu": pgettext("opening name", "Kyugetsu"),
        "Shingetsu": pgettext("opening name", "Shingetsu"),
        "Zuisei": pgettext("opening name", "Zuisei"),
        "Sangetsu": pgettext("opening name", "Sangetsu"),
        "Yusei": pgettext("opening name", "Yusei"),
        "Chosei": pgettext("opening name", "Chosei"),
        "Kyogetsu": pgettext("opening name", "Kyogetsu"),
        "Kosei": pgettext("opening name", "Kosei"),
        "Suigetsu": pgettext("opening name", "Suigetsu"),
        "Ryusei": pgettext("opening name", "Ryusei"),
        "Ungetsu": pgettext("opening name", "Ungetsu"),
        "Hogetsu": pgettext("opening name", "Hogetsu"),
        "Rangetsu": pgettext("opening name", "Rangetsu"),
        "Gingetsu": pgettext("opening name", "Gingetsu"),
        "Myojo": pgettext("opening name", "Myojo"),
        "Shagetsu": pgettext("opening name", "Shagetsu"),
        "Meigetsu": pgettext("opening name", "Meigetsu"),
        "Suisei": pgettext("opening name", "Suisei"),
    }


def canonical_openings(size: int) -> list[list[Point]]:
    """The 26 canonical openings on a ``size`` board, black first, the first stone at the centre (D1 to I13)."""
    centre = size // 2
    return [[Point(centre + dx, centre + dy) for dx, dy in opening.stones] for opening in CANONICAL_OPENINGS]


def named_opening(stones: Sequence[Point | tuple[int, int]]) -> CanonicalOpening | None:
    """Which of the 26 openings three stones (black, white, black, in the order played) are, whatever their
    rotation or reflection, or ``None``.

    The shape is what counts, not where it stands: the stones are read
    from the first one, so a freestyle or Swap2 game begun away from the
    centre is named too, as Chinese players name them.
    """
    if len(stones) != 3:
        return None
    first = stones[0]
    # The shape moved to the centre of the largest board, where all eight symmetries keep it on the board.
    centre = MAX_SIZE // 2
    moved = [Point(centre + x - first[0], centre + y - first[1]) for x, y in stones]
    for opening in CANONICAL_OPENINGS:
        points = [Point(centre + dx, centre + dy) for dx, dy in opening.stones]
        if any([symmetry(point) for point in points] == moved for symmetry in board_symmetries(MAX_SIZE)):
            return opening
    return None


def opening_of(board: Board) -> CanonicalOpening | None:
    """The named opening of the game on ``board``: its first three moves (black, white, black), once played."""
    if board.setup or len(board.moves) < 3 or board.mover(0) is not Stone.BLACK:
        return None
    return named_opening(board.moves[:3])


def opening_said(board: Board, rule: OpeningRule = OpeningRule.NONE) -> str:
    """The game's opening as a screen names it: ``Kagetsu (D4)`` in the language in use, once three stones
    are played; ``""`` before, or when they are none of the 26.

    ``rule`` is the opening rule the game is played under: under one whose
    three stones are a proposal (:data:`PROPOSED_OPENINGS`: Swap1, Swap2),
    players call them by their stones when they have no name:
    ``h8 h9 j10, unnamed``.
    """
    opening = opening_of(board)
    if opening is not None:
        return opening.titled()
    if rule not in PROPOSED_OPENINGS or board.setup or len(board.moves) < 3:
        return ""
    stones = " ".join(board.notation(point) for point in board.moves[:3])
    # i18n: three opening stones that are none of the 26 named openings: "h8 h9 j10, unnamed"
    return _("{stones}, unnamed").format(stones=stones)


# -- the state machine ------------------------------------------------------------

#: The ordinal numbers English writes apart; every other is "{number}th" (opening stones count to 5).
_ORDINALS = {
    # i18n: an ordinal number, as in "place the 1st stone"
    1: N_("1st"),
    # i18n: an ordinal number, as in "place the 2nd stone"
    2: N_("2nd"),
    # i18n: an ordinal number, as in "place the 3rd stone"
    3: N_("3rd"),
}


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., in the language in use."""
    if number in _ORDINALS:
        return _(_ORDINALS[number])
    # i18n: an ordinal number, as in "place the 4th stone"
    return _("{number}th").format(number=number)


@dataclass(frozen=True)
class OpeningStep:
    """What the opening waits for now: who decides (seat and colour), what, and where (for a screen)."""

    stage: str
    seat: Seat
    colour: Stone
    action: Action
    stone: Stone | None
    area: Area
    options: tuple[Option, ...]
    #: how many 5th moves to offer (OFFER), or the largest number to declare (DECLARE)
    count: int
    #: the step in words, who first: "White (player 2): swap to black or stay white"
    prompt: str
    #: the step in a few words, for a narrow line: "white: swap / keep"
    short: str = ""


@dataclass(frozen=True)
class Event:
    """One step as it happened: who and what (for records and move lists).

    ``implied`` marks a "keep colours" that a point chosen at a swap step
    meant (:meth:`OpeningState.point_move`): one action of the player's, with
    the placement or offer after it.
    """

    seat: Seat
    move: OpeningMove
    implied: bool = False


@dataclass(frozen=True)
class OpeningState:
    """Where an opening stands: the rule, the stage, who holds black, what was offered, what happened.

    A value: :meth:`apply` returns the next state (and plays stones on the
    board it is given).  ``black`` is the seat that holds black now; when
    :attr:`done`, it is the seat that plays black for the rest of the game.
    """

    rule: OpeningRule
    stage: str = "1"
    black: Seat = Seat.FIRST
    declared: int = 0
    offers: tuple[Point, ...] = ()
    events: tuple[Event, ...] = field(default=())

    @classmethod
    def start(cls, rule: OpeningRule) -> OpeningState:
        """The state before the first stone of ``rule`` (already done for :attr:`OpeningRule.NONE`)."""
        return cls(rule, stage="1" if RULES[rule] else "")

    @property
    def done(self) -> bool:
        """Whether the opening is over and the game goes on as usual (white to move, or black after a pick)."""
        return not self.stage

    def seat_of(self, colour: Stone) -> Seat:
        """The seat holding ``colour`` now."""
        return self.black if colour is Stone.BLACK else self.black.other

    def colour_of(self, seat: Seat) -> Stone:
        """The colour ``seat`` holds now (tentatively, until the opening is done)."""
        return Stone.BLACK if seat is self.black else Stone.WHITE

    def actor(self, board: Board) -> Seat:
        """The seat that acts now on ``board``: the opening step's, else the one holding the colour to move.

        The one rule for clocks in an opening, read by the core game
        (:class:`gomoku.game.Game`) that the local game and the network host
        play through: the clock starts with the first opening step (untimed),
        then it is the actor's time that runs, and each step presses it as a move does
        (:meth:`gomoku.clock.Clock.press`; docs/openings.md says how an
        increment applies).
        """
        step = self.step
        return step.seat if step is not None else self.seat_of(board.turn)

    def history(self, size: int, name: Callable[[Seat], str]) -> tuple[str, ...]:
        """The opening as it happened, one line a step: who (``name`` of its seat) and what.

        Stones, swaps, declared numbers, each offered 5th move and the pick, in
        words (:meth:`OpeningMove.describe`): ``player 1: place h8``, ``you:
        swap colours``, ``computer: declare 4``.  The
        move lists of the local and the network game show these lines.
        """
        # i18n: a line of the opening's history: who, then the step ("player 1: place h8")
        line = _("{player}: {step}")
        return tuple(line.format(player=name(event.seat), step=event.move.describe(size)) for event in self.events)

    @property
    def stones(self) -> int:
        """How many of the board's stones the opening placed (its placed stones and the picked 5th move)."""
        return sum(1 for event in self.events if event.move.action in (Action.PLACE, Action.PICK))

    @property
    def swaps(self) -> tuple[Event, ...]:
        """The swaps that happened, in order."""
        return tuple(event for event in self.events if event.move.option is Option.SWAP)

    def _seat(self, role: Decider) -> Seat:
        if role is Decider.FIRST:
            return Seat.FIRST
        if role is Decider.SECOND:
            return Seat.SECOND
        return self.seat_of(Stone.BLACK if role is Decider.BLACK else Stone.WHITE)

    @property
    def step(self) -> OpeningStep | None:
        """The step the opening waits for, or ``None`` when it is done."""
        if self.done:
            return None
        stage = RULES[self.rule][self.stage]
        seat = self._seat(stage.role)
        count = (stage.count or self.declared) if stage.action is Action.OFFER else stage.count
        return OpeningStep(
            stage=self.stage,
            seat=seat,
            colour=self.colour_of(seat),
            action=stage.action,
            stone=stage.stone,
            area=stage.area,
            options=stage.options,
            count=count,
            prompt=self._prompt(stage, seat, count),
            short=self._short(stage, seat, count),
        )

    def _prompt(self, stage: Stage, seat: Seat, count: int) -> str:
        """The step's prompt: who (colour and seat), then what to do (:meth:`_asked`)."""
        asked = self._asked(stage, seat, count)
        if self.colour_of(seat) is Stone.BLACK:
            return _("Black ({player}): {step}").format(player=seat.short, step=asked)
        return _("White ({player}): {step}").format(player=seat.short, step=asked)

    def _asked(self, stage: Stage, seat: Seat, count: int) -> str:
        """What the step asks, in words, without who: "place the 4th stone anywhere", "swap to black or stay white"."""
        stones = sum(1 for e in self.events if e.move.action in (Action.PLACE, Action.PICK))
        if stage.action is Action.PLACE:
            assert stage.stone is not None
            shown = stage.stone if stage.stone is not self.colour_of(seat) else None
            return _place_asked(ordinal(stones + 1), shown, stage.area)
        if stage.action is Action.CHOOSE:
            colour = self.colour_of(seat)
            then = self._after_stay(seat)
            if then is not None:
                stayed, following = then
                asked = stayed._asked(RULES[self.rule][stayed.stage], seat, following.count)
                others = tuple(option for option in stage.options if option is not Option.STAY)
                if others == (Option.SWAP,):
                    if colour is Stone.BLACK:
                        return _("swap to white, or {step}").format(step=asked)
                    return _("swap to black, or {step}").format(step=asked)
                return _or_list([*(self._option_text(option, seat) for option in others), asked])
            return _choice(stage.options, colour) or _or_list([self._option_text(o, seat) for o in stage.options])
        if stage.action is Action.DECLARE:
            return _("declare how many 5th moves black must offer, 1 to {count}").format(count=count)
        if stage.action is Action.OFFER:
            return _("offer 5th move {number} of {count} (no two symmetrical)").format(
                number=len(self.offers) + 1, count=count
            )
        return _("pick one of the offered 5th moves")

    def _short(self, stage: Stage, seat: Seat, count: int) -> str:
        """The step in a few words, for a narrow status line: "white: place the 4th stone", "black: swap / keep"."""
        asked = self._short_asked(stage, seat, count)
        if self.colour_of(seat) is Stone.BLACK:
            return _("black: {step}").format(step=asked)
        return _("white: {step}").format(step=asked)

    def _short_asked(self, stage: Stage, seat: Seat, count: int) -> str:
        if stage.action is Action.PLACE:
            stones = sum(1 for e in self.events if e.move.action in (Action.PLACE, Action.PICK))
            return _("place the {ordinal} stone").format(ordinal=ordinal(stones + 1))
        if stage.action is Action.CHOOSE:
            then = self._after_stay(seat)
            if then is not None:
                stayed, following = then
                others = [_(OPTION_SHORT[option]) for option in stage.options if option is not Option.STAY]
                placing = stayed._short_asked(RULES[self.rule][stayed.stage], seat, following.count)
                return " / ".join([*others, placing])
            return " / ".join(_(OPTION_SHORT[option]) for option in stage.options)
        if stage.action is Action.DECLARE:
            return _("declare 1 to {count}").format(count=count)
        if stage.action is Action.OFFER:
            return _("offer 5th {number}/{count}").format(number=len(self.offers) + 1, count=count)
        return _("pick a 5th move")

    def _after_stay(self, seat: Seat) -> tuple[OpeningState, OpeningStep] | None:
        """At a swap step: the state "keep colours" leads to and its step, when that step is the same
        seat's and takes a point (a placement or an offer): choosing a point there means keeping the colours."""
        stage = RULES[self.rule][self.stage]
        if not isinstance(stage.then, Mapping) or Option.STAY not in stage.then:
            return None
        stayed = replace(self, stage=stage.then[Option.STAY])
        following = stayed.step if stayed.stage else None
        if following is None or following.seat is not seat or following.action not in (Action.PLACE, Action.OFFER):
            return None
        return stayed, following

    def point_step(self) -> tuple[OpeningState, OpeningStep] | None:
        """The step a point chosen now is taken at, with the state it is taken in, or ``None`` (no point now).

        A placing or offering step itself; at a swap step whose "keep colours"
        leads to the same player placing or offering, that step after keeping
        (:meth:`point_move`).  What a reader of placements reads for (the
        balanced placements a player may ask for, :mod:`gomoku.ai.opening`).
        """
        step = self.step
        if step is None:
            return None
        if step.action in (Action.PLACE, Action.OFFER):
            return self, step
        return self._after_stay(step.seat) if step.action is Action.CHOOSE else None

    def point_move(self, point: Point | tuple[int, int]) -> OpeningMove:
        """What a point chosen now means: place, offer or pick it as the step asks.

        At a swap step whose "keep colours" leads to the same player placing
        or offering, the point is that placement or offer (keeping the
        colours): under Soosõrv-8, black who keeps the colours and points at
        a 5th move offers it.  At a step that takes no point (a choice with no
        such follow-up, a number to declare), the point is a placement, which
        :meth:`apply` refuses with what to do instead.
        """
        step = self.step
        if step is None:
            return place(point)
        if step.action in (Action.PLACE, Action.OFFER, Action.PICK):
            return OpeningMove(step.action, point=Point(*point))
        following = self._after_stay(step.seat) if step.action is Action.CHOOSE else None
        if following is not None:
            return OpeningMove(following[1].action, point=Point(*point))
        return place(point)

    @property
    def area(self) -> Area | None:
        """Where a stone may go now (to mark on a screen): the step's area, or at a swap step the
        area of the stone that staying leads to; ``None`` when no stone is placed or offered now."""
        step = self.step
        if step is None:
            return None
        if step.action in (Action.PLACE, Action.OFFER):
            return step.area
        following = self._after_stay(step.seat) if step.action is Action.CHOOSE else None
        return following[1].area if following is not None else None

    def _option_text(self, option: Option, seat: Seat) -> str:
        if option in (Option.SWAP, Option.STAY):
            return _swap_text(option, self.colour_of(seat))
        return _(OPTION_TEXT[option])

    # -- taking a step ---------------------------------------------------------

    def apply(self, board: Board, move: OpeningMove, seat: Seat | None = None) -> OpeningState:
        """The state after ``move`` (by ``seat``, if the caller knows who sent it); plays stones on ``board``.

        Raises :class:`OpeningError` (the board and this state unchanged) if
        the move is not the step's: a stone outside the area, the wrong
        action, a symmetrical offer, the wrong player.  At a swap step whose
        "stay" leads to the same player placing or offering, a point (placed
        or offered) means keeping the colours and is that placement or offer
        (:meth:`point_move`).
        """
        step = self.step
        if step is None:
            raise OpeningError(_("the opening is over: play on as usual"))
        if seat is not None and seat is not step.seat:
            if step.seat is Seat.FIRST:
                raise OpeningError(_("it is the first player's turn in the opening: wait for them"))
            raise OpeningError(_("it is the second player's turn in the opening: wait for them"))
        after_stay = self._after_stay(step.seat) if step.action is Action.CHOOSE else None
        if after_stay is not None and move.point is not None and move.action in (Action.PLACE, Action.OFFER):
            move = OpeningMove(after_stay[1].action, point=move.point)  # a point here keeps the colours
        if _implies_stay(step, move):
            stayed = self._choose(Option.STAY, step)
            following = stayed.step
            if following is not None and following.seat is step.seat:
                same = following.action is not Action.CHOOSE and move.action is following.action
                if same or move.option in following.options:
                    implied = replace(stayed.events[-1], implied=True)
                    return replace(stayed, events=(*stayed.events[:-1], implied)).apply(board, move, seat)
        if move.action is not step.action:
            raise OpeningError(_refused(_wrong_action(move, board.size), step))
        if step.action is Action.PLACE:
            return self._place(board, move, step)
        if step.action is Action.CHOOSE:
            assert move.option is not None
            return self._choose(move.option, step)
        if step.action is Action.DECLARE:
            if not 1 <= move.number <= step.count:
                raise OpeningError(
                    _("{number} is not 1 to {count}: declare a number from 1 to {count}").format(
                        number=move.number, count=step.count
                    )
                )
            return self._next(step, move, declared=move.number)
        if step.action is Action.OFFER:
            return self._offer(board, move, step)
        return self._pick(board, move, step)

    def _next(
        self, step: OpeningStep, move: OpeningMove, option: Option | None = None, **changes: object
    ) -> OpeningState:
        stage = RULES[self.rule][self.stage]
        following = stage.then[option] if isinstance(stage.then, Mapping) and option else stage.then
        assert isinstance(following, str)
        event = Event(step.seat, move)
        return replace(self, stage=following, events=self.events + (event,), **changes)  # type: ignore[arg-type]

    def _choose(self, option: Option, step: OpeningStep) -> OpeningState:
        if option not in step.options:
            raise OpeningError(
                _("{option} is not an answer here: {instead}").format(
                    option=_(OPTION_TEXT[option]), instead=_what_to_do(step)
                )
            )
        black = self.black.other if option is Option.SWAP else self.black
        return self._next(step, choose(option), option, black=black)

    def _place(self, board: Board, move: OpeningMove, step: OpeningStep) -> OpeningState:
        assert move.point is not None and step.stone is not None
        name = _name(move.point, board.size)
        number = board.stone_count + 1
        if not step.area.contains(move.point, board.size):
            if step.area.side == 1:
                outside = _("{point} is outside the centre point: place the {ordinal} stone inside it")
            else:
                outside = _("{point} is outside the central {size}x{size} square: place the {ordinal} stone inside it")
            raise OpeningError(outside.format(point=name, size=step.area.side, ordinal=ordinal(number)))
        if board.turn is not step.stone:
            if board.turn is Stone.BLACK:
                raise OpeningError(_("the board has black to move, but this step places white"))
            raise OpeningError(_("the board has white to move, but this step places black"))
        _play(board, move.point)
        return self._next(step, move)

    def _offer(self, board: Board, move: OpeningMove, step: OpeningStep) -> OpeningState:
        assert move.point is not None
        name = _name(move.point, board.size)
        if move.point in self.offers:
            raise OpeningError(_("{point} is offered already: offer another point").format(point=name))
        try:
            board.check_move(move.point)
        except IllegalMoveError as error:
            raise OpeningError(
                _("{point} cannot be a 5th move ({reason}): offer another point").format(
                    point=name, reason=_why_not(name, error)
                )
            ) from None
        mirror = mirrored_offer(board, self.offers, move.point)
        if mirror is not None:
            raise OpeningError(
                _(
                    "{point} is symmetrical to the offer {offer}: offer a point no rotation "
                    "or reflection of the position maps onto another offer"
                ).format(point=name, offer=_name(mirror, board.size))
            )
        offers = self.offers + (move.point,)
        if len(offers) < step.count:
            event = Event(step.seat, move)
            return replace(self, offers=offers, events=self.events + (event,))
        return self._next(step, move, offers=offers)

    def _pick(self, board: Board, move: OpeningMove, step: OpeningStep) -> OpeningState:
        assert move.point is not None
        if move.point not in self.offers:
            offered = " ".join(_name(p, board.size) for p in self.offers)
            raise OpeningError(
                _("{point} was not offered: pick one of {offers}").format(
                    point=_name(move.point, board.size), offers=offered
                )
            )
        _play(board, move.point)
        return self._next(step, move)

    def transcript(self, size: int) -> list[str]:
        """Every step so far as text, in order (what a record keeps to replay the opening)."""
        return [event.move.text(size) for event in self.events]


def _why_not(name: str, error: IllegalMoveError) -> str:
    """Why a point cannot be played, in a few words, from the error's type (never from its text)."""
    if isinstance(error, ForbiddenMoveError):
        return forbidden(name, error.foul)
    if isinstance(error, OccupiedError):
        return _("{point} is taken").format(point=name)
    if isinstance(error, OffBoardError):
        return _("{point} is off the board").format(point=name)
    return _("the game is over")


def _play(board: Board, point: Point) -> None:
    try:
        board.play(point)
    except IllegalMoveError as error:
        raise OpeningError(str(error)) from None


def _name(point: Point, size: int) -> str:
    try:
        return to_notation(point, size)
    except ValueError:
        return f"{tuple(point)}"


def _implies_stay(step: OpeningStep, move: OpeningMove) -> bool:
    """Whether ``move`` at a swap step can only mean "stay, then this" (placing a stone, the next choice)."""
    return Option.STAY in step.options and move.option not in step.options


#: How a stone to place is asked for, per where it goes and the colour named (when it is not the player's):
#: whole sentences with the ordinal ("4th") and the square's size filled in.
_PLACE_ASKED = {
    ("anywhere", None): N_("place the {ordinal} stone anywhere"),
    ("anywhere", Stone.BLACK): N_("place the {ordinal} stone (black) anywhere"),
    ("anywhere", Stone.WHITE): N_("place the {ordinal} stone (white) anywhere"),
    ("centre", None): N_("place the {ordinal} stone at the centre"),
    ("centre", Stone.BLACK): N_("place the {ordinal} stone (black) at the centre"),
    ("centre", Stone.WHITE): N_("place the {ordinal} stone (white) at the centre"),
    ("square", None): N_("place the {ordinal} stone inside the {size}x{size} square"),
    ("square", Stone.BLACK): N_("place the {ordinal} stone (black) inside the {size}x{size} square"),
    ("square", Stone.WHITE): N_("place the {ordinal} stone (white) inside the {size}x{size} square"),
}

#: What to do at a placing step, per colour and where it goes.
_PLACE_TODO = {
    ("anywhere", Stone.BLACK): N_("place a black stone anywhere"),
    ("anywhere", Stone.WHITE): N_("place a white stone anywhere"),
    ("centre", Stone.BLACK): N_("place a black stone at the centre point"),
    ("centre", Stone.WHITE): N_("place a white stone at the centre point"),
    ("square", Stone.BLACK): N_("place a black stone inside the central {size}x{size} square"),
    ("square", Stone.WHITE): N_("place a white stone inside the central {size}x{size} square"),
}


def _where_kind(area: Area) -> str:
    """Which of the sentences an area takes: ``anywhere``, ``centre`` or ``square``."""
    if area.side is None:
        return "anywhere"
    return "centre" if area.side == 1 else "square"


def _place_asked(number: str, shown: Stone | None, area: Area) -> str:
    """A placing step, as a prompt asks it: "place the 4th stone anywhere", "place the 2nd stone (white) at the
    centre", "place the 3rd stone inside the 3x3 square" (``shown``: the colour, when it is not the player's)."""
    return _(_PLACE_ASKED[_where_kind(area), shown]).format(ordinal=number, size=area.side)


def _swap_text(option: Option, colour: Stone) -> str:
    """A swap step's answer for the player holding ``colour``: "stay white", "swap to black"."""
    if option is Option.STAY:
        return _("stay black") if colour is Stone.BLACK else _("stay white")
    return _("swap to white") if colour is Stone.BLACK else _("swap to black")


def _choice(options: tuple[Option, ...], colour: Stone) -> str:
    """A choice the opening rules put, as one sentence, for the player holding ``colour``; ``""`` for another."""
    black = colour is Stone.BLACK
    if options == (Option.SWAP, Option.STAY):
        return _("swap to white or stay black") if black else _("swap to black or stay white")
    if options == (Option.SWAP, Option.STAY, Option.PLACE_TWO):
        return (
            _("swap to white, stay black or place two more")
            if black
            else _("swap to black, stay white or place two more")
        )
    if options == (Option.FIFTH_IN_SQUARE, Option.OFFER_TEN):
        return _("play the 5th inside 9x9 or offer ten 5th moves")
    return ""


def _or_list(texts: list[str]) -> str:
    """Answers offered as one: "a or b", "a, b or c" (for a choice no sentence of :func:`_choice` says)."""
    if len(texts) == 1:
        return texts[0]
    head = texts[0]
    for text in texts[1:-1]:
        # i18n: joins the answers of a list before its last: "swap to black, place two more"
        head = _("{first}, {next}").format(first=head, next=text)
    # i18n: joins the last answer of a list: "swap to black or stay white"
    return _("{first} or {last}").format(first=head, last=texts[-1])


def _wrong_action(move: OpeningMove, size: int) -> str:
    if move.option is not None:
        return _("{option} is not an answer now").format(option=_(OPTION_TEXT[move.option]))
    if move.action is Action.DECLARE:
        return _("this is no time to declare a number")
    if move.point is not None:
        point = _name(move.point, size)
        if move.action is Action.OFFER:
            return _("offer {point} is not this step").format(point=point)
        if move.action is Action.PICK:
            return _("pick {point} is not this step").format(point=point)
        return _("place {point} is not this step").format(point=point)
    return _("{action} is not this step").format(action=move.action.value)


def _refused(wrong: str, step: OpeningStep) -> str:
    """A step refused: what was wrong, then what to do instead."""
    # i18n: a refused opening step: what was wrong ("place h8 is not this step"), then what to do instead
    return _("{wrong}: {instead}").format(wrong=wrong, instead=_what_to_do(step))


def _what_to_do(step: OpeningStep) -> str:
    if step.action is Action.CHOOSE:
        if step.options == (Option.SWAP, Option.STAY):
            return _("choose to swap colours or keep colours")
        if step.options == (Option.SWAP, Option.STAY, Option.PLACE_TWO):
            return _("choose to swap colours, keep colours or place two more")
        if step.options == (Option.FIFTH_IN_SQUARE, Option.OFFER_TEN):
            return _("choose to play the 5th inside 9x9 or offer ten 5th moves")
        return _("choose to {answers}").format(answers=_or_list([_(OPTION_TEXT[option]) for option in step.options]))
    if step.action is Action.PLACE:
        assert step.stone is not None
        return _(_PLACE_TODO[_where_kind(step.area), step.stone]).format(size=step.area.side)
    if step.action is Action.DECLARE:
        return _("declare a number from 1 to {count}").format(count=step.count)
    if step.action is Action.OFFER:
        return _("offer a 5th move")
    return _("pick one of the offered 5th moves")


def swap_owner(state: OpeningState) -> Seat | None:
    """The seat that decides the opening's next swap (``None``: no swap is left).

    Read from the rule's table, from the current stage on, along each
    stage's first answer: a screen names this player as the swap's owner.
    """
    stages, stage, seen = RULES[state.rule], state.stage, set()
    while stage and stage not in seen:
        seen.add(stage)
        row = stages[stage]
        if Option.SWAP in row.options:
            return state._seat(row.role)
        stage = row.then if isinstance(row.then, str) else next(iter(row.then.values()))
    return None


def replay(rule: OpeningRule, board: Board, steps: Iterable[str]) -> OpeningState:
    """The opening state after the steps written ``steps`` (a record's transcript), played on ``board``.

    Raises :class:`OpeningError` naming the first step that does not fit.
    """
    state = OpeningState.start(rule)
    for number, text in enumerate(steps, 1):
        try:
            state = state.apply(board, parse_move(text, board.size))
        except OpeningError as error:
            raise OpeningError(
                _("opening step {number} ({step}): {error}").format(number=number, step=repr(text), error=error)
            ) from None
    return state


__all__ = [
    "ANYWHERE",
    "CANONICAL_OPENINGS",
    "PROPOSED_OPENINGS",
    "RULES",
    "Action",
    "Area",
    "CanonicalOpening",
    "Decider",
    "Event",
    "OpeningError",
    "OpeningKind",
    "OpeningMove",
    "OpeningRule",
    "OpeningState",
    "OpeningStep",
    "Option",
    "Seat",
    "Stage",
    "board_symmetries",
    "canonical_openings",
    "choose",
    "declare",
    "mirrored_offer",
    "named_opening",
    "offer",
    "opening_of",
    "opening_said",
    "parse_move",
    "pick",
    "place",
    "position_symmetries",
    "replay",
    "swap_owner",
]
