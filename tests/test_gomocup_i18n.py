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
