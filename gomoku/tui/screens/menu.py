"""The menu: the game's settings, one row each, and the actions (new game, load, quit).

Up/down choose a row (rows that do not matter for the chosen mode are
dimmed and skipped), left/right change the choice on it, and Enter starts
the game from any row.  The box says what the selected row means: the rule
in words, the board sizes that fit this terminal, what a level does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from gomoku import textwidth
from gomoku.ai import LEVELS
from gomoku.i18n import N_, Language, _, join_list, pgettext
from gomoku.openings import OpeningRule
from gomoku.point import MAX_SIZE, MIN_SIZE
from gomoku.rules import Rule, Stone
from gomoku.tui import draw
from gomoku.tui.bindings import HELP, NEXT, PAUSE, STEP, Binding, Bindings, key_line
from gomoku.tui.draw import Theme, Window
from gomoku.tui.effects import SaveSettings, Speak
from gomoku.tui.events import Event, HistoryRead, Mouse, Pressed
from gomoku.tui.keys import DOWN_KEYS, LEFT_KEYS, LOAD_KEY, PLAY_KEYS, QUIT_KEY, RIGHT_KEYS, UP_KEYS
from gomoku.tui.layout import board_layout, largest_fitting, menu_layout, needed
from gomoku.tui.model import HistoryView, Menu, MenuRow, NetMenu, Playing, PromptKind, Screen, State, new_game
from gomoku.tui.saves import fresh_game_effects
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import dialogs, history, prompt, puzzles
from gomoku.tui.screens.words import on_off, wrapped
from gomoku.tui.settings import (
    DEFAULT_ANALYST,
    MENU_CLOCKS,
    OPENING_TEXT,
    RULE_TEXT,
    THINK_TIMES,
    BoardStyle,
    Mode,
    Pace,
    Settings,
    Side,
)

ACTIONS = frozenset(
    {MenuRow.RESUME, MenuRow.NEW, MenuRow.LOAD, MenuRow.HISTORY, MenuRow.PUZZLES, MenuRow.NETWORK, MenuRow.QUIT}
)
LEVEL_ROWS = {MenuRow.LEVEL: "level", MenuRow.BLACK_LEVEL: "black_level", MenuRow.WHITE_LEVEL: "white_level"}
MODE_TEXT = {
    Mode.PVC: N_("you against the computer"),
    Mode.PVP: N_("two players taking turns at one keyboard"),
    Mode.CVC: N_("watch the computer play itself: p pauses, . steps"),
}
#: What each action row does (issue 21, item 11: the line under the rows is about the row chosen).
ACTION_TEXT = {
    MenuRow.RESUME: N_("Back to the game you left, as it was."),
    MenuRow.NEW: N_("Start a game with the choices below."),
    MenuRow.LOAD: N_("Replay a game record (SGF, .psq, a move list) or resume a kept game."),
    MenuRow.HISTORY: N_("Every game you finished, with your statistics and your rating against the levels."),
    MenuRow.PUZZLES: N_("Solve puzzles: the daily one, the collection, the mistakes of your own games."),
    MenuRow.NETWORK: N_("Host a game for someone on another terminal, or join theirs."),
    MenuRow.QUIT: N_("Leave gomoku (an unfinished game is kept for next time)."),
}
T = TypeVar("T")
#: The fewest columns of a row's label, before its value (the English labels' widest and two spaces);
#: a language whose labels are wider widens it (:func:`label_column`).
LABEL_COLUMN = 17

CHOOSE = Binding(tuple(sorted(UP_KEYS | DOWN_KEYS)), N_("choose a row"), N_("up/down choose"), "up down k j w s")
CHANGE = Binding(
    tuple(sorted(LEFT_KEYS | RIGHT_KEYS)),
    N_("change the choice on it (round and round)"),
    N_("left/right change"),
    "left right",
)
START = Binding(
    tuple(sorted(PLAY_KEYS)), N_("start the game (from any row), or do the action chosen"), N_("Enter starts")
)
NEW = Binding(("n", "g"), N_("start the game"), label="n g")
LOAD = Binding((LOAD_KEY,), N_("load a game record or a kept game"), N_("L load"))
BACK = Binding(("escape",), N_("back to the game"), N_("Esc back to the game"), "Esc")
QUIT = Binding((QUIT_KEY,), N_("quit"), N_("q quit"), always=True)


def label_column(listed: tuple[MenuRow, ...], inner: int) -> int:
    """The columns of the labels' column: the widest label of a choice and two spaces, at least
    :data:`LABEL_COLUMN`, at most half the box (a longer label is cut, so the values keep their room)."""
    widest = max((textwidth.width(row.label) for row in listed if row not in ACTIONS), default=0)
    return max(LABEL_COLUMN, min(widest + 2, inner // 2))


def rows(state: Context | State, menu: Menu) -> tuple[MenuRow, ...]:
    """The menu's rows, top to bottom, for the chosen mode."""
    resume = (MenuRow.RESUME,) if menu.back is not None else ()
    choices: tuple[MenuRow, ...]
    if state.settings.mode is Mode.CVC:
        # no "Black played by" row (the computer plays both): the room goes to the opening and the clock
        choices = (
            MenuRow.MODE,
            MenuRow.RULE,
            MenuRow.SIZE,
            MenuRow.BLACK_LEVEL,
            MenuRow.WHITE_LEVEL,
            MenuRow.THINK,
            MenuRow.PACE,
        )
    else:
        choices = (
            MenuRow.MODE,
            MenuRow.BLACK,
            MenuRow.RULE,
            MenuRow.SIZE,
            MenuRow.LEVEL,
            MenuRow.THINK,
            MenuRow.PONDER,
            MenuRow.COACH,
        )
    fair = (MenuRow.OPENING, MenuRow.CLOCK)  # watch mode too: a watched game plays them as well
    analyst = (MenuRow.ANALYST,) if state.settings.engines else ()  # a choice only once there is one
    # the menu opened from a game leaves the language out: 80x24 holds its sixteen rows and no more
    language = (MenuRow.LANGUAGE,) if menu.back is None else ()
    looks = (MenuRow.BOARD,)  # in a game too: a board whose rows slip is fixed from there
    # in a game too, where a game just finished is looked up: the language row's place makes its room at 80x24
    actions = (MenuRow.HISTORY, MenuRow.PUZZLES, MenuRow.NETWORK, MenuRow.LOAD, MenuRow.QUIT)
    return resume + (MenuRow.NEW,) + choices + fair + analyst + looks + language + actions


def applies(settings: Settings, row: MenuRow) -> bool:
    """Whether a row matters for the chosen mode (who plays black and the level only against the computer)."""
    if row in (MenuRow.BLACK, MenuRow.LEVEL, MenuRow.COACH):
        return settings.mode is Mode.PVC
    if row is MenuRow.THINK:
        return any(_thinks_by_time(level) for level in levels_playing(settings))
    if row is MenuRow.PONDER:
        return settings.mode is Mode.PVC and can_ponder(settings.level)
    return True


def can_ponder(level: str) -> bool:
    """Whether the computer at ``level`` can think on its opponent's time (the searching levels can)."""
    return level in LEVELS and LEVELS[level].searches


def levels_playing(settings: Settings) -> tuple[str, ...]:
    """The computer's levels in a game of ``settings`` (none between two people)."""
    if settings.mode is Mode.CVC:
        return (settings.black_level, settings.white_level)
    return (settings.level,) if settings.mode is Mode.PVC else ()


def _thinks_by_time(level: str) -> bool:
    return level in LEVELS and LEVELS[level].timed


def level_text(level: str) -> str:
    """A level as the menu shows it: its place on the ladder and its name ("8 hard")."""
    return _("{number} {level}").format(number=LEVELS[level].number, level=level) if level in LEVELS else level


def think_text(seconds: float | None) -> str:
    """A think time as the menu shows it."""
    # i18n: width 32 (a menu value: the box's 56 columns less the pointer, the labels' 17 and the arrows)
    return _("the level's own") if seconds is None else _("{seconds} s a move").format(seconds=f"{seconds:g}")


def language_text(language: Language | None) -> str:
    """A language as the Language row shows it: its own name, whatever language is in use."""
    return _("automatic (from the environment)") if language is None else language.native_name


#: The Language row's choices, round and round: the environment's first.
LANGUAGES: tuple[Language | None, ...] = (None, *Language)


def value_text(settings: Settings, row: MenuRow) -> str:
    """The current value of a choice as the player reads it."""
    if row is MenuRow.MODE:
        return settings.mode.label
    if row is MenuRow.BLACK:
        return settings.black.label
    if row is MenuRow.RULE:
        return settings.rule.said()
    if row is MenuRow.SIZE:
        return f"{settings.size}x{settings.size}"
    if row is MenuRow.PACE:
        return settings.pace.label
    if row is MenuRow.THINK:
        return think_text(settings.think_time)
    if row is MenuRow.OPENING:
        return settings.opening.said() if settings.opening is not OpeningRule.NONE else pgettext("setting", "none")
    if row is MenuRow.CLOCK:
        return settings.clock.describe()
    if row is MenuRow.COACH:
        # i18n: width 32
        return _("on: A shows the best moves") if settings.coach else on_off(False)
    if row is MenuRow.PONDER:
        # i18n: width 32
        return _("on: thinks on your time") if settings.ponder else on_off(False)
    if row is MenuRow.ANALYST:
        return settings.analyst
    if row is MenuRow.BOARD:
        return settings.board.label
    if row is MenuRow.LANGUAGE:
        return language_text(settings.language)
    return level_text(getattr(settings, LEVEL_ROWS[row]))


def selected(state: Context | State, menu: Menu) -> MenuRow:
    """The row with the cursor (New game if that row is gone, say after the mode changed)."""
    listed = rows(state, menu)
    return menu.row if menu.row in listed else MenuRow.NEW


def bindings(menu: Menu, ctx: Context) -> Bindings:
    back = (BACK,) if menu.back is not None else ()
    return (CHOOSE, CHANGE, START, NEW, LOAD, *back, HELP, QUIT)


def fits(menu: Menu, ctx: Context, rows_: int, cols: int) -> bool:
    return menu_layout(rows_, cols, len(rows(ctx, menu)), menu.back is not None) is not None


def update(menu: Menu, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    if isinstance(event, Mouse):
        return _click(ctx, menu, event)
    if isinstance(event, HistoryRead):  # read at start: the rating for the history row's line
        read = HistoryView(rated=event.rated, rated_games=event.rated_games)
        return replace(menu, rating=history.rating_line(read)), NOTHING
    if not isinstance(event, Pressed):
        return menu, UNHANDLED
    listed = rows(ctx, menu)
    row = selected(ctx, menu)
    name, binding = event.key, event.binding
    if binding is CHOOSE:
        return _with(menu, _next_row(ctx.settings, listed, row, -1 if name in UP_KEYS else 1)), NOTHING
    if binding is CHANGE:
        if row in ACTIONS:
            return menu, said(_("Left/right change a setting: up/down to one first; Enter starts."))
        return menu, _change(ctx, row, -1 if name in LEFT_KEYS else 1)
    if binding is START:
        return _activate(ctx, menu, row)
    if binding is NEW:
        return start(ctx, menu)
    if binding is LOAD:
        return menu, prompt.opened(ctx, PromptKind.LOAD)
    if binding is BACK and menu.back is not None:
        return menu.back, NOTHING
    if binding is QUIT:
        return menu, dialogs.quit_reply(menu)
    return menu, UNHANDLED


def _with(menu: Menu, row: MenuRow) -> Menu:
    return replace(menu, row=row)


def _next_row(settings: Settings, listed: tuple[MenuRow, ...], row: MenuRow, step: int) -> MenuRow:
    """The next row up or down that applies (wrapping round)."""
    index = listed.index(row)
    for _row in listed:
        index = (index + step) % len(listed)
        if applies(settings, listed[index]):
            return listed[index]
    return row


def _click(ctx: Context, menu: Menu, event: Mouse) -> tuple[Screen, Reply]:
    listed = rows(ctx, menu)
    layout = menu_layout(event.rows, event.cols, len(listed), menu.back is not None)
    index = layout.index_at(event.row, event.col) if layout else None
    if index is None:
        return menu, NOTHING
    row = listed[index]
    if not applies(ctx.settings, row):
        return menu, said(_why_not(ctx.settings, row))
    menu = _with(menu, row)
    if row in ACTIONS:
        return _activate(ctx, menu, row)
    return menu, _change(ctx, row, 1)


def _why_not(settings: Settings, row: MenuRow) -> str:
    if row is MenuRow.PONDER and settings.mode is Mode.PVC:
        searching = join_list(name for name, level in LEVELS.items() if level.searches)
        return _("Only the levels that search can think on your time ({levels}): choose one first.").format(
            levels=searching
        )
    if row is MenuRow.THINK and settings.mode is not Mode.PVP:
        timed = join_list(name for name, level in LEVELS.items() if level.timed)
        return _("Think time is for the levels that think by time ({levels}): choose one first.").format(levels=timed)
    return _("{row} only matters against the computer: change the mode first.").format(row=row.label)


def _activate(ctx: Context, menu: Menu, row: MenuRow) -> tuple[Screen, Reply]:
    if row is MenuRow.RESUME and menu.back is not None:
        return menu.back, NOTHING
    if row is MenuRow.LOAD:
        return menu, prompt.opened(ctx, PromptKind.LOAD)
    if row is MenuRow.NETWORK:
        return NetMenu(), NOTHING
    if row is MenuRow.HISTORY:
        return history.opened(ctx, menu.back)
    if row is MenuRow.PUZZLES:
        return puzzles.opened(ctx, menu.back)
    if row is MenuRow.QUIT:
        return menu, dialogs.quit_reply(menu)
    return start(ctx, menu)  # New game, or Enter on any setting


def _cycled(options: tuple[T, ...], current: T, step: int) -> T:
    """The option ``step`` after ``current``, round and round (issue 21, item 17: every row wraps)."""
    position = options.index(current) if current in options else 0
    return options[(position + step) % len(options)]


#: The board sizes, smallest first, for the size row.
SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))


def _change(ctx: Context, row: MenuRow, step: int) -> Reply:
    """The next (or previous) value of a choice, every row round and round; remembered for the next start."""
    settings = ctx.settings
    if not applies(settings, row):
        return said(_why_not(settings, row))
    if row is MenuRow.SIZE:
        changed = replace(settings, size=_cycled(SIZES, settings.size, step))
    elif row is MenuRow.MODE:
        changed = replace(settings, mode=_cycled(tuple(Mode), settings.mode, step))
    elif row is MenuRow.BLACK:
        changed = replace(settings, black=_cycled(tuple(Side), settings.black, step))
    elif row is MenuRow.RULE:
        changed = replace(settings, rule=_cycled(tuple(Rule), settings.rule, step))
    elif row is MenuRow.PACE:
        changed = replace(settings, pace=_cycled(tuple(Pace), settings.pace, step))
    elif row is MenuRow.THINK:
        changed = replace(settings, think_time=_cycled(THINK_TIMES, settings.think_time, step))
    elif row is MenuRow.OPENING:
        changed = replace(settings, opening=_cycled(tuple(OpeningRule), settings.opening, step))
    elif row is MenuRow.CLOCK:
        changed = replace(settings, clock=_cycled(MENU_CLOCKS, settings.clock, step))
    elif row is MenuRow.COACH:
        changed = replace(settings, coach=not settings.coach)
    elif row is MenuRow.PONDER:
        changed = replace(settings, ponder=not settings.ponder)
    elif row is MenuRow.BOARD:
        changed = replace(settings, board=_cycled(tuple(BoardStyle), settings.board, step))
    elif row is MenuRow.ANALYST:
        changed = replace(settings, analyst=_cycled((DEFAULT_ANALYST, *settings.engine_names), settings.analyst, step))
    elif row is MenuRow.LANGUAGE:
        changed = replace(settings, language=_cycled(LANGUAGES, settings.language, step))
        return Reply(effects=(SaveSettings.of(settings, changed), Speak(changed.language)), settings=changed)
    else:
        field = LEVEL_ROWS[row]
        level: str = getattr(settings, field)
        changed = replace(settings, **{field: _cycled(ctx.levels, level, step)})  # type: ignore[arg-type]
    return Reply(effects=(SaveSettings.of(settings, changed),), settings=changed)


def too_big(settings: Settings, terminal: tuple[int, int] | None, style: BoardStyle = BoardStyle.UNICODE) -> str:
    """Why a game of ``settings`` cannot be shown on the terminal in ``style`` (issue 21, item 12), or ``""``."""
    if terminal is None or board_layout(*terminal, settings.size, style) is not None:
        return ""
    rows_, cols = terminal
    size = f"{settings.size}x{settings.size}"
    terminal_size = f"{cols}x{rows_}"
    largest = largest_fitting(rows_, cols, style)
    if largest is None:
        return _("No board fits this {terminal} terminal: enlarge it to play.").format(terminal=terminal_size)
    return _(
        "{size} does not fit this {terminal} terminal: pick a size up to {largest}, or enlarge the terminal."
    ).format(size=size, terminal=terminal_size, largest=largest)


def start(ctx: Context, menu: Menu | None = None) -> tuple[Screen, Reply]:
    """A fresh game of the menu's settings, on the game screen (the old game's save is retired).

    A board the menu already says will not fit is not started: the menu says so.
    """
    settings = ctx.settings
    problem = too_big(settings, ctx.terminal, ctx.style)
    if problem:
        return menu or Menu(), alerted(problem)
    game = new_game(settings)
    if settings.mode is Mode.PVC:
        if Stone.BLACK in game.computer:
            hello = _("You play white. Arrows move, Enter plays, ? for help.")
        else:
            hello = _("You play black. Arrows move, Enter plays, ? for help.")
    elif settings.mode is Mode.PVP:
        hello = _("Black moves first. Arrows move, Enter plays, ? for help.")
    else:
        hello = _("Watching the computer play itself. {pause} pauses, {step} steps, {next} for a new game.").format(
            pause=PAUSE.keys[0], step=STEP.keys[0], next=NEXT.keys[0]
        )
    return Playing(game), said(hello, fresh_game_effects(game), overlay=None)


# -- the view -------------------------------------------------------------------


def about(ctx: Context, row: MenuRow, rows_: int, cols: int) -> str:
    """What the selected row means, for the line under the rows."""
    settings = ctx.settings
    menu = ctx.screen
    if row is MenuRow.HISTORY and isinstance(menu, Menu) and menu.rating:
        return menu.rating
    if row in ACTION_TEXT:
        return _(ACTION_TEXT[row])
    if row is MenuRow.SIZE:
        terminal = f"{cols}x{rows_}"
        largest = largest_fitting(rows_, cols, ctx.style)
        if largest is None:
            return _("No board fits this {terminal} terminal: enlarge it.").format(terminal=terminal)
        if settings.size > largest:
            need_rows, need_cols = needed(settings.size, style=ctx.style)
            return _("{size} needs {needed}. Sizes {smallest} to {largest} fit this {terminal} terminal.").format(
                size=f"{settings.size}x{settings.size}",
                needed=f"{need_cols}x{need_rows}",
                smallest=MIN_SIZE,
                largest=largest,
                terminal=terminal,
            )
        return _("Sizes {smallest} to {largest} fit this {terminal} terminal.").format(
            smallest=MIN_SIZE, largest=largest, terminal=terminal
        )
    if row in LEVEL_ROWS:
        level = getattr(settings, LEVEL_ROWS[row])
        engines = dict(settings.engines)
        if level in engines:
            return _("{level}: the outside engine {engine}.").format(level=level, engine=engines[level])
        if level not in LEVELS:
            return _("{level}: a computer player.").format(level=level)
        return _("{level} of {count}: {description}.").format(
            level=level_text(level), count=len(LEVELS), description=LEVELS[level].description
        )
    if row is MenuRow.THINK:
        own = join_list(
            _("{level} {seconds} s").format(level=name, seconds=f"{level.seconds:g}")
            for name, level in LEVELS.items()
            if level.seconds is not None
        )
        return _("Seconds a move for the levels that think by time; each level's own: {levels}.").format(levels=own)
    if row is MenuRow.MODE:
        return _("{mode}: {meaning}.").format(mode=settings.mode.label, meaning=_(MODE_TEXT[settings.mode]))
    if row is MenuRow.PACE:
        return _("Seconds from one move to the next; paused, . plays one move.")
    if row is MenuRow.BOARD:
        return board_text(settings.board, ctx.style)
    if row is MenuRow.ANALYST:
        return _("Who reads positions for the review (R) and live analysis (A): hard, or an outside engine.")
    if row is MenuRow.PONDER:
        return _(
            "On: the computer thinks while you do, on the reply it expects, and plays stronger (a core stays busy)."
        )
    if row is MenuRow.LANGUAGE:
        return _("The language gomoku speaks (--lang chooses one for a run).")
    if row is MenuRow.COACH:
        return _("On: A in the game shows the analyst's best moves for you (it is always there between two players).")
    if row is MenuRow.BLACK:
        return _("Black moves first.")
    if row is MenuRow.OPENING:
        opening = settings.opening.said()
        return _("{opening}: {meaning}.").format(opening=opening, meaning=OPENING_TEXT[settings.opening])
    if row is MenuRow.CLOCK:
        return _("Each side's time (--clock takes any, like 15+10); running out loses.")
    return _("{rule}: {meaning}.").format(rule=settings.rule.said(), meaning=RULE_TEXT[settings.rule])


def board_text(chosen: BoardStyle, drawn: BoardStyle) -> str:
    """What the board style row says: what the styles are for, and what is drawn here."""
    if chosen is not BoardStyle.AUTO and chosen is not drawn:
        return _("This terminal shows plain ASCII only (its locale is not UTF-8), whatever the style.")
    if chosen is BoardStyle.AUTO:
        return _(
            "Auto asks the terminal (here: {style}); wide suits terminals that draw lines two columns wide."
        ).format(style=drawn.label)
    return _("Wide suits terminals that draw lines and stones two columns wide (often so for CJK).")


def size_warning(settings: Settings, rows_: int, cols: int, style: BoardStyle = BoardStyle.UNICODE) -> str:
    """What the size row says when the chosen board does not fit this terminal in ``style``, or ``""``."""
    if board_layout(rows_, cols, settings.size, style) is not None:
        return ""
    largest = largest_fitting(rows_, cols, style)
    return _("too big here") if largest is None else _("too big here (up to {largest})").format(largest=largest)


def view(win: Window, menu: Menu, ctx: Context, theme: Theme) -> None:
    rows_, cols = win.getmaxyx()
    listed = rows(ctx, menu)
    layout = menu_layout(rows_, cols, len(listed), menu.back is not None)  # in a game: Esc back stays said
    if layout is None:
        draw.too_small(win, theme, _("The menu"), (len(listed) + 10, 40))
        return
    draw.box(win, theme, layout.top, layout.left, layout.height, layout.width)
    inner = layout.width - 4
    title = textwidth.fit(_("Gomoku: five in a row"), inner - 2)
    draw.put(win, layout.title_y, layout.left + 2, f" {title} ", theme("status"))  # spaced off the border it may be on
    settings = ctx.settings
    current = selected(ctx, menu)
    column = label_column(listed, inner)
    for index, row in enumerate(listed):
        is_selected = row is current
        pointer = theme.glyphs["pointer"] if is_selected else " "
        text = f" {pointer} {row.label}"
        warning = ""
        if row not in ACTIONS:
            value = value_text(settings, row)
            label = textwidth.ljust(row.label, column)
            text = f" {pointer} {label}" + (f"< {value} >" if is_selected else f"  {value}")
            if row is MenuRow.SIZE:
                warning = size_warning(settings, rows_, cols, ctx.style)
        attr = theme("selected") if is_selected else (0 if applies(settings, row) else theme("dim"))
        y = layout.first_item + index
        draw.put(win, y, layout.left + 2, textwidth.ljust(text, inner), attr)
        used = textwidth.width(text)
        if warning and used + 2 < inner:
            draw.put(win, y, layout.left + 2 + used + 2, textwidth.fit(warning, inner - used - 2), theme("alert"))
    below = layout.below
    about_lines = wrapped(about(ctx, current, rows_, cols), inner - 2, layout.about, theme.glyphs["ellipsis"])
    for offset, line in enumerate(about_lines):
        draw.put(win, below + offset, layout.left + 3, theme.dots(line))
    shorts = key_line(bindings(menu, ctx))  # the menu's key line, in two lines in the box
    for offset, part in enumerate((shorts[:3], shorts[3:])[: layout.hints]):
        draw.put(
            win,
            below + layout.about + offset,
            layout.left + 3,
            textwidth.fit(theme.dots(theme.join(part)), inner - 2),
            theme("dim"),
        )


ROUTE = Route(
    update,
    view,
    bindings,
    fits=fits,
    key_line=lambda menu, ctx: [],
    unbound=lambda menu, ctx, key: unbound_text(key, _("arrows choose, Enter starts, ? helps.")),
)
