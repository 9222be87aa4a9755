"""Scenarios: a hand set up card by card, checked with reasons, played on, shared as a link."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import ScenarioError
from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT, parse_action
from farfalia.games.farfalia.engine.cards import parse_card
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, VARIANTS, Settings
from farfalia.games.farfalia.records.examples import EXAMPLE_NAMES, burn_example, dummy_example, worked_example
from farfalia.games.farfalia.records.replay import decode, encode_with_chance
from farfalia.games.farfalia.records.scenario import Scenario
from farfalia.ui.links import Link


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def random_scenario(mode: str, variants: frozenset[str], seed: int) -> Scenario:
    """A scenario of ``mode`` whose every field is drawn at random, trump included."""
    settings = Settings(mode, variants, seed % Settings(mode).players)
    empty = Scenario(settings, ((),) * len(Scenario(settings, (), ()).plan.seats), ())
    rng = random.Random(seed)
    filled = empty.filled(rng)
    if filled.dealer_names_trump:
        filled = dataclasses.replace(filled, trump=rng.choice((NO_TRUMP_SUIT, 0, 1, 2, 3)))
    if settings.double_you:
        filled = dataclasses.replace(
            filled, doubles=frozenset(p for p in range(settings.players) if rng.random() < 0.5)
        )
    return filled


def played_on(scenario: Scenario, plays: int, seed: int) -> Scenario:
    """The scenario with up to ``plays`` random legal plays (and picks) added."""
    game = scenario.game()
    rng = random.Random(seed)
    added = []
    for _ in range(plays):
        legal = game.legal_actions()
        if not legal or game.progress().rounds:  # the hand is over
            break
        added.append(rng.choice(legal))
        game.apply(added[-1])
    return dataclasses.replace(scenario, plays=tuple(added))


def test_plays_past_the_hand_are_refused() -> None:
    """P14: a scenario is one hand; with Double You the next hand's first decision is
    offered once it ends, and a scenario may not take it."""
    scenario = played_on(random_scenario("basic5", frozenset({"double-you"}), 0), 60, 0)
    game = scenario.game()
    assert game.progress().rounds == 1 and game.legal_actions()
    onward = dataclasses.replace(scenario, plays=(*scenario.plays, game.legal_actions()[0]))
    with pytest.raises(ScenarioError, match=f"play {len(onward.plays)} .*the hand is over"):
        onward.game()


def test_the_rules_diagrams_are_scenarios() -> None:
    """The rules page's worked examples read as scenarios and write back to the same text."""
    for example in (worked_example(), dummy_example(), burn_example()):
        text = encode_with_chance(example.game, example.names)
        scenario = Scenario.from_replay(decode(text))
        assert scenario.replay_text() == text


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(MODES), st.sets(st.sampled_from(VARIANTS)), st.integers(0, 10**6), st.integers(0, 60))
def test_any_filled_scenario_plays_and_round_trips(mode: str, variants: set[str], seed: int, plays: int) -> None:
    scenario = played_on(random_scenario(mode, frozenset(variants), seed), plays, seed)
    assert scenario.problems() == []
    game = scenario.game()
    text = scenario.replay_text()
    replayed = decode(text).game()
    assert replayed.state == game.state
    assert Scenario.from_replay(decode(text)) == dataclasses.replace(scenario, names=())
    # Played on with a seed, the game goes on past the hand, dealt from it.
    onward = scenario.game(seed, draw=True)
    onward.state.random_playout(random.Random(seed))
    assert onward.is_over()


def test_a_five_player_scenario_link_is_at_most_400_characters() -> None:
    """A whole basic5 hand, its five names, mid-way through the last trick, as a link."""
    scenario = dataclasses.replace(
        random_scenario("basic5", frozenset({"burning", "double-you"}), 5), names=EXAMPLE_NAMES
    )
    scenario = played_on(scenario, 200, 5)
    game = scenario.game()
    assert game.progress().rounds == 1  # the whole hand was played
    link = "https://example.org/farfalia/#" + Link(scenario.replay_text(), at=len(game.actions) - 2).fragment()
    assert len(link) <= 400, link


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda s: s.hands[1][:-1], "Barbara holds 9; each hand is dealt 10 cards"),
        (lambda s: s.hands[1] + s.hands[2][:1], "Barbara holds 11; each hand is dealt 10 cards"),
    ],
)
def test_a_hand_of_the_wrong_size_is_refused_with_its_count(change, reason) -> None:
    scenario = worked_scenario()
    hands = list(scenario.hands)
    hands[1] = change(scenario)
    with pytest.raises(ScenarioError, match=reason):
        dataclasses.replace(scenario, hands=tuple(hands)).check()


def worked_scenario() -> Scenario:
    example = worked_example()
    return Scenario.from_replay(decode(encode_with_chance(example.game, example.names)))


def test_every_reason_names_what_is_wrong() -> None:
    base = dataclasses.replace(worked_scenario(), plays=())
    four = random_scenario("four", frozenset(), 3)
    hands = list(base.hands)
    hands[2] = hands[2][:-1] + hands[3][:1]  # Carl gets Daniel's B11 instead of his last card
    cases = {
        "B11 is in more than one hand: Carl, Daniel": dataclasses.replace(base, hands=tuple(hands)),
        "a proposal is 5 subjects (letters R G B O F), not 4": dataclasses.replace(base, proposal=base.proposal[:4]),
        "B3 is not in the dealer's hand (Andrew's) to be discarded": dataclasses.replace(base, discards=cards("R9 B3")),
        "the dealer (Andrew) names trump": dataclasses.replace(base, trump=None),
        "in four the proposal's first subject names trump": dataclasses.replace(four, trump=2),
        "wild cards are only dealt in Burnin' Down the House": dataclasses.replace(base, wilds=cards("WR1 WG1")),
        "each hand is dealt 13 cards": dataclasses.replace(four, hands=(four.hands[0][:12], *four.hands[1:])),
    }
    for reason, scenario in cases.items():
        with pytest.raises(ScenarioError, match=re.escape(reason)):
            scenario.check()


def test_a_pick_the_side_cannot_take_is_refused_with_the_engine_reason() -> None:
    """The rulebook's example: Daniel took the only fish, so Barbara (his partner) may not take another."""
    base = worked_scenario()
    plays = list(base.plays[:16])
    game = dataclasses.replace(base, plays=tuple(plays)).game()
    assert game.to_act().decision == "pick"
    fish = next(c for c in game.state.trick if c // 13 == 2)  # the blue 13 Emma led
    with pytest.raises(ScenarioError, match=r"play 17 .*the side already holds the proposal's 1 fish"):
        dataclasses.replace(base, plays=(*plays, parse_action(f"pick:{'B' + str(fish % 13 + 1)}"))).check()


def test_a_scenario_game_is_a_game_of_its_settings_seed_and_actions() -> None:
    """Played on from its chance outcomes, a scenario is an ordinary game: the same actions
    from the same outcomes rebuild it, and its view hides what views hide."""
    scenario = played_on(random_scenario("three", frozenset(), 8), 9, 8)
    game = scenario.game(seed=4, draw=True)
    again = Game.replay(scenario.settings, 4, game.actions, scenario.chance())
    assert again.state == game.state
    shared = decode(encode_with_chance(game)).game()  # shared with its outcomes written out
    assert shared.state == game.state
