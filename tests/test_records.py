"""Game records: SGF, Piskvork .psq and move lists, written and read back."""

from __future__ import annotations

import os
import random
import stat
import string
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku import Board, ForbiddenMoveError, Point, Rule, Stone
from gomoku.records import (
    GameRecord,
    RecordError,
    Variation,
    format_moves,
    load_board,
    outcome_of,
    parse_moves,
    read_move_list,
    read_psq,
    read_record,
    read_sgf,
    result_text,
    write_psq,
    write_record,
    write_sgf,
)
from gomoku.rules import Outcome, Termination
from tests.mutations import mutated

WON_BY_BLACK = "h8 i9 h9 i10 h10 i11 h11 i12 h12"


@st.composite
def games(draw, names=st.just("")):
    """A random legal game under a random rule, stopped at a random move or at its end."""
    size = draw(st.integers(5, 19))
    rule = draw(st.sampled_from(list(Rule)))
    length = draw(st.integers(0, size * size))
    cells = list(range(size * size))
    random.Random(draw(st.integers(0, 2**32))).shuffle(cells)
    board = Board(size, rule)
    for cell in cells:
        if board.is_game_over() or len(board.moves) >= length:
            break
        try:
            board.play(board.point_of(cell))
        except ForbiddenMoveError:
            continue
    return GameRecord.from_board(board, black=draw(names), white=draw(names))


sgf_names = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20).filter(
    lambda name: name == name.strip()
)
psq_names = st.text(string.ascii_letters + "._-", min_size=1, max_size=15).filter(
    lambda name: not name.lower().startswith("homo-")
)


@settings(max_examples=60, deadline=None)
@given(games(names=sgf_names))
def test_random_games_survive_sgf(record):
    assert read_sgf(write_sgf(record)) == record


@settings(max_examples=60, deadline=None)
@given(games(names=st.one_of(st.just(""), psq_names)))
def test_random_games_survive_psq(record):
    assert read_psq(write_psq(record), record.rule) == record


@settings(max_examples=40, deadline=None)
@given(games())
def test_random_games_survive_a_move_list(record):
    assert read_move_list(format_moves(record.moves, record.size), record.size, record.rule) == record


def test_a_won_game_round_trips_with_its_result_and_names(tmp_path):
    record = read_move_list(WON_BY_BLACK)
    assert record.result == "B+" and record.winner is Stone.BLACK
    record = GameRecord(**{**record.__dict__, "black": "Ann [the] \\best\\", "white": "Bo"})
    for name in ("game.sgf", "game.psq", "game.txt"):
        write_record(tmp_path / name, record)
        back = read_record(tmp_path / name)
        assert back.moves == record.moves and back.result == "B+"
        if not name.endswith(".txt"):
            assert (back.black, back.white) == (record.black, record.white)
    text = (tmp_path / "game.sgf").read_text()
    assert text.startswith("(;FF[4]GM[4]") and "SZ[15]" in text and "RE[B+]" in text
    assert ";B[hh];W[ig]" in text
    assert (tmp_path / "game.txt").read_text() == WON_BY_BLACK + "\n"
    psq = (tmp_path / "game.psq").read_text().splitlines()
    assert psq[:3] == ["Piskvorky 15x15, 0:0, 0", "8,8,0", "9,7,0"]


def test_sgf_from_another_program_reads_its_main_line():
    text = """
    (;GM[4]FF[4]CA[UTF-8]SZ[15]RU[Renju]PB[Black \\] player]PW[White]
      RE[W+Resign]C[a comment [with brackets\\]]
      ;B[hh]C[centre] ;W[hi]
      (;B[ii];W[gg](;B[jj])(;B[kk]))
      (;B[aa]))
    (;GM[4]SZ[9];B[ee])
    """
    record = read_sgf(text)
    assert record.size == 15 and record.rule is Rule.RENJU
    assert record.black == "Black ] player" and record.white == "White"
    assert record.result == "W+Resign" and record.winner is Stone.WHITE
    assert record.moves == (Point(7, 7), Point(7, 8), Point(8, 8), Point(6, 6), Point(9, 9))


def test_psq_from_a_gomocup_tournament_reads_names_and_who_began():
    text = "Piskvorky 20x20, 11:11, 1\n10,10,531\n11,11,1203\n10,11,998\npbrain-one.exe\npbrain-two.exe\n-1\n"
    record = read_psq(text)
    assert record.size == 20 and record.moves == (Point(9, 9), Point(10, 10), Point(9, 10))
    # Header flag 1: the second player listed began, so it played black.
    assert (record.black, record.white) == ("pbrain-two.exe", "pbrain-one.exe")
    assert read_psq(text.replace(", 1\n", ", 0\n")).black == "pbrain-one.exe"
    human = read_psq("Piskvorky 15x15, 0:0, 0\n8,8,0\nhomo-1\nhomo-2\n0\n")
    assert (human.black, human.white) == ("", "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not an SGF file"),
        ("(;GM[1]SZ[19])", "GM[1] is not gomoku"),
        ("(;GM[4]SZ[30])", "board size 30 is not supported"),
        ("(;GM[4]SZ[15:13])", "rectangular"),
        ("(;GM[4]SZ[big])", "SZ[big] is not a board size"),
        ("(;GM[4]RU[japanese])", "RU[japanese] is not a rule"),
        ("(;GM[4];B[hh];B[ii])", "move 2 is B[ii] but white is to move"),
        ("(;GM[4];B[hh];W[hh])", "move 2: h8 is already taken$"),
        ("(;GM[4];B[zz])", "move 1: [zz] is not a point on 15x15"),
        ("(;GM[4];B[])", "a pass"),
        ("(;GM[4]AB[aa][bb])", "set-up stones"),
        ("(;GM[4]C[never closed", "line 1, column 10: a '[' value is never closed"),
        ("(;GM[4];B[hh]", "a '(' is never closed"),
        ("(;GM[4]SZ)", "property SZ has no [value]"),
        ("(;GM[4]);", ""),
    ],
)
def test_broken_sgf_says_what_is_wrong(text, message):
    if not message:
        assert read_sgf(text).moves == ()  # text after the game tree is ignored
        return
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("(", r"\(")):
        read_sgf(text)


def test_sgf_after_the_game_is_won_is_refused():
    moves = "".join(
        f";{'BW'[i % 2]}[{p}]" for i, p in enumerate(["hh", "ii", "hg", "ij", "hf", "ik", "he", "il", "hd", "im"])
    )
    with pytest.raises(
        RecordError, match=r"move 10: i3 comes after the end of the game: Black wins with five in a row: h12-h8\.$"
    ):
        read_sgf(f"(;GM[4]{moves})")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1 must be like 'Piskvorky 15x15"),
        ("Gomoku 15x15\n", "not a Piskvork .psq file"),
        ("Piskvorky 20x15, 0:0, 0\n", "20x15 is rectangular"),
        ("Piskvorky 40x40, 0:0, 0\n", "board size 40 is not supported"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n", "line 3: '16,1,0' is off the 15x15 board"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n0,3,0\n", "line 3: '0,3,0' is off"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n-1\n", r"line 3 \(move 2\): h8 is already taken$"),
        # a broken line in the middle: the moves after it were silently dropped
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,x,0\n9,9,0\n-1\n", r"line 3: '9,x,0' is not a move"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\noops\n9,9,0\n", r"line 3: 'oops' is not a move"),
        ("Piskvorky 15x15, 0:0, 0\n8,8,0\n7,\n-1\n", r"line 3: '7,' is not a move"),
    ],
)
def test_broken_psq_says_what_is_wrong(text, message):
    with pytest.raises(RecordError, match=message):
        read_psq(text)


def test_a_psq_trailer_of_names_and_a_status_is_no_error():
    record = read_psq("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\npbrain-a.exe\npbrain-b.exe\n-1\n")
    assert len(record.moves) == 2 and record.black == "pbrain-a.exe"


def test_move_lists_parse_and_complain_precisely():
    assert parse_moves("h8, i9;j10  k11\n") == [Point(7, 7), Point(8, 6), Point(9, 5), Point(10, 4)]
    assert parse_moves("") == []
    with pytest.raises(RecordError, match="move 2: 'z9' is not a point"):
        parse_moves("h8 z9")
    with pytest.raises(RecordError, match=r"move 3: h8 is already taken$"):
        read_move_list("h8 i9 h8")  # a record's error gives no playing advice ("pick an empty point")
    assert format_moves([Point(0, 0), Point(14, 14)], 15) == "a15 o1"


def test_load_board_replays_the_record():
    record = read_move_list("h8 i9 j10", rule=Rule.RENJU)
    board = load_board(record)
    assert board.rule is Rule.RENJU and board.moves == list(record.moves)
    assert board.turn is Stone.WHITE
    board.undo()
    assert board.moves == list(record.moves[:2])


def test_reading_files_names_the_file_in_errors(tmp_path):
    with pytest.raises(RecordError, match="cannot read it"):
        read_record(tmp_path / "missing.sgf")
    binary = tmp_path / "game.sgf"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match=r"game\.sgf: not a text file"):
        read_record(binary)
    broken = tmp_path / "game.psq"
    broken.write_text("Piskvorky 15x15, 0:0, 0\n99,99,0\n")
    with pytest.raises(RecordError, match=r"game.psq: line 2"):
        read_record(broken)
    sniffed = tmp_path / "record"
    sniffed.write_text("(;GM[4]SZ[9];B[ee])")
    assert read_record(sniffed).size == 9
    moves = tmp_path / "moves.txt"
    moves.write_text("e5 d4")
    assert read_record(moves, size=9).moves == (Point(4, 4), Point(3, 5))


def test_psq_names_stay_on_their_lines():
    record = GameRecord(moves=(Point(7, 7),), black="Ann\nSmith", white="")
    back = read_psq(write_psq(record))
    assert (back.black, back.white) == ("Ann Smith", "")


# -- issue 21, item 18: any input whatsoever gives a RecordError ----------------------

_GAME = read_move_list(WON_BY_BLACK, 15)
_NAMED = GameRecord(_GAME.size, _GAME.rule, _GAME.moves, black="Ann", white="gomoku normal", result=_GAME.result)
VALID_RECORDS = {
    "sgf": write_sgf(_NAMED).encode(),
    "psq": write_psq(_NAMED).encode(),
    "moves": (format_moves(_NAMED.moves) + "\n").encode(),
}


def _read_every_way(text: str) -> None:
    """Each reader on ``text``: a record or a RecordError, nothing else."""
    for read in (read_sgf, lambda t: read_psq(t, Rule.RENJU), lambda t: read_move_list(t, 15, Rule.STANDARD)):
        try:
            record = read(text)
        except RecordError:
            continue
        assert record.to_board() is not None


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(VALID_RECORDS)).flatmap(lambda kind: mutated(VALID_RECORDS[kind])))
def test_mutated_records_read_or_give_a_record_error(raw):
    _read_every_way(raw.decode("utf-8", errors="replace"))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from("();[]\\BWSZGMRUP:abhxyz0123456789,-\n \r\t\x00é"), max_size=200))
def test_any_text_reads_or_gives_a_record_error(text):
    _read_every_way(text)


@pytest.mark.parametrize(
    "text",
    [
        "(;GM[4]SZ[" + "9" * 5000 + "])",  # past Python's 4300-digit limit: a ValueError, not a RecordError
        "(;GM[4]SZ[15:" + "9" * 5000 + "])",
        "Piskvorky " + "9" * 5000 + "x15, 0:0, 0\n",
        "Piskvorky 15x15, 0:0, 0\n" + "9" * 5000 + ",1,0\n",
        "h" + "9" * 5000,
        "(" * 100_000 + ";B[hh]" + ")" * 100_000,
        "(;GM[4]" + "(;B[aa]" * 50_000,
    ],
)
def test_hostile_records_give_record_errors(text):
    _read_every_way(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(VALID_RECORDS)).flatmap(lambda kind: mutated(VALID_RECORDS[kind])))
def test_mutated_record_files_give_a_record_error_naming_the_file(tmp_path, raw):
    for name in ("g.sgf", "g.psq", "g.txt"):
        path = tmp_path / name
        path.write_bytes(raw)
        try:
            read_record(path, Rule.RENJU, 15)
        except RecordError as error:
            assert str(path) in str(error)


# -- issue 21, item 15: .psq keeps the players' names, and Piskvork never takes a person for a brain ----


@pytest.mark.parametrize(
    ("black", "white", "lines"),
    [
        ("Ann", "gomoku normal", ["homo-1 Ann", "homo-2 gomoku normal"]),
        ("", "Bo", ["homo-1", "homo-2 Bo"]),
        ("pbrain-yixin.exe", "homo-sapiens", ["pbrain-yixin.exe", "homo-2 homo-sapiens"]),
    ],
)
def test_psq_writes_the_names_as_piskvork_reads_them_and_reads_them_back(black, white, lines):
    record = GameRecord(15, Rule.FREESTYLE, _GAME.moves, black=black, white=white)
    text = write_psq(record)
    assert text.splitlines()[-3:-1] == lines  # Piskvork runs a line as a brain unless it starts "homo-"
    back = read_psq(text)
    assert (back.black, back.white) == (black, white)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
@pytest.mark.parametrize("name", ["g.sgf", "g.psq", "g.txt"])
def test_records_follow_the_umask_and_keep_the_mode_of_the_file_they_replace(tmp_path, name):
    path = tmp_path / name
    previous = os.umask(0o022)
    try:
        write_record(path, _NAMED)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644  # sharable, as any program's new file
        path.chmod(0o600)
        write_record(path, _NAMED)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600  # the player's own choice is kept
    finally:
        os.umask(previous)


def test_a_records_result_is_read_as_the_cores_ending_and_written_back() -> None:
    short = Board.from_moves(parse_moves("h8 h9 i8 i9"))
    five = Board.from_moves(parse_moves("h8 h9 i8 i9 j8 j9 k8 k9 l8"))
    assert outcome_of("W+R", five) == five.outcome  # the moves show a five: that is the ending, whatever the text
    assert outcome_of("B+R", short) == Outcome(Termination.RESIGNATION, Stone.BLACK)
    assert outcome_of("W+Resign", short) == Outcome(Termination.RESIGNATION, Stone.WHITE)
    assert outcome_of("w+t", short) == Outcome(Termination.TIME, Stone.WHITE)
    assert outcome_of("B+F", short) == Outcome(Termination.FORFEIT, Stone.BLACK)
    assert outcome_of("B+", short) == Outcome(Termination.RESIGNATION, Stone.BLACK)  # short of five: resigned
    assert outcome_of("Draw", short) == outcome_of("0", short) == Outcome(Termination.AGREEMENT, None)
    assert outcome_of("", short) is None and outcome_of("Void", short) is None
    for termination in (Termination.RESIGNATION, Termination.TIME, Termination.FORFEIT):
        for winner in Stone:
            ended = Outcome(termination, winner)
            assert outcome_of(result_text(ended), short) == ended
    assert result_text(five.outcome) == "B+" and result_text(Outcome(Termination.TIME, None)) == "0"
    assert GameRecord(moves=tuple(short.moves), result="W+T").outcome == Outcome(Termination.TIME, Stone.WHITE)


def test_sgf_colours_come_from_the_board_and_a_side_line_stops_where_it_cannot_be_played():
    record = read_move_list("h8 i9 h9 i10")
    taken = Variation(2, (Point(7, 5), Point(7, 7)), "h10, then h8 again")  # h8 is taken: the line stops at h10
    nowhere = Variation(1, (Point(7, 7),), "h8 again")  # not one move of it can be played: no branch at all
    text = write_sgf(record, [taken, nowhere])
    assert "(;B[hf]C[h10, then h8 again])" in text and "h8 again]" not in text.replace("then h8 again]", "")
    assert "ON[Ungetsu (I6)]" in text  # h8 i9 h9: the opening's name
    assert text.replace("ON[Ungetsu (I6)]", "").count("(") == 3  # the game, its main line's branch, the side line
    assert read_sgf(text).moves == record.moves
