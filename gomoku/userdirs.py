"""Where gomoku keeps the user's files, and how it writes them without ever losing one.

Settings go in the config directory and saved games in the data directory:
``$XDG_CONFIG_HOME/gomoku`` and ``$XDG_DATA_HOME/gomoku`` on Linux and macOS
(``~/.config/gomoku`` and ``~/.local/share/gomoku`` by default), and
``%APPDATA%\\gomoku`` on Windows.  ``GOMOKU_HOME``, when set, holds both: tests
and portable installs use it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path


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


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one.

    The text goes to a temporary file in the same directory, is flushed to
    disk, and then replaces ``path`` in one rename.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
