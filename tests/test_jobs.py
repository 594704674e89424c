"""Background work, one way: a task's answer awaited with a timeout and stopped on request, and numbered jobs
started, cancelled and stopped at exit."""

from __future__ import annotations

import threading

from gomoku.jobs import Jobs, Pool

#: How long a test waits for a worker before it fails (never reached when all is well).
PATIENCE = 10.0


def test_a_task_keeps_its_result_for_the_waiter() -> None:
    pool = Pool(2)
    task = pool.run(lambda stop: 6 * 7)
    assert task.wait(PATIENCE) and task.done and task.result() == 42 and task.error is None
    pool.close()


def test_a_task_that_fails_keeps_its_error_and_frees_its_thread() -> None:
    pool = Pool(1)
    failed = pool.run(lambda stop: 1 // 0)
    after = pool.run(lambda stop: "next")
    assert failed.wait(PATIENCE) and isinstance(failed.error, ZeroDivisionError) and failed.result() is None
    assert after.wait(PATIENCE) and after.result() == "next"
    pool.close()


def test_a_waiter_gives_up_at_its_timeout_and_the_stop_event_ends_the_work() -> None:
    pool = Pool(1)
    started = threading.Event()

    def think(stop: threading.Event) -> str:
        started.set()
        stop.wait(PATIENCE)  # a search that runs until it is asked to stop
        return "best so far"

    task = pool.run(think)
    assert started.wait(PATIENCE)
    assert not task.wait(0.0) and task.result() is None  # not yet: the brain answers without it
    task.stop.set()
    assert task.wait(PATIENCE) and task.result() == "best so far"
    pool.close()


def test_jobs_cancel_one_forget_the_finished_and_stop_all() -> None:
    ran: list[tuple[int, bool]] = []
    queued: list = []
    jobs = Jobs(queued.append)  # run by hand: the order is the test's
    stops = [
        jobs.start(number, lambda stop, number=number: ran.append((number, stop.is_set()))) for number in (1, 2, 3)
    ]
    jobs.cancel(2)
    queued[0]()  # job 1 answers: forgotten, so a late cancel or stop-all cannot touch it
    jobs.cancel(1)
    jobs.stop_all()
    queued[1]()
    queued[2]()
    assert ran == [(1, False), (2, True), (3, True)]
    assert not stops[0].is_set() and stops[1].is_set() and stops[2].is_set()
