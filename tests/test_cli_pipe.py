"""A printed answer read only in part (``gomoku --solve p.sgf --json | head -2``) ends quietly, with no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = "(;FF[4]GM[4]SZ[15]GO[fours]PL[B]AB[mf][lg][hi][ii][ji][kj][kk]AW[ne][gi][kl];B[kh];W[ij];B[ki];W[kg];B[li])"


def test_a_pipe_closed_before_the_answer_gets_no_traceback(tmp_path: Path) -> None:
    puzzle = tmp_path / "p.sgf"
    puzzle.write_text(PUZZLE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GOMOKU_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "gomoku", "--solve", str(puzzle), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as head does once it has what it wanted: here before the answer (solving takes a while)
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert "Traceback" not in error and "BrokenPipe" not in error
