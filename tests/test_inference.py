"""Deals sampled from a seat view: indistinguishable from the real game to that seat."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from farfalia.core.codes import bits_of
from farfalia.games.farfalia.bots.inference import sample_state, voids
from farfalia.games.farfalia.engine.cards import SUIT_OF
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.games.farfalia.engine.views import omniscient_view, seat_view, with_state
from tests.invariants import check_accounting

#: State fields the view determines (the rest are the hidden cards and their records).
PUBLIC_FIELDS = ("phase", "steps", "plan", "totals", "results", "doubles_left", "trump", "proposal", "need")
PUBLIC_FIELDS += ("collections", "trick", "tricks", "pickable", "burnt", "to_move", "winners")
TRICK_FIELDS = ("leader", "led", "strength", "best_key", "best_pos")

game_settings = st.builds(Settings, mode=st.sampled_from(MODES), variants=st.frozensets(st.sampled_from(VARIANTS)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_settings, st.integers(0, 2**32))
def test_sampled_states_look_the_same_to_the_seat(game_settings: Settings, seed: int) -> None:
    game = Game(game_settings, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over():
        turn = game.to_act()
        assert turn is not None
        if game.phase != "double" and steps % 3 == 0:
            view = seat_view(game, turn.player)
            sampled = sample_state(view, rng)
            check_accounting(sampled)
            assert seat_view(with_state(game, sampled), turn.player) == view
            assert sampled.legal_actions() == game.state.legal_actions()
            real = game.state
            for public in PUBLIC_FIELDS + (TRICK_FIELDS if real.trick else ()):
                assert getattr(sampled, public) == getattr(real, public), public
            for pos, lacking in enumerate(voids(view)):
                assert not [c for c in bits_of(sampled.hands[pos]) if c < 52 and lacking >> SUIT_OF[c] & 1]
            sampled.random_playout(rng, hand_only=True)  # the sample plays on as a real game
        game.apply(rng.choice(game.legal_actions()))
        steps += 1


@settings(max_examples=20, deadline=None)
@given(game_settings, st.integers(0, 2**32), st.integers(0, 40))
def test_an_omniscient_view_rebuilds_the_real_cards(game_settings: Settings, seed: int, steps: int) -> None:
    game = Game(game_settings, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    while game.phase in ("double", "over"):  # to a position with cards to rebuild
        if game.phase == "over":
            game.undo()
        else:
            game.apply(rng.choice(game.legal_actions()))
    rebuilt = sample_state(omniscient_view(game), rng)
    real = game.state
    assert rebuilt.discards == real.discards and rebuilt.covers == real.covers
    for pos, hand in enumerate(real.hands):
        turning = sum(1 << card for p, card in real.pending_reveals if p == pos)
        assert rebuilt.hands[pos] | sum(1 << c for p, c in rebuilt.pending_reveals if p == pos) == hand | turning
