"""The network game: a view of its session (two people, two terminals, one board).

Everything the screen shows of the game comes from the session's last
snapshot (:mod:`gomoku.net.snapshot`), carried on each event of the
connection: the board, whose turn it is, the pending offers, the result, the
chat and the link.  The screen keeps no board of its own and checks no rule:
a key sends a request (:class:`~gomoku.tui.effects.NetPlay`,
:class:`~gomoku.tui.effects.NetOffer`, ...) and the session, the one referee
on this side, answers with events -- a move played, or a refusal saying why.
The keys are the local game's (one key map, :mod:`gomoku.tui.bindings`):
undo, a draw and the next game (a rematch) are requests the other side
answers with y or n; ``G`` resigns and asks first; ``m`` opens a one-line chat
prompt and the side panel shows the moves and the chat.  A lost connection is
shown at once with what to do: the host waits for the guest to come back (and
shows the command they run), the guest reconnects with ``C`` (or the same
command).  Every change of the
game is autosaved with the session's record, so a restarted host or guest
resumes the same game.

Under an opening rule the status line says the session's step (who decides
what), the allowed area and the offers are marked, and each answer is a key
(shown while the step is ours): Enter or a click places, offers or picks at
the cursor, x swaps, c keeps the colours, 2, 9, 0 and 1-8 the rule's other
answers.  The screen checks none of it: each is a request the session
judges.  With a clock both players' times are shown beside the board,
ticking from the snapshot's reading (a :class:`~gomoku.tui.events.NetClock`
brings the time about once a second), the side whose time runs marked and a
warning in the last seconds.

A screen of the router (:mod:`gomoku.tui.screen`): its keys are declared once
below, with their help, and the bottom line and the help are made from them.
"""

from __future__ import annotations

from dataclasses import replace

from gomoku import i18n, textwidth
from gomoku.i18n import N_, Language, _, join_list, join_sentences, ngettext, pgettext
from gomoku.net import events as ev
from gomoku.net.match import OfferKind, Request, Role
from gomoku.net.protocol import MAX_CHAT
from gomoku.net.snapshot import LinkState, TableView
from gomoku.openings import Action, OpeningRule, Option, choose, declare, offer, opening_said, pick, place
from gomoku.point import Point
from gomoku.rules import Stone
from gomoku.tui import draw
from gomoku.tui.bindings import (
    ACCEPT,
    CHAT,
    CURSOR,
    DECLARE,
    DECLINE,
    DISMISS,
    DRAW,
    HELP,
    NEXT,
    OPENING_KEYS,
    PLAY,
    QUIT,
    RECONNECT,
    RESIGN,
    UNDO,
    Binding,
    Bindings,
    elsewhere,
)
from gomoku.tui.draw import Marks, Theme, Window
from gomoku.tui.effects import (
    Autosave,
    Effects,
    KeepGame,
    NetAnswer,
    NetChat,
    NetClose,
    NetOffer,
    NetPlay,
    NetResign,
    NetSetup,
    NetStart,
    NetStep,
    RetireAutosave,
)
from gomoku.tui.events import Event, Key, Mouse, NetClock, NetEvent, Pressed
from gomoku.tui.keys import CURSOR_KEYS, edited
from gomoku.tui.layout import board_layout, clicked_point, stepped
from gomoku.tui.model import NetPlaying, Screen, centre
from gomoku.tui.recorder import net_entry
from gomoku.tui.saves import saved_from_net
from gomoku.tui.screen import NOTHING, UNHANDLED, Context, Message, Reply, Route, alerted, said, unbound_text
from gomoku.tui.screens import dialogs
from gomoku.tui.screens.words import fitted
from gomoku.tui.texts import clock_face, colour, sentence

#: What Enter (or a click) does at each kind of opening step (a point at a swap step is a placement, which the
#: core reads as keeping the colours and the next placement or offer: :meth:`OpeningState.point_move`).
STONE_STEPS = {Action.PLACE: place, Action.OFFER: offer, Action.PICK: pick}

# -- the keys: the game screens' one key map (gomoku.tui.bindings), and this screen's questions

#: While a chat line is typed (every other key is text).
SEND = Binding(("enter",), N_("send the line"), N_("Enter sends"))
CLOSE = Binding(("escape",), N_("close the chat line"), N_("Esc closes"))
ERASE = Binding(("backspace", "ctrl-u"), N_("erase a character / the whole line"), label="Backspace Ctrl-U")
#: While the resign question is up.
RESIGN_YES = Binding(("y", "Y"), N_("resign this game"), N_("y resigns"), "y")
RESIGN_NO = Binding((), N_("go back to the game"), N_("any other key goes back"), N_("any other key"))

#: A refusal of each request, with the session's reason ("No undo: there is no move of yours to take back.").
REFUSED = {
    Request.ANSWER: N_("No answer sent: {reason}"),
    Request.RESIGN: N_("Not resigned: {reason}"),
    Request.CHAT: N_("Chat not sent: {reason}"),
    Request.STEP: N_("Not taken: {reason}"),
}
#: The keys that act on the game: a watcher pressing one is told it only watches.
ACTING = frozenset({ACCEPT, DECLINE, PLAY, UNDO, DRAW, RESIGN, NEXT, DECLARE, *OPENING_KEYS.values()})
#: The offer each key asks for (the next game's is a rematch: :func:`_next_game`).
OFFERS = {UNDO: OfferKind.UNDO, DRAW: OfferKind.DRAW}
#: The keys named in messages.
NEXT_KEY, RECONNECT_KEY, CHAT_KEY = NEXT.keys[0], RECONNECT.keys[0], CHAT.keys[0]


def watching_text() -> str:
    """What a key that acts says to a watcher."""
    return _("You are watching: a watcher cannot play.")


def by_offer(kind: OfferKind, undo: str, draw: str, rematch: str) -> str:
    """The sentence for an offer of ``kind``: each kind says its request in a whole sentence of its own."""
    return {OfferKind.UNDO: undo, OfferKind.DRAW: draw, OfferKind.REMATCH: rematch}[kind]


def refused_text(e: ev.Refused) -> str:
    """A request the session refused, and why, in a sentence."""
    reason = sentence(e.reason)
    if e.what is Request.MOVE:
        return reason  # the reason alone says it: "That point is taken."
    if e.what is not Request.OFFER:
        return _(REFUSED[e.what]).format(reason=reason)
    if e.kind is None:
        return _("No offer: {reason}").format(reason=reason)
    return by_offer(e.kind, _("No undo: {reason}"), _("No draw: {reason}"), _("No rematch: {reason}")).format(
        reason=reason
    )


def asks_text(kind: OfferKind, name: str) -> str:
    """The other player's request, as the status line shows it while it stands."""
    return by_offer(
        kind,
        _("{name} asks to take back a move"),
        _("{name} asks for a draw"),
        _("{name} asks for a rematch (colours swapped)"),
    ).format(name=name)


def bindings(screen: NetPlaying, ctx: Context) -> Bindings:
    """The keys that mean something now: to play, to answer a request, after the game, after a drop."""
    if screen.typing is not None:
        return (SEND, CLOSE, ERASE)
    if screen.confirm_resign:
        return (RESIGN_YES, RESIGN_NO)
    table = screen.table
    answer = (ACCEPT, DECLINE) if table.offer_in is not None else ()
    lost = (RECONNECT,) if screen.setup.role is Role.GUEST and screen.link is LinkState.LOST else ()
    if screen.watching:  # the keys that act are not offered: pressed, they say "you are watching" (unbound)
        return (*lost, CURSOR, CHAT, DISMISS, HELP, QUIT)
    if table.over:
        return (*lost, *answer, NEXT, CHAT, DISMISS, HELP, QUIT)
    return (*lost, *answer, PLAY, CURSOR, *opening_keys(screen), CHAT, UNDO, DRAW, RESIGN, DISMISS, HELP, QUIT)


def opening_keys(screen: NetPlaying) -> tuple[Binding, ...]:
    """The opening's answers the session's step takes from us now (none while it is not ours)."""
    opening = screen.table.opening
    step = opening.step if opening is not None else None
    if step is None or not opening or not opening.mine:
        return ()
    keys = tuple(OPENING_KEYS[option] for option in step.options)
    return keys + ((DECLARE,) if step.action is Action.DECLARE else ())


def typing(screen: NetPlaying) -> bool:
    """Every key goes to the screen: a chat line is typed, or the resign question takes any key."""
    return screen.typing is not None or screen.confirm_resign


def fits(screen: NetPlaying, ctx: Context, rows: int, cols: int) -> bool:
    """Whether the board can be seen (while it cannot, nothing is played on it)."""
    return board_layout(rows, cols, screen.board.size, ctx.style) is not None


# -- the game starts ----------------------------------------------------------------


def started(
    ctx: Context, session: int, setup: NetSetup, net: NetEvent, commands: tuple[str, ...] = (), kept: bool = False
) -> tuple[Screen, Reply]:
    """The game screen for a game the connection just started (or resumed, or a rematch).

    A game resumed already over is kept aside as finished, unless this screen ``kept`` it as it ended
    (the other player rejoined after the end).
    """
    event = net.event
    assert isinstance(event, ev.GameStarted) and net.snapshot is not None and net.snapshot.table is not None
    table = net.snapshot.table
    board = table.board
    screen = NetPlaying(session, setup, net.snapshot, board.last_move or centre(board.size), commands=commands)
    opponent, black = screen.opponent, table.my_stone is Stone.BLACK
    if screen.watching:
        view = net.snapshot
        text = _("Watching game {game}: {host} against {guest}.").format(
            game=event.game, host=view.player(Role.HOST), guest=view.player(Role.GUEST)
        )
        if view.series.games:
            text = join_sentences(text, _("Series: {score}.").format(score=view.score))
    elif event.resumed:
        count = len(event.moves)
        if black:
            text = ngettext(
                "Resumed game {game} with {name} after {count} move: you play black.",
                "Resumed game {game} with {name} after {count} moves: you play black.",
                count,
            )
        else:
            text = ngettext(
                "Resumed game {game} with {name} after {count} move: you play white.",
                "Resumed game {game} with {name} after {count} moves: you play white.",
                count,
            )
        text = text.format(game=event.game, name=opponent, count=count)
        if event.lost:
            lost = _("Your move {point} never arrived: play again.").format(point=board.notation(event.lost[0]))
            text = join_sentences(text, lost)
    elif table.opening is not None and table.opening.step is not None:  # colours are tentative until it ends
        if black:
            text = _("Game {game} against {name}, {opening}: you begin as black.")
        else:
            text = _("Game {game} against {name}, {opening}: you begin as white.")
        text = text.format(game=event.game, name=opponent, opening=table.opening.rule.said())
    else:
        if black and table.my_turn:
            text = _("Game {game} against {name}: you play black. Your move.")
        elif black:
            text = _("Game {game} against {name}: you play black. Black moves first.")
        elif table.my_turn:
            text = _("Game {game} against {name}: you play white. Your move.")
        else:
            text = _("Game {game} against {name}: you play white. Black moves first.")
        text = text.format(game=event.game, name=opponent)
    # a new match: the game saved before it is kept aside (a watcher's own saved game is not touched)
    fresh = not event.resumed and event.game == 1 and not screen.watching
    effects = ((RetireAutosave(),) if fresh else ()) + _autosave(ctx, screen)
    if screen.over and not kept and not screen.watching:  # a watcher keeps only a game it saw end
        effects += _kept_finished(ctx, screen)
    return replace(screen, ended=screen.over), Reply(effects=effects, message=Message(text), overlay=None)


def _kept_finished(ctx: Context, screen: NetPlaying) -> Effects:
    """The game just ended: saved in its final position and kept aside, once (a watcher keeps nothing but the
    game's row in the history), and added to the history."""
    if screen.watching:
        return (KeepGame(net_entry(screen)),)
    return (Autosave(saved_from_net(screen, ctx.settings.level)), RetireAutosave(), KeepGame(net_entry(screen)))


def _autosave(ctx: Context, screen: NetPlaying) -> Effects:
    """Keep the game (and the session's record) for a restart.  A finished game was kept aside as it ended
    (:func:`_kept_finished`): nothing more is written for it (a chat line or a rejoin after the end wrote it
    again, ``finished-...-2.json``).  A watcher's game is not theirs: nothing is saved."""
    if screen.over or screen.watching:
        return ()
    saved = Autosave(saved_from_net(screen, ctx.settings.level))
    if not screen.board.moves:
        return (saved,) if screen.setup.role is Role.GUEST else (RetireAutosave(),)
    return (saved,)


# -- what the session says -------------------------------------------------------


def update(screen: NetPlaying, event: Event, ctx: Context) -> tuple[Screen, Reply]:
    """A key, a click or an event of its session (the router drops what other connections report)."""
    if isinstance(event, NetEvent):
        return on_event(screen, event, ctx)
    if isinstance(event, Mouse):
        if typing(screen):
            return screen, NOTHING
        point = clicked_point(event.row, event.col, event.rows, event.cols, screen.board.size, ctx.style)
        if point is None:
            return screen, NOTHING
        return replace(screen, cursor=point), Reply(effects=(_play(screen, point),))
    if isinstance(event, NetClock):
        return replace(screen, seconds=event.seconds), NOTHING
    if isinstance(event, Key):  # typing: a chat line, or the resign question
        return _typed(screen, event.name) if typing(screen) else (screen, UNHANDLED)
    if not isinstance(event, Pressed):
        return screen, UNHANDLED
    return _key(screen, event.key, event.binding, ctx)


def on_event(screen: NetPlaying, net: NetEvent, ctx: Context) -> tuple[Screen, Reply]:
    """What the session reported: its snapshot is what is drawn from now on, and a sentence about it."""
    kept = screen.ended  # a finished game is kept aside once, as it ends
    if net.snapshot is not None and net.snapshot.table is not None:  # a failed reconnection has no game to show
        screen = replace(screen, view=net.snapshot)
    e = net.event
    name = capitalised(screen.opponent)  # it starts each sentence below ("The guest played h8.")
    saved = _autosave(ctx, screen)
    if isinstance(e, ev.GameStarted):
        return started(ctx, screen.session, screen.setup, net, screen.commands, kept=kept)
    if isinstance(e, ev.MovePlayed):
        if screen.watching:
            mover = capitalised(player_of(screen, e.stone))
            return screen, said(_("{name} played {point}.").format(name=mover, point=screen.board.notation(e.point)))
        if e.mine:
            return replace(screen, cursor=e.point), Reply(effects=saved, message=Message(""))
        return screen, said(_("{name} played {point}.").format(name=name, point=screen.board.notation(e.point)), saved)
    if isinstance(e, ev.StepTaken):
        return screen, said(_step_text(screen, e), saved)
    if isinstance(e, ev.MoveRefused):
        return screen, alerted(_("Not played: {reason}").format(reason=sentence(e.reason)), saved)
    if isinstance(e, ev.Refused):
        return screen, alerted(refused_text(e))
    if isinstance(e, ev.MovesTakenBack):
        return screen, said(_("Took back {moves}.").format(moves=join_list(e.undone)), saved)
    if isinstance(e, (ev.OfferSent, ev.AnswerSent, ev.OfferReceived, ev.OfferAnswered, ev.OfferCancelled)):
        return screen, said(_offer_text(screen, e, name))
    if isinstance(e, ev.GameOver):
        ended = () if kept else _kept_finished(ctx, screen)
        screen = replace(screen, ended=True)
        if screen.watching:  # a watcher asks for no rematch: the result alone (and the game's row in its history)
            return screen, said(result_text(screen), ended)
        return screen, said(
            _("{result} {key} asks for a rematch.").format(result=result_text(screen), key=NEXT_KEY), ended
        )
    if isinstance(e, ev.ChatReceived):
        return screen, said(_("{name}: {text}").format(name=capitalised(e.name), text=e.text), saved)
    if isinstance(e, ev.ChatSent):
        return screen, Reply(effects=saved)
    if isinstance(e, ev.WatcherJoined):
        return screen, said(_("{name} is watching.").format(name=capitalised(e.name or _("a watcher"))))
    if isinstance(e, ev.WatcherLeft):
        return screen, said(_("{name} stopped watching.").format(name=capitalised(e.name or _("a watcher"))))
    if isinstance(e, ev.OpponentJoined):
        return replace(screen, reconnecting=False), said(_("{name} is back.").format(name=name))
    if isinstance(e, (ev.PeerLeft, ev.ConnectionLost)):
        return _lost(screen, e)
    if isinstance(e, (ev.JoinRefused, ev.Closed)) and screen.reconnecting:
        screen = replace(screen, reconnecting=False)
        text = _("Cannot rejoin: {reason} {key} tries again.").format(reason=sentence(e.reason), key=RECONNECT_KEY)
        return screen, alerted(text)
    return screen, NOTHING


def _offer_text(
    screen: NetPlaying,
    e: ev.OfferSent | ev.AnswerSent | ev.OfferReceived | ev.OfferAnswered | ev.OfferCancelled,
    name: str,
) -> str:
    """What the message line says of an offer sent, answered, received or lapsed: a whole sentence per kind."""
    kind = e.kind
    if isinstance(e, ev.OfferSent):
        text = by_offer(
            kind,
            _("Asked {name} to take back a move: waiting for the answer."),
            _("Asked {name} for a draw: waiting for the answer."),
            _("Asked {name} for a rematch (colours swapped): waiting for the answer."),
        )
        return text.format(name=screen.opponent)
    if isinstance(e, ev.AnswerSent) and e.accepted:
        return by_offer(
            kind,
            _("Accepted the request to take back a move."),
            _("Accepted the request for a draw."),
            _("Accepted the request for a rematch (colours swapped)."),
        )
    if isinstance(e, ev.AnswerSent):
        return by_offer(
            kind,
            _("Declined the request to take back a move."),
            _("Declined the request for a draw."),
            _("Declined the request for a rematch (colours swapped)."),
        )
    if isinstance(e, ev.OfferReceived):
        text = by_offer(
            kind,
            _("{name} asks to take back a move: y accepts, n declines."),
            _("{name} asks for a draw: y accepts, n declines."),
            _("{name} asks for a rematch (colours swapped): y or {key} accepts, n declines."),
        )
        return text.format(name=name, key=NEXT_KEY)
    if isinstance(e, ev.OfferAnswered) and e.accepted:
        text = by_offer(
            kind,
            _("{name} accepted your request to take back a move."),
            _("{name} accepted your request for a draw."),
            _("{name} accepted your request for a rematch (colours swapped)."),
        )
        return text.format(name=name)
    if isinstance(e, ev.OfferAnswered):
        text = by_offer(
            kind,
            _("{name} declined your request to take back a move."),
            _("{name} declined your request for a draw."),
            _("{name} declined your request for a rematch (colours swapped)."),
        )
        return text.format(name=name)
    if e.mine:
        text = by_offer(
            kind,
            _("Your request to take back a move lapsed: {name} played instead."),
            _("Your request for a draw lapsed: {name} played instead."),
            _("Your request for a rematch (colours swapped) lapsed: {name} played instead."),
        )
        return text.format(name=name)
    text = by_offer(
        kind,
        _("{name}'s request to take back a move lapsed: you played instead."),
        _("{name}'s request for a draw lapsed: you played instead."),
        _("{name}'s request for a rematch (colours swapped) lapsed: you played instead."),
    )
    return text.format(name=name)


def _step_text(screen: NetPlaying, e: ev.StepTaken) -> str:
    """An opening step as a sentence, and what comes next ("Bob: swap colours. You play white. ...")."""
    done = e.move.describe(screen.board.size)
    if e.mine:
        text = _("You: {step}.").format(step=done)
    else:
        text = _("{name}: {step}.").format(name=capitalised(screen.opponent), step=done)
    sentences = [text]
    if e.move.option in (Option.SWAP, Option.STAY):
        sentences.append(_("You play black.") if e.my_stone is Stone.BLACK else _("You play white."))
    if e.step is None:
        sentences.append(_("The opening is over."))
    return join_sentences(*sentences)


def capitalised(name: str) -> str:
    """A name at the start of a sentence: "the guest" (a player without a name) becomes "The guest".

    The capital is English grammar: another language's sentence takes the name as it is.
    """
    if i18n.active() is not Language.ENGLISH:
        return name
    return name[:1].upper() + name[1:]


def _lost(screen: NetPlaying, e: ev.PeerLeft | ev.ConnectionLost) -> tuple[Screen, Reply]:
    """The opponent is gone: say so, and what our player can do (each side is told its own next step)."""
    if screen.reconnecting:
        screen = replace(screen, reconnecting=False)
        text = _("Cannot reconnect: {reason} {key} tries again.").format(reason=sentence(e.reason), key=RECONNECT_KEY)
        return screen, alerted(text)
    host, over = screen.setup.role is Role.HOST, screen.table.over
    if isinstance(e, ev.PeerLeft):
        if host and over:
            text = _("{reason} They can join again for a rematch.")
        elif host:
            text = _("{reason} The game is kept till they rejoin.")
        else:
            text = _("{reason} {key} reconnects.")
    elif host and over:
        text = _("Lost the connection to {name}: they can join again for a rematch.")
    elif host:
        text = _("Lost the connection to {name}: the game is kept till they rejoin.")
    else:
        text = _("Lost the connection to {name}: {key} reconnects.")
    return screen, alerted(text.format(reason=sentence(e.reason), name=screen.opponent, key=RECONNECT_KEY))


# -- keys -----------------------------------------------------------------------


def _typed(screen: NetPlaying, name: str) -> tuple[Screen, Reply]:
    """A key while a chat line is typed, or while the resign question is up."""
    if screen.typing is not None:
        return _type(screen, name)
    if screen.confirm_resign:
        screen = replace(screen, confirm_resign=False)
        if RESIGN_YES.matches(name):
            return screen, said(_("You resigned."), (NetResign(screen.session),))
        return screen, said(_("Resign cancelled."))
    return screen, UNHANDLED


def _key(screen: NetPlaying, name: str, binding: Binding, ctx: Context) -> tuple[Screen, Reply]:
    """A declared key: a request to the session, or a change of how the game is looked at."""
    if screen.watching and binding in ACTING:
        return screen, alerted(watching_text())
    if binding is ACCEPT or binding is DECLINE:
        return screen, Reply(effects=(NetAnswer(screen.session, binding is ACCEPT),))
    if binding is CURSOR:
        return replace(screen, cursor=stepped(screen.cursor, *CURSOR_KEYS[name], screen.board.size)), NOTHING
    if binding is PLAY:
        return screen, Reply(effects=(_play(screen, screen.cursor),))
    option = next((option for option, key in OPENING_KEYS.items() if key is binding), None)
    if option is not None:
        return screen, Reply(effects=(NetStep(screen.session, choose(option)),))
    if binding is DECLARE:
        return screen, Reply(effects=(NetStep(screen.session, declare(int(name))),))
    if binding in OFFERS:
        return screen, Reply(effects=(NetOffer(screen.session, OFFERS[binding]),))
    if binding is NEXT:
        return _next_game(screen)
    if binding is CHAT:
        if screen.link is not LinkState.CONNECTED:
            return screen, alerted(_absent(screen))
        return replace(screen, typing=""), NOTHING
    if binding is RESIGN:
        return replace(screen, confirm_resign=True), Reply(message=Message(""))
    if binding is RECONNECT:
        return reconnect(screen, ctx)
    if binding is QUIT:  # the game is kept as it stands now (the clocks read at this moment)
        quitting = dialogs.quit_reply(screen)
        if screen.table.clock is None or not screen.table.in_progress:
            return screen, quitting
        return screen, replace(quitting, effects=_autosave(ctx, screen) + quitting.effects)
    if binding is DISMISS:
        return screen, NOTHING
    return screen, UNHANDLED


def _next_game(screen: NetPlaying) -> tuple[Screen, Reply]:
    """The next game over the network: a rematch asked for, or the other player's request for one accepted."""
    asked = screen.table.offer_in
    if asked is None:
        return screen, Reply(effects=(NetOffer(screen.session, OfferKind.REMATCH),))
    if asked is OfferKind.REMATCH:  # both want the next game
        return screen, Reply(effects=(NetAnswer(screen.session, True),))
    text = by_offer(
        asked,
        _("{name} asks to take back a move first: y accepts, n declines."),
        _("{name} asks for a draw first: y accepts, n declines."),
        _("{name} asks for a rematch (colours swapped) first: y accepts, n declines."),
    )
    return screen, alerted(text.format(name=capitalised(screen.opponent)))


def _play(screen: NetPlaying, point: Point) -> NetPlay | NetStep:
    """What Enter or a click at ``point`` asks: a move, or during the opening its step at that point."""
    opening = screen.table.opening
    step = opening.step if opening is not None else None
    if step is None:
        return NetPlay(screen.session, point)
    return NetStep(screen.session, STONE_STEPS.get(step.action, place)(point))


def _absent(screen: NetPlaying) -> str:
    if screen.reconnecting:
        return _("Reconnecting: wait a moment.")
    if screen.setup.role is Role.HOST:
        return _("{name} is not connected: wait for them to join again.").format(name=capitalised(screen.opponent))
    return _("Not connected: {key} reconnects.").format(key=RECONNECT_KEY)


def _type(screen: NetPlaying, name: str) -> tuple[Screen, Reply]:
    text = screen.typing or ""
    if CLOSE.matches(name):
        return replace(screen, typing=None), NOTHING
    if SEND.matches(name):
        screen = replace(screen, typing=None)
        if not text.strip():
            return screen, NOTHING
        return screen, Reply(effects=(NetChat(screen.session, text.strip()),))
    typed = edited(text, name, MAX_CHAT)
    if typed is None:
        return screen, NOTHING
    return replace(screen, typing=typed), NOTHING


def reconnect(screen: NetPlaying, ctx: Context) -> tuple[Screen, Reply]:
    """The guest, after a drop: a new connection that presents the game to resume."""
    if screen.reconnecting:
        return screen, alerted(_absent(screen))
    old, session = screen.session, ctx.job
    screen = replace(screen, session=session, reconnecting=True)
    effects = (NetClose(old, "reconnecting"), NetStart(session, screen.setup, screen.view.saved))
    return screen, said(_("Reconnecting..."), effects)


# -- the view ---------------------------------------------------------------------


def result_text(screen: NetPlaying) -> str:
    """How the game ended, from our side: the ending's one sentence, and who won."""
    table = screen.table
    result = table.result
    outcome = result if result is not None else table.board.outcome
    if outcome is None:
        return ""
    text = outcome.said(table.board.size)
    if screen.watching and outcome.winner is not None:
        return join_sentences(text, _("{name} wins.").format(name=capitalised(player_of(screen, outcome.winner))))
    if outcome.winner is table.my_stone:
        return join_sentences(text, _("You win!"))
    if outcome.winner is not None:
        return join_sentences(text, _("{name} wins.").format(name=capitalised(screen.opponent)))
    return text


def player_of(screen: NetPlaying, stone: Stone) -> str:
    """Watching: the name of the player with ``stone`` (the snapshot's ``my_stone`` is the guest's)."""
    role = Role.GUEST if stone is screen.table.my_stone else Role.HOST
    return screen.view.player(role)


def header(screen: NetPlaying, ctx: Context) -> str:
    board = screen.board
    role = _("host") if screen.setup.role is Role.HOST else _("guest")
    if screen.watching:
        role = _("watching")
    return _("network · {role} · game {number} · {rule} {size}").format(
        role=role, number=screen.table.game, rule=board.rule.said(), size=f"{board.size}x{board.size}"
    )


def link_text(screen: NetPlaying) -> str:
    if screen.reconnecting:
        return _("reconnecting")
    rtt = screen.view.rtt
    if screen.link is LinkState.CONNECTED:
        return _("connected, {ms} ms").format(ms=f"{rtt * 1000:.0f}") if rtt is not None else _("connected")
    if screen.link is LinkState.WAITING:
        return _("waiting for {name} to come back").format(name=screen.opponent)
    return screen.link.label


def waiting_lines(screen: NetPlaying) -> list[str]:
    """Host, while the guest is away: what they run to come back, and the code."""
    if screen.setup.role is not Role.HOST or screen.link is not LinkState.WAITING or not screen.commands:
        return []
    return [
        _("{name} joins again with:").format(name=capitalised(screen.opponent)),
        screen.commands[0],
        _("code {code}").format(code=screen.setup.code),
    ]


def watcher_lines(screen: NetPlaying) -> list[str]:
    """Who watches (and, on the host, the watchers' code; watching, whether we may chat)."""
    view = screen.view
    lines = []
    if view.watchers:
        lines.append(_("Watching: {names}").format(names=join_list(view.watchers)))
    if view.watch_code:
        lines.append(_("watchers' code {code}").format(code=view.watch_code))
    if screen.watching and not view.watch_chat:
        lines.append(_("(the host does not let watchers chat)"))
    return lines


def view(win: Window, screen: NetPlaying, ctx: Context, theme: Theme) -> None:
    table = screen.table
    board = table.board
    layout = draw.board_place(win, theme, board.size)
    if layout is None:
        return
    cursor = screen.cursor if not table.over else None
    opening = table.opening
    area, offers = (opening.area, frozenset(opening.offers)) if opening is not None else (frozenset(), frozenset())
    draw.board_view(win, layout, board, theme, Marks(table.forbidden, None, cursor, area=area, offers=offers))
    if layout.panel_x is not None:
        _panel(win, layout, theme, screen)
    _status(win, screen, theme, wide=layout.panel_x is not None)


#: The chat lines the panel keeps room for, taking it from the move list (which scrolls) on a short terminal:
#: at 80x24 under Swap2 with watchers the chat had no row left and was seen only on the message line.
CHAT_ROWS_KEPT = 2


def _panel(win: Window, layout: draw.BoardLayout, theme: Theme, screen: NetPlaying) -> None:
    """Beside the board: the players, the move list (drawn as the local game draws it), then the chat."""
    x = layout.panel_x
    assert x is not None
    rows, cols = win.getmaxyx()
    width = max(1, cols - x - 1)
    table = screen.table
    mine, theirs = table.my_stone, table.my_stone.opponent
    me, them = screen.setup.role, screen.setup.role.other
    my_name = screen.view.player(me) if screen.watching else pgettext("player", "you")
    for row, (stone, name, role) in enumerate(((mine, my_name, me), (theirs, screen.opponent, them))):
        line = f"{theme.glyphs[str(stone)]} " + _("{name} ({colour})").format(name=name, colour=colour(stone))
        style = ""
        if table.clock is not None:
            time_text, warn = clock_text(screen, role)
            running = table.clock.running is role
            name_room = max(1, width - textwidth.width(time_text) - 2)
            line = textwidth.ljust(textwidth.fit(line, name_room - 1), name_room) + time_text
            style = "alert" if warn else "selected" if running else ""
        draw.put(win, layout.top + row, x, textwidth.fit(line, width), theme(style) if style else 0)
    bottom = rows - draw.FOOTER_ROWS - 1
    moves_top = layout.top + 3
    room = bottom - moves_top
    lines: list[tuple[str, str]] = []
    if table.opening is not None:  # the opening as it happened
        opening = table.opening
        moves_top = draw.opening_panel(
            win, layout, theme, opening.rule.said(), opening.history, moves_top, room // 3 + 1
        )
        room = bottom - moves_top
    for line in waiting_lines(screen):
        lines += [(part, "selected") for part in draw.wrap(line, width)]
    for line in watcher_lines(screen):
        lines += [(part, "dim") for part in draw.wrap(line, width)]
    if lines:
        lines.append(("", ""))
    # i18n: width 33 (the panel beside a 15x15 board at 80 columns)
    lines.append((_("Chat"), "status"))
    chat: list[str] = []
    for spoken in screen.view.chat:
        chat += draw.wrap(_("{name}: {text}").format(name=screen.view.who(spoken), text=spoken.text), width)
    # the move list scrolls, the chat would not be seen at all: it gives up its rows first
    below = len(lines) + max(1, min(len(chat), CHAT_ROWS_KEPT))
    moves_rows = max(2, min((len(table.board.moves) + 1) // 2 + 1, room // 2, room - 2 - below))
    names = [table.board.notation(point) for point in table.board.moves]
    draw.moves_panel(win, layout, theme, names, top=moves_top, bottom=moves_top + moves_rows)
    top = moves_top + moves_rows + 2
    if screen.view.series.games:
        draw.put(win, layout.top + 2, x, textwidth.fit(screen.view.score, width), theme("dim"))
    room = bottom - top - len(lines)
    shown = chat[-room:] if room > 0 else []
    # i18n: width 33
    lines += [(line, "") for line in shown] or [(_("{key} writes a line").format(key=CHAT_KEY), "dim")]
    for offset, (text, style) in enumerate(lines[: max(0, bottom - top)]):
        draw.put(win, top + offset, x, textwidth.fit(text, width), theme(style) if style else 0)


def _status(win: Window, screen: NetPlaying, theme: Theme, wide: bool) -> None:
    """The line above the message line: the chat line or a question while one is up, else the game's state."""
    table = screen.table
    board = table.board
    row, cols = draw.status_row(win), win.getmaxyx()[1]
    if screen.typing is not None:
        text = _("Say: {text}_").format(text=screen.typing)
        if textwidth.width(text) > cols - 2:  # the end of the line, where the typing is, shows
            text = theme.glyphs["ellipsis"] + textwidth.fit_end(text, cols - 3)
        draw.put(win, row, 1, text, theme("selected"))
        return
    if screen.confirm_resign:
        draw.put(win, row, 1, textwidth.fit(_("Resign this game?"), cols - 2), theme("alert"))
        return
    if table.offer_in is not None:
        asks = asks_text(table.offer_in, capitalised(screen.opponent))
        draw.put(win, row, 1, textwidth.fit(asks, cols - 2), theme("alert"))
        return
    if table.over:
        count = len(board.moves)
        after = ngettext("after {count} move", "after {count} moves", count).format(count=count)
        parts = [result_text(screen), after, link_text(screen)]
        draw.put(win, row, 1, fitted(theme, parts, cols - 2), theme("result"))
        return
    waiting = waiting_lines(screen)
    if waiting and not wide:  # no panel to show the command in: the status line shows it
        text = f"{waiting[0]} {waiting[1]}"
        fitting = textwidth.width(text) <= cols - 2
        draw.put(win, row, 1, text if fitting else textwidth.fit(waiting[1], cols - 2), theme("alert"))
        return
    opening = table.opening
    if opening is not None and opening.step is not None:  # who decides what, in the rule's words
        prompt = opening.step.prompt
        if opening.swap_owner is not None and opening.step.action is not Action.CHOOSE:
            if screen.watching:  # a watcher holds no seat: both players by their names
                owner = screen.view.player(opening.swap_owner)
                prompt = _("{prompt} (next swap: {name})").format(prompt=prompt, name=owner)
            elif opening.swap_owner is screen.setup.role:
                prompt = _("{prompt} (next swap: you)").format(prompt=prompt)
            else:
                prompt = _("{prompt} (next swap: {name})").format(prompt=prompt, name=screen.opponent)
        style = "selected" if opening.mine else "status"
        draw.put(win, row, 1, fitted(theme, [prompt, link_text(screen)], cols - 2), theme(style))
        return
    glyph = theme.glyphs[str(board.turn)]
    if screen.watching:
        turn = f"{glyph} " + _("{name} to play").format(name=player_of(screen, board.turn))
        parts = [turn, link_text(screen), _("move {number}").format(number=len(board.moves) + 1), named_opening(table)]
        draw.put(win, row, 1, fitted(theme, parts, cols - 2), theme("status"))
        return
    ours = board.turn is table.my_stone  # by colour: while the opponent is away it is still our turn
    turn = f"{glyph} " + (_("your move") if ours else _("{name} to play").format(name=screen.opponent))
    versus = [_("vs {name}").format(name=screen.opponent)] if ours else []
    parts = [turn, *versus, link_text(screen), _("move {number}").format(number=len(board.moves) + 1)]
    parts.append(named_opening(table))
    if board.last_move is not None:
        last = _("last: {colour} {point}").format(
            colour=colour(board.turn.opponent), point=board.notation(board.last_move)
        )
        parts.append(last)
    style = "status" if screen.link is LinkState.CONNECTED else "alert"
    draw.put(win, row, 1, fitted(theme, parts, cols - 2), theme(style))


def named_opening(table: TableView) -> str:
    """The opening's name once its three stones are down, as the local game's status line says it."""
    opening = table.opening
    return opening_said(table.board, opening.rule if opening is not None else OpeningRule.NONE)


def clock_text(screen: NetPlaying, role: Role) -> tuple[str, bool]:
    """``role``'s time as shown (:func:`~gomoku.tui.texts.clock_face`, as the local game), and whether it warns."""
    clock = screen.table.clock
    assert clock is not None
    return clock_face(clock.clock, clock.side(role), screen.seconds)


def unbound(screen: NetPlaying, ctx: Context, key: str) -> str:
    """What a key the network game does not take now is told: where it works, if only in local games."""
    if screen.watching and any(binding.matches(key) for binding in ACTING):
        return watching_text()
    if NEXT.matches(key):
        resign, draw = RESIGN.keys[0], DRAW.keys[0]
        return _(
            "The game is on: the next game comes once it is over ({resign} resigns, {draw} offers a draw)."
        ).format(resign=resign, draw=draw)
    return elsewhere(key, network=True) or unbound_text(key)


ROUTE = Route(update, view, bindings, header=header, fits=fits, typing=typing, unbound=unbound)
