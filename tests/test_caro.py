"""The caro rule: a five with opponent stones at both ends does not win.

The definition is the Gomocup manager's (Piskvork 9.0, ``INFO rule 8``), which
is also KataGomo's caro by default (``docs/playing.md`` says where from): a row
of exactly five wins unless the points just beyond both of its ends hold
opponent stones; the edge of the board blocks nothing; six or more in a row
win, blocked or not; the same for both colours; no forbidden moves.
"""

from __future__ import annotations

import pytest

from gomoku import Board, Rule, Stone, parse_point
from gomoku.ai import LEVELS, make_player
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.game import Game
from gomoku.gomocup.brain import Brain
from gomoku.gomocup.protocol import rule_code, rule_from_code
from gomoku.openings import OpeningRule
from gomoku.patterns import C_FOUR, C_WIN_FOUR
from gomoku.records import GameRecord, read_psq, read_sgf, write_psq, write_sgf
from gomoku.records.record import RecordError
from gomoku.rules import BLACK, Outcome, Termination


def row(text: str, size: int = 9, y: int = 4) -> Board:
    """A ``size`` board with ``text`` (X, O, .) drawn on row ``y`` from the top, the rest empty, black to move."""
    lines = ["." * size] * size
    lines[y] = text.ljust(size, ".")
    return Board.from_diagram("\n".join(lines), Rule.CARO, turn=Stone.BLACK)


def wins(board: Board, name: str, stone: Stone = Stone.BLACK) -> bool:
    return board.wins_at(parse_point(name, board.size), stone)


# -- the referee, on positions drawn as rows (row 5 of a 9x9 board) ----------------------------------------------


def test_a_five_blocked_at_both_ends_does_not_win():
    board = row("OXXXX.O")  # f5 would make b5-f5, with a5 and g5 white
    assert not wins(board, "f5")
    assert board.winning_points(Stone.BLACK) == []
    assert board.play(parse_point("f5", 9)) is None and not board.is_game_over()


def test_a_five_blocked_at_one_end_wins():
    board = row("OXXXX..")
    assert wins(board, "f5")
    outcome = board.play(parse_point("f5", 9))
    assert outcome is not None and outcome.termination is Termination.FIVE and outcome.winner is Stone.BLACK
    assert [board.notation(p) for p in outcome.line] == ["b5", "c5", "d5", "e5", "f5"]


def test_the_edge_of_the_board_blocks_nothing():
    board = row("XXXX.O")  # a5-e5 would touch the edge on one end and white on the other
    assert wins(board, "e5")
    corner = Board.from_diagram(
        """
        X . . . . . . . .
        . X . . . . . . .
        . . X . . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . . . . . O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . O
        """,
        Rule.CARO,
        turn=Stone.BLACK,
    )
    assert corner.winning_points(Stone.BLACK) == [parse_point("e5", 9)]  # the diagonal from the corner


def test_six_or_more_win_even_when_blocked_at_both_ends():
    board = row("OXXX.XXO")  # e5 makes six, b5-g5, between white stones
    assert wins(board, "e5")
    assert (
        Board.from_diagram("\n".join(["." * 9] * 4 + ["OXXX.XXO."] + ["." * 9] * 4), Rule.STANDARD).winning_points(
            Stone.BLACK
        )
        == []
    )  # the standard rule, for contrast: six never wins


def test_the_rule_is_the_same_for_white():
    board = row("XOOOO.X")
    assert not wins(board, "f5", Stone.WHITE)
    assert wins(row("XOOOO.."), "f5", Stone.WHITE)
    assert wins(row("OOOO.X"), "e5", Stone.WHITE)


def test_only_opponent_stones_block_not_empty_points_or_own_stones_beyond_a_gap():
    assert wins(row("OXXXX.."), "f5")  # g5 empty
    assert wins(row(".XXXX.O"), "f5")  # a5 empty
    assert wins(row("OXXXX.XO"), "f5")  # f5 makes six (b5-g5): wins


def test_caro_has_no_forbidden_moves_and_its_rule_methods_say_so():
    assert not Rule.CARO.restricts(Stone.BLACK) and not Rule.CARO.exact_five(Stone.BLACK)
    assert Rule.CARO.blocks_fives and not Rule.FREESTYLE.blocks_fives
    assert Rule.CARO.is_win(5, Stone.WHITE, 1) and not Rule.CARO.is_win(5, Stone.WHITE, 2)
    assert Rule.CARO.is_win(6, Stone.BLACK, 2) and not Rule.CARO.is_win(4, Stone.BLACK, 0)
    board = row("XXX.XX")  # d5 would be an overline: renju would forbid it, caro does not
    assert board.foul(parse_point("d5", 9)) is None and board.forbidden_points() == []


def test_no_five_left_counts_blocked_fives_as_dead():
    # 7x7, row 4: white on a4 and g4.  The combination b4-f4 is dead for black (its five would be blocked at
    # both ends, and a longer row would need a4 or g4), while white's own flanks do not hurt white.
    board = row("O.....O", size=7, y=3)
    combo = board.tables.combinations.index(tuple(3 * 7 + x for x in range(1, 6)))
    assert not board.tables.is_alive(combo, Stone.BLACK)
    assert board.tables.is_alive(combo, Stone.WHITE)


# -- a whole game refereed by the core's Game ----------------------------------------------------------------------


def test_the_game_plays_on_past_a_blocked_five_and_ends_at_a_five_with_an_open_end():
    moves = ["b5", "a5", "c5", "g5", "d5", "h1", "e5", "h2", "f5"]  # black's b5-f5, white on a5 and g5
    game = Game.new(Rule.CARO, size=9)
    for number, name in enumerate(moves):
        seat = game.acting_seat
        assert seat is not None
        game = game.play(parse_point(name, 9), seat, float(number))
    assert not game.over  # the blocked five wins nothing
    for number, name in enumerate(["h3", "b6", "h4", "b7", "h9", "b8", "g9", "b9"], start=len(moves)):
        seat = game.acting_seat
        assert seat is not None
        game = game.play(parse_point(name, 9), seat, float(number))
    assert game.over and game.result == Outcome(
        Termination.FIVE, Stone.BLACK, tuple(parse_point(n, 9) for n in ("b9", "b8", "b7", "b6", "b5"))
    )  # b5-b9: the edge above b9 blocks nothing, and b4 is empty


# -- the engine protocol ---------------------------------------------------------------------------------------------


def test_info_rule_8_is_caro_for_our_brain_and_the_manager_sends_8():
    engine = Brain()
    engine.handle("INFO rule 8")
    assert engine.rule is Rule.CARO
    assert rule_from_code(8) == (Rule.CARO, OpeningRule.NONE, [])
    assert rule_code(Rule.CARO) == 8
    for rule in Rule:
        assert rule_from_code(rule_code(rule))[0] is rule


def test_caro_with_exactly_five_is_played_as_caro_and_says_so():
    rule, _, notes = rule_from_code(9)
    assert rule is Rule.CARO and "six or more" in notes[0]
    assert Brain().handle("INFO rule 9")[0].startswith("MESSAGE caro with exactly five")
    assert rule_from_code(12)[0] is Rule.RENJU  # renju and caro: renju


def test_the_brain_does_not_take_a_blocked_five_for_a_win():
    engine = Brain()
    for line in ("INFO timeout_turn 300", "START 15", "INFO rule 8"):
        engine.handle(line)
    # the brain's stones (field 1) x=1..4 on row 0, the opponent's (2) on x=0 and x=6: (5, 0) would be a
    # five blocked at both ends.  The opponent's x=10, y=5..8 with y=9 the brain's: (10, 4) must be blocked.
    stones = {(0, 0): 2, (1, 0): 1, (2, 0): 1, (3, 0): 1, (4, 0): 1, (6, 0): 2}
    stones |= {(10, 5): 2, (10, 6): 2, (10, 7): 2, (10, 8): 2, (10, 9): 1}
    lines = ["BOARD", *(f"{x},{y},{field}" for (x, y), field in stones.items()), "DONE"]
    answer: list[str] = []
    for line in lines:
        answer = engine.handle(line)
    assert answer[-1] == "10,4"


# -- records ---------------------------------------------------------------------------------------------------------


def test_an_sgf_record_keeps_the_caro_rule_and_a_psq_is_read_under_it():
    board = Board(9, Rule.CARO)
    for name in ["b5", "a5", "c5", "g5", "d5", "h1", "e5", "h2", "f5", "h3"]:
        board.play(parse_point(name, 9))
    record = GameRecord.from_board(board, "Lan", "Minh")
    text = write_sgf(record)
    assert "RU[caro]" in text
    back = read_sgf(text)
    assert back.rule is Rule.CARO and back.moves == record.moves and back.to_board().outcome is None
    # psq has no rule of its own: the reader is told it, and under caro the blocked five is no ending
    psq = read_psq(write_psq(record), Rule.CARO)
    assert psq.moves == record.moves and psq.to_board().outcome is None
    with pytest.raises(RecordError, match="use freestyle, standard, renju, caro"):
        read_sgf(text.replace("RU[caro]", "RU[gomoku+]"))


# -- the computer, at every level ------------------------------------------------------------------------------------

#: Black to move.  Row 6: O X X X X . O: f6 would make a five blocked at both ends, no win.
#: White's k10-k13 with k14 black: k9 makes white five with one open end, a win to block.
BLOCKED_FIVE_AND_A_THREAT = """
    . . . . . . . . . . . . . . .
    . . . . . . . . . . X . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . O . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    O X X X X . O . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
"""


def _move(level: str, board: Board) -> str:
    return board.notation(make_player(level, seed=1, think_time=0.3).choose_move(board).move)


@pytest.mark.parametrize("level", list(LEVELS))
def test_no_level_wins_with_a_blocked_five_and_every_level_blocks_the_real_one(level):
    board = Board.from_diagram(BLOCKED_FIVE_AND_A_THREAT, Rule.CARO, turn=Stone.BLACK)
    assert board.winning_points(Stone.BLACK) == []
    assert board.winning_points(Stone.WHITE) == [parse_point("k9", 15)]
    assert _move(level, board) == "k9"


@pytest.mark.parametrize("level", ["beginner", "easy", "normal", "hard"])
def test_under_freestyle_the_same_five_wins(level):
    board = Board.from_diagram(BLOCKED_FIVE_AND_A_THREAT, Rule.FREESTYLE, turn=Stone.BLACK)
    assert _move(level, board) == "f6"


#: Black to move.  e6 would make row 6 O X X X X . O (under freestyle a four: f6 then wins) and
#: e6-e9 a four on the e file (e10 is white, e5 wins): two fours, a win, under freestyle.  Under
#: caro the row is no four (its five would be blocked at both ends): e6 is one four, which white
#: stops at e5, and black has no win by fours alone.
FALSE_DOUBLE_FOUR = """
    O . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . O . . . . . . . . . .
    . . . . X . . . . . . . . . .
    . . . . X . . . . . . . . . .
    . . . . X . . . . . . . . . .
    O X X X . . O . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . O
"""


def _cell(name: str) -> int:
    point = parse_point(name, 15)
    return point.y * 15 + point.x


def _position(rule: Rule) -> Board:
    return Board.from_diagram(FALSE_DOUBLE_FOUR, rule, turn=Stone.BLACK)


def test_a_four_that_could_only_become_a_blocked_five_is_no_four():
    caro = SearchBoard.from_board(_position(Rule.CARO))
    free = SearchBoard.from_board(_position(Rule.FREESTYLE))
    assert free.cls[BLACK][_cell("e6")] == C_WIN_FOUR
    assert caro.cls[BLACK][_cell("e6")] == C_FOUR  # the e file's four only
    # after e6 under caro, f6 is no five point for black, and no point white must take
    caro.play(_cell("e6"))
    assert caro.fives(BLACK) == [_cell("e5")]
    assert caro.cls[BLACK][_cell("f6")] < C_FOUR


def test_the_threat_searcher_finds_the_double_four_only_where_both_fours_are_fours():
    free = ThreatSearch(SearchBoard.from_board(_position(Rule.FREESTYLE)))
    caro = ThreatSearch(SearchBoard.from_board(_position(Rule.CARO)))
    assert free.vcf() is not None and free.line()[0] == _cell("e6")
    assert caro.vcf() is None


def test_hard_wins_at_once_under_freestyle_and_not_by_the_false_four_under_caro():
    free = make_player("hard", seed=1, think_time=0.5).choose_move(_position(Rule.FREESTYLE))
    assert free.move == parse_point("e6", 15) and free.win_in == 3
    caro = make_player("hard", seed=1, think_time=0.5).choose_move(_position(Rule.CARO))
    assert caro.win_in is None or caro.win_in > 3  # no win in three: f6 makes no five
