"""A fake catalog for tests: every translated text comes out wrapped in ``«`` and ``»``.

Real catalogs stay empty until translations land, so a test proves a text goes
through the catalog by installing :class:`FakeTranslations` and looking for the
marks::

    from tests.i18n_fakes import use_fake

    def test_refusal_is_translated(monkeypatch):
        use_fake(monkeypatch)
        assert str(error) == "«The point e5 is taken.»"

The placeholders of a wrapped text are filled after translation, so a test also
sees that they were (``«{point} is taken.»`` would show they were not).
"""

from __future__ import annotations

import gettext

import pytest

from gomoku import i18n

OPEN = "«"
CLOSE = "»"


def wrapped(text: str) -> str:
    """``text`` as the fake catalog says it."""
    return f"{OPEN}{text}{CLOSE}"


class FakeTranslations(gettext.NullTranslations):
    """A catalog that "translates" every text by wrapping it in ``«…»``; ngettext picks singular for 1, else plural."""

    def gettext(self, message: str) -> str:
        return wrapped(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return wrapped(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return wrapped(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return wrapped(msgid1 if n == 1 else msgid2)


def use_fake(monkeypatch: pytest.MonkeyPatch) -> FakeTranslations:
    """Speak the fake catalog for the rest of the test (monkeypatch puts the real one back after it)."""
    fake = FakeTranslations()
    monkeypatch.setattr(i18n._speaker, "translations", fake)
    return fake


@pytest.fixture
def fake_catalog(monkeypatch: pytest.MonkeyPatch) -> FakeTranslations:
    """The fixture form of :func:`use_fake` (``from tests.i18n_fakes import fake_catalog`` in a test module)."""
    return use_fake(monkeypatch)
