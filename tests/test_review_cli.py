"""``python -m gomoku --review FILE``: the review as text, as JSON, and as SGF with comments and side lines."""

from __future__ import annotations

import json

import pytest

from gomoku.ai.result import SearchResult
from gomoku.cli import main
from gomoku.point import Point
from gomoku.records import GameRecord, Variation, read_record, read_sgf, write_sgf
from gomoku.rules import Rule
from gomoku.savegame import SavedGame, save_game
from tests.test_review import DECIDED_BY_VCT, MISSED_WIN, RENJU_FOUL, SEEN_LATE, game

#: The analyst's time a position in these tests (the threats decide the marks; the analyst only the graph).
QUICK = ["--think-time", "0.01"]


@pytest.fixture
def steady(monkeypatch):
    """The analyst a steady judge that never chooses a move of these games (the first empty point, even): a reading
    of 0.01 s may choose the very move played, which then is no mistake, so the threats alone decide the marks."""
    monkeypatch.setattr("gomoku.review_cli.make_analyst", lambda *args, **kwargs: (Judge(), False))


class Judge:
    name = "judge"

    def choose_move(self, board, stop=None, think_time=None) -> SearchResult:
        return SearchResult(next(board.empty_points()), score=0)


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(DECIDED_BY_VCT + "\n", encoding="utf-8")
    return path


def test_review_prints_the_verdict_the_marked_moves_and_the_graph(record_file, capsys, steady):
    assert main(["--review", str(record_file), *QUICK]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "27 moves, freestyle rule: Black wins with five in a row.\n"
        "Opening: Ugetsu (D6).\n"
        "Decided at move 16 (white h6)."
    )
    assert "DECISIVE Move 16, white h6: black now wins by fours and threes: " in out
    assert "Evaluation (black above, white below" in out and "moves 1-27" in out


def test_review_json_is_data(record_file, capsys, steady):
    assert main(["--review", str(record_file), "--json", *QUICK]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decided"] == 16 and len(data["moves"]) == 27 and len(data["graph"]) == 27
    assert data["moves"][15]["move"] == "h6" and data["moves"][15]["opponent_win"]["side"] == "black"
    assert all(-1 <= bar["value"] <= 1 for bar in data["graph"] if bar["value"] is not None)


def test_review_sgf_has_the_comments_and_the_forced_lines_and_reads_back(tmp_path, capsys):
    path = tmp_path / "renju.txt"
    path.write_text(RENJU_FOUL, encoding="utf-8")
    out = tmp_path / "reviewed.sgf"
    assert main(["--review", str(path), "--rule", "renju", "--sgf", str(out), *QUICK]) == 0
    record = read_record(out)
    assert record.rule is Rule.RENJU and record.moves == tuple(game(RENJU_FOUL, Rule.RENJU).moves)
    assert record.comment(11).startswith("Move 11, black f8: ")
    assert "white now wins by fours: l12 (1 move); black may not block at h8 (double-three)" in record.comment(11)
    assert record.comment(0).startswith("14 moves, renju rule: white wins with five in a row.")
    text = out.read_text(encoding="utf-8")
    # black's missed win at move 11 is a side line from the position before it: its first move h8 is 'hh'
    assert "(;B[hh]C[black wins by fours and threes: h8, " in text
    assert capsys.readouterr().err == ""


def test_sgf_side_lines_and_comments_round_trip():
    board = game(SEEN_LATE)
    record = GameRecord.from_board(board)
    record = GameRecord(**{**record.__dict__, "comments": ((0, "a game"), (3, "move three [sic]"), (41, "the end"))})
    lines = [Variation(2, tuple(board.moves[5:8]), "a side line"), Variation(41, tuple(board.moves[:1]), "after")]
    text = write_sgf(record, lines)
    assert read_sgf(text) == record
    # the game, the main line's branch after move 2, its side line (none after the end); ON names the opening
    assert text.replace("ON[Ungetsu (I6)]", "").count("(") == 3
    assert read_sgf(write_sgf(record)) == record


def test_review_options_need_review(capsys):
    with pytest.raises(SystemExit):
        main(["--json"])
    assert "--json, --sgf, --deep and --analyst go with --review FILE" in capsys.readouterr().err


def test_review_of_a_broken_file_says_why(tmp_path, capsys):
    path = tmp_path / "broken.txt"
    path.write_text("h8 h8", encoding="utf-8")
    assert main(["--review", str(path)]) == 1
    assert "move 2: h8 is already taken" in capsys.readouterr().err


# -- the analyst by name (issue 28, item 8) -------------------------------------------------

SHORT_GAME = "h8 a1 i8 a3 j8 a5"


def fake_engine(mode: str) -> str:
    """The command line of one of the fake engines (tests/engines/fake_engine.py)."""
    import shlex
    import sys

    from tests.engines.test_engines import FAKE

    return f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} {mode}"


@pytest.fixture
def short_game(tmp_path, monkeypatch):
    monkeypatch.setenv("GOMOKU_HOME", str(tmp_path / "home"))  # no settings file of the user's
    path = tmp_path / "short.txt"
    path.write_text(SHORT_GAME + "\n", encoding="utf-8")
    return path


def test_an_engine_named_with_engine_is_the_analyst_by_its_name(short_game, capsys):
    argv = ["--review", str(short_game), "--engine", f"fake={fake_engine('good')}", "--analyst", "fake", *QUICK]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("6 moves, freestyle rule") and "analyst" not in captured.err
    assert "The analyst stopped" not in captured.out  # the engine evaluated every position


def test_a_failed_analyst_is_an_error_and_no_review_is_printed(short_game, capsys):
    argv = ["--review", str(short_game), "--engine", f"crashy={fake_engine('crash')}", "--analyst", "crashy", *QUICK]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "gomoku: the analyst crashy failed: ended (exit code 3" in captured.err


def test_an_analyst_that_is_neither_an_engine_nor_a_program_says_how_to_name_one(short_game, capsys):
    assert main(["--review", str(short_game), "--analyst", "rapfi", *QUICK]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no engine is named 'rapfi'" in captured.err and "name one with --engine rapfi=PATH" in captured.err


def test_an_analyst_path_that_does_not_start_is_an_error(short_game, tmp_path, capsys):
    missing = str(tmp_path / "no-such-pbrain")
    assert main(["--review", str(short_game), "--analyst", missing, *QUICK]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "the analyst no-such-pbrain failed: will not start" in captured.err


def test_a_level_may_be_an_engines_name_and_an_unknown_one_is_refused(short_game, capsys):
    from gomoku.cli import build_parser, check_names, known_engines

    args = build_parser().parse_args(["--level", "rapfi", "--engine", "rapfi=/opt/pbrain-rapfi"])
    assert args.level == "rapfi" and check_names(args, known_engines(args)) == ""
    alone = build_parser().parse_args(["--level", "rapfi"])
    assert "or an engine named with --engine rapfi=PATH" in check_names(alone, known_engines(alone))
    with pytest.raises(SystemExit):
        main(["--level", "rapfi"])
    assert "unknown level 'rapfi'" in capsys.readouterr().err
    assert build_parser().parse_args(["--level", "hard"]).level == "hard"


@pytest.mark.parametrize(
    ("result", "verdict"),
    [
        ("W+R", "White wins by resignation."),
        ("B+T", "Black wins on time."),
        ("0", "Draw by agreement."),
        ("W+F", "White wins by forfeit."),
        ("", "not finished."),
    ],
)
def test_the_review_s_verdict_is_the_record_s_ending_as_the_core_names_it(tmp_path, capsys, result, verdict):
    path = tmp_path / "short.sgf"
    path.write_text(write_sgf(GameRecord(moves=tuple(game("h8 h9 i8 i9").moves), result=result)), encoding="utf-8")
    assert main(["--review", str(path), *QUICK]) == 0
    assert capsys.readouterr().out.startswith(f"4 moves, freestyle rule: {verdict}\n")


# -- issue 28, item 10: --review takes the games gomoku keeps -------------------------------------------------


def test_review_reads_a_game_gomoku_kept(tmp_path, capsys, steady):
    # "'{' is not a point": the kept game was read as a move list
    kept = tmp_path / "finished-20261201-1439.json"
    saved = SavedGame.from_board(game(DECIDED_BY_VCT), mode="pvc", players={"black": "human", "white": "computer"})
    save_game(saved, kept)
    assert main(["--review", str(kept), *QUICK]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "27 moves, freestyle rule: Black wins with five in a row.\n"
        "Opening: Ugetsu (D6).\n"
        "Decided at move 16 (white h6)."
    )
    record = read_record(kept)
    assert record.moves == tuple(game(DECIDED_BY_VCT).moves) and (record.black, record.white) == ("", "gomoku normal")


def test_a_damaged_kept_game_is_a_record_error_naming_the_file(tmp_path, capsys):
    kept = tmp_path / "unfinished-20261201-1439.json"
    kept.write_text('{"format": "gomoku-save", "version": 1, "size": 99}', encoding="utf-8")
    assert main(["--review", str(kept)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gomoku: {kept}: not a gomoku save this version reads: its board size 99")


def test_a_forced_line_shared_by_a_missed_win_and_the_mistake_before_it_is_one_side_line(tmp_path):
    # white's a5 (move 6) lets black win by g8 f8 k8; black's h12 (move 7) misses that same win: one line, not two
    path = tmp_path / "missed.txt"
    path.write_text(MISSED_WIN, encoding="utf-8")
    out = tmp_path / "reviewed.sgf"
    assert main(["--review", str(path), "--sgf", str(out), *QUICK]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count(";B[gh]") == 1 and "(;B[gh]C[black wins by fours: g8, f8, k8 (3 moves)];W[fh];B[kh])" in text


def test_the_same_side_line_given_twice_is_written_once_with_both_comments():
    record = GameRecord.from_board(game("h8 i9 h9 i10"))
    line = (Point(7, 5), Point(7, 4))
    text = write_sgf(record, [Variation(2, line, "one"), Variation(2, line, "two"), Variation(2, line[:1], "three")])
    assert text.count(";B[hf]") == 2 and "(;B[hf]C[one\n\ntwo];W[he])(;B[hf]C[three])" in text


def test_review_sgf_has_the_analysts_line_instead_of_the_decisive_mistake(record_file, tmp_path, steady):
    out = tmp_path / "reviewed.sgf"
    assert main(["--review", str(record_file), "--sgf", str(out), *QUICK]) == 0
    record = read_record(out)
    assert record.comment(16).startswith("Move 16, white h6: black now wins by fours and threes: ")
    assert record.comment(16).endswith("; better a15: a15")  # the steady judge's choice, its line one move long
    assert "(;W[aa]C[the analyst's line instead])" in out.read_text(encoding="utf-8")
