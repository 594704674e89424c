"""Where gomoku keeps the user's files, how it writes them without ever losing one, and how it reads their JSON.

Settings go in the config directory and saved games in the data directory:
``$XDG_CONFIG_HOME/gomoku`` and ``$XDG_DATA_HOME/gomoku`` on Linux and macOS
(``~/.config/gomoku`` and ``~/.local/share/gomoku`` by default), and
``%APPDATA%\\gomoku`` on Windows.  ``GOMOKU_HOME``, when set, holds both: tests
and portable installs use it.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import sys
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any


def _base(kind: str, environ: Mapping[str, str]) -> Path:
    if environ.get("GOMOKU_HOME"):
        return Path(environ["GOMOKU_HOME"])
    if sys.platform == "win32":
        root = environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(root) / "gomoku"
    variable, default = {
        "config": ("XDG_CONFIG_HOME", Path.home() / ".config"),
        "data": ("XDG_DATA_HOME", Path.home() / ".local" / "share"),
    }[kind]
    return Path(environ.get(variable) or default) / "gomoku"


def config_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The directory for settings (not created)."""
    return _base("config", environ)


def data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The directory for saved games (not created)."""
    return _base("data", environ)


#: The mode a private file is created with: the user's own saves (a network game's save holds
#: the code that lets anyone who reads it take the player's seat).
PRIVATE_MODE = 0o600
#: The mode a file to share is asked for; the umask takes its bits away, as for any program
#: (``0o644`` under the usual umask ``022``), so a saved record can be sent or served as it is.
SHARED_MODE = 0o666
#: How many random temporary names to try before giving up (a clash is one in 2**32 each time).
TEMPORARY_TRIES = 100


def atomic_write_text(path: Path, text: str, *, private: bool = True) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one.

    The text goes to a temporary file in the same directory, is flushed to
    disk, and then replaces ``path`` in one rename.  A ``private`` file is
    ``-rw-------`` whatever the umask; any other gets the mode a new file
    gets under the umask (the kernel applies it) or, when it replaces a
    file, that file's mode, so a record made readable by others stays so.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = _create_temporary(path, PRIVATE_MODE if private else SHARED_MODE)
    try:
        if not private:
            _keep_mode(handle, path)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _create_temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new, empty file beside ``path`` (opened for writing) and its name; ``mode`` goes through the umask.

    ``tempfile.mkstemp`` would do but always makes ``0o600``, and changing the
    mode afterwards needs the umask, which a process can only read by setting it.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(TEMPORARY_TRIES):
        temporary = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temporary, flags, mode), temporary
        except FileExistsError:
            continue
    raise FileExistsError(_("no free temporary name beside {path}").format(path=path))


def _keep_mode(handle: int, path: Path) -> None:
    """Give the new file the permissions of the file it replaces, if there is one."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return
    if hasattr(os, "fchmod"):
        os.fchmod(handle, mode)


def move_aside(path: Path, reason: str = "corrupt") -> Path:
    """Rename the file at ``path`` to ``<name>.<reason>-<UTC time>`` beside it, and return the new path.

    A file of ours that cannot be used (damaged, or from a newer gomoku) is
    never overwritten: it is kept aside under this name, for the player (or
    a bug report) to look at, and a fresh one takes its place.
    """
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    target = path.with_name(f"{path.name}.{reason}-{stamp}")
    os.replace(path, target)
    return target


#: The deepest nesting of lists and objects the user's files hold (a save nests three deep); deeper is damage.
MAX_JSON_DEPTH = 32


class UnfitJsonError(ValueError):
    """JSON that no file of ours can hold: nested past :data:`MAX_JSON_DEPTH`, or a number past Python's digits."""


def read_json(text: str) -> Any:
    """The JSON ``text`` as Python values, judged alike on every Python.

    Raises :class:`json.JSONDecodeError` (it says where) for text that is not
    JSON, and :class:`UnfitJsonError` for JSON that no file of ours can hold.
    Python 3.13 reads lists nested thousands deep that older Pythons cannot
    (``RecursionError``), so the depth is checked here, not left to the parser.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError):  # a number of thousands of digits, nesting thousands deep
        raise UnfitJsonError("not JSON a file of ours can hold") from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise UnfitJsonError(f"nested more than {MAX_JSON_DEPTH} deep")
    return value


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (0 for a plain value), without recursion."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if depth > MAX_JSON_DEPTH:
                return depth
            stack.extend((inner, depth) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest
