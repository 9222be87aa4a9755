"""What a seat can infer from its view, and whole states consistent with it.

A searching bot cannot look at hidden cards: it samples them. :func:`sample_state`
builds a full :class:`~farfalia.state.State` from a :class:`~farfalia.views.View`
alone, dealing the cards the view hides among the places it hides them in (other
players' hands, dummies' face-down cards, the dealer's discards, unplayed wild
cards) so that every player who failed to follow a suit holds none of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from farfalia.cards import BITS, DECK_SIZE, FAMILY_OF, FIRST_WILD, SUIT_OF, WILD_COUNT, cards_of, mask_of
from farfalia.state import (
    PHASE_NAMES,
    PICK,
    PLAY,
    STRENGTH,
    TRUMP_UNSET,
    State,
    hand_steps,
)
from farfalia.views import EMPTY, HIDDEN, View, visible_cards


def voids(view: View) -> list[int]:
    """For each position, a bit mask of the suits it has shown it lacks (it did not
    follow a led suit with a play card; a wild card shows nothing, D8). A dummy
    shows nothing: its face-down cards do not count for following suit (D4)."""
    plan = view.plan
    positions = plan.positions if plan is not None else 0
    lacking = [0] * positions
    sequences = [
        [((trick.leader + k) % positions, card) for k, card in enumerate(trick.cards)] for trick in view.tricks
    ]
    sequences.append(list(view.trick))
    for sequence in sequences:
        led = None
        for pos, card in sequence:
            if card >= FIRST_WILD:
                continue
            if led is None:
                led = SUIT_OF[card]
            elif SUIT_OF[card] != led and not plan.dummies[pos]:  # type: ignore[union-attr]
                lacking[pos] |= 1 << led
    return lacking


def side_needs(view: View) -> list[list[int]]:
    """For each side, how many more cards of each family it may pick this hand."""
    plan = view.plan
    if plan is None:
        return []
    counts = [view.proposal.count(family) for family in range(5)]
    needs = [counts[:] for _ in range(max(plan.sides) + 1)]
    for info in view.seats:
        for card in info.collection:
            needs[info.side][FAMILY_OF[card]] -= 1
    return needs


@dataclass
class _Place:
    """A set of hidden slots: a hand's unseen cards, a dummy's face-down cards, the discards."""

    size: int
    lacking: int = 0
    cards: list[int] | None = None


def sample_state(view: View, rng: random.Random) -> State:
    """A full state that ``view`` cannot tell from the real one, with hidden cards
    dealt at random (voids honoured). The view must be of a dealt hand."""
    plan = view.plan
    if plan is None or not view.seats or view.phase in ("double", "over"):
        raise ValueError(f"no hand to sample in phase {view.phase!r}")
    positions = plan.positions
    lacking = voids(view)
    hand_places: dict[int, _Place] = {}
    covers: list[dict[int, int | _Place]] = [{} for _ in range(positions)]
    pending: list[tuple[int, _Place]] = []
    held = [0] * positions  # each position's cards as a mask: the seen ones, then the sampled ones
    wild_slots: list[int] = []
    wilds = [EMPTY] * positions
    for info in view.seats:
        pos = info.position
        if info.wild is not None:
            wilds[pos] = info.wild
        if info.layout is not None:
            known = set(info.hand or ())
            for column, (down, up) in enumerate(info.layout):
                if column == 6 or down == EMPTY:
                    continue
                if up != EMPTY:  # still covered by its face-up card
                    covers[pos][up] = _Place(1) if down == HIDDEN else down
                    known.discard(down)
                elif down == HIDDEN:  # uncovered this trick, turned when it ends (D3)
                    pending.append((pos, _Place(1)))
            held[pos] = mask_of(known)
        elif info.hand is not None:
            held[pos] = mask_of(info.hand)
        else:
            if info.wild == HIDDEN:
                wild_slots.append(pos)
            size = info.hand_size - (info.wild == HIDDEN)
            hand_places[pos] = _Place(size, lacking[pos])
    unseen = sorted(set(range(DECK_SIZE)) - visible_cards(view))
    places = [*hand_places.values()]
    places += [place for cover in covers for place in cover.values() if isinstance(place, _Place)]
    places += [place for _, place in pending]
    discard_place = None
    if view.discards is None:
        discard_place = _Place(len(unseen) - sum(place.size for place in places))
        places.append(discard_place)
    _deal_hidden(unseen, places, rng)
    if wild_slots:
        seen_wilds = {w for w in wilds if w >= 0}
        spare = [w for w in range(FIRST_WILD, FIRST_WILD + WILD_COUNT) if w not in seen_wilds]
        for pos, wild in zip(wild_slots, rng.sample(spare, len(wild_slots))):
            wilds[pos] = wild
            held[pos] |= BITS[wild]
    for pos, place in hand_places.items():
        held[pos] |= mask_of(place.cards or ())
    discards = list(view.discards or ()) if discard_place is None else list(discard_place.cards or ())
    return _assemble(
        view,
        held,
        [{up: _card(down) for up, down in cover.items()} for cover in covers],
        [(pos, _card(place)) for pos, place in pending],
        wilds,
        discards,
    )


def _assemble(
    view: View,
    hands: list[int],
    covers: list[dict[int, int]],
    pending: list[tuple[int, int]],
    wilds: list[int],
    discards: list[int],
) -> State:
    """The state of ``view`` with these cards in the places it hides."""
    plan = view.plan
    assert plan is not None
    state = State.__new__(State)
    settings = state.settings = view.settings
    state.totals = list(view.totals)
    state.hand_scores = [result.player_points for result in view.results]
    state.results = list(view.results)
    state.doubles_left = list(view.doubles_left)
    state.winners = view.winners
    state.phase = PHASE_NAMES.index(view.phase)
    state.plan = plan
    steps = hand_steps(settings, plan)
    state.steps = steps[steps.index(state.phase) + 1 :] if state.phase in steps else []
    state.doubling = [bool(choice) for choice in view.doubling]
    state.double_queue = []
    state.hands = hands
    state.covers = covers
    state.pending_reveals = pending
    state.wilds = tuple(wilds) if settings.burning else ()
    state.discards = discards
    state.dealt = _dealt(view, state)
    state.trump = TRUMP_UNSET if view.trump is None else view.trump
    state.proposal = view.proposal
    state.need = side_needs(view) if view.proposal else []
    state.collections = [list(info.collection) for info in view.seats]
    trick = [card for _, card in view.trick]
    state.trick = trick
    state.tricks = list(view.tricks)
    state.pickable = view.pickable
    state.burnt = view.burnt
    turn = view.to_act
    acting = plan.position_of(turn.seat) if turn is not None else 0
    state.to_move = acting if state.phase in (PLAY, PICK) else 0
    state.leader, state.led, state.strength, state.best_key, state.best_pos = acting, -1, (), -1, 0
    if trick:
        state.leader = view.trick[0][0]
        state.led = SUIT_OF[trick[0]]
        state.strength = STRENGTH[state.trump + 1][state.led]
        for pos, card in view.trick:
            if state.strength[card] > state.best_key:
                state.best_key, state.best_pos = state.strength[card], pos
    return state


def _card(place: int | _Place) -> int:
    """The card dealt to a one-card place (or the known card itself)."""
    if isinstance(place, _Place):
        assert place.cards is not None
        return place.cards[0]
    return place


def _dealt(view: View, state: State) -> tuple[tuple[int, ...], ...]:
    """The sampled deal: what each place holds now plus what it played (and, for
    the dealer, discarded); a dummy's cards in its layout's order (six face down,
    then seven face up), its played cards standing in its empty places."""
    played: list[list[int]] = [[] for _ in state.hands]
    for trick in view.tricks:
        for k, card in enumerate(trick.cards):
            played[(trick.leader + k) % len(played)].append(card)
    for pos, card in view.trick:
        played[pos].append(card)
    dealt = []
    for info in view.seats:
        pos = info.position
        gone = [c for c in played[pos] if c < FIRST_WILD]
        if info.layout is None:
            held = [c for c in cards_of(state.hands[pos]) if c < FIRST_WILD]
            dealt.append(tuple(held + gone + (state.discards if pos == 0 else [])))
            continue
        turning = [down for p, down in state.pending_reveals if p == pos]
        downs, ups = [], []
        for column, (down, up) in enumerate(info.layout):
            ups.append(up if up != EMPTY else gone.pop())
            if column < 6:
                if down == HIDDEN:
                    down = state.covers[pos][up] if up != EMPTY else turning.pop()
                downs.append(down if down != EMPTY else gone.pop())
        dealt.append(tuple(downs + ups))
    return tuple(dealt)


def _deal_hidden(unseen: list[int], places: list[_Place], rng: random.Random) -> None:
    """Deal ``unseen`` among ``places`` (their sizes add up to it), honouring voids.

    Card by card, each to a place drawn in proportion to its free slots among the
    places that may hold its suit, keeping only draws after which the rest can
    still be dealt (Hall's condition over the sets of suits): it never dead-ends.
    """
    if sum(place.size for place in places) != len(unseen):
        raise ValueError("the view's hidden places do not hold its unseen cards")
    pool = unseen[:]
    rng.shuffle(pool)
    if not any(place.lacking for place in places):
        for place in places:
            place.cards = pool[: place.size]
            del pool[: place.size]
        return
    free = [place.size for place in places]
    left = [0, 0, 0, 0]
    for card in pool:
        left[SUIT_OF[card]] += 1
    # Hall's condition binds only for sets of suits that some place lacks entirely:
    # for each, the places that may hold one of its suits.
    limits = [
        (suits, [k for k, place in enumerate(places) if place.lacking & mask != mask])
        for mask, suits in SUIT_SETS
        if any(place.lacking & mask == mask for place in places)
    ]
    for place in places:
        place.cards = []
    for card in pool:
        suit = SUIT_OF[card]
        left[suit] -= 1
        options = [k for k, place in enumerate(places) if free[k] and not place.lacking >> suit & 1]
        while True:
            if not options:
                raise ValueError("no deal of the unseen cards fits the voids the view shows")
            k = rng.choices(options, [free[k] for k in options])[0]
            free[k] -= 1
            if all(sum(left[s] for s in suits) <= sum(free[p] for p in able) for suits, able in limits):
                break
            free[k] += 1
            options.remove(k)
        places[k].cards.append(card)  # type: ignore[union-attr]


#: Every non-empty set of suits, as a bit mask and as a tuple.
SUIT_SETS = tuple((mask, tuple(s for s in range(4) if mask >> s & 1)) for mask in range(1, 16))
