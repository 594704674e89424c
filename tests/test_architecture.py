"""The documents that describe the house stay true to it, and the core keeps its import rules.

``docs/architecture.md`` lists every module of the package: a module added,
moved or removed without its line there fails here, with the line to write.
(The README links to it and keeps no layout of its own.)  The directions
of imports the architecture promises (the core knows nothing of the front
ends, of files, sockets or processes; ``net/`` knows nothing of ``tui/``) are
read from the source.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gomoku"
ENTRY = re.compile(r"[A-Za-z_]\w*(\.py|/)")


def layout(document: Path, heading: str) -> list[str]:
    """The paths of the tree in the first fenced block under ``heading`` (``gomoku/ai/base.py``, ``gomoku/ai/``).

    An entry is a line whose first word is a module (``name.py``) or a folder
    (``name/``), two spaces deeper than its folder; other lines continue the
    description above them.
    """
    text = document.read_text(encoding="utf-8")
    section = re.search(rf"^{re.escape(heading)}$", text, re.MULTILINE)
    assert section, f"{document.name} has no {heading!r} section"
    fence = text.index("```", section.start())
    block = text[text.index("\n", fence) + 1 : text.index("```", fence + 3)]
    paths: list[str] = []
    folders: list[str] = []
    for line in block.splitlines():
        words = line.split()
        if not words:
            continue
        indent = len(line) - len(line.lstrip(" "))
        depth = indent // 2
        if indent % 2 or depth > len(folders) or not ENTRY.fullmatch(words[0]):
            continue
        del folders[depth:]
        paths.append("".join(folders) + words[0])
        if words[0].endswith("/"):
            folders.append(words[0])
    return paths


def modules_on_disk() -> set[str]:
    """Every module of the package, as ``gomoku/...py``; a package's ``__init__.py`` as its folder."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if path.name == "__init__.py" and path.parent != PACKAGE:
            relative = relative.removesuffix("__init__.py")
        found.add(relative)
    return found


def missing_and_stale(listed: set[str], expected: set[str]) -> tuple[list[str], list[str]]:
    return sorted(expected - listed), sorted(path for path in listed if not (ROOT / path).exists())


def test_the_architecture_lists_every_module_and_only_modules_that_exist() -> None:
    listed = {
        path for path in layout(ROOT / "docs" / "architecture.md", "## The modules") if path.startswith("gomoku/")
    }
    missing, stale = missing_and_stale(listed, modules_on_disk() | {"gomoku/"})
    assert not missing, f"add these to the module list in docs/architecture.md, with their job: {missing}"
    assert not stale, f"docs/architecture.md lists modules that do not exist: {stale}"


def test_the_architecture_names_only_files_that_exist() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"gomoku/[\w/]+\.py", text))
    assert named, "the knowledge table names the modules by path"
    assert not [path for path in named if not (ROOT / path).exists()]


def test_the_layout_reader_sees_folders_and_skips_descriptions(tmp_path: Path) -> None:
    document = tmp_path / "doc.md"
    document.write_text(
        "## Tree\n\n```\ngomoku/       the package\n  a.py        one job\n  sub/        a folder:\n"
        "                b.py and more words\n    b.py      another\n  c.py\ndocs/\n```\n"
    )
    assert layout(document, "## Tree") == [
        "gomoku/",
        "gomoku/a.py",
        "gomoku/sub/",
        "gomoku/sub/b.py",
        "gomoku/c.py",
        "docs/",
    ]


# -- the directions of imports ---------------------------------------------------

#: The core: game knowledge and the players.  It imports nothing of the front ends, files, sockets or processes.
CORE = [
    "point",
    "rules",
    "board",
    "patterns",
    "renju",
    "combos",
    "errors",
    "textwidth",
    "openings",
    "clock",
    "game",
    "ai",
    "review",
    "puzzles",
    "jobs",
    "bookline",
    "sprt",
]
# gomoku/i18n.py is neither core nor edge: the core marks and translates its texts through it, and it reads
# the compiled catalogs from the installed package (as stdlib gettext does), so it may use os and pathlib.

#: The modules at the edge, which use the core: the core never imports them.
EDGES = (
    "gomoku.tui",
    "gomoku.net",
    "gomoku.cli",
    "gomoku.gomocup",
    "gomoku.records",
    "gomoku.savegame",
    "gomoku.userdirs",
    "gomoku.review_cli",
    "gomoku.solve_cli",
    "gomoku.match",
)
#: The standard modules that reach the world outside the process: files, terminals, sockets, processes.
WORLD = ("curses", "socket", "selectors", "subprocess", "multiprocessing", "os", "pathlib", "tempfile", "shutil")


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or inside a function."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def sources(*names: str) -> list[Path]:
    """The files of the named modules and packages (``"ai"``: every module under ``gomoku/ai``)."""
    files = []
    for name in names:
        folder = PACKAGE / name
        files.extend(sorted(folder.rglob("*.py")) if folder.is_dir() else [PACKAGE / f"{name}.py"])
    return files


def breaking(paths: list[Path], forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        bad = sorted(name for name in imports(path) if any(name == f or name.startswith(f"{f}.") for f in forbidden))
        if bad:
            found[path.relative_to(ROOT).as_posix()] = bad
    return found


@pytest.mark.parametrize(
    ("what", "paths", "forbidden"),
    [
        ("the core", sources(*CORE), EDGES + WORLD),
        (
            "records, saves and the engine protocol",
            sources("records", "savegame", "gomocup", "review_cli", "solve_cli", "puzzle_sets", "match", "books"),
            ("gomoku.tui", "curses"),
        ),
        ("network play", sources("net"), ("gomoku.tui", "curses")),
    ],
    ids=["core", "files", "net"],
)
def test_imports_go_one_way(what: str, paths: list[Path], forbidden: tuple[str, ...]) -> None:
    assert paths and all(path.exists() for path in paths)
    assert breaking(paths, forbidden) == {}, f"{what} must not import {forbidden}"
