"""How a screen plugs into the terminal game: the protocol, the key bindings, and what a screen reports upward.

A screen (or an overlay) is a sub-model, as bubbletea composes child models.
Its data is a frozen dataclass (:mod:`gomoku.tui.model`); its behaviour is a
:class:`Route`, three pure functions and two optional ones:

- ``update(screen, msg, ctx) -> (screen, Reply)``: the screen after an
  event (a key, a click, an answer of a worker), and a :class:`Reply`:
  what it reports upward (the message line, effects for the loop, an overlay
  to open or close, changed settings, the computer's job).  The returned
  screen may be another screen altogether: that is how a screen switches.
  An update never edits the global ``State``; it reads the shared things from
  a :class:`Context` and answers with values.  An event it has no use for is
  answered with :data:`UNHANDLED`.
- ``view(win, screen, ctx, theme)``: draws it (the title bar and the bottom
  line are the router's: the message, or the key line made from the bindings).
- ``bindings(screen, ctx)``: the keys it answers *now*, each a :class:`Binding`
  declared once with its help (as ``bubbles/key`` does).  The help overlay and
  the bottom key line are generated from them, and the router hands a screen
  only the keys it declares (any other key gets "... does nothing here").
- ``header(screen, ctx)``: the title bar's words (optional).
- ``fits(screen, ctx, rows, cols)``: whether the screen can be shown on a
  terminal that size (optional).  While it cannot, the router lets only the
  bindings marked ``always`` (quit, help) through: nothing is played on a
  board the player cannot see.

One router (:mod:`gomoku.tui.router`) holds the table from each screen's and
overlay's dataclass to its route.  To add a screen: a dataclass in
``model.py`` (added to the ``Screen`` union), a module under ``screens/``
with the functions above and ``ROUTE = Route(...)``, and one row in the
router's table.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar

from gomoku.books import NO_BOOKS, Library
from gomoku.i18n import _
from gomoku.tui.bindings import Bindings
from gomoku.tui.effects import Effects, ReadHistory
from gomoku.tui.events import Event
from gomoku.tui.model import AiJob, AnalysisJob, Menu, MenuRow, Overlay, Playing, Screen, State
from gomoku.tui.settings import BoardStyle, Settings
from gomoku.tui.texts import key_label

# -- what a screen reads, and what it reports upward ------------------------------


@dataclass(frozen=True)
class Context:
    """What every screen may read: the shared part of the state, read-only.

    ``job`` is the number for a job this step may start (at most one: the
    router moves its counter past every job a reply's effects name).
    ``terminal`` is ``(rows, columns)`` once the loop has said it.
    ``screen`` is the screen shown (under the overlay, for an overlay).
    ``analysis`` is the live analyst's job and its latest answer (see
    :mod:`gomoku.tui.live`), which the game and replay screens draw.
    """

    screen: Screen
    settings: Settings
    levels: tuple[str, ...]
    ai: AiJob | None = None
    job: int = 1
    now: datetime | None = None
    frame: int = 0
    last_file: str = ""
    terminal: tuple[int, int] | None = None
    #: monotonic seconds of the last tick while a game clock is in play (``State.seconds``)
    seconds: float | None = None
    analysis: AnalysisJob | None = None
    #: the style the board is drawn in (``State.board_style``): a click finds its point by the same layout
    style: BoardStyle = BoardStyle.UNICODE
    #: the opening books (``State.library``): the replay and the analysis show and edit them
    library: Library = NO_BOOKS


def context(state: State) -> Context:
    return Context(
        screen=state.screen,
        settings=state.settings,
        levels=state.levels,
        ai=state.ai,
        job=state.jobs + 1,
        now=state.now,
        frame=state.frame,
        last_file=state.last_file,
        terminal=state.terminal,
        seconds=state.seconds,
        analysis=state.analysis,
        style=state.board_style,
        library=state.library,
    )


class Keep(enum.Enum):
    """A reply's "leave it as it is" (``None`` means "none", say for the overlay: close it)."""

    KEEP = "keep"


KEEP = Keep.KEEP


@dataclass(frozen=True)
class Message:
    """A line for the message line; ``alert`` draws it as a warning.

    A message lasts until the next key, or the next move on the board
    (issue 21, item 8: "the computer is thinking" goes once it has moved);
    a ``sticky`` one (a worker's report) outlives the move.  An empty text
    clears the line (but not a sticky message).
    """

    text: str
    alert: bool = False
    sticky: bool = False


@dataclass(frozen=True)
class Reply:
    """What a screen's update reports upward, as values the router applies.

    (Named apart from :class:`gomoku.rules.Outcome`, how a game ends.)

    ``message`` goes on the message line (``None``: the line is left to the
    router, which clears it on every key); ``overlay`` opens one (``None``
    closes it); ``screen`` (from an overlay) changes the screen under it;
    ``settings`` are the menu's changed choices; ``ai`` the computer's job;
    ``last_file`` the file just saved or loaded.  ``unhandled`` says the
    screen had no use for the event.
    """

    effects: Effects = ()
    message: Message | None = None
    overlay: Overlay | Keep | None = KEEP
    screen: Screen | Keep = KEEP
    settings: Settings | None = None
    ai: AiJob | Keep | None = KEEP
    last_file: str | None = None
    #: the opening books after a mark or comment the screen made (its ``SaveBook`` effect writes them)
    library: Library | None = None
    unhandled: bool = False


NOTHING = Reply()
UNHANDLED = Reply(unhandled=True)


def said(text: str, effects: Effects = (), **more: Any) -> Reply:
    """A reply that puts ``text`` on the message line."""
    return Reply(effects=effects, message=Message(text), **more)


def alerted(text: str, effects: Effects = (), **more: Any) -> Reply:
    """A reply that puts ``text`` on the message line as a warning."""
    return Reply(effects=effects, message=Message(text, alert=True), **more)


def to_menu(ctx: Context, row: MenuRow = MenuRow.NEW, back: Playing | None = None) -> tuple[Menu, Reply]:
    """The menu with the cursor on ``row`` (``back``: the game Esc returns to), and the history read that gives
    its Game history row the player's rating as it stands now: a menu opened from a game, the puzzles or the
    network menu says it too, with the game just finished counted (the start-up read reaches the first menu only)."""
    return Menu(row, back=back), Reply(effects=(ReadHistory(ctx.job),))


# -- the protocol ------------------------------------------------------------------

S = TypeVar("S")


def unbound_text(key: str, nudge: str = "") -> str:
    """The message for a key a screen does not declare: ``'z' does nothing here: press ? for the keys.``

    ``nudge`` says what to do instead, in the language in use (by default: press ? for the keys).
    """
    nudge = nudge or _("press ? for the keys.")
    if key == "unknown":
        return _("That key does nothing here: {nudge}").format(nudge=nudge)
    return _("{key} does nothing here: {nudge}").format(key=key_label(key), nudge=nudge)


def _no_header(screen: Any, ctx: Context) -> str:
    return ""


def _always_fits(screen: Any, ctx: Context, rows: int, cols: int) -> bool:
    return True


def _no_key_line(screen: Any, ctx: Context) -> list[str] | None:
    return None


@dataclass(frozen=True)
class Route(Generic[S]):
    """A screen's or an overlay's behaviour: its pure ``update``, its ``view``, its ``bindings`` (see above).

    ``key_line`` may replace the bottom key line with something else for a
    while (the heat map's legend); ``None`` keeps the line made from the
    bindings.  ``typing`` says the screen takes any key as text now (a
    prompt): the router then hands it every key, help included.  ``unbound``
    is the message for a key the screen does not declare (by default
    "'z' does nothing here: press ? for the keys.").
    """

    update: Callable[[S, Event, Context], tuple[Any, Reply]]
    view: Callable[[Any, S, Context, Any], None]
    bindings: Callable[[S, Context], Bindings]
    header: Callable[[S, Context], str] = _no_header
    fits: Callable[[S, Context, int, int], bool] = _always_fits
    key_line: Callable[[S, Context], list[str] | None] = _no_key_line
    typing: Callable[[S], bool] = field(default=lambda screen: False)
    unbound: Callable[[S, Context, str], str] = field(default=lambda screen, ctx, key: unbound_text(key))
