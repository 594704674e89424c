"""An outside engine's failure, as the curses game and the review report it, is said in the player's language.

The Gomocup protocol's own lines stay English (a manager reads them); what a
player reads of an engine's failure goes through the catalog.  A fake catalog
marks each text it translates with ``«…»``.
"""

from __future__ import annotations

import pytest

from gomoku.gomocup.manager import Engine, EngineStartError, parse_engine_spec
from tests.i18n_fakes import use_fake


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake(monkeypatch)


def test_an_engine_that_will_not_start_is_said_by_its_name_in_the_players_language(marked, tmp_path) -> None:
    missing = tmp_path / "pbrain-missing"
    with pytest.raises(EngineStartError) as caught:
        Engine(str(missing))
    error = caught.value
    assert error.engine == "pbrain-missing"
    assert error.reason.startswith("«will not start (") and ": check the path '/" in error.reason
    assert str(error) == f"«pbrain-missing {error.reason}»"  # the name placed by the sentence's pattern


def test_an_engine_option_that_names_nothing_is_translated(marked) -> None:
    with pytest.raises(EngineStartError) as caught:
        parse_engine_spec("rapfi=")
    assert str(caught.value) == "«'rapfi=' names no engine: write NAME=COMMAND, like rapfi=/path/to/pbrain-rapfi»"


def test_the_engine_answers_a_manager_in_english_whatever_the_language(tmp_path) -> None:
    """``--gomocup`` talks to a program: an occupied point's ERROR line is English under ``--lang ru``."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LANG": "ru_RU.UTF-8", "GOMOKU_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "gomoku", "--gomocup", "--lang", "ru", "--level", "easy"],
        input="START 15\nBOARD\n7,7,1\nDONE\nTURN 7,7\nEND\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    errors = [line for line in done.stdout.splitlines() if line.startswith("ERROR")]
    assert errors, done.stdout
    assert all(line.isascii() for line in errors), errors
