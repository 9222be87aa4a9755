"""Scenarios: a hand set up by hand, then played on from a chosen moment.

A :class:`Scenario` gives the hand's cards seat by seat, the proposal, the wild
cards (Burnin'), who doubles (Double You), the dealer's discards and trump, then the
plays so far (tricks, picks, the trick in progress). It becomes an ordinary game
whose chance outcomes are written out (:meth:`Scenario.game`), so every situation an
author builds has a legal past that the engine checked step by step, the bots read
it as they read any game, and its link is a replay text (:mod:`farfalia.records.replay`,
the same format as every other link: old links keep opening). Collections and the
trick in progress come from the plays, never typed in: a side can only hold what it
picked (decision P14 in ``docs/RULES.md``).

:meth:`Scenario.problems` says, in a short sentence each, why a scenario cannot be
played: "Barbara holds 9 cards; she is dealt 10", "R5 is in two hands (Ada's and
Bruno's)", "play 7 (pick:G3): the side already holds the proposal's 1 leaf".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from farfalia.engine.actions import (
    DECLINE_ACTION,
    DISCARD_BASE,
    DOUBLE_ACTION,
    NO_TRUMP_SUIT,
    Action,
    Chance,
    Deal,
    DealWilds,
    DrawDealer,
    TurnProposal,
    discard,
    trump,
)
from farfalia.engine.cards import DECK_SIZE, FAMILY_LETTERS, FIRST_WILD, WILD_COUNT, card_name
from farfalia.engine.errors import FarfaliaError, ScenarioError
from farfalia.engine.game import Game
from farfalia.engine.rules import HandPlan, Settings, plan_hand
from farfalia.engine.state import shuffled
from farfalia.records.replay import Replay, encode_with_chance

#: The number of subjects a proposal turns.
PROPOSAL_SIZE = 5


@dataclass(frozen=True)
class Scenario:
    """A hand set up card by card: the first hand of a game dealt by ``settings.first_dealer``.

    ``hands`` are by seat (players ``0..n-1``, then the dummies ``n, n+1``), each in
    dealt order (a dummy's first six cards lie face down under the next six, the 13th
    face up alone). ``wilds`` are the players' wild cards (Burnin'), ``doubles`` the
    players who double (Double You), ``trump`` a suit or ``NO_TRUMP_SUIT`` where the
    dealer names it (None where the proposal does), ``plays`` the actions after the
    set-up (plays and picks).
    """

    settings: Settings
    hands: tuple[tuple[int, ...], ...]
    proposal: tuple[int, ...]
    wilds: tuple[int, ...] = ()
    doubles: frozenset[int] = frozenset()
    discards: tuple[int, ...] = ()
    trump: int | None = None
    plays: tuple[Action, ...] = ()
    names: tuple[str, ...] = field(default=())

    # ------------------------------------------------------------------ reading

    @property
    def plan(self) -> HandPlan:
        """The plan of the scenario's hand."""
        if self.settings.first_dealer is None:
            raise ScenarioError("a scenario names its dealer")
        return plan_hand(self.settings, 0, self.settings.first_dealer)

    def seat_name(self, seat: int) -> str:
        """A seat as the messages name it: the player's name, or "Ada's dummy"."""
        players = self.settings.players
        if seat >= players:
            controller = self.plan.controllers[self.plan.position_of(seat)]
            return f"{self._player_name(controller)}'s dummy"
        return self._player_name(seat)

    def _player_name(self, player: int) -> str:
        return self.names[player] if len(self.names) > player else f"player {player + 1}"

    def dealt_size(self, seat: int) -> int:
        """How many cards ``seat`` is dealt (wild cards apart)."""
        plan = self.plan
        return plan.deal_sizes[plan.position_of(seat)]

    @property
    def dealer_names_trump(self) -> bool:
        """Whether the dealer names trump (else the proposal's first subject does)."""
        return not self.plan.trump_from_subject

    # ------------------------------------------------------------------ checking

    def problems(self) -> list[str]:
        """Why the set-up cannot be dealt, one short sentence each (empty: it can).
        The plays are checked by :meth:`game`, which stops at the first illegal one."""
        try:
            plan = self.plan
        except ScenarioError as error:
            return [str(error)]
        found: list[str] = []
        seats = len(plan.seats)
        if len(self.hands) != seats:
            return [f"{self.settings.mode} deals {seats} hands, not {len(self.hands)}"]
        holders: dict[int, list[int]] = {}
        for seat, hand in enumerate(self.hands):
            for card in hand:
                holders.setdefault(card, []).append(seat)
            wild_cards = [card_name(c) for c in hand if not 0 <= c < DECK_SIZE]
            if wild_cards:
                found.append(f"{wild_cards[0]} is a wild card: it is dealt apart, not in {self.seat_name(seat)}'s hand")
            size = self.dealt_size(seat)
            if len(hand) != size:
                held = f"{len(hand)} card{'' if len(hand) == 1 else 's'}"
                found.append(f"{self.seat_name(seat)} holds {held}; {_dealt_words(plan, seat, size)}")
        for card, seated in sorted(holders.items()):
            if len(set(seated)) < len(seated):
                found.append(f"{card_name(card)} is twice in {self.seat_name(seated[0])}'s hand")
            elif len(seated) > 1:
                where = " and ".join(f"{self.seat_name(s)}'s" for s in seated)
                found.append(f"{card_name(card)} is in two hands ({where})")
        missing = [card_name(c) for c in range(DECK_SIZE) if c not in holders]
        if missing and not found:
            found.append(f"{len(missing)} cards are dealt to nobody: {' '.join(missing[:6])}")
        found += self._proposal_problems()
        found += self._wild_problems()
        found += self._dealer_problems(plan)
        return found

    def _proposal_problems(self) -> list[str]:
        if len(self.proposal) != PROPOSAL_SIZE or not all(0 <= f < len(FAMILY_LETTERS) for f in self.proposal):
            return [f"a proposal is {PROPOSAL_SIZE} subjects (letters R G B O F), not {len(self.proposal)}"]
        return []

    def _wild_problems(self) -> list[str]:
        settings = self.settings
        if not settings.burning:
            return ["wild cards are only dealt in Burnin' Down the House"] if self.wilds else []
        if len(self.wilds) != settings.players:
            return [f"each of the {settings.players} players is dealt one wild card, not {len(self.wilds)} in all"]
        if len(set(self.wilds)) != len(self.wilds) or not all(
            FIRST_WILD <= w < FIRST_WILD + WILD_COUNT for w in self.wilds
        ):
            return ["each player is dealt a different wild card (WR1 … WF2)"]
        return []

    def _dealer_problems(self, plan: HandPlan) -> list[str]:
        found = []
        dealer = self.seat_name(plan.dealer)
        if len(self.discards) != plan.discards:
            found.append(f"the dealer discards {plan.discards} cards, not {len(self.discards)}")
        dealt = self.hands[plan.dealer] if len(self.hands) > plan.dealer else ()
        for card in self.discards:
            if not 0 <= card < DECK_SIZE:
                found.append("the dealer discards play cards, written like B3 or R12")
            elif card not in dealt:
                found.append(f"{card_name(card)} is not in the dealer's hand ({dealer}'s) to be discarded")
        if len(set(self.discards)) != len(self.discards):
            found.append("the dealer discards two different cards")
        if self.dealer_names_trump and self.trump is None:
            found.append(f"the dealer ({dealer}) names trump: choose a suit or no trump")
        if not self.dealer_names_trump and self.trump is not None:
            found.append(f"in {self.settings.mode} the proposal's first subject names trump")
        if self.trump is not None and not NO_TRUMP_SUIT <= self.trump <= 3:
            found.append(f"trump is a suit or no trump, not {self.trump}")
        if self.doubles and not self.settings.double_you:
            found.append("players double only in Double You")
        return found

    def check(self) -> None:
        """Raise :class:`ScenarioError` with the first problem, if any (plays included)."""
        self.game()

    # ------------------------------------------------------------------ playing

    def chance(self) -> list[Chance]:
        """The hand's chance outcomes: the deal, the wild cards, the proposal."""
        plan = self.plan
        outcomes: list[Chance] = [Deal(tuple(self.hands[seat] for seat in plan.seats))]
        if self.settings.burning:
            by_position = [-1 if dummy else self.wilds[seat] for seat, dummy in zip(plan.seats, plan.dummies)]
            outcomes.append(DealWilds(tuple(by_position)))
        outcomes.append(TurnProposal(self.proposal))
        return outcomes

    def setup_actions(self) -> list[Action]:
        """The dealer's and the doublers' decisions, in the order the game asks for them."""
        game = self._dealt(0, draw=False)
        return game.actions

    def game(self, seed: int = 0, draw: bool = False) -> Game:
        """The scenario as a game, after its plays; :class:`ScenarioError` with the first
        reason if it cannot be. With ``draw`` the hands after this one are dealt from ``seed``;
        without, the game waits once this hand is over."""
        game = self._dealt(seed, draw)
        for number, action in enumerate(self.plays, 1):
            reason = game.why_illegal(action) if game.progress().rounds == 0 else "the hand is over (P14: one hand)"
            if reason is not None:
                raise ScenarioError(f"play {number} ({action}): {reason}")
            game.apply(action)
        return game

    def _dealt(self, seed: int, draw: bool) -> Game:
        """The game once dealt and set up: doubles, discards and trump taken."""
        problems = self.problems()
        if problems:
            raise ScenarioError(problems[0])
        try:
            game = Game(self.settings, seed, self.chance(), draw=draw)
            while (turn := game.to_act()) is not None and turn.decision in ("double-you", "discard", "trump"):
                game.apply(self._setup_decision(game, turn.decision, turn.player))
        except FarfaliaError as error:
            raise ScenarioError(f"the hand cannot be dealt so: {error}") from error
        return game

    def _setup_decision(self, game: Game, decision: str, player: int) -> Action:
        if decision == "double-you":
            return DOUBLE_ACTION if player in self.doubles else DECLINE_ACTION
        if decision == "discard":
            return discard(self.discards[len(game.state.discards)])
        assert self.trump is not None
        return trump(self.trump)

    def replay_text(self) -> str:
        """The scenario's link text: a replay with its chance outcomes written out."""
        return encode_with_chance(self.game(), self.names)

    # ------------------------------------------------------------------ building

    def filled(self, rng: random.Random) -> Scenario:
        """The same scenario with the cards no hand holds dealt at random to the hands
        that lack cards (and a proposal, wild cards and discards drawn where missing)."""
        hands = [list(dict.fromkeys(c for c in hand if 0 <= c < DECK_SIZE)) for hand in self.hands]
        held = {c for hand in hands for c in hand}
        free = shuffled([c for c in range(DECK_SIZE) if c not in held], rng)
        for seat, hand in enumerate(hands):
            room = max(0, self.dealt_size(seat) - len(hand))
            hand += free[:room]
            del free[:room]
        proposal = self.proposal
        if len(proposal) != PROPOSAL_SIZE:
            proposal = tuple(rng.randrange(len(FAMILY_LETTERS)) for _ in range(PROPOSAL_SIZE))
        wilds = self.wilds
        if self.settings.burning and len(set(wilds)) != self.settings.players:
            wilds = tuple(shuffled(range(FIRST_WILD, FIRST_WILD + WILD_COUNT), rng)[: self.settings.players])
        discards = self.discards
        dealer_hand = hands[self.plan.dealer]
        if len(discards) != self.plan.discards or not set(discards) <= set(dealer_hand):
            discards = tuple(sorted(shuffled(dealer_hand, rng)[: self.plan.discards]))
        return Scenario(
            self.settings, tuple(map(tuple, hands)), proposal, wilds, self.doubles, discards, self.trump, (), self.names
        )

    @classmethod
    def from_replay(cls, replay: Replay) -> Scenario:
        """The scenario of a replay's first hand: its deal and set-up, and its plays up
        to the end of that hand (a rules diagram or a shared game, to edit)."""
        full = replay.game()
        history = full.history
        dealt = next((s for s in history if isinstance(s, Deal)), None)
        proposal = next((s for s in history if isinstance(s, TurnProposal)), None)
        if dealt is None or proposal is None:
            raise ScenarioError("this replay has no dealt hand to set up")
        wilds_outcome = next((s for s in history if isinstance(s, DealWilds)), None)
        drawn = next((s.dealer for s in history if isinstance(s, DrawDealer)), None)
        dealer = full.settings.first_dealer if drawn is None else drawn
        settings = Settings(full.settings.mode, full.settings.variants, dealer)
        plan = plan_hand(settings, 0, dealer or 0)
        hands: list[tuple[int, ...]] = [()] * len(plan.seats)
        for seat, hand in zip(plan.seats, dealt.hands):
            hands[seat] = tuple(hand)
        wilds: tuple[int, ...] = ()
        if wilds_outcome is not None:
            wilds = tuple(w for seat, w in sorted(zip(plan.seats, wilds_outcome.wilds)) if seat < settings.players)
        setup, plays = _split_setup(full)
        doubles = frozenset(player for player, action in setup if action == DOUBLE_ACTION)
        discards = tuple(a - DISCARD_BASE for _, a in setup if a.kind == "discard")
        named = [a.trump for _, a in setup if a.kind == "trump"]
        return cls(
            settings, tuple(hands), tuple(proposal.subjects), wilds, doubles, discards,
            named[0] if named else None, tuple(plays), replay.names,
        )  # fmt: skip


def _split_setup(game: Game) -> tuple[list[tuple[int, Action]], list[Action]]:
    """The first hand's set-up decisions (with who took them) and its plays."""
    setup: list[tuple[int, Action]] = []
    plays: list[Action] = []
    for (player, hand), action in zip(game.decisions(), game.actions):
        if hand > 0:
            break
        if action.kind in ("double", "decline", "discard", "trump"):
            setup.append((player, action))
        else:
            plays.append(action)
    return setup, plays


def _dealt_words(plan: HandPlan, seat: int, size: int) -> str:
    """How many cards a seat is dealt, said with its role."""
    if seat == plan.dealer and plan.discards:
        return f"the dealer is dealt {size} and discards {plan.discards}"
    if plan.dummies[plan.position_of(seat)]:
        return f"a dummy is dealt {size} (six face down, seven face up)"
    return f"each hand is dealt {size} cards"
