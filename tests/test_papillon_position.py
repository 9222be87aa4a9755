"""A moment of a Papillon round set up by hand (P-E19): checked by the engine, played on as the
rulebook says, carried by a short link, and taken from any game at a turn's start."""

from __future__ import annotations

import contextlib
import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError, ReplayError, ScenarioError
from farfalia.games.papillon.engine.cards import PAPILLON, parse_card
from farfalia.games.papillon.engine.game import (
    CENTRE,
    TAKE_ATTACK,
    PapillonGame,
    orange_move,
)
from farfalia.games.papillon.engine.position import POSITION_PROBLEMS, PapillonPosition
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import seat_view
from farfalia.games.papillon.records.replay import decode_papillon, encode_papillon, position_text, read_position
from farfalia.games.papillon.records.scenario import PapillonMoment, position_of

BLUE_TWO = PapillonSettings(2, rounds="blue")
ORANGE_THREE = PapillonSettings(3, rounds="orange")


def cards(text: str) -> tuple[int, ...]:
    """Cards in notation, space-separated."""
    return tuple(parse_card(word) for word in text.split())


#: The blue round at two players, in its first deal: 16 cards placed, 42 left for the deals to come.
BLUE_MOMENT = PapillonPosition(
    hands=(cards("E5 D7 E6 PA"), cards("S3 F11 S9")),
    to_act=0,
    table=cards("E2 D3 CN S8"),
    piles=(cards("E1 E0"), cards("D0 F0 F1")),
    last_capturer=1,
    names=("Ann", "Bo"),
)

#: The orange round at three players, in its second tour: Cy's turn, Bo's Chat Noir attacking him.
LAYOUT = (cards("E5o D5o"), cards("S8o"), cards("E6o E7o"), (), cards("F2o"), (), cards("PL"), (), (), (), cards("CNo"))
ORANGE_MOMENT = PapillonPosition(
    hands=(cards("E9o D2 F3o"), cards("S1o CS"), cards("F4o E4")),
    to_act=2,
    layout=LAYOUT,
    tour=2,
    draw_size=5,
    tour_points=(20, 0, 20),
    attacked_by=1,
    names=("Ann", "Bo", "Cy"),
)


def test_a_blue_moment_is_the_round_as_set_up() -> None:
    game = PapillonGame(BLUE_TWO, 1, [BLUE_MOMENT])
    assert game.phase == "blue" and game.current == 0 and game.deals_done == 1 and len(game.deck) == 42
    assert game.table == list(BLUE_MOMENT.table) and game.last_capturer == 1
    assert game.hands == [list(hand) for hand in BLUE_MOMENT.hands]


def test_the_papillon_takes_the_chat_noir_for_minus_30_and_a_sum_for_plus_30() -> None:
    """P-R16, P-D21: the Papillon takes every table card, the Chat Noir with them: −30; the Chat
    Noir played as a sum's result (11 + 11 = 22, P-D21's own example): +30."""
    game = PapillonGame(BLUE_TWO, 1, [BLUE_MOMENT])
    game.apply("PAxE2+D3+CN+S8")
    assert game.chat_noir == [-30, 0] and game.table == [] and game.last_capturer == 0
    bo = dataclasses.replace(BLUE_MOMENT, to_act=1, hands=(cards("E5 D7 E6 PA"), cards("S3 CN S9")))
    game = PapillonGame(BLUE_TWO, 1, [dataclasses.replace(bo, table=cards("E2 F11 E11 S8"))])
    game.apply("CNxE11+F11")
    assert game.chat_noir == [0, 30]


def test_an_attacked_player_who_draws_a_papillon_and_places_it_first_makes_the_attacker_draw() -> None:
    """P-D36 (b): Cy, attacked by Bo's Chat Noir, draws 3; the Papillon among them, placed as
    his first card, makes Bo draw 3, not Cy; and his turn ends."""
    placed = set(ORANGE_MOMENT.placed("orange"))
    others = [card for card in range(116) if card not in placed and card != PAPILLON]
    tours = 1 * 3 * 6  # the third tour's cards come first, then the draw pile
    order = (*others[:tours], PAPILLON, *others[tours:])
    moment = dataclasses.replace(ORANGE_MOMENT, hidden_order=order, draw_size=10)  # Bo's 3 leave some
    game = PapillonGame(ORANGE_THREE, 1, [moment])
    assert game.phase == "attacked" and game.current == 2 and game.legal_actions() == [TAKE_ATTACK]
    game.apply(TAKE_ATTACK)
    assert PAPILLON in game.hands[2] and len(game.hands[2]) == 5
    bo_before = len(game.hands[1])
    game.apply(orange_move(PAPILLON, CENTRE))
    assert len(game.hands[1]) == bo_before + 3 and len(game.hands[2]) == 4 and game.current == 0


def test_an_attacked_player_who_counters_at_once_makes_the_attacker_draw_six() -> None:
    """P-D36 (a): a Papillon from the hand at once: the attacker draws 6, the player nothing."""
    moment = dataclasses.replace(ORANGE_MOMENT, hands=(cards("E9o D2 F3o"), cards("S1o CS"), cards("F4o PAo")))
    moment = dataclasses.replace(moment, draw_size=None)
    game = PapillonGame(ORANGE_THREE, 1, [moment])
    game.apply(orange_move(parse_card("PAo"), CENTRE))
    assert [len(hand) for hand in game.hands] == [3, 8, 1]


@pytest.mark.parametrize(("tour", "draw_size", "penalty"), [(2, 5, 20), (3, 5, 30), (2, 0, 30)])
def test_going_out_costs_the_others_20_and_30_in_the_last_tour(tour: int, draw_size: int, penalty: int) -> None:
    """P-R39: the tour's winner's opponents pay 20, 30 in the last tour; an empty draw pile is
    Carnage, whose tour is the last (P-R41)."""
    moment = dataclasses.replace(
        ORANGE_MOMENT, hands=(cards("E9o D2 F3o"), cards("S1o CS"), cards("E6")), attacked_by=None, tour=tour
    )
    moment = dataclasses.replace(moment, draw_size=draw_size, tour_points=(0, 0, 0))
    problems = moment.problems(ORANGE_THREE, "orange")
    assert problems == []
    game = PapillonGame(ORANGE_THREE, 1, [moment])
    assert game.last_tour == (penalty == 30)
    game.apply(orange_move(parse_card("E6"), 3))  # on sequence 2, empty: it goes on from A1's 5
    assert game.tour_points == [penalty, penalty, 0]


def test_a_moment_taken_from_a_game_plays_on_exactly_as_the_game() -> None:
    """At every turn's start of random games of both rounds at 2 to 5 players, the moment
    (:func:`position_of`) gives every seat the view it had, and the game's later actions
    lead to the same cards in the same places; its link rebuilds it."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = rng.choice([2, 3, 4, 5])
        setting = PapillonSettings(
            players, two_against_one=players == 3 and seed % 2 == 0, rounds=("blue", "orange")[seed % 2]
        )
        game = PapillonGame(setting, seed)
        for _ in range(rng.randrange(1, 60)):
            if game.offered_actions():
                game.apply(rng.choice(game.offered_actions()))
        try:
            moment = position_of(game)
        except ScenarioError:
            continue
        again = PapillonGame(setting, seed + 1, [moment])
        for seat in range(players):
            seen, shown = dataclasses.asdict(seat_view(game, seat)), dataclasses.asdict(seat_view(again, seat))
            assert {key: value for key, value in seen.items() if seen[key] != shown[key]}.keys() <= {
                "public", "last_roll", "round_scores"
            }  # fmt: skip
        later = []
        while game.offered_actions() and game.round_index == 0 and len(later) < 40:
            later.append(rng.choice(game.offered_actions()))
            game.apply(later[-1])
        for action in later:
            again.apply(action)
        assert (again.hands, again.table, again.piles, again.layout, again.tour_points) == (
            game.hands, game.table, game.piles, game.layout, game.tour_points
        )  # fmt: skip
        assert decode_papillon(encode_papillon(again)).game().hands == again.hands
        checked += 1
    assert checked >= 10


def test_a_mid_round_moment_set_up_by_hand_has_a_short_link() -> None:
    """A typical mid-round moment: its link is at most about 400 characters (issue 34)."""
    for moment, setting in ((BLUE_MOMENT, BLUE_TWO), (ORANGE_MOMENT, ORANGE_THREE)):
        game = PapillonMoment(setting, moment).game()
        link = encode_papillon(game, moment.names)
        assert len(link) <= 200 and decode_papillon(link).game().layout == game.layout


#: For each problem, a moment that has it, in the blue round at two players or the orange at three.
BROKEN: dict[str, tuple[PapillonPosition, PapillonSettings]] = {
    "pa-at-hands": (dataclasses.replace(BLUE_MOMENT, hands=BLUE_MOMENT.hands[:1]), BLUE_TWO),
    "pa-at-seat": (dataclasses.replace(BLUE_MOMENT, to_act=2), BLUE_TWO),
    "pa-at-partners": (
        dataclasses.replace(ORANGE_MOMENT, partners=(1, 2)),
        PapillonSettings(3, two_against_one=True, rounds="orange"),
    ),
    "pa-at-deck": (dataclasses.replace(BLUE_MOMENT, table=cards("E2 D3 CN S8o")), BLUE_TWO),
    "pa-at-twice": (dataclasses.replace(BLUE_MOMENT, table=cards("E2 D3 CN E5")), BLUE_TWO),
    "pa-at-empty": (dataclasses.replace(BLUE_MOMENT, hands=((), cards("S3 F11 S9 E5 D7 E6 PA"))), BLUE_TWO),
    "pa-at-undealt": (dataclasses.replace(BLUE_MOMENT, table=cards("E2 D3 CN")), BLUE_TWO),
    "pa-at-capturer": (dataclasses.replace(BLUE_MOMENT, last_capturer=None), BLUE_TWO),
    "pa-at-no-capture": (dataclasses.replace(BLUE_MOMENT, piles=(cards("E1 E0 D0 F0 F1"), ())), BLUE_TWO),
    "pa-at-starting-card": (dataclasses.replace(ORANGE_MOMENT, layout=((), *LAYOUT[1:])), ORANGE_THREE),
    "pa-at-first-card": (dataclasses.replace(ORANGE_MOMENT, layout=(cards("CSo"), *LAYOUT[1:])), ORANGE_THREE),
    "pa-at-starting-pile": (dataclasses.replace(ORANGE_MOMENT, layout=(cards("E5o D6o"), *LAYOUT[1:])), ORANGE_THREE),
    "pa-at-sequence": (
        dataclasses.replace(ORANGE_MOMENT, layout=(*LAYOUT[:3], cards("PLo"), *LAYOUT[4:])),
        ORANGE_THREE,
    ),
    "pa-at-sign": (dataclasses.replace(ORANGE_MOMENT, layout=(*LAYOUT[:6], cards("E3"), *LAYOUT[7:])), ORANGE_THREE),
    "pa-at-centre": (dataclasses.replace(ORANGE_MOMENT, layout=(*LAYOUT[:10], cards("CNo E3"))), ORANGE_THREE),
    "pa-at-couteau": (
        dataclasses.replace(ORANGE_MOMENT, layout=(*LAYOUT[:3], cards("CSo"), *LAYOUT[4:])),
        ORANGE_THREE,
    ),
    "pa-at-tour": (dataclasses.replace(ORANGE_MOMENT, tour=4), ORANGE_THREE),
    "pa-at-orange-left": (  # 23 orange cards placed in the first tour, of the 36 the next two deal
        dataclasses.replace(
            ORANGE_MOMENT,
            tour=1,
            hands=(cards("S0o S2o S3o S4o S5o S6o S7o F0o F1o F5o F6o F7o F8o F9o"), *ORANGE_MOMENT.hands[1:]),
        ),
        ORANGE_THREE,
    ),
    "pa-at-draw-pile": (dataclasses.replace(ORANGE_MOMENT, draw_size=90), ORANGE_THREE),
    "pa-at-points": (dataclasses.replace(ORANGE_MOMENT, tour_points=(20, -10, 0)), ORANGE_THREE),
    "pa-at-attacker": (dataclasses.replace(ORANGE_MOMENT, attacked_by=0), ORANGE_THREE),
    "pa-at-chat-noir": (dataclasses.replace(ORANGE_MOMENT, layout=(*LAYOUT[:10], cards("PAo"))), ORANGE_THREE),
    "pa-at-order": (dataclasses.replace(BLUE_MOMENT, hidden_order=cards("E3 E4")), BLUE_TWO),
}


@pytest.mark.parametrize("key", sorted(POSITION_PROBLEMS))
def test_the_engine_says_why_a_moment_cannot_be_played(key: str) -> None:
    """Every problem is found where it is, and the game refuses that moment, changing nothing."""
    moment, setting = BROKEN[key]
    assert key in [problem.key for problem in moment.problems(setting, setting.rounds)]
    with pytest.raises(ScenarioError):
        PapillonGame(setting, 1, [moment])


@pytest.mark.parametrize(("moment", "setting"), [(BLUE_MOMENT, BLUE_TWO), (ORANGE_MOMENT, ORANGE_THREE)])
def test_the_moments_that_these_problems_break_can_be_played(
    moment: PapillonPosition, setting: PapillonSettings
) -> None:
    assert moment.problems(setting, setting.rounds) == []
    assert read_position(position_text(moment)) == dataclasses.replace(moment, names=())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["Pb", "Po", "P", ""]), st.text(alphabet="0123456789abcxyzh_-", max_size=80))
def test_a_damaged_moment_in_a_link_is_refused_clearly(kind: str, text: str) -> None:
    """Any text where a moment is read gives a moment or a :class:`ReplayError`; a moment so read
    starts a game with a player to act, or is refused with the package's own error (any other
    exception fails the test)."""
    with contextlib.suppress(ReplayError):
        moment = read_position(kind + text)
        with contextlib.suppress(FarfaliaError):
            game = PapillonGame(BLUE_TWO, 1, [moment])
            assert game.current_player() in range(2)
