"""Shared scenario builders: the rulebook's worked example and explicit deals."""

from __future__ import annotations

import pytest

from farfalia.actions import Deal, TurnProposal
from farfalia.cards import parse_card, parse_family
from farfalia.examples import ANDREW, BARBARA, CARL, DANIEL, EMMA, EXAMPLE_HANDS, EXAMPLE_PROPOSAL  # noqa: F401
from farfalia.game import Game
from farfalia.rules import Settings


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
