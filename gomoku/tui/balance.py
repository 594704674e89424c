"""Balanced placements for a player at an opening step (``B``), as Gomoku Calculator's balanced-move finder shows.

At a step that takes a point (Swap2's three stones and its two more, a
Soosõrv-8 or Taraguchi-10 placement, or a swap step whose "keep colours"
leads to one), ``B`` asks the computer's own opening reader
(:meth:`gomoku.ai.opening.OpeningPlayer.ranked`) which points leave the
position nearest to even: the points the computer itself would choose from,
best first, each with black's chance of winning after it
(:meth:`~gomoku.ai.opening.Placement.black_rate`).  At a step that offers
5th moves, the same reader ranks the offers best for black first (nothing
follows an offer but white's pick), as the computer offers them.

The reading runs in the computer's worker as an :attr:`AiKind.BALANCE` job
(the status line spins while it works); ``settle`` cancels it the moment
the step or the board changes, and its answer is kept with the step it was
about (:class:`~gomoku.tui.model.Balanced`): the marks ``1`` to
:data:`SHOWN` on the board and the list in the panel go away with that
step.  The cursor goes to the first, as it goes to a hint: Enter takes it.
Only on the local game screen: over the network it would be help against a
person, so the key is refused there (:data:`gomoku.tui.bindings.LOCAL_ONLY`).
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.ai.opening import Placement
from gomoku.board import Board
from gomoku.i18n import _, join_list
from gomoku.openings import Action
from gomoku.tui import live
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import AiKind, StartAi
from gomoku.tui.events import AiDone
from gomoku.tui.layout import BoardLayout
from gomoku.tui.model import AiJob, Balanced, LocalGame, Playing, Screen
from gomoku.tui.screen import NOTHING, Context, Reply, alerted, said

#: How many of the ranked placements are marked on the board and listed (the nearest to even first).
SHOWN = 5


def offering(game: LocalGame) -> bool | None:
    """Whether the step taking a point now offers 5th moves (``True``) or places a stone (``False``);
    ``None`` when no point is taken now (a choice with nothing to place after it, a number to declare)."""
    taken = game.opening.point_step()
    if taken is None:
        return None
    return taken[1].action is Action.OFFER


def shown(game: LocalGame) -> Balanced | None:
    """The placements read for exactly the step the game is at, or ``None`` (none asked, or another step's)."""
    balanced = game.balanced
    if balanced is None or balanced.opening is not game.opening or balanced.board is not game.board:
        return None
    return balanced


def ask(game: LocalGame, ctx: Context) -> tuple[Screen, Reply]:
    """``B``: start reading the placements for this step, or hide them when they are shown."""
    offers = offering(game)
    if offers is None:
        return Playing(game), alerted(_("No stone is placed or offered now: B reads placements at such a step."))
    if shown(game) is not None:
        return Playing(replace(game, balanced=None)), said(_("Balanced placements hidden."))
    if ctx.ai is not None and ctx.ai.kind is AiKind.BALANCE:
        return Playing(game), alerted(_("Still reading the placements: wait a moment."))
    if ctx.ai is not None:
        return Playing(game), alerted(_("The computer is thinking: wait for its move."))
    job = ctx.job
    start = StartAi(job, AiKind.BALANCE, game.board, game.settings.level, opening=game.opening)
    ai = AiJob(job, AiKind.BALANCE, game.board, game.opening)
    text = _("Reading the 5th moves best for black...") if offers else _("Reading the placements nearest to even...")
    return Playing(game), said(text, (start,), ai=ai)


def done(game: LocalGame, event: AiDone, ai: AiJob) -> tuple[Screen, Reply]:
    """The reading's answer: kept with its step and said as a list, or why there is none."""
    if ai.opening is not game.opening:
        return Playing(game), NOTHING  # a step nobody is at any more (``settle`` cancels it first)
    if not event.placements:
        return Playing(game), alerted(_("The reading failed: {error}.").format(error=event.error.rstrip(".")), ai=None)
    balanced = Balanced(game.opening, game.board, event.placements[:SHOWN])
    marked = replace(game, balanced=balanced, cursor=balanced.placements[0].point)  # as a hint: Enter takes it
    return Playing(marked), said(message(balanced, bool(offering(game))), ai=None)


def placement_text(board: Board, placement: Placement) -> str:
    """One placement as a newcomer reads it: ``i9 51% for black``, or ``h8 (nothing to read yet)``."""
    point = board.notation(placement.point)
    rate = placement.black_rate()
    if rate is None:
        return _("{point} (nothing to read yet)").format(point=point)
    return _("{point} {rate}% for black").format(point=point, rate=round(100 * rate))


def message(balanced: Balanced, offers: bool) -> str:
    """The message line's list, best first: ``Nearest to even: i9 51% for black, h9 47% for black (B hides them).``"""
    listed = join_list(placement_text(balanced.board, placement) for placement in balanced.placements)
    if offers:
        return _("5th moves best for black: {placements} (B hides them).").format(placements=listed)
    return _("Nearest to even: {placements} (B hides them).").format(placements=listed)


def lines(balanced: Balanced, offers: bool) -> list[str]:
    """The panel's list: a title, then each placement with its number on the board, best first."""
    numbered = [
        f"{number} {placement_text(balanced.board, placement)}"
        for number, placement in enumerate(balanced.placements, 1)
    ]
    if offers:
        # i18n: width 24
        return [_("5th moves best for black"), *numbered]
    # i18n: width 24
    return [_("Nearest to even"), *numbered]


def draw_marks(win: Window, layout: BoardLayout, balanced: Balanced, theme: Theme) -> None:
    """The placements as ``1`` to :data:`SHOWN` on their (empty) points, the nearest to even ``1``."""
    numbers = {placement.point: number for number, placement in enumerate(balanced.placements, 1)}
    live.draw_numbers(win, layout, numbers, balanced.board, theme)
