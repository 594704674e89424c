"""Every test starts speaking English, whatever language the machine's environment names, and ends so."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gomoku import i18n


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """English in, English out: a test that picks a language (``--lang``, the menu) cannot leak it to the next."""
    for variable in i18n.ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    with i18n.speaking(i18n.Language.ENGLISH):
        yield
