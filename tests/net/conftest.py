"""The ``net`` fixture: hosts and guests on loopback that are always stopped after the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.net.peers import Net


@pytest.fixture
def net() -> Iterator[Net]:
    started = Net()
    yield started
    started.stop()
