"""The real ``python -m gomoku`` in a pseudo-terminal: a finished game lands in the history; the history screen
from the menu and from ``--history``: the rating, a filter, a game opened in the replay, a game deleted."""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from gomoku.history import GameKind, History, OpponentKind, entry_of
from gomoku.history_stats import rated_games, rating, rating_sentence
from gomoku.point import parse_point
from gomoku.records import GameRecord
from gomoku.rules import Outcome, Rule, Stone, Termination
from tests.tui.terminal import compact

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

UP = "\x1bOA"


def seed(home: Path) -> History:
    """Three games against levels: a win against club (Kagetsu), a loss to easy (renju), a draw with club."""
    kept = History.open(home / "history.sqlite3")
    start = datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
    games = (
        ("club", Rule.FREESTYLE, "h8 h7 i7 a1 j6", Stone.BLACK),
        ("easy", Rule.RENJU, "h8 i9 j10", Stone.WHITE),
        ("club", Rule.FREESTYLE, "h8 h9", None),
    )
    for number, (level, rule, moves, winner) in enumerate(games):
        record = GameRecord(rule=rule, moves=tuple(parse_point(word, 15) for word in moves.split()))
        outcome = Outcome(Termination.RESIGNATION if winner else Termination.AGREEMENT, winner)
        kept.add(
            entry_of(
                record,
                GameKind.VS_COMPUTER,
                outcome,
                you=Stone.BLACK,
                opponent=level,
                opponent_kind=OpponentKind.LEVEL,
                level=level,
                played_at=start + timedelta(hours=number),
            )
        )
    return kept


def test_the_history_from_the_menu_filter_replay_and_delete(launch, home: Path) -> None:
    kept = seed(home)
    game = launch()
    game.wait_for("New game")
    game.send(UP * 5)  # from New game up round the bottom: Quit, Load, Network, Puzzles, Game history
    text = compact(game.wait_for("Only games against the computer's levels count."))  # the row says the rating
    games = kept.entries()  # the sentence the stats give for these games (their arithmetic: test_history_stats)
    sentence = rating_sentence(rating(games), rated_games(games))
    assert sentence.startswith("Rated about ") and sentence.endswith(" is your next level.")
    assert compact(sentence) in text
    game.send("\r")
    text = compact(game.wait_for("Your games: 1 won, 1 drawn, 1 lost"))
    assert compact("is your next level") in text and "Rated" in text
    game.send("l")  # the levels played, weakest first: easy
    game.wait_for("Only: easy")
    game.send("l")
    game.wait_for(lambda shown: "Only: club" in shown and "easy" not in shown.split("Only: club")[1])
    game.send("\r")  # the newest club game, the draw: two moves
    game.wait_for("Move 2 of 2")
    game.send("\x1b")  # back to the history, as it was left
    game.wait_for(lambda shown: "Only: club" in shown and "Move 2 of 2" not in shown)
    game.send("D")
    game.wait_for("y deletes it, any other key keeps it")
    game.send("y")
    game.wait_for("The game is deleted from the history.")
    game.wait_for("Your games: 1 won, 0 drawn, 1 lost")  # read again: the draw is gone
    assert [entry.level for entry in kept.entries()] == ["club", "easy"]
    game.send("q")
    assert game.wait_exit() == 0


def test_the_menu_opened_from_a_game_says_the_rating_too(launch, home: Path) -> None:
    kept = seed(home)
    game = launch("--mode", "pvc", "--level", "club")  # straight into a game: no start menu read the history
    game.wait_for("Black (you) to play")
    game.send("g")
    game.wait_for("Back to the game")
    game.send(UP * 6)  # from New game up round the bottom: Back, Quit, Load, Network, Puzzles, Game history
    text = compact(game.wait_for("is your next level."))  # 80x24 leaves the line about the row one line
    games = kept.entries()
    assert compact(rating_sentence(rating(games), rated_games(games))) in text
    game.send("q")
    assert game.wait_exit() == 0


def test_a_game_played_to_the_end_is_in_the_history(launch, home: Path) -> None:
    game = launch("--mode", "pvp")
    game.wait_for("Black to play")
    game.send("\r")  # h8
    for column in "ijk":
        game.send("k ")  # white a row above
        game.wait_for("last: white")
        game.send("jl\r")  # black one to the right
        game.wait_for(f"last: black {column}8")
    game.send("k ")
    game.wait_for("last: white k9")
    game.send("jl\r")
    game.wait_for("Black wins with five in a row: h8-l8")
    game.send("q")
    assert game.wait_exit() == 0
    entries = History.open(home / "history.sqlite3").entries()
    assert [(entry.kind, entry.outcome, len(entry.record.moves)) for entry in entries] == [
        (GameKind.TWO_PLAYERS, Outcome(Termination.FIVE, Stone.BLACK), 9)
    ]
    shown = launch("--history")
    text = compact(shown.wait_for("Black won"))
    assert compact("No rating yet") in text and compact("0 won, 0 drawn, 0 lost") in text  # in the list only
    assert entries[0].player_result() is None
    shown.send("q")
    assert shown.wait_exit() == 0
