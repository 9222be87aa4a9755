"""Any game of the site, checked through its interface alone (after OpenSpiel's
random-simulation test): at every step of random games, the actor and the legal
actions make sense, an illegal action changes nothing, undo restores the game,
and settings + seed + actions rebuild it. Papillon will run the same checks."""

from __future__ import annotations

import pytest

from farfalia.core.interface import random_play
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.rules import MODES, Settings
from tests.support import check_random_game


@pytest.mark.parametrize("mode", MODES)
def test_farfalia_implements_the_interface(mode: str) -> None:
    settings = Settings(mode, frozenset({"burning", "double-you"}) if mode == "four" else frozenset())
    game = check_random_game(FARFALIA_RULES, settings, seed=len(mode))
    assert game.winners


def test_random_play_is_reproducible() -> None:
    settings = Settings("three")
    assert random_play(FARFALIA_RULES, settings, 3).history == random_play(FARFALIA_RULES, settings, 3).history
