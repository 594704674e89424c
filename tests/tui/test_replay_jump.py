"""Jump to move N in the replay: ``:`` or ``#``, the number, Enter (no terminal, no files)."""

from __future__ import annotations

import pytest

from gomoku.tui.model import Replaying
from gomoku.tui.screen import context
from gomoku.tui.screens import replay
from tests.tui.helpers import loaded, press

LONG = " ".join(f"{c}{r}" for r in (1, 3, 5) for c in "abcdefghijklmno")  # 45 moves, nobody wins


def index(state) -> int:  # type: ignore[no-untyped-def]
    assert isinstance(state.screen, Replaying)
    return state.screen.index


@pytest.mark.parametrize("opener", [":", "#"])
def test_colon_or_hash_then_a_number_and_enter_jumps_there(opener: str) -> None:
    state = press(loaded(LONG), opener, "1", "4")
    assert state.message == "Go to move: 14_ (0 to 45; Enter goes, Esc cancels)"
    assert index(state) == 45  # nothing moves before Enter
    state = press(state, "enter")
    assert index(state) == 14 and state.screen.jump is None  # type: ignore[union-attr]
    assert state.screen.board.notation(state.screen.board.last_move) == "n1"  # type: ignore[union-attr]
    assert index(press(state, ":", "0", "enter")) == 0
    assert index(press(state, "right")) == 15  # the usual keys work again after the jump


def test_backspace_erases_and_escape_stays_where_you_are() -> None:
    state = press(loaded(LONG), ":", "3", "9", "backspace", "2")
    assert state.message.startswith("Go to move: 32_")
    assert index(press(state, "enter")) == 32
    cancelled = press(state, "escape")
    assert index(cancelled) == 45 and cancelled.screen.jump is None  # type: ignore[union-attr]
    assert isinstance(cancelled.screen, Replaying)  # Esc cancels the jump, not the replay


def test_a_number_past_the_end_or_none_is_refused_and_the_jump_stays_open() -> None:
    state = press(loaded(LONG), ":", "9", "9", "enter")
    assert state.message == "Type a move number from 0 to 45, then Enter (Esc cancels)."
    assert index(state) == 45 and state.screen.jump == "99"  # type: ignore[union-attr]
    state = press(state, "backspace", "backspace", "enter")
    assert state.message == "Type a move number from 0 to 45, then Enter (Esc cancels)."
    assert index(press(state, "7", "enter")) == 7


def test_letters_while_jumping_say_what_to_type() -> None:
    state = press(loaded(LONG), ":", "x")
    assert state.message == "'x' does nothing here: type a move number, Enter goes, Esc cancels."
    assert index(press(state, "5", "enter")) == 5


def test_jump_is_in_the_replays_help_and_key_line_and_typing_has_its_own() -> None:
    state = loaded(LONG)
    declared = replay.bindings(state.screen, context(state))  # type: ignore[arg-type]
    assert replay.JUMP in declared and ": jump" in [binding.short for binding in declared]
    typing = press(state, ":")
    shorts = [b.short for b in replay.bindings(typing.screen, context(typing)) if b.short]  # type: ignore[arg-type]
    assert shorts == ["Enter goes", "Esc cancels"]
