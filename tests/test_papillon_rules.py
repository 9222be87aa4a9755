"""The test scenarios of ``docs/PAPILLON.md`` §6, one test each, named by their tags; each
expected result is worked out by hand in a comment, from the digest, not from the engine.

Positions are set on a real game at a decision point (hands, table, layout, piles), then
played through the checked API."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError
from farfalia.games.papillon.engine.captures import Capture, captures, equation
from farfalia.games.papillon.engine.cards import (
    CHAT_NOIR,
    CHENILLE,
    CHRYSALIDE,
    COUTEAU,
    DECK_SIZE,
    MOINS,
    MULTIPLIER,
    ORANGE,
    PAPILLON,
    PLUS,
    YIN,
    parse_card,
)
from farfalia.games.papillon.engine.game import (
    CENTRE,
    NO_NUMBER,
    TAKE_ATTACK,
    PapillonGame,
    Roll,
    action_name,
    blue_move,
    orange_move,
    split_orange,
)
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import seat_view
from tests.support import A, B, C, blue_position, cards, decided, orange_position

S1, S2, S3, S4 = 2, 3, 4, 5


def place(game: PapillonGame, sequence: int, *names: str) -> None:
    """Lay cards on a sequence as earlier turns did (its top becomes the last one's number)."""
    for card in cards(*names):
        game.layout[sequence].append(card)
        game.tops[sequence] = card % DECK_SIZE % 12


def numbers_on(game: PapillonGame, place_: int) -> set[int]:
    return {number for number in range(13) if game.fits(number, place_)}


# ------------------------------------------------------------------ blue round


def test_1_deal_sizes() -> None:
    """P-R7, P-R27, P-D26: hand / table / still to deal; orange hand / starting cards /
    undealt orange; the draw pile with the orange cards on its top. 2: 58 − 2·7 − 2 = 42;
    3: 58 − 3·6 − 4 = 36; 4: 58 − 4·7 − 2 = 28; 5: 58 − 5·11 − 3 = 0. Orange: the same
    hands, 2 starting cards; undealt 58 − 2 − (first hands) − (left on the pile: 0, 2, 0, 1)."""
    expected = {2: (7, 2, 42, 42, 58, 0), 3: (6, 4, 36, 36, 60, 2), 4: (7, 2, 28, 28, 58, 0), 5: (11, 3, 0, 0, 59, 1)}
    for players, (hand, table, to_deal, undealt, pile, orange_on_top) in expected.items():
        blue = decided(PapillonGame(PapillonSettings(players=players), seed=players))
        assert [len(h) for h in blue.hands] == [hand] * players
        assert (len(blue.table), len(blue.deck)) == (table, to_deal)
        orange = decided(PapillonGame(PapillonSettings(players=players, rounds="orange"), seed=players))
        view = seat_view(orange, 0)
        assert view.hand_sizes == (hand,) * players and [len(p) for p in orange.layout[:2]] == [1, 1]
        assert (view.undealt, view.draw_pile, view.draw_pile_orange) == (undealt, pile, orange_on_top)


def test_2_matches_and_sums() -> None:
    """P-R11, P-R12, P-D14. Table {5, 6, 3, 0}, hand {11, 5, 9}: 5 takes {5} or {5, 0}; 11
    takes {5, 6} or {5, 6, 0}; 9 takes {6, 3} or {6, 3, 0}: six captures, and three discards."""
    hand, table = cards("E11", "D5", "F9"), cards("E5", "D6", "S3", "F0")
    e11, d5, f9 = hand
    e5, d6, s3, f0 = table
    found = captures(hand, table, yang=12)
    assert found == {
        Capture(frozenset({d5}), frozenset({e5})),
        Capture(frozenset({d5}), frozenset({e5, f0})),
        Capture(frozenset({e11}), frozenset({e5, d6})),
        Capture(frozenset({e11}), frozenset({e5, d6, f0})),
        Capture(frozenset({f9}), frozenset({d6, s3})),
        Capture(frozenset({f9}), frozenset({d6, s3, f0})),
    }
    game = blue_position(2, [["E11", "D5", "F9"], ["E1"]], ["E5", "D6", "S3", "F0"], A)
    assert len(game.legal_actions()) == 9
    with pytest.raises(FarfaliaError):  # two groups at once
        game.apply(blue_move([e11], [e5, d6, s3]))


def test_3_the_result_comes_from_the_hand() -> None:
    """P-R10, P-D15. Table {Plus, 3, 7}, hand {4, 5}: 3 + 4 = 7 would take the 7 with a
    result lying on the table: illegal, and no other capture fits (no 10, 8, 11 or 12 in
    hand, no 3 or 7 to match). Table {Plus, 3}, hand {4, 7}: 3 + 4 = 7, form (iii): the pile
    gains Plus, 3, 4 and 7: 10 for the sign, 10 for the 3 (P-R22), 10 for most cards (4 to 0),
    less the 10 B gets, having no points (P-D24): 20."""
    assert captures(cards("E4", "E5"), [PLUS, *cards("E3", "E7")], yang=12) == set()
    game = blue_position(2, [["E4", "E7"], []], ["PL", "D3"], A, last_capturer=None)
    move = blue_move(cards("E4", "E7"), cards("PL", "D3"))
    assert move in game.legal_actions()
    assert equation(Capture(frozenset(cards("E4", "E7")), frozenset(cards("PL", "D3"))), cards("PL", "D3"), 12) in (
        "3 + 4 = 7",
        "4 + 3 = 7",
    )
    game.apply(move)
    assert sorted(game.piles[0]) == sorted(cards("PL", "D3", "E4", "E7"))
    assert game.blue_scores == [10 + 10 + 10 - 10, 10]


def test_4_two_hand_cards_and_one_sign_at_most() -> None:
    """P-D15. Table {2, 3, 6}, hand {Plus, Multiplier/Diviser, 6}: 2 × 3 = 6 (MD and 6 from
    the hand) and the match 6 = 6. Nothing else: Plus gives 2 + 3 = 5, 2 + 6 = 8, 3 + 6 = 9,
    and no 5, 8 or 9 in hand; three hand cards and two signs are never a capture."""
    table = cards("E2", "E3", "E6")
    six = parse_card("D6")
    assert captures([PLUS, MULTIPLIER, six], table, yang=12) == {
        Capture(frozenset({MULTIPLIER, six}), frozenset(cards("E2", "E3"))),
        Capture(frozenset({six}), frozenset(cards("E6"))),
    }
    game = blue_position(2, [["PL", "MD", "D6"], ["E1"]], ["E2", "E3", "E6"], A)
    for played, taken in ((["PL", "MD", "D6"], ["E2", "E3"]), (["PL", "MD"], ["E2", "E3", "E6"])):
        with pytest.raises(FarfaliaError, match="no match, sum or combination"):  # and nothing changes
            game.apply(blue_move(cards(*played), cards(*taken)))
    assert game.hands[A] == cards("PL", "MD", "D6") and game.table == cards("E2", "E3", "E6")


def test_5_the_joker_on_the_table() -> None:
    """P-R14, P-D16. Table {Couteau Suisse, 4}, hand {9}: the 9 takes {CS as 5, 4} or {CS as
    9}; the pile scores 10 for the Couteau Suisse. Taking it alone leaves the 4, swept to A
    (the last capturer): 10 (Couteau) + 10 (most cards, 3 to 0) − 10 for B, who has nothing (P-D24)."""
    nine = parse_card("E9")
    assert captures([nine], [COUTEAU, parse_card("E4")], yang=12) == {
        Capture(frozenset({nine}), frozenset({COUTEAU, parse_card("E4")})),
        Capture(frozenset({nine}), frozenset({COUTEAU})),
    }
    game = blue_position(2, [["E9"], []], ["CS", "E4"], A)
    game.apply(blue_move([nine], [COUTEAU]))
    assert game.blue_scores == [10 + 10 - 10, 10]


def test_the_rulebook_s_combination_22_minus_10_is_12() -> None:
    """P-R13's example: Chat Noir and 10 on the table, Moins and Yin in the hand: 22 − 10 =
    12 takes both, and the Chat Noir was taken on purpose: +30 (P-D21)."""
    game = blue_position(2, [["MO", "YI"], ["E1"]], ["CN", "D10"], A)
    move = blue_move([MOINS, YIN], [CHAT_NOIR, parse_card("D10")])
    assert move in game.legal_actions() and action_name(move) == "MO+YIxD10+CN"
    played_taken = Capture(frozenset({MOINS, YIN}), frozenset({CHAT_NOIR, parse_card("D10")}))
    assert equation(played_taken, [CHAT_NOIR, parse_card("D10")], 12) == "22 − 10 = 12"
    game.apply(move)
    assert game.chat_noir[0] == 30


def test_a_sum_is_written_in_the_order_its_cards_are_named() -> None:
    """The chooser names the cards taken in card order ("0 of Éléments, 5 of Formes, 6 of
    Formes"): its sum adds their numbers in that order, whatever order they lie on the table;
    a Couteau Suisse adds what the others leave (P-D15)."""
    table = list(cards("F6", "E0", "F5"))
    capture = Capture(frozenset(cards("S11")), frozenset(table))
    assert equation(capture, table, 12) == "0 + 5 + 6 = 11"
    with_knife = [COUTEAU, parse_card("D4")]
    assert equation(Capture(frozenset(cards("E9")), frozenset(with_knife)), with_knife, 12) == "4 + 5 = 9"


def test_6_the_end_of_round_sweep() -> None:
    """P-R20, P-D21, P-D24. Two players, last deal, B captured last; A discards the Chat
    Noir, his last card, on the 7 of Serpents: B's side sweeps both, −30 + 10 (Dragon) + 10
    (most cards, 2 against 0) = −10. Both sides are at 0 or less, so each gets 10 from the
    other (P-D24, worked out from the totals before): A 0 − 10 + 10 = 0, B −10 + 10 − 10 = −10."""
    game = blue_position(2, [["CN"], []], ["S7"], A, last_capturer=B)
    game.apply(blue_move([CHAT_NOIR]))
    assert sorted(game.piles[1]) == sorted([CHAT_NOIR, parse_card("S7")]) and game.chat_noir[1] == -30
    assert game.blue_scores == [0, -10] and game.is_over()


def test_7_chrysalide() -> None:
    """P-R17, P-D18. Four players clockwise, C captured last; B plays the Chrysalide: B's
    side's pile gains it (10 points), the direction turns counter-clockwise so A plays next,
    and C is still the last capturer."""
    game = blue_position(4, [["E1"], ["CY", "E2"], ["E3"], ["E4"]], ["F5"], B, last_capturer=C)
    game.apply(blue_move([CHRYSALIDE]))
    assert game.piles[game.sides[B]] == [CHRYSALIDE] and game.direction == -1
    assert game.current == A and game.last_capturer == C


def test_8_early_finisher_and_the_next_deal() -> None:
    """P-R8, P-R19, P-D19. Three players, A the blue starter, clockwise; A holds 2 cards, B
    and C one each. A plays Plus and 7 to take 3 and 4 (form i) and is empty: B plays, then
    C; then the second deal gives 6 each, the table is as they left it, and A starts."""
    game = blue_position(3, [["PL", "E7"], ["E1"], ["E2"]], ["D3", "D4", "S9"], A, starter=A)
    game.deck = cards(*[f"{family}{n}" for family in "EDSF" for n in (5, 6, 8, 10, 11)][:18])
    game.apply(blue_move(cards("PL", "E7"), cards("D3", "D4")))
    assert game.current == B
    game.apply(blue_move(cards("E1")))
    assert game.current == C
    game.apply(blue_move(cards("E2")))
    assert [len(hand) for hand in game.hands] == [6, 6, 6] and game.current == A
    assert game.table == cards("S9", "E1", "E2") and game.deals_done == 2


def test_9_a_tie_for_most_cards_is_rolled_for() -> None:
    """P-R23, P-D3, P-D23. Two players with 29 cards each: the rolls go 7–7 (again), then
    9–4: the first player's side gets the 10 for most cards, and no other die is rolled."""
    setup = decided(PapillonGame(PapillonSettings(players=2, rounds="blue"), seed=1))
    rolls = [Roll(((3, 4), (2, 5))), Roll(((4, 5), (1, 3)))]
    game = decided(PapillonGame(PapillonSettings(players=2, rounds="blue"), 5, [*setup.history, *rolls], draw=False))
    everything = list(range(DECK_SIZE))
    game.hands, game.table, game.deck = [[], [everything[-1]]], [], []
    game.piles = [everything[:29], everything[29:57]]
    game.current, game.last_capturer = B, B
    game.apply(blue_move([everything[-1]]))  # B's discard, swept back to B: 29 each
    assert game.most_cards_side == 0 and game.history[-2:] == rolls and game.is_over()


# ---------------------------------------------------------------- orange round


def test_10_first_orange_placements() -> None:
    """P-R29, P-D27. Starting cards 5 and 9: A1 {5}, A2 {9}, S1 and S2 {4, 5, 6}, S3 and
    S4 {8, 9, 10}; a 7 has no place; a Couteau Suisse may be any of these numbers."""
    game = orange_position(2, (5, 9), [["E7o", "CSo"], ["E1o"]], A)
    assert [numbers_on(game, p) for p in range(6)] == [{5}, {9}, {4, 5, 6}, {4, 5, 6}, {8, 9, 10}, {8, 9, 10}]
    assert game.placements(parse_card("E7o")) == []
    couteau = {(place, number) for _, place, number in map(split_orange, game.placements(COUTEAU + DECK_SIZE))}
    assert couteau == {(0, 5), (1, 9)} | {(s, n) for s in (S1, S2) for n in (4, 5, 6)} | {
        (s, n) for s in (S3, S4) for n in (8, 9, 10)
    }


def test_11_two_cards_when_possible_checked_card_by_card() -> None:
    """P-R30, P-D30. Starting cards 5 and 9, S1's top a 5. {6, 4, 11}: the 6 on S1, then the
    4 can only go on S2 (S1 is at 6, A1 takes 5s); the 11 stays. {6, 11}: one card. {6, 7}:
    the 6 then the 7, both on S1."""
    game = orange_position(2, (5, 9), [["E6o", "E4o", "E11o"], ["E1o"]], A)
    place(game, S1, "D5o")
    game.apply(orange_move(parse_card("E6o"), S1))
    assert game.legal_actions() == [orange_move(parse_card("E4o"), S2)]
    game.apply(game.legal_actions()[0])
    assert game.hands[A] == cards("E11o") and game.current == B
    for hand, second in ((["E6o", "E11o"], None), (["E6o", "E7o"], orange_move(parse_card("E7o"), S1))):
        game = orange_position(2, (5, 9), [hand, ["E1o"]], A)
        place(game, S1, "D5o")
        game.apply(orange_move(parse_card("E6o"), S1))
        if second is None:
            assert game.current == B and game.hands[A] == cards("E11o")
        else:
            assert game.legal_actions() == [second]


def test_12_draw_then_play() -> None:
    """P-R30, P-D31. Starting cards 2 and 5, S1 at 3, S3 at 6, no signs; B holds {11}, no
    place. B draws a 7: it goes on S3 (6 → 7) and nowhere else, and then his turn ends. Had he
    drawn a 0 (S1 takes 2 to 4, S2 1 to 3, S4 4 to 6), his turn would end with {11, 0}. (A
    then draws a 5 he can place, and waits for his decision.)"""
    for drawn, expected in (("E7", [orange_move(parse_card("E7"), S3)]), ("E0", None)):
        game = orange_position(2, (2, 5), [["F2o", "F9o"], ["E11o"]], A)
        place(game, S1, "D3o")
        place(game, S3, "D6o")
        game.draw_pile = [parse_card(drawn), *cards("E5", "S11")]
        game.apply(orange_move(parse_card("F2o"), 0))  # A's 2 on A1; his 9 has no place: B's turn
        if expected is None:
            assert game.current == A and game.hands[B] == cards("E11o", drawn)
        else:
            assert game.current == B and game.legal_actions() == expected
            game.apply(expected[0])
            assert game.current == A and game.hands[B] == cards("E11o")


def test_13_chenille() -> None:
    """P-R32, P-D34. S2 at 9 with Moins beside it: after the Chenille, S2 takes 0 or 1 only."""
    game = orange_position(2, (8, 3), [["CHo", "E5o", "F5o"], ["E1o"]], A)
    place(game, S2, "D9o")
    game.layout[7] = [MOINS + DECK_SIZE]
    game.apply(orange_move(CHENILLE + DECK_SIZE, S2))
    assert numbers_on(game, S2) == {0, 1}


def test_14_chat_noir() -> None:
    """P-R36, P-D35, P-E14. Three players clockwise A → B → C. A places the Chat Noir, then a
    5: B, with no Papillon, has one answer, to draw 3 (P-D36 b), then must play (P-D30). Had A's
    second card been the Chrysalide, the direction would have turned first, and C would be the
    one attacked."""
    game = orange_position(3, (5, 9), [["CNo", "E5o", "E11o"], ["D11o"], ["S11o"]], A)
    game.draw_pile = cards("E4", "D4", "S4", "F4")
    game.apply(orange_move(CHAT_NOIR + DECK_SIZE, CENTRE))
    game.apply(orange_move(parse_card("E5o"), 0))
    assert game.current == B and game.phase == "attacked" and game.legal_actions() == [TAKE_ATTACK]
    game.apply(TAKE_ATTACK)
    assert game.current == B and game.hands[B] == cards("D11o", "E4", "D4", "S4")
    assert game.legal_actions() and game.draw_pile == cards("F4")
    game = orange_position(3, (5, 9), [["CNo", "CYo", "E11o"], ["D11o"], ["S11o"]], A)
    game.draw_pile = cards("E4", "D4", "S4", "F4")
    game.apply(orange_move(CHAT_NOIR + DECK_SIZE, CENTRE))
    game.apply(orange_move(CHRYSALIDE + DECK_SIZE, CENTRE))
    assert game.current == C and game.draw_forced
    game.apply(TAKE_ATTACK)
    assert len(game.hands[C]) == 4 and game.hands[B] == cards("D11o")


def test_an_attack_shows_no_one_whether_the_attacked_player_holds_a_papillon() -> None:
    """§4, P-D25, P-E14. B, attacked, answers the Chat Noir (counter or draw 3) whether or not he
    holds a Papillon: A's and C's views are the same either way (the game waited for B only when
    he held one, and drew his 3 cards at once otherwise)."""
    views = []
    for hand in (["E11o", "PAo", "F11o"], ["E11o", "D11o", "F11o"]):
        game = orange_position(3, (5, 9), [["CNo", "E5o", "E0o"], hand, ["E1o", "D1o", "F1o"]], A)
        game.draw_pile = cards("E2", "E3", "E4", "E6", "E8")
        game.apply(orange_move(CHAT_NOIR + DECK_SIZE, CENTRE))
        game.apply(orange_move(parse_card("E5o"), 0))
        assert game.phase == "attacked" and TAKE_ATTACK in game.legal_actions()
        views.append([seat_view(game, seat) for seat in (A, C)])
    assert views[0] == views[1]


def test_15_the_papillon_as_last_card() -> None:
    """P-R37, P-D37. A's only card is a Papillon: with 3 cards or more to draw, he draws 3 and
    is not out; with an empty draw pile, he is out and the tour ends (B pays 20)."""
    game = orange_position(2, (5, 9), [["PAo"], ["E11o"]], A)
    game.draw_pile = cards("E1", "E2", "E3", "E4")
    game.apply(orange_move(PAPILLON + DECK_SIZE, CENTRE))
    assert game.hands[A] == cards("E1", "E2", "E3") and game.tour_points == [0, 0]
    game = orange_position(2, (5, 9), [["PAo"], ["E11o"]], A)
    game.draw_pile, game.deck = [], cards(*[f"F{n}o" for n in range(7)], *[f"S{n}o" for n in range(7)])
    game.apply(orange_move(PAPILLON + DECK_SIZE, CENTRE))
    assert game.tour_points == [0, 20] and game.tour == 2


def test_16_the_end_of_a_tour() -> None:
    """P-R39, P-D28, P-D29. Two players, B the orange starter; A goes out in tour 1 while B
    holds 4 cards: B takes 20, then both get 7 more (A 7, B 11), the layout stays, B starts,
    and the direction is unchanged."""
    game = orange_position(2, (5, 9), [["E5o"], ["E11o", "D11o", "S11o", "F11o"]], A)
    game.starter, game.tour, game.deck = B, 1, cards(*[f"{f}{n}o" for f in "DS" for n in range(7)])
    game.draw_pile = cards("E1", "E2")
    layout = [list(pile) for pile in game.layout]
    game.apply(orange_move(parse_card("E5o"), 0))
    assert game.tour_points == [0, 20] and [len(hand) for hand in game.hands] == [7, 11]
    layout[0].append(parse_card("E5o"))
    assert game.layout == layout and game.current == B and game.direction == 1 and game.tour == 2


def test_p_e16_two_chat_noirs_in_one_turn_make_one_attack() -> None:
    """P-E16, P-D35, P-D36. As in scenario 14, but A's two cards of the turn are both Chat Noirs
    (the orange one, and the blue one drawn earlier, P-D10): B is attacked once, draws 3 (not
    6), then plays on with D11o and the three cards drawn; one card is left in the pile."""
    game = orange_position(3, (5, 9), [["CNo", "CN", "E11o"], ["D11o"], ["S11o"]], A)
    game.draw_pile = cards("E4", "D4", "S4", "F4")
    game.apply(orange_move(CHAT_NOIR + DECK_SIZE, CENTRE))
    game.apply(orange_move(CHAT_NOIR, CENTRE))
    assert game.current == B and game.phase == "attacked" and game.legal_actions() == [TAKE_ATTACK]
    game.apply(TAKE_ATTACK)
    assert game.current == B and game.phase == "orange" and game.hands[B] == cards("D11o", "E4", "D4", "S4")
    assert game.draw_pile == cards("F4")


def test_p_e17_a_yang_numbered_22_takes_the_chat_noir_on_purpose() -> None:
    """P-E17, P-E8, P-D21. With the Yang numbered 22 (P-D9), the Yang in hand matches the Chat
    Noir on the table (22 = 22): a legal capture, and the Chat Noir so taken counts +30 for A's
    side. At the usual Yang (12), no match: the Yang is only laid."""
    game = blue_position(2, [["YA", "E1"], ["E2"]], ["CN"], A, settings=PapillonSettings(2, rounds="blue", yang=22))
    match = blue_move(cards("YA"), cards("CN"))
    assert match in game.legal_actions()
    game.apply(match)
    assert game.chat_noir == [30, 0] and game.piles[game.sides[A]] == cards("YA", "CN")
    usual = blue_position(2, [["YA", "E1"], ["E2"]], ["CN"], A)
    assert match not in usual.legal_actions()


def test_p_d39_apocalypse_ends_the_round_with_the_tour_points_and_the_hands() -> None:
    """P-R42, P-D39, P-E4. Three players, starting cards 5 and 9, an empty draw pile, A with 20
    tour points. A places his 6 on S1 and keeps a 1 that fits nowhere; B (two 1s) and C (a 1)
    cannot place nor draw, nor can A again: one full round of blocked turns, and the orange round
    ends at once. Each scores his tour points plus his hand, no penalty for the unfinished tour:
    A 20 + 1 = 21, B 1 + 1 = 2, C 1."""
    game = orange_position(3, (5, 9), [["E6o", "E1o"], ["D1o", "F1o"], ["S1o"]], A)
    game.draw_pile, game.tour_points = [], [20, 0, 0]
    game.apply(orange_move(parse_card("E6o"), S1))
    assert game.is_over() and game.orange_scores == [21, 2, 1] and game.returns() == (-21, -2, -1)


def test_p_d40_p_d41_held_atouts_are_counted_at_the_end() -> None:
    """P-R39, P-R43, P-D40, P-D41. Two players, the last tour: A places his last card, a 5, and the
    round ends. B holds the Chat Noir (22), the Papillon (0, but B first draws 3: E1, E2, E3, 6
    points), the Couteau Suisse (rolled: 3 + 4 = 7), the Chenille (1), the Chrysalide and the Plus
    (0), the Yin and the Yang (12 each) and a 5: 22 + 6 + 7 + 1 + 12 + 12 + 5 = 65, plus 30 tour
    points for the last tour = 95. A: 0."""
    orange_only = PapillonSettings(players=2, rounds="orange")
    setup = decided(PapillonGame(orange_only, seed=1))
    game = decided(PapillonGame(orange_only, 1, [*setup.history, Roll(((3, 4),))], draw=False))
    game.hands = [cards("E5o"), cards(*["CNo", "PAo", "CSo", "CHo", "CYo", "PLo", "YIo", "YAo", "D5o"])]
    game.layout = [[ORANGE * DECK_SIZE + number] for number in (5, 9)] + [[] for _ in game.layout[2:]]
    game.tops[:2] = [5, 9]
    game.current = game.starter = A
    game.draw_pile, game.deck, game.tour, game.last_tour = cards("E1", "E2", "E3", "E4"), [], 4, True
    game.apply(orange_move(parse_card("E5o"), 0))
    assert game.is_over() and game.history[-1] == Roll(((3, 4),)) and game.couteau_rolls == [0, 7]
    assert game.hands[B][-3:] == cards("E1", "E2", "E3") and game.draw_pile == cards("E4")
    assert game.tour_points == [0, 30] and game.orange_scores == [0, 95]


def test_the_draw_pile_runs_out_in_the_turn_a_player_goes_out() -> None:
    """P-D37, P-D38, P-E15. Two players, tour 1 of 4, fourteen orange cards undealt. B places a 4
    and has nothing more to place; A cannot place his 11, draws the pile's last card, a 10, places
    it on the 9's sequence and the 11 on it: out. The tour ends as an intermediate one (B takes 20),
    and Carnage starts at once: the fourteen cards are dealt, seven each, and the tour is the last
    (A did not play a turn of tour 2 with an empty pile before Carnage, as the engine had it)."""
    game = orange_position(2, (5, 9), [["S11o"], ["E4o", "D1o"]], B)
    game.tour, game.deck = 1, cards(*[f"{f}{n}o" for f in "DS" for n in range(7)])
    game.draw_pile = cards("E10")
    game.apply(orange_move(parse_card("E4o"), S1))
    assert game.current == A and game.hands[A] == cards("S11o", "E10") and not game.draw_pile
    game.apply(orange_move(parse_card("E10"), S3))
    game.apply(orange_move(parse_card("S11o"), S3))
    assert game.tour_points == [0, 20] and game.tour == 2 and game.carnage and game.last_tour
    assert not game.deck and [len(hand) for hand in game.hands] == [7, 8]


def test_an_attacked_player_may_counter_with_a_papillon_at_once() -> None:
    """P-R38, P-D36 (a). B, attacked, holds a Papillon: playing it at once makes A draw 6,
    B draws nothing and his turn ends; drawing 3 instead is the other answer."""
    game = orange_position(2, (5, 9), [["CNo", "E11o", "F11o"], ["PAo", "D11o"]], A)
    game.draw_pile = cards(*[f"E{n}" for n in range(8)])
    game.apply(orange_move(CHAT_NOIR + DECK_SIZE, CENTRE))
    assert game.phase == "attacked" and game.current == B
    counter = orange_move(PAPILLON + DECK_SIZE, CENTRE)
    assert set(game.legal_actions()) == {counter, TAKE_ATTACK}
    game.apply(counter)
    assert len(game.hands[A]) == 2 + 6 and game.hands[B] == cards("D11o")


def test_couteau_and_no_number_are_told_apart_in_placements() -> None:
    """A Couteau Suisse placed declares its number (P-R33); other cards never do."""
    game = orange_position(2, (5, 9), [["E5o", "CSo"], ["E1o"]], A)
    numbers = {split_orange(move)[2] for move in game.placements(parse_card("E5o"))}
    assert numbers == {NO_NUMBER}


def test_p_e1_the_hand_operand_may_come_first() -> None:
    """P-E1: table {Moins, 3}, hand {10, 7}: 10 − 3 = 7 plays 10 and 7 and takes Moins and 3
    (3 − 10 would not be a number; no other capture: no 3 to match, no sum of one card)."""
    ten, seven = cards("E10", "E7")
    assert captures([ten, seven], [MOINS, parse_card("D3")], yang=12) == {
        Capture(frozenset({ten, seven}), frozenset({MOINS, parse_card("D3")}))
    }


def test_an_illegal_action_says_why_and_changes_nothing() -> None:
    """Checked apply: each refusal names its rule; the game is as it was."""
    game = blue_position(2, [["E4", "E7", "CY"], ["E1"]], ["PL", "D3", "S9"], A)
    refusals = {
        blue_move(cards("E4", "E7"), cards("PL", "S9")): "no match, sum or combination",
        blue_move(cards("E5")): "E5 is not in the hand",
        blue_move(cards("E4"), cards("F8")): "F8 is not on the table",
        blue_move([CHRYSALIDE], cards("D3")): "the Chrysalide is played alone",
        orange_move(parse_card("E4"), S1): "it is time to decide: blue",
    }
    before = list(game.history)
    for action, reason in refusals.items():
        with pytest.raises(FarfaliaError, match=reason):
            game.apply(action)
    assert game.history == before
    game = orange_position(2, (5, 9), [["E7o", "CSo", "PLo"], ["E1o"]], A)
    with pytest.raises(FarfaliaError, match="S1 takes 4, 5, 6 only"):
        game.apply(orange_move(parse_card("E7o"), S1))
    with pytest.raises(FarfaliaError, match="a sign goes beside a sequence"):
        game.apply(orange_move(PLUS + DECK_SIZE, CENTRE))
    with pytest.raises(FarfaliaError, match="Couteau Suisse is placed as a number"):
        game.apply(orange_move(COUTEAU + DECK_SIZE, S1))


def test_p_d13_captures_are_optional_unless_the_table_forces_them() -> None:
    """P-D13: hand {5, 9}, table {5}: the 5 may take the 5, and either card may be discarded
    instead (3 actions); with forced capture on, only the capture is left, and a discard is
    refused with its reason."""
    game = blue_position(2, [["E5", "E9"], ["E1"]], ["D5"], A)
    assert len(game.legal_actions()) == 3
    forced = PapillonSettings(players=2, rounds="blue", forced_capture=True)
    game = blue_position(2, [["E5", "E9"], ["E1"]], ["D5"], A, settings=forced)
    assert game.legal_actions() == [blue_move(cards("E5"), cards("D5"))]
    with pytest.raises(FarfaliaError, match="captures are forced at this table"):
        game.apply(blue_move(cards("E9")))


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_whether_a_hand_can_be_placed_is_found_as_its_placements_are(players: int, seed: int) -> None:
    """Whether a turn goes on is decided without listing the placements (``_can_place``), and
    agrees with their list for every hand at every orange decision; a placement is allowed
    exactly when listed, whatever it was judged on."""
    game = PapillonGame(PapillonSettings(players, rounds="orange"), seed)
    chooser = random.Random(seed)
    while not game.is_over():
        if game.phase == "orange":
            for player in range(players):
                assert game._can_place(player) == bool(game._orange_actions(player))
            listed = set(game.legal_actions())
            card = chooser.choice(game.hands[game.current])
            for place, number in itertools.product(range(11), range(13)):
                move = orange_move(card, place, number)
                assert game._allows(move) == (move in listed)
        game.apply(chooser.choice(game.legal_actions()))
