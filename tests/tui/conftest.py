"""Fixtures for the pseudo-terminal tests: a private GOMOKU_HOME and a launcher of the real game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.terminal import Terminal


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def launch(home: Path) -> Iterator:
    started: list[Terminal] = []

    def launch(*args: str, rows: int = 24, cols: int = 80, **env: str) -> Terminal:
        terminal = Terminal(list(args), home, rows, cols, **env)
        started.append(terminal)
        return terminal

    yield launch
    for terminal in started:
        terminal.close()
