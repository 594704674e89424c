"""The translation catalogs are up to date, complete and well formed (``python tools/catalogs.py check``)."""

from __future__ import annotations

import pytest

pytest.importorskip("babel")

from babel.messages.catalog import Catalog

from gomoku.i18n import Language
from tools import catalogs


def test_every_catalog_is_complete_and_compiled() -> None:
    assert list(catalogs.problems()) == []


def _pair(english: str, translation: str, *, comment: str = "") -> list[str]:
    template = Catalog(fuzzy=False)
    template.add(english, auto_comments=[comment] if comment else [])
    catalog = Catalog(locale="ja", fuzzy=False)
    catalog.add(english, translation, auto_comments=[comment] if comment else [])
    return list(catalogs.problems_in(Language.JAPANESE, catalog, template))


def test_the_checker_finds_a_renamed_placeholder() -> None:
    assert _pair("{point} is taken.", "{point}には石があります。") == []
    assert any("placeholders" in problem for problem in _pair("{point} is taken.", "{pt}には石があります。"))


def test_the_checker_finds_a_translation_wider_than_its_field() -> None:
    assert _pair("Undo", "待った", comment="width 6") == []
    assert any("columns wide" in problem for problem in _pair("Undo", "一手戻します", comment="width 6"))


def test_the_checker_finds_missing_and_stale_texts() -> None:
    template = Catalog(fuzzy=False)
    template.add("Kept")
    template.add("New")
    catalog = Catalog(locale="ja", fuzzy=False)
    catalog.add("Kept", "保持")
    catalog.add("Gone", "消えた")
    found = list(catalogs.problems_in(Language.JAPANESE, catalog, template))
    assert any("missing 'New'" in problem for problem in found)
    assert any("stale 'Gone'" in problem for problem in found)


def test_the_checker_finds_an_untranslated_text() -> None:
    assert any("not translated" in problem for problem in _pair("Undo", ""))


def test_a_text_marked_inside_an_f_string_is_found_by_the_syntax_tree() -> None:
    # Babel's extractor misses it (it would be in no catalog); the check reads the tree and reports it.
    found = dict(catalogs.marked_in_source())
    assert "none yet" in found and found["none yet"].startswith("gomoku/tui/draw.py:")
    assert all(not text.startswith("{") or "}" in text for text in found)
