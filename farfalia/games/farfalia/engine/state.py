"""The rules core: a compact, mutable state machine for one game.

:class:`State` trusts its caller: ``apply`` expects a legal action and
``apply_chance`` an outcome of the kind asked for (it checks the outcome's
content, since outcomes may come from outside). :class:`farfalia.games.farfalia.engine.game.Game`
adds validation, history, undo and views. Positions are places at the table in
the current hand, clockwise from the dealer (position 0); see
:class:`farfalia.games.farfalia.engine.rules.HandPlan`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import NamedTuple

from farfalia.core.codes import bits_of
from farfalia.core.errors import IllegalActionError
from farfalia.core.interface import CHANCE, TERMINAL
from farfalia.games.farfalia.engine.actions import (
    DECLINE,
    DISCARD_BASE,
    DOUBLE,
    NO_TRUMP,
    NO_TRUMP_SUIT,
    PASS,
    PICK_BASE,
    TRUMP_BASE,
    Chance,
    Deal,
    DealWilds,
    DrawDealer,
    TurnProposal,
)
from farfalia.games.farfalia.engine.cards import (
    BITS,
    BUTTERFLY,
    DECK_SIZE,
    FAMILIES,
    FAMILY_OF,
    FIRST_WILD,
    FULL_DECK_MASK,
    NO_CARD,
    NUMBER_OF,
    SUIT_BITS,
    SUIT_OF,
    SUIT_SHIFT,
    SUIT_TABLE,
    SUITS,
    WILD_COUNT,
    WILD_TABLE,
    suit_cards,
)
from farfalia.games.farfalia.engine.rules import (
    HandPlan,
    Settings,
    barred_from_doubling,
    next_dealer,
    plan_hand,
    rank_players,
    triangular,
    winners,
)

TRUMP_UNSET = -2

#: Cards of each family among the 52 play cards, as masks (burning uses them).
FAMILY_MASKS = tuple(sum(1 << c for c in range(DECK_SIZE) if FAMILY_OF[c] == f) for f in FAMILIES)
#: The 25 subject cards: five of each family.
SUBJECT_DECK = tuple(family for family in FAMILIES for _ in range(5))
SUBJECT_FAMILIES = frozenset(FAMILIES)


def shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    """A uniformly shuffled copy of ``items``.

    Sorting by ``rng.random()`` keys: fast, and fixed by Mersenne Twister's
    output alone (not by ``random.shuffle``'s internals), so CPython and Pyodide
    deal the same cards from the same seed.
    """
    uniform = rng.random
    return sorted(items, key=lambda _: uniform())


def drawn(items: Sequence[int], count: int, rng: random.Random) -> tuple[int, ...]:
    """``count`` items drawn at random without replacement, in drawing order (the
    top cards of a shuffled pile). Fixed by Mersenne Twister's output alone."""
    pile = list(items)
    uniform = rng.random
    return tuple([pile.pop(int(uniform() * (len(pile)))) for _ in range(count)])


def _strength_table(trump: int, led: int) -> tuple[int, ...]:
    """How strongly each card code takes a trick with this trump and led suit (-1: never)."""
    keys = []
    for code in range(FIRST_WILD + WILD_COUNT):
        if code >= FIRST_WILD:
            keys.append(-1)  # Burnin': a wild card never wins
        elif SUIT_OF[code] == trump:
            keys.append(20 + NUMBER_OF[code])
        else:
            keys.append(NUMBER_OF[code] if SUIT_OF[code] == led else -1)
    return tuple(keys)


#: ``FOLLOWERS[count][leader]``: the positions that play after ``leader``, in order.
FOLLOWERS = tuple(
    tuple(tuple((lead + k) % count for k in range(1, count)) for lead in range(count)) for count in range(6)
)

#: ``STRENGTH[trump + 1][led]``: the strength table of a trick (trump -1 is no trump).
STRENGTH = tuple(tuple(_strength_table(trump, led) for led in SUITS) for trump in (NO_TRUMP_SUIT, *SUITS))


# What the game waits for: phases are plain ints (enum members cost ~100 ns a look-up
# on the hot path). Chance phases are resolved by a chance outcome.
DRAW_DEALER, DOUBLE_PHASE, DEAL, WILDS, DISCARD, TRUMP, PROPOSAL, PLAY, PICK, OVER = range(10)
PHASE_NAMES = ("draw-dealer", "double", "deal", "wilds", "discard", "trump", "proposal", "play", "pick", "over")
CHANCE_PHASES = frozenset((DRAW_DEALER, DEAL, WILDS, PROPOSAL))
CHANCE_KINDS: dict[int, type[Chance]] = {DRAW_DEALER: DrawDealer, DEAL: Deal, WILDS: DealWilds, PROPOSAL: TurnProposal}


def trick_plays(leader: int, cards: Sequence[int], positions: int) -> list[tuple[int, int]]:
    """A trick's cards as (position, card) in play order, from the ``leader``'s."""
    return [((leader + k) % positions, card) for k, card in enumerate(cards)]


def winning_play(plays: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    """Who is winning a trick so far: (position, strength) of the best play of
    ``plays`` (position, card) with ``trump`` (``NO_TRUMP_SUIT`` for none)."""
    strength = STRENGTH[trump + 1][SUIT_OF[plays[0][1]]]
    best_pos, best_key = plays[0][0], strength[plays[0][1]]
    for pos, card in plays[1:]:
        if strength[card] > best_key:
            best_pos, best_key = pos, strength[card]
    return best_pos, best_key


def burn_mask(cards: Iterable[int]) -> int:
    """Burnin': the mask of every play card that the wild cards among ``cards`` burn."""
    burnt = 0
    for card in cards:
        if card >= FIRST_WILD:
            burnt |= FAMILY_MASKS[FAMILY_OF[card]]
    return burnt


class Trick(NamedTuple):
    """A completed trick: cards in play order from ``leader`` (a position)."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    picked: int
    burnt: tuple[int, ...]

    def plays(self, positions: int) -> list[tuple[int, int]]:
        """The cards as (position, card) in play order, at a table of ``positions``."""
        return trick_plays(self.leader, self.cards, positions)


class HandResult(NamedTuple):
    """A scored hand: collected cards per position, points per side and per player,
    and the cards left unplayed per position (one each in Burnin')."""

    plan: HandPlan
    proposal: tuple[int, ...]
    trump: int
    collections: tuple[tuple[int, ...], ...]
    side_points: dict[int, int]
    player_points: tuple[int, ...]
    doubled: tuple[bool, ...]
    leftover: tuple[tuple[int, ...], ...]


class State:
    """The whole state of a game, hidden cards included."""

    __slots__ = (
        "settings",
        "totals",
        "hand_scores",
        "results",
        "doubles_left",
        "phase",
        "plan",
        "steps",
        "doubling",
        "double_queue",
        "dealt",
        "hands",
        "covers",
        "pending_reveals",
        "wilds",
        "discards",
        "trump",
        "proposal",
        "need",
        "collections",
        "trick",
        "leader",
        "to_move",
        "led",
        "best_key",
        "strength",
        "best_pos",
        "pickable",
        "burnt",
        "tricks",
        "winners",
    )

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        players = settings.players
        self.totals = [0] * players
        self.hand_scores: list[tuple[int, ...]] = []
        self.results: list[HandResult] = []
        self.doubles_left = [2 if settings.double_you else 0] * players
        self.winners: tuple[int, ...] = ()
        #: The plan of the hand being played (the last one once the game is over). Until
        #: the first dealer is drawn: the first hand's plan as player 0 would deal it.
        self.plan: HandPlan = plan_hand(settings, 0, settings.first_dealer or 0)
        self._clear_hand()
        if settings.first_dealer is None:
            self.phase = DRAW_DEALER
        else:
            self._start_hand(settings.first_dealer)

    def _clear_hand(self) -> None:
        self.steps: list[int] = []
        self.doubling = [False] * self.settings.players
        self.double_queue: list[int] = []
        self.dealt: tuple[tuple[int, ...], ...] = ()
        self.hands: list[int] = []
        self.covers: list[dict[int, int]] = []
        self.pending_reveals: list[tuple[int, int]] = []
        self.wilds: tuple[int, ...] = ()
        self.discards: list[int] = []
        self.trump = TRUMP_UNSET
        self.proposal: tuple[int, ...] = ()
        self.need: list[list[int]] = []
        self.collections: list[list[int]] = []
        self.trick: list[int] = []
        self.leader = 0
        self.to_move = 0
        self.led = -1
        self.best_key = -1
        self.best_pos = 0
        self.strength: tuple[int, ...] = ()
        self.pickable: tuple[int, ...] = ()
        self.burnt: tuple[int, ...] = ()
        self.tricks: list[Trick] = []

    def copy(self) -> State:
        """An independent copy (tuples and plans are shared: they are immutable)."""
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.totals = self.totals[:]
        other.hand_scores = self.hand_scores[:]
        other.results = self.results[:]
        other.doubles_left = self.doubles_left[:]
        other.steps = self.steps[:]
        other.doubling = self.doubling[:]
        other.double_queue = self.double_queue[:]
        other.hands = self.hands[:]
        other.covers = [dict(cover) for cover in self.covers]
        other.pending_reveals = self.pending_reveals[:]
        other.discards = self.discards[:]
        other.need = [row[:] for row in self.need]
        other.collections = [row[:] for row in self.collections]
        other.trick = self.trick[:]
        other.tricks = self.tricks[:]
        return other

    @classmethod
    def from_public(
        cls,
        settings: Settings,
        plan: HandPlan,
        phase: int,
        *,
        totals: Sequence[int],
        results: Sequence[HandResult],
        doubles_left: Sequence[int],
        doubling: Sequence[bool],
        trump: int,
        proposal: tuple[int, ...],
        need: list[list[int]],
        collections: Sequence[Sequence[int]],
        trick: Sequence[tuple[int, int]],
        tricks: Sequence[Trick],
        pickable: tuple[int, ...],
        burnt: tuple[int, ...],
        acting: int,
        winners: tuple[int, ...] = (),
    ) -> State:
        """A state holding only what every seat may know, in a hand's ``phase``: no
        cards in hands, dummies or discards (deal them with :meth:`with_hidden`).
        ``trick`` is the trick in progress as (position, card); ``acting`` the
        position to act. The searching bots build their sampled states this way."""
        state = cls(settings)
        state.totals = list(totals)
        state.hand_scores = [result.player_points for result in results]
        state.results = list(results)
        state.doubles_left = list(doubles_left)
        state.winners = winners
        state.phase = phase
        state.plan = plan
        steps = hand_steps(settings, plan)
        state.steps = steps[steps.index(phase) + 1 :] if phase in steps else []
        state.doubling = list(doubling)
        state.double_queue = []
        state.trump = trump
        state.proposal = proposal
        state.need = [row[:] for row in need]
        state.collections = [list(row) for row in collections]
        state.trick = [card for _, card in trick]
        state.tricks = list(tricks)
        state.pickable = pickable
        state.burnt = burnt
        state.to_move = acting if phase in (PLAY, PICK) else 0
        state.leader, state.led, state.strength, state.best_key, state.best_pos = acting, -1, (), -1, 0
        if trick:
            state.leader = trick[0][0]
            state.led = SUIT_OF[trick[0][1]]
            state.strength = STRENGTH[trump + 1][state.led]
            state.best_pos, state.best_key = winning_play(trick, trump)
        return state

    def with_hidden(
        self,
        *,
        hands: list[int],
        covers: list[dict[int, int]],
        pending_reveals: list[tuple[int, int]],
        wilds: tuple[int, ...],
        discards: list[int],
        dealt: tuple[tuple[int, ...], ...],
    ) -> State:
        """A copy of this state with the hidden cards dealt: each position's hand as
        a mask, the dummies' face-down cards under their face-up ones (``covers``),
        those turning at the trick's end, the Burnin' wild cards, the dealer's
        discards and the hand's deal as dealt."""
        state = self.copy()
        state.hands, state.covers, state.pending_reveals = hands, covers, pending_reveals
        state.wilds, state.discards, state.dealt = wilds, discards, dealt
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in State.__slots__)

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ----------------------------------------------------------------- who acts

    def is_chance(self) -> bool:
        """True when the next step is a chance outcome."""
        return self.phase in CHANCE_PHASES

    def current_player(self) -> int:
        """The player who must act, or :data:`CHANCE` or :data:`TERMINAL`."""
        phase = self.phase
        if phase in (PLAY, PICK):
            return self.plan.controllers[self.to_move]
        if phase == DOUBLE_PHASE:
            return self.double_queue[0]
        if phase in (DISCARD, TRUMP):
            return self.plan.dealer
        return TERMINAL if phase == OVER else CHANCE

    def acting_position(self) -> int | None:
        """The position that acts (a dummy's for a dummy's play), or None outside a hand's decisions."""
        phase = self.phase
        if phase in (PLAY, PICK):
            return self.to_move
        if phase in (DISCARD, TRUMP):
            return 0
        return None

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> tuple[int, ...]:
        """The legal action codes of the player to act, ascending (none at chance or the end)."""
        phase = self.phase
        if phase == PLAY:
            return self.legal_plays()
        if phase == PICK:
            return (*(PICK_BASE + c for c in self.pickable), PASS)
        if phase == DISCARD:
            return tuple([DISCARD_BASE + c for c in suit_cards(self.hands[0])])
        if phase == TRUMP:
            return (TRUMP_BASE, TRUMP_BASE + 1, TRUMP_BASE + 2, TRUMP_BASE + 3, NO_TRUMP)
        if phase == DOUBLE_PHASE:
            return (DOUBLE, DECLINE)
        return ()

    def legal_plays(self) -> tuple[int, ...]:
        """The cards the position to move may play (follow suit; wild cards never lead, D8)."""
        hand = self.hands[self.to_move]
        if not self.trick:
            return suit_cards(hand)
        wilds = WILD_TABLE[hand >> FIRST_WILD] if hand >> FIRST_WILD else ()
        following = hand >> SUIT_SHIFT[self.led] & SUIT_BITS
        if following:
            return SUIT_TABLE[self.led][following] + wilds
        return suit_cards(hand) + wilds

    # ------------------------------------------------------------------ actions

    def apply(self, action: int) -> None:
        """Apply a legal player action (unchecked: see :meth:`Game.apply`)."""
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase == PICK:
            self._close_trick(NO_CARD if action == PASS else action - PICK_BASE)
        elif phase == DISCARD:
            card = action - DISCARD_BASE
            self.hands[0] ^= 1 << card
            self.discards.append(card)
            if len(self.discards) == self.plan.discards:
                self._next_step()
        elif phase == TRUMP:
            self.trump = NO_TRUMP_SUIT if action == NO_TRUMP else action - TRUMP_BASE
            self._next_step()
        elif phase == DOUBLE_PHASE:
            self.doubling[self.double_queue.pop(0)] = action == DOUBLE
            if not self.double_queue:  # D7: revealed together, before the deal
                for player, doubled in enumerate(self.doubling):
                    self.doubles_left[player] -= doubled
                self._next_step()
        else:
            raise IllegalActionError(f"no player acts now (phase {PHASE_NAMES[self.phase]})")

    def _play(self, card: int) -> None:
        pos = self.to_move
        self.hands[pos] ^= 1 << card
        trick = self.trick
        if trick:
            key = self.strength[card]
        else:
            self.leader = pos
            self.led = SUIT_OF[card]
            self.strength = STRENGTH[self.trump + 1][self.led]
            key = self.strength[card]
            self.best_key = -1
        trick.append(card)
        if key > self.best_key:
            self.best_key = key
            self.best_pos = pos
        cover = self.covers[pos]
        if cover and card in cover:
            self.pending_reveals.append((pos, cover.pop(card)))
        pos += 1
        if pos == len(self.hands):
            pos = 0
        if pos == self.leader:
            self._end_trick()
        else:
            self.to_move = pos

    def _end_trick(self) -> None:
        """Burn, then offer the winner a pick (if any card can be picked), else close."""
        trick = self.trick
        burnt_mask = 0
        if self.wilds:
            burnt_mask, self.burnt = _burn(trick)
        if len(self.tricks) >= self.plan.first_pick_trick:
            pickable = _pickable(trick, self.need[self.plan.sides[self.best_pos]], burnt_mask)
            if pickable:
                self.pickable = pickable
                self.phase = PICK
                self.to_move = self.best_pos
                return
        self._close_trick(NO_CARD)

    def _close_trick(self, picked: int) -> None:
        """Record the trick and the pick, then turn uncovered dummy cards (D3)."""
        winner = self.best_pos
        tricks = self.tricks
        tricks.append(tuple.__new__(Trick, (self.leader, tuple(self.trick), winner, picked, self.burnt)))
        if picked != NO_CARD:
            self.collections[self.plan.keepers[winner]].append(picked)  # D13
            self.need[self.plan.sides[winner]][FAMILY_OF[picked]] -= 1
        if self.pickable:
            self.pickable = ()
        if self.pending_reveals:
            for pos, card in self.pending_reveals:
                self.hands[pos] |= 1 << card
            self.pending_reveals.clear()
        if self.burnt:
            self.burnt = ()
        self.trick = []
        if len(tricks) == self.plan.tricks:
            self._end_hand()
        else:
            self.phase = PLAY
            self.leader = self.to_move = winner

    def random_playout(self, rng: random.Random, hand_only: bool = False, always_pick: bool = False) -> None:
        """Play on with uniformly random legal actions and chance outcomes drawn from
        ``rng``: to the game's end, or with ``hand_only`` to the end of this hand.
        With ``always_pick`` a trick's winner never passes when a card can be picked
        (the searching bots' playouts: passing is almost never right).

        Makes exactly the choices of picking ``legal_actions()[int(rng.random() * n)]``
        step by step (a test holds the two equal), from a trick's lead a whole hand at a time.
        """
        hands_done = len(self.results)
        uniform = rng.random
        while True:
            phase = self.phase
            if phase == PLAY and not self.trick:
                self._random_tricks(uniform, always_pick)
            elif phase == OVER or (hand_only and len(self.results) > hands_done):
                return
            elif phase == DEAL:  # drawn here, so trusted: no outcome to build and check
                dealt = self._dealt_hands(rng)
                self._take_deal(dealt, _hand_masks(dealt))
            elif phase == PROPOSAL:
                self._take_proposal(drawn(SUBJECT_DECK, 5, rng))
            elif phase in CHANCE_PHASES:
                self.apply_chance(self.chance_outcome(rng))
            elif phase == DISCARD:  # as legal_actions(): the dealer's cards, ascending
                cards = suit_cards(self.hands[0])
                self.apply(DISCARD_BASE + cards[int(uniform() * len(cards))])
            else:
                legal = self.legal_actions()
                if always_pick and phase == PICK:
                    legal = legal[:-1]  # PASS comes last
                self.apply(legal[int(uniform() * len(legal))])

    def _random_tricks(self, uniform: Callable[[], float], always_pick: bool) -> None:
        """Random legal tricks from a trick's lead to the hand's end: :meth:`_play`,
        :meth:`_end_trick` and :meth:`_close_trick` unrolled over local variables
        for the playouts' speed, with the same random draws in the same order."""
        hands, tricks, plan = self.hands, self.tricks, self.plan
        sides, keepers, needs, collections = plan.sides, plan.keepers, self.need, self.collections
        played, first_pick, last_trick = len(tricks), plan.first_pick_trick, plan.tricks
        followers = FOLLOWERS[len(hands)]
        covers = self.covers if True in plan.dummies else None
        burning = bool(self.wilds)
        t0, t1, t2, t3 = SUIT_TABLE
        bit = BITS  # a look-up, not a shift: 1 << card is a new int
        strengths = STRENGTH[self.trump + 1]
        leader = self.to_move
        passing = 0 if always_pick else 1  # PASS is one more choice after the pickable cards
        while True:
            hand = hands[leader]
            legal = t0[hand & 0x1FFF] + t1[hand >> 13 & 0x1FFF] + t2[hand >> 26 & 0x1FFF] + t3[hand >> 39 & 0x1FFF]
            card = legal[int(uniform() * len(legal))]  # a wild card never leads (D8)
            hands[leader] = hand ^ bit[card]
            led = SUIT_OF[card]
            strength, shift, follow = strengths[led], SUIT_SHIFT[led], SUIT_TABLE[led]
            best_key, best_pos = strength[card], leader
            trick = [card]
            append = trick.append
            order = followers[leader]
            for pos in order:
                hand = hands[pos]
                bits = hand >> shift & 0x1FFF  # SUIT_BITS
                if bits:
                    legal = follow[bits]
                else:
                    legal = (
                        t0[hand & 0x1FFF] + t1[hand >> 13 & 0x1FFF] + t2[hand >> 26 & 0x1FFF] + t3[hand >> 39 & 0x1FFF]
                    )
                if burning and hand >> 52:  # FIRST_WILD: Burnin' wild cards may always be played
                    legal += WILD_TABLE[hand >> 52]
                card = legal[int(uniform() * len(legal))]
                hands[pos] = hand ^ bit[card]
                append(card)
                if strength[card] > best_key:
                    best_key = strength[card]
                    best_pos = pos
            reveals = _uncovered(covers, (leader, *order), trick) if covers else ()
            burnt_mask, burnt = _burn(trick) if burning else (0, ())
            picked = NO_CARD
            pickable: list[int] = []
            if played >= first_pick:
                need = needs[sides[best_pos]]
                for c in trick:  # a loop, not a comprehension: no function made a trick
                    if c < 52 and need[FAMILY_OF[c]] and not burnt_mask >> c & 1:  # FIRST_WILD
                        pickable.append(c)
                if pickable:  # as _pickable(): then a pick, or PASS (the last legal action)
                    pickable.sort()
                    choice = int(uniform() * (len(pickable) + passing))
                    if choice < len(pickable):
                        picked = pickable[choice]
                        collections[keepers[best_pos]].append(picked)  # D13
                        need[FAMILY_OF[picked]] -= 1
            tricks.append(tuple.__new__(Trick, (leader, tuple(trick), best_pos, picked, burnt)))
            for pos, down in reveals:  # D3: after the pick
                hands[pos] |= 1 << down
            played += 1
            if played == last_trick:  # leave the fields as the step-by-step path does
                last_to_act = best_pos if pickable else order[-1]  # the picker, else the last to play
                self.leader, self.to_move, self.led, self.strength = leader, last_to_act, led, strength
                self.best_key, self.best_pos = best_key, best_pos
                self._end_hand()
                return
            leader = best_pos

    # ------------------------------------------------------------------- chance

    def chance_kind(self) -> type[Chance] | None:
        """The kind of chance outcome the current phase waits for, if any."""
        return CHANCE_KINDS.get(self.phase)

    def chance_outcome(self, rng: random.Random) -> Chance:
        """Draw the outcome of the current chance phase from ``rng``."""
        phase, plan = self.phase, self.plan
        if phase == DRAW_DEALER:
            return DrawDealer(rng.randrange(self.settings.players))
        if phase == DEAL:
            return Deal(self._dealt_hands(rng))
        if phase == WILDS:
            pool = shuffled(range(FIRST_WILD, FIRST_WILD + WILD_COUNT), rng)
            return DealWilds(tuple(NO_CARD if dummy else pool[pos] for pos, dummy in enumerate(plan.dummies)))
        if phase == PROPOSAL:
            return TurnProposal(drawn(SUBJECT_DECK, 5, rng))
        raise IllegalActionError(f"no chance event now (phase {PHASE_NAMES[phase]})")

    def apply_chance(self, outcome: Chance) -> None:
        """Apply a chance outcome after checking it fits the rules."""
        phase = self.phase
        if phase == DRAW_DEALER and isinstance(outcome, DrawDealer):
            if not 0 <= outcome.dealer < self.settings.players:
                raise IllegalActionError(f"dealer {outcome.dealer} is not a player")
            self._start_hand(outcome.dealer)
        elif phase == DEAL and isinstance(outcome, Deal):
            self._deal(outcome)
        elif phase == WILDS and isinstance(outcome, DealWilds):
            self._deal_wilds(outcome)
        elif phase == PROPOSAL and isinstance(outcome, TurnProposal):
            self._turn_proposal(outcome)
        else:
            raise IllegalActionError(f"{type(outcome).__name__} does not fit phase {PHASE_NAMES[phase]}")

    def _dealt_hands(self, rng: random.Random) -> tuple[tuple[int, ...], ...]:
        """A shuffled deck dealt round the table from the dealer's left, by position."""
        deck = shuffled(range(DECK_SIZE), rng)
        hands: list[tuple[int, ...]] = []
        start = 0
        for size in self.plan.deal_sizes[1:] + self.plan.deal_sizes[:1]:
            hands.append(tuple(deck[start : start + size]))
            start += size
        return (hands[-1], *hands[:-1])

    def _deal(self, deal: Deal) -> None:
        plan = self.plan
        dealt = tuple(map(tuple, deal.hands))
        sizes = tuple(map(len, dealt))
        if sizes != plan.deal_sizes:
            raise IllegalActionError(f"deal sizes {sizes} do not match {plan.deal_sizes}")
        try:
            masks = _hand_masks(dealt)
        except (IndexError, TypeError):
            masks = []
        # 52 powers of two add up to the full deck only if they are the 52 cards once each.
        if sum(masks) != FULL_DECK_MASK:
            raise IllegalActionError("a deal must hold each of the 52 play cards once")
        self._take_deal(dealt, masks)

    def _take_deal(self, dealt: tuple[tuple[int, ...], ...], masks: list[int]) -> None:
        """Hand out a sound deal (checked, or drawn here): ``masks`` are the hands' masks."""
        plan = self.plan
        bit = BITS.__getitem__
        self.dealt = dealt
        self.hands = masks
        self.covers = [{} for _ in dealt]
        for pos, dummy in enumerate(plan.dummies):
            if dummy:
                # Six face down, six face up on top of them, the 13th face up alone.
                hand = dealt[pos]
                self.hands[pos] = sum(map(bit, hand[6:]))
                self.covers[pos] = dict(zip(hand[6:12], hand[:6]))
        self._next_step()

    def _deal_wilds(self, outcome: DealWilds) -> None:
        plan = self.plan
        wilds = outcome.wilds
        expected = tuple(NO_CARD if dummy else 0 for dummy in plan.dummies)
        shape = tuple(NO_CARD if w == NO_CARD else 0 for w in wilds)
        real = [w for w in wilds if w != NO_CARD]
        if (
            shape != expected
            or len(set(real)) != len(real)
            or not all(FIRST_WILD <= w < FIRST_WILD + WILD_COUNT for w in real)
        ):
            raise IllegalActionError("each player gets one distinct wild card and each dummy none (D8)")
        self.wilds = tuple(wilds)
        for pos, wild in enumerate(wilds):
            if wild != NO_CARD:
                self.hands[pos] |= 1 << wild
        self._next_step()

    def _turn_proposal(self, outcome: TurnProposal) -> None:
        subjects = tuple(outcome.subjects)
        if len(subjects) != 5 or not set(subjects) <= SUBJECT_FAMILIES:
            raise IllegalActionError("a proposal is five subject families")
        self._take_proposal(subjects)

    def _take_proposal(self, subjects: tuple[int, ...]) -> None:
        """Turn a sound proposal: the sides' needs, and trump from the first subject if the mode says so."""
        self.proposal = subjects
        counts = [subjects.count(0), subjects.count(1), subjects.count(2), subjects.count(3), subjects.count(4)]
        self.need = [counts[:] for _ in range(max(self.plan.sides) + 1)]
        if self.plan.trump_from_subject:
            first = subjects[0]
            self.trump = NO_TRUMP_SUIT if first == BUTTERFLY else first
        self._next_step()

    # ------------------------------------------------------------- hand flow

    def _start_hand(self, dealer: int) -> None:
        settings = self.settings
        number = len(self.results)
        self._clear_hand()
        ranking = tuple(rank_players(self.totals, self.hand_scores)) if settings.mode == "chinkway10" else ()
        plan = self.plan = plan_hand(settings, number, dealer, ranking)
        self.collections = [[] for _ in plan.seats]
        steps = hand_steps(settings, plan)
        if settings.double_you:
            barred = barred_from_doubling(self.totals)  # D7
            seated = plan.seats[1:] + plan.seats[:1]
            self.double_queue = [
                p for p in seated if p < settings.players and self.doubles_left[p] > 0 and p not in barred
            ]
            if self.double_queue:
                steps.insert(0, DOUBLE_PHASE)
        self.steps = steps
        self._next_step()

    def _next_step(self) -> None:
        self.phase = self.steps.pop(0)
        if self.phase == PLAY:
            self.leader = self.to_move = 1  # left of the dealer

    def _end_hand(self) -> None:
        plan = self.plan
        settings = self.settings
        collected = [0, 0, 0]
        for side, row in zip(plan.sides, self.collections):
            collected[side] += len(row)
        side_points = {side: triangular(collected[side]) * plan.multiplier for side in set(plan.sides)}
        points = [0] * settings.players
        doubling, totals = self.doubling, self.totals
        for seat, side, dummy in zip(plan.seats, plan.sides, plan.dummies):
            if not dummy:
                points[seat] = side_points[side] * (2 if doubling[seat] else 1)  # D7
                totals[seat] += points[seat]
        self.hand_scores.append(tuple(points))
        hands = self.hands
        leftover = tuple(tuple(bits_of(hand)) for hand in hands) if any(hands) else ((),) * len(hands)
        result = (plan, self.proposal, self.trump, tuple(map(tuple, self.collections)), side_points)
        # tuple.__new__: a NamedTuple's own constructor is Python code, slow on this path.
        self.results.append(tuple.__new__(HandResult, (*result, tuple(points), tuple(doubling), leftover)))
        number = len(self.results)
        total = settings.total_hands
        if (total is not None and number >= total) or (settings.target is not None and max(totals) >= settings.target):
            self.phase = OVER
            self.winners = winners(settings, totals)
        else:
            self._start_hand(next_dealer(settings, number, plan.dealer, totals, self.hand_scores))


def _hand_masks(dealt: tuple[tuple[int, ...], ...]) -> list[int]:
    """Each dealt hand as a bit mask (``itemgetter``: about twice as fast as ``map`` here)."""
    return [sum(itemgetter(*hand)(BITS)) for hand in dealt]


def _burn(trick: list[int]) -> tuple[int, tuple[int, ...]]:
    """Burnin': the mask and the sorted cards of the trick that its wild cards burn."""
    burnt_mask = burn_mask(trick)
    if not burnt_mask:
        return 0, ()
    return burnt_mask, tuple(sorted(c for c in trick if c < FIRST_WILD and burnt_mask >> c & 1))


def _pickable(trick: list[int], need: list[int], burnt_mask: int) -> tuple[int, ...]:
    """The cards of the trick the winner's side may pick, ascending."""
    picks = [c for c in trick if c < FIRST_WILD and need[FAMILY_OF[c]] and not burnt_mask >> c & 1]
    picks.sort()
    return tuple(picks)


def _uncovered(covers: list[dict[int, int]], positions: tuple[int, ...], trick: list[int]) -> list[tuple[int, int]]:
    """The face-down cards the dummies' plays of this trick uncover, in play order."""
    return [(pos, covers[pos].pop(card)) for pos, card in zip(positions, trick) if card in covers[pos]]


def hand_steps(settings: Settings, plan: HandPlan) -> list[int]:
    """The phases of a hand after any Double You decisions."""
    steps = [DEAL]
    if settings.burning:
        steps.append(WILDS)
    if plan.trump_from_subject:
        steps.append(PROPOSAL)
    elif plan.trump_before_discard:
        steps += [TRUMP, DISCARD, PROPOSAL]  # D9
    elif plan.discards:
        steps += [DISCARD, TRUMP, PROPOSAL]  # D2
    else:
        steps += [TRUMP, PROPOSAL]  # D2: three, after seeing the dummy
    steps.append(PLAY)
    return steps
