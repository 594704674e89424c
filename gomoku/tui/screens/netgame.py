"""The network game: two people, two terminals, one board; the connection is the referee's messenger.

Our moves are sent (:class:`~gomoku.tui.effects.NetPlay`) and go on the board
when the connection reports them played, the opponent's likewise; a move
refused says why.  Undo, a draw and a rematch are requests the other side
answers with y or n; resign asks first; ``c`` opens a one-line chat prompt and
the side panel shows the last lines (the connection has cleaned them).  The
status line shows whose turn it is, the opponent, the connection and its
round-trip time.  A lost connection is shown at once with what to do: the host
waits for the guest to come back, the guest reconnects with ``r`` (or the same
command).  Every change of the board is autosaved with the connection's record,
so a restarted host or guest resumes the same game.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku.board import Board, IllegalMoveError
from gomoku.net import events as ev
from gomoku.net.host import MatchRecord
from gomoku.net.protocol import MAX_CHAT, ResumeRecord
from gomoku.point import Point
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
from gomoku.tui.model import Link, NetPlaying, State, Step, centre, complain, forbidden_marks, next_job, say
from gomoku.tui.saves import saved_from_net
from gomoku.tui.screens import dialogs
from gomoku.tui.texts import key_label, plural, sentence

#: Chat lines kept for the panel.
CHAT_KEPT = 12
CHAT_KEY = "c"
UNDO_KEY = "u"
DRAW_KEY = "D"
RESIGN_KEY = "R"
REMATCH_KEY = "n"
RECONNECT_KEY = "r"
OFFER_WORDS = {"undo": "to take back a move", "draw": "for a draw", "rematch": "for a rematch (colours swapped)"}


def started(
    state: State,
    session: int,
    setup: NetSetup,
    opponent: str,
    event: ev.GameStarted,
    saved: MatchRecord | ResumeRecord | None = None,
    chat: tuple[str, ...] = (),
) -> Step:
    """The game screen for a game the connection just started (or resumed, or a rematch); ``chat`` goes on."""
    board = Board.from_moves(event.moves, event.size, event.rule)
    screen = NetPlaying(
        session,
        setup,
        board,
        event.my_stone,
        board.last_move or centre(event.size),
        opponent or "the opponent",
        game=event.game,
        forbidden=forbidden_marks(board),
        saved=saved,
        chat=chat,
    )
    colour = str(event.my_stone)
    if event.resumed:
        text = f"Resumed game {event.game} with {opponent} after {plural(len(event.moves), 'move')}: you play {colour}."
        if event.lost:
            text += f" Your move {board.notation(event.lost[0])} never arrived: play again."
    else:
        text = f"Game {event.game} against {opponent}: you play {colour}."
        text += " Your move." if screen.my_turn else " Black moves first."
    state = say(replace(state, screen=screen, overlay=None), text)
    fresh = not event.resumed and event.game == 1  # a new match: the game saved before it is kept aside
    return state, ((RetireAutosave(),) if fresh else ()) + _autosave(state, screen)


def _autosave(state: State, screen: NetPlaying) -> Effects:
    """Keep the game (and the connection's record) for a restart; a finished one is retired."""
    saved = Autosave(saved_from_net(screen, state.settings.level))
    if screen.over:
        return (saved, RetireAutosave())
    if not screen.board.moves:
        return (saved,) if screen.setup.role == "guest" else (RetireAutosave(),)
    return (saved,)


def _set(state: State, screen: NetPlaying) -> State:
    return replace(state, screen=screen)


def _on(screen: NetPlaying, board: Board) -> NetPlaying:
    return replace(screen, board=board, forbidden=forbidden_marks(board))


# -- what the connection says ---------------------------------------------------


def event(state: State, screen: NetPlaying, net: NetEvent) -> Step:
    """What the connection reported, on the screen (and autosaved when the board changed)."""
    if net.saved is not None:
        screen = replace(screen, saved=net.saved)
        state = _set(state, screen)
    e = net.event
    name = screen.opponent
    if isinstance(e, ev.GameStarted):
        return started(state, screen.session, screen.setup, name, e, screen.saved, screen.chat)
    if isinstance(e, ev.MovePlayed):
        board = screen.board.copy()
        try:
            board.play(e.point)
        except IllegalMoveError as error:  # the connection checked it: only a bug lands here
            return complain(state, f"The boards disagree: {error}."), ()
        screen = _on(replace(screen, offer_out=None, offer_in=None, cursor=e.point if e.mine else screen.cursor), board)
        text = "" if e.mine else f"{name} played {board.notation(e.point)}."
        return say(_set(state, screen), text), _autosave(state, screen)
    if isinstance(e, ev.MoveRefused):
        board = screen.board.copy()
        if board.last_move == e.point:
            board.undo()
        screen = _on(screen, board)
        return complain(_set(state, screen), f"Not played: {sentence(e.reason)}"), _autosave(state, screen)
    if isinstance(e, ev.Refused):
        if e.what == screen.offer_out:
            screen = replace(screen, offer_out=None)
        what = {"move": "", "chat": "Chat not sent: "}.get(e.what, f"No {e.what}: ")
        return complain(_set(state, screen), what + sentence(e.reason)), ()
    if isinstance(e, ev.MovesTakenBack):
        board = screen.board.copy()
        for _ in e.points:
            board.undo()
        taken = ", ".join(screen.board.notation(p) for p in reversed(e.points))
        screen = _on(screen, board)
        return say(_set(state, screen), f"Took back {taken}."), _autosave(state, screen)
    if isinstance(e, ev.OfferReceived):
        screen = replace(screen, offer_in=e.kind)
        return say(_set(state, screen), f"{name} asks {OFFER_WORDS[e.kind]}: y accepts, n declines."), ()
    if isinstance(e, ev.OfferAnswered):
        screen = replace(screen, offer_out=None)
        verb = "accepted" if e.accepted else "declined"
        return say(_set(state, screen), f"{name} {verb} your request {OFFER_WORDS[e.kind]}."), ()
    if isinstance(e, ev.OfferCancelled):
        return _set(state, replace(screen, offer_in=None, offer_out=None)), ()
    if isinstance(e, ev.GameOver):
        screen = replace(screen, result=e.result, offer_in=None, offer_out=None)
        text = f"{sentence(str(e.result))} n asks for a rematch."
        return say(_set(state, screen), text), _autosave(state, screen)
    if isinstance(e, ev.ChatReceived):
        screen = replace(screen, chat=(screen.chat + (f"{e.name}: {e.text}",))[-CHAT_KEPT:])
        return say(_set(state, screen), f"{e.name}: {e.text}"), ()
    if isinstance(e, ev.RoundTrip):
        if screen.rtt is not None and round(screen.rtt * 1000) == round(e.seconds * 1000):
            return state, ()
        return _set(state, replace(screen, rtt=e.seconds)), ()
    if isinstance(e, ev.OpponentJoined):
        screen = replace(screen, opponent=e.name or name, link=Link.CONNECTED)
        return say(_set(state, screen), f"{screen.opponent} is back."), ()
    if isinstance(e, (ev.PeerLeft, ev.ConnectionLost)):
        return _lost(state, screen, e)
    if isinstance(e, (ev.JoinRefused, ev.Closed)) and screen.link is not Link.WAITING:
        if screen.link is Link.CONNECTED and isinstance(e, ev.Closed):
            return _lost(state, screen, ev.ConnectionLost(e.reason))
        if isinstance(e, ev.JoinRefused):
            return complain(_set(state, replace(screen, link=Link.LOST)), f"Cannot rejoin: {sentence(e.reason)}"), ()
    return state, ()


def _lost(state: State, screen: NetPlaying, e: ev.PeerLeft | ev.ConnectionLost) -> Step:
    host = screen.setup.role == "host"
    reconnecting = screen.link is Link.RECONNECTING
    screen = replace(screen, link=Link.WAITING if host else Link.LOST, rtt=None, offer_in=None, offer_out=None)
    if reconnecting:
        return complain(_set(state, screen), f"Cannot reconnect: {sentence(e.reason)} {RECONNECT_KEY} tries again."), ()
    name = screen.opponent
    if isinstance(e, ev.PeerLeft):  # the reason says who left and what to do
        more = "The game is kept." if host else f"{RECONNECT_KEY} reconnects."
        return complain(_set(state, screen), f"{sentence(e.reason)} {more}"), ()
    what = f"The connection to {name} is lost"
    if host:
        todo = "waiting for them to join again; the game is kept."
    else:
        todo = f"{RECONNECT_KEY} reconnects (or run the same command again)."
    return complain(_set(state, screen), f"{what}: {todo}"), ()


# -- keys -----------------------------------------------------------------------


def update(state: State, screen: NetPlaying, event: Key | Mouse) -> Step:
    if isinstance(event, Mouse):
        if screen.typing is not None:
            return state, ()
        point = clicked_point(event.row, event.col, event.rows, event.cols, screen.board.size)
        if point is None:
            return state, ()
        return _play(state, replace(screen, cursor=point), point)
    name = event.name
    if screen.typing is not None:
        return _type(state, screen, name)
    if screen.confirm_resign:
        screen = replace(screen, confirm_resign=False)
        if name in ("y", "Y"):
            return say(_set(state, screen), "You resigned."), (NetResign(screen.session),)
        return say(_set(state, screen), "Resign cancelled."), ()
    if screen.offer_in is not None and name in ("y", "Y", "n", "N"):
        accept = name in ("y", "Y")
        kind = screen.offer_in
        screen = replace(screen, offer_in=None)
        verb = "Accepted" if accept else "Declined"
        return say(_set(state, screen), f"{verb} the request {OFFER_WORDS[kind]}."), (
            NetAnswer(screen.session, accept),
        )
    if name in CURSOR_KEYS:
        return _set(state, replace(screen, cursor=stepped(screen.cursor, *CURSOR_KEYS[name], screen.board.size))), ()
    if name in PLAY_KEYS:
        return _play(state, screen, screen.cursor)
    if name == CHAT_KEY:
        if screen.link is not Link.CONNECTED:
            return complain(state, _absent(screen)), ()
        return _set(state, replace(screen, typing="")), ()
    if name == UNDO_KEY:
        return _offer(state, screen, "undo")
    if name == DRAW_KEY:
        return _offer(state, screen, "draw")
    if name == REMATCH_KEY:
        if not screen.over:
            return complain(state, "The game is not over: R resigns, D offers a draw."), ()
        return _offer(state, screen, "rematch")
    if name == RESIGN_KEY:
        if screen.over:
            return complain(state, "The game is over: n asks for a rematch."), ()
        if screen.link is not Link.CONNECTED:
            return complain(state, _absent(screen)), ()
        return say(_set(state, replace(screen, confirm_resign=True)), ""), ()
    if name == RECONNECT_KEY:
        return reconnect(state, screen)
    if name == QUIT_KEY:
        return dialogs.ask_quit(state)
    if name == "escape":
        return state, ()
    return complain(state, f"{key_label(name)} does nothing here: press ? for the keys."), ()


def _absent(screen: NetPlaying) -> str:
    if screen.link is Link.WAITING:
        return f"{screen.opponent} is not connected: wait for them to join again."
    if screen.link is Link.RECONNECTING:
        return "Reconnecting: wait a moment."
    return f"Not connected: {key_label(RECONNECT_KEY)} reconnects."


def _play(state: State, screen: NetPlaying, point: Point) -> Step:
    state = _set(state, screen)
    if screen.over:
        return complain(state, "The game is over: n asks for a rematch, q quits."), ()
    if screen.link is not Link.CONNECTED:
        return complain(state, _absent(screen)), ()
    if not screen.my_turn:
        return complain(state, f"It is {screen.opponent}'s turn: wait for their move."), ()
    if screen.offer_out is not None:
        return complain(state, f"Wait for {screen.opponent}'s answer to your request first."), ()
    try:
        screen.board.check_move(point)
    except IllegalMoveError as error:
        return complain(state, sentence(str(error))), ()
    return state, (NetPlay(screen.session, point),)


def _offer(state: State, screen: NetPlaying, kind: str) -> Step:
    if screen.link is not Link.CONNECTED:
        return complain(state, _absent(screen)), ()
    if screen.offer_out is not None:
        return complain(state, f"Wait for {screen.opponent}'s answer to your request first."), ()
    if screen.offer_in is not None:
        return complain(state, f"Answer {screen.opponent}'s request first: y accepts, n declines."), ()
    screen = replace(screen, offer_out=kind)
    return say(_set(state, screen), f"Asked {screen.opponent} {OFFER_WORDS[kind]}: waiting for the answer."), (
        NetOffer(screen.session, kind),
    )


def _type(state: State, screen: NetPlaying, name: str) -> Step:
    text = screen.typing or ""
    if name == "escape":
        return _set(state, replace(screen, typing=None)), ()
    if name == "enter":
        screen = replace(screen, typing=None)
        if not text.strip():
            return _set(state, screen), ()
        screen = replace(screen, chat=(screen.chat + (f"you: {text.strip()}",))[-CHAT_KEPT:])
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
    if screen.setup.role != "guest":
        return complain(state, "Only the guest reconnects: the host waits for it."), ()
    if screen.link is not Link.LOST:
        return complain(state, "Still connected: nothing to reconnect."), ()
    state, session = next_job(state)
    old = screen.session
    screen = replace(screen, session=session, link=Link.RECONNECTING)
    state = say(_set(state, screen), "Reconnecting...")
    return state, (NetClose(old, "reconnecting"), NetStart(session, screen.setup, screen.saved))


def close_effects(screen: NetPlaying) -> Effects:
    return (NetClose(screen.session),)


# -- the view ---------------------------------------------------------------------


def header_info(screen: NetPlaying) -> str:
    board = screen.board
    return f"network · {screen.setup.role} · game {screen.game} · {board.rule} {board.size}x{board.size}"


def keys(screen: NetPlaying) -> list[str]:
    if screen.link is Link.LOST:
        return ["r reconnect", "? help", "q quit"]
    if screen.over:
        return ["n rematch", "c chat", "? help", "q quit"]
    return ["Enter play", "c chat", "u undo", "D draw", "R resign", "? help", "q quit"]


def link_text(screen: NetPlaying) -> str:
    if screen.link is Link.CONNECTED:
        return f"connected, {screen.rtt * 1000:.0f} ms" if screen.rtt is not None else "connected"
    if screen.link is Link.WAITING:
        return f"waiting for {screen.opponent} to come back"
    return screen.link.value


def view(win: Window, state: State, screen: NetPlaying, theme: Theme) -> None:
    board = screen.board
    layout = draw.board_place(win, theme, board.size)
    if layout is None:
        return
    cursor = screen.cursor if not screen.over else None
    draw.board_view(win, layout, board, theme, Marks(screen.forbidden, None, cursor))
    if layout.panel_x is not None:
        _panel(win, layout, theme, screen)
    _status(win, screen, theme)
    _bottom(win, state, screen, theme)


def _panel(win: Window, layout, theme: Theme, screen: NetPlaying) -> None:
    x = layout.panel_x
    rows, cols = win.getmaxyx()
    width = max(1, cols - x - 1)
    mine, theirs = screen.my_stone, screen.my_stone.opponent
    lines: list[tuple[str, str]] = [
        (f"{theme.glyphs[str(mine)]} you ({mine})", ""),
        (f"{theme.glyphs[str(theirs)]} {screen.opponent} ({theirs})", ""),
        (f"{plural(len(screen.board.moves), 'move')}", "dim"),
        ("", ""),
        ("Chat", "status"),
    ]
    chat: list[str] = []
    for line in screen.chat:
        chat += draw.wrap(line, width)
    room = rows - draw.FOOTER_ROWS - 1 - layout.top - len(lines)
    shown = chat[-room:] if room > 0 else []
    lines += [(line, "") for line in shown] or [("c writes a line", "dim")]
    for offset, (text, style) in enumerate(lines):
        draw.put(win, layout.top + offset, x, text[:width], theme(style) if style else 0)


def _status(win: Window, screen: NetPlaying, theme: Theme) -> None:
    board = screen.board
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if screen.over:
        result = screen.result
        text = sentence(str(result)) if result is not None else sentence(str(board.outcome))
        if result is not None and result.winner is not None:
            text += " You win!" if result.winner is screen.my_stone else f" {screen.opponent} wins."
        parts = [text, f"after {plural(len(board.moves), 'move')}", link_text(screen)]
        draw.put(win, row, 1, theme.join(parts)[: cols - 2], theme("result"))
        return
    glyph = theme.glyphs[str(board.turn)]
    turn = f"{glyph} your move" if screen.my_turn else f"{glyph} {screen.opponent} to play"
    versus = [f"vs {screen.opponent}"] if screen.my_turn else []
    parts = [turn, *versus, link_text(screen), f"move {len(board.moves) + 1}"]
    if board.last_move is not None:
        parts.append(f"last: {board.turn.opponent} {board.notation(board.last_move)}")
    style = "status" if screen.link is Link.CONNECTED else "alert"
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
    if not state.message and screen.offer_in is not None:
        ask = f"{screen.opponent} asks {OFFER_WORDS[screen.offer_in]}: y accepts, n declines."
        draw.put(win, rows - 1, 1, ask, theme("alert"))
        return
    draw.message_line(win, state, theme, keys(screen))
