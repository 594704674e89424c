"""The README and the user guide link to each other and to nothing that is missing.

Every relative link in ``README.md`` and ``docs/*.md`` names a file of the
repository, and a link to a section (``levels.md#think-time``) names a
heading that page has, spelt as GitHub spells a heading's anchor.  Every
page under ``docs/`` is linked from the README, so none is left unfindable.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: ``[text](target)``, the target without a scheme (http:, mailto:).
LINK = re.compile(r"\[[^\]]*\]\((?![a-z]+:)([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{1,6} ", line)}


def links(page: Path) -> list[str]:
    return LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))


def test_the_anchor_is_githubs() -> None:
    assert anchor("Against Rapfi and against `normal`") == "against-rapfi-and-against-normal"
    assert anchor("gomoku as an engine for Piskvork and Gomocup managers") == (
        "gomoku-as-an-engine-for-piskvork-and-gomocup-managers"
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_link_names_a_file_and_a_heading_that_exist(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, section = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or (section and file.suffix == ".md" and section not in anchors(file)):
            broken.append(target)
    assert not broken, f"{page.name} links to what does not exist: {broken}"


def test_the_readme_links_every_page_of_the_guide() -> None:
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in links(ROOT / "README.md")}
    unlinked = [page.name for page in PAGES[1:] if page.resolve() not in linked]
    assert not unlinked, f"link these from the README: {unlinked}"
