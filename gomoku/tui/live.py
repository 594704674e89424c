"""Live analysis on the board: when it may run, the key that turns it on, and how its answer is shown.

``A`` turns it on for the game or the replay shown (two-player games,
watch mode and replays always; against the computer only with the menu's
*Coach* on, or it would play for you).  While it is on,
:func:`gomoku.tui.update.settle` keeps one analysis job on the position
shown (:func:`analysed_board`): a move, an undo or a step of the replay
makes a new board, so the old job is cancelled at once and a new one
starts.  Against the computer it waits while the computer thinks its move
(:func:`waits`): it would show that move before it is played, and take
the cores the computer thinks with.  The screens draw its latest answer with
:func:`draw_marks` (the best moves as ``1`` ``2`` ``3`` on the board: three
from our analysis, one from an outside engine) and :func:`lines` (which
analyst, each move's evaluation, the depth, the best line), or, on a
terminal too narrow for the panel, :func:`status_text` (the best move, its
evaluation and the depth) on the status line.
"""

from __future__ import annotations

from gomoku.ai.analysis import LINES
from gomoku.ai.result import ENGINE_EVAL_SCALE, HARD_EVAL_SCALE, SearchResult
from gomoku.board import Board
from gomoku.i18n import _, ngettext
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui import draw
from gomoku.tui.bindings import NEXT
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import AiKind
from gomoku.tui.layout import FOOTER_ROWS, BoardLayout
from gomoku.tui.model import AiJob, AnalysisJob, LocalGame, Playing, Replaying, Screen
from gomoku.tui.settings import Mode, Settings
from gomoku.tui.texts import colour

#: Moves of the best line shown.
PV_SHOWN = 8


def allowed(game: LocalGame, settings: Settings) -> bool:
    """Whether live analysis may run in ``game``: not against the computer unless the coach setting is on."""
    return game.mode is not Mode.PVC or settings.coach


def refusal() -> str:
    """Why ``A`` does nothing against the computer, naming the key that opens the menu (the one key map's)."""
    return _("Against the computer the analysis is a coach: turn Coach on in the menu ({key}) first.").format(
        key=NEXT.keys[0]
    )


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


def waits(screen: Screen, ai: AiJob | None) -> bool:
    """Whether the coach waits: against the computer, while it thinks its move (or its opening step).

    Analysing then would show the computer's move before it plays it, and
    share the cores it thinks with; the analysis resumes on the position
    after its move.  Watch mode's computers think all the time: there the
    analysis goes on.
    """
    thinking = ai is not None and ai.kind in (AiKind.MOVE, AiKind.OPENING)
    return thinking and isinstance(screen, Playing) and screen.game.mode is Mode.PVC


def marked(analyst: str, settings: Settings) -> int:
    """How many best moves ``analyst`` marks: an outside engine gives its one move, our analysis :data:`LINES`."""
    return 1 if analyst in settings.engine_names else LINES


def toggled_text(on: bool, settings: Settings) -> str:
    """What ``A`` says: which analyst runs and what it marks on the board."""
    if not on:
        return _("Analysis off.")
    analyst = settings.analyst
    count = marked(analyst, settings)
    if count == 1:
        return _("Analysis by {analyst} on: its best move is marked 1; A hides it.").format(analyst=analyst)
    numbers = " ".join(str(number) for number in range(1, count + 1))
    return ngettext(
        "Analysis by {analyst} on: its best {count} move is marked {numbers}; A hides it.",
        "Analysis by {analyst} on: its best {count} moves are marked {numbers}; A hides them.",
        count,
    ).format(analyst=analyst, count=count, numbers=numbers)


def current(job: AnalysisJob | None, board: Board) -> SearchResult | None:
    """The latest analysis of exactly ``board`` (``None``: none yet, or it was about another position)."""
    if job is None or job.board is not board:
        return None
    return job.result


# -- text -------------------------------------------------------------------------


def scale(job: AnalysisJob | None, settings: Settings) -> float:
    """The score that is a clear edge for the job's analyst (:func:`~gomoku.ai.result.win_rate`): an outside
    engine's centi-units, or our search's."""
    analyst = job.analyst if job is not None else settings.analyst
    return ENGINE_EVAL_SCALE if analyst in settings.engine_names else HARD_EVAL_SCALE


def value_text(line: SearchResult, turn: Stone, scale: float = HARD_EVAL_SCALE) -> str:
    """``black wins in 5`` when the result is forced, else the score from the side to move's view and its win rate
    on the analyst's ``scale`` (``white +340 54%``)."""
    moves = line.forced_moves
    if moves is not None and line.win_in is not None:
        winner = turn if line.win_in > 0 else turn.opponent
        if winner is Stone.BLACK:
            # i18n: width 17
            return ngettext("black wins in {count}", "black wins in {count}", moves).format(count=moves)
        # i18n: width 17
        return ngettext("white wins in {count}", "white wins in {count}", moves).format(count=moves)
    if line.score is None:
        return "?"
    bound = "" if line.exact else "<="
    return f"{colour(turn)} {bound}{line.score:+d} {round(100 * (line.win_rate(scale) or 0))}%"


def lines(job: AnalysisJob | None, board: Board, waiting: bool = False, scale: float = HARD_EVAL_SCALE) -> list[str]:
    """The analysis of ``board`` as short lines: which analyst, the depth, each best move and its value, the best line.

    ``waiting``: the coach waits for the computer's move (:func:`waits`); ``scale``: the analyst's (:func:`scale`).
    """
    if job is None or job.board is not board:
        # i18n: width 24
        waits_lines = [_("Analysis waits for"), _("the computer's move")]
        # i18n: width 24
        return waits_lines if waiting else [_("Analysis: thinking...")]
    if job.failed:
        # i18n: width 24
        return [_("Analysis by {analyst} failed").format(analyst=job.analyst), _("A twice tries again")]
    analysis = job.result
    if analysis is None:
        # i18n: width 24
        return [_("Analysis by {analyst}: thinking...").format(analyst=job.analyst)]
    if analysis.final:
        # i18n: width 24
        state = _("depth {depth} · done").format(depth=analysis.depth)
    else:
        # i18n: width 24
        state = _("depth {depth} · deepening").format(depth=analysis.depth)
    # i18n: width 24
    out = [_("Analysis by {analyst}").format(analyst=job.analyst), state]
    for number, line in enumerate(analysis.best, 1):
        out.append(f"{number} {board.notation(line.move):<4} {value_text(line, board.turn, scale)}")
    best = analysis.best[0]
    pv = " ".join(board.notation(point) for point in best.line[:PV_SHOWN])
    if len(best.line) > PV_SHOWN:
        pv += " ..."
    # i18n: width 24
    out.append(_("pv {line}").format(line=pv))
    return out


def status_text(analysis: SearchResult | None, board: Board, scale: float = HARD_EVAL_SCALE) -> str:
    """The analysis in one short phrase for the status line, when there is no panel: ``best h8 white +340 54% · d7``."""
    if analysis is None:
        return _("analysing...")
    best = analysis.best[0]
    return _("best {move} {value} · d{depth}").format(
        move=board.notation(best.move), value=value_text(best, board.turn, scale), depth=analysis.depth
    )


# -- the board --------------------------------------------------------------------


def marks(analysis: SearchResult | None) -> dict[Point, int]:
    """The best moves' points and their ranks, 1 first."""
    if analysis is None:
        return {}
    return {line.move: number for number, line in enumerate(analysis.best, 1)}


def draw_marks(win: Window, layout: BoardLayout, analysis: SearchResult | None, board: Board, theme: Theme) -> None:
    """The best moves as ``1`` ``2`` ``3`` (as many as the analyst gives) on their (empty) points."""
    draw_numbers(win, layout, marks(analysis), board, theme)


def draw_numbers(win: Window, layout: BoardLayout, numbers: dict[Point, int], board: Board, theme: Theme) -> None:
    """Ranked points as their numbers on the board, where empty: the analysis's best moves, ``B``'s placements."""
    for point, number in numbers.items():
        if board.is_empty(point):
            row, col = layout.screen_of(point)
            draw.put(win, row, col, draw.on_point(layout, str(number)), theme("hint"))


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
