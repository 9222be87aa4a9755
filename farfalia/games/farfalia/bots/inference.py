"""What a seat can infer from its view, and whole states consistent with it.

A searching bot cannot look at hidden cards: it samples them. :func:`sample_state`
builds a full :class:`~farfalia.games.farfalia.engine.state.State` from a
:class:`~farfalia.games.farfalia.engine.views.View`
alone, dealing the cards the view hides among the places it hides them in (other
players' hands, dummies' face-down cards, the dealer's discards, unplayed wild
cards) so that every player who failed to follow a suit holds none of it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from farfalia.core.codes import bits_of
from farfalia.core.errors import ViewError
from farfalia.games.farfalia.engine.cards import BITS, DECK_SIZE, FAMILY_OF, FIRST_WILD, SUIT_OF, WILD_COUNT, mask_of
from farfalia.games.farfalia.engine.state import (
    PHASE_NAMES,
    TRUMP_UNSET,
    State,
)
from farfalia.games.farfalia.engine.views import EMPTY, HIDDEN, View, visible_cards


def voids(view: View) -> list[int]:
    """For each position, a bit mask of the suits it has shown it lacks (it did not
    follow a led suit with a play card; a wild card shows nothing, D8). A dummy
    shows nothing: its face-down cards do not count for following suit (D4)."""
    plan = view.plan
    positions = plan.positions if plan is not None else 0
    lacking = [0] * positions
    sequences = [trick.plays(positions) for trick in view.tricks]
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
    return Sampler(view).sample(rng)


class Sampler:
    """Full states consistent with one view: what the view shows (its hidden places,
    unseen cards, voids and the public state) is worked out once; each
    :meth:`sample` deals the hidden cards anew."""

    def __init__(self, view: View) -> None:
        plan = view.plan
        if plan is None or not view.seats or view.phase in ("double", "over"):
            raise ViewError(f"no hand to sample in phase {view.phase!r}")
        self.view = view
        positions = plan.positions
        lacking = voids(view)
        #: The hidden places, in dealing order: (position, size, suits it lacks) of hands...
        self.hand_places: list[tuple[int, int, int]] = []
        #: ... a dummy's covered cards: (position, face-up card, face-down card or HIDDEN)...
        self.covered: list[tuple[int, int, int]] = []
        #: ... and its face-down cards turning at the trick's end (D3), by position.
        self.turning: list[int] = []
        self.held = [0] * positions  # each position's cards the view shows, as a mask
        self.wild_slots: list[int] = []
        self.wilds = [EMPTY] * positions
        for info in view.seats:
            pos = info.position
            if info.wild is not None:
                self.wilds[pos] = info.wild
            if info.layout is not None:
                known = set(info.hand or ())
                for column, (down, up) in enumerate(info.layout):
                    if column == 6 or down == EMPTY:
                        continue
                    if up != EMPTY:  # still covered by its face-up card
                        self.covered.append((pos, up, down))
                        known.discard(down)
                    elif down == HIDDEN:  # uncovered this trick, turned when it ends (D3)
                        self.turning.append(pos)
                self.held[pos] = mask_of(known)
            elif info.hand is not None:
                self.held[pos] = mask_of(info.hand)
            else:
                if info.wild == HIDDEN:
                    self.wild_slots.append(pos)
                self.hand_places.append((pos, info.hand_size - (info.wild == HIDDEN), lacking[pos]))
        self.unseen = sorted(set(range(DECK_SIZE)) - visible_cards(view))
        hidden_downs = sum(1 for _, _, down in self.covered if down == HIDDEN) + len(self.turning)
        dealt_hidden = sum(size for _, size, _ in self.hand_places) + hidden_downs
        #: How many of the dealer's discards are hidden (None: the view shows them).
        self.hidden_discards = None if view.discards is not None else len(self.unseen) - dealt_hidden
        seen_wilds = {w for w in self.wilds if w >= 0}
        self.spare_wilds = [w for w in range(FIRST_WILD, FIRST_WILD + WILD_COUNT) if w not in seen_wilds]
        self.played = _played(view)
        self.public = _public_state(view)

    def sample(self, rng: random.Random) -> State:
        """A state with the hidden cards dealt at random."""
        hands = [_Place(size, lacking) for _, size, lacking in self.hand_places]
        downs = [_Place(1) if down == HIDDEN else None for _, _, down in self.covered]
        turning = [_Place(1) for _ in self.turning]
        discards = None if self.hidden_discards is None else _Place(self.hidden_discards)
        places = [*hands, *(place for place in downs if place is not None), *turning]
        _deal_hidden(self.unseen, places + ([discards] if discards is not None else []), rng)
        held = self.held[:]
        for (pos, _, _), place in zip(self.hand_places, hands):
            held[pos] |= mask_of(place.cards or ())
        wilds = self.wilds[:]
        for pos, wild in zip(self.wild_slots, rng.sample(self.spare_wilds, len(self.wild_slots))):
            wilds[pos] = wild
            held[pos] |= BITS[wild]
        covers: list[dict[int, int]] = [{} for _ in held]
        for (pos, up, down), slot in zip(self.covered, downs):
            covers[pos][up] = _card(slot) if slot is not None else down
        reveals = [(pos, _card(slot)) for pos, slot in zip(self.turning, turning)]
        discarded = list(self.view.discards or ()) if discards is None else list(discards.cards or ())
        return self.public.with_hidden(
            hands=held,
            covers=covers,
            pending_reveals=reveals,
            wilds=tuple(wilds) if self.view.settings.burning else (),
            discards=discarded,
            dealt=_dealt(self.view, held, covers, reveals, discarded, self.played),
        )


def _public_state(view: View) -> State:
    """The state of ``view`` but for the cards in hands, dummies and discards."""
    plan = view.plan
    assert plan is not None
    turn = view.to_act
    return State.from_public(
        view.settings,
        plan,
        PHASE_NAMES.index(view.phase),
        totals=view.totals,
        results=view.results,
        doubles_left=view.doubles_left,
        doubling=tuple(bool(choice) for choice in view.doubling),
        trump=TRUMP_UNSET if view.trump is None else view.trump,
        proposal=view.proposal,
        need=side_needs(view) if view.proposal else [],
        collections=[info.collection for info in view.seats],
        trick=view.trick,
        tricks=view.tricks,
        pickable=view.pickable,
        burnt=view.burnt,
        acting=plan.position_of(turn.seat) if turn is not None else 0,
        winners=view.winners,
    )


def _card(place: _Place) -> int:
    """The card dealt to a one-card place."""
    assert place.cards is not None
    return place.cards[0]


def _played(view: View) -> list[list[int]]:
    """The play cards each position has played this hand, in order."""
    played: list[list[int]] = [[] for _ in view.seats]
    for trick in view.tricks:
        for pos, card in trick.plays(len(played)):
            played[pos].append(card)
    for pos, card in view.trick:
        played[pos].append(card)
    return [[c for c in cards if c < FIRST_WILD] for cards in played]


def _dealt(
    view: View,
    hands: list[int],
    covers: list[dict[int, int]],
    reveals: list[tuple[int, int]],
    discards: list[int],
    played: list[list[int]],
) -> tuple[tuple[int, ...], ...]:
    """The sampled deal: what each place holds now plus what it ``played`` (and, for
    the dealer, discarded); a dummy's cards in its layout's order (six face down,
    then seven face up), its played cards standing in its empty places."""
    dealt = []
    for info in view.seats:
        pos = info.position
        gone = played[pos][:]
        if info.layout is None:
            held = [c for c in bits_of(hands[pos]) if c < FIRST_WILD]
            dealt.append(tuple(held + gone + (discards if pos == 0 else [])))
            continue
        turning = [down for p, down in reveals if p == pos]
        downs, ups = [], []
        for column, (down, up) in enumerate(info.layout):
            ups.append(up if up != EMPTY else gone.pop())
            if column < 6:
                if down == HIDDEN:
                    down = covers[pos][up] if up != EMPTY else turning.pop()
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
        raise ViewError("the view's hidden places do not hold its unseen cards")
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
                raise ViewError("no deal of the unseen cards fits the voids the view shows")
            k = rng.choices(options, [free[k] for k in options])[0]
            free[k] -= 1
            if all(sum(left[s] for s in suits) <= sum(free[p] for p in able) for suits, able in limits):
                break
            free[k] += 1
            options.remove(k)
        places[k].cards.append(card)  # type: ignore[union-attr]


#: Every non-empty set of suits, as a bit mask and as a tuple.
SUIT_SETS = tuple((mask, tuple(s for s in range(4) if mask >> s & 1)) for mask in range(1, 16))
