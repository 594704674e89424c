"""Signals while the game runs: SIGTERM ends it cleanly, a resize (SIGWINCH) wakes the loop."""

from __future__ import annotations

import signal
import threading
from typing import Any

#: The key under which :func:`install` keeps the previous wake-up descriptor.
WAKEUP = -1


def install(wake_fd: int, resized: threading.Event) -> dict[int, Any]:
    """Our handlers in; returns the previous ones for :func:`restore`.

    A resize sets ``resized`` and writes to ``wake_fd`` (the inbox's pipe),
    so the loop wakes at once.  Our SIGWINCH handler is set before curses
    starts, so curses leaves it alone; the loop then tells curses the new
    size itself.
    """
    previous: dict[int, Any] = {signal.SIGTERM: signal.signal(signal.SIGTERM, _terminate)}
    winch = getattr(signal, "SIGWINCH", None)
    if winch is not None:
        previous[winch] = signal.signal(winch, lambda signum, frame: resized.set())
        previous[WAKEUP] = signal.set_wakeup_fd(wake_fd)
    return previous


def restore(previous: dict[int, Any]) -> None:
    """The handlers :func:`install` replaced, back in place."""
    for signum, handler in previous.items():
        if signum == WAKEUP:
            signal.set_wakeup_fd(handler)
        else:
            signal.signal(signum, handler)


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)
