"""Shared fixtures: the rulebook's worked example after Andrew's discard and trump."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from farfalia.engine.game import Game
from farfalia.engine.rules import Settings
from farfalia.records.examples import ANDREW, EXAMPLE_HANDS, EXAMPLE_PROPOSAL, play, scripted
from farfalia.ui.language import set_language
from tools.catalogs import compile_catalogs


@pytest.fixture
def example() -> Game:
    """The worked example after Andrew's discard and his orange trump."""
    game = scripted(Settings("basic5", first_dealer=ANDREW), EXAMPLE_HANDS, EXAMPLE_PROPOSAL, seed=0)
    play(game, "discard:R9", "discard:G11", "trump:O")
    return game


def pytest_configure(config: pytest.Config) -> None:
    """The compiled catalogs the package reads (built, not kept: ``tools/catalogs.py``)."""
    compile_catalogs()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts, and leaves the package, speaking English."""
    set_language("en")
    yield
    set_language("en")
