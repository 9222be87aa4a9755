"""Papillon's replays worth fuzzing (``tools/fuzz_links.py``, the conformance suite): real ones
at every table, of random play, of the heuristic bot, of nothing but discards, and shared under way."""

from __future__ import annotations

import random
from collections.abc import Callable

from farfalia.core.interface import random_play
from farfalia.games.papillon.bots.heuristic import PapillonHeuristicBot
from farfalia.games.papillon.engine.game import PapillonGame
from farfalia.games.papillon.engine.rules import DEALS, PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES, seat_view
from farfalia.games.papillon.records.replay import encode_finished_rounds, encode_papillon


def sample_replays(seed: int = 0) -> list[str]:
    """At every player count: a whole game of random play, one of the heuristic's, one of nothing
    but discards (its table crowded), and a game shared under way (its chance written out); with
    the options (2 v 1, forced capture) and a practice round."""
    texts = []
    for players in sorted(DEALS):
        for settings in (
            PapillonSettings(players=players),
            PapillonSettings(players=players, forced_capture=True),
            PapillonSettings(players=3, two_against_one=True)
            if players == 3
            else PapillonSettings(players=players, rounds="orange"),
        ):
            game = random_play(PAPILLON_RULES, settings, seed + players)
            texts.append(encode_papillon(game))
            texts.append(encode_finished_rounds(game) if len(settings.colours) > 1 else encode_papillon(game))
        texts.append(
            encode_papillon(_played(PapillonSettings(players=players), seed, lambda game: game.offered_actions()[0]))
        )
        texts.append(encode_papillon(_played(PapillonSettings(players=players), seed, _heuristic(seed))))
    return texts


def _heuristic(seed: int) -> Callable[[PapillonGame], int]:
    """The heuristic bot's choice at each seat's turn."""
    bot, rng = PapillonHeuristicBot(), random.Random(seed)
    return lambda game: bot.choose(seat_view(game, game.current), rng)


def _played(settings: PapillonSettings, seed: int, choose: Callable[[PapillonGame], int]) -> PapillonGame:
    game = PAPILLON_RULES.new(settings, seed)
    while not game.is_over():
        game.apply(choose(game))
    return game
