"""The top level of the terminal game's *update*: route each event to the screen or overlay it is for.

``update(state, event) -> (state, effects)`` is pure: it reads no clock (time
comes in as :class:`~gomoku.tui.events.Tick`), touches no file or thread, and
never raises for any key or click.  Keys and clicks go to the overlay if one
is up, else to the screen; answers go to whoever asked (the game for the
computer's answers, the prompt for file jobs).  Last, :func:`settle` keeps
the computer's work in line with the screen: it thinks about the position
shown when it is its turn, and about nothing else.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.ai import LEVELS
from gomoku.board import Board
from gomoku.books import Library
from gomoku.i18n import _
from gomoku.net.match import MatchRecord, Role
from gomoku.net.protocol import ResumeRecord
from gomoku.puzzles import Puzzle
from gomoku.records import GameRecord
from gomoku.savegame import SavedGame
from gomoku.tui import live, router
from gomoku.tui.effects import (
    AiKind,
    CancelAi,
    CancelAnalysis,
    CancelPonder,
    Effect,
    Effects,
    NetSetup,
    RetireAutosave,
    StartAi,
    StartAnalysis,
    StartPonder,
)
from gomoku.tui.events import Analysed, Event, Failed, Report, Resize, Tick
from gomoku.tui.model import (
    AiJob,
    AnalysisJob,
    Menu,
    Notice,
    Playing,
    PonderJob,
    ResumeOffer,
    State,
    Update,
    busy,
    say,
    with_game,
)
from gomoku.tui.saves import autosave_effects, net_from_saved
from gomoku.tui.screen import context
from gomoku.tui.screens import hosting, joining, menu, prompt
from gomoku.tui.screens import puzzles as puzzle_screens
from gomoku.tui.screens.game import TIME_UP
from gomoku.tui.settings import Mode, Settings


def initial_state(
    settings: Settings,
    levels: tuple[str, ...],
    *,
    start: bool = False,
    record: GameRecord | None = None,
    record_name: str = "",
    puzzles: bool = False,
    puzzle_file: tuple[str, tuple[Puzzle, ...]] | None = None,
    offer: SavedGame | None = None,
    notice: str = "",
    terminal: tuple[int, int] | None = None,
    library: Library | None = None,
) -> Update:
    """The state at start-up, and what to do at once.

    The menu; or straight into a game of ``settings`` if ``start``; or the
    replay of ``record`` (``--load``); or the Puzzles screen (``--puzzle``,
    ``puzzle_file`` the name and the puzzles of its FILE).  A saved game in ``offer`` is offered
    first, unless the command line asked for something (``start`` or
    ``record``): an explicit request wins, and the unfinished game is kept
    aside under a name of its own, which the autosave worker reports (the
    load prompt offers it).  ``notice`` (a saved game that could not be read)
    is shown over all that.  ``terminal`` is its ``(rows, columns)``: a board
    too big for it is not started.  ``library`` is the opening books read at start.
    """
    state = State(screen=Menu(), settings=settings, levels=tuple(levels), terminal=terminal)
    if library is not None:
        state = replace(state, library=library)
    effects: Effects = ()
    if record is not None:
        state = prompt.open_replay(state, record, record_name)
    elif puzzles:
        state, effects = router.apply(state, *puzzle_screens.opened(context(state), None, puzzle_file))
    elif start:
        state, effects = router.apply(state, *menu.start(context(state)))
    if offer is not None:
        if record is None and not start and not puzzles:
            state = replace(state, screen=ResumeOffer(offer))
        else:
            effects = (RetireAutosave(announce=True),) + effects
    if notice:
        state = replace(state, overlay=Notice(notice))
    return settle(state, effects)


def initial_network(
    settings: Settings,
    levels: tuple[str, ...],
    setup: NetSetup,
    *,
    offer: SavedGame | None = None,
    notice: str = "",
) -> Update:
    """The state at start-up for ``--host`` or ``--join``, and what to do at once.

    A host whose unfinished game was a network game it hosted is offered to
    host it again (same code, same match); a guest whose saved game was one
    joined at the same address resumes it (its record goes to the host, which
    checks the moves).  Any other unfinished game is kept aside, as for the
    other options that start a game.
    """
    state = State(screen=Menu(), settings=settings, levels=tuple(levels))
    effects: Effects = ()
    network = net_from_saved(offer) if offer is not None else None
    if setup.watch:  # watching touches no game of ours: the autosave stays as it is
        state, effects = router.apply(state, *joining.begin(context(state), setup))
    elif offer is not None and network is not None and setup.role is network[0].role is Role.HOST:
        state = replace(state, screen=ResumeOffer(offer, instead=setup))
    else:
        record: MatchRecord | ResumeRecord | None = None
        if (
            network is not None
            and setup.role is network[0].role is Role.GUEST
            and (network[0].address, network[0].port) == (setup.address, setup.port)
        ):
            record = network[1]
        elif offer is not None:
            effects = (RetireAutosave(announce=True),)
        if setup.role is Role.HOST:
            begun = hosting.begin(context(state), setup, record if isinstance(record, MatchRecord) else None)
        else:
            begun = joining.begin(context(state), setup, record if isinstance(record, ResumeRecord) else None)
        state, more = router.apply(state, *begun)
        effects += more
    if notice:
        state = replace(state, overlay=Notice(notice))
    return settle(state, effects)


def update(state: State, event: Event) -> Update:
    """The state after ``event``, and the effects it asks for.  Never raises; never changes ``state``."""
    if isinstance(event, Tick):
        ticked = _tick(state, event)
        if _flag_fell(state, ticked):
            game = ticked.screen.game  # type: ignore[union-attr]
            return settle(ticked, autosave_effects(game))
        return ticked, ()
    if isinstance(event, Resize):
        terminal = (event.rows, event.cols)
        if state.terminal == terminal:
            return state, ()
        if state.message in (_(router.HIDDEN), menu.too_big(state.settings, state.terminal, state.board_style)):
            state = say(state, "")  # it was about the old size: it goes with it
        return replace(state, terminal=terminal), ()
    if isinstance(event, Report):
        return settle(replace(state, message=event.text, alert=event.alert, sticky=True), ())
    job = state.analysis
    if isinstance(event, Analysed):
        if job is None or event.job != job.job:
            return state, ()  # about a position no longer shown
        return replace(state, analysis=replace(job, result=event.analysis)), ()
    if isinstance(event, Failed) and job is not None and event.job == job.job:
        failed = replace(job, result=None, failed=event.error)  # no "deepening" beside the failure
        text = _("The analysis by {analyst} failed: {error}. Press A twice to try again.").format(
            analyst=job.analyst, error=event.error.rstrip(".")
        )
        return replace(state, analysis=failed, message=text, alert=True, sticky=True), ()
    return settle(*router.deliver(state, event))


def _tick(state: State, tick: Tick) -> State:
    """The clock: the time to the minute (for file names), the spinner's frame while something is under way
    (:func:`~gomoku.tui.model.busy`: the computer thinks, a puzzle move is judged).

    A tick that changes nothing on the screen gives back ``state`` itself.
    """
    now = tick.now.replace(second=0, microsecond=0)
    frame = tick.frame if busy(state) else state.frame
    screen = state.screen
    if isinstance(screen, Playing) and screen.game.clock.enabled and tick.seconds is not None:
        local = screen.game
        moment = state.ai.flag_moment(tick.seconds) if state.ai is not None else tick.seconds
        ticked = local.game.tick(moment)
        shown = screen if ticked is local.game else Playing(with_game(local, ticked))
        state = replace(state, seconds=tick.seconds, screen=shown)
        if ticked.over and not local.over:  # the status line says who won; the message says what next
            state = replace(state, message=_(TIME_UP), alert=False)
    if now == state.now and frame == state.frame:
        return state
    return replace(state, now=now, frame=frame)


def _flag_fell(before: State, after: State) -> bool:
    """Whether a flag fell on the game screen between ``before`` and ``after``."""
    old, new = before.screen, after.screen
    if not (isinstance(old, Playing) and isinstance(new, Playing)):
        return False
    return not old.game.over and new.game.over


def settle(state: State, effects: Effects) -> Update:
    """Keep the computer's job in line with the screen, adding the effects that takes.

    A job about a position no longer shown (the game moved on, the menu is
    up, a move job while paused) is cancelled; on the game screen, when it is
    the computer's turn and it is not paused (or may make one move), it is
    asked for its move.  In watch mode the answer waits for the pace.
    """
    more: list[Effect] = []
    shown = state.screen.game if isinstance(state.screen, Playing) else None
    ai = state.ai
    if ai is not None:
        wanted = shown is not None and ai.board is shown.board
        if wanted and ai.kind is AiKind.MOVE:
            wanted = shown is not None and shown.computer_to_move and (not shown.paused or shown.step)
        if wanted and ai.kind is AiKind.OPENING:
            wanted = shown is not None and ai.opening is shown.opening and not shown.paused
        if wanted and ai.kind is AiKind.BALANCE:  # a player's question about this step only
            wanted = shown is not None and ai.opening is shown.opening
        if not wanted:
            more.append(CancelAi(ai.job))
            state = replace(state, ai=None)
    if shown is not None and state.ai is None and shown.computer_in_opening and not shown.paused:
        job = state.jobs + 1
        seat = shown.game.acting_seat
        budget = shown.game.think_budget(seat, state.seconds) if state.seconds is not None and seat else None
        start = StartAi(
            job, AiKind.OPENING, shown.board, shown.settings.level, think_time=budget, opening=shown.opening
        )
        more.append(start)  # by the clock (its share of the time left, a second in hand), else its own time
        state = replace(state, ai=AiJob(job, AiKind.OPENING, shown.board, shown.opening, state.seconds), jobs=job)
    if shown is not None and state.ai is None and shown.computer_to_move and (not shown.paused or shown.step):
        job = state.jobs + 1
        stone = shown.board.turn
        delay = shown.settings.pace.seconds if shown.mode is Mode.CVC and not shown.step else 0.0
        think = shown.settings.think_time
        budget = (
            shown.game.think_budget(shown.game.seat_of(stone), state.seconds) if state.seconds is not None else None
        )
        if budget is not None:  # by the clock: its share of the time left, a second kept in hand
            think = budget if think is None else min(think, budget)
        level = shown.level_of(stone)
        book = state.library.lookup(shown.board) if level in LEVELS and LEVELS[level].reads_book else None
        more.append(StartAi(job, AiKind.MOVE, shown.board, level, delay, think, book=book))
        state = replace(state, ai=AiJob(job, AiKind.MOVE, shown.board, started=state.seconds, delay=delay), jobs=job)
    state, ponder = _settle_ponder(state)
    state, analysis = _settle_analysis(state)
    # a ponder is stopped before the move job starts: they share the computer's player
    return state, tuple(effects) + ponder + tuple(more) + analysis


def ponder_board(state: State) -> Board | None:
    """The game the computer may think on while the human thinks (pondering), or ``None``.

    Only when the settings allow it, in a game against a human, on the game
    screen with nothing over it, after the computer's move while the human
    is to move (not paused, not in the opening, not over), with no hint
    being read, and at a level that searches.
    """
    screen = state.screen
    if not state.settings.ponder or not isinstance(screen, Playing) or state.overlay is not None or state.ai:
        return None
    game = screen.game
    if game.mode is not Mode.PVC or game.paused or game.in_opening or game.over or not game.board.moves:
        return None
    computer = game.board.turn.opponent
    if computer not in game.computer or not menu.can_ponder(game.level_of(computer)):
        return None
    return game.board


def _settle_ponder(state: State) -> Update:
    """Keep the computer's pondering on the position shown: stop it the moment that changes, start it anew."""
    more: list[Effect] = []
    board = ponder_board(state)
    job = state.ponder
    if job is not None and job.board is not board:
        more.append(CancelPonder(job.job))
        state = replace(state, ponder=None)
    if board is not None and state.ponder is None:
        number = state.jobs + 1
        level = state.screen.game.level_of(board.turn.opponent)  # type: ignore[union-attr]
        more.append(StartPonder(number, board, level, state.settings.think_time))
        state = replace(state, ponder=PonderJob(number, board), jobs=number)
    return state, tuple(more)


def _settle_analysis(state: State) -> Update:
    """Keep the live analysis on the position shown: cancel a job about another one, start one on it.

    A move, an undo or a step of a replay makes a new board, so the analysis
    of the old position stops at once and the new one starts.  The coach
    waits while the computer thinks its move (:func:`gomoku.tui.live.waits`).
    """
    more: list[Effect] = []
    board = None if live.waits(state.screen, state.ai) else live.analysed_board(state.screen, state.settings)
    job = state.analysis
    if job is not None and job.board is not board:
        more.append(CancelAnalysis(job.job))
        state = replace(state, analysis=None)
    if board is not None and state.analysis is None:
        number = state.jobs + 1
        analyst = state.settings.analyst
        more.append(StartAnalysis(number, board, analyst))
        state = replace(state, analysis=AnalysisJob(number, board, analyst), jobs=number)
    return state, tuple(more)
