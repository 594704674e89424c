"""Game clocks in the real ``python -m gomoku``, in a pseudo-terminal: issue 28's clock items 1 to 7.

Each test plays what a new player did when the item was found, and reads
the screen as they would.  Text is compared flattened (:func:`flatten`), so
no test depends on where a line wraps, the terminal's width or the length of
the temporary path; clock readings are compared with generous margins, never
to the second.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from gomoku.clock import parse_clock
from gomoku.point import parse_point
from gomoku.records import GameRecord, write_record
from tests.tui.terminal import flatten

#: A clock as the status line shows it: the stone's glyph, then minutes and seconds (tenths under 10 s).
CLOCK = re.compile(r"([●○]) !?(\d+):(\d\d)")


def status(text: str) -> str:
    """The status line (the last but one row of the screen)."""
    return text.splitlines()[-2] if len(text.splitlines()) >= 2 else ""


def clocks(text: str) -> dict[str, int]:
    """The clocks on the status line, by glyph (``●`` black, ``○`` white), in whole seconds."""
    return {glyph: int(minutes) * 60 + int(seconds) for glyph, minutes, seconds in CLOCK.findall(status(text))}


def key_line(text: str) -> str:
    return text.splitlines()[-1] if text.splitlines() else ""


def both_clocks(text: str) -> bool:
    return set(clocks(text)) == {"●", "○"}


def two_players_after_h8_h9(launch):  # type: ignore[no-untyped-def]
    """Two players with a minute each, after black's h8 and white's h9: black's time runs."""
    game = launch("--mode", "pvp", "--clock", "1+0")
    game.wait_for("Black to play")
    game.send("\r")
    game.wait_for("last: black h8")
    game.send("k ")
    game.wait_for("last: white h9")
    return game


def test_item_1_a_move_while_paused_ends_the_pause_and_the_computer_answers(launch) -> None:
    game = launch("--mode", "pvc", "--level", "easy", "--clock", "1+0")
    game.wait_for("Black (you) to play")
    game.send("\r")  # h8
    game.wait_for(lambda t: "move 3" in status(t) and "Black (you) to play" in t)
    game.send("p")
    game.wait_for("Paused: p resumes.")
    game.send("hhhhhhh\r")  # a8, far from the computer's answer to h8: a move while paused
    text = game.wait_for(lambda t: "move 5" in status(t) and "Black (you) to play" in t, timeout=20)
    assert "paused" not in text.splitlines()[0], "the move ended the pause"
    game.send("qy")
    assert game.wait_exit() == 0


def test_item_1_two_players_a_move_while_paused_ends_the_pause_and_p_pauses_again(launch) -> None:
    game = launch("--mode", "pvp", "--clock", "0.5+3")
    game.wait_for("Black to play")
    game.send("\r")
    game.wait_for("last: black h8")
    game.send("p")
    game.wait_for("Paused: p resumes.")
    game.send("k ")
    game.wait_for("last: white h9")
    game.send("p")
    text = game.wait_for(lambda t: "Paused: p resumes." in flatten(t) or "Resumed." in flatten(t))
    assert "Paused: p resumes." in flatten(text), "after a move ended the pause, p pauses (not 'Resumed.')"


def test_item_2_quitting_keeps_the_time_at_quitting(launch, home: Path) -> None:
    game = two_players_after_h8_h9(launch)
    thinking = game.wait_for(lambda t: both_clocks(t) and clocks(t)["●"] <= 55, timeout=15)  # black thinks 5 s
    assert clocks(thinking)["●"] <= 55
    game.send("qy")
    assert game.wait_exit() == 0
    again = launch()
    again.wait_for("Resume the unfinished game?")
    again.send("y")
    resumed = again.wait_for(lambda t: "Resumed" in flatten(t) and both_clocks(t))
    assert clocks(resumed)["●"] <= 55, "the time black spent before quitting is not given back"


def test_item_3_watch_mode_charges_thinking_not_the_pace(launch) -> None:
    game = launch("--mode", "cvc", "--level", "easy", "--clock", "0.2+0")  # 12 s a side
    game.wait_for("watch")
    game.send("-")  # the slow pace: 1.5 s between moves
    text = game.wait_for(lambda t: "move 9" in status(t) and both_clocks(t), timeout=40)
    # eight moves at the slow pace were 12 s of showing; easy thinks in a blink, and only thinking is charged
    assert min(clocks(text).values()) >= 9, status(text)


def test_item_4_undo_with_a_clock_offers_no_redo(launch) -> None:
    game = two_players_after_h8_h9(launch)
    game.send("u")
    text = game.wait_for("Took back h9")
    assert "r redoes" not in flatten(text) and "r redo" not in key_line(text)


def test_item_5_the_clocks_show_beside_a_long_opening_prompt_at_80_columns(launch) -> None:
    game = launch(
        "--rule", "renju", "--opening", "taraguchi10", "--clock", "3+2", "--black", "computer", "--level", "easy"
    )
    text = game.wait_for(lambda t: "swap" in status(t) and both_clocks(t), timeout=30)
    assert "(you)" in text or "player 2" in text or "white:" in status(text)


def test_item_6_playing_on_from_a_record_uses_its_clock_and_times(launch, home: Path) -> None:
    record = GameRecord(
        moves=(parse_point("h8", 15), parse_point("h9", 15)),
        clock=parse_clock("5+3"),
        time_left=(250.0, 200.0),
    )
    write_record(home / "timed.sgf", record)
    game = launch("--mode", "pvp", "--load", "timed.sgf")
    game.wait_for("Move 2 of 2")
    game.send("\r")
    text = game.wait_for(lambda t: "Playing on after move 2" in flatten(t) and both_clocks(t))
    shown = clocks(text)
    assert shown["○"] == 200 and 240 <= shown["●"] <= 250  # white's 3:20 stands; black's 4:10 runs


def test_item_7_no_flag_before_the_first_move_and_a_flag_fall_said_once(launch) -> None:
    game = launch("--mode", "pvp", "--clock", "2s")
    game.wait_for(lambda t: "Black to play" in t and both_clocks(t))
    time.sleep(3.0)  # longer than the 2 s a move: the clock has not started, no flag can fall
    game.pump()
    quiet = game.text()
    assert "wins on time" not in flatten(quiet) and "Black to play" in quiet
    game.send("\r")  # the first move starts the clock: white's 2 s run out
    text = game.wait_for("Black wins on time.", timeout=15)
    assert flatten(text).count("wins on time") == 1, "said once: the status line; the message says what next"
    assert "Game over after 1 move" in flatten(text)
