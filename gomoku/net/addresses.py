"""Addresses: where the host can be reached, how to write ``ADDRESS:PORT``, and the guest's command.

The host shows the guest one line to run, ``python -m gomoku --join
ADDRESS:PORT --code CODE`` (:func:`join_command`), for each address it can be
reached at (:func:`local_addresses`).  :func:`parse_address` reads what the
guest types: ``192.168.1.5``, ``192.168.1.5:5757``, ``[fd00::2]:5757``,
``::1``, ``example.org:6000``.  Nothing here contacts another machine.
"""

from __future__ import annotations

import ipaddress
import socket

from gomoku.i18n import _
from gomoku.net.errors import NetworkError

#: The default port: "5757" is easy to remember (five-seven, five-seven) and
#: is not in the IANA list of well-known services (checked against /etc/services).
DEFAULT_PORT = 5757
#: Addresses used only to learn which local address routes outwards: a UDP
#: "connect" sends nothing.  They are the documentation ranges (RFC 5737, RFC 3849).
_PROBE_V4 = "198.51.100.1"
_PROBE_V6 = "2001:db8::1"
#: The binds that mean "every interface".
WILDCARDS = ("", "0.0.0.0", "::")


class AddressError(NetworkError, ValueError):
    """An address or port the player typed that cannot be right."""


def format_address(host: str, port: int) -> str:
    """``host:port``, with an IPv6 address in brackets (``[::1]:5757``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``(host, port)`` from ``HOST``, ``HOST:PORT``, ``[IPV6]:PORT`` or a bare IPv6 address."""
    text = text.strip()
    host, port_text = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (text[end + 1 :] and not text[end + 1 :].startswith(":")):
            raise AddressError(
                _("{text} is not an address: write [IPV6]:PORT, like [::1]:5757").format(text=repr(text))
            )
        host, port_text = text[1:end], text[end + 2 :]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    if not host or any(c.isspace() for c in host):
        raise AddressError(
            _("{text} is not an address: write ADDRESS:PORT, like 192.168.1.5:5757").format(text=repr(text))
        )
    if not port_text:
        return host, default_port
    return host, parse_port(port_text)


def parse_port(text: str) -> int:
    """A TCP port number, 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise AddressError(_("{text} is not a port: use a number from 1 to 65535, like 5757").format(text=repr(text)))
    return int(text)


def join_command(address: str, port: int, code: str) -> str:
    """The exact command the guest runs to join at ``address``."""
    return f"python -m gomoku --join {format_address(address, port)} --code {code}"


def watch_command(address: str, port: int, code: str) -> str:
    """The exact command a watcher runs to watch the game at ``address`` (with the watchers' code)."""
    return f"python -m gomoku --watch {format_address(address, port)} --code {code}"


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_unspecified or ip.is_multicast or ip.is_link_local)


def _outward(family: socket.AddressFamily, probe: str) -> str | None:
    """The local address that routes towards ``probe`` (no packet is sent), if any."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, 9))
            return str(udp.getsockname()[0])
    except OSError:
        return None


def local_addresses(bind: str = "", ipv6: bool = True) -> list[str]:
    """The addresses a guest may use to reach a host bound to ``bind``: best first.

    A specific ``bind`` is the only answer.  For every interface: the address
    that routes outwards (what a LAN guest needs), the host name's other
    addresses, then the loopback addresses for a guest on the same machine.
    IPv6 addresses only if ``ipv6`` (the listening socket takes them).
    """
    if bind not in WILDCARDS:
        return [bind]
    found: list[str] = []
    candidates = [_outward(socket.AF_INET, _PROBE_V4)]
    if ipv6:
        candidates.append(_outward(socket.AF_INET6, _PROBE_V6))
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
        candidates += [str(info[4][0]) for info in infos]
    except OSError:
        pass
    for address in candidates:
        if address is None or address in found or not _usable(address):
            continue
        if ":" in address and not ipv6:
            continue
        if not ipaddress.ip_address(address).is_loopback:
            found.append(address)
    return found + (["127.0.0.1", "::1"] if ipv6 else ["127.0.0.1"])
