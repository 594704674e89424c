"""The stages of a connection and every transition between them, in one table (as h11 keeps its states).

A connection (:class:`~gomoku.net.session.Link`) starts at
:attr:`Stage.HELLO` on both sides and ends at :attr:`Stage.CLOSED`.  Before it
is :attr:`Stage.SEATED` (the two players are at the table) only the messages of
:data:`TRANSITIONS` are allowed, each in its one stage: anything else ends the
connection with a ``protocol`` error.  ``bye`` and ``error`` close a connection
in any stage, and so do the timeouts (:mod:`gomoku.net.limits`).

``docs/network.md`` shows :func:`table` (a test checks that it does).  Pure.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gomoku.net.match import Role


class Stage(enum.Enum):
    """Where one connection is."""

    #: Connected: waiting for the other side's ``hello``.
    HELLO = "hello"
    #: Host: waiting for the guest's ``auth`` (its proof of the code).
    AUTH = "auth"
    #: Guest: waiting for the host's ``welcome`` (the host's proof).
    WELCOME = "welcome"
    #: Guest: waiting for the host's ``start`` (the game).
    START = "start"
    #: Both players are at the table: game messages, chat and pings flow.
    SEATED = "seated"
    #: Closed (a ``bye``, an ``error``, a timeout, the socket gone): nothing more is read.
    CLOSED = "closed"


@dataclass(frozen=True)
class Transition:
    """In ``stage``, ``role`` receives ``message`` (a type name on the wire): it does ``action``, goes to ``then``."""

    role: Role
    stage: Stage
    message: str
    then: Stage
    action: str


#: Every handshake transition.  A wrong proof, a full game or a game that does
#: not fit closes the connection instead (with an ``error``).
TRANSITIONS: tuple[Transition, ...] = (
    Transition(Role.HOST, Stage.HELLO, "hello", Stage.AUTH, "wait for the proof (the host sent its hello on connect)"),
    Transition(
        Role.HOST, Stage.AUTH, "auth", Stage.SEATED, "check the proof and the game resumed; send welcome, start"
    ),
    Transition(Role.GUEST, Stage.HELLO, "hello", Stage.WELCOME, "send hello and auth (the proof, the game resumed)"),
    Transition(Role.GUEST, Stage.WELCOME, "welcome", Stage.START, "check the host's proof"),
    Transition(Role.GUEST, Stage.START, "start", Stage.SEATED, "check the game against the one resumed; play"),
)
#: A watcher's connection: the host's proof is all it waits for; it is then seated, and a ``start``
#: comes as soon as there is a game (at once when there is one), then every action of both players.
WATCHER_WELCOME = Transition(
    Role.GUEST, Stage.WELCOME, "welcome", Stage.SEATED, "check the host's proof; watch (a `start` comes with the game)"
)
#: Messages that close a connection in any stage.
CLOSING = ("bye", "error")

_NEXT = {(t.role, t.stage, t.message): t.then for t in TRANSITIONS}


def next_stage(role: Role, stage: Stage, message: str, watching: bool = False) -> Stage | None:
    """Where ``role``'s connection in ``stage`` goes on receiving ``message``; ``None``: not allowed.

    ``watching``: a watcher's connection (on the guest's side), seated at the host's ``welcome``.
    """
    if watching and (role, stage, message) == (WATCHER_WELCOME.role, WATCHER_WELCOME.stage, WATCHER_WELCOME.message):
        return WATCHER_WELCOME.then
    if message in CLOSING:
        return Stage.CLOSED
    if stage is Stage.SEATED:
        return Stage.SEATED  # the game's own rules (the session) judge what a seated peer sends
    return _NEXT.get((role, stage, message))


def table() -> str:
    """The transitions as a Markdown table (``docs/network.md`` shows it)."""
    rows = ["| side | stage | receives | does | next stage |", "| --- | --- | --- | --- | --- |"]
    for t in TRANSITIONS:
        rows.append(f"| {t.role.value} | `{t.stage.value}` | `{t.message}` | {t.action} | `{t.then.value}` |")
    w = WATCHER_WELCOME
    rows.append(f"| watcher | `{w.stage.value}` | `{w.message}` | {w.action} | `{w.then.value}` |")
    rows.append("| either | any | `bye`, `error` | tell the player why | `closed` |")
    rows.append(f"| either | `{Stage.SEATED.value}` | any other message | play, chat, ping | `{Stage.SEATED.value}` |")
    return "\n".join(rows)
