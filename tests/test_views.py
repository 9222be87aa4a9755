"""Seat views hold what a seat may know and nothing more; errors never corrupt state."""

from __future__ import annotations

import random

import pytest

from farfalia.core.codes import bits_of
from farfalia.core.errors import FarfaliaError, IllegalActionError
from farfalia.games.farfalia.engine.cards import FIRST_WILD
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.views import HIDDEN, omniscient_view, seat_view, visible_cards


def test_own_hand_visible_others_hidden() -> None:
    game = Game(Settings("four", first_dealer=0), seed=3)
    for player in range(4):
        view = seat_view(game, player)
        for info in view.seats:
            assert (info.hand is not None) == (info.seat == player)
            assert info.hand_size == 13


def test_dealer_discards_seen_by_the_dealer_only() -> None:
    game = Game(Settings("basic5", first_dealer=1), seed=2)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    discards = tuple(game.state.discards)
    assert seat_view(game, 1).discards == discards
    for player in (0, 2, 3, 4):
        view = seat_view(game, player)
        assert view.discards is None
        assert not set(discards) & visible_cards(view)
    assert omniscient_view(game).discards == discards


def test_unplayed_wild_cards_of_others_stay_hidden() -> None:
    game = Game(Settings("basic5", frozenset({"burning"}), first_dealer=0), seed=6)
    for player in range(5):
        view = seat_view(game, player)
        for info in view.seats:
            if info.seat == player:
                assert info.wild is not None and info.wild >= FIRST_WILD and info.wild in info.hand
            else:
                assert info.wild == HIDDEN
        others = {w for pos, w in enumerate(game.state.wilds) if game.plan.seats[pos] != player}
        assert not others & visible_cards(view)


def test_no_view_shows_another_hand_at_any_step() -> None:
    game = Game(Settings("two", frozenset({"burning"})), seed=12)
    chooser = random.Random(12)
    while not game.is_over():
        state = game.state
        for player in range(2):
            view = seat_view(game, player)
            hidden: set[int] = set()
            for pos, seat in enumerate(state.plan.seats):
                if not state.plan.dummies[pos] and seat != player:
                    hidden |= set(bits_of(state.hands[pos]))
                hidden |= set(state.covers[pos].values())
            assert not hidden & visible_cards(view)
        game.apply(chooser.choice(game.legal_actions()))
    assert omniscient_view(game).winners == game.winners


def test_illegal_actions_change_nothing() -> None:
    game = Game(Settings("three", first_dealer=0), seed=4)
    game.apply("trump:B")
    before = game.state.copy()
    history = list(game.history)
    for bad in ["pick:B3", "discard:R1", "double", "trump:R", 999, "nonsense"]:
        with pytest.raises(FarfaliaError):
            game.apply(bad)
    assert game.state == before and game.history == history


def test_undo_with_nothing_to_undo() -> None:
    game = Game(Settings("four", first_dealer=0))
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


def test_play_reasons_name_each_unplayable_card() -> None:
    game = Game(Settings("four", first_dealer=0), seed=21)
    game.apply(game.legal_actions()[0])
    reasons = game.play_reasons()
    legal = set(game.state.legal_plays())
    assert {c for c, why in reasons.items() if why is None} == legal
    assert {why for why in reasons.values() if why is not None} == {"follow-suit"}
