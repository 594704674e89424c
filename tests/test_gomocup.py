"""The Gomocup engine: the protocol object line by line, then the real engine as a subprocess."""

from __future__ import annotations

import importlib
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from gomoku import Board, Point, Rule, Stone
from gomoku.ai import make_player
from gomoku.ai.result import SearchResult
from gomoku.clock import answer_deadline, turn_allotment
from gomoku.gomocup.brain import Brain, TimeControl, quick_move
from gomoku.gomocup.protocol import rule_from_code
from gomoku.openings import OpeningRule

ROOT = Path(__file__).resolve().parents[1]
#: Slack for pipes and a busy machine on top of a time limit, in seconds.
SLACK = 0.3


def brain(*lines: str, **options) -> Brain:
    """A brain that has already been sent ``lines`` (fast clock: 150 ms a move)."""
    engine = Brain(**options)
    for line in ("INFO timeout_turn 150", *lines):
        engine.handle(line)
    return engine


def move_of(answer: list[str]) -> Point:
    """The move in an answer (the last line; MESSAGE lines may come first)."""
    assert answer, "expected a move, got no answer"
    assert all(line.startswith("MESSAGE") for line in answer[:-1]), answer
    x, y = answer[-1].split(",")
    return Point(int(x), int(y))


def board_command(stones: dict[tuple[int, int], int]) -> list[str]:
    return ["BOARD", *(f"{x},{y},{who}" for (x, y), who in stones.items()), "DONE"]


def answer_to(engine: Brain, lines: list[str]) -> list[str]:
    answers: list[str] = []
    for line in lines:
        answers += engine.handle(line)
    return answers


# -- the protocol object -------------------------------------------------------


def test_start_accepts_5_to_25_and_refuses_other_sizes():
    engine = Brain()
    assert engine.handle("START 20") == ["OK"]
    assert engine.handle("START 5") == ["OK"]
    assert engine.handle("START 25") == ["OK"]
    for bad in ("START 30", "START 4", "START", "START twenty", "START -15"):
        (answer,) = engine.handle(bad)
        assert answer.startswith("ERROR"), bad
    assert Brain().handle("TURN 1,1")[0].startswith("ERROR no board yet")
    assert engine.size == 25  # a size refused changes nothing
    assert engine.handle("RECTSTART 20,15")[0].startswith("ERROR rectangular")
    assert engine.handle("RECTSTART 15,15") == ["OK"]
    assert engine.handle("start 15") == ["OK"]  # the protocol lets a brain ignore case


def test_about_names_the_engine():
    (answer,) = Brain().handle("ABOUT")
    for key in ("name=", "version=", "author=", "country="):
        assert key in answer
    assert 'name="gomoku-tui"' in answer


def test_begin_and_turn_answer_legal_moves_that_the_brain_remembers():
    engine = brain("START 15")
    first = move_of(engine.handle("BEGIN"))
    assert 0 <= first.x < 15 and 0 <= first.y < 15
    second = move_of(engine.handle("TURN 0,0"))
    assert second not in (first, Point(0, 0))
    assert engine.stones == {first: 1, Point(0, 0): 2, second: 1}
    assert engine.handle("TURN 0,0")[0].startswith("ERROR 0,0 is taken")
    assert engine.handle(f"TURN {first.x},{first.y}")[0].startswith("ERROR")
    assert engine.handle("BEGIN")[0].startswith("ERROR BEGIN needs an empty board")
    assert engine.handle("RESTART") == ["OK"]
    assert engine.stones == {}


def test_board_takes_the_win():
    # Ours: four in a row on row 3 with one end open; theirs: four on row 9 too.
    stones = {(3, 3): 1, (4, 3): 1, (5, 3): 1, (6, 3): 1, (2, 3): 2, (3, 9): 2, (4, 9): 2, (5, 9): 2, (6, 9): 2}
    engine = brain("START 15")
    # We have 4 stones, they have 5: we are white, and white wins at 7,3.
    assert move_of(answer_to(engine, board_command(stones))) == Point(7, 3)


def test_board_blocks_the_five():
    stones = {(3, 9): 2, (4, 9): 2, (5, 9): 2, (6, 9): 2, (2, 9): 1, (10, 3): 1, (12, 12): 1}
    engine = brain("START 15")
    assert move_of(answer_to(engine, board_command(stones))) == Point(7, 9)


def test_board_lines_are_checked_and_field_3_is_a_blocked_point():
    engine = brain("START 15")
    assert engine.handle("BOARD") == []
    assert engine.handle("7,7,1") == []
    assert engine.handle("7,7,2")[0].startswith("ERROR 7,7 is given twice")
    assert engine.handle("7,8,5")[0].startswith("ERROR field 5")
    assert engine.handle("99,1,1")[0].startswith("ERROR 99,1 is off")
    assert engine.handle("rubbish")[0].startswith("ERROR")
    assert engine.handle("8,8,3") == []
    assert engine.handle("6,6,2") == []
    move = move_of(engine.handle("DONE"))
    assert move not in (Point(7, 7), Point(8, 8), Point(6, 6))


def test_takeback_removes_a_stone_and_the_point_can_be_played_again():
    engine = brain("START 15")
    reply = move_of(engine.handle("TURN 7,7"))
    assert engine.handle(f"TAKEBACK {reply.x},{reply.y}") == ["OK"]
    assert engine.handle("TAKEBACK 7,7") == ["OK"]
    assert engine.stones == {}
    assert engine.handle("TAKEBACK 7,7")[0].startswith("ERROR 7,7 is empty")
    assert engine.handle("TAKEBACK 7")[0].startswith("ERROR")
    assert move_of(engine.handle("TURN 7,7")) != Point(7, 7)


def test_play_places_our_stone_where_told():
    engine = brain("START 15")
    assert engine.handle("PLAY 4,5") == ["4,5"]
    assert engine.stones == {Point(4, 5): 1}
    assert engine.handle("PLAY 4,5")[0].startswith("ERROR")


def test_errors_and_unknown_commands_get_one_line_and_the_game_goes_on():
    engine = brain("START 15")
    assert engine.handle("FLY 1,2")[0].startswith("UNKNOWN")
    assert engine.handle("TURN 1")[0].startswith("ERROR")
    assert engine.handle("TURN a,b")[0].startswith("ERROR")
    assert engine.handle("TURN 15,0")[0].startswith("ERROR 15,0 is off the 15x15 board")
    assert engine.handle("TURN -1,3")[0].startswith("ERROR")
    assert engine.handle("INFO timeout_turn soon")[0].startswith("ERROR")
    assert engine.handle("INFO time_left -5")[0].startswith("ERROR")
    assert engine.handle("INFO folder C:\\brains") == []
    assert engine.handle("INFO something_new 12") == []
    assert engine.handle("") == []
    assert engine.handle("INFO") == []
    assert engine.handle("INFO\ttimeout_turn\t100") == [] and engine.clock.turn_ms == 100
    assert move_of(engine.handle("turn\t1,1")) != Point(1, 1)  # tabs and case do not matter
    free = next(point for point in (Point(12, 12), Point(13, 13)) if point not in engine.stones)
    assert move_of(engine.handle(f"TURN {free.x},{free.y}")) not in (free, Point(1, 1))


def test_info_sets_the_clocks_and_the_rule():
    engine = brain(
        "INFO timeout_turn 2000",
        "INFO timeout_match 60000",
        "INFO time_left 30000",
        "INFO max_memory 83886080",
        "INFO rule 4",
    )
    assert engine.clock == TimeControl(turn_ms=2000, match_ms=60000, left_ms=30000)
    assert engine.max_memory == 83886080
    assert engine.rule is Rule.RENJU
    assert rule_from_code(0) == (Rule.FREESTYLE, OpeningRule.NONE, [])
    assert rule_from_code(1) == (Rule.STANDARD, OpeningRule.NONE, [])
    assert rule_from_code(12)[0] is Rule.RENJU
    assert rule_from_code(6)[:2] == (Rule.FREESTYLE, OpeningRule.SWAP2)  # a whole value, not bits
    rule, _, notes = rule_from_code(2)
    assert rule is Rule.FREESTYLE and "continuous" in notes[0]
    assert engine.handle("INFO rule 2")[0].startswith("MESSAGE continuous")


def test_time_limits_come_from_the_turn_and_the_match_clock():
    assert TimeControl(turn_ms=5000).allot(25, 200) == (5.0, 5.0)
    assert TimeControl(turn_ms=0).limit(25, 200) == pytest.approx(0.05)  # as fast as possible
    # 60 s left after 30 stones: a share of the 30 moves we expect still to make, and up to 2.5 times it
    assert TimeControl(turn_ms=30000, left_ms=60000).allot(30, 195) == pytest.approx((2.0, 5.0))
    # late in a long game: at least 10 moves to go, and never more than a quarter of what is left
    assert TimeControl(turn_ms=30000, left_ms=60000).allot(120, 105) == pytest.approx((6.0, 15.0))
    # a board almost full: no more moves to go than the empty cells allow
    assert TimeControl(turn_ms=30000, left_ms=8000).allot(221, 4) == pytest.approx((2.0, 2.0))
    # the turn limit caps both
    assert TimeControl(turn_ms=1000, match_ms=120000).allot(0, 225) == (1.0, 1.0)
    for control in (TimeControl(turn_ms=300), TimeControl(turn_ms=10), TimeControl(turn_ms=0)):
        assert 0 < control.think_time(10, 100) < control.deadline(10, 100) < control.limit(10, 100)
    # a player asked for its share still has room for a long move before the deadline
    control = TimeControl(turn_ms=1000)
    assert control.think_time(10, 100) * 1.15 < control.deadline(10, 100)


class Sleeper:
    """A player that thinks far too long and ignores the stop event."""

    name = "sleeper"

    def choose_move(self, board, stop=None, think_time=None):
        time.sleep(2)
        return SearchResult(Point(0, 0))


class Stopper:
    """A player that thinks until it is told to stop, then plays a point it likes."""

    name = "stopper"

    def choose_move(self, board, stop=None, think_time=None):
        assert stop is not None and stop.wait(5)
        return SearchResult(Point(3, 3))


def test_a_player_that_overruns_is_replaced_by_a_quick_move_in_time():
    engine = Brain(player_factory=lambda: Sleeper())
    engine.handle("START 15")
    engine.handle("INFO timeout_turn 300")
    started = time.monotonic()
    answer = engine.handle("TURN 7,7")
    assert time.monotonic() - started < 0.3
    assert answer[0].startswith("MESSAGE") and "quick move" in answer[0]
    assert move_of(answer) != Point(7, 7)


def test_a_searching_player_is_stopped_before_the_deadline_and_its_move_is_used():
    # a second's turn: at 200 ms a machine loaded past its cores could let the stopped player's answer
    # arrive after the deadline (the quick move was played instead)
    engine = Brain(player_factory=lambda: Stopper())
    engine.handle("START 15")
    engine.handle("INFO timeout_turn 1000")
    started = time.monotonic()
    assert engine.handle("TURN 7,7") == ["3,3"]
    assert time.monotonic() - started < 1.0


def test_the_match_clock_counts_our_thinking_when_the_manager_does_not():
    engine = Brain(player_factory=lambda: Sleeper())
    for line in ("START 15", "INFO timeout_turn 5000", "INFO timeout_match 2000"):
        engine.handle(line)
    started = time.monotonic()
    engine.handle("TURN 7,7")
    engine.handle("TURN 0,0")
    assert time.monotonic() - started < 2000 / 1000 / 2
    assert engine.clock.left_ms is not None and engine.clock.left_ms < 2000


def test_quick_move_wins_then_blocks_then_plays_near_the_stones():
    board = Board.from_diagram(
        """
        . . . . . . .
        . X X X X . .
        . . . . . . .
        . O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert board.turn is Stone.BLACK
    assert quick_move(board) in (Point(0, 1), Point(5, 1))
    board = Board.from_diagram(
        """
        . . . . . . .
        . X X X . . .
        . . . . . . .
        O O O O . . .
        . . . . . . .
        . . . . . . .
        . X . . . . .
        """
    )
    assert quick_move(board) == Point(4, 3)
    assert quick_move(Board(9)) == Point(4, 4)


# Black (to move) has an open row x=2..4 and 6..7 on row 7: 5,7 makes six, an
# overline, which does not win under renju and is forbidden to black.  Black's
# legal five is at 10,3 on the column 10,4..10,7.
OVERLINE_POSITION = {
    (2, 7): 1,
    (3, 7): 1,
    (4, 7): 1,
    (6, 7): 1,
    (7, 7): 1,
    (10, 4): 1,
    (10, 5): 1,
    (10, 6): 1,
    (10, 7): 1,
    (10, 8): 2,
    (0, 0): 2,
    (14, 0): 2,
    (0, 14): 2,
    (14, 14): 2,
    (1, 7): 2,
    (8, 7): 2,
    (12, 12): 2,
    (12, 2): 2,
}


def test_renju_black_takes_the_legal_five_not_the_overline():
    engine = brain("START 15", "INFO rule 4")
    assert move_of(answer_to(engine, board_command(OVERLINE_POSITION))) == Point(10, 3)


def test_exact_five_skips_the_overline_and_freestyle_takes_either_five():
    exact = brain("START 15", "INFO rule 1")
    assert move_of(answer_to(exact, board_command(OVERLINE_POSITION))) == Point(10, 3)
    freestyle = brain("START 15", "INFO rule 0")
    move = move_of(answer_to(freestyle, board_command(OVERLINE_POSITION)))
    assert move in (Point(5, 7), Point(10, 3))


def test_freestyle_wins_with_six():
    stones = {
        (2, 7): 1,
        (3, 7): 1,
        (4, 7): 1,
        (6, 7): 1,
        (7, 7): 1,
        (11, 11): 1,
        (9, 1): 1,
        (1, 7): 2,
        (8, 7): 2,
        (0, 0): 2,
        (14, 0): 2,
        (0, 14): 2,
        (14, 14): 2,
        (12, 12): 2,
    }
    engine = brain("START 15", "INFO rule 0")
    assert move_of(answer_to(engine, board_command(stones))) == Point(5, 7)


# Black to move; 7,7 would make two open threes (row 7 and column 7): a
# double-three, forbidden to black under renju.
DOUBLE_THREE_POSITION = {
    (5, 7): 1,
    (6, 7): 1,
    (7, 5): 1,
    (7, 6): 1,
    (0, 0): 2,
    (14, 0): 2,
    (0, 14): 2,
    (14, 14): 2,
}


def test_renju_black_never_plays_a_double_three():
    engine = brain("START 15", "INFO rule 4")
    move = move_of(answer_to(engine, board_command(DOUBLE_THREE_POSITION)))
    del engine.stones[move]
    position = engine.position()
    if position.foul(Point(7, 7)) is None:
        pytest.skip("the renju checker does not flag double-threes yet")
    assert move != Point(7, 7)
    assert position.foul(move) is None


def garbage_lines(count: int, seed: int = 6) -> list[str]:
    """Lines that are no valid command: junk words, and real commands with junk arguments."""
    rng = random.Random(seed)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.-+_:;!?#@[]{}\t\x00\x07é漢"
    commands = ["START", "RECTSTART", "TURN", "TAKEBACK", "PLAY", "INFO timeout_turn", "INFO rule"]
    lines = []
    while len(lines) < count:
        kind = rng.random()
        if kind < 0.5:
            word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30)))
        elif kind < 0.9:
            junk = "".join(rng.choice("xyz,.-;#") for _ in range(rng.randint(1, 8)))
            word = f"{rng.choice(commands)} {junk}"
        else:
            word = "Z" * rng.randint(100, 5000)
        head = word.strip().split(" ")[0].upper() if word.strip() else ""
        if not word.strip() or head in {"END", "BOARD", "BEGIN", "RESTART", "ABOUT", "DONE"}:
            continue
        lines.append(word)
    return lines


def test_garbage_gets_one_error_line_each_and_changes_nothing():
    engine = brain("START 15")
    engine.handle("TURN 7,7")
    before = dict(engine.stones), engine.size, engine.rule, replace(engine.clock)
    for line in garbage_lines(1000):
        answer = engine.handle(line)
        assert len(answer) == 1 and answer[0].split(" ")[0] in ("ERROR", "UNKNOWN"), (line, answer)
        assert "\n" not in answer[0]
    assert (engine.stones, engine.size, engine.rule, engine.clock) == before


# -- the real engine, as a manager runs it ----------------------------------------


class Engine:
    """``python -m gomoku --gomocup`` in a subprocess, read line by line with timeouts."""

    def __init__(self, *arguments: str) -> None:
        environment = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gomoku", "--gomocup", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
            cwd=ROOT,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\r\n"))
        self.lines.put(None)

    def send(self, *lines: str | bytes) -> None:
        assert self.process.stdin is not None
        for line in lines:
            data = line if isinstance(line, bytes) else line.encode("utf-8")
            self.process.stdin.write(data + b"\r\n")  # managers end lines with CR LF
        self.process.stdin.flush()

    def answer(self, timeout: float = 10.0) -> str:
        """The next line that is not a MESSAGE."""
        while True:
            line = self.lines.get(timeout=timeout)
            assert line is not None, "the engine closed its output: " + self.stderr()
            if not line.startswith("MESSAGE"):
                return line

    def move(self, timeout: float = 10.0) -> Point:
        line = self.answer(timeout)
        x, y = line.split(",")
        return Point(int(x), int(y))

    def stderr(self) -> str:
        assert self.process.stderr is not None
        self.process.kill()
        return self.process.stderr.read().decode("utf-8", "replace")

    def close(self) -> int:
        if self.process.poll() is None:
            self.send("END")
        try:
            return self.process.wait(timeout=10)
        finally:
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream:
                    stream.close()


@pytest.fixture
def engine():
    running = Engine()
    yield running
    assert running.close() == 0


def test_engine_plays_a_whole_game_and_wins_against_a_passive_opponent(engine):
    """The engine is black; the opponent plays scattered stones, never two side by side."""
    engine.send("START 15", "INFO timeout_turn 100", "INFO timeout_match 0")
    assert engine.answer() == "OK"
    referee = Board(15)
    passive = iter(Point(x, y) for y in range(0, 15, 2) for x in range(0, 15, 2))
    engine.send("BEGIN")
    for _ in range(40):
        referee.play(engine.move())
        if referee.is_game_over():
            break
        reply = next(point for point in passive if referee.is_empty(point))
        referee.play(reply)
        engine.send(f"TURN {reply.x},{reply.y}")
    assert referee.outcome is not None and referee.outcome.winner is Stone.BLACK


def test_engine_answers_board_with_the_win_and_the_block(engine):
    engine.send("START 15", "INFO timeout_turn 300")
    assert engine.answer() == "OK"
    engine.send(*board_command({(3, 9): 2, (4, 9): 2, (5, 9): 2, (6, 9): 2, (2, 9): 1, (10, 3): 1, (12, 12): 1}))
    assert engine.move() == Point(7, 9)
    engine.send("RESTART")
    assert engine.answer() == "OK"
    engine.send(
        *board_command(
            {(3, 3): 1, (4, 3): 1, (5, 3): 1, (6, 3): 1, (2, 3): 2, (3, 9): 2, (4, 9): 2, (5, 9): 2, (6, 9): 2}
        )
    )
    assert engine.move() == Point(7, 3)


def test_engine_takes_back_and_replays(engine):
    engine.send("START 15", "INFO timeout_turn 200", "TURN 7,7")
    assert engine.answer() == "OK"
    reply = engine.move()
    engine.send(f"TAKEBACK {reply.x},{reply.y}", "TAKEBACK 7,7", "TAKEBACK 7,7")
    assert engine.answer() == "OK"
    assert engine.answer() == "OK"
    assert engine.answer().startswith("ERROR")
    engine.send("TURN 7,7")
    assert engine.move() != Point(7, 7)


def test_engine_answers_within_the_turn_time(engine):
    engine.send("START 20", "INFO timeout_turn 300", "INFO timeout_match 100000")
    assert engine.answer() == "OK"
    engine.send("BEGIN")
    timings = []
    taken = {engine.move()}
    for point in (Point(3, 3), Point(16, 3), Point(3, 16), Point(16, 16), Point(10, 2)):
        if point in taken:
            continue
        started = time.monotonic()
        engine.send(f"INFO time_left {100000 - 300 * len(timings)}", f"TURN {point.x},{point.y}")
        taken |= {point, engine.move(timeout=5)}
        timings.append(time.monotonic() - started)
    assert max(timings) < 0.3 + SLACK, timings


def test_engine_honours_renju_in_a_real_conversation(engine):
    engine.send("START 15", "INFO timeout_turn 300", "INFO rule 4")
    assert engine.answer() == "OK"
    engine.send(*board_command(OVERLINE_POSITION))
    assert engine.move() == Point(10, 3)


def test_engine_survives_a_thousand_garbage_lines():
    engine = Engine()
    lines = garbage_lines(1000)
    raw = [b"\xff\xfe\x80 broken utf-8", b"TURN \xc3\x28,1"]
    engine.send("START 15", "INFO timeout_turn 200", *lines, *raw, "ABOUT")
    assert engine.answer() == "OK"
    for line in [*lines, *raw]:
        answer = engine.answer()
        assert answer.split(" ")[0] in ("ERROR", "UNKNOWN"), (line[:60], answer)
    assert engine.answer().startswith('name="gomoku-tui"')
    engine.send("TURN 7,7")
    assert engine.move() != Point(7, 7)
    assert engine.close() == 0


def test_end_of_input_ends_the_engine_quietly():
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "gomoku", "--gomocup"],
        input=b"START 9\r\nABOUT\r\n",
        capture_output=True,
        env=environment,
        timeout=30,
    )
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[0] == "OK"
    assert done.stderr == b""


def test_stray_prints_cannot_reach_the_manager():
    """A print from the thinking thread lands on stderr; stdout carries the protocol only."""
    script = (
        "import gomoku.gomocup.brain as gomocup\n"
        "real = gomocup.make_player\n"
        "def noisy(*args, **kwargs):\n"
        "    print('debugging the player')\n"
        "    return real(*args, **kwargs)\n"
        "gomocup.make_player = noisy\n"
        "from gomoku.cli import main\n"
        "raise SystemExit(main(['--gomocup']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=b"START 9\r\nINFO timeout_turn 500\r\nBEGIN\r\nEND\r\n",
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=30,
    )
    lines = done.stdout.decode().splitlines()
    assert lines[0] == "OK" and len(lines) == 2 and "," in lines[1], lines
    assert b"debugging the player" in done.stderr


@pytest.mark.parametrize(("rule", "bits"), [(Rule.FREESTYLE, 0), (Rule.RENJU, 4)])
def test_two_engines_play_each_other_and_a_referee_accepts_every_move(rule, bits):
    """Self-play on 11x11 through two real processes; under renju the referee refuses fouls."""
    black, white = Engine(), Engine()
    try:
        for engine in (black, white):
            engine.send("START 11", "INFO timeout_turn 100", f"INFO rule {bits}")
            assert engine.answer() == "OK"
        referee = Board(11, rule)
        black.send("BEGIN")
        mover, waiting = black, white
        while not referee.is_game_over() and len(referee.moves) < 60:
            move = mover.move()
            referee.play(move)  # raises on an occupied point, or a foul for black under renju
            waiting.send(f"TURN {move.x},{move.y}")
            mover, waiting = waiting, mover
    finally:
        codes = black.close(), white.close()  # a thinking engine answers, then reads END
    assert codes == (0, 0)


# -- one player per game, and what it says -------------------------------------------------

SEARCH_INFO = re.compile(
    r"^MESSAGE depth (\d+)-(\d+) ev (-?M?\d+) n (\d+(?:\.\d)?[KM]?) n/ms (\d+) tm (\d+) pv( [a-y]\d{1,2})+$"
)


#: Nodes a move for the searching brain of these tests: a node budget, not the clock, ends each search, so a
#: loaded machine cannot cut it short before it has a line to report (a 600 ms turn did, now and then, in CI).
THINKING_NODES = 6_000


def _thinking_brain(*info: str) -> Brain:
    engine = Brain(level="hard", seed=1, player_factory=lambda: make_player("hard", seed=1, max_nodes=THINKING_NODES))
    for line in ("START 15", "INFO timeout_turn 10000", *info, "BOARD", "7,7,2", "8,8,1", "7,8,2"):
        engine.handle(line)
    return engine


def test_hard_keeps_its_transposition_table_from_move_to_move():
    engine = _thinking_brain()
    engine.handle("DONE")
    player = engine.player
    after_first = player.table_size
    assert after_first > 0, "the first search filled the table"
    engine.handle("TURN 6,6")
    assert engine.player is player, "the same player answers the next move"
    assert player.table_size >= after_first, "what the first move learnt was kept"
    engine.handle("RESTART")
    assert engine.player is not player, "a new game gets a new player"


def test_max_memory_bounds_the_table():
    engine = _thinking_brain("INFO max_memory 1000000")
    engine.handle("DONE")
    engine.handle("TURN 6,6")
    limit = engine.player.table_limit
    assert limit < 10_000
    assert 0 < engine.player.table_size <= limit


def test_the_brain_does_not_ponder_unless_the_manager_allows_it():
    engine = _thinking_brain()
    engine.handle("DONE")
    assert engine._ponder is None and engine.player._pondered is None
    engine = _thinking_brain("INFO pondering 1", "INFO pondering 0")
    engine.handle("DONE")
    assert engine._ponder is None


def _pondering(engine: Brain) -> Point:
    """The reply the brain's player guessed, once its ponder has begun (waited for, at most 20 s)."""
    for _ in range(200):
        pondered = engine.player._pondered
        if pondered is not None:
            return pondered.guess
        time.sleep(0.1)
    raise AssertionError("the ponder never began")


def test_with_info_pondering_the_brain_thinks_on_the_managers_time_until_the_next_line():
    engine = _thinking_brain("INFO pondering 1")
    move_of(engine.handle("DONE"))
    player = engine.player
    assert engine._ponder is not None
    guess = _pondering(engine)
    answer = engine.handle(f"TURN {guess.x},{guess.y}")  # the line stops the ponder before it is read
    move = move_of(answer)
    assert player.last_decision is not None and player.last_decision.pondered  # a hit: it searched from there
    assert player.last_decision.move == move and engine._ponder is not None  # and it ponders again
    engine.handle("END")
    assert engine._ponder is None


def test_a_ponder_is_stopped_by_any_line_and_a_miss_still_answers():
    engine = _thinking_brain("INFO pondering 1")
    first = move_of(engine.handle("DONE"))
    guess = _pondering(engine)
    assert engine.handle("INFO time_left 100000") == [] and engine._ponder is None
    reply = next(p for p in (Point(0, 0), Point(14, 14)) if p not in (guess, first))
    move = move_of(engine.handle(f"TURN {reply.x},{reply.y}"))
    assert engine.player.last_decision is not None and not engine.player.last_decision.pondered
    assert move not in (reply, first)


def test_with_pondering_the_tables_share_the_memory_bound():
    alone = _thinking_brain("INFO max_memory 3000000")
    both = _thinking_brain("INFO max_memory 3000000", "INFO pondering 1")
    assert both.player.table_limit * 1.5 <= alone.player.table_limit + 1


def test_each_searched_move_says_what_the_search_found_as_managers_parse_it():
    engine = _thinking_brain()
    answer = engine.handle("DONE")
    info, move = answer[-2], answer[-1]
    found = SEARCH_INFO.match(info)
    assert found, info
    depth, seldepth = int(found.group(1)), int(found.group(2))
    assert 1 <= depth <= seldepth
    x, y = (int(v) for v in move.split(","))
    first = info.split(" pv ")[1].split()[0]
    assert first == f"{chr(ord('a') + x)}{y + 1}", "the line starts with the move played"


def test_a_forced_win_is_said_as_plies_to_the_five():
    engine = Brain(level="hard", seed=1)
    for line in ("START 15", "INFO timeout_turn 600", "BOARD", "7,7,1", "7,8,1", "7,9,1", "6,6,2", "5,5,2"):
        engine.handle(line)
    answer = engine.handle("DONE")
    assert " ev M3 " in answer[-2], answer  # the open four, its block, the five


# -- Swap2 (SWAP2BOARD) and the opening rule values -----------------------------------


class ReadingPlayer:
    """A player whose reading of every position is one number (from the side to move's view)."""

    name = "reading"

    def __init__(self, score: int) -> None:
        self.score = score

    def choose_move(self, board, stop=None, think_time=None) -> SearchResult:
        return SearchResult(quick_move(board), score=self.score if board.turn is Stone.WHITE else -self.score)


def swap2(engine: Brain, stones: list[str]) -> list[str]:
    return answer_to(engine, ["SWAP2BOARD", *stones, "DONE"])


def points_of(line: str) -> list[Point]:
    return [Point(*map(int, part.split(","))) for part in line.split()]


def test_swap2board_on_an_empty_board_answers_three_stones_near_the_centre() -> None:
    engine = brain("START 15", "INFO timeout_turn 1000")
    answer = swap2(engine, [])
    assert len(answer) == 1
    stones = points_of(answer[0])
    assert len(stones) == 3 and len(set(stones)) == 3
    assert stones[0] == Point(7, 7)
    assert all(abs(p.x - 7) <= 3 and abs(p.y - 7) <= 3 for p in stones)
    # the three stones are a legal start: black, white, black
    Board.from_moves(stones, 15)


@pytest.mark.parametrize(
    ("white_reading", "expected"),
    [(-9000, "SWAP"), (9000, "move"), (0, "two moves")],
)
def test_swap2board_with_three_stones_swaps_plays_the_4th_or_places_two(white_reading, expected) -> None:
    engine = brain("START 15", player_factory=lambda: ReadingPlayer(white_reading))
    answer = swap2(engine, ["7,7", "7,6", "8,8"])
    if expected == "SWAP":
        assert answer == ["SWAP"]
    elif expected == "move":
        move = move_of(answer)
        assert move not in {Point(7, 7), Point(7, 6), Point(8, 8)}
        # we play white: the white stone h9 and our 4th are ours, black's two the opponent's
        assert engine.stones[move] == 1 and engine.stones[Point(7, 6)] == 1 and engine.stones[Point(7, 7)] == 2
    else:
        stones = points_of(answer[-1])
        assert len(stones) == 2 and not {Point(7, 7), Point(7, 6), Point(8, 8)} & set(stones)


@pytest.mark.parametrize(("white_reading", "expected"), [(-9000, "SWAP"), (9000, "move")])
def test_swap2board_with_five_stones_takes_black_or_plays_the_6th(white_reading, expected) -> None:
    engine = brain("START 15", player_factory=lambda: ReadingPlayer(white_reading))
    # the stones with fields, as Rapfi reads them: colours still alternate from black
    answer = swap2(engine, ["7,7,2", "7,6,2", "8,8,2", "9,9,1", "6,6,1"])
    if expected == "SWAP":
        assert answer == ["SWAP"]
    else:
        move = move_of(answer)
        assert move not in {Point(7, 7), Point(7, 6), Point(8, 8), Point(9, 9), Point(6, 6)}
        assert [engine.stones[p] for p in (Point(7, 7), Point(7, 6), Point(9, 9), move)] == [2, 1, 1, 1]


def test_a_real_engine_takes_black_when_black_has_an_open_three() -> None:
    engine = brain("START 15", "INFO timeout_turn 1500")
    # black h8 i8 j8 in a row, white's stone in a corner: white to move cannot stop black
    assert swap2(engine, ["7,7", "0,0", "8,7", "14,14", "9,7"]) in (["SWAP"],)


@pytest.mark.parametrize(
    ("stones", "words"),
    [
        (["7,7", "7,6"], "takes 0, 3 or 5 stones, not 2"),
        (["7,7", "7,7"], "7,7 is given twice"),
        (["7,7,4"], "must be 1 or 2"),
        (["7,7", "99,1"], "off the 15x15 board"),
        (["seven"], "is not x,y"),
    ],
)
def test_bad_swap2board_stones_get_an_error_and_the_brain_goes_on(stones, words) -> None:
    engine = brain("START 15")
    answers = []
    for line in ["SWAP2BOARD", *stones, "DONE"]:
        answers += engine.handle(line)
    assert any(words in line for line in answers if line.startswith("ERROR")), answers
    assert engine.handle("ABOUT")[0].startswith("name=")


@pytest.mark.parametrize(("value", "rule", "opening"), [(5, Rule.FREESTYLE, "swap1"), (6, Rule.FREESTYLE, "swap2")])
def test_info_rule_values_for_swap1_and_swap2_as_rapfi_reads_them(value, rule, opening) -> None:
    engine = Brain()
    messages = engine.handle(f"INFO rule {value}")
    assert engine.rule is rule and engine.opening.value == opening
    assert messages and "opening" in messages[0]
    engine.handle("INFO rule 4")
    assert engine.rule is Rule.RENJU and engine.opening.value == "none"


def test_the_console_scripts_name_functions_that_exist() -> None:
    """``pbrain-gomoku`` (and ``gomoku``) point at functions that import: a moved module moves its entry point."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
    scripts = dict(re.findall(r'^([\w-]+)\s*=\s*"([\w.]+:\w+)"', section, re.MULTILINE))
    assert set(scripts) == {"gomoku", "pbrain-gomoku"}
    for target in scripts.values():
        module, function = target.split(":")
        assert callable(getattr(importlib.import_module(module), function)), target


def test_python_m_gomoku_gomocup_is_the_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gomoku.gomocup"],
        input=b"START 9\nEND\n",
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=30,
    )
    assert done.returncode == 0 and done.stdout.decode().splitlines() == ["OK"]


def test_the_gomocup_brain_thinks_the_time_the_clock_module_shares_out() -> None:
    for turn_ms, match_ms, left_ms in ((1000, 0, None), (30000, 0, 60000), (0, 120000, None), (5000, 90000, 700)):
        control = TimeControl(turn_ms=turn_ms, match_ms=match_ms, left_ms=left_ms)
        for stones, empty in ((0, 225), (40, 185), (120, 105), (221, 4)):
            turn = turn_ms / 1000 if turn_ms else 0.05
            left = left_ms if left_ms is not None else (match_ms or None)
            allotted = turn_allotment(turn, None if left is None else left / 1000, stones, empty)
            assert control.allot(stones, empty) == allotted
            assert control.deadline(stones, empty) == answer_deadline(allotted[1])
