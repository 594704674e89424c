"""An outside Gomocup engine as a player: fake engines (python scripts beside this file) that play well,
answer garbage, play taken, forbidden or off-board points, hang, crash, or never start."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gomoku import Board, Point, Rule
from gomoku.ai.result import SearchResult
from gomoku.gomocup.manager import (
    EngineCrash,
    EngineIllegalMoveError,
    EnginePlayer,
    EngineProtocolError,
    EngineStartError,
    EngineTimeout,
    parse_engine_spec,
)
from gomoku.gomocup.protocol import format_count, parse_count, parse_search_info, search_message

FAKE = Path(__file__).with_name("fake_engine.py")
ROOT = Path(__file__).resolve().parents[2]


def fake(mode: str, argument: str = "-", log: Path | None = None, **options) -> EnginePlayer:
    """A player driving the fake engine in ``mode`` (quick clock: 0.2 s a move, 1 s of grace)."""
    command = [sys.executable, str(FAKE), mode, argument] + ([str(log)] if log else [])
    options.setdefault("think_time", 0.2)
    options.setdefault("grace", 1.0)
    return EnginePlayer(command, name=f"fake-{mode}", **options)


def commands(log: Path) -> list[str]:
    """The command words the engine received (``BOARD``'s stone lines kept whole)."""
    return log.read_text(encoding="utf-8").split("\n")[:-1]


def test_a_good_engine_plays_and_reports_its_search(tmp_path):
    log = tmp_path / "log"
    board = Board(15)
    with fake("good", log=log, max_memory=64_000_000, infos={"max_node": "3000"}) as engine:
        decision = engine.choose_move(board)
    assert decision.move == Point(7, 7)
    assert (decision.depth, decision.seldepth, decision.score, decision.nodes) == (3, 5, 42, 1200)
    assert decision.pv == (Point(7, 7), Point(7, 7))
    sent = commands(log)
    assert sent[0] == "START 15"
    assert {"INFO rule 0", "INFO timeout_turn 200", "INFO max_memory 64000000", "INFO max_node 3000"} <= set(sent)
    assert any(line.startswith("INFO time_left ") for line in sent)
    assert sent[-2:] == ["BEGIN", "END"]
    assert board.moves == []  # the board given is only read


def test_the_engine_board_is_kept_in_step_with_turn_takeback_and_board(tmp_path):
    log = tmp_path / "log"
    board = Board(15, Rule.RENJU)
    board.play(Point(0, 0))
    with fake("good", log=log) as engine:
        board.play(engine.choose_move(board).move)  # white's first move: the whole board
        board.play(Point(1, 0))
        second = engine.choose_move(board).move  # one new move: TURN
        board.play(second)
        board.undo()
        board.undo()
        board.play(Point(2, 0))
        reply = engine.choose_move(board)  # two taken back, another played: TAKEBACK twice, TURN
        board.play(reply.move)
        engine.choose_move(board)  # black to move now: the engine changes sides with a whole BOARD
    sent = [line for line in commands(log) if not line.startswith("INFO")]
    assert sent[0] == "START 15"
    assert sent[1:4] == ["BOARD", "0,0,2", "DONE"]
    assert sent[4] == "TURN 1,0"
    assert sent[5:8] == [f"TAKEBACK {second.x},{second.y}", "TAKEBACK 1,0", "TURN 2,0"]
    assert sent[8] == "BOARD"
    assert sent[9:-2] == ["0,0,1", "7,7,2", "2,0,1", f"{reply.move.x},{reply.move.y},2"]
    assert sent[-2:] == ["DONE", "END"]
    assert "INFO rule 4" in commands(log)


def test_the_manager_tells_an_outside_engine_caro_as_info_rule_8(tmp_path):
    log = tmp_path / "log"
    with fake("good", log=log) as engine:
        engine.choose_move(Board(15, Rule.CARO))
    assert "INFO rule 8" in commands(log)


def test_garbage_is_a_protocol_error_and_the_game_is_kept():
    board = Board.from_moves([Point(7, 7)])
    engine = fake("garbage")
    with pytest.raises(EngineProtocolError, match=r"fake-garbage answered 'I think h8 is nice' where a move"):
        engine.choose_move(board)
    assert board.moves == [Point(7, 7)] and not board.is_game_over()
    assert engine._engine is None  # the process is gone; the next move starts a new one


def test_a_taken_point_is_an_illegal_move():
    board = Board.from_moves([Point(7, 7)])
    with pytest.raises(EngineIllegalMoveError, match="fake-fixed played h8, which is taken") as caught:
        fake("fixed", "7,7").choose_move(board)
    assert caught.value.move == Point(7, 7)
    assert board.moves == [Point(7, 7)]


def test_a_point_off_the_board_is_an_illegal_move():
    with pytest.raises(EngineIllegalMoveError, match="played 15,3, off the 15x15 board"):
        fake("fixed", "15,3").choose_move(Board(15))


def test_a_forbidden_point_for_black_under_renju_is_an_illegal_move():
    # black's h6 h7 / f8 g8 with h8 empty: h8 makes two open threes, forbidden for black
    moves = [Point(7, 9), Point(0, 0), Point(7, 8), Point(0, 2), Point(5, 7), Point(0, 4), Point(6, 7), Point(14, 14)]
    board = Board.from_moves(moves, 15, Rule.RENJU)
    assert board.foul(Point(7, 7)) is not None
    with pytest.raises(EngineIllegalMoveError, match=r"played h8, forbidden for black \(double-three\)"):
        fake("fixed", "7,7").choose_move(board)
    freestyle = Board.from_moves(moves, 15, Rule.FREESTYLE)
    assert fake("fixed", "7,7").choose_move(freestyle).move == Point(7, 7)


def test_an_engine_that_hangs_times_out_and_is_stopped():
    engine = fake("hang", think_time=0.1, grace=0.5)
    with pytest.raises(EngineTimeout, match=r"fake-hang gave no answer within 0\.6 s"):
        engine.choose_move(Board(15))
    assert engine._engine is None


def test_an_engine_that_crashes_says_its_exit_code_and_last_words(tmp_path):
    log = tmp_path / "log"
    engine = fake("crash", log=log)
    board = Board.from_moves([Point(7, 7)])
    with pytest.raises(EngineCrash, match=r"fake-crash ended \(exit code 3, it said: segmentation fault"):
        engine.choose_move(board)
    with pytest.raises(EngineCrash):  # a fresh process is started for the next move, and crashes again
        engine.choose_move(board)
    assert commands(log).count("START 15") == 2
    assert board.moves == [Point(7, 7)]


def test_an_engine_that_never_starts():
    with pytest.raises(EngineStartError, match=r"fake-never did not start a game: ended .*cannot load my weights"):
        fake("never").choose_move(Board(15))
    with pytest.raises(EngineStartError, match="will not start"):
        EnginePlayer(str(ROOT / "no-such-pbrain-engine")).choose_move(Board(15))


def test_our_search_info_lines_read_back():
    decision = SearchResult(
        Point(7, 7), score=-120, depth=8, seldepth=14, nodes=35_000, seconds=0.85, pv=(Point(7, 7), Point(8, 9))
    )
    info = parse_search_info(search_message(decision).removeprefix("MESSAGE "), 15)
    assert info == SearchResult(
        Point(7, 7), "engine", score=-120, depth=8, seldepth=14, nodes=35_000, seconds=0.85, pv=decision.pv, final=False
    )
    won = parse_search_info(search_message(SearchResult(Point(1, 2), win_in=5)).removeprefix("MESSAGE "), 15)
    assert won is not None and (won.win_in, won.score) == (5, None)


def test_rapfi_search_info_lines_read():
    info = parse_search_info("Depth 15-33 | Eval 186 | Time 970ms | H7 H6", 15)
    line = (Point(7, 6), Point(7, 5))
    assert info == SearchResult(line[0], "engine", score=186, depth=15, seldepth=33, seconds=0.97, pv=line, final=False)
    summary_text = "Speed 694K | Depth 15-33 | Eval -M8 | Node 1.2M | Time 970ms"
    assert parse_search_info(summary_text, 15) is None  # no move yet: a summary adds to what came before
    summary = parse_search_info(summary_text, 15, info)
    assert summary is not None and (summary.win_in, summary.score, summary.nodes) == (-8, None, 1_200_000)
    assert summary.pv == info.pv and summary.move == line[0]
    assert parse_search_info("Load config from /tmp/config.toml", 15) is None
    assert parse_search_info("OptiTime 873ms | MaxTime 970ms", 15) is None


def test_an_engine_analyst_that_fails_leaves_the_review_to_the_threats():
    from gomoku.review import render_text, review_game

    board = Board.from_moves([Point(7, 7), Point(0, 0), Point(8, 7), Point(0, 2), Point(9, 7), Point(0, 4)])
    review = review_game(board, fake("crash"))
    assert review.analyst_failure.startswith("the analyst stopped at move 1 (fake-crash ended (exit code 3")
    assert all(reading.decision is None for reading in review.readings)
    assert review.readings[6].win is not None  # black's open three still found: the threats went on
    assert render_text(review).splitlines()[4].startswith("The analyst stopped at move 1 (fake-crash ended")


def test_a_good_engine_analyst_gives_the_evaluation():
    from gomoku.review import ENGINE_EVAL_SCALE, ReviewSettings, review_game

    board = Board.from_moves([Point(7, 7), Point(0, 0)])
    review = review_game(board, fake("good"), ReviewSettings(eval_scale=ENGINE_EVAL_SCALE, think_time=0.05))
    assert review.analyst_failure == ""
    assert [reading.decision.score for reading in review.readings[:2]] == [42, 42]  # type: ignore[union-attr]
    assert review.moves[0].value_before == pytest.approx(0.1043, abs=1e-3)  # tanh(42 / 400), black to move
    assert review.moves[1].value_before == pytest.approx(-0.1043, abs=1e-3)  # white's 42 is black's -42


def test_an_engine_spec_is_name_and_command():
    assert parse_engine_spec("rapfi=/opt/rapfi/pbrain-rapfi -c x.toml") == (
        "rapfi",
        "/opt/rapfi/pbrain-rapfi -c x.toml",
    )
    assert parse_engine_spec("/opt/embryo/pbrain-embryo") == ("pbrain-embryo", "/opt/embryo/pbrain-embryo")
    assert parse_engine_spec("/opt/a=b/pbrain-x") == ("pbrain-x", "/opt/a=b/pbrain-x")  # a path with '=' in it
    with pytest.raises(EngineStartError, match="names no engine: write NAME=COMMAND"):
        parse_engine_spec("rapfi=")


def test_search_info_goes_to_the_listener_as_each_line_comes_before_the_move(tmp_path):
    go = tmp_path / "go"
    seen: list[SearchResult] = []

    def listen(info: SearchResult) -> None:  # the engine moves only once this has run
        seen.append(info)
        go.touch()

    with fake("deepening", str(go)) as engine:
        decision = engine.choose_move(Board(15), on_info=listen)
        assert engine._engine is not None and engine._engine.on_info is None  # kept for that move only
    centre = Point(7, 7)
    assert [(info.depth, info.score, info.pv) for info in seen] == [(1, 10, (centre,)), (2, -25, (centre, centre))]
    assert decision.move == centre and (decision.depth, decision.score) == (2, -25)


def test_node_counts_read_back_as_written():
    for nodes in (0, 950, 9_999, 35_000, 1_234_567, 12_000_000):
        assert parse_count(format_count(nodes)) == pytest.approx(nodes, rel=0.05)
    assert parse_count("1.2M") == 1_200_000 and parse_count("35k") == 35_000 and parse_count("lots") is None
