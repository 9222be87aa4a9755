"""Property tests over seeds, modes and variants: a random simulation that checks
invariants, views, clones, undo and replay at every step (as OpenSpiel does)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from farfalia.games.farfalia.engine.actions import PASS_ACTION
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.games.farfalia.engine.state import OVER, PICK, State
from farfalia.games.farfalia.engine.views import hidden_twin, seat_view
from tests.invariants import check_accounting, check_scores, check_turns

MAX_ACTIONS = 2000  # chinkway10, the longest game, takes about 750

game_settings = st.builds(
    Settings,
    mode=st.sampled_from(MODES),
    variants=st.frozensets(st.sampled_from(VARIANTS)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_settings, st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(game_settings: Settings, seed: int, choices: int) -> None:
    game = Game(game_settings, seed)
    chooser = random.Random(choices)
    states = [game.state.copy()]
    steps = 0
    while not game.is_over():
        assert steps < MAX_ACTIONS, "the game did not end"
        check_accounting(game.state)
        check_turns(game)
        if steps % 9 == 0:
            player = chooser.randrange(game_settings.players)
            twin = hidden_twin(game, player, chooser)
            assert seat_view(twin, player) == seat_view(game, player)
        before = game.state.copy()
        action = chooser.choice(game.legal_actions())
        game.apply(action)
        if steps % 5 == 0:
            game.undo()
            assert game.state == before
            game.apply(action)
        states.append(game.state.copy())
        steps += 1
    check_scores(game.state)
    assert game.winners
    replayed = Game(game_settings, seed)
    assert replayed.state == states[0]
    for action, expected in zip(game.actions, states[1:]):
        replayed.apply(action)
        assert replayed.state == expected


@settings(max_examples=40, deadline=None)
@given(game_settings, st.integers(0, 2**32), st.booleans())
def test_random_playout_makes_the_step_by_step_choices(game_settings: Settings, seed: int, always_pick: bool) -> None:
    fast, slow = State(game_settings), State(game_settings)
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    fast.random_playout(fast_rng, always_pick=always_pick)
    while slow.phase != 9:
        if slow.is_chance():
            slow.apply_chance(slow.chance_outcome(slow_rng))
        else:
            legal = slow.legal_actions()
            if always_pick and slow.phase == PICK:
                assert legal[-1] == PASS_ACTION
                legal = legal[:-1]
            slow.apply(legal[int(slow_rng.random() * len(legal))])
    assert fast == slow
    assert fast_rng.getstate() == slow_rng.getstate()


@settings(max_examples=30, deadline=None)
@given(game_settings, st.integers(0, 2**32), st.integers(0, 200))
def test_copies_are_equal_and_independent(game_settings: Settings, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = State(game_settings)
    for _ in range(steps):
        if state.phase == OVER:
            break
        if state.is_chance():
            state.apply_chance(state.chance_outcome(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    twin = state.copy()
    assert twin == state
    twin.random_playout(rng)
    assert twin != state or state.phase == OVER
