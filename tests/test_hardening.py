"""Hostile input to the engine's checked API: any value of any type that is not a legal
action, and an action whose given chance outcome breaks the rules, are refused with a
FarfaliaError and leave the game exactly as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError, IllegalActionError
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, Settings
from farfalia.games.farfalia.records import replay

#: Values of every kind a caller could pass by mistake or malice.
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.complex_numbers(),
    st.text(max_size=8),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sets(st.integers(), max_size=2),
    st.tuples(st.integers(), st.integers()),
    st.builds(object),
)


def game_in_play(mode: str, seed: int, steps: int) -> Game:
    game = FARFALIA_RULES.new(Settings(mode), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@settings(max_examples=400)
@given(st.sampled_from(MODES), st.integers(0, 1000), st.integers(0, 60), ANYTHING)
def test_a_value_that_is_no_legal_action_is_refused_and_changes_nothing(
    mode: str, seed: int, steps: int, value: object
) -> None:
    game = game_in_play(mode, seed, steps)
    legal = game.legal_actions()
    assume(not (type(value) is int and value in legal))  # a legal action's own code is played, as it should be
    before = replay.encode(game), game.legal_actions(), game.current_player()
    try:
        game.apply(value)  # type: ignore[arg-type]
    except FarfaliaError as error:
        assert str(error)
    else:
        raise AssertionError(f"{value!r} was played")
    assert (replay.encode(game), game.legal_actions(), game.current_player()) == before


@pytest.mark.parametrize("undoable", [True, False])
def test_an_action_whose_given_chance_outcome_breaks_the_rules_says_why_and_changes_nothing(undoable: bool) -> None:
    steps = list(game_in_play("basic5", 3, 400).history)
    last = next(k for k in range(len(steps) - 1) if isinstance(steps[k], int) and not isinstance(steps[k + 1], int))
    given = [step for step in steps[:last] if not isinstance(step, int)] + [("no", "outcome")]
    # A reader of a replay's text keeps nothing to undo with (undoable False), yet changes nothing either.
    game = Game(Settings("basic5"), 3, given, draw=False, undoable=undoable)
    for action in [step for step in steps[:last] if isinstance(step, int)]:
        game.apply(action)
    before = replay.encode(game), game.legal_actions(), game.current_player()
    with pytest.raises(IllegalActionError, match="does not fit phase"):
        game.apply(steps[last])
    assert (replay.encode(game), game.legal_actions(), game.current_player()) == before
