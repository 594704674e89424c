"""Autosave and resume: saved after every move, never lost, never overwritten when unreadable."""

from __future__ import annotations

import json
import os
import stat
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku import Board, Point, Rule, parse_point
from gomoku.savegame import (
    MAX_SAVE_BYTES,
    VERSION,
    NewerSaveError,
    SavedGame,
    SaveError,
    keep_game,
    kept_games,
    load_game,
    save_game,
    save_path,
)
from tests.mutations import json_values, mutated


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every test gets its own user directory."""
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path))
    return tmp_path


def played(*names: str, size: int = 15, rule: Rule = Rule.FREESTYLE) -> Board:
    board = Board(size, rule)
    for name in names:
        board.play(parse_point(name, size))
    return board


def test_the_save_lives_in_the_data_directory(home):
    assert save_path() == home / "current.json"
    assert load_game() is None  # nothing saved yet


def test_a_game_with_undone_moves_resumes_exactly():
    board = played("h8", "i9", "h9", "i10", size=15, rule=Rule.RENJU)
    board.undo()
    board.undo()
    game = SavedGame.from_board(
        board,
        mode="pvc",
        players={"black": "computer", "white": "human"},
        level="easy",
        extra={"clock": [12.5, 3.0]},
    )
    assert game.redo == [parse_point("h9", 15), parse_point("i10", 15)]
    result = save_game(game)
    assert result.moved_aside is None and result.path.exists()
    back = load_game()
    assert back == game and back.saved_at.endswith("Z")
    resumed = back.to_board()
    assert resumed.moves == board.moves and resumed.rule is Rule.RENJU
    assert resumed.redo() == parse_point("h9", 15)
    assert resumed.redo() == parse_point("i10", 15)
    assert not resumed.can_redo


def test_the_file_is_readable_json_with_a_version():
    save_game(SavedGame.from_board(played("h8", "i9")))
    data = json.loads(save_path().read_text())
    assert data["format"] == "gomoku-save" and data["version"] == VERSION
    assert data["moves"] == ["h8", "i9"] and data["rule"] == "freestyle"


def test_saving_after_every_move_leaves_no_temporary_files(home):
    board = Board(9)
    for name in ("e5", "d4", "e4", "d5", "e6"):
        board.play(parse_point(name, 9))
        save_game(SavedGame.from_board(board))
        assert load_game().moves == board.moves
    assert sorted(path.name for path in home.iterdir()) == ["current.json"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=40), st.integers(0, 10))
def test_random_games_survive_save_and_load(points, undos):
    board = Board(9, Rule.STANDARD)
    for point in points:
        if board.is_game_over():
            break
        if board.is_empty(point):
            board.play(Point(*point))
    for _ in range(min(undos, len(board.moves))):
        board.undo()
    game = SavedGame.from_board(board)
    save_game(game)
    back = load_game().to_board()
    assert back.moves == board.moves
    assert back.can_redo == board.can_redo


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON"),
        ("", "not JSON"),
        ('["a list"]', "not a gomoku save file"),
        ('{"format": "gomoku-save", "version": "one"}', "version 'one' is not"),
        ('{"format": "gomoku-save", "version": 1}', "'size' is missing"),
    ],
)
def test_a_damaged_save_gets_a_clear_message(text, message):
    save_path().write_text(text)
    with pytest.raises(SaveError, match=message) as caught:
        load_game()
    assert "damaged" in str(caught.value) and "kept aside" in str(caught.value)


def valid_json(**changes) -> str:
    data = SavedGame.from_board(played("h8", "i9")).to_json()
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"size": 40}, "board size 40"),
        ({"rule": "go"}, "rule 'go'"),
        ({"moves": ["h8", "h8"]}, "move 2: h8 is on a stone"),
        ({"moves": ["h8", "z99"]}, "moves entry 2"),
        ({"moves": [[7, 7]]}, "moves entry 1 is not a point"),
        ({"redo": ["h8"]}, "redo move 3: h8 is on a stone"),
        ({"players": {"black": "robot", "white": "human"}}, "players"),
        ({"extra": []}, "'extra' is missing or not a dict"),
    ],
)
def test_a_save_with_impossible_contents_is_damaged_not_a_crash(changes, message):
    save_path().write_text(valid_json(**changes))
    with pytest.raises(SaveError, match=message):
        load_game()


def test_a_save_from_a_newer_version_is_refused_and_kept(home):
    future = valid_json(version=VERSION + 1, board="a new structure")
    save_path().write_text(future)
    with pytest.raises(NewerSaveError, match=r"newer gomoku.*update gomoku"):
        load_game()
    assert save_path().read_text() == future  # loading never touches it
    result = save_game(SavedGame.from_board(played("e5", size=9)))
    assert result.moved_aside is not None and result.moved_aside.name.startswith("current.json.newer-")
    assert result.moved_aside.read_text() == future
    assert load_game().moves == [parse_point("e5", 9)]


def test_a_corrupt_save_is_moved_aside_before_a_new_game_is_saved(home):
    save_path().write_text("{half a fi")
    result = save_game(SavedGame.from_board(played("h8")))
    assert result.moved_aside.name.startswith("current.json.corrupt-")
    assert result.moved_aside.read_text() == "{half a fi"
    assert load_game().moves == [parse_point("h8", 15)]
    assert len(list(home.iterdir())) == 2


def test_a_good_save_is_replaced_not_moved_aside(home):
    save_game(SavedGame.from_board(played("h8")))
    result = save_game(SavedGame.from_board(played("h8", "i9")))
    assert result.moved_aside is None
    assert [path.name for path in home.iterdir()] == ["current.json"]


def test_keeping_moves_the_game_aside_under_its_own_name(home):
    assert keep_game() is None
    save_game(SavedGame.from_board(played("h8")))
    kept = keep_game()
    assert kept is not None and kept.parent == home and load_game() is None
    assert kept.name.startswith("unfinished-") and kept.name.endswith(".json")
    assert json.loads(kept.read_text())["moves"] == ["h8"]
    save_path().write_text("{broken")
    assert (
        keep_game() is None and save_path().exists()
    )  # unreadable files are left aloneunreadable files are left alone


# -- issue 21, item 3: nothing kept is ever overwritten ----------------------------


def test_every_kept_game_has_its_own_name_even_in_the_same_minute(home):
    names = []
    for moves in (("h8",), ("a1", "b2"), ("c3",)):
        save_game(SavedGame.from_board(played(*moves)))
        kept = keep_game()
        assert kept is not None
        names.append(kept.name)
    assert len(set(names)) == 3  # saved within one minute: -2, -3 tell them apart
    kept_moves = sorted(json.loads((home / name).read_text())["moves"] for name in names)
    assert kept_moves == [["a1", "b2"], ["c3"], ["h8"]]


def test_a_finished_game_is_kept_as_finished_and_named_by_its_local_save_time(home, monkeypatch):
    monkeypatch.setenv("TZ", "XXX-5")  # five hours east of UTC, whatever the machine's zone
    time.tzset()
    try:
        board = played("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1")
        assert board.is_game_over()
        game = SavedGame.from_board(board)
        save_game(game)
        path = save_path()
        data = json.loads(path.read_text())
        data["saved_at"] = "2026-11-29T22:31:54Z"
        path.write_text(json.dumps(data))
        kept = keep_game()
        assert kept == home / "finished-20261130-0331.json"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_game_that_says_it_ended_is_kept_as_finished_though_its_board_is_not_over(home):
    """A resignation, an agreed draw or a loss on time is not on the board: the save says the game is over."""
    game = SavedGame.from_board(played("h8", "i9"), mode="pvp", ended=True)
    assert json.loads(json.dumps(game.to_json()))["ended"] is True
    assert "ended" not in SavedGame.from_board(played("h8")).to_json()  # older files read the same
    save_game(game)
    assert load_game() == game and game.finished
    kept = keep_game()
    assert kept is not None and kept.name.startswith("finished-")
    data = game.to_json() | {"ended": "yes"}
    with pytest.raises(SaveError, match="ended"):
        SavedGame.from_json(data)


def test_kept_games_are_listed_newest_first_with_the_old_names(home):
    for number, name in enumerate(["previous.json", "unfinished-20261101-1000.json", "finished-20261102-0900.json"]):
        (home / name).write_text("{}")
        os.utime(home / name, (1_000_000 + number, 1_000_000 + number))
    (home / "settings.json").write_text("{}")  # GOMOKU_HOME holds settings too: not a game
    (home / "current.json").write_text("{}")
    assert [path.name for path in kept_games()] == [
        "finished-20261102-0900.json",
        "unfinished-20261101-1000.json",
        "previous.json",
    ]


# -- issue 21, item 15: files and times ---------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_saves_are_private_whatever_the_umask(home):
    previous = os.umask(0o022)
    try:
        save_game(SavedGame.from_board(played("h8")))
    finally:
        os.umask(previous)
    assert stat.S_IMODE(save_path().stat().st_mode) == 0o600  # a network game's save holds its join code


def test_the_save_time_reads_as_an_aware_utc_time():
    game = SavedGame(saved_at="2026-11-29T14:31:54Z")
    when = game.saved_time()
    assert when is not None and when.utcoffset() is not None and (when.hour, when.minute) == (14, 31)
    assert SavedGame(saved_at="yesterday").saved_time() is None


# -- issue 21, item 18: any file whatsoever gives a SaveError -----------------------


def test_a_save_nested_thousands_deep_is_a_save_error(home):
    save_path().write_text('{"format": "gomoku-save", "moves": ' + "[" * 5000 + "]" * 5000 + "}")
    with pytest.raises(SaveError, match="damaged"):
        load_game()


@pytest.mark.parametrize(
    "text",
    [
        "1" * 5000,  # an integer past Python's digit limit: a ValueError, not a JSONDecodeError
        '{"format": "gomoku-save", "version": 1, "size": ' + "9" * 5000 + "}",
        '{"format": "gomoku-save", "version": 1e999}',
        '{"format": "gomoku-save", "version": NaN}',
        "[" * 100_000,
        '{"format": "gomoku-save", "version": 1, "extra": ' + '{"a": ' * 3000 + "1" + "}" * 3000 + "}",
    ],
)
def test_hostile_saves_are_save_errors(home, text):
    save_path().write_text(text)
    with pytest.raises(SaveError):
        load_game()


def test_a_huge_file_is_refused_without_reading_it_all(home):
    save_path().write_bytes(b" " * (MAX_SAVE_BYTES + 10))
    with pytest.raises(SaveError, match="over"):
        load_game()


def _valid_save_bytes() -> bytes:
    board = played("h8", "i9", "h9", "i10", "h10", rule=Rule.RENJU)
    board.undo()
    game = SavedGame.from_board(board, mode="pvc", extra={"cursor": "h9", "network": {"code": "K7QM"}})
    game.saved_at = "2026-11-29T14:31:54Z"
    return (json.dumps(game.to_json(), indent=1) + "\n").encode()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutated(_valid_save_bytes()))
def test_mutated_saves_load_or_give_a_save_error(home, raw):
    save_path().write_bytes(raw)
    try:
        game = load_game()
    except SaveError:
        return
    assert game is None or game.to_board() is not None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(json_values)
def test_any_json_at_all_loads_or_gives_a_save_error(home, value):
    base = json.loads(_valid_save_bytes())
    for candidate in (value, {**base, "moves": value}, {**base, "players": value}, {**base, "size": value}):
        save_path().write_text(json.dumps(candidate))
        try:
            load_game()
        except SaveError:
            pass


# -- issue 28, item 11: kept games do not pile up ------------------------------------


def _keep(home, *moves: str, mode: str = "pvp", stamp: int = 0):  # type: ignore[no-untyped-def]
    save_game(SavedGame.from_board(played(*moves), mode=mode))
    kept = keep_game()
    if kept is not None and stamp:
        os.utime(kept, (stamp, stamp))
    return kept


def test_the_newest_unfinished_games_of_each_kind_are_kept_every_finished_one_and_none_without_a_move(home):
    """About 60 unfinished-*.json piled up in half an hour, one for every game started from the command line."""
    from gomoku.savegame import UNFINISHED_KEPT

    save_game(SavedGame.from_board(played()))
    assert keep_game() is None and not save_path().exists()  # nothing to come back to
    for number in range(UNFINISHED_KEPT + 3):
        _keep(home, "h8", *(["i9"] * (number % 2)), stamp=1_000_000 + number)
    watched = _keep(home, "a1", mode="cvc", stamp=2_000_000)  # another kind: its own newest ones
    won = _keep(home, "a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", stamp=3_000_000)
    kept = kept_games()
    assert won in kept and watched in kept
    two_players = [path for path in kept if path not in (won, watched)]
    assert len(two_players) == UNFINISHED_KEPT


def test_tidying_lets_go_of_what_the_rule_would_not_have_kept_and_nothing_else(home):
    from gomoku.savegame import UNFINISHED_KEPT, surplus_games, tidy_kept

    for number in range(UNFINISHED_KEPT + 2):  # a pile from before the rule, each under a name of its own
        path = home / f"unfinished-20261101-10{number:02d}.json"
        save_game(SavedGame.from_board(played("h8")), path)
        os.utime(path, (1_000_000 + number, 1_000_000 + number))
    empty = home / "unfinished-20261101-0900.json"
    save_game(SavedGame.from_board(played()), empty)
    (home / "unfinished-20261101-0800.json").write_text("{broken")  # not ours to judge: it stays
    surplus = surplus_games()
    assert empty in surplus and len(surplus) == 3
    assert sorted(tidy_kept()) == sorted(surplus) and surplus_games() == []
    assert len(kept_games()) == UNFINISHED_KEPT + 1
