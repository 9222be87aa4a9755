"""Papillon scenarios: a round's deal set up card by card, checked by the engine, dealt as
written, and read back from any game's first round."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import ScenarioError
from farfalia.games.papillon.engine.cards import parse_card
from farfalia.games.papillon.engine.game import TAKE_ATTACK, PapillonGame
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES
from farfalia.games.papillon.page.editor import PapillonEditor
from farfalia.games.papillon.records.examples import BLUE_HANDS, BLUE_TABLE, MARC, blue_example
from farfalia.games.papillon.records.replay import decode_papillon, encode_papillon_with_chance
from farfalia.games.papillon.records.scenario import PapillonScenario, round_at, scenario_of, sides_kept


def cards(words: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in words.split())


def rulebook_scenario(**changes: object) -> PapillonScenario:
    """The blue worked example's deal (Marc deals; Anna wins the roll), as a scenario."""
    scenario = PapillonScenario(
        settings=PapillonSettings(2, rounds="blue", dealer=MARC),
        hands=(cards(BLUE_HANDS[0]), cards(BLUE_HANDS[1])),
        middle=cards(BLUE_TABLE),
        starter=0,
        names=("Anna", "Marc"),
    )
    return dataclasses.replace(scenario, **changes)


def test_the_rulebooks_capture_is_set_up_and_played() -> None:
    # P-R13: the Chat Noir (22) and a 10 on the table; Anna's Moins and Yin (12) take both: 22 - 10 = 12.
    game = rulebook_scenario(plays=("MO+YIxCN+E10",)).game()  # type: ignore[arg-type]
    assert game.table == [] and sorted(game.hands[0]) == sorted(cards("F6 E3 F2 CS PA"))
    assert game.hands[1] == list(cards(BLUE_HANDS[1])) and game.current == 1
    example = blue_example(("MO+YIxCN+E10",)).game
    assert sorted(game.hands[0]) == sorted(example.hands[0]) and game.table == example.table


def test_every_problem_of_a_set_up_is_named() -> None:
    short = rulebook_scenario(hands=(cards(BLUE_HANDS[0])[:6], cards(BLUE_HANDS[1])), middle=cards("CN E10 F1"))
    words = [str(message) for message in short.problems()]
    assert words == ["Anna holds 6; each hand is dealt 7 cards", "the table starts with 2 cards, not 3"]
    twice = rulebook_scenario(middle=cards("CN D5"))  # D5 is in Marc's hand
    assert [str(m) for m in twice.problems()] == ["D5 is given more than once: Marc, the table"]
    orange_card = rulebook_scenario(middle=cards("CN E10o"))
    assert [str(m) for m in orange_card.problems()] == [
        "E10o is not a card of the blue deck, which the blue round is dealt from"
    ]
    with pytest.raises(ScenarioError, match="Anna holds 6"):
        short.game()


def test_an_illegal_play_is_named_with_its_number_and_reason() -> None:
    scenario = rulebook_scenario(plays=(parse_action_of("D5"),))
    with pytest.raises(ScenarioError, match=r"play 1 \(D5\): .*illegal"):
        scenario.game()  # Anna plays first: Marc's D5 is not hers


def parse_action_of(word: str) -> int:
    from farfalia.games.papillon.engine.game import parse_action

    return parse_action(word)


def test_orange_starting_cards_must_have_numbers() -> None:
    scenario = PapillonScenario(PapillonSettings(2, rounds="orange"), ((), ()), cards("CNo E5o"))
    assert "CNo cannot be a starting card: starting cards have numbers (P-D27)" in [str(m) for m in scenario.problems()]
    filled = dataclasses.replace(scenario, middle=cards("E5o")).filled(random.Random(1))
    game = filled.game()
    assert [len(hand) for hand in game.hands] == [7, 7] and game.layout[0] == [parse_card("E5o")]
    assert len(game.layout[1]) == 1 and game.colour == "orange"


def test_a_game_of_sides_names_the_partners_in_its_set_up() -> None:
    scenario = PapillonScenario(PapillonSettings(5, rounds="blue"), ((),) * 5, starter=2).filled(random.Random(2))
    assert [m.key for m in scenario.problems()] == ["pa-partners"]
    partner = next(a for a in PapillonGame(scenario.settings, 0, scenario.chance()).legal_actions())
    game = dataclasses.replace(scenario, partners=partner).game()
    assert game.current == 2 and len(set(game.sides)) == 2 and game.phase == "blue" and game.direction == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.sampled_from(["both", "blue", "orange"]), st.integers(0, 10_000), st.integers(0, 400))
def test_any_games_first_round_is_read_back_and_replays_the_same(
    players: int, rounds: str, seed: int, steps: int
) -> None:
    """The scenario of a game's first round deals the same hands and, played on with the
    same plays, reaches the same state as the game at the end of those plays."""
    game = PAPILLON_RULES.new(PapillonSettings(players, rounds=rounds, dealer=seed % players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over() or game.round_index > 0:
            break
        game.apply(rng.choice(game.legal_actions()))
    try:
        scenario = scenario_of(game, ("A", "B", "C", "D", "E")[:players])
    except ScenarioError:
        assert game.phase in ("partners", "direction")
        return
    assert scenario.problems() == []
    rebuilt = scenario.game()
    if game.round_index == 0 and not game.is_over():  # a practice round's settings, a roll the starter wins
        assert without(rebuilt.public_state()) == without(game.public_state())
        assert rebuilt.hands == game.hands and rebuilt.decisions() == game.decisions()
    else:  # the round is over (its last rolls, ties and Couteaus, are the scenario's own: drawn from its seed)
        first_round = [action for action, (_, round_index) in zip(game.actions, game.decisions()) if round_index == 0]
        assert rebuilt.is_over() and rebuilt.actions == first_round
    again = decode_papillon(encode_papillon_with_chance(rebuilt, scenario.names)).game()
    while rebuilt.draw_forced:  # P-E14: a link leaves forced draws out, and reading takes them, the last too
        rebuilt.apply(TAKE_ATTACK)
    assert again.hands == rebuilt.hands and again.actions == rebuilt.actions


#: What the blue round leaves in the orange round's state and a practice orange round has not.
BLUE_LEFTOVERS = ("blue_details", "blue_scores", "chat_noir", "deals_done", "last_capturer", "most_cards_side",
                  "piles", "round_index", "round_scores_")  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.booleans(), st.integers(0, 10_000), st.integers(0, 60))
def test_a_later_rounds_position_is_read_back_where_its_sides_can_be_kept(
    players: int, two_against_one: bool, seed: int, steps: int
) -> None:
    """The orange round of a whole game, some plays into it, as a practice round (P-E13): the same
    hands, layout, draw pile and turn, its starter's partners the game's sides; refused, naming
    the starter, where that starter stands on the smaller side (five players, two against one)."""
    papillon = PapillonSettings(players, two_against_one=two_against_one and players == 3, dealer=seed % players)
    game = PapillonGame(papillon, seed)
    rng = random.Random(seed)
    while game.round_index == 0 or (steps > 0 and not game.is_over()):
        steps -= game.round_index > 0
        game.apply(rng.choice(game.legal_actions()))
    names = ("A", "B", "C", "D", "E")[:players]
    at = len(game.actions)
    shown = round_at(game, at)  # 0 where the last action ended the blue round
    assert shown == 1 or (shown == 0 and game.decisions()[-1][1] == 0)
    if not sides_kept(game, shown):
        with pytest.raises(ScenarioError, match="on the smaller side"):
            scenario_of(game, names, 1)
        assert papillon.partners_to_choose
        return
    scenario = scenario_of(game, names, shown)
    assert scenario.problems() == []
    rebuilt = scenario.game()
    if shown == 1 and not game.is_over():
        left_out = ("settings", "last_roll", "_rolling", *BLUE_LEFTOVERS, *(("direction",) if players == 2 else ()))
        # (at two players the direction changes nothing, P-D4: a Chrysalide's reversal is kept into the next round)
        assert {key: value for key, value in rebuilt.public_state().items() if key not in left_out} == {
            key: value for key, value in game.public_state().items() if key not in left_out
        }
        assert rebuilt.hands == game.hands and rebuilt.sides == game.sides
    editor = PapillonEditor.from_game(game, list(names), at)
    assert editor.scenario().plays == scenario.plays


def without(state: dict[str, object]) -> dict[str, object]:
    """A public state but for what a scenario sets anew: the rounds and the starting roll (who rolled, what)."""
    return {key: value for key, value in state.items() if key not in ("settings", "last_roll", "_rolling")}
