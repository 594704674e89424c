"""The checks and the tests on every Python the project supports that this machine has: ``nox``.

``nox`` runs ``checks`` (ruff, the format check, mypy: once, as they judge the
source, not the interpreter) and ``tests`` on each supported Python found;
a missing one is skipped, never downloaded.  ``nox -t ci`` runs the checks
and the tests on the oldest and the newest Python found, which is what CI
runs (the README's test command).  ``nox -s tests-3.12 -- -k records``
passes pytest its arguments.

An interpreter is found as ``python3.X`` on the PATH, else among pyenv's
installed versions (``$PYENV_ROOT/versions``, ``~/.pyenv`` by default),
whose shims run only the versions pyenv has made active.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nox

#: The Pythons the project supports (pyproject.toml's requires-python, and the classifiers' list).
SUPPORTED = ("3.10", "3.11", "3.12", "3.13", "3.14")
#: The pytest workers a run uses: one a core, and one more, since the pseudo-terminal and engine tests spend much
#: of their time waiting on the programs they drive (on this 2-core machine, 3 workers ran the suite in 62-64 s
#: where 2 took 73-81 s).  The tests are independent: each has its own folders, ports and environment.
WORKERS = str((os.cpu_count() or 1) + 1)

nox.options.download_python = "never"
nox.options.error_on_missing_interpreters = False
nox.options.sessions = ["checks", "tests"]

PROJECT = nox.project.load_toml("pyproject.toml")["project"]
#: The requirements of each extra of pyproject.toml (their one home), installed without building the package.
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]


def _version_of(executable: str) -> str:
    """``3.X`` of the interpreter at ``executable``, ``""`` if it does not run (a shim of an inactive version)."""
    try:
        done = subprocess.run(
            [executable, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def _pyenv_candidates(version: str) -> list[str]:
    """pyenv's installed interpreters of ``version`` (``3.X``), newest patch first."""
    versions = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    try:
        folders = [folder for folder in versions.iterdir() if folder.name.startswith(version + ".")]
    except OSError:
        return []

    def patch(folder: Path) -> int:
        tail = folder.name[len(version) + 1 :]
        return int(tail) if tail.isdigit() else -1

    return [str(folder / "bin" / f"python{version}") for folder in sorted(folders, key=patch, reverse=True)]


def _find(version: str) -> str:
    """An interpreter of ``version`` on this machine, ``""`` if there is none."""
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    for candidate in (shutil.which(f"python{version}"), *_pyenv_candidates(version)):
        if candidate and _version_of(candidate) == version:
            return candidate
    return ""


FOUND = {version: path for version in SUPPORTED if (path := _find(version))}
# nox finds a session's Python by its name on the PATH: put the folders of those found elsewhere (pyenv's) on it.
os.environ["PATH"] = os.pathsep.join(
    [str(Path(path).parent) for path in FOUND.values() if shutil.which(Path(path).name) != path]
    + [os.environ.get("PATH", "")]
)
#: What CI runs: the oldest and the newest Python found.
EDGES = {min(FOUND, key=SUPPORTED.index), max(FOUND, key=SUPPORTED.index)} if FOUND else set()


@nox.session(tags=["ci"])
def checks(session: nox.Session) -> None:
    """ruff, the format check and mypy (strict on the core)."""
    session.install(*EXTRAS["lint"])
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")


@nox.session
@nox.parametrize("python", [nox.param(version, tags=["ci"] if version in EDGES else []) for version in SUPPORTED])
def tests(session: nox.Session) -> None:
    """The whole suite on one Python, its tests spread over the cores, run from the checkout (pytest's pythonpath)."""
    session.install(*PROJECT.get("dependencies", []), *EXTRAS["pytest"])
    session.run("python", "-m", "pytest", "-n", WORKERS, *session.posargs)
