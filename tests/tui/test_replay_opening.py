"""A replayed record shows its opening as it happened (issue 24: "SGF keeps the opening rule and the swaps, and a
replay shows them")."""

from __future__ import annotations

from gomoku.records import read_sgf
from gomoku.tui import draw, view
from gomoku.tui.settings import Settings
from gomoku.tui.update import initial_state
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import LEVELS

#: A Soosõrv-8 opening as the game saves it: three stones, a swap, the 4th, N = 2, stay, two offers and the pick.
SOOSORV = (
    "(;FF[4]GM[4]CA[UTF-8]SZ[15]RU[renju]OP[soosorv8]"
    "OS[place h8][place h9][place i9][swap][place i7][declare 2][stay][offer g7][offer j10][pick j10]"
    ";B[hh];W[hg];B[ig];W[ii];B[jf])"
)


def flat(rows: int, cols: int, text: str) -> str:
    state = initial_state(Settings(), LEVELS, record=read_sgf(text), record_name="s8.sgf")[0]
    window = FakeWindow(rows, cols)
    view.draw(window, state, draw.plain_theme())
    return " ".join(" ".join(window.lines()).replace("│", " ").split())


def test_a_replay_lists_the_opening_steps_above_the_moves() -> None:
    text = flat(40, 120, SOOSORV)
    assert "Soosõrv-8:" in text
    steps = ["player 2: swap colours", "player 1: declare 2", "player 2: offer g7", "player 1: pick j10"]
    assert all(step in text for step in steps)
    assert text.index("player 1: pick j10") < text.index("Moves")


def test_a_replay_without_an_opening_rule_lists_only_the_moves() -> None:
    text = flat(40, 120, "(;FF[4]GM[4]SZ[15];B[hh];W[hg])")
    assert "player 1:" not in text and "Moves" in text
