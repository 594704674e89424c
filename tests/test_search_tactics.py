"""The ``hard`` level on tactical positions: wins in one, forced blocks, threes, VCFs, renju fouls.

Every position is a diagram.  Where several moves solve a position the test
checks what the move achieves (the threat is gone, the line wins when played
out) rather than one hard-coded point.
"""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gomoku import Board, Foul, Point, Rule, Stone, parse_point, renju
from gomoku.ai import make_player
from gomoku.ai.budget import Budget
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.patterns import C_FIVE, C_FOUR
from tests.positions import five_points, winning_four_points

THINK = 0.3


def hard(think_time: float = THINK):
    return make_player("hard", think_time=think_time)


def at(board: Board, name: str) -> Point:
    return parse_point(name, board.size)


def play_out_fours(board: Board, player, max_fours: int) -> int:
    """Let ``player`` attack with fours, the defender taking the one forced block each time.

    Returns how many fours the attacker needed; fails if a move is neither a
    five nor a four (a move that leaves the defender free), or if it takes
    more than ``max_fours``.
    """
    attacker = board.turn
    fours = 0
    while True:
        move = player.choose_move(board).move
        board.play(move)
        if board.outcome is not None:
            assert board.outcome.winner is attacker
            return fours
        fours += 1
        assert fours <= max_fours, f"no five after {max_fours} fours"
        threats = five_points(board, int(attacker))
        assert threats, f"{board.notation(move)} is not a four: the defender is free\n{board}"
        assert not five_points(board, int(attacker.opponent)), "the defender has a five"
        board.play(board.point_of(threats[0]))
        assert board.outcome is None


# -- one-move tactics -----------------------------------------------------------------

WIN_IN_ONE = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . X . . O . . . . . .
. . . X . . . . . O . . . . .
. . . . . . O X X X X . . . .
. . . . . . . . . . . . . . .
. . . . O . . . . . . . . . .
. . . . O . . . . . . . . . .
. . X . O . . . . . . . . . .
. . . . O . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_completes_its_own_five_rather_than_blocking():
    board = Board.from_diagram(WIN_IN_ONE, turn=Stone.BLACK)
    move = hard().choose_move(board).move
    assert move == at(board, "l8")
    board.play(move)
    assert board.outcome.winner is Stone.BLACK


BLOCK_FOUR = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . O . . . . . . . . . .
. . X . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . O . . . .
. . . . . . . X . O . . . . .
. . . . . . . . O . . . . . .
. . . . . . . . . . . . . . .
. . . . . O X X X X . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . O . . . . . . . . X . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_blocks_a_four_even_with_an_open_three_of_its_own():
    board = Board.from_diagram(BLOCK_FOUR, turn=Stone.WHITE)
    assert hard().choose_move(board).move == at(board, "k6")


STOP_THREE = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . X . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . O . . . . .
. . . . . . . O . . . . . . .
. . . . . . X X X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . O . . . . . . . . . . . .
. . . . . . . . . . . X . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""

STOP_SPLIT_THREE = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . X . . . . . . . . . . . .
. . . . . . . . . . X . . . .
. . . . . . . . . O . . . . .
. . . . . . . . . . O . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . X X . X . . . . . .
. . . O . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


@pytest.mark.parametrize("diagram", [STOP_THREE, STOP_SPLIT_THREE], ids=["open", "split"])
def test_stops_an_open_three(diagram):
    board = Board.from_diagram(diagram, turn=Stone.WHITE)
    assert winning_four_points(board, Stone.BLACK), "the position must hold an open three"
    board.play(hard().choose_move(board).move)
    assert not winning_four_points(board, Stone.BLACK), f"black can still make an open four\n{board}"


THREE_AND_FAR_FOUR = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . O X X X . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . O . . . . .
. . . . . . . O . . . . . . .
. . . . . . X X X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . O . . . . . . . . . . . .
. . . . . . . . . . . X . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_past_the_horizon_an_open_three_is_met_on_its_own_line():
    from gomoku.ai.search import HORIZON_BLOCKS, AlphaBeta

    board = Board.from_diagram(THREE_AND_FAR_FOUR, turn=Stone.WHITE)
    search_board = SearchBoard.from_board(board)
    far = {board.index_of(at(board, name)) for name in ("n13", "o13")}
    assert far <= set(search_board.cells_at_least(int(Stone.BLACK), C_FOUR)), "black must have fours elsewhere"
    blocks = AlphaBeta(search_board, Budget(time.perf_counter() + 30)).horizon_blocks()
    assert 1 <= len(blocks) <= HORIZON_BLOCKS
    assert not far & set(blocks), "a four point off the three's line does not stop it"
    for block in blocks:
        search_board.play(block)
        assert not search_board.winning_fours(int(Stone.BLACK)), f"{board.point_of(block)} leaves the three open"
        search_board.undo()


# White's h11 (with f11) threatens an open four at g11; black's e10 is a four (e10-h10) that also
# makes an open three on the diagonal e10-f9-g8: a four-three, which wins first.
COUNTER_FOUR_THREE = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . X . . . . . .
. . . . . O . O O . . . . . .
. . . . . X X X O . . . . . .
. . . . . X O O O O X . . . .
. . . . . X X X O . . . . . .
. . . . . O . . X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_past_the_horizon_a_side_with_fours_is_not_lost_for_want_of_a_block():
    """The horizon answers an open three with blocks only; that proves no loss while fours remain.

    Found in a benchmark game: alpha-beta read white's h11 as a forced win
    (black's blocks all lose), stopped thinking and skipped the check of
    its choice, and lost to black's e10.
    """
    from gomoku.ai.search import WIN, WIN_THRESHOLD, AlphaBeta

    board = Board.from_diagram(COUNTER_FOUR_THREE, turn=Stone.BLACK)
    search_board = SearchBoard.from_board(board)
    assert search_board.winning_fours(int(Stone.WHITE)), "white must threaten an open four"
    search = AlphaBeta(search_board, Budget(time.perf_counter() + 30))
    assert search.negamax(0, -WIN - 1, WIN + 1, 1) > -WIN_THRESHOLD
    assert search.negamax(2, -WIN - 1, WIN + 1, 1) > WIN_THRESHOLD, "the four-three wins for black"


# Black to move: h8 is a four (e8-h8, d8 blocked) and an open three (h6-h7-h8): a four-three.  White
# can make fours of its own (m6, m7), so a four-three is not a win on sight; black's VCF h8 i8 h9 is.
FOUR_THREE_AGAINST_FOURS = """
. . . . . . . . . . . . . . .
. O . . . . . . . . . . . O .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . O X X X . . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . . . . . . O . .
. . . . . . . . . . . . O . .
. . . . . . . . . . . . O . .
. . . . . . . . . . . . X . .
. . . . . . . . . . . . . . .
"""


def test_past_the_horizon_a_four_three_against_fours_is_read():
    """At the horizon a four-three facing the opponent's fours is read (a short VCF), not guessed.

    Found measuring the positions judged at the horizon in renju games against Rapfi:
    84% of such positions have a VCF, found in a handful of nodes; judged by shape
    alone they were ordinary positions.
    """
    from gomoku.ai.search import WIN, WIN_THRESHOLD, AlphaBeta

    board = Board.from_diagram(FOUR_THREE_AGAINST_FOURS, turn=Stone.BLACK)
    search_board = SearchBoard.from_board(board)
    assert search_board.cells_at_least(int(Stone.WHITE), C_FOUR), "white must have fours"
    search = AlphaBeta(search_board, Budget(time.perf_counter() + 30))
    assert search.negamax(0, -WIN - 1, WIN + 1, 1) > WIN_THRESHOLD
    # a ply earlier, a quiet white move that leaves black this four-three is searched, not judged on the spot
    search_board.pass_turn()
    far = board.index_of(at(board, "a1"))
    assert search.judge_after(far, 1) is None
    search_board.play(far)
    assert search.negamax(0, -WIN - 1, WIN + 1, 2) > WIN_THRESHOLD


# A benchmark opening (black h8 f7, white j7) after white j8 and black h9: white to move.
QUIET_REFUTATION = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . X . O . . . . .
. . . . . X . . . O . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_a_quiet_reply_that_leaves_no_defence_refutes_a_move():
    """White's h7 is not lost at once, but black's quiet g8 leaves white no defence; j10 holds."""
    from gomoku.ai.search import LOST, VERIFY_NODES, AlphaBeta, SearchPlayer

    board = Board.from_diagram(QUIET_REFUTATION, turn=Stone.WHITE)
    search_board = SearchBoard.from_board(board)
    cell = {name: board.index_of(at(board, name)) for name in ("h7", "g8", "j10")}
    deadline = time.perf_counter() + 60
    assert SearchPlayer._safety_after(search_board, cell["h7"], Budget(deadline), VERIFY_NODES, True) != LOST
    assert SearchPlayer._refuted(search_board, cell["h7"], Budget(deadline))
    assert not SearchPlayer._refuted(search_board, cell["j10"], Budget(deadline))
    # the refutation is real: after h7 g8, every white move near the stones loses to a win by threes
    search_board.play(cell["h7"])
    search_board.play(cell["g8"])
    for answer in AlphaBeta(search_board, Budget(deadline)).candidates(30):
        assert SearchPlayer._safety_after(search_board, answer, Budget(deadline), 16_000, True) == LOST, (
            f"{board.point_of(answer)} defends"
        )


STANDARD_OVERLINE = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . X .
. . . . . . . . . . . . O . .
. . . . . . . . . . . O . . .
. . . . . . . . . . O . . . .
. . . . . . . . . O . . . . .
. O X X X X . X . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . O . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_overline_wins_in_freestyle_but_not_in_standard():
    freestyle = Board.from_diagram(STANDARD_OVERLINE, Rule.FREESTYLE, turn=Stone.BLACK)
    assert hard().choose_move(freestyle).move == at(freestyle, "g8")
    standard = Board.from_diagram(STANDARD_OVERLINE, Rule.STANDARD, turn=Stone.BLACK)
    assert hard().choose_move(standard).move == at(standard, "i8"), "six in a row does not win: block"


# -- victory by continuous fours --------------------------------------------------------

VCF_3 = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . X . X . . . . . . . . . .
. . . . . . . . X . . . . . .
. . X . . . X . X . . . . . .
. X . . . . . . X . . . . . .
O . . . X . X . O . . . . . .
. . . . . . . . . . . . . . .
"""

VCF_5 = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . O . . . . . X . . .
. . . . . . X . . . . . . . .
. . . . . . . X . . . X . . .
. . . . . . . . . . . . . X .
. . . . . . . X . X . . . . .
. . . . . . . . . . . . . . X
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . X .
. . . . . . . . . . . X . . .
. . . . . . . . . X . X X O .
. . . . . . . . . X . . . . .
"""

VCF_7 = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . O . . . . . . .
. . . . . . . . . X X X O . .
. O . . . . . . . X . . . . .
. O X O . . . . . . X . . . .
. X . . O . . . . . . . . . .
. X O X X . . . . . . . . . .
X . . . X . . . . X . . . . .
. X . X O X . . . X . . . . .
. . . . . . O X . . . . . . .
"""

# Black's shortest win takes ten fours (the last a double four); white has an
# open three of its own, so black may never slow down.
VCF_10 = """
. . . . . . . . . . . X . . .
. . . . . . X X O . . . . . .
. . . . X . . . X X O X . . .
. . . . X . . . . . O O . . X
. . . . O . . . . . O X . . .
. . O . X . O X . . . X . . X
. . . . . X X . . . . . . . .
. . . . . . . . . . X X . . .
. . . . . . X O . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . X . . . . . . . . .
. . . . X . . . . . . . . . .
. . X . X . X . . . . . . . .
. . O . . . . . . . . . . . .
"""

VCF_POSITIONS = {3: VCF_3, 5: VCF_5, 7: VCF_7, 10: VCF_10}


def shortest_vcf(board: Board, longest: int) -> int | None:
    """The fewest fours (the last may be a double four) with which the solver wins, or None."""
    search_board = SearchBoard.from_board(board)
    for depth in range(longest):
        if ThreatSearch(search_board).vcf(depth) is not None:
            return depth + 1
    return None


@pytest.mark.parametrize("fours", sorted(VCF_POSITIONS))
def test_finds_and_plays_out_a_victory_by_continuous_fours(fours):
    board = Board.from_diagram(VCF_POSITIONS[fours], turn=Stone.BLACK)
    assert not winning_four_points(board, Stone.BLACK), "no shortcut: no open four at once"
    assert shortest_vcf(board, fours) == fours, f"the position needs {fours} fours"
    # any win by fours is right; the shortest is looked for when there is time
    assert play_out_fours(board, hard(0.5), max_fours=2 * fours) <= 2 * fours


def test_vcf_solver_line_wins_when_played_out():
    board = Board.from_diagram(VCF_10, turn=Stone.BLACK)
    solver = ThreatSearch(SearchBoard.from_board(board))
    assert solver.vcf() is not None
    line = solver.line()
    for index, cell in enumerate(line):
        if index % 2:  # the defender's move: a point that stops a five
            assert cell in five_points(board, Stone.BLACK)
        board.play(board.point_of(cell))
    assert board.outcome is not None and board.outcome.winner is Stone.BLACK
    assert len(line) // 2 >= 10, "ten fours or more before the five"


@pytest.mark.parametrize("fours", [3, 5, 7])
def test_defends_against_a_victory_by_continuous_fours(fours):
    board = Board.from_diagram(VCF_POSITIONS[fours], turn=Stone.WHITE)
    board.play(hard(0.5).choose_move(board).move)
    search_board = SearchBoard.from_board(board)
    assert ThreatSearch(search_board, Budget(max_nodes=500_000)).vcf() is None, f"black still wins\n{board}"


# Black, if it were to move, wins by threes: an open three on the j-file
# (j10), then fours and threes that meet the h8-i8 pair on row 8.  Fours
# alone do not win, so only a VCT-aware defence sees the danger in time.
VCT_THREES = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . X . . . . .
. . . . . O . . . X . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . X X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . O . . . .
. . . . . . . . . . . . O . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


# White to move.  Given the move, black would win by threes (k11 l12 i9 g7 ...);
# about a dozen white moves stop that for good (k11 among them), every other loses.
# (In VCT_THREES white has no such move: every answer loses to a longer win.)
VCT_DEFENDED = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . O . . . . .
. . . . . . . O . X . . . . .
. . . . . . . . . X . . . . .
. . . . . . . . . . . . . . .
. . . . . . O X X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_defends_against_a_victory_by_threes():
    board = Board.from_diagram(VCT_DEFENDED, turn=Stone.WHITE)
    black_to_move = SearchBoard.from_board(board)
    black_to_move.pass_turn()
    assert ThreatSearch(black_to_move).vcf() is None, "no fours win: the threat is made of threes"
    assert ThreatSearch(black_to_move).vct(depth=8) is not None, "black threatens a win by threes"
    board.play(hard().choose_move(board).move)
    # (some of the defences, g10 among them, take about 64,000 nodes to prove)
    after = ThreatSearch(SearchBoard.from_board(board), Budget(max_nodes=100_000))
    assert after.vct(depth=8) is None and not after.exhausted, f"black still wins by threes\n{board}"


def test_vct_by_deepening_finds_the_shortest_win_by_threes():
    board = Board.from_diagram(VCT_THREES, turn=Stone.BLACK)
    fewest = next(d for d in range(9) if ThreatSearch(SearchBoard.from_board(board)).vct(depth=d) is not None)
    solver = ThreatSearch(SearchBoard.from_board(board))
    assert solver.vct(depth=8, shortest=True) is not None
    assert solver.proven_depth == fewest - 1, "deepening stops at the first depth that wins"
    line = solver.line(threes=True)
    for cell in line:
        board.play(board.point_of(cell))
    assert board.outcome is not None and board.outcome.winner is Stone.BLACK


def test_vct_by_deepening_says_how_deep_no_win_is_proven():
    board = Board.from_diagram(VCT_THREES, turn=Stone.WHITE)  # white has no threat at all
    solver = ThreatSearch(SearchBoard.from_board(board))
    assert solver.vct(depth=8, shortest=True) is None
    assert not solver.exhausted and solver.proven_depth == 8
    # black wins only in several threats: a tiny budget proves less than that, and says so
    board = Board.from_diagram(VCT_THREES, turn=Stone.BLACK)
    starved = ThreatSearch(SearchBoard.from_board(board), Budget(max_nodes=40))
    assert starved.vct(depth=8, shortest=True) is None
    assert starved.exhausted and 0 <= starved.proven_depth < 3


# From a game lost by an earlier ``hard``: white to move after black's i9.
# Several natural moves (h7, k9) let black win by threes at once.  g7 loses
# too, but only in seven threats (j11 k12 j10 g10 j12 i6 i5, about 17,000
# nodes to find), so the check's 4,000-node read does not see it: the check
# must skip the moves seen to lose and take the first one not seen to.
AFTER_I9 = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . X X . . . . . .
. . . . . . X X O . . . . . .
. . . . . . . . O . . . . . .
. . . . . . . . O . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""


def test_checks_alpha_beta_choices_against_a_win_by_threes():
    from gomoku.ai.search import LOST, SearchPlayer

    board = Board.from_diagram(AFTER_I9, turn=Stone.WHITE)
    search_board = SearchBoard.from_board(board)
    cell = {name: board.index_of(at(board, name)) for name in ("h7", "k9", "g7")}
    for lost in ("h7", "k9"):
        safety = SearchPlayer._safety_after(search_board, cell[lost], Budget(time.perf_counter() + 30), 4_000, True)
        assert safety == LOST, f"black wins by threes after {lost}"
        replay = Board.from_diagram(AFTER_I9, turn=Stone.WHITE)
        replay.play(at(replay, lost))
        assert ThreatSearch(SearchBoard.from_board(replay)).vct(depth=8, shortest=True) is not None
    choice = SearchPlayer()._first_unrefuted(
        search_board, [cell["h7"], cell["k9"], cell["g7"]], Budget(time.perf_counter() + 30)
    )
    assert choice == cell["g7"]


class _ScriptedSearch:
    """An alpha-beta whose root moves get scripted values at each depth, and whose clock runs out on cue."""

    def __init__(self, values: dict[int, dict[int, int]], timeout_at: tuple[int, int, int]) -> None:
        from gomoku.ai.budget import OutOfBudget
        from gomoku.ai.search import AlphaBeta

        board = SearchBoard.from_board(Board.from_moves([Point(7, 7)]))
        calls: list[tuple[int, int]] = []

        class Scripted(AlphaBeta):
            def negamax(self, depth, alpha, beta, ply):
                move = self.board.history[-1]
                calls.append((depth + 1, move))
                if (depth + 1, move, calls.count((depth + 1, move))) == timeout_at:
                    raise OutOfBudget
                return -values[depth + 1][move]

        self.search = Scripted(board, Budget(time.perf_counter() + 60))


@pytest.mark.parametrize("cut_during", ["the next move", "its own re-search"])
def test_an_iteration_cut_short_keeps_a_move_it_found_better(cut_during):
    """Out of time mid-iteration, a root move that beat the old best at the new depth is played.

    Values swing between odd and even depths (whose turn it is at the
    horizon), so the new depth's figures must be compared with each other,
    not with the last iteration's.
    """
    a, b, c = 100, 101, 102
    values = {1: {a: 10, b: 5, c: 0}, 2: {a: -100, b: -50, c: -200}}
    timeout_at = (2, c, 1) if cut_during == "the next move" else (2, b, 2)
    scripted = _ScriptedSearch(values, timeout_at)
    best, _, reached = scripted.search.search([a, b, c], soft_deadline=time.perf_counter() + 60)
    assert reached == 1
    assert best == b
    assert scripted.search.root_order[0] == b, "the check of the choice reads the new best first"


def test_an_iteration_cut_during_the_old_best_keeps_it():
    a, b = 100, 101
    scripted = _ScriptedSearch({1: {a: 10, b: 5}, 2: {a: -100, b: -50}}, timeout_at=(2, a, 1))
    best, value, reached = scripted.search.search([a, b], soft_deadline=time.perf_counter() + 60)
    assert (best, value, reached) == (a, 10, 1)


# -- the player contract -----------------------------------------------------------------


def test_leaves_the_board_unchanged_and_answers_a_stop_at_once():
    board = Board.from_moves([at(Board(), name) for name in ("h8", "i9", "h9", "h10", "g8", "i8")])
    before = (str(board), board.moves, board.turn)
    stop = threading.Event()
    player = hard(think_time=30)
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    started = time.perf_counter()
    move = player.choose_move(board, stop).move
    elapsed = time.perf_counter() - started
    timer.cancel()
    assert elapsed < 5, "the stop event must end the search"
    assert (str(board), board.moves, board.turn) == before
    assert board.is_empty(move)


@settings(max_examples=30, deadline=None)
@given(
    rule=st.sampled_from([Rule.FREESTYLE, Rule.STANDARD, Rule.RENJU]),
    size=st.sampled_from([9, 15]),
    picks=st.lists(st.integers(0, 10_000), min_size=4, max_size=60),
)
def test_the_horizon_judged_without_playing_agrees_with_playing(rule, size, picks):
    """Judging a move at the horizon on the spot gives what searching it at depth 0 gives."""
    board = SearchBoard([0] * (size * size), size, rule, 1)
    # a position where every move must be searched (the mover faces a four, or makes threats
    # everywhere) tests nothing here: hypothesis draws another (found: 9x9, picks 0 5 0 4 0 3 0 2)
    assume(horizon_judged(board, picks))


def horizon_judged(board: SearchBoard, picks: list[int]) -> list[int]:
    """Play ``picks`` (each an index among the empty cells) on ``board``, then judge every move at the horizon
    without playing it and check the judgement against searching it at depth 0; the values judged so."""
    from gomoku.ai.search import WIN, AlphaBeta

    for pick in picks:
        empty = [q for q in range(board.n) if not board.cells[q]]
        if len(empty) <= 1 or board.count[board.side][C_FIVE]:
            break
        board.play(empty[pick % len(empty)])
    search = AlphaBeta(board, Budget(time.perf_counter() + 60))
    judged = []
    for q in range(board.n):
        if board.cells[q]:
            continue
        value = search.judge_after(q, 3)
        board.play(q)
        searched = search.negamax(0, -WIN - 1, WIN + 1, 3)
        board.undo()
        if value is not None:
            judged.append(value)
            assert value == searched, f"judged {value}, searched {searched} after cell {q}"
    return judged


def test_search_board_play_undo_is_exact():
    board = Board.from_moves([at(Board(), n) for n in ("h8", "i9", "h9", "h10", "g8", "i8", "j7")])
    search = SearchBoard.from_board(board)

    def snapshot(s: SearchBoard) -> tuple[object, ...]:
        return (
            s.lines[:],
            s.cls[1][:],
            s.cls[2][:],
            s.count[1][:],
            s.count[2][:],
            s.total[:],
            s.hash,
            s.side,
            sorted(s.hot[1]),
            sorted(s.hot[2]),
        )

    before = snapshot(search)
    played = []
    for cell in (112, 113, 97, 127, 98, 128, 99, 140, 84, 70):
        if not search.cells[cell]:
            search.play(cell)
            played.append(cell)
    fresh = SearchBoard(search.cells, search.size, search.rule, search.side)
    assert snapshot(fresh)[1:] == snapshot(search)[1:]
    for _ in played:
        search.undo()
    assert snapshot(search) == before


# -- renju ----------------------------------------------------------------------------------

# White to move.  Black's row e8 f8 g8 . i8 j8 makes h8 an overline for black.
# White's h7 makes a four whose only five point is h8: black may not block there.
RENJU_WHITE_USES_FOUL = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . O . . . . . . .
. . . . . . . O . . . . . . .
. . . . . . . O . . . . . . .
. . . . X X X . X X . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . O . . . . . . . . . . .
. . . . . . . . . . . O . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
"""

# White to move.  Black's h8 would be a double four (row e8-h8, column h5-h8):
# white's i7 makes a four (i7 j6 k5 l4) whose only five point is h8.
RENJU_WHITE_USES_DOUBLE_FOUR = """
. . . . . . . . . . . . . . .
. O . . . . . . . . . . . . .
. . X . . . . . . . . . . . .
. . . . . . . . . . . . . X .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . O X X X . . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . X . O . . . . .
. . . . . . . X . . O . . . .
. . . . . . . O . . . O . . .
. . . . . . . . . . . . X . .
. O . . . . . . . . . . . O .
. . . . . . . . . . . . . . .
"""

# Black to move.  h8 would make two fours (row e8-h8, column h5-h8): in freestyle
# it wins, in renju it is forbidden.
RENJU_BLACK_DOUBLE_FOUR = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . O X X X . . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . O . . . . . O .
. . . . . . . . . . . . . . .
. . O . . . . . . . . . O . .
. . . . . . . . . . . . . . O
"""


def _fake_checker(foul: Foul, forbidden: str):
    """A stand-in for the renju checker that forbids one point (to test the search's use of it)."""

    def foul_at(cells, size, cell):
        point = parse_point(forbidden, size)
        return foul if cell == point.y * size + point.x else None

    return foul_at


def _white_wins_through_the_foul(diagram: str = RENJU_WHITE_USES_FOUL):
    board = Board.from_diagram(diagram, Rule.RENJU, turn=Stone.WHITE)
    move = hard().choose_move(board).move
    board.play(move)
    fives = [board.point_of(c) for c in five_points(board, Stone.WHITE)]
    assert fives, f"{board.notation(move)} is not a four"
    assert all(board.foul(p) is not None for p in fives), "black can block the five"
    assert not five_points(board, Stone.BLACK)


def _black_avoids_the_foul():
    board = Board.from_diagram(RENJU_BLACK_DOUBLE_FOUR, Rule.RENJU, turn=Stone.BLACK)
    move = hard().choose_move(board).move
    assert move != at(board, "h8")
    assert board.foul(move) is None


@pytest.mark.parametrize(
    "diagram", [RENJU_WHITE_USES_FOUL, RENJU_WHITE_USES_DOUBLE_FOUR], ids=["overline", "double-four"]
)
def test_renju_white_wins_on_black_forbidden_point(diagram):
    _white_wins_through_the_foul(diagram)


def test_renju_black_never_plays_a_forbidden_point():
    _black_avoids_the_foul()


def test_renju_positions_hinge_on_real_fouls():
    overline = Board.from_diagram(RENJU_WHITE_USES_FOUL, Rule.RENJU)
    assert overline.foul(at(overline, "h8")) is Foul.OVERLINE
    double_four = Board.from_diagram(RENJU_WHITE_USES_DOUBLE_FOUR, Rule.RENJU)
    assert double_four.foul(at(double_four, "h8")) is Foul.DOUBLE_FOUR


def test_renju_search_asks_the_checker_for_white_attacks(monkeypatch):
    monkeypatch.setattr(renju, "foul_at", _fake_checker(Foul.OVERLINE, "h8"))
    _white_wins_through_the_foul()


def test_renju_search_asks_the_checker_for_black_moves(monkeypatch):
    monkeypatch.setattr(renju, "foul_at", _fake_checker(Foul.DOUBLE_FOUR, "h8"))
    _black_avoids_the_foul()


def test_double_four_wins_in_freestyle():
    board = Board.from_diagram(RENJU_BLACK_DOUBLE_FOUR, Rule.FREESTYLE, turn=Stone.BLACK)
    assert hard().choose_move(board).move == at(board, "h8")


@pytest.mark.parametrize("size, rule", [(7, Rule.FREESTYLE), (9, Rule.RENJU), (19, Rule.STANDARD)])
def test_plays_whole_games_on_any_board(size, rule):
    """Every move is legal (the board would raise otherwise) until the game ends or 40 moves."""
    board = Board(size, rule)
    players = {Stone.BLACK: hard(0.03), Stone.WHITE: make_player("normal", seed=1)}
    while not board.is_game_over() and len(board.moves) < 40:
        board.play(players[board.turn].choose_move(board).move)
    assert board.moves
