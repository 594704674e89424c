"""The game history as data: every kind of game kept and read back equal, the migrations, two writers at once,
a damaged file, a write refused (full, read-only, locked) without losing the game."""

from __future__ import annotations

import multiprocessing
import sqlite3
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from gomoku import history
from gomoku.clock import parse_clock
from gomoku.history import (
    SCHEMA_VERSION,
    Filter,
    GameEntry,
    GameKind,
    History,
    HistoryError,
    OpponentKind,
    PlayerResult,
    entry_of,
    migrate,
)
from gomoku.openings import OpeningRule
from gomoku.point import parse_point
from gomoku.records import GameRecord, read_sgf, write_sgf
from gomoku.rules import Outcome, Rule, Stone, Termination

WHEN = datetime(2026, 12, 1, 20, 15, 7, tzinfo=timezone.utc)


def moves(text: str, size: int = 15) -> tuple:
    return tuple(parse_point(word, size) for word in text.split())


#: Kagetsu (D4) and a black five on h8-l8... the first three moves name the opening.
FIVE = moves("h8 h7 i7 a1 j6 a2 k5 a3 l4")


def every_kind() -> list[GameEntry]:
    """One entry of each kind of game, with every field a game may carry."""
    won = Outcome(Termination.FIVE, Stone.BLACK)
    return [
        entry_of(
            GameRecord(moves=FIVE, black="Ann", white="gomoku normal"),
            GameKind.VS_COMPUTER,
            won,
            you=Stone.BLACK,
            opponent="normal",
            opponent_kind=OpponentKind.LEVEL,
            level="normal",
            played_at=WHEN,
        ),
        entry_of(
            GameRecord(rule=Rule.RENJU, moves=moves("h8 h9 j10"), black="Human", white="Human"),
            GameKind.TWO_PLAYERS,
            Outcome(Termination.AGREEMENT, None),
            opponent_kind=OpponentKind.PERSON,
            played_at=WHEN,
        ),
        entry_of(
            GameRecord(size=9, moves=moves("e5 e4", 9), black="gomoku easy", white="gomoku hard"),
            GameKind.WATCHED,
            Outcome(Termination.FORFEIT, Stone.WHITE),
            played_at=WHEN,
        ),
        replace(
            entry_of(
                GameRecord(
                    rule=Rule.RENJU,
                    moves=moves("h8 i9 j10 g7"),
                    black="Bob",
                    white="Ann",
                    opening=OpeningRule.SWAP1,
                    opening_steps=("place h8", "place i9", "place j10", "stay"),
                    clock=parse_clock("5+3"),
                    move_times=(None, None, None, 2.5),
                    time_left=(None, None, None, 298.5),
                ),
                GameKind.NETWORK,
                Outcome(Termination.TIME, Stone.BLACK),
                you=Stone.WHITE,
                opponent="Bob",
                opponent_kind=OpponentKind.PERSON,
                series="c0ffee",
                series_score="2-1",
                played_at=WHEN,
            ),
            marks=((4, "mistake"), (4, "blunder")),
        ),
        entry_of(
            GameRecord(moves=moves("h8 h9"), black="Bob", white="Cid"),
            GameKind.WATCHED_NETWORK,
            Outcome(Termination.RESIGNATION, Stone.WHITE),
            played_at=WHEN,
        ),
        entry_of(
            GameRecord(size=20, moves=moves("j10 k11", 20), black="pbrain-x", white="Ann"),
            GameKind.VS_COMPUTER,
            Outcome(Termination.RESIGNATION, Stone.BLACK),
            you=Stone.WHITE,
            opponent="pbrain-x",
            opponent_kind=OpponentKind.ENGINE,
            played_at=WHEN,
        ),
    ]


def test_every_kind_of_game_is_kept_and_read_back_equal(tmp_path: Path) -> None:
    kept = History.open(tmp_path / "history.sqlite3")
    entries = every_kind()
    numbers = [kept.add(entry) for entry in entries]
    back = kept.entries()
    assert back == entries
    assert [entry.number for entry in back] == numbers
    assert back[0].opening_name == "Kagetsu (D4)"
    assert back[3].outcome == Outcome(Termination.TIME, Stone.BLACK)
    assert back[3].record.result == "B+T"
    assert back[1].record.result == "0"


def test_a_series_game_saved_or_replayed_from_the_history_carries_the_series_score(tmp_path: Path) -> None:
    kept = History.open(tmp_path / "history.sqlite3")
    kept.add(every_kind()[3])  # a network game of a rematch series
    (entry,) = (entry for entry in kept.entries() if entry.series_score)
    assert entry.record.series == ""  # the score has one home in the database: its own column
    sgf = write_sgf(entry.filed)
    assert "RO[2-1]" in sgf
    assert read_sgf(sgf).series == "2-1"
    assert every_kind()[0].filed == every_kind()[0].record  # outside a series the record is as kept


def test_the_review_marks_a_game_later_and_a_deleted_game_is_gone(tmp_path: Path) -> None:
    kept = History.open(tmp_path / "history.sqlite3")
    first, second = (kept.add(entry) for entry in every_kind()[:2])
    kept.set_marks(first, [(3, "decisive"), (5, "missed win")])
    got = kept.get(first)
    assert got is not None and got.marks == ((3, "decisive"), (5, "missed win"))
    kept.delete(first)
    assert [entry.number for entry in kept.entries()] == [second]


def test_filters_pick_by_opponent_level_rule_opening_and_result(tmp_path: Path) -> None:
    kept = History.open(tmp_path / "history.sqlite3")
    for entry in every_kind():
        kept.add(entry)
    opponents = [entry.opponent for entry in kept.entries(Filter(opponent="bob"))]
    assert opponents == ["Bob"]
    assert [entry.level for entry in kept.entries(Filter(level="normal"))] == ["normal"]
    assert {entry.kind for entry in kept.entries(Filter(rule=Rule.RENJU))} == {GameKind.TWO_PLAYERS, GameKind.NETWORK}
    assert [entry.record.moves for entry in kept.entries(Filter(opening="kagetsu"))] == [FIVE]
    losses = kept.entries(Filter(result=PlayerResult.LOSS))
    assert [entry.opponent for entry in losses] == ["Bob", "pbrain-x"]


def test_the_file_is_in_wal_mode_at_the_current_version(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History.open(path)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2


def test_a_first_schema_database_is_migrated_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    connection = sqlite3.connect(path)
    assert migrate(connection, upto=1) == 0
    columns = "played_at, kind, rule, size, black, white, you, opponent, level, moves, result, termination"
    connection.execute(
        f"INSERT INTO games ({columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            "2026-01-02T03:04:05Z",
            "vs-computer",
            "freestyle",
            15,
            "Ann",
            "gomoku club",
            "black",
            "club",
            "club",
            "h8 h7 i7 a1",
            "W+R",
            "resignation",
        ),
    )
    connection.execute(
        f"INSERT INTO games ({columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ("2026-01-02T04:00:00Z", "two-players", "renju", 15, "Human", "Human", None, "", "", "h8", "0", "agreement"),
    )
    connection.commit()
    connection.close()
    back = History.open(path).entries()
    assert [(entry.opponent_kind, entry.opening_name) for entry in back] == [
        (OpponentKind.LEVEL, "Kagetsu (D4)"),
        (OpponentKind.PERSON, ""),
    ]
    assert back[0].outcome == Outcome(Termination.RESIGNATION, Stone.WHITE)
    assert back[0].player_result() is PlayerResult.LOSS
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2


def _write_many(path: str, who: str, count: int) -> None:
    kept = History(Path(path))
    entry = every_kind()[0]
    for number in range(count):
        kept.add(replace(entry, opponent=f"{who}{number}"))


def test_two_programs_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History.open(path)
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_write_many, args=(str(path), who, 40)) for who in "ab"]
    for writer in writers:
        writer.start()
    _write_many(str(path), "c", 40)  # and this process as a third
    for writer in writers:
        writer.join(60)
        assert writer.exitcode == 0
    names = {entry.opponent for entry in History.open(path).entries()}
    assert names == {f"{who}{number}" for who in "abc" for number in range(40)}
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_damaged_file_is_said_kept_aside_and_a_fresh_one_begun(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    kept = History.open(path)
    assert "damaged" in kept.notice
    aside = [found for found in tmp_path.iterdir() if found.name.startswith("history.sqlite3.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not a database")
    assert aside[0].name in kept.notice
    kept.add(every_kind()[0])
    assert len(kept.entries()) == 1


def test_a_database_torn_in_the_middle_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    kept = History.open(path)
    for _ in range(30):
        kept.add(every_kind()[3])
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    data = bytearray(path.read_bytes())
    data[4096 : 4096 * 2] = b"\xff" * 4096  # the second page (the table's) overwritten
    path.write_bytes(bytes(data))
    again = History.open(path)
    assert "damaged" in again.notice
    assert again.entries() == []


def test_a_history_from_a_newer_gomoku_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 99")
    connection.commit()
    connection.close()
    kept = History.open(path)
    assert "newer gomoku" in kept.notice
    aside = [found for found in tmp_path.iterdir() if ".newer-" in found.name]
    assert len(aside) == 1


def _refusing(pragma: str):  # type: ignore[no-untyped-def]
    connect = history._connect

    def refusing(path: Path) -> sqlite3.Connection:
        connection = connect(path)
        connection.execute(pragma)
        return connection

    return refusing


def test_a_full_disk_refuses_the_write_with_a_message_and_keeps_what_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "history.sqlite3"
    kept = History.open(path)
    kept.add(every_kind()[0])
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]
    monkeypatch.setattr(history, "_connect", _refusing(f"PRAGMA max_page_count = {pages}"))
    big = replace(every_kind()[0], opponent="x" * 20_000)  # needs pages the disk has not got
    with pytest.raises(HistoryError) as refused:
        kept.add(big)
    assert "full" in str(refused.value) and "autosave keeps it" in str(refused.value)
    monkeypatch.undo()
    assert len(kept.entries()) == 1


def test_a_read_only_database_refuses_the_write_with_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = History.open(tmp_path / "history.sqlite3")
    monkeypatch.setattr(history, "_connect", _refusing("PRAGMA query_only = ON"))
    with pytest.raises(HistoryError, match=r"not added to the history .*readonly.*autosave keeps it"):
        kept.add(every_kind()[0])
    with pytest.raises(HistoryError, match="not changed"):
        kept.delete(1)


def test_a_lock_held_too_long_refuses_the_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "history.sqlite3"
    kept = History.open(path)
    monkeypatch.setattr(history, "BUSY_TIMEOUT_MS", 50)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(HistoryError, match="locked"):
        kept.add(every_kind()[0])
    other.execute("ROLLBACK")
    kept.add(every_kind()[0])
    assert len(kept.entries()) == 1
