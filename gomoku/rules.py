"""Stones, rule variants and game outcomes: small value types shared by the whole core."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gomoku.i18n import N_, _, pgettext
from gomoku.point import Point, to_notation


class Stone(enum.IntEnum):
    """A player's colour; the integer is what the board's cells hold (0 is empty)."""

    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> Stone:
        """The other colour."""
        return Stone.WHITE if self is Stone.BLACK else Stone.BLACK

    def __str__(self) -> str:
        return self.name.lower()

    def said(self) -> str:
        """The side's name as a player reads it, in the language in use ("Black", "White"); ``str()`` stays English."""
        return pgettext("stone", "Black") if self is Stone.BLACK else pgettext("stone", "White")


#: What a board cell holds, as plain integers for the hot loops: empty, or a stone's colour.
EMPTY = 0
BLACK = int(Stone.BLACK)
WHITE = int(Stone.WHITE)
#: ``OPPONENT[colour]`` is the other colour (and empty stays empty): the one place colours swap.
OPPONENT = (EMPTY, WHITE, BLACK)


class Rule(enum.Enum):
    """Which rows of stones win, and whether black is restricted.

    - ``FREESTYLE``: five or more in a row wins, for both sides.
    - ``STANDARD``: exactly five wins; six or more in a row does not.
    - ``RENJU``: black wins only with exactly five and may not play forbidden
      points (overline, double-four, double-three); white wins with five or more.
    - ``CARO``: five or more in a row wins, for both sides, except a row of
      exactly five whose two ends are both held by opponent stones (the edge
      of the board is no block; six or more win even when blocked).  This is
      the Gomocup manager's caro (``INFO rule 8``, Piskvork 9.0), which is also
      KataGomo's caro by default; see ``docs/playing.md``.
    """

    FREESTYLE = "freestyle"
    STANDARD = "standard"
    RENJU = "renju"
    CARO = "caro"

    def exact_five(self, stone: Stone) -> bool:
        """Whether only exactly five wins for ``stone`` (six or more in a row does not)."""
        if self is Rule.FREESTYLE or self is Rule.CARO:
            return False
        return self is Rule.STANDARD or stone == Stone.BLACK

    @property
    def blocks_fives(self) -> bool:
        """Whether a five with opponent stones on both its ends wins nothing (caro)."""
        return self is Rule.CARO

    def is_win(self, run_length: int, stone: Stone, blocked_ends: int) -> bool:
        """Whether an unbroken row of ``run_length`` stones of ``stone`` wins.

        ``blocked_ends`` (0 to 2) is how many of the row's two ends, the points
        just beyond its first and last stone, hold an opponent stone (an end
        off the board is not blocked): under caro a five blocked at both ends
        does not win.
        """
        if run_length == 5:
            return blocked_ends < 2 or not self.blocks_fives
        return run_length > 5 and not self.exact_five(stone)

    def restricts(self, stone: Stone) -> bool:
        """Whether ``stone`` is bound by forbidden moves under this rule."""
        return self is Rule.RENJU and stone is Stone.BLACK

    def __str__(self) -> str:
        return self.value

    def said(self) -> str:
        """The rule's name as a player reads it, in the language in use; ``str()`` and ``value`` stay English."""
        return _rule_names().get(self.value, self.value)


def _rule_names() -> dict[str, str]:
    """The rules' names shown to players, by value, in the language in use (said when asked, never at import)."""
    return {
        "freestyle": pgettext("rule", "freestyle"),
        "standard": pgettext("rule", "standard"),
        "renju": pgettext("rule", "renju"),
        "caro": pgettext("rule", "caro"),
    }


class Termination(enum.Enum):
    """How a game ended."""

    #: A winning row: five (or more, where the rule allows it).
    FIVE = "five in a row"
    #: The board is full and nobody made five.
    DRAW = "board full"
    #: Every win combination holds a stone that keeps each side from five there:
    #: neither side can make five any more, however the game goes on.
    NO_FIVE_LEFT = "no five left"
    #: The side to move has no legal move: under renju, black to move with every
    #: empty point forbidden.
    NO_LEGAL_MOVE = "no legal move"
    #: A player's time ran out (a game clock): the other side wins, or it is a draw if the
    #: other side could no longer make five (see :func:`gomoku.clock.time_outcome`).
    TIME = "time"
    #: A player resigned: the other side wins.
    RESIGNATION = "resignation"
    #: The players agreed to a draw.
    AGREEMENT = "agreement"
    #: A player broke the rules of play: it played an illegal move, or (a computer player, an outside
    #: engine) gave no move at all, crashing, hanging or answering nonsense; the other side wins.
    FORFEIT = "forfeit"


#: How a draw is said, per termination, in a short phrase for programs and logs (``str(outcome)``, always English).
_DRAWS = {
    Termination.DRAW: "draw: the board is full",
    Termination.NO_FIVE_LEFT: "draw: neither side can make five any more",
    # Only black is ever restricted (renju), so only black can be left without a move.
    Termination.NO_LEGAL_MOVE: "draw: black has no legal move (every empty point is forbidden)",
    Termination.TIME: "draw: time ran out, but the other side could no longer make five",
    Termination.AGREEMENT: "draw by agreement",
}

#: How a win is said, per termination: "black wins with five in a row", "white wins on time" (English, for programs).
_WINS = {
    Termination.FIVE: "with five in a row",
    Termination.TIME: "on time",
    Termination.RESIGNATION: "by resignation",
    Termination.FORFEIT: "by forfeit",
}

#: The sentence a player reads for each draw (translated where shown: :meth:`Outcome.said`).
_DRAW_SENTENCES = {
    Termination.DRAW: N_("Draw: the board is full."),
    Termination.NO_FIVE_LEFT: N_("Draw: neither side can make five any more."),
    Termination.NO_LEGAL_MOVE: N_("Draw: black has no legal move (every empty point is forbidden)."),
    Termination.TIME: N_("Draw: time ran out, but the other side could no longer make five."),
    Termination.AGREEMENT: N_("Draw by agreement."),
}

#: The sentence a player reads for each win, per winner and termination: whole sentences, as the side's name
#: may change the verb in another language.
_WIN_SENTENCES = {
    (Stone.BLACK, Termination.FIVE): N_("Black wins with five in a row."),
    (Stone.WHITE, Termination.FIVE): N_("White wins with five in a row."),
    (Stone.BLACK, Termination.TIME): N_("Black wins on time."),
    (Stone.WHITE, Termination.TIME): N_("White wins on time."),
    (Stone.BLACK, Termination.RESIGNATION): N_("Black wins by resignation."),
    (Stone.WHITE, Termination.RESIGNATION): N_("White wins by resignation."),
    (Stone.BLACK, Termination.FORFEIT): N_("Black wins by forfeit."),
    (Stone.WHITE, Termination.FORFEIT): N_("White wins by forfeit."),
}

#: A five's sentence with the ends of its row ("Black wins with five in a row: h8-l8.").
_FIVE_SENTENCES = {
    Stone.BLACK: N_("Black wins with five in a row: {start}-{end}."),
    Stone.WHITE: N_("White wins with five in a row: {start}-{end}."),
}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won (``None`` for a draw), how, and the winning row's points."""

    termination: Termination
    winner: Stone | None
    line: tuple[Point, ...] = ()

    def __str__(self) -> str:
        """Who won and how, or why it is a draw, in a short phrase ("draw: the board is full")."""
        if self.winner is None:
            return _DRAWS[self.termination]
        return f"{self.winner} wins {_WINS[self.termination]}"

    def said(self, size: int | None = None) -> str:
        """Who won and how, or why it is a draw, as the sentence a player reads, in the language in use.

        ("Black wins with five in a row.", "Draw: the board is full.")  Given the
        board's ``size``, a five names the ends of its row ("Black wins with five
        in a row: h8-l8.").  ``str(outcome)`` stays the English phrase for records,
        logs and JSON.
        """
        if self.winner is None:
            return _(_DRAW_SENTENCES[self.termination])
        if size is not None and self.termination is Termination.FIVE and self.line:
            start, end = to_notation(self.line[0], size), to_notation(self.line[-1], size)
            return _(_FIVE_SENTENCES[self.winner]).format(start=start, end=end)
        return _(_WIN_SENTENCES[self.winner, self.termination])

    @property
    def possible(self) -> bool:
        """Whether a game can end so: a winner by a termination that has one, or a draw by one that can draw."""
        return self.termination in (_DRAWS if self.winner is None else _WINS)
