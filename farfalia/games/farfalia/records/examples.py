"""Worked examples as games: the rulebook's own example and a few situations
every rules explainer needs (a dummy's layout and reveal, a burn). Their deals
are written out, so they replay without a seed; the tests and ``rules.html``
both use them."""

from __future__ import annotations

from dataclasses import dataclass

from farfalia.games.farfalia.engine.actions import Chance, Deal, DealWilds, TurnProposal
from farfalia.games.farfalia.engine.cards import BUTTERFLY, parse_card, parse_family, wild
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings, plan_hand

ANDREW, BARBARA, CARL, DANIEL, EMMA = range(5)
EXAMPLE_NAMES = ("Andrew", "Barbara", "Carl", "Daniel", "Emma")

#: A deal consistent with every card the rulebook's example plays: Andrew (dealer,
#: 12 cards) has no blue, Barbara and Carl one blue each, Daniel exactly B11 and B4.
EXAMPLE_HANDS = {
    ANDREW: "R3 G2 R10 R9 R11 R12 R13 G11 G12 O3 O5 O6",
    BARBARA: "B3 G6 O7 R1 R2 R4 G1 G3 O1 O2",
    CARL: "B5 G7 O4 R5 R6 G5 O10 O11 O12 O13",
    DANIEL: "B11 G4 B4 R7 R8 G9 G10 O8 O9 G8",
    EMMA: "B2 G13 B13 B1 B6 B7 B8 B9 B10 B12",
}
#: Butterfly, two strawberries, a fish and a seashell.
EXAMPLE_PROPOSAL = "F R R B O"
#: Andrew's discard and trump, the example's three tricks (D5), then a continuation
#: that ends the hand as the rulebook's scoring example does (Carl and Emma 4
#: matching cards, Barbara and Daniel 3, Andrew 2).
EXAMPLE_ACTIONS = (
    "discard:R9 discard:G11 trump:O "
    "B3 B5 B11 B2 R3 pick:B11 G4 G13 G2 G6 G7 B13 R10 O7 O4 B4 pick:R10 "
    "R1 R6 R7 B1 R11 pick:R7 R12 R2 R5 R8 B6 pick:R8 O6 O1 O10 O8 B7 pick:O10 O13 O9 B8 O5 O2 pick:O13 "
    "O12 G10 B9 O3 G3 pick:B9 O11 G8 B12 G12 R4 pick:R4 G5 G9 B10 R13 G1 pick:R13"
)

#: Double You: before the deal, Barbara and Emma spend a wild card each to double their
#: hand (decisions from Barbara, the dealer's left, round to Andrew).
DOUBLE_YOU_DECISIONS = "double decline decline double decline"

#: ``three``: the dummy (seat 3) has its reds face down under greens, a blue and an orange.
DUMMY_HANDS = {
    0: "G13 O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12",
    1: "R7 R8 R9 R10 R11 R12 R13 G6 G7 G8 G9 G10 G11",
    3: "R1 R2 R3 R4 R5 R6 G1 G2 G3 G4 G5 B13 O13",  # six down, six up on them, the 13th up
    2: "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 G12",
}
DUMMY_ACTIONS = "notrump R13 G1 G12 O1 R12 R1 B1 O2 G6 G2 B2 G13 O3 R11 O13 B3 pick:O13 G3 B4 O4 G7 pick:G7"
DUMMY_NAMES = ("Ada", "Bruno", "Chiara")

#: ``basic5`` with Burnin': a fish wild card burns every fish of the trick.
BURN_HANDS = {
    0: "B3 O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11",
    1: "B5 R1 R2 R3 R4 R5 R6 R7 R8 R9",
    2: "B7 B1 R10 R11 R12 R13 G1 G2 G3 G4",
    3: "B9 B2 B4 B6 G5 G6 G7 G8 G9 G10",
    4: "B8 B10 B11 B12 B13 G11 G12 G13 O12 O13",
}
BURN_ACTIONS = "discard:O10 discard:O11 trump:R B5 WB1 B9 B8 B3 pick:B8"
BURN_NAMES = ("Ada", "Bruno", "Chiara", "Dario", "Elena")


@dataclass(frozen=True)
class Example:
    """A worked example: the game after its actions, and its players' names."""

    game: Game
    names: tuple[str, ...]


def cards(text: str) -> tuple[int, ...]:
    """Card codes from space-separated names (``"B11 R3"``)."""
    return tuple(parse_card(word) for word in text.split())


def families(text: str) -> tuple[int, ...]:
    """Family codes from space-separated letters (``"F R R B O"``)."""
    return tuple(parse_family(word) for word in text.split())


def deal_by_seat(seats: tuple[int, ...], hands: dict[int, str]) -> Deal:
    """A :class:`Deal` of hands given by seat, in the order of a hand plan's ``seats``."""
    return Deal(tuple(cards(hands[seat]) for seat in seats))


def scripted(
    settings: Settings, hands: dict[int, str], proposal: str, wilds: tuple[int, ...] = (), seed: int | None = None
) -> Game:
    """A game whose first hand has these cards (by seat, in dealt order), wild cards
    (by position) and proposal. Without a ``seed`` it stops when the hand is over;
    with one, later hands are dealt from it."""
    assert settings.first_dealer is not None
    plan = plan_hand(settings, 0, settings.first_dealer)
    chance: list[Chance] = [deal_by_seat(plan.seats, hands)]
    if wilds:
        chance.append(DealWilds(wilds))
    chance.append(TurnProposal(families(proposal)))
    return Game(settings, seed or 0, chance, draw=seed is not None)


def play(game: Game, *words: str) -> None:
    """Apply actions given in notation, in order."""
    for word in words:
        game.apply(word)


def _played(game: Game, actions: str, names: tuple[str, ...]) -> Example:
    play(game, *actions.split())
    return Example(game, names)


def worked_example(actions: str = EXAMPLE_ACTIONS) -> Example:
    """The rulebook's example: Andrew deals, orange is trump."""
    game = scripted(Settings("basic5", first_dealer=ANDREW), EXAMPLE_HANDS, EXAMPLE_PROPOSAL)
    return _played(game, actions, EXAMPLE_NAMES)


def dummy_example(actions: str = DUMMY_ACTIONS) -> Example:
    """A dummy's layout, its play and the turning of an uncovered card (D3, D4)."""
    game = scripted(Settings("three", first_dealer=0), DUMMY_HANDS, "O R B G F")
    return _played(game, actions, DUMMY_NAMES)


def burn_example(actions: str = BURN_ACTIONS) -> Example:
    """Burnin' Down the House: a fish wild card burns the fishes of its trick."""
    wilds = (wild(0), wild(1), wild(2), wild(3), wild(BUTTERFLY))
    game = scripted(Settings("basic5", frozenset({"burning"}), first_dealer=0), BURN_HANDS, "B B F R O", wilds)
    return _played(game, actions, BURN_NAMES)


def double_you_example(actions: str = f"{DOUBLE_YOU_DECISIONS} {EXAMPLE_ACTIONS}") -> Example:
    """Double You (D7): the worked example's hand, Barbara and Emma doubling theirs."""
    settings = Settings("basic5", frozenset({"double-you"}), first_dealer=ANDREW)
    return _played(scripted(settings, EXAMPLE_HANDS, EXAMPLE_PROPOSAL), actions, EXAMPLE_NAMES)
