"""The Puzzles screen: the sets to solve from, then a puzzle on the board, judged by the solvers.

:func:`opened` (the menu's *Puzzles...* row, ``--puzzle [FILE]``) shows the
sets (:class:`~gomoku.tui.model.PuzzleSets`): the daily puzzle, the built-in
collection (the unfinished puzzles nearest your rating first), *your
puzzles* (from your reviewed games) and a file's puzzles, with your rating
and streak; the progress and the collections are read on the file worker
(:class:`~gomoku.tui.effects.LoadPuzzles`).

Enter opens a set on a :class:`~gomoku.tui.model.Solving` screen: the
position, the side to move, the goal, your rating and streak.  A move is
judged by :func:`gomoku.puzzles.try_move` on the worker pool (it may take
seconds; a spinner turns meanwhile): a winning move is played and the
defender answers with its longest resistance, until the win is done; a
wrong move is told why and the puzzle counts as failed (the player may try
again; only the first finish moves the rating, :mod:`gomoku.puzzle_progress`).
``H`` gives a hint in two steps (the area of the threat, then the move),
``v`` replays the solution step by step; both count as a failure.  ``n`` and
``p`` go to the next and the previous puzzle of the set, Esc back to the sets.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku import textwidth
from gomoku.board import Board, IllegalMoveError
from gomoku.i18n import N_, _, join_sentences, ngettext
from gomoku.point import Point, to_notation
from gomoku.puzzle_progress import Finish, Progress, by_nearness, daily_puzzle
from gomoku.puzzles import Attempt, Goal, Puzzle
from gomoku.tui import draw
from gomoku.tui.bindings import CURSOR, HELP, PLAY, Binding, Bindings, key_line
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import CancelPuzzleJob, Effects, JudgePuzzleMove, LoadPuzzles, SavePuzzleProgress
from gomoku.tui.events import Event, Mouse, Pressed, PuzzleJudged, PuzzlesRead
from gomoku.tui.keys import CURSOR_KEYS, DOWN_KEYS, QUIT_KEY, UP_KEYS
from gomoku.tui.layout import board_layout, clicked_point, menu_layout, stepped
from gomoku.tui.model import (
    MenuRow,
    Playing,
    PuzzleSet,
    PuzzleSets,
    PuzzleShelf,
    Screen,
    Solving,
    forbidden_marks,
)
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, to_menu, unbound_text
from gomoku.tui.screens import dialogs
from gomoku.tui.screens.words import fitted, wrapped
from gomoku.tui.texts import colour, sentence

#: The side of the square the first hint names around the threat: 5x5, big enough not to give the move away
#: (25 points, most of them empty in a puzzle), small enough to say where to look.
HINT_AREA = 5

# -- the keys, declared once with their help --------------------------------------------

CHOOSE = Binding(tuple(sorted(UP_KEYS | DOWN_KEYS)), N_("choose a set"), N_("up/down choose"), "up down k j w s")
OPEN = Binding(("enter", "space"), N_("open the set chosen"), N_("Enter opens"), "Enter Space")
TO_MENU = Binding(("escape", "b"), N_("back to the menu"), N_("Esc back"), "Esc b")
QUIT = Binding((QUIT_KEY,), N_("quit"), N_("q quit"), always=True)

HINT = Binding(
    ("H",), N_("hint: first the area of the threat, then the move (the puzzle counts as failed)"), N_("H hint")
)
SOLUTION = Binding(("v",), N_("view the solution step by step (the puzzle counts as failed)"), N_("v solution"))
RETRY = Binding(("r",), N_("start the puzzle again from its position"), N_("r retry"))
NEXT = Binding(("n",), N_("the next puzzle of the set"), N_("n/p puzzle"))
PREVIOUS = Binding(("p",), N_("the previous puzzle of the set"), label="p")
TO_SETS = Binding(("escape", "b"), N_("back to the sets"), N_("Esc back"), "Esc b")
#: While the solution is replayed.
STEP_BACK = Binding(("left", "h", "a", ","), N_("one move back"), N_("left/right step"), "left h a ,")
STEP_ON = Binding(("right", "l", "d", ".", "space"), N_("one move forward"), label="right l d . Space")
REPLAY_END = Binding(("escape", "v"), N_("back to the puzzle"), N_("Esc back"), "Esc v")


# -- opening the screen ------------------------------------------------------------------


def opened(
    ctx: Context, back: Playing | None = None, file: tuple[str, tuple[Puzzle, ...]] | None = None
) -> tuple[Screen, Reply]:
    """The sets' page, its progress and collections read on the file worker; ``file`` is ``--puzzle FILE``'s."""
    job = ctx.job
    row = PuzzleSet.FILE if file is not None else PuzzleSet.DAILY
    screen = PuzzleSets(job, back, row, file)
    return screen, said(_("Reading your puzzles..."), (LoadPuzzles(job),), overlay=None)


def set_rows(screen: PuzzleSets) -> tuple[PuzzleSet, ...]:
    """The sets listed: the file's (when one was given) first."""
    rows = (PuzzleSet.DAILY, PuzzleSet.BUILTIN, PuzzleSet.MINE)
    return ((PuzzleSet.FILE,) + rows) if screen.file is not None else rows


def set_puzzles(screen: PuzzleSets, chosen: PuzzleSet) -> tuple[Puzzle, ...]:
    """The puzzles of a set, in the order they are offered."""
    shelf = screen.shelf
    if shelf is None:
        return ()
    if chosen is PuzzleSet.DAILY:
        today = daily_puzzle(shelf.builtin or shelf.mine, shelf.day, shelf.progress)
        return () if today is None else (today,)
    if chosen is PuzzleSet.BUILTIN:
        return by_nearness(shelf.builtin, shelf.progress)
    if chosen is PuzzleSet.MINE:
        return tuple(reversed(shelf.mine))  # the newest first: the game just lost
    return screen.file[1] if screen.file is not None else ()


def set_text(screen: PuzzleSets, chosen: PuzzleSet) -> str:
    """What a set's row says beside its name: how many puzzles, how many finished; the daily one's state."""
    shelf = screen.shelf
    if shelf is None:
        return ""
    puzzles = set_puzzles(screen, chosen)
    if chosen is PuzzleSet.DAILY:
        if not puzzles:
            return _("empty")
        finish = shelf.progress.finish_of(puzzles[0])
        if finish is Finish.SOLVED:
            return _("solved")
        return _("failed") if finish is Finish.FAILED else _("to solve")
    if not puzzles:
        return _("empty")
    done = sum(1 for puzzle in puzzles if shelf.progress.finish_of(puzzle) is not None)
    return ngettext("{count} puzzle, {done} done", "{count} puzzles, {done} done", len(puzzles)).format(
        count=len(puzzles), done=done
    )


def about(screen: PuzzleSets, chosen: PuzzleSet) -> str:
    """What the set chosen is, for the line under the rows."""
    if chosen is PuzzleSet.DAILY:
        return _("One puzzle a day, the same for everyone on the same day.")
    if chosen is PuzzleSet.BUILTIN:
        return _("Puzzles from the computer's games, proven by the solvers; those nearest your rating first.")
    if chosen is PuzzleSet.MINE:
        return _("The missed wins and decisive mistakes of the games you reviewed (R after a game).")
    name = screen.file[0] if screen.file is not None else ""
    return _("The puzzles of {name}.").format(name=name)


def rating_line(progress: Progress) -> str:
    """``rating 1512 · streak 3 (best 5)``: the player's puzzle rating and streaks."""
    return _("rating {rating} · streak {streak} (best {best})").format(
        rating=round(progress.player.rating), streak=progress.streak, best=progress.best_streak
    )


# -- the sets' page ---------------------------------------------------------------------------


def sets_bindings(screen: PuzzleSets, ctx: Context) -> Bindings:
    return (CHOOSE, OPEN, TO_MENU, HELP, QUIT)


def sets_fits(screen: PuzzleSets, ctx: Context, rows: int, cols: int) -> bool:
    return menu_layout(rows, cols, len(set_rows(screen))) is not None


def sets_update(screen: PuzzleSets, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, PuzzlesRead):
        if event.job != screen.job:
            return screen, UNHANDLED
        shelf = PuzzleShelf(event.day, event.progress, event.builtin, event.mine)
        loaded = replace(screen, shelf=shelf, waiting=False)
        if event.notice:
            return loaded, alerted(event.notice)
        if screen.waiting:  # the player asked for a set while it was read
            return _open(loaded, ctx)
        return loaded, said(_("Choose a set: up/down, then Enter."))
    if isinstance(event, Mouse):
        layout = menu_layout(event.rows, event.cols, len(set_rows(screen)))
        index = layout.index_at(event.row, event.col) if layout else None
        if index is None:
            return screen, NOTHING
        return _open(replace(screen, row=set_rows(screen)[index]), ctx)
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    binding = event.binding
    if binding is CHOOSE:
        rows = set_rows(screen)
        index = rows.index(screen.row) if screen.row in rows else 0
        step = -1 if event.key in UP_KEYS else 1
        return replace(screen, row=rows[(index + step) % len(rows)]), NOTHING
    if binding is OPEN:
        return _open(screen, ctx)
    if binding is TO_MENU:
        return to_menu(ctx, MenuRow.PUZZLES, screen.back)
    if binding is QUIT:
        return screen, dialogs.quit_reply(screen)
    return screen, UNHANDLED


def _open(screen: PuzzleSets, ctx: Context) -> tuple[Screen, Reply]:
    if screen.shelf is None:
        return replace(screen, waiting=True), said(_("Your puzzles are still being read: the set opens in a moment."))
    puzzles = set_puzzles(screen, screen.row)
    if not puzzles:
        if screen.row is PuzzleSet.MINE:
            return screen, said(
                _("No puzzles from your games yet: review a game you lost (R) and its mistakes come here.")
            )
        return screen, said(_("This set has no puzzles."))
    return start(screen, screen.row, puzzles, 0)


def start(sets: PuzzleSets, chosen: PuzzleSet, puzzles: tuple[Puzzle, ...], index: int) -> tuple[Screen, Reply]:
    """Puzzle ``index`` of ``puzzles`` from its position, and what it asks."""
    puzzle = puzzles[index]
    board = puzzle.board()
    solving = Solving(
        sets,
        chosen,
        puzzles,
        index,
        board,
        _first_cursor(puzzle),
        line=puzzle.solution,
        forbidden=forbidden_marks(board),
    )
    return solving, said(task_text(puzzle))


def _first_cursor(puzzle: Puzzle) -> Point:
    """Where the cursor starts: amid the stones the play is about (the side to move's, for a defence the
    attacker's), else amid all of them."""
    side = puzzle.turn.opponent if puzzle.goal is Goal.DEFENCE else puzzle.turn
    own = [point for point, stone in puzzle.stones if stone is side] or [point for point, _ in puzzle.stones]
    if not own:
        return Point(puzzle.size // 2, puzzle.size // 2)
    xs = sorted(point.x for point in own)
    ys = sorted(point.y for point in own)
    return Point(xs[len(xs) // 2], ys[len(ys) // 2])


def task_text(puzzle: Puzzle) -> str:
    """``Black to play: win by fours.``"""
    return _("{side} to play: {goal}.").format(side=puzzle.turn.said(), goal=puzzle.goal.said())


def sets_header(screen: PuzzleSets, ctx: Context) -> str:
    return _("puzzles")


def sets_view(win: Window, screen: PuzzleSets, ctx: Context, theme: Theme) -> None:
    rows_, cols = win.getmaxyx()
    listed = set_rows(screen)
    layout = menu_layout(rows_, cols, len(listed))
    if layout is None:
        draw.too_small(win, theme, _("Puzzles"), (len(listed) + 10, 40))
        return
    draw.box(win, theme, layout.top, layout.left, layout.height, layout.width)
    inner = layout.width - 4
    shelf = screen.shelf
    title = _("Puzzles")
    if shelf is not None:
        title = theme.join([title, rating_line(shelf.progress)])
    title = textwidth.fit(theme.dots(title), inner - 2)
    draw.put(win, layout.title_y, layout.left + 2, f" {title} ", theme("status"))  # spaced off the border it may be on
    column = max(textwidth.width(row.label) for row in listed) + 2
    column = min(column, inner // 2 + 4)
    for index, row in enumerate(listed):
        is_selected = row is screen.row
        pointer = theme.glyphs["pointer"] if is_selected else " "
        text = f" {pointer} {textwidth.ljust(textwidth.fit(row.label, column - 1), column)}{set_text(screen, row)}"
        attr = theme("selected") if is_selected else 0
        draw.put(
            win, layout.first_item + index, layout.left + 2, textwidth.ljust(textwidth.fit(text, inner), inner), attr
        )
    below = layout.below
    lines = wrapped(about(screen, screen.row), inner - 2, layout.about, theme.glyphs["ellipsis"])
    if shelf is None:
        lines = [_("Reading your puzzles...")]
    for offset, line in enumerate(lines):
        draw.put(win, below + offset, layout.left + 3, theme.dots(line))
    shorts = key_line(sets_bindings(screen, ctx))  # the keys in the box, as the menu shows its own
    for offset, part in enumerate((shorts[:3], shorts[3:])[: layout.hints]):
        text = textwidth.fit(theme.dots(theme.join(part)), inner - 2)
        draw.put(win, below + layout.about + offset, layout.left + 3, text, theme("dim"))


# -- solving -------------------------------------------------------------------------------


def solve_bindings(screen: Solving, ctx: Context) -> Bindings:
    if screen.replay is not None:
        return (STEP_BACK, STEP_ON, REPLAY_END, HELP, QUIT)
    return (CURSOR, PLAY, HINT, SOLUTION, RETRY, NEXT, PREVIOUS, TO_SETS, HELP, QUIT)


def solve_fits(screen: Solving, ctx: Context, rows: int, cols: int) -> bool:
    return board_layout(rows, cols, screen.board.size, ctx.style) is not None


def solve_update(screen: Solving, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, PuzzleJudged):
        if event.job != screen.job:
            return screen, UNHANDLED
        return judged(screen, event.attempt)
    if isinstance(event, Mouse):
        if screen.replay is not None:
            return screen, NOTHING
        point = clicked_point(event.row, event.col, event.rows, event.cols, screen.board.size, ctx.style)
        if point is None:
            return screen, NOTHING
        return play(replace(screen, cursor=point), ctx)
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    binding = event.binding
    if screen.replay is not None:
        return _replaying(screen, binding)
    if binding is CURSOR:
        return replace(screen, cursor=stepped(screen.cursor, *CURSOR_KEYS[event.key], screen.board.size)), NOTHING
    if binding is PLAY:
        return play(screen, ctx)
    if binding is HINT:
        return hint(screen)
    if binding is SOLUTION:
        return show_solution(screen)
    if binding is RETRY:
        return retry(screen)
    if binding in (NEXT, PREVIOUS):
        return go_to(screen, screen.index + (1 if binding is NEXT else -1))
    if binding is TO_SETS:
        return replace(screen.sets, row=screen.chosen), _cancelled(screen)
    if binding is QUIT:
        reply = dialogs.quit_reply(screen)
        return screen, replace(reply, effects=_cancelled(screen).effects + reply.effects)
    return screen, UNHANDLED


def _cancelled(screen: Solving) -> Reply:
    """Leaving a puzzle: the move being judged is no longer wanted."""
    return Reply(effects=(CancelPuzzleJob(screen.job),)) if screen.job is not None else NOTHING


def current(screen: Solving) -> Puzzle:
    """The puzzle from the position on the board now, the same side to move and goal (what the next move solves)."""
    return Puzzle.from_board(screen.board, screen.puzzle.goal)


def play(screen: Solving, ctx: Context) -> tuple[Screen, Reply]:
    """Try the move at the cursor: the solvers judge it on the worker pool."""
    point = screen.cursor
    name = to_notation(point, screen.board.size)
    if screen.solved:
        return screen, said(_("Solved already: n for the next puzzle, r to play it again."))
    if screen.job is not None:
        return screen, said(_("Wait: {point} is being checked.").format(point=name))
    try:
        screen.board.check_move(point)
    except IllegalMoveError as error:
        return screen, alerted(sentence(str(error)))
    job = ctx.job
    checking = replace(screen, job=job, trying=point)
    return checking, Reply(effects=(JudgePuzzleMove(job, current(screen), point),))


def judged(screen: Solving, attempt: Attempt) -> tuple[Screen, Reply]:
    """The solvers' verdict on the move tried: played with the defender's answer, solved, or refused with why."""
    size = screen.board.size
    screen = replace(screen, job=None, trying=None)
    if not attempt.accepted:
        failed, effects, change_text = finish(screen, Finish.FAILED)
        text = _("Not {point}: {reason}.").format(point=to_notation(attempt.move, size), reason=attempt.reason)
        return failed, alerted(join_sentences(text, change_text, _("Try another move (r starts again).")), effects)
    board = screen.board.copy()
    board.play(attempt.move)
    played = screen.played + (attempt.move,)
    line = attempt.line[1:] if attempt.line[:1] == (attempt.move,) else ()
    if attempt.reply is None or board.is_game_over():
        done = replace(screen, board=board, played=played, line=(), hint=0, forbidden=frozenset(), solved=True)
        return _solved(done)
    board.play(attempt.reply)
    played += (attempt.reply,)
    line = line[1:] if line[:1] == (attempt.reply,) else ()
    moved = replace(screen, board=board, played=played, line=line, hint=0, forbidden=forbidden_marks(board))
    text = _("Right: {mover} {move}, {defender} answers {reply}. Go on.").format(
        mover=colour(board.turn),
        move=to_notation(attempt.move, size),
        defender=colour(board.turn.opponent),
        reply=to_notation(attempt.reply, size),
    )
    return moved, said(text)


def _solved(screen: Solving) -> tuple[Screen, Reply]:
    if screen.failed:
        return screen, said(_("Solved (the rating moved at the first miss): n for the next puzzle."))
    done, effects, change_text = finish(screen, Finish.SOLVED)
    return done, said(join_sentences(_("Solved!"), change_text, _("n for the next puzzle.")), effects)


def finish(screen: Solving, how: Finish) -> tuple[Solving, Effects, str]:
    """The puzzle finished ``how`` for the first time on this screen: rated (once ever), the progress kept.

    Returns the screen, the effects (the progress saved) and the rating's change in words (``""``: unrated).
    """
    if screen.failed or screen.change is not None:  # finished on this screen already: nothing moves again
        return screen, (), ""
    shelf = screen.shelf
    progress, change = shelf.progress.finished(screen.puzzle, how, shelf.day)
    sets = replace(screen.sets, shelf=replace(shelf, progress=progress))
    if not change.rated:  # finished before (another time): nothing moves, and nothing is marked failed here
        return replace(screen, change=change), (), ""
    screen = replace(screen, sets=sets, change=change, failed=how is Finish.FAILED)
    before, after = change.shown
    return screen, (SavePuzzleProgress(progress),), _("Rating {before} → {after}.").format(before=before, after=after)


def hint_area(point: Point, size: int) -> tuple[Point, Point]:
    """The :data:`HINT_AREA` square the first hint names: it holds ``point``, which is not always at its middle
    (else the hint would give the move away), and it stays on the board.  Its top-left and bottom-right corners."""
    side = min(HINT_AREA, size)
    shift_x = (point.x * 7 + point.y * 3) % side
    shift_y = (point.x * 3 + point.y * 7) % side
    left = max(0, min(size - side, point.x - shift_x))
    top = max(0, min(size - side, point.y - shift_y))
    return Point(left, top), Point(left + side - 1, top + side - 1)


def area_points(corners: tuple[Point, Point]) -> frozenset[Point]:
    first, last = corners
    return frozenset(Point(x, y) for x in range(first.x, last.x + 1) for y in range(first.y, last.y + 1))


def hint(screen: Solving) -> tuple[Screen, Reply]:
    """The next hint: the area of the threat, then the move; the first one counts the puzzle as failed."""
    if screen.solved:
        return screen, said(_("Solved already: n for the next puzzle, r to play it again."))
    if not screen.line:
        return screen, said(_("This puzzle states no solution from here: no hint to give."))
    if screen.hint >= 2:
        return screen, said(_("The hint is on the board: play {point}.").format(point=_name(screen, screen.line[0])))
    failed, effects, change_text = finish(screen, Finish.FAILED)
    shown = replace(failed, hint=screen.hint + 1)
    size = screen.board.size
    if shown.hint == 1:
        first, last = hint_area(screen.line[0], size)
        text = _("Hint: the move is in the square {first}-{last}.").format(
            first=to_notation(Point(first.x, last.y), size), last=to_notation(Point(last.x, first.y), size)
        )
    else:
        text = _("Hint: play {point}.").format(point=_name(screen, screen.line[0]))
    return shown, said(join_sentences(text, change_text), effects)


def _name(screen: Solving, point: Point) -> str:
    return to_notation(point, screen.board.size)


def solution_line(screen: Solving) -> tuple[Point, ...]:
    """The solution from the puzzle's position: the moves played so far and the known line from there."""
    return screen.played + screen.line if screen.line or screen.solved else screen.puzzle.solution


def show_solution(screen: Solving) -> tuple[Screen, Reply]:
    """Replay the solution from the puzzle's position, one move a key; unless solved, the puzzle counts as failed."""
    line = solution_line(screen)
    if not line:
        return screen, said(_("This puzzle states no solution to show."))
    effects: Effects = ()
    change_text = ""
    if not screen.solved:
        screen, effects, change_text = finish(screen, Finish.FAILED)
    text = _("The solution, move by move: right/left step, Esc goes back to the puzzle.")
    return replace(screen, replay=0, hint=0), said(join_sentences(text, change_text), effects)


def replay_board(screen: Solving) -> Board:
    """The board the replay shows: the puzzle's position and the solution's first ``replay`` moves."""
    board = screen.puzzle.board()
    for point in solution_line(screen)[: screen.replay or 0]:
        if board.is_game_over() or not board.is_legal(point):
            break
        board.play(point)
    return board


def _replaying(screen: Solving, binding: Binding) -> tuple[Screen, Reply]:
    assert screen.replay is not None
    total = len(solution_line(screen))
    if binding is REPLAY_END:
        return replace(screen, replay=None), said(task_text(screen.puzzle))
    if binding is QUIT:
        return screen, dialogs.quit_reply(screen)
    step = screen.replay + (1 if binding is STEP_ON else -1)
    if not 0 <= step <= total:
        return screen, said(
            _("That is the end of the solution.") if step > total else _("That is the puzzle's position.")
        )
    return replace(screen, replay=step), NOTHING


def retry(screen: Solving) -> tuple[Screen, Reply]:
    """The puzzle again from its position (a retry moves no rating)."""
    again, reply = start(screen.sets, screen.chosen, screen.puzzles, screen.index)
    assert isinstance(again, Solving)
    kept = replace(again, failed=screen.failed, change=screen.change)
    effects = _cancelled(screen).effects
    return kept, replace(reply, effects=effects)


def go_to(screen: Solving, index: int) -> tuple[Screen, Reply]:
    """Another puzzle of the set (its first or last says so)."""
    if not 0 <= index < len(screen.puzzles):
        last = _("That is the last puzzle of this set: Esc for the sets.")
        return screen, said(last if index >= len(screen.puzzles) else _("That is the first puzzle of this set."))
    moved, reply = start(screen.sets, screen.chosen, screen.puzzles, index)
    return moved, replace(reply, effects=_cancelled(screen).effects)


# -- the view ---------------------------------------------------------------------------------


def solve_header(screen: Solving, ctx: Context) -> str:
    puzzle = screen.puzzle
    return _("puzzles · {set} · {rule} {size}").format(
        set=screen.chosen.label, rule=puzzle.rule.said(), size=f"{puzzle.size}x{puzzle.size}"
    )


def shown_board(screen: Solving) -> Board:
    return replay_board(screen) if screen.replay is not None else screen.board


def solve_view(win: Window, screen: Solving, ctx: Context, theme: Theme) -> None:
    board = shown_board(screen)
    layout = draw.board_place(win, theme, board.size)
    if layout is None:
        return
    replaying = screen.replay is not None
    area: frozenset[Point] = frozenset()
    hint_point = None
    if not replaying and screen.line and screen.hint >= 1:
        area = area_points(hint_area(screen.line[0], board.size)) if screen.hint == 1 else frozenset()
        hint_point = screen.line[0] if screen.hint >= 2 else None
    marks = Marks(
        forbidden=screen.forbidden if not replaying else frozenset(),
        hint=hint_point,
        cursor=None if replaying else screen.cursor,
        area=area,
    )
    draw.board_view(win, layout, board, theme, marks)
    if layout.panel_x is not None:
        _panel(win, layout.panel_x, layout.top, screen, theme)
    _status(win, screen, ctx, theme)


def panel_lines(screen: Solving) -> list[tuple[str, str]]:
    """The panel beside the board, as (text, style) lines: the puzzle, the task, the player, how it went."""
    puzzle = screen.puzzle
    progress = screen.progress
    lines: list[tuple[str, str]] = [
        (_("Puzzle {number} of {total}").format(number=screen.index + 1, total=len(screen.puzzles)), "status")
    ]
    if puzzle.name:
        lines.append((puzzle.name, ""))
    if puzzle.source:
        lines.append((puzzle.source, "dim"))
    lines.append(("", ""))
    lines.append((task_text(puzzle), "status"))
    lines.append(("", ""))
    lines.append((_("Your rating: {rating}").format(rating=round(progress.player.rating)), ""))
    lines.append((_("Streak: {streak} (best {best})").format(streak=progress.streak, best=progress.best_streak), ""))
    finish_ = progress.finish_of(puzzle)
    if screen.solved:
        lines.append((_("Solved!"), "status"))
    elif screen.failed or finish_ is Finish.FAILED:
        lines.append((_("Failed: try again, it counts no more."), "alert"))
    elif finish_ is Finish.SOLVED:
        lines.append((_("Solved before: it counts no more."), "dim"))
    change = screen.change
    if change is not None and change.rated:
        before, after = change.shown
        lines.append((_("Rating {before} → {after}.").format(before=before, after=after), ""))
    if screen.played and screen.replay is None:  # the solution is replayed from the puzzle's own position
        lines.append(("", ""))
        names = " ".join(to_notation(point, puzzle.size) for point in screen.played)
        lines.append((_("Played: {moves}").format(moves=names), "dim"))
    return lines


def _panel(win: Window, x: int, top: int, screen: Solving, theme: Theme) -> None:
    columns = max(1, win.getmaxyx()[1] - x - 1)
    bottom = draw.status_row(win) - 1
    row = top
    for text, style in panel_lines(screen):
        for line in draw.wrap(theme.dots(text), columns) or [""]:
            if row > bottom:
                return
            draw.put(win, row, x, line, theme(style) if style else 0)
            row += 1


def _status(win: Window, screen: Solving, ctx: Context, theme: Theme) -> None:
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    puzzle = screen.puzzle
    if screen.replay is not None:
        line = solution_line(screen)
        parts = [_("Solution: move {number} of {total}").format(number=screen.replay, total=len(line))]
        if screen.replay:
            parts.append(to_notation(line[screen.replay - 1], puzzle.size))
    elif screen.job is not None and screen.trying is not None:
        spinner = theme.glyphs["spinner"]
        parts = [
            _("Checking {point}").format(point=to_notation(screen.trying, puzzle.size))
            + f" {spinner[ctx.frame % len(spinner)]}"
        ]
    elif screen.solved:
        parts = [_("Solved!"), _("n for the next puzzle.")]
    else:
        parts = [task_text(puzzle), _("cursor {point}").format(point=to_notation(screen.cursor, puzzle.size))]
    if screen.replay is None and screen.job is None:
        parts.append(rating_line(screen.progress))
    draw.put(win, row, 1, fitted(theme, parts, cols - 2), theme("status"))


SETS_ROUTE = Route(
    sets_update,
    sets_view,
    sets_bindings,
    header=sets_header,
    fits=sets_fits,
    unbound=lambda screen, ctx, key: unbound_text(key, _("up/down choose, Enter opens, Esc goes back.")),
)
SOLVE_ROUTE = Route(
    solve_update,
    solve_view,
    solve_bindings,
    header=solve_header,
    fits=solve_fits,
    unbound=lambda screen, ctx, key: unbound_text(
        key,
        _("right/left step, Esc goes back to the puzzle.")
        if screen.replay is not None
        else _("Enter plays, H hints, v shows the solution, ? helps."),
    ),
)
