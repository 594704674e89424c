"""Measure a numba core for ``hard`` (issue 29): the kernel alone, through Python, end to end, and its start.

Runs only where numba is installed (``pip install numba`` in a venv of your
own: the project does not depend on it); otherwise it says so and exits 0.
On the positions of :mod:`search_speed` (the openings ``hard`` lost as
white, 18 positions) it prints medians over ``--runs`` runs of the process's CPU
time (the machine is shared: CPU seconds move less with the load than the
wall clock's), all in one process:

* the kernel alone: a trace of every play, undo and peek that alpha-beta to
  ``--depth`` made on :class:`~gomoku.ai.searchboard.SearchBoard`, replayed
  on the pure-Python board and by one numba call over the whole trace;
* the same trace with each step a call from Python into numba (what a
  Python search pays per call), and the price of an empty call with the
  same arguments;
* end to end: the pure-Python search (:mod:`gomoku.ai.search`, unchanged) to
  ``--depth`` on the Python board and on :class:`numba_board.NumbaBoard`, with
  their nodes (equal: the same tree) and the speed-up; and the share of the
  pure-Python search's time the board takes (the trace's replay time over the
  search's), which bounds what porting only the board can gain;
* the start: in fresh processes, importing numba, the tables (worked out,
  then loaded from where they were stored) and the first play/undo/peek with
  an empty cache (compiling) and with the cache warm.

    python benchmarks/numba_core.py
    python benchmarks/numba_core.py --depth 5 --runs 5
    python benchmarks/numba_core.py --profile     (the pure-Python search's profile; no numba needed)
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

#: What a fresh process does to measure the start: import, build the tables, one play/undo/peek.
START = """
import sys, time
started = time.process_time()
import numba
imported = time.process_time()
sys.path[:0] = [{root!r}, {here!r}]
from gomoku import Board, Rule
import numba_board
numba_board.tables(Rule.FREESTYLE)
built = time.process_time()
board = numba_board.NumbaBoard.from_board(Board(15, Rule.FREESTYLE))
board.play(112); board.peek(113); board.undo()
done = time.process_time()
print(imported - started, built - imported, done - built)
"""


def record_trace(depth: int) -> list[tuple[object, list[tuple[int, int, int]]]]:
    """Per position: its Python board and the (op, cell, colour) steps alpha-beta to ``depth`` made on it."""
    from search_speed import positions

    from gomoku.ai import search
    from gomoku.ai.budget import Budget
    from gomoku.ai.searchboard import SearchBoard

    class Recording(SearchBoard):
        """A search board that writes down its plays, undos and peeks."""

        steps: list[tuple[int, int, int]]

        def play(self, p: int) -> None:
            self.steps.append((0, p, self.side))
            super().play(p)

        def undo(self) -> int:
            p = super().undo()
            self.steps.append((1, p, 0))
            return p

        def peek(self, p: int) -> tuple[list[int], list[int], int, int]:
            self.steps.append((2, p, self.side))
            return super().peek(p)

    traces = []
    for board in positions():
        recording = Recording(list(board.cells), board.size, board.rule, board.side)
        recording.steps = []
        searcher = search.AlphaBeta(recording, Budget(time.perf_counter() + 3600))
        searcher.search(searcher.candidates(search.ROOT_WIDTH), time.perf_counter() + 3600, max_depth=depth)
        traces.append((board, recording.steps))
    return traces


def replay_python(board_of, traces) -> float:
    """Seconds to replay every trace on fresh pure-Python boards (the build not counted)."""
    elapsed = 0.0
    for board, steps in traces:
        b = board_of(board)
        started = time.process_time()
        for op, p, c in steps:
            if op == 0:
                b.side = c
                b.play(p)
            elif op == 1:
                b.undo()
            else:
                b.side = c
                b.peek(p)
        elapsed += time.process_time() - started
    return elapsed


def replay_numba_calls(numba_board, traces) -> float:
    """Seconds to replay every trace with one Python call into a numba kernel per step."""
    elapsed = 0.0
    for board, steps in traces:
        b = numba_board.NumbaBoard(list(board.cells), board.size, board.rule, board.side)
        args, out = b._args, b._out
        play, undo, peek = numba_board.play_kernel, numba_board.undo_kernel, numba_board.peek_kernel
        state, pat, code, kind, score, count, total, _hot, geo, by_key, kinds, scores, modulus = args
        started = time.process_time()
        for op, p, c in steps:
            if op == 0:
                play(*args, p, c)
            elif op == 1:
                undo(*args, p)
            else:
                peek(state, pat, code, kind, score, count, total, geo, by_key, kinds, scores, modulus, p, c, out)
        elapsed += time.process_time() - started
    return elapsed


def replay_numba_kernel(numba_board, traces) -> tuple[float, int]:
    """Seconds to replay every trace in one numba call each, and the number of steps."""
    import numpy as np

    elapsed, steps_in_all = 0.0, 0
    for board, steps in traces:
        b = numba_board.NumbaBoard(list(board.cells), board.size, board.rule, board.side)
        trace = np.array(steps, dtype=np.int64)
        started = time.process_time()
        numba_board.replay_kernel(*b._args, trace, b._out)
        elapsed += time.process_time() - started
        steps_in_all += len(steps)
    return elapsed, steps_in_all


def noop_calls(numba_board, count: int) -> float:
    """Seconds per empty numba call with play's arguments, from Python."""
    from gomoku import Board, Rule

    b = numba_board.NumbaBoard.from_board(Board(15, Rule.FREESTYLE))
    args = b._args
    noop = numba_board.noop_kernel
    noop(*args, 0, 1)  # compiled or loaded before the clock starts
    started = time.process_time()
    for p in range(count):
        noop(*args, p, 1)
    return (time.process_time() - started) / count


def search_end_to_end(board_class, depth: int) -> tuple[float, int]:
    """Seconds and nodes of alpha-beta to ``depth`` over every position on boards of ``board_class``."""
    from search_speed import positions

    from gomoku.ai import search
    from gomoku.ai.budget import Budget

    elapsed, nodes = 0.0, 0
    for board in positions():
        b = board_class(list(board.cells), board.size, board.rule, board.side)
        searcher = search.AlphaBeta(b, Budget(time.perf_counter() + 3600))
        started = time.process_time()
        searcher.search(searcher.candidates(search.ROOT_WIDTH), time.perf_counter() + 3600, max_depth=depth)
        elapsed += time.process_time() - started
        nodes += searcher.nodes
    return elapsed, nodes


def check_same(numba_board, traces) -> None:
    """Replay each trace on both boards side by side and stop at the first difference in counts or totals."""
    from gomoku.ai.searchboard import SearchBoard

    for board, steps in traces[:3]:
        py = SearchBoard(list(board.cells), board.size, board.rule, board.side)
        nb = numba_board.NumbaBoard(list(board.cells), board.size, board.rule, board.side)
        for op, p, c in steps:
            if op == 2:
                py.side = nb.side = c
                a, b = py.peek(p), nb.peek(p)
                if (list(a[0]), list(a[1]), a[2], a[3]) != (list(b[0]), list(b[1]), b[2], b[3]):
                    raise SystemExit(f"peek differs at {p}")
                continue
            if op == 0:
                py.side = nb.side = c
                py.play(p)
                nb.play(p)
            else:
                py.undo()
                nb.undo()
            if (
                (py.total[1], py.total[2]) != nb.totals
                or py.count[1] != list(nb.count[1])
                or py.cls[2] != list(nb.cls[2])
            ):
                raise SystemExit(f"boards differ after op {op} at {p}")


def profile(depth: int) -> None:
    """Print where the pure-Python search's time goes under cProfile (own time by module, then by function)."""
    import cProfile
    import pstats

    from gomoku.ai.searchboard import SearchBoard

    profiler = cProfile.Profile()
    profiler.enable()
    search_end_to_end(SearchBoard, depth)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())
    by_module: dict[str, float] = {}
    for (file, _line, _name), row in stats.items():
        module = Path(file).name if file != "~" else "built-ins"
        by_module[module] = by_module.get(module, 0.0) + row[2]
    print(f"cProfile of the Python search to depth {depth}: {total:.2f} s of own time")
    for module, seconds in sorted(by_module.items(), key=lambda item: -item[1])[:6]:
        print(f"  {module}: {seconds / total:.1%}")
    rows = sorted(((row[2], Path(key[0]).name, key[2], row[1]) for key, row in stats.items()), reverse=True)
    for seconds, module, name, calls in rows[:10]:
        print(f"  {module} {name}: {seconds / total:.1%} ({calls:,} calls)")


def start_times(runs: int) -> tuple[list[float], list[list[float]]]:
    """The first start with an empty cache (seconds: import, tables, compile), then ``runs`` warm starts."""
    code = START.format(root=str(HERE.parent), here=str(HERE))
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)

        def once() -> list[float]:
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            return [float(x) for x in out.stdout.split()]

        cold = once()
        warm = [once() for _ in range(runs)]
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5, help="alpha-beta depth of the traces and searches")
    parser.add_argument("--runs", type=int, default=3, help="repeat each timing this many times (medians)")
    parser.add_argument(
        "--profile", action="store_true", help="only profile the pure-Python search (cProfile; needs no numba)"
    )
    args = parser.parse_args()
    print(f"$ python benchmarks/numba_core.py --depth {args.depth} --runs {args.runs}" + " --profile" * args.profile)
    if args.profile:
        profile(args.depth)
        return
    if importlib.util.find_spec("numba") is None:
        print("numba is not installed here: nothing to measure (pip install numba in a venv of your own)")
        return
    import numba
    import numpy

    from gomoku.ai.searchboard import SearchBoard

    print(f"numba {numba.__version__}, numpy {numpy.__version__}, Python {sys.version.split()[0]}")
    cold, warm = start_times(args.runs)
    print(
        f"first start (empty cache; CPU seconds): import numba {cold[0]:.2f} s, the shape tables {cold[1]:.2f} s, "
        f"compile {cold[2]:.2f} s; warm start: import {statistics.median(w[0] for w in warm):.2f} s, tables "
        f"{statistics.median(w[1] for w in warm):.2f} s, load {statistics.median(w[2] for w in warm):.2f} s "
        f"(medians of {len(warm)})"
    )
    import numba_board

    traces = record_trace(args.depth)
    check_same(numba_board, traces)
    replay_numba_kernel(numba_board, traces)  # once untimed: compiled or loaded
    replay_python(lambda b: SearchBoard(list(b.cells), b.size, b.rule, b.side), traces)  # shapes met once
    python, calls, kernel, noop, py_search, nb_search = [], [], [], [], [], []
    steps = nodes = nb_nodes = 0
    for _ in range(args.runs):
        python.append(replay_python(lambda b: SearchBoard(list(b.cells), b.size, b.rule, b.side), traces))
        calls.append(replay_numba_calls(numba_board, traces))
        seconds, steps = replay_numba_kernel(numba_board, traces)
        kernel.append(seconds)
        noop.append(noop_calls(numba_board, 20000))
        seconds, nodes = search_end_to_end(SearchBoard, args.depth)
        py_search.append(seconds)
        seconds, nb_nodes = search_end_to_end(numba_board.NumbaBoard, args.depth)
        nb_search.append(seconds)
    med = statistics.median
    per = 1e6 / steps
    print(
        f"trace: {steps:,} play/undo/peek steps of alpha-beta to depth {args.depth} over 18 positions "
        f"(the boards agree step by step)"
    )
    print(
        f"kernel alone: pure Python {med(python) * per:.2f} us a step, numba in one call {med(kernel) * per:.3f} us "
        f"a step: {med(python) / med(kernel):.0f}x"
    )
    print(
        f"through Python: numba one call a step {med(calls) * per:.2f} us a step: {med(python) / med(calls):.1f}x; "
        f"an empty call with play's arguments {med(noop) * 1e6:.2f} us"
    )
    share = med(python) / med(py_search)
    print(
        f"end to end: the Python search to depth {args.depth}: {med(py_search):.2f} s on the Python board, "
        f"{med(nb_search):.2f} s on the numba board ({nodes:,} and {nb_nodes:,} nodes): "
        f"speed-up {med(py_search) / med(nb_search):.2f}x"
    )
    print(
        f"the board's share of the Python search: {share:.0%} (trace replay over search time); porting only the "
        f"board can gain at most {1 / (1 - share):.2f}x"
    )


if __name__ == "__main__":
    main()
