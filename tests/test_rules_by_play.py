"""A test for every rule, through play: each expectation is derived by hand from the
rulebook (docs/RULES.md), written as a comment, never taken from the engine's own
helpers (``winners``, ``triangular``, ``lowest_total_dealer``, ``rank_players``…).
Most play seeded random games and check the rule at every moment it applies."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from farfalia.games.farfalia.engine.cards import (
    BUTTERFLY,
    BUTTERFLY_NUMBERS,
    FAMILY_OF,
    FIRST_WILD,
    NO_CARD,
    NUMBER_OF,
    SUIT_OF,
)
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.state import Trick
from farfalia.games.farfalia.engine.views import HIDDEN, seat_view

#: Points for n matching cards, from the rulebook's table: 1, 3, 6, 10, 15.
POINTS = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15}


def random_game(settings: Settings, seed: int) -> Iterator[Game]:
    """A seeded random game, yielded before every player action (then once over)."""
    game = Game(settings, seed)
    chooser = random.Random(seed)
    while not game.is_over():
        yield game
        game.apply(chooser.choice(game.legal_actions()))
    yield game


def finished(settings: Settings, seed: int) -> Game:
    """The seeded random game, played to its end."""
    game = Game(settings, seed)
    for game in random_game(settings, seed):  # noqa: B007 - the last one is the finished game
        pass
    return game


# ------------------------------------------------------------------ winners (P1)


def test_p1_basic5_two_highest_scores_win_ties_share() -> None:
    """P1: "the two highest scores" win: everyone at or above the second-ranked score."""
    seen = set()
    for seed in range(300):
        game = finished(Settings("basic5"), seed)
        totals = game.totals
        ranked = sorted(totals, reverse=True)
        # By hand: the second-ranked score is ranked[1]; a tie for it lets every tied player win.
        expected = tuple(p for p in range(5) if totals[p] >= ranked[1])
        assert game.winners == expected
        if ranked[0] == ranked[1]:
            seen.add("tie at the top")  # e.g. 10-10-8: the two tied players, nobody else
            assert len(expected) == ranked.count(ranked[0])
        elif ranked[1] == ranked[2]:
            seen.add("tie for second")  # e.g. 10-8-8: three winners
            assert len(expected) >= 3
        else:
            seen.add("plain")
            assert len(expected) == 2
    assert seen == {"tie at the top", "tie for second", "plain"}


# ------------------------------------------------------- no picks in tricks 1-3


@pytest.mark.parametrize(("mode", "hands"), [("four", range(4)), ("two", range(4)), ("three-short", [3])])
def test_no_pick_from_the_first_three_tricks(mode: str, hands: range | list[int]) -> None:
    """Modes for four, two and three (the short game's extra hand too): "no cards may be
    taken from the first three tricks"; from the fourth trick on, the winner may pick."""
    picks_after = 0
    for seed in range(4):
        for game in random_game(Settings(mode), seed):
            number = len(game.state.results)
            if number in hands and game.phase == "pick":
                assert len(game.state.tricks) >= 3  # the trick being closed is the 4th or later
        hand_tricks = tricks_by_hand(Settings(mode), seed)
        for number in hands:
            tricks = hand_tricks[number]
            assert all(trick.picked == NO_CARD for trick in tricks[:3])
            picks_after += sum(trick.picked != NO_CARD for trick in tricks[3:])
    assert picks_after > 0


def tricks_by_hand(settings: Settings, seed: int) -> list[list[Trick]]:
    """Every hand's completed tricks of a seeded random game (but for the hands' last
    tricks, which close with the hand: the next hand starts in the same step)."""
    hands: list[list[Trick]] = []
    for game in random_game(settings, seed):
        number = len(game.state.results) if not game.is_over() else len(game.state.results) - 1
        while len(hands) <= number:
            hands.append([])
        if game.state.tricks:
            hands[number] = list(game.state.tricks)
    return hands


# -------------------------------------------------------------- butterfly cards


def _side_collected(game: Game, side: int) -> list[int]:
    plan = game.plan
    return [c for row, s in zip(game.state.collections, plan.sides) if s == side for c in row]


@pytest.mark.parametrize("mode", ["basic5", "four", "three"])
def test_butterfly_cards_match_only_the_butterfly_up_to_the_proposal_and_follow_suit(mode: str) -> None:
    """The 8, 10 and 12 show a butterfly: taken only as a butterfly (never as their suit's
    family), never beyond the proposal's butterflies for the side, and still cards of
    their suit for following."""
    checked = {"pick": 0, "follow": 0}
    for seed in range(12):
        for game in random_game(Settings(mode), seed):
            state = game.state
            if game.phase == "pick":
                side = game.plan.sides[state.to_move]
                held = _side_collected(game, side)
                for card in state.trick:
                    if card >= FIRST_WILD:
                        continue
                    if NUMBER_OF[card] in BUTTERFLY_NUMBERS:
                        # By hand: a butterfly card matches a butterfly subject, while the side
                        # holds fewer butterflies than the proposal shows (never its suit's family).
                        wanted = state.proposal.count(BUTTERFLY)
                        have = sum(1 for c in held if NUMBER_OF[c] in BUTTERFLY_NUMBERS)
                        assert (card in state.pickable) == (have < wanted)
                        checked["pick"] += 1
            elif game.phase == "play" and state.trick:
                led = SUIT_OF[state.trick[0]]
                hand = [c for c in range(FIRST_WILD) if state.hands[state.to_move] >> c & 1]
                same = [c for c in hand if SUIT_OF[c] == led]
                if same and all(NUMBER_OF[c] in BUTTERFLY_NUMBERS for c in same):
                    # Only butterfly cards of the led suit in hand: one of them must be played.
                    plays = [a.card for a in game.legal_actions() if a.card is not None and a.card < FIRST_WILD]
                    assert sorted(plays) == same
                    checked["follow"] += 1
    assert checked["pick"] and checked["follow"]


# ----------------------------------------------------------------------- Burnin'


def _expected_burn(trick: tuple[int, ...]) -> list[int]:
    """By hand: a butterfly wild card burns the 8, 10 and 12 of every suit; a suit's wild
    card burns that suit's cards but its butterflies (they are butterflies, not its family)."""
    burnt = set()
    for wild in (c for c in trick if c >= FIRST_WILD):
        family = FAMILY_OF[wild]
        for card in trick:
            if card >= FIRST_WILD:
                continue
            is_butterfly = NUMBER_OF[card] in BUTTERFLY_NUMBERS
            if (family == BUTTERFLY and is_butterfly) or (family == SUIT_OF[card] and not is_butterfly):
                burnt.add(card)
    return sorted(burnt)


def _expected_winner(trick_cards: tuple[int, ...], leader: int, positions: int, trump: int) -> int:
    """By hand: the highest trump, else the highest card of the led suit; wild cards never win,
    burnt cards still count."""
    plays = [((leader + k) % positions, c) for k, c in enumerate(trick_cards) if c < FIRST_WILD]
    led = SUIT_OF[trick_cards[0]]
    trumps = [(NUMBER_OF[c], p) for p, c in plays if SUIT_OF[c] == trump]
    if trumps:
        return max(trumps)[1]
    return max((NUMBER_OF[c], p) for p, c in plays if SUIT_OF[c] == led)[1]


def test_burning_burns_by_family_burnt_cards_still_win_and_a_full_burn_offers_no_pick() -> None:
    seen = {"butterfly wild": 0, "suit wild spares butterflies": 0, "burnt winner": 0, "nothing left": 0}
    for seed in range(30):
        settings = Settings("basic5", frozenset({"burning"}))
        pick_decisions = []
        last = None
        for game in random_game(settings, seed):
            if game.phase == "pick":
                pick_decisions.append((len(game.state.results), len(game.state.tricks)))
            last = game
        assert last is not None
        hands = tricks_by_hand(settings, seed)
        for number, tricks in enumerate(hands):
            for index, trick in enumerate(tricks):
                burnt = _expected_burn(trick.cards)
                assert list(trick.burnt) == burnt
                wilds = [c for c in trick.cards if c >= FIRST_WILD]
                if any(FAMILY_OF[w] == BUTTERFLY for w in wilds) and burnt:
                    seen["butterfly wild"] += 1
                suit_wilds = {FAMILY_OF[w] for w in wilds if FAMILY_OF[w] != BUTTERFLY}
                spared = [
                    c for c in trick.cards
                    if c < FIRST_WILD and SUIT_OF[c] in suit_wilds and NUMBER_OF[c] in BUTTERFLY_NUMBERS
                ]  # fmt: skip
                if spared and not any(FAMILY_OF[w] == BUTTERFLY for w in wilds):
                    assert not set(spared) & set(burnt)
                    seen["suit wild spares butterflies"] += 1
                winner = _expected_winner(trick.cards, trick.leader, 5, last.state.results[number].trump)
                assert trick.winner == winner
                winning_card = trick.cards[(winner - trick.leader) % 5]
                seen["burnt winner"] += winning_card in burnt
                takeable = [c for c in trick.cards if c < FIRST_WILD and c not in burnt]
                if burnt and not takeable:
                    # Every play card burnt: nothing to take, so no pick decision at all (P6).
                    assert (number, index) not in pick_decisions and trick.picked == NO_CARD
                    seen["nothing left"] += 1
    assert all(seen.values()), seen


# ------------------------------------------------------------------- Double You


def test_double_you_in_four_doubles_only_the_doubler_on_an_early_hand() -> None:
    """Four with Double You, hand 1 of 4: player 0 doubles, the others decline. Partners
    score the same, "double his own score": player 0 gets twice his side's points, his
    partner (player 2) the plain points; the hand is not the last, so nothing else doubles."""
    settings = Settings("four", frozenset({"double-you"}), first_dealer=3)
    game = Game(settings, seed=8)
    chooser = random.Random(8)
    while not game.state.results:
        if game.phase == "double":
            game.apply("double" if game.to_act().player == 0 else "decline")
        else:
            game.apply(chooser.choice(game.legal_actions()))
    result = game.state.results[0]
    plan = result.plan
    collected = {side: sum(len(row) for row, s in zip(result.collections, plan.sides) if s == side) for side in (0, 1)}
    side_of = {seat: side for seat, side in zip(plan.seats, plan.sides)}
    expected = [POINTS[collected[side_of[p]]] * (2 if p == 0 else 1) for p in range(4)]
    assert list(result.player_points) == expected and len(game.state.results) < 4
    assert game.state.doubles_left == [1, 2, 2, 2]


# ------------------------------------------------------ game length and dealers


def test_two_plays_four_hands_the_deal_alternating() -> None:
    game = finished(Settings("two", first_dealer=1), 3)
    # By hand: 4 hands; the deal alternates (D10): 1, 0, 1, 0.
    assert [r.plan.dealer for r in game.state.results] == [1, 0, 1, 0]


def test_chinkway5_plays_five_hands_the_deal_passing_left() -> None:
    game = finished(Settings("chinkway5", first_dealer=2), 3)
    # By hand: 5 hands, the deal passes to the left: 2, 3, 4, 0, 1.
    assert [r.plan.dealer for r in game.state.results] == [2, 3, 4, 0, 1]


def test_three_plays_six_hands_the_dummy_always_opposite_the_dealer() -> None:
    game = finished(Settings("three", first_dealer=0), 3)
    results = game.state.results
    # By hand: 6 hands, the deal to the left: 0, 1, 2, 0, 1, 2; clockwise from the dealer sit
    # the left player, the dummy (seat 3), the right player: the dummy faces the dealer and
    # is the dealer's partner.
    assert [r.plan.dealer for r in results] == [0, 1, 2, 0, 1, 2]
    for result in results:
        plan = result.plan
        assert plan.seats[2] == 3 and plan.controllers[2] == plan.dealer
        assert plan.sides[0] == plan.sides[2] != plan.sides[1]


# ------------------------------------------------------------------- D1 and D6


def test_d1_the_lowest_total_deals_next_in_played_games() -> None:
    """D1: the lowest total deals; among tied players, the first met clockwise from the
    previous dealer's left neighbour (the previous dealer is met last)."""
    ties = 0
    for seed in range(40):
        game = finished(Settings("basic5"), seed)
        results = game.state.results
        totals = [0] * 5
        for before, after in itertools.pairwise(results):
            for p in range(5):
                totals[p] += before.player_points[p]
            low = min(totals)
            order = [(before.plan.dealer + step) % 5 for step in range(1, 6)]  # left neighbour first, dealer last
            expected = next(p for p in order if totals[p] == low)
            assert after.plan.dealer == expected
            ties += totals.count(low) > 1
    assert ties  # tie-breaks were exercised


def test_d6_chinkway_extra_hand_seats_players_by_rank() -> None:
    """D6: for the extra hand, players are ranked by total, ties broken by the latest hand's
    score, then the one before, and so on, then seat order; they sit clockwise 3rd
    (dealer), 4th, 5th, 1st, 2nd, so 1st + 4th and 2nd + 5th are partners."""
    tie_broken = 0
    for seed in range(12):
        game = finished(Settings("chinkway10"), seed)
        results = game.state.results
        assert len(results) == 11
        scores = [r.player_points for r in results[:10]]
        totals = [sum(hand[p] for hand in scores) for p in range(5)]

        keys = {p: (-totals[p], *(-hand[p] for hand in reversed(scores)), p) for p in range(5)}
        ranking = sorted(range(5), key=keys.__getitem__)
        extra = results[10].plan
        assert extra.seats == (ranking[2], ranking[3], ranking[4], ranking[0], ranking[1])
        assert extra.dealer == ranking[2]
        sides = dict(zip(extra.seats, extra.sides))
        assert sides[ranking[0]] == sides[ranking[3]] and sides[ranking[1]] == sides[ranking[4]]
        tie_broken += len(set(totals)) < 5
    assert tie_broken


# ------------------------------------------------------------------------- D2


def test_d2_three_dealer_sees_the_dummy_before_trump_on_a_later_hand() -> None:
    """D2: in `three` the dealer declares trump after seeing his hand and the dummy's seven
    face-up cards; the proposal is turned only afterwards. Checked at hand 2."""
    game = Game(Settings("three", first_dealer=0), seed=6)
    chooser = random.Random(6)
    while len(game.state.results) < 1 or game.phase != "trump":
        game.apply(chooser.choice(game.legal_actions()))
    assert game.plan.number == 1 and game.to_act().player == game.plan.dealer == 1
    view = seat_view(game, 1)
    dummy = view.seat(3)
    face_up = [up for _, up in dummy.layout]
    assert len(face_up) == 7 and HIDDEN not in face_up
    assert view.proposal == ()
    other = seat_view(game, 0)
    assert [up for _, up in other.seat(3).layout] == face_up  # the dummy's face-up cards are public
    assert all(down == HIDDEN for down, _ in other.seat(3).layout[:6])
