"""Damaged and hostile versions of valid files, for testing every reader of outside data.

A reader of files or lines from outside (records, saves, settings, protocol
lines) must answer *any* input with its own error, never a traceback.
Hand-picked cases miss things; these strategies start from a valid input and
damage it the ways files and peers do: flipped bits, inserted and deleted
bytes, nesting thousands deep, numbers of thousands of digits, values of the
wrong type.
"""

from __future__ import annotations

from hypothesis import strategies as st

#: Numbers that break naive readers: past Python's 4300-digit conversion limit, negative,
#: floats where whole numbers belong, infinities, NaN, past 64 bits.
HOSTILE_NUMBERS = (b"9" * 5000, b"-1", b"1e999", b"1.5", b"NaN", b"-0", b"99999999999999999999")
#: JSON values of every type, to put where another type belongs.
WRONG_TYPES = (b"null", b"true", b"[]", b"{}", b'"x"', b"0", b'"' + b"x" * 3000 + b'"')
#: Nesting deeper than any recursive reader can follow.
MAX_NESTING = 5000
ACTIONS = ("flip", "insert", "delete", "nest", "number", "retype", "truncate")


@st.composite
def mutated(draw: st.DrawFn, valid: bytes, most: int = 6) -> bytes:
    """``valid`` with one to ``most`` random damages."""
    raw = bytearray(valid)
    for _ in range(draw(st.integers(1, most))):
        action = draw(st.sampled_from(ACTIONS))
        at = draw(st.integers(0, len(raw)))
        if action == "flip" and raw:
            raw[min(at, len(raw) - 1)] ^= 1 << draw(st.integers(0, 7))
        elif action == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif action == "delete":
            del raw[at : at + draw(st.integers(1, 8))]
        elif action == "nest":
            depth = draw(st.integers(1, MAX_NESTING))
            opener, closer = draw(st.sampled_from([(b"[", b"]"), (b'{"a":', b"}"), (b"(", b")"), (b"(;", b")")]))
            raw[at:at] = opener * depth + b"1" + closer * depth
        elif action == "number":
            raw[at:at] = draw(st.sampled_from(HOSTILE_NUMBERS))
        elif action == "retype":
            raw[at : at + draw(st.integers(0, 6))] = draw(st.sampled_from(WRONG_TYPES))
        else:
            del raw[at:]
    return bytes(raw)


#: Any JSON value at all, nested a little.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30,
)
