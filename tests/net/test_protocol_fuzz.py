"""Every line a peer can send is a message or a ProtocolError: generated and mutated lines (issue 21, item 18)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.net import protocol as p
from gomoku.net.errors import ProtocolError
from tests.mutations import json_values, mutated
from tests.net.test_protocol import EXAMPLES

VALID_LINES = [p.encode(message) for message in EXAMPLES]


def _decoded_or_refused(line: bytes) -> None:
    try:
        message = p.decode(line)
    except ProtocolError:
        return
    assert p.decode(p.encode(message)) == message  # what is accepted is a message that round-trips


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(VALID_LINES).flatmap(mutated))
def test_mutated_lines_are_messages_or_protocol_errors(line):
    _decoded_or_refused(line.rstrip(b"\n"))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_a_message_or_a_protocol_error(line):
    _decoded_or_refused(line)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(EXAMPLES), st.data())
def test_any_json_value_in_any_field_is_a_message_or_a_protocol_error(message, data):
    obj = json.loads(p.encode(message))
    name = data.draw(st.sampled_from(sorted(obj)))
    obj[name] = data.draw(json_values)
    _decoded_or_refused(json.dumps(obj).encode())


def test_nesting_thousands_deep_is_a_protocol_error():
    for opener, closer in ((b"[", b"]"), (b'{"a":', b"}")):
        deep = b'{"type": "start", "moves": ' + opener * 5000 + b"1" + closer * 5000 + b"}"
        _decoded_or_refused(deep[: p.MAX_LINE])
        _decoded_or_refused(deep)
