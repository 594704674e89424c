"""A finished game on the screen becomes a history entry, and keeping it reports a refusal instead of losing it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gomoku import history
from gomoku.board import Board
from gomoku.history import GameKind, History, OpponentKind, PlayerResult
from gomoku.point import parse_point
from gomoku.rules import Outcome, Stone, Termination
from gomoku.tui.effects import KeepGame
from gomoku.tui.events import Report
from gomoku.tui.model import new_game
from gomoku.tui.recorder import keep, local_entry
from tests.tui.helpers import settings

#: White (the computer) makes five on the top row while black plays the bottom-left corner.
LOST = "a1 h15 a2 i15 a3 j15 b1 k15 c5 l15"


def finished(mode: str = "pvc", black: str = "human", **more):  # type: ignore[no-untyped-def]
    board = Board(15)
    for word in LOST.split():
        board.play(parse_point(word, 15))
    return new_game(settings(mode, black=black, level="club", name="Ann", **more), board)


def test_a_game_against_a_level_is_the_players_loss_to_that_level() -> None:
    entry = local_entry(finished())
    assert (entry.kind, entry.you, entry.opponent, entry.opponent_kind, entry.level) == (
        GameKind.VS_COMPUTER,
        Stone.BLACK,
        "club",
        OpponentKind.LEVEL,
        "club",
    )
    assert entry.outcome == Outcome(Termination.FIVE, Stone.WHITE)
    assert entry.player_result() is PlayerResult.LOSS
    assert (entry.record.black, entry.record.white, entry.record.result) == ("Ann", "gomoku club", "W+")


def test_the_player_as_white_and_a_watched_game() -> None:
    as_white = local_entry(finished(black="computer"))
    assert as_white.you is Stone.WHITE and as_white.player_result() is PlayerResult.WIN
    watched = local_entry(finished("cvc"))
    assert (watched.kind, watched.you, watched.player_result()) == (GameKind.WATCHED, None, None)


def test_keeping_adds_the_game_and_a_refusal_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "history.sqlite3"
    entry = local_entry(finished())
    assert keep(KeepGame(entry), path) is None
    assert History.open(path).entries() == [entry]
    connect = history._connect

    def read_only(where: Path):  # type: ignore[no-untyped-def]
        connection = connect(where)
        connection.execute("PRAGMA query_only = ON")
        return connection

    monkeypatch.setattr(history, "_connect", read_only)
    report = keep(KeepGame(replace(entry, opponent="easy")), path)
    assert isinstance(report, Report) and "its autosave keeps it" in report.text


def test_a_damaged_history_is_said_when_the_next_game_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_text("garbage " * 500)
    report = keep(KeepGame(local_entry(finished())), path)
    assert isinstance(report, Report) and "damaged" in report.text
    assert len(History.open(path).entries()) == 1


def test_a_game_reviewed_from_the_history_keeps_its_marks(tmp_path: Path) -> None:
    from gomoku.history import entry_of
    from gomoku.records import GameRecord
    from gomoku.review import review_game
    from gomoku.tui.effects import CollectPuzzles, MarkGame, StartReview
    from gomoku.tui.events import ReviewDone
    from gomoku.tui.model import HistoryView
    from gomoku.tui.recorder import mark
    from tests.tui.helpers import Run, menu_state
    from tests.tui.test_review_screen import MISSED_WIN

    path = tmp_path / "history.sqlite3"
    moves = tuple(parse_point(word, 15) for word in MISSED_WIN.split())
    outcome = Outcome(Termination.FIVE, Stone.WHITE)
    entry = entry_of(GameRecord(moves=moves), GameKind.TWO_PLAYERS, outcome, opponent_kind=OpponentKind.PERSON)
    number = History.open(path).add(entry)
    shown = HistoryView(entries=(replace(entry, number=number),))
    run = Run(replace(menu_state(), screen=shown)).press("R")
    (asked,) = run.of(StartReview)
    run = run.send(ReviewDone(asked.job, review_game(asked.board)))
    (marking,) = run.of(MarkGame)
    (collecting,) = run.of(CollectPuzzles)  # and its missed win becomes one of the player's puzzles
    assert collecting.board.moves == list(moves) and collecting.review is not None
    assert marking.number == number and (7, "missed win") in marking.marks  # move 7, h12: black let its win go
    assert mark(marking, path) is None
    kept = History.open(path).get(number)
    assert kept is not None and kept.marks == marking.marks


def test_the_history_opens_from_the_menu_in_a_game_and_esc_leads_back_to_that_game() -> None:
    from gomoku.history import entry_of
    from gomoku.records import GameRecord
    from gomoku.tui.model import HistoryView, Menu, MenuRow, Playing, Replaying
    from gomoku.tui.screens import menu
    from tests.tui.helpers import begin

    run = begin("pvp").press("enter", "g")  # a move, then the menu from the game (a game just over goes there too)
    in_game = run.state.screen
    assert isinstance(in_game, Menu) and in_game.back is not None
    assert MenuRow.HISTORY in menu.rows(run.state, in_game)
    run.state = replace(run.state, screen=replace(in_game, row=MenuRow.HISTORY))
    run.press("enter")
    shown = run.state.screen
    assert isinstance(shown, HistoryView) and shown.back == in_game.back
    entry = entry_of(GameRecord(moves=(parse_point("h8", 15),)), GameKind.TWO_PLAYERS, None)
    run.state = replace(run.state, screen=replace(shown, entries=(replace(entry, number=1),)))
    run.press("enter")  # a kept game in the replay: Esc comes back to the list, not to the game behind it
    assert isinstance(run.state.screen, Replaying)
    run.press("escape")
    assert isinstance(run.state.screen, HistoryView)
    run.press("escape")  # back to the menu of that game, and from there to the game with its move
    assert isinstance(run.state.screen, Menu) and run.state.screen.back == in_game.back
    run.press("escape")
    assert isinstance(run.state.screen, Playing) and len(run.state.screen.game.board.moves) == 1


def test_a_full_disk_refuses_the_finished_game_and_its_kept_autosave_and_the_screen_keep_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game played to its end while the history's disk is full: the write is refused and said, the game is in
    its autosave kept aside (``finished-...``), the board still shows it, and the history lost nothing."""
    import json

    from gomoku.history import entry_of
    from gomoku.records import GameRecord
    from gomoku.savegame import kept_games, load_game
    from gomoku.tui import storage
    from gomoku.tui.effects import Autosave, RetireAutosave
    from gomoku.tui.model import Playing
    from tests.tui.helpers import Run, at, click, game_of, play_at, start

    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    kept = History.open()  # the data folder's history, with a game of before
    earlier = entry_of(GameRecord(moves=(parse_point("h8", 15),)), GameKind.TWO_PLAYERS, None)
    kept.add(earlier)
    pages = history._connect(kept.path).execute("PRAGMA page_count").fetchone()[0]
    connect = history._connect

    def full(where: Path):  # type: ignore[no-untyped-def]
        connection = connect(where)
        connection.execute(f"PRAGMA max_page_count = {pages}")  # the disk holds no page more
        return connection

    monkeypatch.setattr(history, "_connect", full)
    for filler in (replace(earlier, opponent="x" * 200), earlier):  # fill its pages: big rows, then small ones
        for _ in range(500):
            try:
                kept.add(filler)
            except history.HistoryError:
                break
        else:
            pytest.fail("the history never filled up")
    before = len(History(kept.path).entries())

    state = play_at(start(), "a1", "a15", "b2", "b15", "c3", "c15", "d4", "d15")
    run = Run(state).send(click(state, at(state, "e5")))  # black's five ends the game
    saver = storage.Autosaver()
    reports = []
    for effect in run.effects:  # as the performer hands them on: the autosave's worker, the history's
        if isinstance(effect, Autosave):
            saver.save(effect.saved)
        elif isinstance(effect, RetireAutosave):
            saver.retire(effect.announce)
        elif isinstance(effect, KeepGame):
            reports.append(keep(effect))
    saver.close()
    (report,) = reports
    assert isinstance(report, Report)
    assert "full" in report.text and "its autosave keeps it" in report.text
    assert len(History(kept.path).entries()) == before  # nothing written, nothing lost
    (finished,) = kept_games()
    saved = load_game(finished)
    assert finished.name.startswith("finished-") and saved is not None
    assert len(saved.moves) == 9 == len(json.loads(finished.read_text())["moves"])
    shown = run.send(report).state
    assert isinstance(shown.screen, Playing) and game_of(shown).board.moves == game_of(run.state).board.moves
    assert "its autosave keeps it" in shown.message


def test_a_clocked_swap2_game_lost_on_time_in_the_opening_is_kept_and_read_back_whole(tmp_path: Path) -> None:
    """A local game under an opening rule and a clock, ended by a flag fall between the opening's steps: the
    history keeps it with its opening rule, its steps, its clock, its ending, and reads it back equal."""
    from gomoku.clock import parse_clock
    from gomoku.openings import OpeningRule
    from gomoku.tui.events import Tick
    from tests.tui.helpers import NOON, Run, start
    from tests.tui.test_opening_clock import SWAP2_STEPS, local_step

    state = Run(start("pvp", opening=OpeningRule.SWAP2, clock=parse_clock("1+2"))).send(Tick(NOON, 0, 0.0)).state
    for seconds, _seat, text, *_ in SWAP2_STEPS[:4]:  # three stones, then "place two more"
        state = local_step(state, seconds, text)
    run = Run(state).send(Tick(NOON, 0, 200.0))  # the second player's time runs out before its fourth stone
    (keeping,) = run.of(KeepGame)
    entry = keeping.entry
    assert entry.kind is GameKind.TWO_PLAYERS and entry.termination is Termination.TIME
    assert entry.record.opening is OpeningRule.SWAP2 and len(entry.record.opening_steps) == 4
    assert entry.record.clock == parse_clock("1+2") and len(entry.record.moves) == 3
    path = tmp_path / "history.sqlite3"
    assert keep(keeping, path) is None
    (back,) = History.open(path).entries()
    assert back == entry and back.record.opening_steps == entry.record.opening_steps
