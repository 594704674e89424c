"""The network game: a view of its session (two people, two terminals, one board).

Everything the screen shows of the game comes from the session's last
snapshot (:mod:`gomoku.net.snapshot`), carried on each event of the
connection: the board, whose turn it is, the pending offers, the result, the
chat and the link.  The screen keeps no board of its own and checks no rule:
a key sends a request (:class:`~gomoku.tui.effects.NetPlay`,
:class:`~gomoku.tui.effects.NetOffer`, ...) and the session, the one referee
on this side, answers with events -- a move played, or a refusal saying why.
Undo, a draw and a rematch are requests the other side answers with y or n;
resign asks first; ``c`` opens a one-line chat prompt and the side panel shows
the moves and the chat.  A lost connection is shown at once with what to do:
the host waits for the guest to come back (and shows the command they run),
the guest reconnects with ``r`` (or the same command).  Every change of the
game is autosaved with the session's record, so a restarted host or guest
resumes the same game.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.net import events as ev
from gomoku.net.match import OfferKind, Role
from gomoku.net.protocol import MAX_CHAT
from gomoku.net.snapshot import LinkState
from gomoku.tui import draw
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import (
    Autosave,
    Effects,
    NetAnswer,
    NetChat,
    NetClose,
    NetOffer,
    NetPlay,
    NetResign,
    NetSetup,
    NetStart,
    RetireAutosave,
)
from gomoku.tui.events import Key, Mouse, NetEvent
from gomoku.tui.keys import CURSOR_KEYS, PLAY_KEYS, QUIT_KEY
from gomoku.tui.layout import clicked_point, stepped
from gomoku.tui.model import NetPlaying, State, Step, centre, complain, next_job, say
from gomoku.tui.saves import saved_from_net
from gomoku.tui.screens import dialogs
from gomoku.tui.texts import key_label, plural, sentence

CHAT_KEY = "c"
UNDO_KEY = "u"
DRAW_KEY = "D"
RESIGN_KEY = "R"
REMATCH_KEY = "n"
RECONNECT_KEY = "r"
#: The offer each key asks for.
OFFER_KEYS = {UNDO_KEY: OfferKind.UNDO, DRAW_KEY: OfferKind.DRAW, REMATCH_KEY: OfferKind.REMATCH}


def started(state: State, session: int, setup: NetSetup, net: NetEvent, commands: tuple[str, ...] = ()) -> Step:
    """The game screen for a game the connection just started (or resumed, or a rematch)."""
    event = net.event
    assert isinstance(event, ev.GameStarted) and net.snapshot is not None and net.snapshot.table is not None
    table = net.snapshot.table
    board = table.board
    screen = NetPlaying(session, setup, net.snapshot, board.last_move or centre(board.size), commands=commands)
    opponent, colour = screen.opponent, str(table.my_stone)
    if event.resumed:
        text = f"Resumed game {event.game} with {opponent} after {plural(len(event.moves), 'move')}: you play {colour}."
        if event.lost:
            text += f" Your move {board.notation(event.lost[0])} never arrived: play again."
    else:
        text = f"Game {event.game} against {opponent}: you play {colour}."
        text += " Your move." if table.my_turn else " Black moves first."
    state = say(replace(state, screen=screen, overlay=None), text)
    fresh = not event.resumed and event.game == 1  # a new match: the game saved before it is kept aside
    return state, ((RetireAutosave(),) if fresh else ()) + _autosave(state, screen)


def _autosave(state: State, screen: NetPlaying) -> Effects:
    """Keep the game (and the session's record) for a restart; a finished one is retired."""
    saved = Autosave(saved_from_net(screen, state.settings.level))
    if screen.over:
        return (saved, RetireAutosave())
    if not screen.board.moves:
        return (saved,) if screen.setup.role is Role.GUEST else (RetireAutosave(),)
    return (saved,)


def _set(state: State, screen: NetPlaying) -> State:
    return replace(state, screen=screen)


# -- what the session says -------------------------------------------------------


def event(state: State, screen: NetPlaying, net: NetEvent) -> Step:
    """What the session reported, on the screen: its snapshot is what is drawn from now on."""
    if net.snapshot is not None and net.snapshot.table is not None:  # a failed reconnection has no game to show
        screen = replace(screen, view=net.snapshot)
    state = _set(state, screen)
    e = net.event
    name = screen.opponent
    if isinstance(e, ev.GameStarted):
        return started(state, screen.session, screen.setup, net, screen.commands)
    if isinstance(e, ev.MovePlayed):
        if e.mine:
            state = _set(state, replace(screen, cursor=e.point))
        return say(state, "" if e.mine else f"{name} played {screen.board.notation(e.point)}."), _autosave(
            state, screen
        )
    if isinstance(e, ev.MoveRefused):
        return complain(state, f"Not played: {sentence(e.reason)}"), _autosave(state, screen)
    if isinstance(e, ev.Refused):
        what = {"move": "", "chat": "Chat not sent: "}.get(e.what, f"No {e.what}: ")
        return complain(state, what + sentence(e.reason)), ()
    if isinstance(e, ev.MovesTakenBack):
        taken = ", ".join(screen.board.notation(p) for p in reversed(e.points))
        return say(state, f"Took back {taken}."), _autosave(state, screen)
    if isinstance(e, ev.OfferSent):
        return say(state, f"Asked {name} {e.kind.request}: waiting for the answer."), ()
    if isinstance(e, ev.AnswerSent):
        return say(state, f"{'Accepted' if e.accepted else 'Declined'} the request {e.kind.request}."), ()
    if isinstance(e, ev.OfferReceived):
        return say(state, f"{name} asks {e.kind.request}: y accepts, n declines."), ()
    if isinstance(e, ev.OfferAnswered):
        return say(state, f"{name} {'accepted' if e.accepted else 'declined'} your request {e.kind.request}."), ()
    if isinstance(e, ev.OfferCancelled):
        if e.mine:
            return say(state, f"Your request {e.kind.request} lapsed: {name} played instead."), ()
        return say(state, f"{name}'s request {e.kind.request} lapsed: you played instead."), ()
    if isinstance(e, ev.GameOver):
        return say(state, f"{result_text(screen)} {REMATCH_KEY} asks for a rematch."), _autosave(state, screen)
    if isinstance(e, ev.ChatReceived):
        return say(state, f"{e.name}: {e.text}"), _autosave(state, screen)
    if isinstance(e, ev.ChatSent):
        return state, _autosave(state, screen)
    if isinstance(e, ev.OpponentJoined):
        return say(_set(state, replace(screen, reconnecting=False)), f"{name} is back."), ()
    if isinstance(e, (ev.PeerLeft, ev.ConnectionLost)):
        return _lost(state, screen, e)
    if isinstance(e, (ev.JoinRefused, ev.Closed)) and screen.reconnecting:
        screen = replace(screen, reconnecting=False)
        return complain(_set(state, screen), f"Cannot rejoin: {sentence(e.reason)} {_reconnect_hint()}"), ()
    return state, ()


def _reconnect_hint() -> str:
    return f"{RECONNECT_KEY} tries again."


def _lost(state: State, screen: NetPlaying, e: ev.PeerLeft | ev.ConnectionLost) -> Step:
    """The opponent is gone: say so, and what our player can do (each side is told its own next step)."""
    if screen.reconnecting:
        screen = replace(screen, reconnecting=False)
        return complain(_set(state, screen), f"Cannot reconnect: {sentence(e.reason)} {_reconnect_hint()}"), ()
    name = screen.opponent
    host = screen.setup.role is Role.HOST
    if isinstance(e, ev.PeerLeft):
        what = sentence(e.reason)
        todo = "The game is kept till they rejoin." if host else f"{RECONNECT_KEY} reconnects."
    else:
        what = f"Lost the connection to {name}:"
        todo = "the game is kept till they rejoin." if host else f"{RECONNECT_KEY} reconnects."
    return complain(state, f"{what} {todo}"), ()


# -- keys -----------------------------------------------------------------------


def update(state: State, screen: NetPlaying, event: Key | Mouse) -> Step:
    """A key or a click: a request to the session, or a change of how the game is looked at."""
    size = screen.board.size
    if isinstance(event, Mouse):
        if screen.typing is not None:
            return state, ()
        point = clicked_point(event.row, event.col, event.rows, event.cols, size)
        if point is None:
            return state, ()
        return _set(state, replace(screen, cursor=point)), (NetPlay(screen.session, point),)
    name = event.name
    if screen.typing is not None:
        return _type(state, screen, name)
    if screen.confirm_resign:
        screen = replace(screen, confirm_resign=False)
        if name in ("y", "Y"):
            return say(_set(state, screen), "You resigned."), (NetResign(screen.session),)
        return say(_set(state, screen), "Resign cancelled."), ()
    if screen.table.offer_in is not None and name in ("y", "Y", "n", "N"):
        return state, (NetAnswer(screen.session, name in ("y", "Y")),)
    if name in CURSOR_KEYS:
        return _set(state, replace(screen, cursor=stepped(screen.cursor, *CURSOR_KEYS[name], size))), ()
    if name in PLAY_KEYS:
        return state, (NetPlay(screen.session, screen.cursor),)
    if name in OFFER_KEYS:
        return state, (NetOffer(screen.session, OFFER_KEYS[name]),)
    if name == CHAT_KEY:
        if screen.link is not LinkState.CONNECTED:
            return complain(state, _absent(screen)), ()
        return _set(state, replace(screen, typing="")), ()
    if name == RESIGN_KEY:
        if screen.over:  # nothing to lose: the session says why it cannot be done
            return state, (NetResign(screen.session),)
        return say(_set(state, replace(screen, confirm_resign=True)), ""), ()
    if name == RECONNECT_KEY:
        return reconnect(state, screen)
    if name == QUIT_KEY:
        return dialogs.ask_quit(state)
    if name == "escape":
        return state, ()
    return complain(state, f"{key_label(name)} does nothing here: press ? for the keys."), ()


def _absent(screen: NetPlaying) -> str:
    if screen.reconnecting:
        return "Reconnecting: wait a moment."
    if screen.setup.role is Role.HOST:
        return f"{screen.opponent} is not connected: wait for them to join again."
    return f"Not connected: {RECONNECT_KEY} reconnects."


def _type(state: State, screen: NetPlaying, name: str) -> Step:
    text = screen.typing or ""
    if name == "escape":
        return _set(state, replace(screen, typing=None)), ()
    if name == "enter":
        screen = replace(screen, typing=None)
        if not text.strip():
            return _set(state, screen), ()
        return _set(state, screen), (NetChat(screen.session, text.strip()),)
    if name == "backspace":
        return _set(state, replace(screen, typing=text[:-1])), ()
    if name == "ctrl-u":
        return _set(state, replace(screen, typing="")), ()
    character = " " if name == "space" else name
    if len(character) != 1 or len(text) >= MAX_CHAT:
        return state, ()
    return _set(state, replace(screen, typing=text + character)), ()


def reconnect(state: State, screen: NetPlaying) -> Step:
    """The guest, after a drop: a new connection that presents the game to resume."""
    if screen.setup.role is not Role.GUEST:
        return complain(state, f"Only the guest reconnects: {_absent(screen)}"), ()
    if screen.link is not LinkState.LOST or screen.reconnecting:
        return complain(state, "Still connected: nothing to reconnect."), ()
    state, session = next_job(state)
    old = screen.session
    screen = replace(screen, session=session, reconnecting=True)
    state = say(_set(state, screen), "Reconnecting...")
    return state, (NetClose(old, "reconnecting"), NetStart(session, screen.setup, screen.view.saved))


# -- the view ---------------------------------------------------------------------


def result_text(screen: NetPlaying) -> str:
    """How the game ended, from our side: the ending's one sentence, and who won."""
    table = screen.table
    result = table.result
    text = sentence(str(result)) if result is not None else sentence(str(table.board.outcome))
    winner = result.winner if result is not None else (table.board.outcome.winner if table.board.outcome else None)
    if winner is not None:
        text += " You win!" if winner is table.my_stone else f" {screen.opponent} wins."
    return text


def header_info(screen: NetPlaying) -> str:
    board = screen.board
    return f"network · {screen.setup.role.value} · game {screen.table.game} · {board.rule} {board.size}x{board.size}"


def keys(screen: NetPlaying) -> list[str]:
    if screen.setup.role is Role.GUEST and screen.link is LinkState.LOST:
        return ["r reconnect", "? help", "q quit"]
    if screen.over:
        return ["n rematch", "c chat", "? help", "q quit"]
    return ["Enter play", "c chat", "u undo", "D draw", "R resign", "? help", "q quit"]


def link_text(screen: NetPlaying) -> str:
    if screen.reconnecting:
        return "reconnecting"
    rtt = screen.view.rtt
    if screen.link is LinkState.CONNECTED:
        return f"connected, {rtt * 1000:.0f} ms" if rtt is not None else "connected"
    if screen.link is LinkState.WAITING:
        return f"waiting for {screen.opponent} to come back"
    return screen.link.value


def waiting_lines(screen: NetPlaying) -> list[str]:
    """Host, while the guest is away: what they run to come back, and the code."""
    if screen.setup.role is not Role.HOST or screen.link is not LinkState.WAITING or not screen.commands:
        return []
    return [f"{screen.opponent} joins again with:", screen.commands[0], f"code {screen.setup.code}"]


def view(win: Window, state: State, screen: NetPlaying, theme: Theme) -> None:
    table = screen.table
    board = table.board
    layout = draw.board_place(win, theme, board.size)
    if layout is None:
        return
    cursor = screen.cursor if not table.over else None
    draw.board_view(win, layout, board, theme, Marks(table.forbidden, None, cursor))
    if layout.panel_x is not None:
        _panel(win, layout, theme, screen)
    _status(win, screen, theme, wide=layout.panel_x is not None)
    _bottom(win, state, screen, theme)


def _panel(win: Window, layout: draw.BoardLayout, theme: Theme, screen: NetPlaying) -> None:
    """Beside the board: the players, the move list (drawn as the local game draws it), then the chat."""
    x = layout.panel_x
    assert x is not None
    rows, cols = win.getmaxyx()
    width = max(1, cols - x - 1)
    table = screen.table
    mine, theirs = table.my_stone, table.my_stone.opponent
    draw.put(win, layout.top, x, f"{theme.glyphs[str(mine)]} you ({mine})"[:width])
    draw.put(win, layout.top + 1, x, f"{theme.glyphs[str(theirs)]} {screen.opponent} ({theirs})"[:width])
    bottom = rows - draw.FOOTER_ROWS - 1
    moves_top = layout.top + 3
    room = bottom - moves_top
    moves_rows = max(2, min((len(table.board.moves) + 1) // 2 + 1, room // 2))
    names = [table.board.notation(point) for point in table.board.moves]
    draw.moves_panel(win, layout, theme, names, top=moves_top, bottom=moves_top + moves_rows)
    top = moves_top + moves_rows + 2
    lines: list[tuple[str, str]] = []
    for line in waiting_lines(screen):
        lines += [(part, "selected") for part in draw.wrap(line, width)]
    if lines:
        lines.append(("", ""))
    lines.append(("Chat", "status"))
    chat: list[str] = []
    for said in screen.view.chat:
        chat += draw.wrap(f"{screen.view.who(said)}: {said.text}", width)
    room = bottom - top - len(lines)
    shown = chat[-room:] if room > 0 else []
    lines += [(line, "") for line in shown] or [("c writes a line", "dim")]
    for offset, (text, style) in enumerate(lines[: max(0, bottom - top)]):
        draw.put(win, top + offset, x, text[:width], theme(style) if style else 0)


def _status(win: Window, screen: NetPlaying, theme: Theme, wide: bool) -> None:
    table = screen.table
    board = table.board
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if table.over:
        parts = [result_text(screen), f"after {plural(len(board.moves), 'move')}", link_text(screen)]
        draw.put(win, row, 1, theme.join(parts)[: cols - 2], theme("result"))
        return
    waiting = waiting_lines(screen)
    if waiting and not wide:  # no panel to show the command in: the status line shows it
        text = f"{waiting[0]} {waiting[1]}"
        draw.put(win, row, 1, text if len(text) <= cols - 2 else waiting[1][: cols - 2], theme("alert"))
        return
    glyph = theme.glyphs[str(board.turn)]
    turn = f"{glyph} your move" if table.my_turn else f"{glyph} {screen.opponent} to play"
    versus = [f"vs {screen.opponent}"] if table.my_turn else []
    parts = [turn, *versus, link_text(screen), f"move {len(board.moves) + 1}"]
    if board.last_move is not None:
        parts.append(f"last: {board.turn.opponent} {board.notation(board.last_move)}")
    style = "status" if screen.link is LinkState.CONNECTED else "alert"
    draw.put(win, row, 1, theme.join(parts)[: cols - 2], theme(style))


def _bottom(win: Window, state: State, screen: NetPlaying, theme: Theme) -> None:
    rows, cols = win.getmaxyx()
    if screen.typing is not None:
        text = f"Say: {screen.typing}_"
        room = cols - 2
        if len(text) > room:
            text = theme.glyphs["ellipsis"] + text[-(room - 1) :]
        draw.put(win, rows - 1, 1, text, theme("selected"))
        return
    if screen.confirm_resign:
        draw.put(win, rows - 1, 1, "Resign this game? y resigns, any other key goes back", theme("alert"))
        return
    offer = screen.table.offer_in
    if not state.message and offer is not None:
        draw.put(win, rows - 1, 1, f"{screen.opponent} asks {offer.request}: y accepts, n declines.", theme("alert"))
        return
    draw.message_line(win, state, theme, keys(screen))
