"""Papillon through the site's game interface, and what must hold at every step of random
games at every player count: the 58 cards of each deck all accounted for, views that
name no hidden card, notation that round-trips, replay and undo identity."""

from __future__ import annotations

import hashlib
import random
from itertools import combinations, permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError, IllegalActionError
from farfalia.core.interface import random_play
from farfalia.games.papillon.engine.captures import OPERATIONS, Capture, captures, equation
from farfalia.games.papillon.engine.cards import BLUE, SIGNS, blue_numbers, deck_cards
from farfalia.games.papillon.engine.game import PapillonGame, Roll, Shuffle, action_name, blue_move, parse_action
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES, seat_view
from tests.support import PAPILLON_SETTINGS, check_conservation, check_random_game


def check_secrecy(game: PapillonGame) -> None:
    """No view names a card of another hand, of the undealt deck or of the draw pile."""
    for player in range(game.players):
        view = seat_view(game, player)
        hidden = {card for other, hand in enumerate(game.hands) if other != player for card in hand}
        hidden |= set(game.deck) | set(game.draw_pile)
        assert not view.public_cards() & hidden
        assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
        assert bool(view.legal_actions) == (game.current_player() == player)


def test_random_games_are_pinned() -> None:
    """Random games through the checked API and through the search's unchecked playouts, three
    seeds of each settings, hashed: a faster core must play the very same games, since the bots'
    playouts, the tournaments' figures in ``docs/bots.md`` and every replay rest on them."""
    played = hashlib.sha256()
    for papillon in PAPILLON_SETTINGS:
        for seed in range(3):
            checked = random_play(PAPILLON_RULES, papillon, seed)
            unchecked = PAPILLON_RULES.new(papillon, seed)
            choices = random.Random(seed)
            while not unchecked.is_over():
                unchecked.random_playout(choices, 1000)
            played.update(repr((checked.history, checked.returns(), unchecked.history, unchecked.returns())).encode())
    assert played.hexdigest()[:16] == "084e09675f0f1380"


@pytest.mark.parametrize("papillon", PAPILLON_SETTINGS, ids=str)
def test_papillon_implements_the_interface(papillon: PapillonSettings) -> None:
    game = check_random_game(PAPILLON_RULES, papillon, seed=papillon.players)  # type: ignore[arg-type]
    assert len(game.round_scores()) == len(papillon.colours)


@pytest.mark.parametrize("papillon", PAPILLON_SETTINGS, ids=str)
def test_every_step_keeps_the_cards_and_the_secrets(papillon: PapillonSettings) -> None:
    for seed in range(6):
        game = PapillonGame(papillon, seed)
        rng = random.Random(seed)
        while not game.is_over():
            check_conservation(game)
            check_secrecy(game)
            legal = game.legal_actions()
            assert all(parse_action(action_name(action)) == action for action in legal)
            game.apply(rng.choice(legal))
        assert game.winners and set(game.winners) <= set(range(papillon.players))
        totals = game.returns()
        assert all(totals[p] == totals[q] for p in range(game.players) for q in range(game.players)
                   if game.sides[p] == game.sides[q])  # fmt: skip


@pytest.mark.parametrize("papillon", PAPILLON_SETTINGS, ids=str)
def test_a_round_just_scored_is_seen_before_the_next_is_dealt(papillon: PapillonSettings) -> None:
    """What a round's summary is read over: after the action that scored a round (and any
    roll for most cards, P-D23), before the next round's shuffle; nothing else is changed."""
    for seed in range(8):
        game = PapillonGame(papillon, seed)
        rng = random.Random(seed)
        while not game.is_over():
            rounds = len(game.round_scores())
            game.apply(rng.choice(game.legal_actions()))
            between = game.between_rounds()
            if len(game.round_scores()) == rounds or game.is_over():
                assert between is game
                continue
            assert between.round_scores() == game.round_scores()
            assert between.history == game.history[: len(between.history)]
            assert between.history[-1] == game.actions[-1] or isinstance(between.history[-1], Roll)
            assert between.current_player() == -1 and between.colour == "orange"
            assert not any(between.hands) and not any(between.layout) and not between.table


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_replay_and_undo_rebuild_every_state(players: int, seed: int, cut: float) -> None:
    """Settings + seed + actions rebuild a game exactly; given chance outcomes (no seed) too;
    undo then the same action again changes nothing."""
    papillon = PapillonSettings(players=players, two_against_one=players == 3 and seed % 2 == 1)
    whole = random_play(PAPILLON_RULES, papillon, seed)
    actions = whole.actions[: int(len(whole.actions) * cut)]
    game = PapillonGame.replay(papillon, seed, actions)
    chance = [step for step in whole.history if not isinstance(step, int)]
    scripted = PapillonGame.replay(papillon, seed + 1, actions, chance)
    assert scripted.history == game.history == whole.history[: len(game.history)]
    if actions:
        before = list(game.history)
        assert game.undo() == actions[-1]
        game.apply(actions[-1])
        assert game.history == before


def test_bad_chance_outcomes_are_refused() -> None:
    papillon = PapillonSettings(players=2)
    with pytest.raises(FarfaliaError, match="shuffle of 58 cards"):
        PapillonGame(papillon, 0, [Shuffle(tuple(range(57)))])
    with pytest.raises(FarfaliaError, match="roll of 2"):
        PapillonGame(papillon, 0, [Shuffle(tuple(range(58))), Roll(((1, 7), (2, 2)))])
    waiting = PapillonGame(papillon, 0, [Shuffle(tuple(range(58)))], draw=False)
    assert waiting.current_player() == -1 and waiting.legal_actions() == []


#: Every sign's operations, as (symbol, function).
ALL_OPERATIONS = [operation for operations in OPERATIONS.values() for operation in operations]


def brute_force_captures(hand: list[int], table: list[int], yang: int) -> set[Capture]:
    """The captures of P-R11–P-R14 and P-D14–P-D16 straight from their definitions, by trying
    every one or two cards of the hand against every set of table cards."""
    found = set()

    def numbers(card: int) -> tuple[int, ...]:
        return blue_numbers(card, yang)

    def operations(x: int, y: int, sign: int) -> set[int]:
        return {value for _, operate in OPERATIONS[sign] if (value := operate(x, y)) is not None}

    tables = [set(chosen) for size in range(1, len(table) + 1) for chosen in combinations(table, size)]
    for taken in tables:
        numbered, signs = [c for c in taken if numbers(c)], [c for c in taken if c in SIGNS]
        for result in (c for c in hand if numbers(c)):
            if len(numbered) == len(taken) and set(numbers(result)) & {
                sum(pick) for pick in product(*(numbers(c) for c in taken))
            }:  # a match or a sum (P-R11, P-R12): one card takes cards adding up to its number
                found.add(Capture(frozenset({result}), frozenset(taken)))
            for sign in (c for c in hand if c in SIGNS):  # (i) sign and result from the hand
                if len(taken) == len(numbered) == 2 and any(
                    set(numbers(result)) & operations(x, y, sign)
                    for first, second in permutations(taken)
                    for x in numbers(first)
                    for y in numbers(second)
                ):
                    found.add(Capture(frozenset({sign, result}), frozenset(taken)))
            if (len(signs), len(numbered), len(taken)) == (1, 2, 3) and any(  # (ii) sign and operands on the table
                set(numbers(result)) & operations(x, y, signs[0])
                for first, second in permutations(numbered)
                for x in numbers(first)
                for y in numbers(second)
            ):
                found.add(Capture(frozenset({result}), frozenset(taken)))
            if len(signs) == 1 and len(numbered) == 1 and len(taken) == 2:  # (iii) one operand from the hand
                for operand in (c for c in hand if numbers(c) and c != result):
                    if any(
                        set(numbers(result)) & (operations(x, y, signs[0]) | operations(y, x, signs[0]))
                        for x in numbers(numbered[0])
                        for y in numbers(operand)
                    ):
                        found.add(Capture(frozenset({operand, result}), frozenset(taken)))
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(deck_cards(BLUE)), min_size=2, max_size=12, unique=True), st.data())
def test_captures_are_exactly_those_the_rules_define(cards: list[int], data: st.DataObject) -> None:
    """P-D14, P-D15: the enumeration is complete and invents nothing, zeros, signs and the
    Couteau Suisse included, checked against the rules' definitions by brute force."""
    cut = data.draw(st.integers(1, min(5, len(cards) - 1)))
    hand, table = cards[:cut], cards[cut:]
    yang = data.draw(st.sampled_from([12, 7, 0]))
    found = captures(hand, table, yang)
    assert found == brute_force_captures(hand, table, yang)
    for capture in found:  # each one's equation, as the chooser shows it, holds
        left, _, right = equation(capture, table, yang).partition(" = ")
        terms = left.split()
        operate = next((operate for symbol, operate in ALL_OPERATIONS if symbol in terms[1:2]), None)
        value = operate(int(terms[0]), int(terms[2])) if len(terms) == 3 and operate else sum(map(int, terms[::2]))
        assert value == int(right) and any(value in blue_numbers(card, yang) for card in capture.played)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(deck_cards(BLUE)), min_size=2, max_size=14, unique=True), st.data())
def test_a_checked_blue_action_is_refused_exactly_when_it_is_not_listed(cards: list[int], data: st.DataObject) -> None:
    """A checked blue action is judged on its own cards, not looked up among every capture (a
    table that discards have filled lists 150,000): it is refused exactly when the legal actions
    do not list it. Tried: listed actions, and cards of the hand played with cards of the table
    taken at random (the Papillon, the Chrysalide, signs and discards among them), forced
    capture on and off (P-D13)."""
    cut = data.draw(st.integers(1, min(5, len(cards) - 1)))
    hand, table = cards[:cut], cards[cut:]
    forced = data.draw(st.booleans())

    def position() -> PapillonGame:
        game = PapillonGame(PapillonSettings(players=2, rounds="blue", forced_capture=forced), seed=1)
        while game.phase != "blue":
            game.apply(game.legal_actions()[0])
        game.hands[game.current], game.table = list(hand), list(table)
        return game

    game = position()
    legal = set(game.legal_actions())
    played, taken = st.sets(st.sampled_from(hand), min_size=1, max_size=3), st.sets(st.sampled_from(table), max_size=5)
    tried = [blue_move(*play) for play in data.draw(st.lists(st.tuples(played, taken), min_size=5, max_size=30))]
    tried += data.draw(st.lists(st.sampled_from(sorted(legal)), max_size=5))
    for action in tried:
        try:
            game.apply(action)
        except IllegalActionError:
            assert action not in legal, action_name(action)
        else:
            assert action in legal, action_name(action)
            game = position()
