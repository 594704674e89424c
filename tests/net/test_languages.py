"""Each side speaks its own language: what crosses the wire is a code, never a sentence.

One process speaks one language at a time, so each session here acts under a
language of its own (its methods wrapped in :func:`talking`), with a fake
catalog that marks every text it translates: ``ru«...»`` for the host,
``ja«...»`` for the guest.  A player's text in the other side's marks, or a
mark in a line on the wire, would be a sentence carried across the network.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

import pytest

from gomoku import i18n
from gomoku.i18n import Language
from gomoku.net import events as ev
from gomoku.net.match import OfferKind, Request
from gomoku.net.protocol import Answer, decode, encode
from gomoku.net.session import Session
from tests.net.wire import Wire

S = TypeVar("S", bound=Session)
COMMANDS = ("connection_made", "connection_lost", "receive", "tick", "play", "step", "offer", "answer", "leave")


class Marking(gettext.NullTranslations):
    """A fake catalog: every text comes back marked with its language's ``tag`` (placeholders kept)."""

    def __init__(self, tag: str) -> None:
        super().__init__()
        self.tag = tag

    def gettext(self, message: str) -> str:
        return f"{self.tag}«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{self.tag}«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"{self.tag}«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"{self.tag}«{msgid1 if n == 1 else msgid2}»"


@contextmanager
def talking(language: Language, tag: str) -> Iterator[None]:
    """Speak ``language`` through a fake catalog marking each text with ``tag``."""
    with i18n.speaking(language):
        before = i18n._speaker.translations
        i18n._speaker.translations = Marking(tag)
        try:
            yield
        finally:
            i18n._speaker.translations = before


def speaks(session: S, language: Language, tag: str) -> S:
    """``session`` with every input it takes handled in ``language`` (as if in a process of its own)."""
    for name in COMMANDS:
        method = getattr(session, name)

        def spoken(*args, _method=method, **kwargs):
            with talking(language, tag):
                return _method(*args, **kwargs)

        setattr(session, name, spoken)
    return session


def two_languages() -> Wire:
    wire = Wire()
    speaks(wire.host, Language.RUSSIAN, "ru")
    return wire


def join(wire: Wire, **options) -> Session:
    guest = speaks(wire.guest(**options), Language.JAPANESE, "ja")
    wire.connect(guest)
    return guest


def assert_no_sentence_crossed(wire: Wire) -> None:
    """No line either side sent holds a translated text: codes only (and the names and chat players typed)."""
    for lines in wire.sent.values():
        for line in lines:
            assert "«" not in line.decode("unicode_escape"), line


def test_a_refusal_crosses_as_a_code_and_each_side_reads_its_own_words() -> None:
    wire = two_languages()
    guest = join(wire)
    # the guest answers an offer that does not exist (as a crossed answer would): the host refuses it
    wire.act(wire.host, wire.host.receive(1, encode(Answer(kind=OfferKind.DRAW, at=0, accept=True)), wire.now))
    (refuse,) = [decode(line) for line in wire.sent[wire.host] if decode(line).TYPE == "refuse"]
    assert refuse.why.value == "no-offer"
    (refused,) = wire.of(guest, ev.Refused)
    assert refused.what is Request.ANSWER
    assert refused.reason == "ja«there is no such offer to answer»"
    assert_no_sentence_crossed(wire)


def test_a_goodbye_is_said_by_the_side_that_reads_it() -> None:
    wire = two_languages()
    guest = join(wire)
    wire.act(guest, guest.leave("the guest quit"))
    (left,) = wire.of(wire.host, ev.PeerLeft)
    assert left.reason == "ru«{who} left»".format(who="Gil")
    assert_no_sentence_crossed(wire)


def test_a_timeout_is_told_to_each_side_in_its_own_language() -> None:
    wire = two_languages()
    guest = join(wire)
    wire.act(wire.host, wire.host.tick(wire.host.limits.peer_timeout + 1))  # only the host's clock runs
    (ours,) = wire.of(wire.host, ev.ConnectionLost)
    (theirs,) = wire.of(guest, ev.ConnectionLost)
    assert ours.reason.startswith("ru«ru«no word from Gil for") and "ru«waiting for the guest" in ours.reason
    assert theirs.reason.startswith("ja«ja«Hana heard nothing from you for too long»")
    assert "ja«join again with the same command to resume»" in theirs.reason
    assert "ru«" not in theirs.reason and "ja«" not in ours.reason
    assert_no_sentence_crossed(wire)


def test_a_guest_turned_away_reads_why_in_its_language_and_the_host_in_its_own() -> None:
    wire = two_languages()
    wrong = join(wire, code="K7QM-4RZT-9Y")
    (refused,) = wire.of(wrong, ev.JoinRefused)
    assert refused.code == "bad-code"
    assert refused.reason == "ja«wrong code: check the code the host shows and join again»"
    assert wire.of(wire.host, ev.GuestRefused) == [ev.GuestRefused("ru«wrong code»")]
    assert_no_sentence_crossed(wire)


def test_what_a_player_typed_wrong_is_said_in_their_language() -> None:
    from gomoku.net.addresses import AddressError, parse_address
    from gomoku.net.auth import normalize_code
    from gomoku.net.errors import CodeError

    with talking(Language.RUSSIAN, "ru"):
        with pytest.raises(AddressError) as address:
            parse_address("10.0.0.1:99999")
        with pytest.raises(CodeError) as code:
            normalize_code("K7QM-4RZT")
    assert str(address.value) == "ru«'99999' is not a port: use a number from 1 to 65535, like 5757»"
    assert str(code.value).startswith("ru«a join code has 10 letters and digits, this one has 8: ")
