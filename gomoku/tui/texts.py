"""The words the terminal game says, where more than one screen says them.

One home for the small rules of wording: plurals (``1 move``, ``2 moves``,
each language's own forms), sentences that start with a capital unless they
start with a point name (``c3 is taken``: points are always lower case), how
a game ended (a whole sentence per ending), who plays a colour.
"""

from __future__ import annotations

import math
import re

from gomoku import i18n
from gomoku.board import Board
from gomoku.clock import Clock, ClockKind
from gomoku.i18n import N_, Language, _, join_sentences, ngettext, pgettext
from gomoku.patterns import blocked_ends, run_bounds
from gomoku.point import DIRECTIONS, Point
from gomoku.rules import Rule, Stone, Termination
from gomoku.tui.model import LocalGame
from gomoku.tui.settings import Mode

_POINT_START = re.compile(r"[a-y]\d")


def heat_text(on: bool) -> str:
    """What the message line says when the heat map is turned on or off.

    Nothing while it is on: the bottom line then shows the heat map's legend
    (which says ``t hides it``), and a message would cover the very legend it
    pointed to.
    """
    return "" if on else _("Heat map off.")


def moves_text(count: int) -> str:
    """``1 move``, ``0 moves``, ``3 moves``, in the language in use (its own plural forms)."""
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter (not for a point name like ``c3``) and a full stop.

    The capital is English grammar, given only while English is spoken: a
    text in another language is a whole sentence as its translator wrote it.
    The full stop is the language's own (``。`` in Chinese and Japanese).
    """
    text = text.strip()
    if not text:
        return text
    if i18n.active() is Language.ENGLISH and not _POINT_START.match(text):
        text = text[:1].upper() + text[1:]
    if text.endswith((".", "!", "?", "。", "！", "？")):
        return text
    # i18n: a text that lacks its full stop gets one; keep {text} and put your language's full stop after it
    return _("{text}.").format(text=text)


def key_label(name: str) -> str:
    """A key as a message names it: ``'z'``, ``F5``, ``That key``."""
    if name == "unknown":
        return _("That key")
    return name.capitalize() if len(name) > 1 else f"'{name}'"


def who(game: LocalGame, stone: Stone) -> str:
    """Who plays ``stone``: ``you``, ``computer``, watch mode's level, or nothing for two players."""
    if game.mode is Mode.PVC:
        return pgettext("player", "computer") if stone in game.computer else pgettext("player", "you")
    if game.mode is Mode.CVC:
        return game.level_of(stone)
    return ""


def colour(stone: Stone) -> str:
    """A colour inside a phrase: ``black``, ``white`` (the menu's, the status line's and the panels' lower case)."""
    return pgettext("stone", "black") if stone is Stone.BLACK else pgettext("stone", "white")


def side_name(game: LocalGame, stone: Stone, also: str = "") -> str:
    """``Black (you)``, ``White (computer)``, ``Black (hard)``, ``Black``; ``also`` joins the brackets.

    ``side_name(game, WHITE, "player 2")`` is ``White (you, player 2)``: one pair of brackets.
    """
    side, player = stone.said(), who(game, stone)
    if player and also:
        return _("{side} ({player}, {also})").format(side=side, player=player, also=also)
    if player or also:
        return _("{side} ({player})").format(side=side, player=player or also)
    return side


#: How a game against the computer is won, by the computer (``True``) or by you, per colour and termination.
_WON_AGAINST = {
    (True, Stone.BLACK, Termination.FIVE, True): N_("The computer (black) wins with five in a row: {ends}."),
    (True, Stone.WHITE, Termination.FIVE, True): N_("The computer (white) wins with five in a row: {ends}."),
    (True, Stone.BLACK, Termination.FIVE, False): N_("The computer (black) wins with five in a row."),
    (True, Stone.WHITE, Termination.FIVE, False): N_("The computer (white) wins with five in a row."),
    (True, Stone.BLACK, Termination.TIME, False): N_("The computer (black) wins on time."),
    (True, Stone.WHITE, Termination.TIME, False): N_("The computer (white) wins on time."),
    (False, Stone.BLACK, Termination.FIVE, True): N_("You (black) win with five in a row: {ends}."),
    (False, Stone.WHITE, Termination.FIVE, True): N_("You (white) win with five in a row: {ends}."),
    (False, Stone.BLACK, Termination.FIVE, False): N_("You (black) win with five in a row."),
    (False, Stone.WHITE, Termination.FIVE, False): N_("You (white) win with five in a row."),
    (False, Stone.BLACK, Termination.TIME, False): N_("You (black) win on time."),
    (False, Stone.WHITE, Termination.TIME, False): N_("You (white) win on time."),
}


def outcome_text(board: Board, game: LocalGame | None = None) -> str:
    """How the game on ``board`` ended, in a sentence (empty while it goes on).

    Against the computer (``game``'s mode), the winner is ``you`` or ``the computer``
    (:data:`_WON_AGAINST`); otherwise the core's sentence, :meth:`Outcome.said`.
    """
    outcome = game.game.result if game is not None else board.outcome
    if outcome is None:
        return ""
    winner, termination = outcome.winner, outcome.termination
    if winner is not None and game is not None and game.mode is Mode.PVC:
        line = outcome.line if termination is Termination.FIVE else ()
        text = _WON_AGAINST.get((winner in game.computer, winner, termination, bool(line)))
        if text:
            ends = f"{board.notation(line[0])}-{board.notation(line[-1])}" if line else ""
            return _(text).format(ends=ends)
    return outcome.said(board.size)


def result_text(game: LocalGame) -> str:
    """How ``game`` ended, in a sentence; empty while it goes on."""
    return outcome_text(game.board, game)


#: Under this many seconds left, a clock is shown as a warning, with tenths and marked ``!`` for monochrome
#: screens: the last seconds a player must act in, as chess servers warn at 10 s.
WARN_SECONDS = 10.0


def clock_face(clock: Clock, stone: Stone, now: float | None) -> tuple[str, bool]:
    """``stone``'s clock as both games show it, and whether it warns (under :data:`WARN_SECONDS` left).

    ``4:05`` or ``1:02:03``; in the last seconds tenths and a ``!`` for
    monochrome screens (``!0:07.5``); in byo-yomi the periods left follow
    (``0:23 x3``).  Seconds are never rounded up: a clock reads ``0:00.0``
    only when the time is gone.
    """
    at = now if now is not None else 0.0
    left = clock.remaining(stone, at)
    warn = left < WARN_SECONDS
    if warn:
        tenths = math.floor(left * 10)
        text = f"!{tenths // 600}:{tenths % 600 // 10:02}.{tenths % 10}"
    else:
        hours, rest = divmod(math.floor(left), 3600)
        minutes, seconds = divmod(rest, 60)
        text = f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
    if clock.spec.kind is ClockKind.BYOYOMI:
        text += f" x{clock.periods_left(stone, at)}"
    return text, warn


def ended_text(game: LocalGame) -> str:
    """The status line of a finished game: how it ended and after how many moves."""
    count = len(game.board.moves)
    after = ngettext("Game over after {count} move.", "Game over after {count} moves.", count).format(count=count)
    return join_sentences(result_text(game), after)


def _rows_through(board: Board, point: Point) -> list[tuple[int, int]]:
    """For each of the four lines through ``point``: its colour's unbroken row there, as (length, blocked ends).

    Measured by :func:`gomoku.patterns.run_bounds` and :func:`gomoku.patterns.blocked_ends`,
    the one home of line shapes; empty for an empty point.
    """
    size, cells = board.size, board.cells
    stone = cells[point.y * size + point.x]
    if not stone:
        return []
    rows = []
    for dx, dy in DIRECTIONS:
        steps = [k for k in range(-size, size + 1) if 0 <= point.x + k * dx < size and 0 <= point.y + k * dy < size]
        line = [cells[(point.y + k * dy) * size + point.x + k * dx] for k in steps]
        first, last = run_bounds(line, steps.index(0), stone)
        rows.append((last - first + 1, blocked_ends(line, first, last, stone)))
    return rows


def run_through(board: Board, point: Point) -> int:
    """How many stones of ``point``'s colour stand in its longest unbroken row (0 for an empty point)."""
    return max((length for length, _blocked in _rows_through(board, point)), default=0)


def overline_note(game: LocalGame, point: Point) -> str:
    """Why a row of six or more just made is no win (the standard rule), or a five (caro), or ``""``."""
    board = game.board
    if board.rule is Rule.CARO and not board.is_game_over():
        if any(length == 5 and blocked == 2 for length, blocked in _rows_through(board, point)):
            return _("A five blocked at both ends does not count under the caro rule: keep one end open.")
        return ""
    if board.rule is not Rule.STANDARD or board.is_game_over():
        return ""
    run = run_through(board, point)
    if run < 6:
        return ""
    if run == 6:
        return _("Six in a row does not count under the standard rule: only exactly five wins.")
    return ngettext(
        "{count} in a row does not count under the standard rule: only exactly five wins.",
        "{count} in a row does not count under the standard rule: only exactly five wins.",
        run,
    ).format(count=run)
