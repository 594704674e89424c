"""Puzzles as data: positions drawn as diagrams, solved by the threat solvers, tried move by move, kept in files,
and ``python -m gomoku --solve FILE``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gomoku import Board, Rule, Stone
from gomoku.cli import main
from gomoku.point import parse_point
from gomoku.puzzles import PUZZLE_READING, Goal, Puzzle, solve, try_move
from gomoku.records import (
    Format,
    RecordError,
    format_of,
    read_puzzle,
    read_puzzle_text,
    read_record,
    read_sgf_puzzle,
    write_puzzle,
    write_puzzle_text,
    write_sgf_puzzle,
)
from gomoku.review import WinKind

#: Black wins by fours: k8 (a four on the diagonal j7-m10, white blocks i6), then k7, a four on row 7 and a
#: four on column k at once.  k7 first wins too (white blocks l7, then k8 is the double four).
TWO_FOURS = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . O .
10 . . . . . . . . . . . . X . .
 9 . . . . . . . . . . . X . . .
 8 . . . . . . . . . . . . . . .
 7 . . . . . . O X X X . . . . .
 6 . . . . . . . . . . X . . . .
 5 . . . . . . . . . . X . . . .
 4 . . . . . . . . . . O . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
"""

#: No four anywhere, but j6 makes two open threes at once (row 6 with k6 l6, the diagonal g9 h8 ... j6): a win by
#: fours and threes only.  Under renju that double three is forbidden for black.
DOUBLE_THREE = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . X . . . . . . . .
 8 . . . . . . . X . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . . . . . . X X . . .
 5 . . . . . . O . . . . . . . .
 4 . . . . . O . . . . . . O . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
"""

#: Renju, white to move: g7 makes a four whose only block, h8, is a double three for black (row f8 g8 h8,
#: column h6 h7 h8): black may not block, and white wins.
INTO_THE_FOUL = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . X X . . . . . . . .
 7 . . . . . . . X . . . . . . .
 6 . . . . . O . X . . . . . . .
 5 . . . . O . . . . . . . . . .
 4 . . . O . . . . . . . . . . .
 3 . . X . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
"""

#: A quiet opening: nobody has a threat.
QUIET = """
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . O . . . . .
 5 . . . . X . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 . . . . . . . . .
 1 . . . . . . . . .
   a b c d e f g h i
"""


def puzzle(diagram: str, goal: Goal, rule: Rule = Rule.FREESTYLE, turn: Stone = Stone.BLACK, **more) -> Puzzle:
    return Puzzle.from_board(Board.from_diagram(diagram, rule, turn), goal, **more)


def points(*names: str, size: int = 15) -> tuple:
    return tuple(parse_point(name, size) for name in names)


def names(line, size: int = 15) -> list[str]:
    return [Board(size).notation(point) for point in line]


# -- solving ---------------------------------------------------------------------------


def test_a_win_by_fours_is_found_with_its_line():
    found = solve(puzzle(TWO_FOURS, Goal.FOURS))
    assert found.side is Stone.BLACK and found.kind is WinKind.VCF and found.proven
    assert names(found.line) == ["k8", "i6", "k7", "k9", "l7"]


def test_a_win_by_fours_and_threes_only():
    found = solve(puzzle(DOUBLE_THREE, Goal.THREES))
    assert found.kind is WinKind.VCT, "no four exists: the win needs threes"
    assert found.line[0] == parse_point("j6", 15)


def test_no_win_for_either_side_is_proven():
    for turn in Stone:
        found = solve(puzzle(QUIET, Goal.THREES, turn=turn))
        assert found.win is None and found.proven and found.line == ()


def test_under_renju_blacks_only_apparent_win_is_forbidden():
    quick = replace(PUZZLE_READING, nodes=5_000)
    renju = puzzle(DOUBLE_THREE, Goal.THREES, Rule.RENJU)
    assert solve(renju, quick).win is None
    tried = try_move(renju, parse_point("j6", 15), quick)
    assert not tried.accepted and tried.reason.startswith("j6 is forbidden for black (double-three)")


def test_white_wins_by_driving_black_into_a_forbidden_point():
    foul = puzzle(INTO_THE_FOUL, Goal.FORBIDDEN, Rule.RENJU, Stone.WHITE)
    found = solve(foul)
    assert found.side is Stone.WHITE and found.kind is WinKind.VCF
    assert names(found.line) == ["g7"] and found.forbidden_block == parse_point("h8", 15)
    assert try_move(foul, parse_point("g7", 15)).accepted
    # the same stones under freestyle: black simply blocks
    assert solve(puzzle(INTO_THE_FOUL, Goal.FOURS, Rule.FREESTYLE, Stone.WHITE)).win is None


# -- trying moves ----------------------------------------------------------------------


def test_any_winning_first_move_is_accepted_and_answered_with_the_longest_resistance():
    fours = puzzle(TWO_FOURS, Goal.FOURS, solution=points("k8", "i6", "k7", "k9", "l7"))
    stated = try_move(fours, parse_point("k8", 15))
    assert stated.accepted and stated.reply == parse_point("i6", 15) and stated.reason == ""
    other = try_move(fours, parse_point("k7", 15))
    assert other.accepted, "k7 is not the stated first move, but it wins too"
    assert other.reply == parse_point("l7", 15) and names(other.line)[:3] == ["k7", "l7", "k8"]
    threes = try_move(puzzle(DOUBLE_THREE, Goal.THREES), parse_point("j6", 15))
    assert threes.accepted and threes.reply is not None and threes.line[:2] == (parse_point("j6", 15), threes.reply)


def test_a_wrong_move_is_told_why():
    fours = puzzle(TWO_FOURS, Goal.FOURS)
    four = try_move(fours, parse_point("i6", 15))  # a four on the diagonal, but k8 blocks it and kills column k
    assert not four.accepted and four.reply == parse_point("k8", 15)
    assert four.reason == "white blocks at k8 and no win is left"
    quiet = try_move(fours, parse_point("a1", 15))
    assert quiet.reason == "a1 is no four: a win by fours plays a four every move"
    assert try_move(fours, parse_point("h7", 15)).reason == "h7 is taken: pick an empty point"
    three = try_move(puzzle(DOUBLE_THREE, Goal.THREES), parse_point("a15", 15))
    assert three.reason == "a15 makes no four and no open three: the other side may play anywhere"


def test_a_defence_is_accepted_when_no_win_is_left_and_refused_with_the_win_that_remains():
    defence = puzzle(DOUBLE_THREE, Goal.DEFENCE, turn=Stone.WHITE)
    assert try_move(defence, parse_point("j6", 15)).accepted
    wrong = try_move(defence, parse_point("a1", 15))
    assert not wrong.accepted and wrong.reason.startswith("black still wins by fours and threes: j6, ")
    assert wrong.reply == parse_point("j6", 15)


# -- files -----------------------------------------------------------------------------


def test_sgf_setup_round_trip():
    original = puzzle(
        TWO_FOURS, Goal.FOURS, solution=points("k8", "i6", "k7", "k9", "l7"), name="Two fours", source="tests"
    )
    text = write_sgf_puzzle(original)
    assert "PL[B]" in text and "GO[fours]" in text and "AB[" in text and "AW[" in text
    assert ";B[kh];W[ij];B[ki];W[kg];B[li])" in text
    assert read_sgf_puzzle(text) == original


def test_sgf_setup_as_other_programs_write_it():
    # set-up stones in a rectangle and one by one, a stone taken away (AE), white to move, no goal
    text = "(;GM[4]SZ[9]RU[renju]AB[aa:ab][ee]AW[ii]AE[ab]PL[W];W[hh];B[gg])"
    found = read_sgf_puzzle(text)
    assert found.size == 9 and found.rule is Rule.RENJU and found.turn is Stone.WHITE and found.goal is Goal.THREES
    assert sorted(names([point for point, _stone in found.stones], 9)) == ["a9", "e5", "i1"]
    assert names(found.solution, 9) == ["h2", "g3"]


def test_sgf_game_record_gives_its_final_position():
    found = read_sgf_puzzle("(;GM[4]SZ[15];B[hh];W[ih];B[hi])")
    assert found.turn is Stone.WHITE and len(found.stones) == 3 and found.solution == ()


def test_plain_text_round_trip(tmp_path):
    original = puzzle(INTO_THE_FOUL, Goal.FORBIDDEN, Rule.RENJU, Stone.WHITE, solution=points("g7"), name="Foul")
    text = write_puzzle_text(original)
    assert text.startswith("gomoku puzzle\nname: Foul\nrule: renju\nto move: white\ngoal: forbidden\nsolution: g7\n")
    assert read_puzzle_text(text) == original
    path = tmp_path / "foul.puzzle"
    write_puzzle(path, original)
    assert format_of(path) is Format.PUZZLE and read_puzzle(path) == original
    named_otherwise = tmp_path / "foul.txt"
    named_otherwise.write_text(text, encoding="utf-8")
    assert read_puzzle(named_otherwise) == original, "the first line says what the file is"
    with pytest.raises(RecordError, match="this is a puzzle, not a game record: open it with --solve"):
        read_record(named_otherwise)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("gomoku puzle\n" + QUIET, "line 1: not a puzzle: the first line must be 'gomoku puzzle'"),
        ("gomoku puzzle\nrule: gomoku\n" + QUIET, "rule: 'gomoku' is not one of freestyle, standard, renju, caro"),
        ("gomoku puzzle\ngoal: mate\n" + QUIET, "goal: 'mate' is not one of fours, fours and threes, defence, forb"),
        ("gomoku puzzle\nto move: red\n" + QUIET, "to move: 'red' is not one of black, white"),
        ("gomoku puzzle\ncolour: black\n" + QUIET, "line 2: 'colour: black' is neither a header line"),
        ("gomoku puzzle\nrule: renju\nrule: renju\n" + QUIET, "line 3: 'rule' is given twice"),
        ("gomoku puzzle\nsolution: e5\n" + QUIET, "solution move 1: e5 is taken: pick an empty point"),
        ("gomoku puzzle\nsolution: z9\n" + QUIET, "move 1: "),
        ("gomoku puzzle\n. . .\n. . .\n", "the board must be drawn whole: 5 to 25 rows"),
        ("gomoku puzzle\n" + QUIET.replace(" 5 . . . . X", " 5 . . . X"), "the board must be drawn whole"),
    ],
    ids=["first line", "rule", "goal", "to move", "key", "twice", "taken", "off", "small", "ragged"],
)
def test_broken_plain_text_says_what_is_wrong(text, problem):
    with pytest.raises(RecordError) as caught:
        read_puzzle_text(text)
    assert problem in str(caught.value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("(;GM[4]SZ[15]AB[hh]GO[mate])", "GO[mate] is not a puzzle goal I know"),
        ("(;GM[4]SZ[15]AB[hh]PL[X])", "PL[X] names no colour: write PL[B] or PL[W]"),
        ("(;GM[4]SZ[9]AB[zz])", "AB[zz]: [zz] is not a point on 9x9"),
        ("(;GM[4]SZ[15]AB[hh];B[ii];AW[jj])", "AW[] comes after the solution's first move"),
        ("(;GM[4]SZ[15]AB[hh]PL[B];W[ii])", "solution move 1 is W[ii] but black is to move"),
        ("(;GM[4]SZ[15]AB[hh];B[hh])", "solution move 1: h8 is taken"),
    ],
)
def test_broken_sgf_puzzles_say_what_is_wrong(text, problem):
    with pytest.raises(RecordError) as caught:
        read_sgf_puzzle(text)
    assert problem in str(caught.value)


# -- --solve ---------------------------------------------------------------------------


def test_solve_prints_the_board_and_the_winning_line(tmp_path, capsys):
    path = tmp_path / "two-fours.sgf"
    write_puzzle(path, puzzle(TWO_FOURS, Goal.FOURS, name="Two fours"))
    assert main(["--solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Two fours\n15 . . .")
    assert out.endswith("black to move wins by fours: k8, i6, k7, k9, l7 (5 moves)\n")


def test_solve_json_has_english_field_names(tmp_path, capsys):
    path = tmp_path / "foul.puzzle"
    write_puzzle(path, puzzle(INTO_THE_FOUL, Goal.FORBIDDEN, Rule.RENJU, Stone.WHITE))
    assert main(["--solve", str(path), "--json", "--lang", "ru"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["to_move"] == "white" and data["rule"] == "renju" and data["goal"] == "forbidden"
    assert data["win"] == "fours" and data["line"] == ["g7"] and data["forbidden_block"] == "h8" and data["proven"]


def test_solve_a_game_records_final_position_and_a_position_without_a_win(tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text("h8 i9 h10\n", encoding="utf-8")
    assert main(["--solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["to_move"] == "white" and data["win"] is None and data["line"] == [] and data["proven"]
    assert main(["--solve", str(path)]) == 0
    assert capsys.readouterr().out.endswith("white to move has no win by fours or by fours and threes\n")


def test_solve_a_broken_file_says_why_with_status_2(tmp_path, capsys):
    path = tmp_path / "broken.puzzle"
    path.write_text("gomoku puzzle\nrule: gomoku\n" + QUIET, encoding="utf-8")
    assert main(["--solve", str(path)]) == 2
    assert f"gomoku: {path}: rule: 'gomoku' is not one of" in capsys.readouterr().err
    assert main(["--solve", str(tmp_path / "missing.sgf")]) == 2
    assert "cannot read it" in capsys.readouterr().err
    finished = tmp_path / "finished.txt"
    finished.write_text("h8 a1 i8 a2 j8 a3 k8 a4 l8\n", encoding="utf-8")
    assert main(["--solve", str(finished)]) == 2
    assert "the game is over (" in capsys.readouterr().err


def test_the_defenders_answer_is_its_longest_resistance_among_every_move_it_has():
    from gomoku.puzzle_sets import builtin_puzzles
    from gomoku.review import forced_win

    # a built-in win by fours and threes where white's answers to the first move lose in 3, 5 or 7 more moves
    chosen = next(each for each in builtin_puzzles() if each.id == "f-0011")
    attempt = try_move(chosen, chosen.solution[0])
    assert attempt.accepted and attempt.reply is not None
    board = chosen.board()
    board.play(chosen.solution[0])
    left: dict[str, int] = {}
    for answer in board.empty_points():
        board.play(answer)
        if board.outcome is None:
            win, _proven = forced_win(board, PUZZLE_READING)
            assert win is not None, f"{board.notation(answer)} holds: the first move would not be proven winning"
            left[board.notation(answer)] = len(win.line)
        board.undo()
    assert len(set(left.values())) > 2, "the answers differ in how long they hold (else this tests nothing)"
    assert left[board.notation(attempt.reply)] == max(left.values()) == len(attempt.line) - 2
