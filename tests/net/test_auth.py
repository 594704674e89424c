"""Join codes and the challenge-response."""

from __future__ import annotations

import pytest

from gomoku.net import auth
from gomoku.net.errors import CodeError


def test_a_new_code_has_50_bits_in_readable_groups() -> None:
    code = auth.new_code()
    groups = code.split("-")
    assert [len(g) for g in groups] == [4, 4, 2]
    assert set("".join(groups)) <= set(auth.ALPHABET)
    assert auth.CODE_SYMBOLS * 5 >= 40
    assert len({auth.new_code() for _ in range(50)}) == 50


def test_codes_come_from_the_random_source() -> None:
    assert auth.new_code(lambda n: b"\x00" * n) == "0000-0000-00"
    assert auth.new_code(lambda n: b"\xff" * n) == "ZZZZ-ZZZZ-ZZ"


@pytest.mark.parametrize("typed", ["k7qm-4rzt-9x", "K7QM4RZT9X", " k7qm 4rzt 9x ", "K7QM-4RZT-9X"])
def test_codes_are_read_the_way_people_type_them(typed: str) -> None:
    assert auth.format_code(typed) == "K7QM-4RZT-9X"


def test_lookalike_letters_read_as_digits() -> None:
    assert auth.normalize_code("OIL0-0000-00") == "0110000000"


@pytest.mark.parametrize(
    "typed, words",
    [("K7QM-4RZT", "this one has 8"), ("K7QM-4RZT-9XU", "U cannot be"), ("K7QM-4RZT-9\x1b", "'\\x1b' cannot be")],
)
def test_a_mistyped_code_says_what_to_fix(typed: str, words: str) -> None:
    with pytest.raises(CodeError) as caught:
        auth.normalize_code(typed)
    assert words in str(caught.value)


def test_proofs_depend_on_code_role_and_both_nonces() -> None:
    h, g = b"h" * 16, b"g" * 16
    proof = auth.proof("K7QM-4RZT-9X", "guest", h, g)
    assert len(proof) == auth.PROOF_BYTES == 32
    assert auth.check_proof("k7qm4rzt9x", "guest", h, g, proof)
    assert not auth.check_proof("K7QM-4RZT-9Y", "guest", h, g, proof)
    assert not auth.check_proof("K7QM-4RZT-9X", "host", h, g, proof)
    assert not auth.check_proof("K7QM-4RZT-9X", "guest", g, h, proof)
    assert not auth.check_proof("K7QM-4RZT-9X", "guest", h, b"x" * 16, proof)
    assert b"K7QM" not in proof and proof.hex().upper().find("K7QM4RZT9X") < 0
    with pytest.raises(ValueError):
        auth.proof("K7QM-4RZT-9X", "referee", h, g)
