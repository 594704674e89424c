"""The one worker pool: lanes keep their jobs in order, and a slow job holds up nobody else's."""

from __future__ import annotations

import threading

from gomoku.jobs import Lane, Pool
from gomoku.savegame import load_game
from gomoku.tui import storage
from gomoku.tui.events import Listed
from gomoku.tui.files import FileWorker
from gomoku.tui.inbox import Inbox
from gomoku.tui.saves import saved_from_game
from tests.tui.helpers import game_of, play_at, start

#: How long a test waits for a worker before it fails (never reached when all is well).
PATIENCE = 10.0


def test_a_lane_runs_its_jobs_one_at_a_time_in_order() -> None:
    pool = Pool()
    lane = Lane(pool.submit)
    done: list[int] = []
    running = [0]
    overlap = []

    def job(number: int) -> None:
        running[0] += 1
        overlap.append(running[0])
        done.append(number)
        running[0] -= 1

    for number in range(50):
        lane.put(lambda number=number: job(number))
    assert lane.wait(PATIENCE)
    assert done == list(range(50)) and max(overlap) == 1
    pool.close()


def test_a_job_stuck_on_the_pool_holds_up_no_lane() -> None:
    pool = Pool()
    release = threading.Event()
    pool.submit(lambda: release.wait(PATIENCE))  # the computer, thinking for a long time
    lane = Lane(pool.submit)
    finished = threading.Event()
    lane.put(finished.set)
    assert finished.wait(PATIENCE)
    release.set()
    pool.close()


def test_a_failing_job_does_not_stop_the_lane() -> None:
    pool = Pool(1)
    lane = Lane(pool.submit)
    after = threading.Event()
    lane.put(lambda: 1 / 0)  # type: ignore[func-returns-value]
    lane.put(after.set)
    assert after.wait(PATIENCE)
    pool.close()


def test_files_and_the_autosave_share_one_pool(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pool = Pool()
    inbox = Inbox()
    files = FileWorker(inbox.put, pool)
    saver = storage.Autosaver(tmp_path / "current.json", run=pool.submit)
    game = game_of(play_at(start(), "h8", "i9"))
    saver.save(saved_from_game(game))
    files.submit(lambda: Listed(3, ()))
    saver.close(PATIENCE)
    files.close(PATIENCE)
    saved = load_game(tmp_path / "current.json")
    assert saved is not None and len(saved.moves) == 2
    assert inbox.drain() == [Listed(3, ())]
    assert not saver.busy
    pool.close()


def test_stops_cancel_one_job_forget_answered_ones_and_stop_all_at_exit() -> None:
    from gomoku.jobs import Stops

    stops = Stops()
    first, second, third = stops.new(1), stops.new(2), stops.new(3)
    stops.cancel(1)
    assert first.is_set() and not second.is_set()
    stops.done(2)  # answered: exit no longer concerns it
    stops.cancel(99)  # unknown or already done: nothing happens
    stops.stop_all()
    assert third.is_set() and not second.is_set()
