"""Any game of the site, checked through its interface alone (after OpenSpiel's
random-simulation test): at every step of random games, the actor and the legal
actions make sense, an illegal action changes nothing, undo restores the game,
and settings + seed + actions rebuild it. Papillon will run the same checks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from farfalia.engine.definition import FARFALIA
from farfalia.engine.errors import FarfaliaError
from farfalia.engine.interface import CHANCE, TERMINAL, Play, Rules, random_play
from farfalia.engine.rules import MODES, Settings

#: Values of every kind that are no legal action anywhere.
NOT_ACTIONS: tuple[Any, ...] = (-5, 10**9, "nonsense", None, 3.0, True, [1], {}, {2}, b"B3")


def check_random_game(rules: Rules[Play], settings: Any, seed: int) -> Play:
    """Play a random game through ``rules``' interface, checking it at every step."""
    game = rules.new(settings, seed)
    assert isinstance(game, Play)
    rng = random.Random(seed)
    progress = game.progress()
    while True:
        player = game.current_player()
        legal = list(game.legal_actions())
        if player == TERMINAL:
            assert game.is_over() and not legal and game.winners
            assert len(game.returns()) == game.players == rules.players(settings)
            break
        assert player != CHANCE, "a game resolves its chance outcomes before a player acts"
        assert 0 <= player < game.players and legal and legal == sorted(set(legal))
        assert all(isinstance(action, int) for action in legal)
        before = list(game.history)
        for bad in NOT_ACTIONS:
            with pytest.raises(FarfaliaError):
                game.apply(bad)
            assert game.history == before
        action = rng.choice(legal)
        game.apply(action)
        if rng.random() < 0.05:  # undo sometimes, then play the same action again
            assert game.undo() == action and game.history == before
            game.apply(action)
        assert game.progress() >= progress  # rounds, then steps within a round, only grow
        progress = game.progress()
        rules.seat_view(game, player)  # every player's view can be built at every step
    again = rules.new(settings, seed)
    for action in game.actions:
        again.apply(action)
    assert again.history == game.history and again.returns() == game.returns()
    assert len(game.round_scores()) == game.progress().rounds
    assert [sum(points) for points in zip(*game.round_scores())] == list(game.returns())
    return game


@pytest.mark.parametrize("mode", MODES)
def test_farfalia_implements_the_interface(mode: str) -> None:
    settings = Settings(mode, frozenset({"burning", "double-you"}) if mode == "four" else frozenset())
    game = check_random_game(FARFALIA, settings, seed=len(mode))
    assert game.winners


def test_random_play_is_reproducible() -> None:
    settings = Settings("three")
    assert random_play(FARFALIA, settings, 3).history == random_play(FARFALIA, settings, 3).history
