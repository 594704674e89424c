"""The wire format as data: every message round-trips, and every malformed line is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku import openings as o
from gomoku.clock import parse_clock
from gomoku.net import protocol as p
from gomoku.net.errors import LineTooLongError, ProtocolError, VersionError
from gomoku.net.match import ChatLine, Farewell, Request, Role, Why
from gomoku.openings import OpeningRule
from gomoku.point import Point
from gomoku.rules import Rule

FULL_BOARD = tuple(Point(x, y) for y in range(25) for x in range(25))

EXAMPLES = [
    p.Hello(protocol=p.PROTOCOL, version=p.VERSION, role="host", name="Hana", nonce=b"\x01" * 16),
    p.Auth(proof=b"\x02" * 32, resume=None),
    p.Auth(proof=b"\x02" * 32, resume=p.ResumeRecord(match=b"m" * 8, game=3, moves=FULL_BOARD)),
    p.Welcome(proof=b"\x03" * 32),
    p.Start(match=b"m" * 8, game=1, rule=Rule.RENJU, size=25, black=Role.GUEST, moves=FULL_BOARD),
    p.Start(
        match=b"m" * 8,
        game=2,
        rule=Rule.FREESTYLE,
        size=15,
        black=Role.HOST,
        moves=(Point(7, 7), Point(7, 6), Point(8, 8)),
        opening=OpeningRule.SWAP2,
        steps=tuple(p.StepRecord.of(o.place(point)) for point in ((7, 7), (7, 6), (8, 8)))
        + (p.StepRecord.of(o.choose(o.Option.PLACE_TWO)),),
        clock=parse_clock("5+3"),
        time=p.Reading(host_ms=300_000, guest_ms=1_234, host_periods=0, guest_periods=0, running=Role.GUEST, used_ms=5),
        series=p.SeriesRecord(host=2, guest=1, draws=1),
    ),
    p.Move(ply=0, x=7, y=7),
    p.Step(index=0, step=p.StepRecord.of(o.place((7, 7)))),
    p.Step(index=3, step=p.StepRecord.of(o.choose(o.Option.SWAP))),
    p.Step(index=9, step=p.StepRecord.of(o.declare(5))),
    p.Time(reading=p.Reading(host_ms=0, guest_ms=2**31 - 1, host_periods=5, guest_periods=0, running=None, used_ms=0)),
    p.Offer(kind="undo", at=4),
    p.Answer(kind="draw", at=9, accept=True),
    p.Answer(kind="rematch", at=30, accept=False),
    p.Resign(),
    p.Over(game=2, ply=41, winner="white", ending="five"),
    p.Refuse(what=Request.MOVE, ply=3, why=Why.ILLEGAL),
    p.Chat(text="good game"),
    p.Audience(guest="Gil", watchers=("Ann", "Bo") * 4, chat=True),
    p.Audience(guest="", watchers=(), chat=False),
    p.Heard(name="Ann", role=None, text="nice move"),
    p.Heard(name="Gil", role=Role.GUEST, text="thanks"),
    p.Refuse(what=Request.CHAT, ply=0, why=Why.NO_CHAT),
    p.Refuse(what=Request.MOVE, ply=12, why=Why.WATCHING),
    p.Auth(proof=b"\x02" * 32, resume=None, watch=True),
    p.Ping(id=2**31 - 1),
    p.Pong(id=0),
    p.Bye(why=Farewell.QUIT),
    p.Error(code="bad-code", reason="wrong code"),
]


#: The fields of a ``start`` without an opening rule or a clock.
NO_OPENING = {
    "opening": "none",
    "steps": [],
    "clock": "none",
    "time": None,
    "series": {"host": 0, "guest": 0, "draws": 0},
}


def line(**fields: object) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def start_line(**fields: object) -> bytes:
    """A ``start`` line of game 1, the host black, no chat, opening rule or clock, with ``fields`` changed."""
    return line(**{"type": "start", "match": "00" * 8, "game": 1, "black": "host", "chat": [], **NO_OPENING, **fields})


def test_every_message_type_has_an_example() -> None:
    assert {type(m) for m in EXAMPLES} == set(p.MESSAGES.values())


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: m.TYPE)
def test_messages_round_trip_within_the_line_limit(message) -> None:
    data = p.encode(message)
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert len(data) <= p.MAX_LINE
    assert p.decode(data) == message


def test_a_line_is_compact_ascii_json() -> None:
    assert p.encode(p.Move(ply=2, x=3, y=4)) == b'{"type":"move","ply":2,"x":3,"y":4}\n'
    assert p.encode(p.Chat(text="héllo")).isascii()


@pytest.mark.parametrize(
    "data, words",
    [
        (b"\xff\xfe{}", "UTF-8"),
        (b"not json", "JSON object"),
        (b"[1, 2]", "JSON object"),
        (b'"move"', "JSON object"),
        (b"{}", "unknown message type"),
        (line(type="teleport"), "unknown message type 'teleport'"),
        (line(type=7), "unknown message type 7"),
        (line(type="move", ply=0, x=1), "lacks the field y"),
        (line(type="move", ply=0, x=1, y=2, z=3), "unknown field 'z'"),
        (line(type="move", ply=0, x=1, y=True), "y must be a whole number"),
        (line(type="move", ply=0, x=1, y="2"), "y must be a whole number"),
        (line(type="move", ply=0, x=-1, y=2), "x must be 0 to 24"),
        (line(type="move", ply=0, x=25, y=2), "x must be 0 to 24"),
        (b'{"type":"move","ply":0,"x":1.5,"y":2}', "whole numbers"),
        (b'{"type":"move","ply":0,"x":NaN,"y":2}', "NaN is not allowed"),
        (b'{"type":"move","ply":0,"x":1,"x":2,"y":2}', "appears twice"),
        (b'{"type":"ping","id":123456789012345678901234567890}', "too long"),
        (line(type="offer", kind="takeback", at=1), "kind must be one of"),
        (line(type="move", ply=0, x=1, y=2, ms=0), "unknown field 'ms'"),  # version 3's move
        (line(type="chat", text=["a"]), "text must be text"),
        (line(type="chat", text="x" * (p.MAX_CHAT + 1)), "the limit is 200"),
        (line(type="welcome", proof="ab"), "64 lower-case hex digits"),
        (line(type="welcome", proof="G" * 64), "64 lower-case hex digits"),
        (
            start_line(rule="go", size=15, moves=[]),
            "rule must be one of",
        ),
        (
            line(
                type="start",
                match="00" * 8,
                game=1,
                rule="renju",
                size=4,
                black="host",
                chat=[],
                **NO_OPENING,
                moves=[],
            ),
            "size must be 5 to 25",
        ),
        (
            line(
                type="start",
                match="00" * 8,
                game=1,
                rule="renju",
                size=15,
                black="host",
                chat=[],
                **NO_OPENING,
                moves=[[1, 2, 3]],
            ),
            "an [x, y] pair",
        ),
        (
            line(
                type="start",
                match="00" * 8,
                game=1,
                rule="renju",
                size=15,
                black="host",
                chat=[],
                **NO_OPENING,
                moves=[[0, 0]] * 626,
            ),
            "at most 625",
        ),
        (line(type="auth", proof="00" * 32, resume=[], watch=False), "must be an object or null"),
        (
            line(type="auth", proof="00" * 32, resume={"match": "00" * 8, "game": 1}, watch=False),
            "resume lacks the field moves",
        ),
        (line(type="auth", proof="00" * 32, resume=None), "auth lacks the field watch"),
        (line(type="auth", proof="00" * 32, resume=None, watch=1), "watch must be true or false"),
        (line(type="audience", guest="Gil", watchers=["a"] * 9, chat=False), "at most 8 names"),
        (line(type="heard", name="Ann", role="watcher", text="hi"), "role must be one of host, guest"),
        (line(type="refuse", what="chat", ply=0, why="sleepy"), "why must be one of"),
        (b"[" * 5000, "JSON object"),
    ],
)
def test_malformed_lines_are_refused_with_a_reason(data: bytes, words: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        p.decode(data)
    assert words in str(caught.value)


def test_hello_reports_another_version_or_protocol_before_anything_else() -> None:
    with pytest.raises(VersionError, match=f"version 99 and this gomoku speaks version {p.VERSION}"):
        p.decode(line(type="hello", protocol=p.PROTOCOL, version=99, brand_new_field=1))
    with pytest.raises(VersionError, match="does not speak gomoku-net"):
        p.decode(b'{"type":"hello","protocol":"SSH-2.0"}')
    assert VersionError("x").code == "version"


def test_a_line_over_the_limit_is_refused_unread() -> None:
    with pytest.raises(LineTooLongError):
        p.decode(b" " * (p.MAX_LINE + 1))


def test_text_loses_control_characters_and_terminal_escapes() -> None:
    hostile = "\x1b[2J\x1b[31mred\x1b[0m \x1b]0;pwned\x07ok\x9b1mx \u202eevil\x00\ttab\r\nnew\x7f"
    assert p.clean_text(hostile) == "red okx evil tab new"
    assert p.decode(line(type="chat", text=hostile)).text == "red okx evil tab new"
    assert p.Chat(text="a\x1b[1mb").text == "ab"  # what we build is cleaned as well
    assert p.clean_text("日本語 ok 😀") == "日本語 ok 😀"


def test_the_line_reader_cuts_lines_across_chunks() -> None:
    reader = p.LineReader(limit=16)
    assert reader.feed(b"ab") == []
    assert reader.feed(b"c\ndef\r\n\ngh") == [b"abc", b"def", b""]
    assert reader.feed(b"i\n") == [b"ghi"]


def test_the_line_reader_stops_a_long_line_without_holding_it() -> None:
    reader = p.LineReader(limit=16)
    with pytest.raises(LineTooLongError):
        reader.feed(b"x" * 16)
    with pytest.raises(LineTooLongError):
        p.LineReader(limit=16).feed(b"ok\n" + b"y" * 20 + b"\n")
    assert p.LineReader(limit=16).feed(b"x" * 15 + b"\n") == [b"x" * 15]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_random_bytes_never_crash_the_parser(data: bytes) -> None:
    try:
        message = p.decode(data)
    except ProtocolError:
        return
    assert p.decode(p.encode(message)) == message


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(p.MESSAGES)),
    st.dictionaries(
        st.sampled_from(
            [
                "ply",
                "at",
                "x",
                "y",
                "kind",
                "text",
                "id",
                "proof",
                "nonce",
                "name",
                "role",
                "protocol",
                "version",
                "moves",
                "match",
                "game",
                "rule",
                "size",
                "black",
                "resume",
                "reason",
                "why",
                "code",
                "what",
                "winner",
                "ending",
                "accept",
            ]
        ),
        json_values,
        max_size=8,
    ),
)
def test_fuzz_plausible_objects_parse_or_are_refused(kind: str, fields: dict) -> None:
    data = json.dumps({"type": kind, **fields}).encode()
    try:
        message = p.decode(data)
    except ProtocolError:
        return
    assert isinstance(message, p.MESSAGES[kind])
    assert p.decode(p.encode(message)) == message


def test_the_longest_start_fits_a_line() -> None:
    """A full 25x25 board, a full chat of escaped characters, the most opening steps and a clock reading."""
    chat = tuple(ChatLine(Role.GUEST, "\u263a" * p.MAX_CHAT) for _ in range(p.MAX_CHAT_LINES))
    longest_step = p.StepRecord.of(o.choose(o.Option.FIFTH_IN_SQUARE))
    start = p.Start(
        match=b"m" * 8,
        game=1_000_000,
        rule=Rule.FREESTYLE,
        size=25,
        black=Role.HOST,
        moves=FULL_BOARD,
        chat=chat,
        opening=OpeningRule.TARAGUCHI10,
        steps=(longest_step,) * p.MAX_STEPS,
        clock=parse_clock("600+100x3600"),
        time=p.Reading(
            host_ms=p.MAX_COUNT, guest_ms=p.MAX_COUNT, host_periods=100, guest_periods=100, running=None, used_ms=0
        ),
    )
    assert len(p.encode(start)) <= p.MAX_LINE


def test_version_5_carries_the_caro_rule_and_a_version_4_peer_is_told_to_install_the_same_gomoku() -> None:
    # version 5 added caro to start's rule: a version 4 peer would refuse it mid-game, so it is refused at hello
    assert p.VERSION >= 5
    start = p.decode(start_line(rule="caro", size=15, moves=[]))
    assert isinstance(start, p.Start) and start.rule is Rule.CARO
    assert p.decode(p.encode(start)) == start
    with pytest.raises(
        VersionError, match=f"version 4 and this gomoku speaks version {p.VERSION}: install the same gomoku"
    ):
        p.decode(line(type="hello", protocol=p.PROTOCOL, version=4, role="host", name="H", nonce="00" * 16))
