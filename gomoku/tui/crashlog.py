"""The crash log: an unexpected error's details, appended to a file in the data directory."""

from __future__ import annotations

import time
import traceback

from gomoku.userdirs import data_dir

#: The file in the data directory.
CRASH_LOG = "crash.log"


def log_crash() -> str:
    """Append the error being handled, with the time; returns the log's path (``""`` if it cannot be written)."""
    try:
        path = data_dir() / CRASH_LOG
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{traceback.format_exc()}\n")
        return str(path)
    except OSError:
        return ""
