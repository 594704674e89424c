"""One table of game cases, front-end neutral: each opening rule and clock kind, step by step, with what must follow.

A case is a game's settings and a list of :class:`Act` rows: a seat (``1``
the first player, ``2`` the second), what it does (the text below), the
moment (seconds), and what must hold after it.  The same table runs through
the core :class:`gomoku.game.Game` (``tests/test_game_cases.py``), through the
local screen's update path (``tests/tui/test_game_cases.py``), and is meant
for the network session too: a front end that cannot express a row (a seat
acting out of turn on one shared screen) skips it, and says so.

What an act does, as text:

- ``play h8``: a point (during the opening, the point the step takes: a
  placement, an offer, a pick, or at a swap step keeping the colours);
- ``swap``, ``stay``, ``place-two``, ``fifth-in-square``, ``offer-ten``,
  ``declare 3``: an opening step (:func:`gomoku.openings.parse_move`);
- ``undo``, ``redo``, ``pause``, ``resume``, ``tick`` (time passes),
  ``resign``, ``draw`` (a draw agreed).

What is checked after it (``None``: not checked): ``refused`` (the
:class:`gomoku.game.Refusal` name, or ``""`` for taken), ``acting`` (the
seat awaited, ``0`` when the game is over), ``black`` (the seat holding
black), ``stones`` on the board, ``result`` (the outcome's phrase, ``""``
while the game goes on), and ``times``: the first and the second seat's time
left at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gomoku.game import Game, UndoPolicy
from gomoku.openings import OpeningRule, Seat
from gomoku.rules import Outcome, Rule, Stone

#: The table's seat numbers: ``1`` the first player, ``2`` the second.
SEATS = {1: Seat.FIRST, 2: Seat.SECOND}
NUMBERS = {seat: number for number, seat in SEATS.items()}


@dataclass(frozen=True)
class Act:
    """One row: ``seat`` does ``what`` at ``at`` seconds; then what must hold."""

    seat: int
    what: str
    at: float
    refused: str | None = ""
    acting: int | None = None
    black: int | None = None
    stones: int | None = None
    result: str | None = None
    times: tuple[float, float] | None = None


@dataclass(frozen=True)
class Case:
    """A game of these settings, played act by act."""

    name: str
    rule: Rule
    opening: OpeningRule
    clock: str
    acts: tuple[Act, ...]
    undo: UndoPolicy = UndoPolicy.ONE
    size: int = 15
    tags: frozenset[str] = field(default_factory=frozenset)


def refused(seat: int, what: str, at: float, kind: str, **expect: object) -> Act:
    """A row that must be refused with ``kind`` (a :class:`~gomoku.game.Refusal` name), changing nothing."""
    return Act(seat, what, at, refused=kind, **expect)  # type: ignore[arg-type]


def observation(
    row: Act, game: Game, refused: object, stones: int, result: Outcome | None, times: tuple[float, ...]
) -> dict[str, object]:
    """What ``row`` checks, as one front end reads it (``game`` is its game): only the fields the row gives.

    Each front end reads the refusal, the stones, the result and the times its own way; who acts and who
    holds black come from its game.
    """
    acting = game.acting_seat
    seen: dict[str, object] = {
        "refused": refused,
        "acting": NUMBERS[acting] if acting is not None else 0,
        "black": NUMBERS[game.seat_of(Stone.BLACK)],
        "stones": stones,
        "result": str(result) if result is not None else "",
        "times": times,
    }
    return {name: value for name, value in seen.items() if getattr(row, name) is not None}


CASES: tuple[Case, ...] = (
    Case(
        "fischer: the first move starts the clock, each move charges and adds the increment",
        Rule.FREESTYLE,
        OpeningRule.NONE,
        "1+2",
        (
            Act(1, "tick", 500.0, acting=1, times=(60.0, 60.0), result=""),  # no flag before the first move
            Act(1, "play h8", 500.0, acting=2, times=(60.0, 60.0)),  # the first move is not timed
            Act(2, "play h9", 510.0, acting=1, times=(60.0, 52.0)),
            refused(2, "play j9", 511.0, "NOT_YOUR_TURN", acting=1),
            refused(1, "play h8", 512.0, "ILLEGAL_MOVE", acting=1),
            Act(1, "play j9", 515.0, acting=2, times=(57.0, 52.0)),
            Act(2, "pause", 520.0, times=(57.0, 47.0)),
            Act(2, "tick", 900.0, times=(57.0, 47.0), result=""),  # paused: nothing runs
            Act(2, "play j10", 901.0, acting=1, times=(57.0, 49.0)),  # a move while paused ends the pause
            Act(1, "undo", 905.0, acting=2, stones=3, times=(57.0, 52.0)),  # both times as at the start of j10's move
            refused(2, "redo", 906.0, "NO_REDO", stones=3),
            Act(2, "tick", 960.0, acting=0, result="black wins on time", times=(57.0, 0.0)),
            Act(2, "undo", 970.0, acting=1, result="", stones=2, times=(60.0, 52.0)),  # the flag fall and j9 undone
            Act(2, "resign", 971.0, acting=0, result="black wins by resignation"),
            refused(1, "play k10", 972.0, "GAME_OVER", acting=0),
        ),
    ),
    Case(
        "no clock: undo and redo, a draw agreed",
        Rule.FREESTYLE,
        OpeningRule.NONE,
        "none",
        (
            Act(1, "play h8", 0.0, acting=2),
            Act(2, "play h9", 1.0, acting=1),
            Act(1, "undo", 2.0, acting=2, stones=1),
            Act(2, "redo", 3.0, acting=1, stones=2),
            refused(1, "redo", 4.0, "NOTHING_TO_REDO", stones=2),
            Act(1, "draw", 5.0, acting=0, result="draw by agreement"),
        ),
    ),
    Case(
        "a five ends the game and stops the clock; undo starts it again",
        Rule.FREESTYLE,
        OpeningRule.NONE,
        "30s",
        (
            Act(1, "play h8", 0.0),
            Act(2, "play a1", 1.0),
            Act(1, "play i8", 2.0),
            Act(2, "play a2", 3.0),
            Act(1, "play j8", 4.0),
            Act(2, "play a3", 5.0),
            Act(1, "play k8", 6.0),
            Act(2, "play a4", 7.0, times=(30.0, 30.0)),
            Act(1, "play l8", 20.0, acting=0, result="black wins with five in a row"),
            Act(1, "tick", 200.0, result="black wins with five in a row"),  # the clock stopped at the five
            Act(1, "undo", 201.0, acting=1, result="", stones=8, times=(30.0, 30.0)),
            Act(1, "tick", 241.0, result="white wins on time", acting=0),  # 30 s a move: black's fell
        ),
    ),
    Case(
        "byo-yomi: main time, then periods; a period that runs out is lost",
        Rule.FREESTYLE,
        OpeningRule.NONE,
        "0.5+2x10",
        (
            Act(1, "play h8", 0.0),
            Act(2, "play h9", 35.0, acting=1, times=(30.0, 10.0)),  # main time gone, a move within a period keeps it
            Act(1, "play j9", 36.0),
            Act(2, "play j10", 51.0, times=(29.0, 10.0)),  # 15 s: one period lost, the last kept
            Act(1, "play k10", 52.0, times=(28.0, 10.0)),
            Act(2, "tick", 63.0, result="black wins on time", acting=0),
        ),
    ),
    Case(
        "swap1: three stones, then the second player chooses; each keeps its own time",
        Rule.FREESTYLE,
        OpeningRule.SWAP1,
        "1+2",
        (
            Act(1, "play h8", 0.0, acting=1, times=(60.0, 60.0)),  # the first step starts the clock, untimed
            refused(2, "play h9", 1.0, "NOT_YOUR_TURN", acting=1),
            refused(1, "swap", 1.0, "OPENING", acting=1, stones=1),
            Act(1, "play h9", 5.0, acting=1, times=(57.0, 60.0)),
            Act(1, "play j9", 8.0, acting=2, times=(56.0, 60.0)),
            Act(
                2, "swap", 20.0, acting=1, black=2, times=(56.0, 50.0)
            ),  # the second player takes black: white (1) moves
            Act(1, "play k10", 30.0, acting=2, black=2, stones=4, times=(48.0, 50.0)),
            Act(2, "undo", 31.0, acting=1, black=2, stones=3, times=(56.0, 50.0)),
        ),
    ),
    Case(
        "swap2: two more stones, then the first player chooses",
        Rule.FREESTYLE,
        OpeningRule.SWAP2,
        "30s",
        (
            Act(1, "play h8", 0.0),
            Act(1, "play h9", 1.0),
            Act(1, "play j9", 2.0, acting=2),
            refused(2, "play k10", 3.0, "OPENING", acting=2, stones=3),  # a stone here needs "place two more"
            Act(2, "place-two", 4.0, acting=2),
            Act(2, "play g7", 5.0, acting=2),
            Act(2, "play j7", 6.0, acting=1, stones=5),
            refused(1, "swap", 40.0, "GAME_OVER", acting=0, result="white wins on time"),  # black's 30 s ran out
        ),
        tags=frozenset({"flag in the opening"}),
    ),
    Case(
        "taraguchi-10: areas, swaps after each stone, ten 5th moves offered, one picked",
        Rule.RENJU,
        OpeningRule.TARAGUCHI10,
        "none",
        (
            refused(1, "play h9", 0.0, "OPENING", stones=0),  # the 1st stone goes in the centre
            Act(1, "play h8", 0.0, acting=2),
            Act(2, "swap", 1.0, acting=1, black=2),  # the second player takes black; white (1) places the 2nd
            Act(1, "play h9", 2.0, acting=2),  # the first player, now white, places the 2nd stone
            Act(2, "stay", 3.0, acting=2, black=2),
            Act(2, "play j10", 4.0, acting=1),
            Act(1, "stay", 5.0, acting=1),
            refused(1, "play l8", 6.0, "OPENING", stones=3),  # the 4th goes inside 7x7
            Act(1, "play k11", 6.0, acting=2, stones=4),
            Act(2, "stay", 7.0, acting=2),
            Act(2, "offer-ten", 8.0, acting=2),
            Act(2, "play a1", 9.0),
            refused(2, "play a1", 9.5, "OPENING", stones=4),  # offered already
            Act(2, "play a2", 10.0),
            Act(2, "play a3", 11.0),
            Act(2, "play a4", 12.0),
            Act(2, "play a5", 13.0),
            Act(2, "play a6", 14.0),
            Act(2, "play a7", 15.0),
            Act(2, "play b1", 16.0),
            Act(2, "play b2", 17.0),
            Act(2, "play b3", 18.0, acting=1, stones=4),
            refused(1, "play c3", 19.0, "OPENING", stones=4),  # not offered
            Act(1, "play a3", 20.0, acting=1, stones=5),  # white picks a3 and plays the 6th
            Act(1, "play g7", 21.0, acting=2, stones=6),
            Act(2, "undo", 22.0, acting=1, stones=5),
        ),
    ),
    Case(
        "soosõrv-8: a point at the swap step keeps the colours and is the first offer",
        Rule.RENJU,
        OpeningRule.SOOSORV8,
        "1+0",
        (
            Act(1, "play h8", 0.0),
            Act(1, "play h9", 2.0),
            Act(1, "play j10", 4.0, acting=2, times=(56.0, 60.0)),
            Act(2, "stay", 10.0, acting=2, black=1, times=(56.0, 54.0)),
            Act(2, "play d4", 12.0, acting=2, stones=4),
            refused(2, "declare 9", 13.0, "OPENING", acting=2),
            Act(2, "declare 2", 14.0, acting=1, times=(56.0, 50.0)),
            Act(1, "play c13", 20.0, acting=1, black=1, stones=4, times=(50.0, 50.0)),  # kept colours: c13 offered
            refused(1, "play c13", 21.0, "OPENING", stones=4),  # offered already
            Act(1, "play m13", 22.0, acting=2, stones=4),
            refused(2, "play n13", 23.0, "OPENING", stones=4),  # not offered
            Act(2, "play m13", 25.0, acting=2, stones=5),  # picked: white plays the 6th
            Act(2, "undo", 26.0, acting=2, stones=4),  # back to the pick
            Act(2, "undo", 27.0, acting=1, stones=4),  # back to the second offer
            Act(1, "undo", 28.0, acting=1, black=1, stones=4, times=(56.0, 50.0)),  # the point and its kept colours
            Act(1, "undo", 29.0, acting=2, stones=4, times=(56.0, 52.0)),  # the declared number
        ),
    ),
    Case(
        "against the computer, undo goes back to the asking seat's turn",
        Rule.FREESTYLE,
        OpeningRule.SWAP1,
        "none",
        (
            Act(1, "play h8", 0.0),
            Act(1, "play h9", 1.0),
            Act(1, "play j9", 2.0, acting=2),
            Act(2, "stay", 3.0, acting=2, black=1),  # the second player (the computer) keeps white: white's move
            Act(2, "play k10", 4.0, acting=1, stones=4),
            Act(1, "undo", 5.0, acting=1, stones=2),  # the computer's stay and k10, and the 3rd stone
            refused(2, "undo", 6.0, "NOTHING_TO_UNDO", stones=2),
        ),
        undo=UndoPolicy.TO_SEAT,
    ),
)
