"""The engine client moved into the package: :mod:`gomoku.engines`.  This shim keeps old imports working.

``benchmarks/strength.py`` (and any script) may go on writing
``from engine_client import RULE_CODES, Engine, EngineError``; new code
imports from ``gomoku.engines``, which also has :class:`~gomoku.engines.EnginePlayer`
(an engine as a player) and the precise error types.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gomoku.engines import (
    RULE_CODES,
    Engine,
    EngineCrash,
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineStartError,
    EngineTimeout,
)

__all__ = [
    "RULE_CODES",
    "Engine",
    "EngineCrash",
    "EngineError",
    "EngineIllegalMoveError",
    "EngineProtocolError",
    "EngineStartError",
    "EngineTimeout",
]
