"""Farfalia's replays worth fuzzing (``tools/fuzz_links.py``, the conformance suite): real ones,
of games in progress and whole, for every mode."""

from __future__ import annotations

from farfalia.core.interface import random_play
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.rules import MODES, Settings
from farfalia.games.farfalia.records.replay import encode


def sample_replays(seed: int = 0) -> list[str]:
    """A replay of a game in progress, and one of a whole game, for every mode."""
    texts = []
    for number, mode in enumerate(MODES):
        game = random_play(FARFALIA_RULES, Settings(mode), seed + number)
        texts.append(encode(game))
        while game.history and len(game.history) > 40:
            game.undo()
        texts.append(encode(game))
    return texts
