"""The learned evaluation: cell-code values fitted to game results, read by the search board.

The tables (:mod:`gomoku.ai.learned_tables`, written by ``tools/make_eval.py
fit``) give, per rule, a value for each histogram of a cell's four line
shapes (:func:`gomoku.patterns.histograms`; cells of class none are worth 0),
a *mix of threats* table over both sides' threat states (:func:`threat_state`),
and a tempo factor and a bias for each colour to move.  A position's value
for the side to move, in logits times :data:`SCALE`, is

    tempo[mover] * (sum of the mover's empty cells' values) - (sum of the opponent's)
        + mix[threat_state(mover), threat_state(opponent)] + bias[mover]

**Riding on the hand-set scores.**  The search board keeps one score per
cell and colour and their totals, incrementally; the learned value rides in
the low :data:`SHIFT` bits of that score (``hand << SHIFT`` plus the learned
value, signed), so play, undo and peek need no change: a total is the hand
total shifted plus the learned total, and :func:`learned_part` takes it out.
Move ordering by score keeps the hand-set order and breaks its ties by the
learned values; the search scales its history the same way.  A cell of class
none has hand score 0 and learned value 0, as the move generator expects.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gomoku.patterns import C_DOUBLE_THREE, C_FOUR, C_FOUR_THREE, C_NONE, C_OPEN_THREE, cell_class, histograms
from gomoku.rules import Rule

#: The learned value sits in this many low bits of a cell's score.
SHIFT = 24
_HALF = 1 << (SHIFT - 1)
_MASK = (1 << SHIFT) - 1
#: A cell's learned value is clipped to this size, so that the sum over a board's 225 cells
#: (at most 225 * 8,000 = 1.8 million) stays within the :data:`SHIFT` bits' signed range (8.4 million).
CELL_LIMIT = 8_000
#: Threat states a side: four cells 0, 1, 2+ by open-three cells 0, 1, 2+.
STATES = 9


def threat_state(counts: Sequence[int]) -> int:
    """A side's threats from its per-class counts of empty cells: 3 * (four cells, 0 to 2+) + (open threes, 0 to 2+)."""
    fours = counts[C_FOUR] + counts[C_FOUR_THREE]
    threes = counts[C_OPEN_THREE] + counts[C_DOUBLE_THREE]
    return 3 * (fours if fours < 2 else 2) + (threes if threes < 2 else 2)


def learned_part(total: int) -> int:
    """The learned share of a score or total that packs ``hand << SHIFT`` plus a signed learned value."""
    return ((total + _HALF) & _MASK) - _HALF


@dataclass(frozen=True)
class LearnedEval:
    """One rule's learned tables, ready for the search."""

    #: histogram -> learned value (logits times :data:`SCALE`)
    cells: dict[int, int]
    #: by 9 * the mover's threat state + the opponent's
    mix: tuple[int, ...]
    #: by colour (index 0 unused)
    tempo: tuple[float, float, float]
    bias: tuple[int, int, int]

    def judge(self, own: int, their: int, own_counts: Sequence[int], their_counts: Sequence[int], colour: int) -> int:
        """The value for the side to move (``colour``) from both sides' packed score totals and class counts."""
        return (
            int(self.tempo[colour] * learned_part(own))
            - learned_part(their)
            + self.mix[threat_state(own_counts) * STATES + threat_state(their_counts)]
            + self.bias[colour]
        )

    def packed(self, hand: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
        """The search board's cell table (histogram -> (class, score)) with the learned values packed in."""
        return {code: (cls, (score << SHIFT) + self.cells[code]) for code, (cls, score) in hand.items()}


class LearnedMode(enum.IntEnum):
    """The ways the search may use the tables (``LEARNED_EVAL`` holds one as its number): not at all, the
    whole model, or the cell values alone, with the hand-set ``TEMPO`` and no mix table or colour bias."""

    OFF = 0
    FULL = 1
    CELLS_ONLY = 2


@functools.cache
def learned_eval(rule: Rule, mode: LearnedMode = LearnedMode.FULL) -> LearnedEval | None:
    """The learned tables of ``rule`` used as ``mode`` says (``None`` when off, or none were fitted for it)."""
    if mode == LearnedMode.OFF:
        return None
    found = _tables(rule)
    if found is None or mode == LearnedMode.FULL:
        return found
    from gomoku.ai.parameters import TEMPO

    return replace(found, mix=(0,) * len(found.mix), tempo=(0.0, float(TEMPO), float(TEMPO)), bias=(0, 0, 0))


@functools.cache
def _tables(rule: Rule) -> LearnedEval | None:
    """The learned tables of ``rule`` as written (``None`` when none were fitted for it)."""
    from gomoku.ai.learned_tables import TABLES

    table = TABLES.get(rule.value)
    if table is None:
        return None
    codes = histograms()
    values = table["cells"]
    if len(values) != len(codes):
        raise ValueError(f"the learned tables of {rule.value} hold {len(values)} cells, not {len(codes)}")
    cells = {}
    for code, value in zip(codes, values):
        cells[code] = 0 if cell_class(code)[0] == C_NONE else max(-CELL_LIMIT, min(CELL_LIMIT, int(value)))
    mix = tuple(int(v) for v in table["mix"])
    if len(mix) != STATES * STATES:
        raise ValueError(f"the learned mix table of {rule.value} holds {len(mix)} values, not {STATES * STATES}")
    black, white = table["tempo"]
    bias_black, bias_white = table["bias"]
    return LearnedEval(cells, mix, (0.0, float(black), float(white)), (0, int(bias_black), int(bias_white)))
