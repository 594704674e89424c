"""Network play's screens as data: the network menu, hosting, joining and the network game, with their effects."""

from __future__ import annotations

import getpass
import os
import pwd
from dataclasses import replace

import pytest

from gomoku.cli import build_parser
from gomoku.history import GameKind, PlayerResult
from gomoku.net import events as ev
from gomoku.net.match import BlackChoice, ChatLine, MatchRecord, OfferKind, Role
from gomoku.net.snapshot import LinkState
from gomoku.point import Point
from gomoku.rules import Outcome, Rule, Stone, Termination
from gomoku.savegame import SavedGame, keep_game, save_game
from gomoku.tui.effects import (
    Autosave,
    KeepGame,
    NetChat,
    NetClose,
    NetPlay,
    NetResign,
    NetSetup,
    NetStart,
    Quit,
    RetireAutosave,
    SaveSettings,
)
from gomoku.tui.events import NetClock, NetEvent, NetListening
from gomoku.tui.model import (
    ConfirmQuit,
    Hosting,
    Joining,
    JoinStep,
    Menu,
    MenuRow,
    NetMenu,
    NetPlaying,
    NetRow,
    ResumeOffer,
)
from gomoku.tui.options import network_setup, settings_from_args
from gomoku.tui.saves import net_from_saved, offer_summary, saved_from_net
from gomoku.tui.screens import menu
from gomoku.tui.update import initial_network
from tests.net.wire import CODE
from tests.tui.helpers import LEVELS, Run, menu_state, settings
from tests.tui.netplay import Match
from tests.tui.terminal import compact
from tests.tui.test_view import render

MATCH = bytes.fromhex("00112233aabbccdd")
HOST = NetSetup(Role.HOST, "Ann", code="K7QM-4RZT-9X", port=5801, bind="127.0.0.1", size=9, black=BlackChoice.HOST)
GUEST = NetSetup(Role.GUEST, "Bob", code="K7QM-4RZT-9X", port=5801, address="127.0.0.1")


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


def net(run: Run, event: ev.Event, snapshot=None) -> Run:
    return run.send(NetEvent(run.state.screen.session, event, snapshot))  # type: ignore[union-attr]


def screen(run: Run) -> NetPlaying:
    assert isinstance(run.state.screen, NetPlaying)
    return run.state.screen


# -- the menus ------------------------------------------------------------------------


def test_the_menu_opens_the_network_menu_and_it_hosts_with_the_choices() -> None:
    state = menu_state(size=9, name="Ann")
    rows = [row for row in menu.rows(state, state.screen) if menu.applies(state.settings, row)]  # type: ignore[arg-type]
    run = Run(state).press(*["down"] * rows.index(MenuRow.NETWORK), "enter")  # up/down skip the dimmed rows
    assert run.state.screen == NetMenu()
    run.press("down", "down", "right")  # Black played by: host
    assert run.state.screen == NetMenu(NetRow.BLACK, BlackChoice.HOST)
    run.press("up", "up", "enter")
    hosting = run.state.screen
    assert isinstance(hosting, Hosting)
    assert run.effects[-1] == NetStart(hosting.session, NetSetup(Role.HOST, "Ann", size=9, black=BlackChoice.HOST))


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
        joining.session, NetSetup(Role.GUEST, "Bob", "K7QM-4RZT-9X", 6000, address="127.0.0.1")
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


def test_the_network_menu_sets_the_port_the_address_to_listen_on_and_the_name() -> None:
    """Issue 21, item 14."""
    run = Run(replace(menu_state(size=9, name=""), screen=NetMenu(NetRow.PORT)))
    run.press("enter", "ctrl-u", *"70000", "enter")
    assert run.state.screen.error and run.state.alert  # type: ignore[union-attr]
    assert "65535" in run.state.message
    run.press("ctrl-u", *"6123", "enter")
    assert run.state.screen == NetMenu(NetRow.PORT, port=6123)
    run.press("down", "enter", *"127.0.0.1", "enter")  # Listen on
    run.press("down", "enter", *"Ann ?q", "enter")  # Your name: "?" and "q" are text while typing
    assert run.state.settings.name == "Ann ?q" and run.of(SaveSettings)[-1].settings.name == "Ann ?q"
    run.press("escape")  # back to the main menu ...
    run = Run(replace(run.state, screen=NetMenu(port=6123, bind="127.0.0.1")))
    run.press("enter")  # ... and Host a game
    hosting = run.state.screen
    assert isinstance(hosting, Hosting)
    assert run.effects[-1] == NetStart(
        hosting.session, NetSetup(Role.HOST, "Ann ?q", port=6123, bind="127.0.0.1", size=9)
    )


def test_nobody_is_called_player_when_there_is_no_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no name at all (none given, no login name) the other player sees "the host" or "the guest"."""

    def no_login() -> str:
        raise OSError("no login name")

    monkeypatch.setattr(getpass, "getuser", no_login)
    args = build_parser().parse_args(["--host", "--black", "guest"])
    assert network_setup(args, replace(settings(), name="")).name == ""
    match = Match.start(guest_name="")
    assert match.host.screen.opponent == "the guest"
    assert "Game 1 against the guest" in match.host.message


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


def test_the_guest_joining_starts_the_game_on_both_screens() -> None:
    match = Match.start()
    host, guest = match.host.screen, match.guest.screen
    assert host.opponent == "Gil" and host.table.my_stone is Stone.BLACK and host.table.my_turn
    assert guest.opponent == "Hana" and guest.table.my_stone is Stone.WHITE and not guest.table.my_turn
    assert "you play black" in match.host.message and "you play white" in match.guest.message


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


# -- the game: both screens driven by their sessions on the test wire ---------------------


def test_a_move_is_sent_and_goes_on_the_board_when_the_session_plays_it_with_an_autosave() -> None:
    match = Match.start()
    match.host.run.effects.clear()
    match.host.done = 0
    match.play(Role.HOST, "e5")
    assert match.host.screen.board.moves == [Point(4, 4)] == match.guest.screen.board.moves
    assert match.guest.message == "Hana played e5." and match.guest.screen.table.my_turn
    saves = match.host.run.of(Autosave)
    assert saves and saves[-1].saved.extra["network"]["role"] == "host"
    assert match.host.screen.view.saved.moves == (Point(4, 4),)  # type: ignore[union-attr]


def test_the_screen_checks_no_rule_the_session_refuses_and_says_why() -> None:
    match = Match.start()
    match.play(Role.GUEST, "e5")  # out of turn: the screen sends it, the session refuses it
    assert match.guest.run.of(NetPlay) and not match.guest.screen.board.moves
    assert match.guest.message == "It is black's turn: wait for Hana's move." and match.guest.run.state.alert
    match.play(Role.HOST, "e5")
    match.play(Role.GUEST, "e5")
    assert match.guest.message == "E5 is taken: pick an empty point." or "taken" in match.guest.message
    assert match.host.screen.board.moves == [Point(4, 4)]


def test_an_undo_request_declined_then_one_accepted_on_both_sides() -> None:
    match = Match.start()
    match.play_all(["e5", "e6"])
    match.offer(Role.HOST, OfferKind.UNDO)
    assert match.host.screen.table.offer_out is OfferKind.UNDO and match.guest.screen.table.offer_in is OfferKind.UNDO
    assert match.guest.message == "Hana asks to take back a move: y accepts, n declines."
    match.press(Role.GUEST, "n")
    assert match.guest.message == "Declined the request to take back a move."
    assert match.host.message == "Gil declined your request to take back a move."
    assert match.host.screen.table.offer_out is None and match.guest.screen.table.offer_in is None
    match.offer(Role.HOST, OfferKind.UNDO)
    match.press(Role.GUEST, "y")
    assert match.host.screen.board.moves == [] == match.guest.screen.board.moves  # back to the asker's turn
    assert match.host.message == "Took back e5, e6." and match.host.screen.table.my_turn


def test_an_undo_request_that_lapses_because_the_other_side_played_says_so_on_both_sides() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.offer(Role.HOST, OfferKind.UNDO)
    match.play(Role.GUEST, "e6")  # an answer by a move, not by y or n
    assert match.host.message == "Your request to take back a move lapsed: Gil played instead."
    assert match.guest.message == "Hana's request to take back a move lapsed: you played instead."
    assert match.host.screen.table.offer_out is None and match.guest.screen.table.offer_in is None


def test_chat_opens_a_prompt_sends_the_line_and_both_panels_keep_it() -> None:
    match = Match.start()
    side = match.press(Role.HOST, "m", "h", "i", "space", "u", "?")  # u and ? are text while typing
    assert side.screen.typing == "hi u?" and side.run.state.overlay is None
    match.press(Role.HOST, "enter")
    assert side.run.of(NetChat) == [NetChat(7, "hi u?")] and side.screen.typing is None
    match.press(Role.GUEST, "m", "y", "o", "enter")
    expected = (ChatLine(Role.HOST, "hi u?"), ChatLine(Role.GUEST, "yo"))
    assert match.host.screen.view.chat == expected == match.guest.screen.view.chat
    assert match.host.message == "Gil: yo" and match.guest.message == ""
    match.press(Role.HOST, "m", "x", "escape")
    assert match.host.screen.typing is None and len(match.host.run.of(NetChat)) == 1


def test_resign_asks_first_then_the_game_ends_on_both_sides_and_a_rematch_swaps_colours() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.HOST, "G", "x")
    assert not match.host.run.of(NetResign) and match.host.message == "Resign cancelled."
    match.press(Role.HOST, "G", "y")
    assert match.host.screen.over and match.guest.screen.over
    assert match.host.message == "White wins by resignation. Gil wins. g asks for a rematch."
    assert match.guest.message == "White wins by resignation. You win! g asks for a rematch."
    assert [type(e) for e in match.host.run.effects[-3:]] == [Autosave, RetireAutosave, KeepGame]
    kept = {
        role: side.run.of(KeepGame)[-1].entry for role, side in ((Role.HOST, match.host), (Role.GUEST, match.guest))
    }
    assert {role: entry.player_result() for role, entry in kept.items()} == {
        Role.HOST: PlayerResult.LOSS,
        Role.GUEST: PlayerResult.WIN,
    }  # each side keeps the game in its own history, from its own side
    assert kept[Role.HOST].outcome == Outcome(Termination.RESIGNATION, Stone.WHITE)
    assert kept[Role.HOST].kind is GameKind.NETWORK and kept[Role.HOST].opponent == match.host.screen.opponent
    assert {entry.series_score for entry in kept.values()} == {"host 0 guest 1 draws 0"}  # the series, as it ended
    match.offer(Role.GUEST, OfferKind.REMATCH)
    match.press(Role.HOST, "y")
    assert match.host.screen.table.game == 2 and match.host.screen.table.my_stone is Stone.WHITE
    assert match.guest.screen.table.my_stone is Stone.BLACK and not match.guest.screen.over


def test_a_draw_by_no_five_left_reads_rightly_on_both_sides() -> None:
    """5x5: 22 moves leave no five possible for either side, with 3 points still empty."""
    size = 5
    black = [(x, y) for y in range(size) for x in range(size) if (x // 2 + y) % 2 == 0]
    white = [(x, y) for y in range(size) for x in range(size) if (x // 2 + y) % 2 == 1]
    order = [p for pair in zip(black, white) for p in pair] + black[len(white) :]
    match = Match.start(size=5)
    names = [match.host.screen.board.notation(Point(*p)) for p in order[:22]]
    match.play_all(names)
    expected = "Draw: neither side can make five any more. g asks for a rematch."
    assert match.host.message == expected == match.guest.message
    for side in (match.host, match.guest):
        assert side.screen.table.result == Outcome(Termination.NO_FIVE_LEFT, None)
        assert "board is full" not in side.message


#: tests/test_outcome.py's STUCK played as a renju game on 8x8 (every move legal, none ending it), then
#: white's b8: every empty point (c5, d5) is forbidden for black, who has no legal move.
STUCK_GAME = tuple(
    "h2 c1 d3 e1 f6 b4 d8 a7 c3 h1 d1 e2 f7 h4 h3 f8 c8 f1 g3 e5 h8 e3 d7 f3 b3 a5 h5 g7 a2 b1 c4 "  # noqa: SIM905
    "g2 a1 b5 d4 h6 a8 a4 b2 e7 c7 e8 e4 g4 c2 h7 d6 g8 g5 g1 f2 f4 a3 a6 b6 g6 f5 b7 c6 e6 d2 b8".split()
)


def test_a_renju_draw_by_no_legal_move_reads_rightly_on_both_sides() -> None:
    match = Match.start(rule=Rule.RENJU, size=8)
    match.play_all(list(STUCK_GAME))
    expected = "Draw: black has no legal move (every empty point is forbidden). g asks for a rematch."
    assert match.host.message == expected == match.guest.message
    for side in (match.host, match.guest):
        assert side.screen.table.result == Outcome(Termination.NO_LEGAL_MOVE, None)


def test_the_host_waits_shows_the_join_command_and_the_guest_reconnects_keeping_the_chat() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.HOST, "m", "h", "i", "enter")
    match.wire.drop(match.conn)
    match.deliver()
    host, guest = match.host, match.guest
    assert host.screen.link is LinkState.WAITING and guest.screen.link is LinkState.LOST
    assert host.message == "Lost the connection to Gil: the game is kept till they rejoin."
    assert "check the code the host shows" not in host.message and "C reconnects" in guest.message
    from gomoku.tui.screens.netgame import waiting_lines

    assert waiting_lines(host.screen)[1].startswith("python -m gomoku --join") and host.screen.setup.code
    match.press(Role.HOST, "enter")
    assert "Gil is not connected" in host.message and host.screen.board.moves == [Point(4, 4)]
    # The guest's process restarts: a new session presenting its saved game (what the autosave keeps).
    record = guest.screen.view.saved
    from gomoku.net.guest import GuestSession

    again = match.wire.guest(name="Gil", resume=record)
    guest.session = again
    match.conn = match.wire.connect(again)
    match.deliver()
    assert "Resumed game 1" in guest.message and guest.screen.board.moves == [Point(4, 4)]
    assert guest.screen.view.chat == (ChatLine(Role.HOST, "hi"),)  # the chat came back with the game
    assert host.screen.link is LinkState.CONNECTED and host.message.startswith("Resumed game 1 with Gil")
    assert isinstance(again, GuestSession)


def test_events_of_a_closed_connection_are_dropped() -> None:
    match = Match.start()
    before = match.host.run.state
    match.host.run.send(NetEvent(999, ev.ChatReceived("Eve", "hi")), NetClock(999, 12345.0))
    assert match.host.run.state == before


def test_a_cancelled_host_or_the_menu_is_not_moved_by_its_old_connection() -> None:
    run = hosting_run()
    old = run.state.screen.session  # type: ignore[union-attr]
    run.press("escape")  # hosting cancelled: back to the network menu
    back = run.state.screen
    assert isinstance(back, NetMenu)
    run.send(NetEvent(old, started()), NetListening(old, "ZZZZ-ZZZZ-ZZ", 1, ()))
    assert run.state.screen == back
    again = hosting_run()
    stale = again.state.screen.session + 1  # type: ignore[union-attr]
    listening = again.state.screen
    again.send(NetEvent(stale, started()), NetListening(stale, "ZZZZ-ZZZZ-ZZ", 1, ()))
    assert again.state.screen == listening


def test_quitting_a_game_in_progress_asks_first() -> None:
    match = Match.start()
    assert Run(match.host.run.state).press("q").effects == [Quit()]
    match.play(Role.HOST, "e5")
    assert match.host.run.press("q").state.overlay == ConfirmQuit()


# -- saving and resuming -----------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.HOST, Role.GUEST])
def test_a_network_game_is_saved_with_its_record_and_chat_and_read_back(role: Role) -> None:
    match = Match.start()
    match.play_all(["e5", "e6"])
    match.press(Role.GUEST, "m", "h", "i", "enter")
    side = match.side(role)
    saved = SavedGame.from_json(saved_from_net(side.screen, "normal").to_json())
    setup, back = net_from_saved(saved)  # type: ignore[misc]
    assert back == side.screen.view.saved and setup == side.screen.setup
    if role is Role.HOST:
        assert isinstance(back, MatchRecord) and back.chat == (ChatLine(Role.GUEST, "hi"),)
    assert "a network game you" in offer_summary(saved) and "2 moves" in offer_summary(saved)


def host_save() -> tuple[SavedGame, MatchRecord]:
    """What a host's autosave holds after e5 (its setup is HOST's)."""
    match = Match.start()
    match.play(Role.HOST, "e5")
    screen = replace(match.host.screen, setup=HOST)
    record = screen.view.saved
    assert isinstance(record, MatchRecord)
    return saved_from_net(screen, "normal"), record


def test_a_restarted_host_is_offered_its_network_game_and_hosts_it_again() -> None:
    saved, record = host_save()
    state, effects = initial_network(settings(size=9), LEVELS, replace(HOST, code=""), offer=saved)
    assert isinstance(state.screen, ResumeOffer) and not effects
    run = Run(state).press("y")
    hosting = run.state.screen
    assert isinstance(hosting, Hosting) and hosting.record == record
    assert run.effects == [NetStart(hosting.session, HOST, record)]  # the saved code and port


def test_n_to_the_resume_offer_hosts_the_game_the_command_line_asked_for() -> None:
    saved, _ = host_save()
    asked = replace(HOST, code="", port=5792, rule=Rule.RENJU, black=BlackChoice.GUEST)
    state, _ = initial_network(settings(size=9), LEVELS, asked, offer=saved)
    run = Run(state).press("n")
    hosting = run.state.screen
    assert isinstance(hosting, Hosting) and hosting.record is None
    assert run.effects == [RetireAutosave(announce=True), NetStart(hosting.session, asked, None)]


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (30, 100)])
def test_the_resume_offer_says_both_answers_whole_at_any_width(rows: int, cols: int) -> None:
    saved, _ = host_save()
    asked = replace(HOST, code="", port=58111)
    state, _ = initial_network(settings(size=9), LEVELS, asked, offer=saved)
    shown = compact(render(state, rows, cols).screen())
    assert compact("n: host a new game on port 58111 (the old one is kept: L loads it)") in shown
    assert compact("y or Enter: host it again (port 5801, the same code)") in shown  # the saved game's port


def test_a_guest_joining_the_same_address_presents_its_saved_game() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    record = match.guest.screen.view.saved
    saved = saved_from_net(replace(match.guest.screen, setup=GUEST), "normal")
    state, effects = initial_network(settings(), LEVELS, GUEST, offer=saved)
    assert effects[-1] == NetStart(state.screen.session, GUEST, record)  # type: ignore[union-attr]
    _, effects = initial_network(settings(), LEVELS, replace(GUEST, address="10.0.0.9"), offer=saved)
    assert effects[0] == RetireAutosave(announce=True) and effects[-1].record is None  # type: ignore[union-attr]


def test_the_menu_has_the_network_row_after_the_settings() -> None:
    state = menu_state()
    rows = (MenuRow.HISTORY, MenuRow.PUZZLES, MenuRow.NETWORK, MenuRow.LOAD, MenuRow.QUIT)
    assert menu.rows(state, Menu())[-5:] == rows


def test_a_failed_reconnection_says_why_and_C_tries_again() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.wire.act(match.host.session, match.host.session.leave("the host quit"))
    match.deliver()
    guest = match.guest
    assert guest.message == "Hana left. C reconnects."
    guest.run.press("C")
    assert guest.screen.reconnecting
    net(guest.run, ev.ConnectionLost("no connection could be made to 127.0.0.1 port 5801 (Connection refused)"))
    assert not guest.screen.reconnecting and guest.screen.link is LinkState.LOST
    assert guest.message.startswith("Cannot reconnect: No connection could be made to 127.0.0.1")
    assert "C tries again" in guest.message
    guest.run.press("C")
    assert isinstance(guest.run.effects[-1], NetStart)


def test_a_new_match_keeps_the_game_saved_before_it_aside_and_a_resumed_one_does_not() -> None:
    match = Match.start()
    snapshot = match.host.session.snapshot()
    run = hosting_run()
    session = run.state.screen.session  # type: ignore[union-attr]
    run.effects.clear()
    run.send(NetEvent(session, started(), snapshot))
    assert run.effects[0] == RetireAutosave()
    match.play(Role.HOST, "e5")
    resumed = hosting_run()
    resumed.effects.clear()
    resumed.send(NetEvent(session, started((Point(4, 4),), resumed=True), match.host.session.snapshot()))
    assert [type(e) for e in resumed.effects] == [Autosave]


def test_a_player_without_a_name_is_the_guest_and_sentences_start_with_a_capital() -> None:
    match = Match.start(guest_name="")
    match.play(Role.HOST, "e5")
    match.play(Role.GUEST, "e6")
    assert match.host.message == "The guest played e6."
    match.press(Role.GUEST, "m", "h", "i", "enter")
    assert match.host.message == "The guest: hi"


# -- issue 28, item 14: what a new player hit over the network ------------------------------------


def test_without_a_name_the_other_player_sees_the_login_name_as_the_help_says(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):  # a terminal that sets none of them (tmux, a container)
        monkeypatch.delenv(variable, raising=False)
    args = build_parser().parse_args(["--join", "127.0.0.1:5757", "--code", CODE])
    setup = network_setup(args, settings_from_args(args, replace(settings(), name=""), LEVELS))
    assert setup.name == pwd.getpwuid(os.getuid()).pw_name != ""


def test_a_rematch_asked_for_says_the_next_game_key_accepts_it_too() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.HOST, "G", "y")
    match.press(Role.HOST, "g")
    assert match.guest.message == "Hana asks for a rematch (colours swapped): y or g accepts, n declines."
    match.press(Role.GUEST, "n")
    assert match.guest.message == "Declined the request for a rematch (colours swapped)."
    assert match.host.screen.table.game == 1 and match.host.screen.over


def test_a_nameless_opponent_is_the_guest_in_the_middle_of_a_sentence() -> None:
    match = Match.start(guest_name="")
    match.play(Role.HOST, "e5")
    match.offer(Role.HOST, OfferKind.DRAW)
    assert match.host.message == "Asked the guest for a draw: waiting for the answer."


def test_after_a_finished_game_the_host_is_not_told_the_game_is_kept_for_the_guest() -> None:
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.HOST, "G", "y")
    match.wire.act(match.guest.session, match.guest.session.leave("the guest quit"))
    match.deliver()
    assert match.host.message == "Gil left. They can join again for a rematch."
    # while a game goes on, it is kept
    going = Match.start()
    going.play(Role.HOST, "e5")
    going.wire.drop(going.conn)
    going.deliver()
    assert going.host.message.endswith(": the game is kept till they rejoin.")


def test_the_next_game_key_asked_on_both_sides_starts_the_rematch() -> None:
    """Issue 28 (item 14): both players press the next game's key; the second press accepts, never declines."""
    match = Match.start()
    match.play(Role.HOST, "e5")
    match.press(Role.HOST, "G", "y")
    match.press(Role.HOST, "g")
    assert match.guest.screen.table.offer_in is OfferKind.REMATCH
    match.press(Role.GUEST, "g")
    assert match.host.screen.table.game == 2 and match.guest.screen.table.game == 2
    assert not match.guest.screen.over


def test_a_resigned_network_game_is_saved_as_over_and_kept_as_finished(tmp_path, monkeypatch) -> None:
    """A resignation is not on the board: it was kept as ``unfinished-...`` (judged by the board alone)."""
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    match = Match.start()
    match.play(Role.HOST, "e5")
    before = {side.role: len(side.run.effects) for side in (match.host, match.guest)}
    match.press(Role.HOST, "G", "y")
    for side in (match.host, match.guest):
        (saved,) = [effect.saved for effect in side.run.effects[before[side.role] :] if isinstance(effect, Autosave)]
        assert saved.ended and not saved.to_board().is_game_over()
        save_game(saved)
        kept = keep_game()
        assert kept is not None and kept.name.startswith("finished-")


def test_a_finished_network_game_is_kept_aside_once_whatever_comes_after() -> None:
    """Issue 28, item 11: after the end, each chat line (and the other player's rejoin) wrote the game again
    and kept it aside again (``finished-...-2.json``)."""
    match = Match.start()
    match.play(Role.HOST, "e5")
    before = {side.role: len(side.run.effects) for side in (match.host, match.guest)}
    match.press(Role.HOST, "G", "y")
    match.press(Role.GUEST, "m", "g", "g", "enter")
    match.press(Role.HOST, "m", "t", "y", "enter")
    for side in (match.host, match.guest):
        after = side.run.effects[before[side.role] :]
        assert [type(e) for e in after if isinstance(e, (Autosave, RetireAutosave))] == [Autosave, RetireAutosave]


def test_a_game_won_by_five_is_kept_once_on_both_sides_in_its_final_position() -> None:
    # the winning move's own snapshot already says the game is over: the end is kept all the same, and once
    match = Match.start()
    match.play_all(["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1"])  # black (the host) makes five on row 1
    for side, result in ((match.host, PlayerResult.WIN), (match.guest, PlayerResult.LOSS)):
        assert side.screen.over and side.screen.ended
        (kept,) = side.run.of(KeepGame)
        assert kept.entry.player_result() is result and len(kept.entry.record.moves) == 9
        effects = side.run.effects
        ends = [
            at
            for at, effect in enumerate(effects[:-2])
            if isinstance(effect, Autosave)
            and len(effect.saved.moves) == 9  # the final position, then kept aside
            and isinstance(effects[at + 1], RetireAutosave)
            and isinstance(effects[at + 2], KeepGame)
        ]
        assert len(ends) == 1
    match.press(Role.HOST, "m", "g", "g", "enter")  # a chat line after the end keeps nothing more
    assert len(match.host.run.of(KeepGame)) == 1 and len(match.guest.run.of(KeepGame)) == 1
