"""Papillon's worked examples as games, for its rules page (``papillon.html``) and the tests:
a blue round and an orange round between Anna and Marc, each dealt from cards written out
(the first hands, the table, the starting cards) and played by actions written out, through
every kind of capture and placement the rules page explains, then on to the round's end by
a plain rule (:func:`play_on`); and a moment of an orange round set up by hand (P-E19), the
counter after drawing. They replay without a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from farfalia.games.papillon.engine.cards import BLUE, ORANGE, deck_cards, parse_card
from farfalia.games.papillon.engine.game import (
    PLACE_NAMES,
    PapillonChance,
    PapillonGame,
    Roll,
    Shuffle,
    split_blue,
    split_orange,
)
from farfalia.games.papillon.engine.position import PapillonPosition
from farfalia.games.papillon.engine.rules import PapillonSettings

ANNA, MARC = 0, 1
NAMES = ("Anna", "Marc")

#: The blue example: Marc deals (seat 1), so Anna (seat 0) gets the first seven cards. The
#: table shows the rulebook's own example (P-R13): the Chat Noir and a 10, which Anna's Moins and
#: Yin take (22 − 10 = 12).
BLUE_HANDS = {ANNA: "MO YI F6 E3 F2 CS PA", MARC: "D5 S11 D3 F9 S7 E8 D1"}
BLUE_TABLE = "CN E10"
#: The first roll (each player's blue and orange die, Anna's first): Anna's 10 beats Marc's 3.
BLUE_ROLL = ((6, 4), (1, 2))
BLUE_ACTIONS = (
    "MO+YIxCN+E10",  # Anna: 22 - 10 = 12, the Chat Noir taken on purpose
    "D5",  # Marc lays a card down: the table is empty
    "F6",  # Anna too (a capture is never forced by default, P-D13)
    "S11xD5+F6",  # Marc: 5 + 6 = 11
    "E3",
    "D3xE3",  # Marc: 3 = 3, two 3s worth 10 each
    "F2",
    "F9",
    "PAxF2+F9",  # Anna's Papillon takes every card on the table
    "S7",  # Marc lays the Dragon down
    "CSxS7",  # Anna's Couteau Suisse, as a 7, takes it
)

#: The orange example: Marc deals; the starting cards are a 5 and an 8, then Anna's seven
#: cards and Marc's; the blue deck, shuffled, is the draw pile. Marc's 3 is the lower roll:
#: he starts the orange round.
ORANGE_STARTS = "E5o D8o"
ORANGE_HANDS = {ANNA: "D6o F7o PLo CNo E9o S2o F11o", MARC: "S6o E7o MOo D5o S8o PAo D10o"}
ORANGE_ROLL = ((6, 4), (1, 2))
ORANGE_ACTIONS = (
    "D5o@A1",  # Marc: on a starting card, the same number only
    "S6o@S1",  # and on a sequence beside the 5: a 4, 5 or 6
    "D6o@S1",  # Anna: 6 on 6
    "F7o@S1",  # and 7 on 6
    "MOo@sign1",  # Marc's Moins beside S1: from now on, 7 or 6 only there
    "E7o@S1",  # and a 7 on the 7
    "CNo@C",  # Anna's Chat Noir in the centre: Marc will draw 3
    "E9o@S3",  # and a 9 beside the 8
    "PAo@C",  # Marc counters at once with the Papillon: Anna draws 6
)


#: The counter after drawing (P-D36 b), a moment of the second tour set up by hand (P-E19): Anna's
#: Chat Noir attacks Marc, who holds no Papillon; he draws three, the Papillon among them, and
#: places it first: Anna draws three instead of him.
COUNTER_LAYOUT = {"A1": "E5o D5o", "A2": "D8o", "S1": "S6o D7o", "S3": "E9o", "C": "CNo"}
COUNTER_HANDS = {ANNA: "D6o F9o E2o", MARC: "S2o E11o F0o D10o"}
COUNTER_DRAWN = "E3 PA S9"
COUNTER_ACTIONS = ("draw", "PA@C")
#: The draw pile's size at that moment.
COUNTER_DRAW_PILE = 20


@dataclass(frozen=True)
class PapillonExample:
    """A worked example: the game after its actions, and its players' names."""

    game: PapillonGame
    names: tuple[str, ...]


def staged(deck: int, first: str, seed: int) -> Shuffle:
    """A shuffle of one deck that puts the cards named in ``first`` on top, in that order,
    and the rest in an order drawn from ``seed``."""
    top = [parse_card(word) for word in first.split()]
    rest = sorted(set(deck_cards(deck)) - set(top))
    random.Random(seed).shuffle(rest)
    return Shuffle(tuple(top + rest))


def play_on(game: PapillonGame) -> None:
    """Play to the end of the chance written out by a plain rule, the same for every seat:
    the capture that takes most cards, else the first legal action (in the orange round,
    the first placement, which must be played anyway)."""
    while actions := game.legal_actions():
        if game.colour == "blue":
            game.apply(max(actions, key=lambda action: (len(split_blue(action).taken), -action)))
        else:
            game.apply(min(actions, key=lambda action: split_orange(action)[1]))


def blue_example(actions: tuple[str, ...] = BLUE_ACTIONS, finish: bool = False) -> PapillonExample:
    """The blue round: the rulebook's capture by a sign, then a sum, a match, the Papillon
    and the Couteau Suisse; with ``finish``, played on to the round's scoring."""
    settings = PapillonSettings(2, rounds="blue", dealer=MARC)
    first = BLUE_HANDS[ANNA] + " " + BLUE_HANDS[MARC] + " " + BLUE_TABLE
    chance: list[PapillonChance] = [staged(BLUE, first, 1), Roll(BLUE_ROLL)]
    return _played(settings, chance, actions, finish)


def orange_example(actions: tuple[str, ...] = ORANGE_ACTIONS, finish: bool = False) -> PapillonExample:
    """The orange round: starting cards, sequences, a sign and a Chat Noir's attack; with
    ``finish``, played on to the round's scoring."""
    settings = PapillonSettings(2, rounds="orange", dealer=MARC)
    first = ORANGE_STARTS + " " + ORANGE_HANDS[ANNA] + " " + ORANGE_HANDS[MARC]
    chance: list[PapillonChance] = [staged(ORANGE, first, 2), Roll(ORANGE_ROLL), staged(BLUE, "", 3)]
    return _played(settings, chance, actions, finish)


def counter_example(actions: tuple[str, ...] = COUNTER_ACTIONS) -> PapillonExample:
    """The counter after drawing: a moment set up by hand, then Marc's draw and his Papillon."""
    settings = PapillonSettings(2, rounds="orange", dealer=MARC)
    moment = PapillonPosition(
        hands=(_cards(COUNTER_HANDS[ANNA]), _cards(COUNTER_HANDS[MARC])),
        to_act=MARC,
        starter=MARC,
        layout=tuple(_cards(COUNTER_LAYOUT.get(name, "")) for name in PLACE_NAMES),
        tour=2,
        draw_size=COUNTER_DRAW_PILE,
        tour_points=(0, 20),
        attacked_by=ANNA,
    )
    placed, drawn = moment.placed("orange"), _cards(COUNTER_DRAWN)
    rest = {
        deck: [card for card in deck_cards(deck) if card not in placed and card not in drawn] for deck in (BLUE, ORANGE)
    }
    for cards in rest.values():
        random.Random(4).shuffle(cards)
    tours = moment.tours_to_come(settings) * settings.players * settings.deal.cards
    order = (*rest[ORANGE][:tours], *drawn, *rest[BLUE], *rest[ORANGE][tours:])  # the others: under the layout
    game = PapillonGame(settings, 0, [replace(moment, hidden_order=order)], draw=False)
    for action in actions:
        game.apply(action)
    return PapillonExample(game, NAMES)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def _played(
    settings: PapillonSettings, chance: list[PapillonChance], actions: tuple[str, ...], finish: bool
) -> PapillonExample:
    game = PapillonGame(settings, 0, chance, draw=finish)  # played on: any later chance drawn from seed 0
    for action in actions:
        game.apply(action)
    if finish:
        play_on(game)
    return PapillonExample(game, NAMES)
