"""Network play's screens as data: the network menu, hosting, joining and the network game, with their effects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.net import events as ev
from gomoku.net.host import MatchRecord
from gomoku.net.protocol import ResumeRecord
from gomoku.point import Point
from gomoku.rules import Rule, Stone
from gomoku.savegame import SavedGame
from gomoku.tui.effects import (
    Autosave,
    NetAnswer,
    NetChat,
    NetClose,
    NetOffer,
    NetPlay,
    NetResign,
    NetSetup,
    NetStart,
    Quit,
    RetireAutosave,
)
from gomoku.tui.events import NetEvent, NetListening
from gomoku.tui.model import (
    ConfirmQuit,
    Hosting,
    Joining,
    JoinStep,
    Link,
    Menu,
    MenuRow,
    NetMenu,
    NetPlaying,
    NetRow,
    ResumeOffer,
)
from gomoku.tui.saves import net_from_saved, offer_summary, saved_from_net
from gomoku.tui.screens import menu
from gomoku.tui.update import initial_network
from tests.tui.helpers import LEVELS, Run, menu_state, settings

MATCH = bytes.fromhex("00112233aabbccdd")
HOST = NetSetup("host", "Ann", code="K7QM-4RZT-9X", port=5801, bind="127.0.0.1", size=9, black="host")
GUEST = NetSetup("guest", "Bob", code="K7QM-4RZT-9X", port=5801, address="127.0.0.1")


def started(moves: tuple[Point, ...] = (), stone: Stone = Stone.BLACK, game: int = 1, resumed: bool = False):
    return ev.GameStarted(MATCH, game, Rule.FREESTYLE, 9, stone, moves, resumed)


def hosting_run() -> Run:
    """The host from the command line, listening, its guest not yet there."""
    state, effects = initial_network(settings(size=9), LEVELS, HOST)
    run = Run(state, list(effects))
    session = state.screen.session  # type: ignore[union-attr]
    return run.send(
        NetListening(session, HOST.code, 5801, (f"python -m gomoku --join 127.0.0.1:5801 --code {HOST.code}",))
    )


def game_run(role: str = "host", stone: Stone = Stone.BLACK, moves: tuple[Point, ...] = ()) -> Run:
    """A network game in progress (``role``'s side, playing ``stone``)."""
    if role == "host":
        run = hosting_run()
    else:
        state, effects = initial_network(settings(size=9), LEVELS, GUEST)
        run = Run(state, list(effects))
    session = run.state.screen.session  # type: ignore[union-attr]
    opponent = "Bob" if role == "host" else "Ann"
    run.send(NetEvent(session, ev.OpponentJoined(opponent)), NetEvent(session, started(moves, stone)))
    assert isinstance(run.state.screen, NetPlaying)
    run.effects.clear()
    return run


def net(run: Run, event: ev.Event, saved=None) -> Run:
    return run.send(NetEvent(run.state.screen.session, event, saved))  # type: ignore[union-attr]


def screen(run: Run) -> NetPlaying:
    assert isinstance(run.state.screen, NetPlaying)
    return run.state.screen


def moved(run: Run, name: str, mine: bool, saved=None) -> Run:
    board = screen(run).board
    point = Point("abcdefghi".index(name[0]), 9 - int(name[1:]))
    return net(run, ev.MovePlayed(point, board.turn, mine, len(board.moves), None), saved)


# -- the menus ------------------------------------------------------------------------


def test_the_menu_opens_the_network_menu_and_it_hosts_with_the_choices() -> None:
    state = menu_state(size=9, name="Ann")
    rows = [row for row in menu.rows(state, state.screen) if menu.applies(state.settings, row)]  # type: ignore[arg-type]
    run = Run(state).press(*["down"] * rows.index(MenuRow.NETWORK), "enter")  # up/down skip the dimmed rows
    assert run.state.screen == NetMenu()
    run.press("down", "down", "right")  # Black played by: host
    assert run.state.screen == NetMenu(NetRow.BLACK, "host")
    run.press("up", "up", "enter")
    hosting = run.state.screen
    assert isinstance(hosting, Hosting)
    assert run.effects[-1] == NetStart(hosting.session, NetSetup("host", "Ann", size=9, black="host"))


def test_the_network_menu_joins_asking_for_the_address_then_the_code() -> None:
    run = Run(replace(menu_state(name="Bob"), screen=NetMenu(NetRow.JOIN))).press("enter")
    assert isinstance(run.state.screen, Joining) and run.state.screen.step is JoinStep.ADDRESS
    run.press(*"127.0.0.1:6000", "enter")
    joining = run.state.screen
    assert isinstance(joining, Joining) and joining.step is JoinStep.CODE and joining.setup.port == 6000
    run.press(*"k7qm 4rzt 9x", "enter")  # case and spaces do not matter
    joining = run.state.screen
    assert isinstance(joining, Joining) and joining.step is JoinStep.CONNECTING
    assert run.effects[-1] == NetStart(
        joining.session, NetSetup("guest", "Bob", "K7QM-4RZT-9X", 6000, address="127.0.0.1")
    )
    run.press("escape")
    assert run.state.screen == NetMenu() and run.effects[-1] == NetClose(joining.session, "the guest cancelled")


def test_a_mistyped_code_or_address_is_explained_and_nothing_is_sent() -> None:
    state, _ = initial_network(settings(), LEVELS, replace(GUEST, code=""))
    run = Run(state).press(*"K7QM", "enter")
    assert isinstance(run.state.screen, Joining) and run.state.screen.step is JoinStep.CODE
    assert "code" in run.state.screen.error.lower() and not run.effects
    run = Run(replace(state, screen=Joining(replace(GUEST, address=""), JoinStep.ADDRESS))).press(
        "a", " ", "b", "enter"
    )
    assert run.state.screen.error and not run.effects  # type: ignore[union-attr]


# -- hosting ----------------------------------------------------------------------------


def test_hosting_shows_the_command_and_keeps_the_code_and_port() -> None:
    run = hosting_run()
    hosting = run.state.screen
    assert isinstance(hosting, Hosting)
    assert hosting.commands == (f"python -m gomoku --join 127.0.0.1:5801 --code {HOST.code}",)
    assert hosting.setup.code == HOST.code and hosting.setup.port == 5801
    net(run, ev.GuestRefused("wrong code: check the code the host shows and join again"))
    assert run.state.screen.refused.startswith("wrong code")  # type: ignore[union-attr]
    assert isinstance(run.state.screen, Hosting)  # it goes on waiting


def test_hosting_esc_cancels_and_q_quits_closing_the_connection() -> None:
    run = hosting_run()
    session = run.state.screen.session  # type: ignore[union-attr]
    cancelled = Run(run.state).press("escape")
    assert isinstance(cancelled.state.screen, NetMenu) and cancelled.effects == [
        NetClose(session, "the host stopped waiting")
    ]
    assert Run(run.state).press("q").effects == [NetClose(session, "the host quit"), Quit()]


def test_a_host_that_cannot_listen_says_why() -> None:
    run = net(
        hosting_run(), ev.Closed("cannot listen on port 5801 (Address in use): choose another port with --host PORT")
    )
    assert "choose another port" in run.state.screen.error and run.state.alert  # type: ignore[union-attr]


def test_the_guest_joining_starts_the_game() -> None:
    run = game_run()
    game = screen(run)
    assert game.opponent == "Bob" and game.my_stone is Stone.BLACK and game.my_turn
    assert "you play black" in run.state.message


# -- joining ------------------------------------------------------------------------------


def test_a_wrong_code_asks_again_and_a_failure_retries_with_enter() -> None:
    state, effects = initial_network(settings(), LEVELS, GUEST)
    first = effects[-1]
    assert isinstance(first, NetStart)
    run = Run(state).send(NetEvent(first.session, ev.JoinRefused("bad-code", "wrong code: check it")))
    assert run.state.screen.step is JoinStep.CODE and "Wrong code" in run.state.screen.error  # type: ignore[union-attr]
    run = Run(state).send(NetEvent(first.session, ev.ConnectionLost("cannot reach 127.0.0.1 port 5801")))
    assert run.state.screen.step is JoinStep.FAILED  # type: ignore[union-attr]
    run.press("enter")
    again = run.effects[-1]
    assert isinstance(again, NetStart) and again.session != first.session and again.setup == GUEST


# -- the game -----------------------------------------------------------------------------


def test_a_move_is_sent_and_goes_on_the_board_when_played_with_an_autosave() -> None:
    run = game_run().press("enter")
    session = screen(run).session
    assert run.effects == [NetPlay(session, Point(4, 4))]
    assert not screen(run).board.moves  # not until the connection says so
    record = MatchRecord(MATCH, 1, Rule.FREESTYLE, 9, "host", (Point(4, 4),))
    run.effects.clear()
    moved(run, "e5", mine=True, saved=record)
    assert screen(run).board.moves == [Point(4, 4)] and screen(run).saved == record
    (save,) = run.effects
    assert isinstance(save, Autosave) and save.saved.extra["network"]["role"] == "host"
    assert not screen(run).my_turn
    run.effects.clear()
    run.press("enter")
    assert not run.effects and "Bob's turn" in run.state.message


def test_the_opponents_move_is_applied_and_said() -> None:
    run = game_run("guest", Stone.WHITE)
    moved(run, "e5", mine=False)
    assert screen(run).board.moves == [Point(4, 4)] and screen(run).my_turn
    assert run.state.message == "Ann played e5."


def test_a_refused_move_says_why_and_the_guest_takes_it_back() -> None:
    run = moved(game_run("guest", Stone.BLACK), "e5", mine=True)
    net(run, ev.MoveRefused(Point(4, 4), "the position changed before your move arrived: look and play again"))
    assert not screen(run).board.moves and run.state.alert and "position changed" in run.state.message
    net(run, ev.Refused("move", "e5 is forbidden for black (double-three): pick another point"))
    assert run.state.message == "e5 is forbidden for black (double-three): pick another point."


def test_an_undo_request_accepted_and_one_declined() -> None:
    run = moved(moved(game_run(), "e5", True), "e6", False)
    run.press("u")
    assert run.effects[-1] == NetOffer(screen(run).session, "undo") and screen(run).offer_out == "undo"
    net(run, ev.OfferAnswered("undo", False))
    assert screen(run).offer_out is None and "Bob declined" in run.state.message
    net(run, ev.OfferReceived("undo"))
    assert run.state.message == "Bob asks to take back a move: y accepts, n declines."
    run.press("y")
    assert run.effects[-1] == NetAnswer(screen(run).session, True) and screen(run).offer_in is None
    net(run, ev.MovesTakenBack((Point(4, 3),), 1))
    assert screen(run).board.moves == [Point(4, 4)] and run.state.message == "Took back e6."
    net(run, ev.OfferReceived("draw"))
    run.press("n")
    assert run.effects[-1] == NetAnswer(screen(run).session, False)


def test_chat_opens_a_prompt_sends_the_line_and_shows_both_sides() -> None:
    run = game_run().press("c", "h", "i", "space", "u", "?")  # u and ? are text while typing
    assert screen(run).typing == "hi u?" and not run.effects and run.state.overlay is None
    run.press("enter")
    assert run.effects == [NetChat(screen(run).session, "hi u?")] and screen(run).typing is None
    net(run, ev.ChatReceived("Bob", "hello"))
    assert screen(run).chat == ("you: hi u?", "Bob: hello") and run.state.message == "Bob: hello"
    run.press("c", "x", "escape")
    assert screen(run).typing is None and len(run.of(NetChat)) == 1


def test_resign_asks_first_then_the_game_ends_and_a_rematch_is_asked() -> None:
    run = moved(game_run(), "e5", True)
    run.press("R", "x")
    assert not run.of(NetResign) and run.state.message == "Resign cancelled."
    run.press("R", "y")
    assert run.of(NetResign) == [NetResign(screen(run).session)]
    run.effects.clear()
    net(run, ev.GameOver(1, 1, ev.Result(Stone.WHITE, "resign")))
    assert screen(run).over and "White wins by resignation" in run.state.message
    assert [type(e) for e in run.effects] == [Autosave, RetireAutosave]
    run.press("n")
    assert run.effects[-1] == NetOffer(screen(run).session, "rematch")
    net(run, ev.OfferAnswered("rematch", True))
    net(run, started((), Stone.WHITE, game=2))
    assert screen(run).game == 2 and screen(run).my_stone is Stone.WHITE and not screen(run).over


def test_the_host_waits_and_the_guest_reconnects_with_its_record() -> None:
    host = net(moved(game_run(), "e5", True), ev.ConnectionLost("closed by the other side"))
    assert screen(host).link is Link.WAITING and "waiting for them" in host.state.message
    host.press("enter")
    assert not host.of(NetPlay) and "not connected" in host.state.message
    record = ResumeRecord(match=MATCH, game=1, moves=(Point(4, 4),))
    guest = net(moved(game_run("guest", Stone.WHITE), "e5", False, saved=record), ev.ConnectionLost("gone"))
    assert screen(guest).link is Link.LOST and "r reconnects" in guest.state.message
    old = screen(guest).session
    guest.press("r")
    new = screen(guest).session
    assert guest.effects[-2:] == [NetClose(old, "reconnecting"), NetStart(new, GUEST, record)]
    net(guest, ev.OpponentJoined("Ann"))
    net(guest, started((Point(4, 4),), Stone.WHITE, resumed=True))
    assert screen(guest).link is Link.CONNECTED and screen(guest).board.moves == [Point(4, 4)]
    assert "Resumed game 1" in guest.state.message


def test_events_of_a_closed_connection_are_dropped_and_round_trips_shown() -> None:
    run = game_run()
    before = run.state
    run.send(NetEvent(screen(run).session + 100, ev.ChatReceived("Eve", "hi")))
    assert run.state is before
    net(run, ev.RoundTrip(0.0031))
    assert screen(run).rtt == 0.0031
    again = run.state
    net(run, ev.RoundTrip(0.0031))
    assert run.state is again  # nothing new to draw


def test_quitting_a_game_in_progress_asks_first() -> None:
    run = moved(game_run(), "e5", True).press("q")
    assert run.state.overlay == ConfirmQuit()
    assert Run(game_run().state).press("q").effects == [Quit()]


# -- saving and resuming -----------------------------------------------------------------


@pytest.mark.parametrize("role", ["host", "guest"])
def test_a_network_game_is_saved_with_its_record_and_read_back(role: str) -> None:
    if role == "host":
        record = MatchRecord(MATCH, 2, Rule.FREESTYLE, 9, "guest", (Point(4, 4), Point(4, 3)))
    else:
        record = ResumeRecord(match=MATCH, game=2, moves=(Point(4, 4), Point(4, 3)))
    run = moved(moved(game_run(role), "e5", True), "e6", False, saved=record)
    saved = SavedGame.from_json(saved_from_net(screen(run), "normal").to_json())
    setup, back = net_from_saved(saved)  # type: ignore[misc]
    assert back == record and setup == screen(run).setup
    assert "a network game you" in offer_summary(saved) and "2 moves" in offer_summary(saved)


def test_a_restarted_host_is_offered_its_network_game_and_hosts_it_again() -> None:
    record = MatchRecord(MATCH, 1, Rule.FREESTYLE, 9, "host", (Point(4, 4),))
    saved = saved_from_net(screen(moved(game_run(), "e5", True, saved=record)), "normal")
    state, effects = initial_network(settings(size=9), LEVELS, replace(HOST, code=""), offer=saved)
    assert isinstance(state.screen, ResumeOffer) and not effects
    run = Run(state).press("y")
    hosting = run.state.screen
    assert isinstance(hosting, Hosting) and hosting.record == record
    assert run.effects == [NetStart(hosting.session, HOST, record)]  # the saved code and port


def test_a_guest_joining_the_same_address_presents_its_saved_game() -> None:
    record = ResumeRecord(match=MATCH, game=1, moves=(Point(4, 4),))
    saved = saved_from_net(screen(moved(game_run("guest", Stone.WHITE), "e5", False, saved=record)), "normal")
    state, effects = initial_network(settings(), LEVELS, GUEST, offer=saved)
    assert effects[-1] == NetStart(state.screen.session, GUEST, record)  # type: ignore[union-attr]
    _, effects = initial_network(settings(), LEVELS, replace(GUEST, address="10.0.0.9"), offer=saved)
    assert effects[0] == RetireAutosave(announce=True) and effects[-1].record is None  # type: ignore[union-attr]


def test_the_menu_has_the_network_row_after_the_settings() -> None:
    state = menu_state()
    assert menu.rows(state, Menu())[-3:] == (MenuRow.NETWORK, MenuRow.LOAD, MenuRow.QUIT)


def test_a_failed_reconnection_says_why_and_r_tries_again() -> None:
    guest = net(game_run("guest", Stone.WHITE), ev.PeerLeft("Ann left: the other player quit"))
    assert guest.state.message == "Ann left: the other player quit. r reconnects."
    guest.press("r")
    assert screen(guest).link is Link.RECONNECTING
    net(guest, ev.ConnectionLost("cannot reach 127.0.0.1 port 5801 (Connection refused): check the address"))
    assert screen(guest).link is Link.LOST
    assert (
        guest.state.message.startswith("Cannot reconnect: Cannot reach 127.0.0.1")
        and "r tries again" in guest.state.message
    )
    guest.press("r")
    assert isinstance(guest.effects[-1], NetStart)


def test_a_new_match_keeps_the_game_saved_before_it_aside_and_a_resumed_one_does_not() -> None:
    run = hosting_run()
    session = run.state.screen.session  # type: ignore[union-attr]
    run.effects.clear()
    run.send(NetEvent(session, started()))
    assert run.effects[0] == RetireAutosave()
    resumed = hosting_run()
    resumed.effects.clear()
    resumed.send(NetEvent(session, started((Point(4, 4),), resumed=True)))
    assert [type(e) for e in resumed.effects] == [Autosave]
