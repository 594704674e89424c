"""The core's texts a player reads go through the catalog, with their placeholders filled; what programs read stays
English.

The real catalogs are empty until translations land, so these tests speak the
fake catalog of :mod:`tests.i18n_fakes`: a text that comes out wrapped in ``«…»``
went through gettext.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from gomoku.ai import LEVELS, UnknownLevelError, level_named
from gomoku.board import Board, ForbiddenMoveError, OccupiedError
from gomoku.clock import ClockError, parse_clock
from gomoku.game import Game, GameError
from gomoku.openings import OpeningError, OpeningRule, OpeningState, Seat, parse_move
from gomoku.point import Point, parse_point
from gomoku.records import RecordError, read_sgf
from gomoku.review import DEFAULT, Mark, render_text, review_game, to_data
from gomoku.rules import Outcome, Rule, Stone, Termination
from gomoku.savegame import SavedGame, SaveError
from tests.i18n_fakes import use_fake, wrapped

#: A renju position where black's h8 is a double-three: (h10, h9) and (j8, k8) with h8 make two open threes.
DOUBLE_THREE = ["h10", "a1", "h9", "a3", "j8", "a5", "k8", "a7"]


def board_of(moves: list[str], rule: Rule = Rule.FREESTYLE) -> Board:
    board = Board(15, rule)
    for move in moves:
        board.play(parse_point(move, 15))
    return board


def test_a_renju_foul_is_refused_in_the_catalog_s_words_with_the_point_filled(monkeypatch) -> None:
    use_fake(monkeypatch)
    board = board_of(DOUBLE_THREE, Rule.RENJU)
    with pytest.raises(ForbiddenMoveError) as caught:
        board.play(parse_point("h8", 15))
    assert str(caught.value) == wrapped("h8 is forbidden for black (double-three): pick another point")
    assert caught.value.foul.said() == wrapped("double-three") and str(caught.value.foul) == "double-three"


def test_a_taken_point_and_a_bad_point_are_said_in_the_catalog_s_words(monkeypatch) -> None:
    use_fake(monkeypatch)
    board = board_of(["h8"])
    with pytest.raises(OccupiedError, match=r"^«h8 is taken: pick an empty point»$"):
        board.play(parse_point("h8", 15))
    with pytest.raises(ValueError, match=r"^«'zz' is not a point: write a column a-o then a row 1-15, like h8»$"):
        parse_point("zz", 15)


@pytest.mark.parametrize(
    ("outcome", "english"),
    [
        (Outcome(Termination.FIVE, Stone.WHITE), "White wins with five in a row."),
        (Outcome(Termination.TIME, Stone.BLACK), "Black wins on time."),
        (Outcome(Termination.RESIGNATION, Stone.WHITE), "White wins by resignation."),
        (Outcome(Termination.DRAW, None), "Draw: the board is full."),
        (Outcome(Termination.AGREEMENT, None), "Draw by agreement."),
    ],
)
def test_an_outcome_is_one_whole_sentence_from_the_catalog_and_str_stays_english(monkeypatch, outcome, english):
    plain = str(outcome)
    assert outcome.said() == english  # English without a catalog: the phrase as a sentence
    assert english == plain[0].upper() + plain[1:] + "."
    use_fake(monkeypatch)
    assert outcome.said() == wrapped(english)
    assert str(outcome) == plain  # records, logs and JSON read str()


def test_a_five_names_the_ends_of_its_row_inside_the_translated_sentence(monkeypatch) -> None:
    use_fake(monkeypatch)
    outcome = Outcome(
        Termination.FIVE, Stone.BLACK, (Point(7, 7), Point(8, 7), Point(9, 7), Point(10, 7), Point(11, 7))
    )
    assert outcome.said(15) == wrapped("Black wins with five in a row: h8-l8.")


def test_names_of_sides_rules_openings_and_levels_come_from_the_catalog_and_values_stay(monkeypatch) -> None:
    use_fake(monkeypatch)
    assert Stone.BLACK.said() == wrapped("Black") and str(Stone.BLACK) == "black"
    assert Rule.RENJU.said() == wrapped("renju") and Rule.RENJU.value == "renju"
    assert OpeningRule.SWAP2.said() == wrapped("Swap2") and OpeningRule.SWAP2.title == "Swap2"
    assert LEVELS["hard"].said() == wrapped("hard") and LEVELS["hard"].name == "hard"
    assert LEVELS["club"].description == wrapped("searches a few moves ahead (1,000 positions a move)")
    with pytest.raises(UnknownLevelError, match=r"^«unknown level 'rapfi': choose 1 to 10 or one of beginner, "):
        level_named("rapfi")


def test_a_swap2_step_is_asked_in_whole_translated_sentences_with_who_and_what_filled(monkeypatch) -> None:
    use_fake(monkeypatch)
    state = OpeningState.start(OpeningRule.SWAP2)
    step = state.step
    assert step is not None
    inner = wrapped("place the {ordinal} stone anywhere").format(ordinal=wrapped("1st"))
    assert step.prompt == wrapped("Black ({player}): {step}").format(player=wrapped("player 1"), step=inner)
    board = Board(15)
    for text in ("place h8", "place h9", "place i8"):
        state = state.apply(board, parse_move(text, 15))
    step = state.step
    assert step is not None
    choice = wrapped("swap to black, stay white or place two more")
    assert step.prompt == wrapped("White ({player}): {step}").format(player=wrapped("player 2"), step=choice)
    assert step.short == wrapped("white: {step}").format(step=" / ".join(map(wrapped, ("swap", "keep", "two more"))))
    with pytest.raises(OpeningError) as caught:
        state.apply(board, parse_move("declare 3", 15))
    assert str(caught.value) == wrapped("{wrong}: {instead}").format(
        wrong=wrapped("this is no time to declare a number"),
        instead=wrapped("choose to swap colours, keep colours or place two more"),
    )
    history = state.history(15, lambda seat: seat.short)
    assert history[0] == wrapped("{player}: {step}").format(player=wrapped("player 1"), step=wrapped("place h8"))


def test_the_game_s_refusals_and_the_clock_s_words_come_from_the_catalog(monkeypatch) -> None:
    use_fake(monkeypatch)
    game = Game.new()
    with pytest.raises(GameError, match=r"^«it is the first player's turn: wait»$"):
        game.play(Point(7, 7), Seat.SECOND, 0.0)
    with pytest.raises(ClockError, match=r"^«'five' is not a clock: «write none, 5\+3"):
        parse_clock("five")
    assert parse_clock("5+3").describe() == wrapped("5 min + 3 s a move")
    assert parse_clock("5+3").text() == "5+3"  # what --clock takes and records keep


def test_a_broken_record_and_a_broken_save_are_said_in_the_catalog_s_words(monkeypatch) -> None:
    use_fake(monkeypatch)
    with pytest.raises(RecordError) as caught:
        read_sgf("(;GM[4];B[hh];W[hh])")
    problem = wrapped("{point} is already taken").format(point="h8")
    assert str(caught.value) == wrapped("{where}: {problem}").format(where=wrapped("move 2"), problem=problem)
    saved = SavedGame.from_board(board_of(["h8"]), mode="pvp", players={"black": "human", "white": "human"})
    broken = replace(saved, moves=[Point(7, 7), Point(7, 7)])
    with pytest.raises(SaveError, match=r"^«move 2: h8 is on a stone»$"):
        broken.to_board()


def test_the_review_speaks_the_catalog_to_people_and_english_to_json_and_records(monkeypatch) -> None:
    board = board_of(["h8", "a1", "i8", "a3", "j8", "a5", "k8", "o15", "l8"])  # white lets black's three grow
    review = review_game(board, settings=replace(DEFAULT, refine_positions=0))
    marked = review.marked()[0]
    english_sentence = marked.sentence
    assert Mark.MISTAKE in marked.marks and english_sentence.startswith(f"Move {marked.number}, white ")
    assert " now wins by " in english_sentence and "«" not in english_sentence
    use_fake(monkeypatch)
    said = marked.said(15)
    assert said.startswith(f"«Move {marked.number}, white ") and " black now wins by «" in said
    assert said.endswith(")»»") and "{" not in said  # the forced win's own words, wrapped inside the sentence
    text = render_text(review)
    assert text.splitlines()[0] == wrapped("{count} moves, {rule} rule: {outcome}").format(
        count=9, rule=wrapped("freestyle"), outcome=wrapped("Black wins with five in a row.")
    )
    assert wrapped("Evaluation (black above, white below; X decisive, x mistake, ? missed win):") in text
    english = render_text(review, english=True)
    assert "«" not in english and english.startswith("9 moves, freestyle rule: black wins with five in a row.")
    data = json.dumps(to_data(review))
    assert "«" not in data and english_sentence in data
