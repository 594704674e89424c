"""Live analysis on the board: when it may run, the key that turns it on, and how its answer is shown.

``A`` turns it on for the game or the replay shown (two-player games,
watch mode and replays always; against the computer only with the menu's
*Coach* on, or it would play for you).  While it is on,
:func:`gomoku.tui.update.settle` keeps one analysis job on the position
shown (:func:`analysed_board`): a move, an undo or a step of the replay
makes a new board, so the old job is cancelled at once and a new one
starts.  The screens draw its latest answer with :func:`draw_marks` (the
best three moves as ``1`` ``2`` ``3`` on the board) and :func:`lines`
(each move's evaluation, the depth, the best line), or, on a terminal too
narrow for the panel, :func:`status_text` (the best move, its evaluation
and the depth) on the status line.
"""

from __future__ import annotations

from gomoku.ai.analysis import Analysis, Line, wins_in
from gomoku.board import Board
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui import draw
from gomoku.tui.bindings import Binding
from gomoku.tui.draw import Theme, Window
from gomoku.tui.layout import FOOTER_ROWS, BoardLayout
from gomoku.tui.model import AnalysisJob, LocalGame, Playing, Replaying, Screen
from gomoku.tui.settings import Mode, Settings

#: The key, declared once (both screens that have it use this binding).
TOGGLE = Binding(("A",), "live analysis: the best three moves, their evaluation and the best line", "A analysis")
#: Moves of the best line shown.
PV_SHOWN = 8


def allowed(game: LocalGame, settings: Settings) -> bool:
    """Whether live analysis may run in ``game``: not against the computer unless the coach setting is on."""
    return game.mode is not Mode.PVC or settings.coach


def refusal() -> str:
    return "Against the computer the analysis is a coach: turn Coach on in the menu (n) first."


def analysed_board(screen: Screen, settings: Settings) -> Board | None:
    """The position the analyst should think about now, or ``None`` (analysis off, not allowed, game over)."""
    board = None
    if isinstance(screen, Playing) and screen.game.analysis and allowed(screen.game, settings):
        board = screen.game.board
    elif isinstance(screen, Replaying) and screen.analysis:
        board = screen.board
    if board is None or board.is_game_over():
        return None
    return board


def toggled_text(on: bool) -> str:
    return "Analysis on: the best moves are marked 1 2 3; A hides them." if on else "Analysis off."


def current(job: AnalysisJob | None, board: Board) -> Analysis | None:
    """The latest analysis of exactly ``board`` (``None``: none yet, or it was about another position)."""
    if job is None or job.board is not board:
        return None
    return job.result


# -- text -------------------------------------------------------------------------


def value_text(line: Line, turn: Stone) -> str:
    """``black wins in 5`` when the result is forced, else the score from the side to move's view (``white +340``)."""
    moves = wins_in(line)
    if moves is not None and line.win_in is not None:
        winner = turn if line.win_in > 0 else turn.opponent
        return f"{winner} wins in {moves}"
    if line.score is None:
        return "?"
    bound = "" if line.exact else "<="
    return f"{turn} {bound}{line.score:+d}"


def lines(analysis: Analysis | None, board: Board) -> list[str]:
    """The analysis as short lines: the header with the depth, each best move and its value, the best line."""
    if analysis is None:
        return ["Analysis: thinking..."]
    if not analysis.lines:
        return ["Analysis: no move to suggest"]
    state = "done" if analysis.final else "deepening"
    out = [f"Analysis · depth {analysis.depth} · {state}"]
    for number, line in enumerate(analysis.lines, 1):
        out.append(f"{number} {board.notation(line.move):<4} {value_text(line, analysis.turn)}")
    best = analysis.lines[0]
    pv = " ".join(board.notation(point) for point in best.pv[:PV_SHOWN])
    if len(best.pv) > PV_SHOWN:
        pv += " ..."
    out.append(f"pv {pv}")
    return out


def status_text(analysis: Analysis | None, board: Board) -> str:
    """The analysis in one short phrase for the status line, when there is no panel: ``best h8 white +340 · d7``."""
    if analysis is None:
        return "analysing..."
    best = analysis.best
    if best is None:
        return "no move to suggest"
    return f"best {board.notation(best.move)} {value_text(best, analysis.turn)} · d{analysis.depth}"


# -- the board --------------------------------------------------------------------


def marks(analysis: Analysis | None) -> dict[Point, int]:
    """The best moves' points and their ranks, 1 first."""
    if analysis is None:
        return {}
    return {line.move: number for number, line in enumerate(analysis.lines, 1)}


def draw_marks(win: Window, layout: BoardLayout, analysis: Analysis | None, board: Board, theme: Theme) -> None:
    """The best moves as ``1`` ``2`` ``3`` on their (empty) points."""
    for point, number in marks(analysis).items():
        if board.is_empty(point):
            row, col = layout.screen_of(point)
            draw.put(win, row, col, str(number), theme("hint"))


def draw_panel(win: Window, layout: BoardLayout, text: list[str], theme: Theme) -> int:
    """The analysis at the bottom of the panel beside the board; the first row it takes (for the move list)."""
    x = layout.panel_x
    assert x is not None
    rows, cols = win.getmaxyx()
    width = max(4, cols - x - 1)
    wrapped = [piece for line in text for piece in draw.wrap(line, width)]
    bottom = rows - FOOTER_ROWS - 1
    top = max(layout.top + 2, bottom - len(wrapped) + 1)
    for offset, line in enumerate(wrapped[: bottom - top + 1]):
        draw.put(win, top + offset, x, theme.dots(line), theme("status") if offset == 0 else 0)
    return top
