"""Scenario tests for every mode and variant, traced to the decisions of docs/RULES.md."""

from __future__ import annotations

import random

import pytest

from farfalia.core.codes import bits_of
from farfalia.core.errors import SettingsError
from farfalia.games.farfalia.engine.actions import DealWilds, TurnProposal
from farfalia.games.farfalia.engine.cards import BUTTERFLY, parse_card, wild
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import (
    Settings,
    lowest_total_dealer,
    next_dealer,
    plan_hand,
    rank_players,
    triangular,
)
from farfalia.games.farfalia.engine.views import EMPTY, HIDDEN, seat_view
from farfalia.games.farfalia.records.examples import (
    BURN_HANDS,
    DUMMY_HANDS,
    cards,
    deal_by_seat,
    families,
    play,
    scripted,
)


def teams(plan) -> set[frozenset[int]]:
    """The sides of a plan as sets of seats."""
    return {frozenset(s for s, side in zip(plan.seats, plan.sides) if side == k) for k in set(plan.sides)}


# ------------------------------------------------------------------ teams per hand


def test_basic5_teams_follow_the_dealer() -> None:
    plan = plan_hand(Settings("basic5"), 0, 0)
    assert teams(plan) == {frozenset({0}), frozenset({1, 3}), frozenset({2, 4})}
    # DE's example: the deal passing from A to C makes A+D and B+E partners.
    assert teams(plan_hand(Settings("basic5"), 1, 2)) == {frozenset({2}), frozenset({3, 0}), frozenset({4, 1})}


def test_chinkway10_team_patterns() -> None:
    settings = Settings("chinkway10")
    # Hands 1-5: the dealer's two left neighbours together (dealer A: B+C, D+E).
    assert teams(plan_hand(settings, 0, 0)) == {frozenset({0}), frozenset({1, 2}), frozenset({3, 4})}
    assert teams(plan_hand(settings, 4, 4)) == {frozenset({4}), frozenset({0, 1}), frozenset({2, 3})}
    # Hands 6-10: left neighbour with the player three seats away (dealer A: B+D, C+E).
    assert teams(plan_hand(settings, 5, 0)) == {frozenset({0}), frozenset({1, 3}), frozenset({2, 4})}
    # Over ten hands every pair plays together twice and everyone deals twice.
    pairs: dict[frozenset[int], int] = {}
    for number in range(10):
        for team in teams(plan_hand(settings, number, number % 5)):
            if len(team) == 2:
                pairs[team] = pairs.get(team, 0) + 1
    assert len(pairs) == 10 and set(pairs.values()) == {2}


def test_chinkway5_flanking_teams_rotate_left() -> None:
    settings = Settings("chinkway5")
    assert teams(plan_hand(settings, 0, 0)) == {frozenset({0}), frozenset({1, 4}), frozenset({2, 3})}
    assert next_dealer(settings, 1, 0, [9, 0, 0, 0, 0], [[9, 0, 0, 0, 0]]) == 1  # left, not the lowest
    assert teams(plan_hand(settings, 1, 1)) == {frozenset({1}), frozenset({2, 0}), frozenset({3, 4})}


def test_four_partners_face_each_other_every_hand() -> None:
    for number in range(4):
        plan = plan_hand(Settings("four"), number, number)
        assert teams(plan) == {frozenset({0, 2}), frozenset({1, 3})}
        assert plan.first_pick_trick == 3 and plan.trump_from_subject


def test_three_seats_the_dummy_opposite_the_dealer() -> None:
    plan = plan_hand(Settings("three"), 0, 1)
    # Clockwise from the dealer: left player, dummy, right player (dummy seat 3).
    assert plan.seats == (1, 2, 3, 0) and plan.controllers == (1, 2, 1, 0)
    assert teams(plan) == {frozenset({1, 3}), frozenset({2, 0})}


def test_two_seats_each_dummy_opposite_its_player() -> None:
    plan = plan_hand(Settings("two"), 0, 1)
    assert plan.seats == (1, 0, 3, 2) and plan.controllers == (1, 0, 1, 0)
    assert teams(plan) == {frozenset({1, 3}), frozenset({0, 2})}
    # D10: the deal alternates, so the other player always leads the first trick.
    assert next_dealer(Settings("two"), 1, 1, [0, 0], [[0, 0]]) == 0


# --------------------------------------------------------------------- dealers


@pytest.mark.parametrize(
    ("totals", "previous", "expected"),
    [
        ([5, 3, 3, 9, 9], 0, 1),  # tie 1 and 2: 1 is met first left of the dealer
        ([5, 3, 3, 9, 9], 1, 2),  # the previous dealer is met last
        ([0, 0, 0, 0, 0], 4, 0),
        ([0, 0, 0, 0, 0], 0, 1),
        ([2, 7, 7, 7, 1], 2, 4),
    ],
)
def test_d1_lowest_total_deals_ties_clockwise(totals: list[int], previous: int, expected: int) -> None:
    assert lowest_total_dealer(totals, previous) == expected


def test_d6_ranking_breaks_ties_by_recent_hands_then_seat() -> None:
    totals = [20, 20, 15, 15, 10]
    # 0 and 1 tie: 0 scored more in the last hand. 2 and 3 tie: 2 did.
    assert rank_players(totals, [[10, 14, 5, 9, 0], [10, 6, 10, 6, 10]]) == [0, 1, 2, 3, 4]
    # Tied in the last hand: the hand before decides (1 beat 0 there).
    assert rank_players(totals, [[14, 12, 0, 0, 0], [6, 8, 0, 0, 0], [0, 0, 0, 0, 0]])[:2] == [1, 0]
    # Tied in every hand: seat order.
    assert rank_players([5, 5, 5, 5, 5], [[1, 1, 1, 1, 1]]) == [0, 1, 2, 3, 4]


def test_d6_chinkway_extra_hand_reseats_by_rank() -> None:
    ranking = (3, 0, 4, 1, 2)  # best first
    plan = plan_hand(Settings("chinkway10"), 10, ranking[2], ranking)
    # Clockwise: 3rd (dealer), 4th, 5th, 1st, 2nd; 1st+4th and 2nd+5th partners.
    assert plan.seats == (4, 1, 2, 3, 0)
    assert teams(plan) == {frozenset({4}), frozenset({3, 1}), frozenset({0, 2})}


def test_chinkway10_game_reaches_its_extra_hand_reseated() -> None:
    game = Game(Settings("chinkway10"), seed=11)
    chooser = random.Random(1)
    while len(game.state.results) < 10:
        game.apply(chooser.choice(game.legal_actions()))
    ranking = rank_players(game.totals, game.state.hand_scores)
    assert game.plan.number == 10
    assert game.plan.seats == tuple(ranking[k] for k in (2, 3, 4, 0, 1))
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    assert len(game.state.results) == 11
    assert game.winners == tuple(p for p, t in enumerate(game.totals) if t == max(game.totals))


def test_three_short_extra_hand_deals_all_cards_everyone_alone() -> None:
    game = Game(Settings("three-short"), seed=5)
    chooser = random.Random(2)
    while len(game.state.results) < 3:
        game.apply(chooser.choice(game.legal_actions()))
    plan = game.plan
    assert plan.dealer == lowest_total_dealer(game.totals, game.state.results[2].plan.dealer)  # D9
    assert plan.deal_sizes == (18, 17, 17) and len(set(plan.sides)) == 3 and not any(plan.dummies)
    # D9: trump first, then one discard, then the proposal.
    assert game.phase == "trump" and game.state.proposal == ()
    game.apply("notrump")
    assert game.phase == "discard"
    game.apply(game.legal_actions()[0])
    assert game.phase == "play" and len(game.state.proposal) == 5
    assert game.plan.tricks == 17


# --------------------------------------------------------------- trump choice


@pytest.mark.parametrize(("proposal", "trump"), [("B F R R O", 2), ("F B R R O", -1), ("O O G F F", 3)])
@pytest.mark.parametrize("mode", ["four", "two"])
def test_trump_from_the_first_subject(mode: str, proposal: str, trump: int) -> None:
    game = Game(Settings(mode, first_dealer=0), seed=3, chance=[TurnProposal(families(proposal))])
    assert game.state.trump == trump
    assert game.phase == "play"  # nobody chooses


def test_dealer_discards_then_declares_before_the_proposal() -> None:
    game = Game(Settings("basic5", first_dealer=2), seed=9)
    assert game.to_act().player == 2 and game.phase == "discard"
    assert len(bits_of(game.state.hands[0])) == 12
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert game.phase == "trump" and game.state.proposal == ()  # D2
    game.apply("trump:G")
    assert game.phase == "play" and len(game.state.proposal) == 5 and game.state.trump == 1
    assert game.to_act().player == 3  # left of the dealer leads


# ---------------------------------------------------------------------- dummy

THREE_HANDS = DUMMY_HANDS


@pytest.fixture
def three() -> Game:
    game = scripted(Settings("three", first_dealer=0), THREE_HANDS, "O R B G F", seed=0)
    assert game.plan.seats == (0, 1, 3, 2)
    assert game.phase == "trump"
    # D2: the dealer sees his hand and the dummy's seven face-up cards.
    dealer_view = seat_view(game, 0)
    assert dealer_view.seat(3).hand == cards("G1 G2 G3 G4 G5 B13 O13")
    assert [down for down, _ in dealer_view.seat(3).layout[:6]] == [HIDDEN] * 6
    game.apply("notrump")
    return game


def test_d4_dummy_follows_only_with_face_up_cards(three: Game) -> None:
    play(three, "R13")
    turn = three.to_act()
    assert (turn.player, turn.seat, turn.decision) == (0, 3, "play-dummy")
    # Its reds all lie face down: any face-up card may be played.
    assert sorted(three.state.legal_plays()) == sorted(cards("G1 G2 G3 G4 G5 B13 O13"))
    assert three.why_illegal("R1") == "R1 lies face down under the dummy's cards"


def test_d3_uncovered_card_turns_after_the_trick(three: Game) -> None:
    play(three, "R13", "G1")
    # Uncovered, but still face down until the trick ends.
    for viewer in (0, 1, 2):
        assert seat_view(three, viewer).seat(3).layout[0] == (HIDDEN, EMPTY)
    play(three, "G12", "O1")
    assert seat_view(three, 1).seat(3).layout[0] == (parse_card("R1"), EMPTY)
    # Now face up, R1 must follow red (D4).
    play(three, "R12")
    assert three.state.legal_plays() == cards("R1")


def test_dummy_partner_picks_then_dummy_leads(three: Game) -> None:
    play(three, "R13", "G1", "G12", "O1")  # trick 1: left player
    play(three, "R12", "R1", "B1", "O2")  # trick 2: left player
    play(three, "G6", "G2", "B2", "G13")  # trick 3: the dealer; no pick before trick 4
    assert all(t.picked == -1 for t in three.state.tricks)
    assert three.to_act().decision == "play"
    play(three, "O3", "R11", "O13", "B3")  # trick 4: the dummy's O13 wins
    turn = three.to_act()
    assert (turn.player, turn.seat, turn.decision) == (0, 3, "pick")
    assert sorted(a.card for a in three.legal_actions() if a.kind == "pick") == sorted(cards("O3 R11 O13 B3"))
    play(three, "pick:O13")
    turn = three.to_act()
    assert (turn.player, turn.seat, turn.decision) == (0, 3, "play-dummy")
    # D13: the card lies in front of the dummy's partner (the dealer, position 0), who chose it.
    assert three.state.collections[0] == [parse_card("O13")] and three.state.collections[2] == []


def test_d3_reveal_waits_for_the_pick(three: Game) -> None:
    play(three, "R13", "G1", "G12", "O1", "R12", "R1", "B1", "O2", "G6", "G2", "B2", "G13")
    play(three, "O3", "R11", "O13", "B3", "pick:O13")
    play(three, "G3", "B4", "O4", "G7")  # the dummy leads G3, uncovering R3; G7 wins
    assert three.to_act().decision == "pick" and three.to_act().player == 1
    assert seat_view(three, 1).seat(3).layout[2] == (HIDDEN, EMPTY)
    play(three, "pick:G7")
    assert seat_view(three, 1).seat(3).layout[2] == (parse_card("R3"), EMPTY)


# ------------------------------------------------------------------- burning

BURNING_HANDS = BURN_HANDS


@pytest.fixture
def burning() -> Game:
    settings = Settings("basic5", frozenset({"burning"}), first_dealer=0)
    probe = Game(settings)
    wilds = DealWilds((wild(0), wild(1), wild(2), wild(3), wild(BUTTERFLY)))
    game = Game(
        settings, chance=[deal_by_seat(probe.plan.seats, BURNING_HANDS), wilds, TurnProposal(families("B B F R O"))]
    )
    play(game, "discard:O10", "discard:O11", "trump:R")
    return game


def test_wild_card_never_leads(burning: Game) -> None:
    assert parse_card("WG1") not in burning.state.legal_plays()
    assert burning.why_illegal("WG1") == "a wild card cannot lead a trick (D8)"


def test_wild_card_plays_over_following_burns_and_never_wins(burning: Game) -> None:
    play(burning, "B5")
    # Seat 2 holds blue but may play its wild card.
    assert parse_card("WB1") in burning.state.legal_plays()
    play(burning, "WB1", "B9", "B8", "B3")
    # B9 wins: the wild card never does.
    assert burning.to_act().player == 3 and burning.phase == "pick"
    # The fish wild burns every fish; the butterfly B8 stays pickable.
    assert burning.state.burnt == cards("B3 B5 B9")
    assert [a.card for a in burning.legal_actions() if a.kind == "pick"] == [parse_card("B8")]
    assert burning.why_illegal("pick:B9") == "B9 was burnt by a wild card"


@pytest.mark.parametrize("mode", ["four", "basic5", "three", "three-short"])
def test_burning_hand_leaves_one_card_in_every_hand(mode: str) -> None:
    game = Game(Settings(mode, frozenset({"burning"})), seed=8)
    chooser = random.Random(8)
    while len(game.state.results) < 2:
        game.apply(chooser.choice(game.legal_actions()))
    for result in game.state.results:
        # Players keep one card each; dummies get no wild card and play out (D8).
        assert [len(left) for left in result.leftover] == [0 if d else 1 for d in result.plan.dummies]


# ---------------------------------------------------------------- double you


def test_d7_decisions_stay_secret_until_all_are_made() -> None:
    game = Game(Settings("basic5", frozenset({"double-you"}), first_dealer=0), seed=4)
    # Hand 1: nobody leads, so all five decide, the dealer's left neighbour first.
    assert game.state.double_queue == [1, 2, 3, 4, 0]
    game.apply("double")
    assert seat_view(game, 2).doubling[1] is None
    assert seat_view(game, 2).doubles_left[1] == 2  # spending it would tell
    assert seat_view(game, 1).doubling[1] is True
    for _ in range(4):
        game.apply("decline")
    assert game.phase == "discard"
    assert seat_view(game, 2).doubling == (False, True, False, False, False)
    assert seat_view(game, 2).doubles_left == (2, 1, 2, 2, 2)


def test_d7_every_player_at_the_top_is_barred_nobody_when_all_are_equal() -> None:
    seen = set()
    for seed in range(40):
        game = Game(Settings("basic5", frozenset({"double-you"}), first_dealer=0), seed=seed)
        chooser = random.Random(seed)
        while len(game.state.results) < 1:
            game.apply(chooser.choice(game.legal_actions()))
        totals = game.totals
        # D7 (revised): "le premier au classement": tied firsts are all first.
        top = {p for p in range(5) if totals[p] == max(totals)}
        queue = set(game.state.double_queue)
        if len(top) == 5:
            assert queue == set(range(5))
            seen.add("all equal")
        else:
            assert queue == set(range(5)) - top
            seen.add("unique" if len(top) == 1 else "tie")
    assert seen >= {"unique", "tie"}


def test_basic5_third_hand_scores_double() -> None:
    game = Game(Settings("basic5"), seed=3)
    chooser = random.Random(3)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    multipliers = [result.plan.multiplier for result in game.state.results]
    assert multipliers == [1, 1, 2]
    last = game.state.results[2]
    for side, points in last.side_points.items():
        collected = sum(len(c) for c, s in zip(last.collections, last.plan.sides) if s == side)
        assert points == triangular(collected) * 2


def test_four_plays_a_multiple_of_four_hands_or_to_a_target() -> None:
    chooser = random.Random(0)
    game = Game(Settings("four", hands=8), seed=1)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    assert len(game.state.results) == 8
    assert [r.plan.dealer for r in game.state.results] == [game.state.results[0].plan.dealer + k & 3 for k in range(8)]
    game = Game(Settings("four", target=25), seed=1)
    while not game.is_over():
        game.apply(chooser.choice(game.legal_actions()))
    totals_before_last = [t - p for t, p in zip(game.totals, game.state.results[-1].player_points)]
    assert max(game.totals) >= 25 > max(totals_before_last)
    assert game.winners == tuple(p for p in range(4) if game.totals[p] == max(game.totals))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"mode": "four", "hands": 6}, "multiple of 4"),
        ({"mode": "four", "hands": 8, "target": 20}, "not both"),
        ({"mode": "basic5", "target": 20}, "options of 'four'"),
        ({"mode": "three", "first_dealer": 3}, "not a player"),
        ({"mode": "four", "variants": frozenset({"burnin"})}, "unknown variant"),
    ],
)
def test_bad_settings_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings(**kwargs)  # type: ignore[arg-type]


def test_double_you_multiplies_with_the_doubled_last_hand() -> None:
    settings = Settings("basic5", frozenset({"double-you"}), first_dealer=0)
    for seed in range(50):
        game = Game(settings, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over():
            actions = game.legal_actions()
            if game.phase == "double":
                game.apply("double" if len(game.state.results) == 2 else "decline")
            else:
                game.apply(chooser.choice(actions))
        last = game.state.results[2]
        doubled = [p for p in range(5) if last.doubled[p] and last.player_points[p] > 0]
        if doubled:
            player = doubled[0]
            side = last.plan.sides[last.plan.position_of(player)]
            collected = sum(len(c) for c, s in zip(last.collections, last.plan.sides) if s == side)
            assert last.player_points[player] == triangular(collected) * 4  # ×2 last hand, ×2 Double You
            return
    pytest.fail("no seed gave a doubled player points in the last hand")
