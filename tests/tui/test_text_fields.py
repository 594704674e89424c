"""The one way a one-line text field edits (joining's address and code, the network menu's rows, the chat line)."""

from __future__ import annotations

from gomoku.tui.keys import edited


def test_typing_erasing_clearing_and_the_limit() -> None:
    assert edited("ab", "c", 5) == "abc"
    assert edited("ab", "space", 5) == "ab "
    assert edited("ab", "backspace", 5) == "a" and edited("", "backspace", 5) == ""
    assert edited("ab", "ctrl-u", 5) == ""
    assert edited("abcde", "f", 5) is None  # past the limit: not typed
    assert edited("ab", "left", 5) is None  # a named key is no edit
