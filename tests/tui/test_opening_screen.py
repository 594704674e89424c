"""Opening rules on the local game screen: who decides what, the area marked, each choice a key."""

from __future__ import annotations

import pytest

from gomoku.openings import Action, OpeningRule, Seat, parse_move
from gomoku.rules import Stone
from gomoku.tui import draw, view
from gomoku.tui.effects import AiKind, Autosave
from gomoku.tui.events import AiDone
from gomoku.tui.saves import game_from_saved, saved_from_game
from gomoku.tui.settings import Settings
from tests.tui.fake_window import FakeWindow
from tests.tui.helpers import LEVELS, Run, at, begin, click, game_of, play_at, press, send, start, started, stones


def render(state) -> FakeWindow:  # type: ignore[no-untyped-def]
    window = FakeWindow(24, 80)
    view.draw(window, state, draw.plain_theme())
    return window


def marked_theme() -> draw.Theme:
    return draw.Theme(dict(draw.UNICODE_GLYPHS), {name: 1 << n for n, name in enumerate(draw.STYLES)})


def test_swap2_between_two_players_every_step_by_keys_and_clicks() -> None:
    state = start("pvp", opening=OpeningRule.SWAP2)
    assert "Black (player 1): place the 1st stone anywhere" in render(state).screen()
    state = play_at(state, "h8", "h9", "j9")
    game = game_of(state)
    assert game.in_opening and game.opening.step.seat is Seat.SECOND
    screen = render(state).screen()
    assert "White (player 2): swap to black, stay white or place two more" in screen
    assert "x swap" in screen and "c keep" in screen and "2 two more" in screen
    state = press(state, "2")
    state = play_at(state, "g7", "j7")
    assert game_of(state).opening.step.seat is Seat.FIRST
    state = press(state, "x")  # the first player swaps: takes white
    game = game_of(state)
    assert not game.in_opening and game.opening.black is Seat.SECOND
    assert "swap" in state.message
    state = play_at(state, "k10")  # white's 6th is an ordinary move
    assert stones(state) == ["h8", "h9", "j9", "g7", "j7", "k10"]
    assert "Swap2" in render(state).screen()


def test_a_stone_outside_the_area_is_refused_and_the_area_is_marked() -> None:
    state = start("pvp", rule="renju", opening=OpeningRule.TARAGUCHI10)
    state = play_at(state, "h8")
    window = FakeWindow(24, 80)
    view.draw(window, state, marked_theme())
    # white's 2nd goes inside the central 3x3 square: its empty points are marked, points outside are not
    from gomoku.tui.layout import board_layout

    layout = board_layout(24, 80, 15)
    assert layout is not None
    row, col = layout.screen_of(at(state, "g9"))
    assert window.text[row][col] == "+" and window.attrs[row][col] == 1 << draw.STYLES.index("area")
    row, col = layout.screen_of(at(state, "e12"))
    assert window.text[row][col] != "+"
    refused = play_at(state, "k3")
    assert stones(refused) == ["h8"]
    assert refused.message == "k3 is outside the central 3x3 square: place the 2nd stone inside it."


def test_against_the_computer_it_takes_its_steps_and_the_human_chooses_by_key() -> None:
    run = begin("pvc", black="computer", opening=OpeningRule.SWAP1)
    jobs = started(run.effects)
    assert jobs and jobs[-1].kind is AiKind.OPENING and jobs[-1].opening is not None
    for point in ("h8", "h9", "j10"):
        assert run.state.ai is not None and run.state.ai.kind is AiKind.OPENING
        run.send(AiDone(run.state.ai.job, at(run.state, point), opening_move=parse_move(f"place {point}", 15)))
    game = game_of(run.state)
    assert game.opening.step.seat is Seat.SECOND and run.state.ai is None  # the human's choice: no job
    run.press("x")  # the human takes black
    game = game_of(run.state)
    assert not game.in_opening and game.computer == frozenset({Stone.WHITE})
    assert run.state.ai is not None and run.state.ai.kind is AiKind.MOVE  # the computer plays white's 4th
    assert run.of(Autosave)


def test_the_human_cannot_take_the_computers_step() -> None:
    state = start("pvc", black="computer", opening=OpeningRule.SWAP1)
    refused = send(state, click(state, at(state, "h8")))
    assert stones(refused) == []
    assert "The computer is taking its opening step" in refused.message


def test_undo_in_the_opening_takes_back_steps_against_the_computer_to_your_own() -> None:
    run = begin("pvc", black="human", opening=OpeningRule.SWAP2)
    state = play_at(run.state, "h8", "h9", "j9")  # the human's three stones; the computer (second) to choose
    assert state.ai is not None and state.ai.kind is AiKind.OPENING
    state = send(state, AiDone(state.ai.job, None, opening_move=parse_move("place-two", 15)))
    assert state.ai is not None
    state = send(state, AiDone(state.ai.job, at(state, "g7"), opening_move=parse_move("place g7", 15)))
    state = send(state, AiDone(state.ai.job, at(state, "j7"), opening_move=parse_move("place j7", 15)))
    assert game_of(state).opening.step.seat is Seat.FIRST  # the human chooses the colour
    back = press(state, "u")
    game = game_of(back)
    assert stones(back) == ["h8", "h9"] and game.opening.step.action is Action.PLACE
    assert "Took back" in back.message


def test_a_game_saved_mid_opening_resumes_at_its_step() -> None:
    state = play_at(start("pvc", black="human", opening=OpeningRule.SOOSORV8, rule="renju"), "h8", "h9", "j10")
    game = game_of(state)
    saved = saved_from_game(game)
    again = game_from_saved(saved, LEVELS, Settings())
    assert again.opening == game.opening and again.seats == game.seats
    assert again.opening.step.seat is Seat.SECOND and again.computer_in_opening


def test_without_an_opening_rule_nothing_changes() -> None:
    state = start("pvp")
    assert not game_of(state).in_opening
    state = play_at(state, "a1")
    assert stones(state) == ["a1"]
    assert Run(state).press("x").state.message  # x is no key of the game


def test_saving_keeps_the_opening_rule_and_its_steps() -> None:
    from gomoku.records import read_sgf, write_sgf
    from gomoku.tui.screens.prompt import record_to_save

    state = play_at(start("pvp", opening=OpeningRule.SWAP1), "h8", "h9", "j9")
    state = press(state, "x")
    record = record_to_save(state.screen, "game.sgf")
    assert record is not None
    again = read_sgf(write_sgf(record))
    assert again.opening is OpeningRule.SWAP1 and again.opening_steps[-1] == "swap"
    assert again.opening_position()[0].black is Seat.SECOND


#: Soosõrv-8 between two players, every kind of step: (the key or the point clicked, the move list's line).
SOOSORV8_STEPS = [
    ("h8", "player 1: place h8"),
    ("h9", "player 1: place h9"),
    ("j10", "player 1: place j10"),
    ("x", "player 2: swap colours"),
    ("d4", "player 1: place d4"),  # white's 4th: player 1 holds white after the swap
    ("2", "player 1: declare 2"),
    ("x", "player 2: swap colours"),
    ("g8", "player 1: offer g8"),  # black offers: player 1 holds black again
    ("i8", "player 1: offer i8"),
    ("g8", "player 2: pick g8"),
]


def panel(state, rows: int = 40, cols: int = 100) -> str:  # type: ignore[no-untyped-def]
    """The text of the panel beside the board, its rows joined (a tall window: every step fits)."""
    from gomoku.tui.layout import board_layout

    window = FakeWindow(rows, cols)
    view.draw(window, state, draw.plain_theme())
    layout = board_layout(rows, cols, game_of(state).board.size)
    assert layout is not None and layout.panel_x is not None
    lines = window.screen().splitlines()[layout.top : rows - 3]
    return " ".join(" ".join(line[layout.panel_x :].split()) for line in lines if line[layout.panel_x :].strip())


@pytest.mark.parametrize("count", range(1, len(SOOSORV8_STEPS) + 1))
def test_the_move_list_shows_the_opening_as_it_happened(count: int) -> None:
    state = start("pvp", rule="renju", opening=OpeningRule.SOOSORV8)
    for key, _ in SOOSORV8_STEPS[:count]:
        state = press(state, key) if len(key) == 1 else play_at(state, key)
    lines = [line for _, line in SOOSORV8_STEPS[:count]]
    assert list(game_of(state).opening.history(15, lambda seat: seat.short)) == lines
    shown = panel(state)
    assert "Soosõrv-8: " + " ".join(lines) + " Moves" in shown


def test_against_the_computer_the_move_list_names_you_and_the_computer() -> None:
    run = begin("pvc", black="computer", opening=OpeningRule.SWAP1)
    for point in ("h8", "h9", "j10"):
        run.send(AiDone(run.state.ai.job, at(run.state, point), opening_move=parse_move(f"place {point}", 15)))
    run.press("c")  # the human keeps white
    shown = panel(run.state)
    assert "Swap1: computer: place h8 computer: place h9 computer: place j10 you: keep colours Moves" in shown


def test_a_step_is_said_with_who_took_it_in_one_pair_of_brackets() -> None:
    run = begin("pvc", black="computer", opening=OpeningRule.SWAP1)
    for point in ("h8", "h9", "j10"):
        run.send(AiDone(run.state.ai.job, at(run.state, point), opening_move=parse_move(f"place {point}", 15)))
    assert run.state.message == "The computer (player 1): place j10."
    run.press("c")
    assert run.state.message.startswith("White (you, player 2): keep colours")


def test_without_an_opening_the_move_list_is_as_before() -> None:
    state = play_at(start("pvp"), "h8", "h9")
    shown = panel(state)
    assert shown.startswith("Moves 1. h8 h9")
