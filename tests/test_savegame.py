"""Autosave and resume: saved after every move, never lost, never overwritten when unreadable."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku import Board, Point, Rule, parse_point
from gomoku.savegame import (
    VERSION,
    NewerSaveError,
    SavedGame,
    SaveError,
    discard_game,
    load_game,
    save_game,
    save_path,
)


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
        ({"moves": ["h8", "h8"]}, "move 2: h8 is taken"),
        ({"moves": ["h8", "z99"]}, "moves entry 2"),
        ({"moves": [[7, 7]]}, "moves entry 1 is not a point"),
        ({"redo": ["h8"]}, "redo move 3: h8 is taken"),
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


def test_discarding_keeps_the_last_game_as_previous(home):
    assert discard_game() is None
    save_game(SavedGame.from_board(played("h8")))
    retired = discard_game()
    assert retired == home / "previous.json" and load_game() is None
    assert json.loads(retired.read_text())["moves"] == ["h8"]
    save_path().write_text("{broken")
    assert discard_game() is None and save_path().exists()  # unreadable files are left alone
