"""Shared fixtures: the site's games registered (as the page and the tools register them), the
rulebook's worked example after Andrew's discard and trump, English spoken."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.records.examples import ANDREW, EXAMPLE_HANDS, EXAMPLE_PROPOSAL, play, scripted
from farfalia.ui.game import site_games
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


@pytest.fixture
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews (and tries at their mistakes) with a small budget, in every game: the page's flow,
    not the judgement (that, at the games' own budgets: tests/test_review.py)."""
    for game in site_games():
        monkeypatch.setattr(game.reviewing(), "playouts", 120)
