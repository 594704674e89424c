"""The watcher's game screen and the series in the save, driven by real sessions on the test wire."""

from __future__ import annotations

from gomoku.net import events as ev
from gomoku.net.host import HostSession
from gomoku.net.match import BlackChoice, GameSettings, MatchRecord, OfferKind, Role, Series
from gomoku.openings import OpeningRule
from gomoku.savegame import SavedGame
from gomoku.tui import router
from gomoku.tui.bindings import key_line
from gomoku.tui.effects import Autosave, NetChat, NetPlay, NetSetup, RetireAutosave
from gomoku.tui.events import NetEvent
from gomoku.tui.model import Menu, NetPlaying, State
from gomoku.tui.saves import net_from_saved, saved_from_net
from gomoku.tui.screen import context
from gomoku.tui.screens import netgame
from tests.net.wire import WATCH_CODE, Wire
from tests.tui.helpers import LEVELS, Run, settings
from tests.tui.netplay import Match
from tests.tui.test_view import render

SESSION = 9
#: Black makes five on row 1 of a 9x9 board while white plays on row 3.
BLACK_WINS = ["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1"]


def watching(wire: Wire, watcher) -> Run:
    """The watcher's terminal state, its game screen started from its session's events."""
    run = Run(State(screen=Menu(), settings=settings(size=9), levels=LEVELS))
    setup = NetSetup(Role.GUEST, "Cy", code=WATCH_CODE, watch=True)
    for event in wire.take(watcher):
        update = NetEvent(SESSION, event, watcher.snapshot())
        if isinstance(run.state.screen, NetPlaying):
            run.send(update)
        elif isinstance(event, ev.GameStarted):
            run.state, effects = router.apply(run.state, *netgame.started(context(run.state), SESSION, setup, update))
            run.effects.extend(effects)
    return run


def feed(run: Run, wire: Wire, watcher) -> None:
    for event in wire.take(watcher):
        run.send(NetEvent(SESSION, event, watcher.snapshot()))


def test_the_watchers_screen_names_both_players_refuses_every_action_and_saves_nothing() -> None:
    wire = Wire(GameSettings(size=9, black=BlackChoice.HOST))
    guest = wire.join()
    wire.act(wire.host, wire.host.play((4, 4)))
    watcher = wire.watcher(name="Cy")
    run = watching(wire, watcher)
    screen = run.state.screen
    assert isinstance(screen, NetPlaying) and screen.watching
    assert run.state.message == "Watching game 1: Hana against Gil."
    line = " ".join(key_line(netgame.bindings(screen, context(run.state))))
    assert "undo" not in line and "resign" not in line and "chat" in line
    for key in ("enter", "u", "D", "G", "y", "g"):
        run.press(key)
        assert run.state.message == "You are watching: a watcher cannot play.", key
    assert not run.of(NetPlay)
    wire.act(guest, guest.play((4, 5)))
    feed(run, wire, watcher)
    assert run.state.message == "Gil played e4."
    assert not run.of(Autosave) and not run.of(RetireAutosave)  # the game is not the watcher's
    run.press("m", "h", "i", "enter")
    assert run.of(NetChat)  # sent to its session, which refuses it while the host does not allow it
    (refused,) = watcher.chat("hi")
    assert refused.reason == "the host does not let watchers chat"


def test_the_series_is_on_both_screens_in_the_save_and_survives_a_restarted_host() -> None:
    match = Match.start()
    match.play_all(BLACK_WINS)
    match.offer(Role.GUEST, OfferKind.REMATCH)
    match.press(Role.HOST, "y")
    host, guest = match.host.screen, match.guest.screen
    assert host.table.game == 2
    assert host.view.score == guest.view.score == "Hana 1 - 0 Gil"
    saved = SavedGame.from_json(saved_from_net(host, "normal").to_json())
    _, record = net_from_saved(saved)  # type: ignore[misc]
    assert isinstance(record, MatchRecord) and record.series == Series(1, 0, 0)
    restarted = HostSession("K7QM-4RZT-9X", "Hana", record=record)
    assert restarted.series == Series(1, 0, 0)


def test_a_watcher_reads_whose_swap_is_next_by_the_players_names() -> None:
    wire = Wire(GameSettings(size=15, black=BlackChoice.HOST, opening=OpeningRule.SWAP2))
    wire.join()
    watcher = wire.watcher(name="Cy")
    run = watching(wire, watcher)
    status = render(run.state).lines()[-2]
    # the host (Hana) places the three stones, the guest (Gil) decides the swap: nobody here is "you"
    assert "place the 1st stone" in status and "(next swap: Gil)" in status and "you" not in status


def test_a_watched_game_is_kept_in_the_watchers_history_with_both_names_and_the_series(tmp_path) -> None:
    from gomoku.history import GameKind, History
    from gomoku.rules import Outcome, Stone, Termination
    from gomoku.tui.effects import KeepGame
    from gomoku.tui.recorder import keep
    from tests.net.test_watchers import BLACK_WINS as POINTS
    from tests.net.test_watchers import play

    wire = Wire(GameSettings(size=9, black=BlackChoice.HOST))
    guest = wire.join()
    play(wire, guest, POINTS[:3])
    watcher = wire.watcher(name="Cy")  # joins in the middle
    run = watching(wire, watcher)
    play(wire, guest, POINTS[3:])  # black (Hana, the host) makes five
    feed(run, wire, watcher)
    (keeping,) = run.of(KeepGame)
    entry = keeping.entry
    assert (entry.kind, entry.opponent, entry.you) == (GameKind.WATCHED_NETWORK, "Hana v Gil", None)
    assert entry.outcome == Outcome(Termination.FIVE, Stone.BLACK) and entry.player_result() is None
    assert list(entry.record.moves) == wire.host.board.moves and len(entry.record.moves) == 9
    assert entry.series_score == "host 1 guest 0 draws 0"
    assert not run.of(Autosave)  # the game is not the watcher's to resume
    path = tmp_path / "history.sqlite3"
    assert keep(keeping, path) is None and History.open(path).entries() == [entry]


def test_a_watcher_who_joins_after_the_game_ended_keeps_nothing_of_it() -> None:
    from gomoku.tui.effects import KeepGame
    from tests.net.test_watchers import BLACK_WINS as POINTS
    from tests.net.test_watchers import play

    wire = Wire(GameSettings(size=9, black=BlackChoice.HOST))
    guest = wire.join()
    play(wire, guest, POINTS)  # over before anyone watched: not a game the watcher saw
    watcher = wire.watcher(name="Cy")
    run = watching(wire, watcher)
    screen = run.state.screen
    assert isinstance(screen, NetPlaying) and screen.over
    assert not run.of(KeepGame)
