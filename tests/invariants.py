"""Checks that hold at every step of every game (used by the property tests)."""

from __future__ import annotations

import random
from collections import Counter

from farfalia.core.codes import bits_of
from farfalia.games.farfalia.engine.cards import DECK_SIZE, FAMILY_OF, FIRST_WILD, WILD_COUNT, mask_of
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import triangular
from farfalia.games.farfalia.engine.state import DOUBLE_PHASE, OVER, State
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


def with_state(game: Game, state: State) -> Game:
    """A copy of ``game`` standing on ``state`` (to take views of a changed state)."""
    twin = Game.__new__(Game)
    twin.__dict__.update(game.__dict__)
    twin._state = state
    return twin


def hidden_shuffle(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` whose cards hidden from ``player`` are dealt anew among the same
    hidden places: the same counts, so a sound view cannot tell the two apart."""
    twin = with_state(game, game.state.copy())
    state = twin.state
    plan = state.plan
    if plan is None or not state.dealt:
        return twin
    hidden_positions = [pos for pos, seat in enumerate(plan.seats) if not plan.dummies[pos] and seat != player]
    pool: list[int] = []
    for pos in hidden_positions:
        pool += [c for c in bits_of(state.hands[pos]) if c < FIRST_WILD]
    for cover in state.covers:
        pool += list(cover.values())
    pool += [card for _, card in state.pending_reveals]
    dealer_hidden = plan.dealer != player
    if dealer_hidden:
        pool += state.discards
    rng.shuffle(pool)
    for pos in hidden_positions:
        hand = state.hands[pos]
        suit_count = len([c for c in bits_of(hand) if c < FIRST_WILD])
        state.hands[pos] = (hand & ~((1 << FIRST_WILD) - 1)) | mask_of(pool[:suit_count])
        del pool[:suit_count]
    state.covers = [{up: pool.pop() for up in cover} for cover in state.covers]
    renamed = [(pos, old, pool.pop()) for pos, old in state.pending_reveals]
    state.pending_reveals = [(pos, new) for pos, _, new in renamed]
    # Keep each dummy's dealt layout consistent with its new face-down cards.
    dealt = list(state.dealt)
    for pos, cover in enumerate(state.covers):
        if plan.dummies[pos]:
            layout = list(dealt[pos])
            for col in range(6):
                up = layout[6 + col]
                if up in cover:
                    layout[col] = cover[up]
            for p, old, new in renamed:
                if p == pos:
                    layout[layout.index(old)] = new
            dealt[pos] = tuple(layout)
    state.dealt = tuple(dealt)
    if dealer_hidden:
        state.discards = [pool.pop() for _ in state.discards]
    # Unplayed wild cards of others, and the ones set aside: any of them could be anywhere.
    if state.wilds:
        held = [pos for pos in hidden_positions if state.hands[pos] >> state.wilds[pos] & 1]
        in_hands = {
            state.wilds[pos]
            for pos, hand in enumerate(state.hands)
            if state.wilds[pos] != -1 and hand >> state.wilds[pos] & 1
        }
        unseen = [w for w in range(FIRST_WILD, FIRST_WILD + WILD_COUNT) if w not in in_hands and w not in state.wilds]
        candidates = [state.wilds[pos] for pos in held] + unseen
        rng.shuffle(candidates)
        wilds = list(state.wilds)
        for pos in held:
            new = candidates.pop()
            state.hands[pos] = state.hands[pos] & ~(1 << wilds[pos]) | 1 << new
            wilds[pos] = new
        state.wilds = tuple(wilds)
    # Double You decisions not yet revealed (D7).
    if state.phase == DOUBLE_PHASE:
        state.doubling = [rng.random() < 0.5 if p != player else d for p, d in enumerate(state.doubling)]
    assert not pool
    return twin
