"""Players that decide from a seat view only (never from hidden cards).

Every bot has one method, ``choose(view, rng)``. :class:`RandomBot` plays any
legal action (for tests). :class:`HeuristicBot` plays as a careful player does:
it counts the cards played, reads the proposal and the sides' needs, wins tricks
that hold cards its side can pick, keeps its trumps for them, feeds its partner's
tricks and starves its opponents'. The searching bots are in
:mod:`farfalia.bots.search`.
"""

from __future__ import annotations

import random
from typing import Protocol

from farfalia.games.farfalia.bots.inference import side_needs, voids
from farfalia.games.farfalia.engine.actions import (
    DECLINE_ACTION,
    DOUBLE_ACTION,
    NO_TRUMP_SUIT,
    PASS_ACTION,
    Action,
    play,
    trump,
)
from farfalia.games.farfalia.engine.cards import FAMILY_OF, FIRST_WILD, NUMBER_OF, SUIT_OF, SUITS
from farfalia.games.farfalia.engine.rules import game_partnerships
from farfalia.games.farfalia.engine.state import FAMILY_MASKS, STRENGTH, burn_mask, winning_play
from farfalia.games.farfalia.engine.views import View, visible_cards


class Bot(Protocol):
    """Anything that chooses one of ``view.legal_actions``."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """The chosen action; ``rng`` is the only source of randomness."""
        ...


class RandomBot:
    """Any legal action, uniformly."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal_actions)


class HeuristicBot:
    """A careful player's rules of thumb, for every decision kind."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action a careful player takes (``rng`` breaks no ties: the choice is fixed by the view)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if kind in ("pick", "pass"):
            return _best_pick(view)
        if kind == "discard":
            return _discard(view)
        if kind == "trump":
            return trump(_best_trump(view))
        if kind in ("double", "decline"):
            return DOUBLE_ACTION if _should_double(view) else DECLINE_ACTION
        return play(Table(view).best_play())


class BeginnerBot:
    """A player still learning: follows the rules and always picks when a card may be picked, but
    misjudges as a newcomer does. It leads its highest card (into a ruff, as likely as not), follows
    with its highest card of the suit led (its partner's trick overtaken, a high card wasted on a
    trick it cannot win), and, lacking the suit, throws its lowest card rather than trump (a trick
    it could have taken, a card the opponents want given away). It neither counts the cards nor
    denies a pick; it discards its lowest cards, names its longest suit trumps and never spends a
    Double You."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """The beginner's action (``rng`` breaks no ties: the choice is fixed by the view)."""
        legal = view.legal_actions
        kind = legal[0].kind
        if len(legal) == 1 or kind in ("pick", "pass"):
            return legal[0]  # the first card it may pick
        if kind == "discard":
            return min(legal, key=lambda action: _rank(action.card))
        if kind == "trump":
            held = _held(view)
            suits = [action for action in legal if action.trump is not None and action.trump != NO_TRUMP_SUIT]
            return max(suits, key=lambda action: sum(SUIT_OF[c] == action.trump for c in held if c < FIRST_WILD),
                       default=legal[0])  # fmt: skip
        if kind in ("double", "decline"):
            return DECLINE_ACTION
        table = Table(view)
        cards = table.legal
        if table.led is None:
            return play(max(cards, key=lambda card: (_rank(card) if card < FIRST_WILD else -1, -card)))
        following = [card for card in cards if card < FIRST_WILD and SUIT_OF[card] == table.led]
        if following:
            return play(max(following, key=_rank))
        plain = [card for card in cards if card >= FIRST_WILD or SUIT_OF[card] != table.trump]
        return play(min(plain or cards, key=_rank))


def _rank(card: int | None) -> int:
    """A card's number (a wild card's above every number: the beginner keeps them)."""
    return NUMBER_OF[card] if card is not None and card < FIRST_WILD else 99


class Table:
    """What the deciding seat knows about the hand in play, worked out once a decision."""

    def __init__(self, view: View) -> None:
        plan = view.plan
        assert plan is not None and view.to_act is not None
        self.view = view
        self.position = plan.position_of(view.to_act.seat)
        self.side = plan.sides[self.position]
        self.sides = plan.sides
        self.trump = view.trump if view.trump is not None else NO_TRUMP_SUIT
        self.needs = side_needs(view)
        self.voids = voids(view)
        seen = visible_cards(view)
        others = {c for info in view.seats if info.controller != view.viewer and info.hand for c in info.hand}
        #: Play cards others may still play: unseen ones, and those of the others' dummies.
        self.outside = {c for c in range(FIRST_WILD) if c not in seen or c in others}
        self.legal = [action.card for action in view.legal_actions if action.card is not None]
        trick = view.trick
        self.trick_cards = [card for _, card in trick]
        positions = plan.positions
        leader = trick[0][0] if trick else self.position
        #: Positions still to play after this one in the current trick.
        self.after = [(leader + k) % positions for k in range(len(trick) + 1, positions)]
        self.led = SUIT_OF[self.trick_cards[0]] if trick else None
        self.best_pos, self.best_key = winning_play(trick, self.trump) if trick else (-1, -1)

    # ------------------------------------------------------------ card facts

    def wanted(self, side: int, card: int) -> bool:
        """Whether ``side`` may still pick ``card``."""
        return card < FIRST_WILD and self.needs[side][FAMILY_OF[card]] > 0

    def opponents_want(self, card: int) -> bool:
        """Whether any other side may still pick ``card``."""
        return any(self.wanted(side, card) for side in set(self.sides) if side != self.side)

    def is_boss(self, card: int) -> bool:
        """Whether no card that others may still play is higher in ``card``'s suit."""
        suit, number = SUIT_OF[card], NUMBER_OF[card]
        return not any(SUIT_OF[c] == suit and NUMBER_OF[c] > number for c in self.outside)

    def trumps_outside(self) -> bool:
        """Whether others may still hold a trump."""
        return self.trump >= 0 and any(SUIT_OF[c] == self.trump for c in self.outside)

    def may_ruff(self, positions: list[int], suit: int) -> bool:
        """Whether an opponent among ``positions`` is known to lack ``suit`` while trumps are out."""
        return (
            suit != self.trump
            and self.trumps_outside()
            and any(self.sides[p] != self.side and self.voids[p] >> suit & 1 for p in positions)
        )

    def wins_for_sure(self, card: int, led: int) -> bool:
        """Whether ``card`` (already beating the trick) cannot be beaten by the players still to play."""
        if not self.after:
            return True
        later_opponents = [p for p in self.after if self.sides[p] != self.side]
        if not later_opponents:
            return True
        if SUIT_OF[card] == self.trump:
            return self.is_boss(card)
        return self.is_boss(card) and not self.may_ruff(later_opponents, led)

    def worth(self, card: int) -> float:
        """How much a card is worth keeping: high cards and trumps win later tricks."""
        if card >= FIRST_WILD:
            return 30.0
        return NUMBER_OF[card] + (14 if SUIT_OF[card] == self.trump else 0) + (4 if self.is_boss(card) else 0)

    # --------------------------------------------------------------- playing

    def best_play(self) -> int:
        """The card to play (or wild card to throw) now."""
        return self._lead() if self.led is None else self._follow(self.led)

    def _lead(self) -> int:
        def score(card: int) -> float:
            suit = SUIT_OF[card]
            safe = self.is_boss(card) and (suit == self.trump or not self.may_ruff(self.after, suit))
            family_wanted = self.needs[self.side][suit] > 0  # followers' cards are mostly of the suit's family
            if safe:
                return 10 + 3 * self.wanted(self.side, card) + 2 * family_wanted - (suit == self.trump)
            return -4 * self.opponents_want(card) - self.worth(card) / 10 + family_wanted

        return max(self.legal, key=lambda card: (score(card), -card))

    def _follow(self, led: int) -> int:
        strength = STRENGTH[self.trump + 1][led]
        burnt = burn_mask(self.trick_cards)
        partner_ahead = self.sides[self.best_pos] == self.side
        suits = [c for c in self.legal if c < FIRST_WILD]
        wilds = [c for c in self.legal if c >= FIRST_WILD]

        def pickable(side: int, cards: list[int]) -> int:
            return sum(1 for c in cards if self.wanted(side, c) and not burnt >> c & 1)

        def feeding(card: int) -> tuple[bool, float]:
            """For the partner's trick: a card the side can pick first, the cheapest first."""
            return (not self.wanted(self.side, card), self.worth(card))

        if partner_ahead:
            best_card = self.trick_cards[[pos for pos, _ in self.view.trick].index(self.best_pos)]
            if self.wins_for_sure(best_card, led) and suits:
                return min(suits, key=feeding)
        winners = [c for c in suits if strength[c] > self.best_key]
        sure = [c for c in winners if self.wins_for_sure(c, led)]
        in_trick = pickable(self.side, self.trick_cards)
        denied = sum(pickable(side, self.trick_cards) for side in set(self.sides) if side != self.side)
        if sure:
            cheapest = min(sure, key=self.worth)
            if in_trick or denied or self.wanted(self.side, cheapest) or not self.after:
                return cheapest
        if winners and not partner_ahead and (in_trick or denied):
            return min(winners, key=self.worth)
        if wilds and not partner_ahead:
            # Burn the family an opponent could pick from this trick (D8).
            def denial(wild: int) -> int:
                family = FAMILY_MASKS[FAMILY_OF[wild]]
                return sum(1 for c in self.trick_cards if family >> c & 1 and self.opponents_want(c))

            best_wild = max(wilds, key=denial)
            if denial(best_wild):
                return best_wild
        if not suits:
            return wilds[0]
        if partner_ahead:
            return min(suits, key=feeding)
        return min(suits, key=lambda c: (self.opponents_want(c), self.worth(c)))  # never feed the opponents


def _best_pick(view: View) -> Action:
    """The card of the family the side will find hardest to complete later."""
    legal = view.legal_actions
    picks = [a for a in legal if a.kind == "pick"]
    if not picks:
        return PASS_ACTION
    plan = view.plan
    assert plan is not None and view.to_act is not None
    side = plan.sides[plan.position_of(view.to_act.seat)]
    need = side_needs(view)[side]
    seen = visible_cards(view)
    left = [sum(1 for c in range(FIRST_WILD) if FAMILY_OF[c] == family and c not in seen) for family in range(5)]

    def scarcity(action: Action) -> tuple[float, int]:
        family = FAMILY_OF[action.card]  # type: ignore[index]
        return (left[family] / need[family], -NUMBER_OF[action.card])  # type: ignore[index]

    return min(picks, key=scarcity)


def _held(view: View) -> list[int]:
    """The play cards the deciding player holds face up (his dummy's included)."""
    return [
        c for info in view.seats if info.controller == view.viewer and info.hand for c in info.hand if c < FIRST_WILD
    ]


def _suit_strength(cards: list[int], suit: int) -> float:
    """How well ``cards`` would do with ``suit`` as trump: length, then high cards."""
    return sum(1 + max(0, NUMBER_OF[c] - 8) / 2 for c in cards if SUIT_OF[c] == suit)


def _best_trump(view: View) -> int:
    """The suit the dealer (with his dummy's face-up cards) is strongest in."""
    held = _held(view)
    return max(SUITS, key=lambda suit: (_suit_strength(held, suit), suit))


def _discard(view: View) -> Action:
    """Set aside low cards of the shortest side suit (keeping the future trump, the 12s and the 13s)."""
    hand = _held(view)
    planned = _best_trump(view) if view.trump is None else view.trump
    length = {suit: sum(1 for c in hand if SUIT_OF[c] == suit) for suit in SUITS}
    options = [a for a in view.legal_actions if a.kind == "discard"]
    return min(
        options,
        key=lambda a: (SUIT_OF[a.card] == planned, NUMBER_OF[a.card] >= 12, length[SUIT_OF[a.card]], NUMBER_OF[a.card]),  # type: ignore[index]
    )


def _should_double(view: View) -> bool:
    """Spend a Double You card on a doubled hand, or when the later hands that will
    likely offer the choice no longer outnumber the cards. D7: the players at the top
    may not double; in ``four`` a whole partnership leads, so only about half the
    later hands offer it (elsewhere nearly all do)."""
    plan, viewer = view.plan, view.viewer
    assert plan is not None and viewer is not None
    if plan.multiplier > 1:
        return True
    total = view.settings.total_hands
    if total is None:
        target = view.settings.target or 0
        return max(view.totals) * 3 >= target * 2
    later = total - view.hand_number - 1
    chances = later / 2 if game_partnerships(view.settings) else later
    return chances < view.doubles_left[viewer]
