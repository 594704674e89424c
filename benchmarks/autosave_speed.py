"""How long the terminal game's autosave takes, and how long the loop is held up by it.

The game saves after every move with :func:`gomoku.savegame.save_game`
(check the old file, write a temporary file, ``fsync``, rename).  This
script times that call on games of several lengths, in a temporary folder of
the file system given (``--dir``, default the system's temporary folder: use
a folder on the disk your home is on to measure the real thing).  It then
times what the game's loop pays per move instead: making the ``Autosave``
effect's save (``saved_from_game``) and ``Autosaver.save``, which hands it to
the worker pool.

Run from the repository root:

    python benchmarks/autosave_speed.py [--dir DIR] [--repeats N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku import Board, Rule
from gomoku.ai import make_player
from gomoku.savegame import save_game
from gomoku.tui.model import new_game
from gomoku.tui.saves import saved_from_game
from gomoku.tui.settings import Mode, Settings
from gomoku.tui.storage import Autosaver

CASES = ((10, 15, Rule.FREESTYLE), (60, 15, Rule.RENJU), (200, 25, Rule.RENJU))


def game(moves: int, size: int, rule: Rule) -> Board:
    """A game of about ``moves`` moves between two seeded easy players (it may end sooner)."""
    board = Board(size, rule)
    players = (make_player("easy", seed=1), make_player("easy", seed=2))
    while len(board.moves) < moves and not board.is_game_over():
        board.play(players[len(board.moves) % 2].choose_move(board).move)
    if board.is_game_over():
        board.undo()
    return board


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:6.2f} ms (max {max(samples) * 1000:6.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", default=None, help="where to write (a temporary folder is made inside)")
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    print(f"$ python benchmarks/autosave_speed.py {' '.join(sys.argv[1:])}".rstrip())
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "current.json"
        for moves, size, rule in CASES:
            board = game(moves, size, rule)
            game_on_screen = new_game(Settings(mode=Mode.PVP, rule=rule, size=size), board)
            saved = saved_from_game(game_on_screen)
            assert saved.players == {"black": "human", "white": "human"}
            save_times = []
            for _ in range(args.repeats):
                started = time.perf_counter()
                save_game(saved, path)
                save_times.append(time.perf_counter() - started)
            saver = Autosaver(path)
            follow_times = []
            for _ in range(args.repeats):
                fresh = replace(game_on_screen, board=board.copy())
                started = time.perf_counter()
                saver.save(saved_from_game(fresh))
                follow_times.append(time.perf_counter() - started)
                saver.wait()
            saver.close()
            label = f"{len(board.moves):3d} moves, {size}x{size} {rule.value:<9}"
            print(f"{label}  save_game {median_ms(save_times)}   loop's share (hand-over) {median_ms(follow_times)}")
    print(f"medians of {args.repeats} runs each")


if __name__ == "__main__":
    main()
