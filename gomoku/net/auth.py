"""Join codes and the challenge-response that proves a guest was told the code.

A join code is 50 random bits written as 10 Crockford base-32 symbols in
groups of four, four and two: ``K7QM-4RZT-9X``.  Crockford's alphabet
(https://www.crockford.com/base32.html) leaves out ``I``, ``L``, ``O`` and ``U``,
so a code read aloud or copied by hand survives: :func:`normalize_code` takes
lower case, spaces and dashes anywhere, and reads ``O`` as ``0`` and ``I``/``L``
as ``1``.  50 bits is over the issue's 40: an attacker who may try one code per
connection at a thousand connections a second needs about 18,000 years on
average to find it.

The code itself never crosses the wire.  Each side sends a fresh random nonce
(:data:`NONCE_BYTES`); the guest proves it knows the code with
``HMAC-SHA256(code, "gomoku-net/1 guest" NUL host_nonce guest_nonce)`` and the
host answers with the same HMAC under the label ``host``, so the guest knows
it reached the right host too.  The labels keep one side's proof from being
replayed as the other's, and the fresh nonces keep an old proof from being
replayed at all.  Proofs are compared with :func:`hmac.compare_digest`.

What this does not protect: see ``docs/network.md`` (the traffic is not
encrypted, and whoever records a handshake can search the code space offline).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable

from gomoku.i18n import _, ngettext
from gomoku.net.errors import CodeError
from gomoku.net.match import Role

#: Crockford's base-32 alphabet: digits and letters without I, L, O, U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Symbols in a code: 10 symbols of 5 bits are 50 bits (the issue asks for at least 40).
CODE_SYMBOLS = 10
#: How the symbols are grouped when shown: short groups are easy to read aloud.
CODE_GROUPS = (4, 4, 2)
#: Letters people write for digits, read the way Crockford's decoding reads them.
_LOOKALIKES = {"O": "0", "I": "1", "L": "1"}
#: Random bytes in each side's nonce: 128 bits never repeat by chance.
NONCE_BYTES = 16
#: Bytes in a proof: one HMAC-SHA256 digest.
PROOF_BYTES = hashlib.sha256().digest_size
#: The HMAC message's prefix: the protocol and version, so a proof is good for nothing else.
_LABEL = b"gomoku-net/1 "

RandomBytes = Callable[[int], bytes]


def new_code(random_bytes: RandomBytes = secrets.token_bytes) -> str:
    """A fresh random join code, formatted for people (``K7QM-4RZT-9X``)."""
    bits = CODE_SYMBOLS * 5
    value = int.from_bytes(random_bytes((bits + 7) // 8), "big") >> (8 * ((bits + 7) // 8) - bits)
    symbols = "".join(ALPHABET[(value >> (5 * i)) & 31] for i in reversed(range(CODE_SYMBOLS)))
    return format_code(symbols)


def format_code(code: str) -> str:
    """``code`` (any accepted spelling) in its display form, dashes between the groups."""
    symbols = normalize_code(code)
    groups, start = [], 0
    for length in CODE_GROUPS:
        groups.append(symbols[start : start + length])
        start += length
    return "-".join(groups)


def normalize_code(code: str) -> str:
    """The code's 10 symbols in upper case, or :class:`CodeError` saying what to fix.

    Spaces and dashes are ignored; ``O`` reads as ``0`` and ``I``, ``L`` as ``1``.
    """
    symbols = []
    for char in code.upper():
        if char in " -":
            continue
        char = _LOOKALIKES.get(char, char)
        if char not in ALPHABET:
            shown = char if char.isprintable() else repr(char)
            raise CodeError(_("{char} cannot be in a join code: copy the code the host shows").format(char=shown))
        symbols.append(char)
    if len(symbols) != CODE_SYMBOLS:
        count = len(symbols)
        raise CodeError(
            ngettext(
                "a join code has {symbols} letters and digits, this one has {count}: "
                "copy the code the host shows, like K7QM-4RZT-9X",
                "a join code has {symbols} letters and digits, this one has {count}: "
                "copy the code the host shows, like K7QM-4RZT-9X",
                count,
            ).format(symbols=CODE_SYMBOLS, count=count)
        )
    return "".join(symbols)


def new_nonce(random_bytes: RandomBytes = secrets.token_bytes) -> bytes:
    """A fresh nonce for one handshake."""
    return random_bytes(NONCE_BYTES)


def proof(code: str, role: Role, host_nonce: bytes, guest_nonce: bytes) -> bytes:
    """What ``role`` sends to prove it knows ``code`` (the role's wire word is part of what is signed)."""
    message = _LABEL + Role(role).value.encode("ascii") + b"\0" + host_nonce + guest_nonce
    return hmac.new(normalize_code(code).encode("ascii"), message, hashlib.sha256).digest()


def check_proof(code: str, role: Role, host_nonce: bytes, guest_nonce: bytes, received: bytes) -> bool:
    """Whether ``received`` is ``role``'s proof of ``code`` for these nonces (constant time)."""
    return hmac.compare_digest(proof(code, role, host_nonce, guest_nonce), received)
