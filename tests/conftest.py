"""Shared scenario builders: the rulebook's worked example and explicit deals."""

from __future__ import annotations

import pytest

from farfalia.actions import Deal, TurnProposal
from farfalia.cards import parse_card, parse_family
from farfalia.game import Game
from farfalia.rules import Settings

ANDREW, BARBARA, CARL, DANIEL, EMMA = range(5)

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


def cards(text: str) -> tuple[int, ...]:
    """Card codes from space-separated names."""
    return tuple(parse_card(word) for word in text.split())


def families(text: str) -> tuple[int, ...]:
    """Family codes from space-separated letters."""
    return tuple(parse_family(word) for word in text.split())


def deal_by_seat(plan_seats: tuple[int, ...], hands: dict[int, str]) -> Deal:
    """A :class:`Deal` from hands given by seat, ordered by the hand's positions."""
    return Deal(tuple(cards(hands[seat]) for seat in plan_seats))


def scripted_game(settings: Settings, hands: dict[int, str], proposal: str, seed: int = 0) -> Game:
    """A game whose first hand has these cards (by seat, in dealt order) and proposal."""
    probe = Game(settings, seed)
    deal = deal_by_seat(probe.plan.seats, hands)
    return Game(settings, seed, chance=[deal, TurnProposal(families(proposal))])


def play(game: Game, *words: str) -> None:
    """Apply actions given in notation."""
    for word in words:
        game.apply(word)


@pytest.fixture
def example() -> Game:
    """The worked example after Andrew's discard and his orange trump."""
    game = scripted_game(Settings("basic5", first_dealer=ANDREW), EXAMPLE_HANDS, EXAMPLE_PROPOSAL)
    play(game, "discard:R9", "discard:G11", "trump:O")
    return game
