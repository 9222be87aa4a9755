"""Checks that hold at every step of every game (used by the property tests)."""

from __future__ import annotations

from collections import Counter

from farfalia.core.codes import bits_of
from farfalia.games.farfalia.engine.cards import DECK_SIZE, FAMILY_OF, FIRST_WILD
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import triangular
from farfalia.games.farfalia.engine.state import OVER, State
from farfalia.games.farfalia.engine.views import seat_view


def card_places(state: State) -> Counter[int]:
    """How many times each play card appears across every place a card can be."""
    places: Counter[int] = Counter()
    for hand in state.hands:
        places.update(c for c in bits_of(hand) if c < DECK_SIZE)
    for cover in state.covers:
        places.update(cover.values())
    places.update(card for _, card in state.pending_reveals)
    places.update(state.discards)
    places.update(c for c in state.trick if c < DECK_SIZE)
    for trick in state.tricks:
        places.update(c for c in trick.cards if c < DECK_SIZE)  # picked cards stay counted here
    return places


def check_accounting(state: State) -> None:
    """All 52 play cards once each; collections are picks from won tricks."""
    if not state.dealt:
        return
    assert card_places(state) == Counter(range(DECK_SIZE))
    picked = [t.picked for t in state.tricks if t.picked != -1]
    assert sorted(c for row in state.collections for c in row) == sorted(picked)
    wilds_in_play = [c for hand in state.hands for c in bits_of(hand) if c >= FIRST_WILD]
    wilds_played = [c for t in state.tricks for c in t.cards if c >= FIRST_WILD] + [
        c for c in state.trick if c >= FIRST_WILD
    ]
    assert sorted(wilds_in_play + wilds_played) == sorted(w for w in state.wilds if w != -1)


def check_scores(state: State) -> None:
    """Every hand's points are the triangular values of the sides' collections, times multipliers."""
    totals = [0] * state.settings.players
    for result in state.results:
        plan = result.plan
        for pos, (seat, side) in enumerate(zip(plan.seats, plan.sides)):
            if plan.dummies[pos]:
                continue
            collected = sum(len(c) for c, s in zip(result.collections, plan.sides) if s == side)
            expected = triangular(collected) * plan.multiplier * (2 if result.doubled[seat] else 1)
            assert result.player_points[seat] == expected
            totals[seat] += expected
        # A side never holds more of a family than the proposal shows.
        for side in set(plan.sides):
            held = Counter(FAMILY_OF[c] for row, s in zip(result.collections, plan.sides) if s == side for c in row)
            assert all(held[f] <= result.proposal.count(f) for f in held)
    assert totals == state.totals


def check_turns(game: Game) -> None:
    """Only the player to act sees legal actions in their view."""
    turn = game.to_act()
    if turn is None:
        assert game.state.phase == OVER and not game.legal_actions()
        return
    assert game.legal_actions()
    for player in range(game.settings.players):
        view = seat_view(game, player)
        assert bool(view.legal_actions) == (player == turn.player)
