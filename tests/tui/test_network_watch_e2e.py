"""A third terminal watches a network game: three real game processes in three pseudo-terminals on loopback.

The watchers' code is read from the host's screen, as a person would.  Every
wait is bounded (:meth:`Terminal.wait_for`) and every process is stopped at
the end of the test.  The board is small (7x7) to keep it fast.
"""

from __future__ import annotations

import re
import sys

import pytest

from tests.tui.terminal import flatten
from tests.tui.test_network_e2e import CODE, free_port, players  # noqa: F401  (players is a fixture)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

WATCH_CODE = re.compile(r"Watchers: code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2})")


def test_a_third_terminal_watches_from_the_middle_to_the_end_and_the_rematch(players) -> None:  # noqa: F811
    port = free_port()
    args = ["--host", str(port), "--bind", "127.0.0.1", "--size", "7", "--name", "Ann", "--black", "host"]
    host = players([*args, "--watchers-chat"], "host", 7)
    text = flatten(host.sees("The other player runs this command", "Watchers: code"))
    code, watch_code = CODE.search(text), WATCH_CODE.search(text)
    assert code and watch_code, text
    guest = players(["--join", f"127.0.0.1:{port}", "--name", "Bob", "--code", code.group(1)], "guest", 7)
    host.sees("Game 1 against Bob: you play black")
    for black, white in (("d4", "d5"), ("e4", "e5")):
        host.play(black)
        guest.sees(f"last: black {black}")
        guest.play(white)
        host.sees(f"last: white {white}")

    # the watcher joins in the middle: it catches up with the four moves
    watch = ["--watch", f"127.0.0.1:{port}", "--name", "Cy", "--code", watch_code.group(1)]
    watcher = players(watch, "watcher", 7)
    watcher.sees("Watching game 1: Ann against Bob.", "Ann to play", "move 5")
    host.sees("Cy is watching.")
    guest.sees("Watching: Cy")

    watcher.keys("\r")  # a key that acts is refused on the watcher's screen; nothing is sent
    watcher.sees("You are watching: a watcher cannot play.")
    watcher.say("good game so far")
    host.sees("Cy: good game so far")
    guest.sees("Cy: good game so far")
    guest.say("thanks Cy")
    watcher.sees("Bob: thanks Cy")

    host.play("f4")
    watcher.sees("Ann played f4.")
    guest.play("f5")
    watcher.sees("Bob played f5.")
    host.play("g4")
    guest.sees("last: black g4")
    guest.play("g5")
    host.sees("last: white g5")
    host.play("c4")
    host.sees("You win!")
    watcher.sees("Black wins with five in a row:", "Ann wins.")

    guest.keys("g")
    host.sees("Bob asks for a rematch")
    host.keys("y")
    watcher.sees("Watching game 2: Ann against Bob.", "Ann 1 - 0 Bob")
    host.sees("Ann 1 - 0 Bob")
    guest.sees("Ann 1 - 0 Bob")

    watcher.keys("q")
    assert watcher.term.wait_exit() == 0
    host.sees("Cy stopped watching.")
    guest.play("d4")  # the players' game goes on as before
    host.sees("last: black d4", "your move")
