"""The network game screen under an opening rule and a clock: keys send steps, the screen shows the session's state.

Both screens are driven by their real sessions on the test wire
(:class:`tests.tui.netplay.Match`): the screen checks no rule, so what is
tested is what each key asks and what each side is shown.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gomoku.clock import parse_clock
from gomoku.net.match import BlackChoice, Role
from gomoku.openings import OpeningRule, Option
from gomoku.point import parse_point
from gomoku.rules import Stone
from gomoku.savegame import SavedGame
from gomoku.tui.bindings import OPENING_KEYS, find
from gomoku.tui.effects import Autosave
from gomoku.tui.events import NetClock
from gomoku.tui.model import NetMenu, NetRow
from gomoku.tui.saves import net_from_saved
from gomoku.tui.screens import netgame
from gomoku.tui.screens.netgame import clock_text
from tests.tui.helpers import Run, menu_state
from tests.tui.netplay import SESSION, Match
from tests.tui.test_view import flat, render


def swap2(clock: str = "none") -> Match:
    """A 15x15 Swap2 match, the host the first player."""
    return Match.start(size=15, black=BlackChoice.HOST, opening=OpeningRule.SWAP2, clock=parse_clock(clock))


def place(match: Match, role: Role, name: str) -> None:
    side = match.side(role)
    point = parse_point(name, 15)
    side.run.state = replace(side.run.state, screen=replace(side.screen, cursor=point))
    match.press(role, "enter")


def test_a_swap2_opening_is_played_with_keys_and_each_side_is_shown_whose_step_it_is() -> None:
    match = swap2()
    for name in ("h8", "h9", "j9"):
        place(match, Role.HOST, name)
    guest = match.guest.screen
    assert len(guest.board.moves) == 3
    # the guest's step: its answers are keys; the host has none of them
    guest_keys = netgame.bindings(guest, None)  # type: ignore[arg-type]
    assert OPENING_KEYS[Option.SWAP] in guest_keys and OPENING_KEYS[Option.PLACE_TWO] in guest_keys
    assert OPENING_KEYS[Option.SWAP] not in netgame.bindings(match.host.screen, None)  # type: ignore[arg-type]
    text = flat(render(match.guest.run.state))
    assert "White (player 2): swap to black" in text and "Swap2:" in text and "Hana: place j9" in text
    match.press(Role.GUEST, "2")
    place(match, Role.GUEST, "g7")
    place(match, Role.GUEST, "j7")
    assert "Gil: place j7" in match.host.message
    match.press(Role.HOST, "x")
    assert match.host.screen.table.my_stone is Stone.WHITE and match.guest.screen.table.my_stone is Stone.BLACK
    assert "The opening is over" in match.guest.message and "You play black" in match.guest.message
    assert match.host.screen.table.my_turn
    place(match, Role.HOST, "a1")
    assert match.guest.screen.board.moves[-1] == parse_point("a1", 15)


def test_every_opening_key_is_its_own_and_keep_keeps_the_colours() -> None:
    match = swap2()
    for name in ("h8", "h9", "j9"):
        place(match, Role.HOST, name)
    keys = netgame.bindings(match.guest.screen, None)  # type: ignore[arg-type]
    for binding in netgame.opening_keys(match.guest.screen):
        assert all(find(keys, key) is binding for key in binding.keys)  # no other binding takes it first
    match.press(Role.GUEST, OPENING_KEYS[Option.STAY].keys[0])
    assert match.host.screen.table.opening.step is None and match.guest.screen.table.my_stone is Stone.WHITE
    assert "You: keep colours." in match.guest.message


def test_a_step_out_of_turn_is_the_sessions_to_refuse_and_the_screen_says_why() -> None:
    match = swap2()
    place(match, Role.GUEST, "h8")
    assert match.guest.message == "Not taken: It is Hana's step in the opening: wait for them."
    assert match.guest.screen.board.moves == []


def test_the_clocks_are_shown_ticking_from_the_snapshot_and_the_running_one_is_marked() -> None:
    match = Match.start(size=9, black=BlackChoice.HOST, clock=parse_clock("1+2"))
    host = match.host
    table = host.screen.table
    assert table.clock is not None and table.clock.running is None  # the first move starts the clock
    assert clock_text(host.screen, Role.HOST) == ("1:00", False)
    match.play(Role.HOST, "e5")
    table = match.guest.screen.table
    assert table.clock is not None and table.clock.running is Role.GUEST
    since = table.clock.clock.since
    assert since is not None
    guest = match.guest
    guest.run.send(NetClock(SESSION, since + 5.0))
    assert clock_text(guest.screen, Role.GUEST) == ("0:55", False)
    assert clock_text(guest.screen, Role.HOST) == ("1:00", False)  # the first move was not timed
    guest.run.send(NetClock(SESSION, since + 52.5))
    assert clock_text(guest.screen, Role.GUEST) == ("!0:07.5", True)  # the last seconds: tenths and a mark
    assert "!0:07.5" in flat(render(guest.run.state))
    guest.run.send(NetClock(SESSION + 1, since + 59.0))  # another connection's time is not ours
    assert clock_text(guest.screen, Role.GUEST) == ("!0:07.5", True)


def test_the_network_menu_chooses_the_opening_rule_and_the_clock() -> None:
    state = replace(menu_state(size=15), screen=NetMenu(NetRow.OPENING))
    run = Run(state).press("right").press("right")
    assert run.state.settings.opening is OpeningRule.SWAP2
    run.state = replace(run.state, screen=NetMenu(NetRow.CLOCK))
    run.press("right")
    assert run.state.settings.clock.text() == "1+2"
    text = flat(render(run.state))
    assert "Opening rule Swap2" in text and "The clock: 1 min" in text  # (flat() takes out the +, a border)
    run.state = replace(run.state, screen=NetMenu(NetRow.HOST))
    run.press("enter")
    setup = run.state.screen.setup  # type: ignore[union-attr]
    assert setup.opening is OpeningRule.SWAP2 and setup.clock.text() == "1+2"


def test_the_autosave_keeps_the_clocks_as_they_read_when_the_host_quits() -> None:
    match = Match.start(size=9, black=BlackChoice.HOST, clock=parse_clock("1+2"))
    host = match.host
    host.run.send(NetClock(SESSION, 20.0))
    host.run.press("q")
    assert host.run.state.overlay is None  # no move yet: nothing to keep, it quits at once
    match.play(Role.HOST, "e5")
    since = host.screen.table.clock.clock.since  # type: ignore[union-attr]
    host.run.send(NetClock(SESSION, since + 12.0))
    host.run.press("q")
    autosave = [effect for effect in host.run.effects if isinstance(effect, Autosave)][-1]
    assert host.run.state.overlay is not None  # it asks first; the game is kept already
    _, record = net_from_saved(SavedGame.from_json(autosave.saved.to_json()))
    assert record.times.running is Role.GUEST and record.times.used == pytest.approx(12.0)
