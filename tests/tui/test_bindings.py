"""Every screen's keys are declared once: each bound key does something and is documented, nothing else is.

Issue 21: the help overlay and the bottom key line are generated from the
screen's bindings; these tests drive each converted screen with every key a
terminal can send and compare what happens with what the help says.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.tui import router
from gomoku.tui.bindings import (
    CHAT,
    DECLINE,
    GAME_KEYS,
    HELP,
    KEEP,
    NEXT,
    RECONNECT,
    REDO,
    RESIGN,
    REVIEW,
    bound_keys,
    find,
)
from gomoku.tui.draw import plain_theme
from gomoku.tui.events import Key, Pressed
from gomoku.tui.model import Help, Menu, NetPlaying, Playing, Replaying, ResumeOffer, State
from gomoku.tui.screen import Route, context
from gomoku.tui.settings import Mode
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import Run, loaded, menu_state, play_at, press, start
from tests.tui.terminal import flatten
from tests.tui.test_saves_state import offered
from tests.tui.test_view import render

#: Every key the loop can report.
ALL_KEYS = (
    [chr(code) for code in range(33, 127)]
    + ["up", "down", "left", "right", "enter", "space", "escape", "backspace", "ctrl-u"]
    + ["home", "end", "pageup", "pagedown", "unknown"]
    + [f"f{number}" for number in range(1, 13)]
)


def samples() -> dict[str, State]:
    """One state (or more) for every screen the router knows as a new-style route."""
    watching = start("cvc")
    won = play_at(start("pvp", size=9), "a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1")
    return {
        "game, two players": start("pvp"),
        "game, against the computer": start("pvc"),
        "game, watching": watching,
        "game, watching, paused": press(watching, "p"),
        "game, over": won,
        "game, heat map": press(start("pvp"), "t"),
        "menu": menu_state(),
        "menu over a game": press(start("pvp"), "g"),
        "menu, watch mode": menu_state(mode=Mode.CVC),
        "replay": loaded(),
        **review_samples(),
        "resume offer": offered().state,
        **network_samples(),
        **puzzle_samples(),
    }


def puzzle_samples() -> dict[str, State]:
    """The Puzzles screens: the sets, reading and read, and a puzzle being solved, judged, hinted, replayed."""
    from tests.tui.test_puzzles_state import samples as puzzle_states

    return puzzle_states()


def review_samples() -> dict[str, State]:
    """The review: running, and done with its moments (a missed win, a mistake)."""
    from tests.tui.test_review_screen import MISSED_WIN, finished, reviewing

    return {"review, running": reviewing(MISSED_WIN).state, "review, done": finished(MISSED_WIN).state}


def network_samples() -> dict[str, State]:
    """The network screens: the menu, hosting, joining, and the game in each of its moments."""
    from gomoku.net.match import OfferKind, Role
    from gomoku.tui.model import NetMenu, NetRow
    from tests.tui.netplay import Match
    from tests.tui.test_network_state import hosting_run, net

    samples: dict[str, State] = {
        "network menu": replace(menu_state(), screen=NetMenu()),
        "network menu, editing the port": replace(menu_state(), screen=NetMenu(NetRow.PORT, editing="57")),
        "hosting": hosting_run().state,
    }
    from gomoku.net import events as ev
    from gomoku.tui.update import initial_network
    from tests.tui.helpers import LEVELS, settings
    from tests.tui.test_network_state import GUEST

    joining, _ = initial_network(settings(), LEVELS, replace(GUEST, code=""))
    samples["joining, typing the code"] = joining
    connecting, _ = initial_network(settings(), LEVELS, GUEST)
    samples["joining, connecting"] = connecting
    samples["joining, failed"] = net(Run(connecting), ev.ConnectionLost("no connection could be made")).state
    match = Match.start()
    samples["network game"] = match.host.run.state
    match.play(Role.HOST, "e5")
    match.offer(Role.HOST, OfferKind.UNDO)
    samples["network game, asked to undo"] = match.guest.run.state
    match.press(Role.GUEST, "G")
    samples["network game, resign question"] = match.guest.run.state
    match.press(Role.GUEST, "y")
    samples["network game, over"] = match.host.run.state
    match.press(Role.HOST, "m", "h")
    samples["network game, typing a chat line"] = match.host.run.state
    match.wire.drop(match.conn)
    match.deliver()
    samples["network game, the guest lost the host"] = match.guest.run.state
    return samples


SAMPLES = samples()


def test_every_new_style_screen_has_a_sample() -> None:
    covered = {type(state.screen) for state in SAMPLES.values()}
    converted = {kind for kind, route in router.ROUTES.items() if isinstance(route, Route)}
    assert converted <= covered, "a screen without a sample here is not checked"
    assert {Playing, Menu, Replaying, ResumeOffer} <= converted


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_bound_key_does_something_and_every_other_key_is_refused(name: str) -> None:
    state = SAMPLES[name]
    route = router.ROUTES[type(state.screen)]
    ctx = context(state)
    declared = router.screen_bindings(route, state.screen, ctx)
    bound = bound_keys(declared)
    for key in ALL_KEYS:
        if key in HELP.keys:
            continue  # the router's own
        binding = find(declared, key)
        if route.typing(state.screen):  # while a line is typed, every key is handed over as it is
            _, outcome = route.update(state.screen, Key(key), ctx)
            if key in bound:
                assert not outcome.unhandled, f"{name}: {key!r} is documented but does nothing"
        elif binding is not None:  # the router hands the screen the binding it found
            _, outcome = route.update(state.screen, Pressed(key, binding), ctx)
            assert not outcome.unhandled, f"{name}: {key!r} is documented but does nothing"
        else:
            after = press(state, key)
            assert after.alert and after.screen == state.screen and after.overlay is None, f"{name}: {key!r}"


@pytest.mark.parametrize("name", list(SAMPLES))
def test_the_help_shows_exactly_the_screens_bindings(name: str) -> None:
    state = SAMPLES[name]
    if router.ROUTES[type(state.screen)].typing(state.screen):
        assert press(state, "?").overlay is None  # "?" is text in a line being typed
        return
    helped = press(state, "?")
    assert isinstance(helped.overlay, Help)
    declared = router.bindings(state)
    assert helped.overlay.bindings == declared
    window = FakeWindow(60, 72)  # room for every row of the help, the box as wide as the window
    router.draw(window, helped, plain_theme())
    text = flatten(window.screen())
    for binding in declared:
        assert binding.help in text and binding.shown_keys in text, f"{name}: {binding.help!r} not in the help"


@pytest.mark.parametrize("name", list(SAMPLES))
def test_the_key_line_names_only_bound_keys(name: str) -> None:
    state = replace(SAMPLES[name], message="")
    route = router.ROUTES[type(state.screen)]
    assert isinstance(route, Route)
    ctx = context(state)
    shorts = {binding.short for binding in router.screen_bindings(route, state.screen, ctx) if binding.short}
    line = route.key_line(state.screen, ctx)
    if line is None:
        return  # made from the bindings themselves
    legend = isinstance(state.screen, Playing) and state.screen.game.heat
    if not legend:
        assert set(line) <= shorts, f"{name}: {set(line) - shorts} on the key line but not bound"
    shown = render(state).lines()[-1]
    assert line == [] or line[0] in shown


# -- one key map for both game screens (issue 28) -----------------------------------

GAME_SAMPLES = [
    name
    for name, state in SAMPLES.items()
    if isinstance(state.screen, (Playing, NetPlaying)) and not router.ROUTES[type(state.screen)].typing(state.screen)
]


@pytest.mark.parametrize("name", GAME_SAMPLES)
def test_both_game_screens_take_every_key_from_the_one_map(name: str) -> None:
    state = SAMPLES[name]
    for binding in router.bindings(state):
        for key in binding.keys:
            mapped = find(GAME_KEYS, key)
            assert mapped is not None and mapped.help == binding.help, f"{name}: {key!r} is not the map's"


def test_a_key_of_one_game_only_is_refused_on_the_other_saying_where_it_works() -> None:
    from gomoku.net.match import Role
    from tests.tui.netplay import Match

    local = start("pvc")
    for key in ("G", "D", "m", "C"):
        refused = press(local, key)
        assert refused.alert and "only in network games" in refused.message and refused.screen == local.screen
    match = Match.start()
    for key in ("H", "r", "S", "R"):
        match.press(Role.HOST, key)
        assert "only in games on this computer" in match.host.message
    match.press(Role.HOST, "g")
    assert "once it is over" in match.host.message


def test_the_contested_keys_mean_one_thing_on_both_screens() -> None:
    """Before: R reviewed here and resigned there, r redid and reconnected, n was a new game and a rematch,
    and the colours were kept with c here and p there."""
    assert find(GAME_KEYS, "G") is RESIGN and find(GAME_KEYS, "R") is REVIEW
    assert find(GAME_KEYS, "r") is REDO and find(GAME_KEYS, "C") is RECONNECT
    assert find(GAME_KEYS, "g") is NEXT and find(GAME_KEYS, "n") is DECLINE
    assert find(GAME_KEYS, "c") is KEEP and find(GAME_KEYS, "m") is CHAT
    assert isinstance(press(start("pvp"), "g").screen, Menu)


def test_the_help_of_both_game_screens_says_the_keys_are_one_map() -> None:
    from gomoku.tui.screens.help import SAME_KEYS
    from tests.tui.netplay import Match

    match = Match.start()
    for state in (press(start("pvc"), "?"), press(match.host.run.state, "?"), press(menu_state(), "?")):
        window = FakeWindow(60, 72)
        router.draw(window, state, plain_theme())
        shown = SAME_KEYS in flatten(window.screen())
        assert shown == (not isinstance(state.screen, Menu)), type(state.screen).__name__
