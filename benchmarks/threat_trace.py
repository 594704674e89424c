"""Where did a lost game go wrong?  Read the opponent's win by threes after each move of the loser.

Reads the file written by ``strength.py --save-losses`` and prints, for each
game, one token per move after the opening: ``o:`` for the winner's moves,
``L:`` for the loser's, then the point, what the move made for its side
(``F`` a four, ``3`` an open three, ``q`` a quiet move) and, after the
loser's moves, what a VCT search for the winner found:

* ``V<n>``: the winner now wins by threes, in a line of ``n`` moves;
* ``?<d>``: the search ran out of nodes; no win of ``d`` threats or fewer;
* ``-``: no win by threes at all.

The first ``V`` after a quiet ``?`` or ``-`` marks the losing move.

    python benchmarks/strength.py hard normal --games 100 --think-time 1 --jobs 2 --save-losses lost.txt
    python benchmarks/threat_trace.py lost.txt --nodes 30000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule
from gomoku.ai.budget import Budget
from gomoku.ai.searchboard import SearchBoard
from gomoku.ai.threats import ThreatSearch
from gomoku.patterns import C_FOUR, C_OPEN_THREE
from gomoku.point import parse_point


def winner_threat(board: Board, nodes: int, depth: int) -> str:
    """What a VCT search for the side to move of ``board`` finds, as a short token."""
    solver = ThreatSearch(SearchBoard.from_board(board), Budget(time.perf_counter() + 60, nodes))
    if solver.vct(depth=depth, shortest=True) is not None:
        return f"V{len(solver.line(threes=True))}"
    return f"?{solver.proven_depth}" if solver.exhausted else "-"


def trace(line: str, size: int, rule: Rule, opening: int, nodes: int, depth: int) -> str:
    """One saved game (``opening N black LEVEL winner LEVEL: moves``) as a line of tokens."""
    head, _, moves_text = line.partition(": ")
    words = head.split()
    black, winner = words[3], words[5]
    if winner == "None":
        return f"{head}: a draw"
    loser_parity = 1 if black == winner else 0  # the index parity of the loser's moves
    board = Board(size, rule)
    tokens = []
    for index, name in enumerate(moves_text.split()):
        point = parse_point(name, size)
        if index >= opening:
            search = SearchBoard.from_board(board)
            kind = search.cls[search.side][board.index_of(point)]
            made = "F" if kind >= C_FOUR else "3" if kind >= C_OPEN_THREE else "q"
        board.play(point)
        if index < opening:
            continue
        if index % 2 == loser_parity:
            after = "" if board.is_game_over() else winner_threat(board, nodes, depth)
            tokens.append(f"L:{name}{made}{after}")
        else:
            tokens.append(f"o:{name}{made}")
    return f"{head}: {' '.join(tokens)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, help="a file written by strength.py --save-losses")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--rule", choices=[r.value for r in Rule], default="freestyle")
    parser.add_argument("--opening-stones", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=30_000, help="node budget of each VCT search")
    parser.add_argument("--depth", type=int, default=12, help="most threats a VCT may take")
    args = parser.parse_args()
    print(f"$ python {' '.join(sys.argv)}")
    for line in args.games.read_text(encoding="utf-8").splitlines():
        if line.strip():
            print(trace(line, args.size, Rule(args.rule), args.opening_stones, args.nodes, args.depth))


if __name__ == "__main__":
    main()
