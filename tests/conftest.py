"""Shared fixtures: the rulebook's worked example after Andrew's discard and trump."""

from __future__ import annotations

import pytest

from farfalia.engine.game import Game
from farfalia.engine.rules import Settings
from farfalia.records.examples import ANDREW, EXAMPLE_HANDS, EXAMPLE_PROPOSAL, play, scripted


@pytest.fixture
def example() -> Game:
    """The worked example after Andrew's discard and his orange trump."""
    game = scripted(Settings("basic5", first_dealer=ANDREW), EXAMPLE_HANDS, EXAMPLE_PROPOSAL, seed=0)
    play(game, "discard:R9", "discard:G11", "trump:O")
    return game
