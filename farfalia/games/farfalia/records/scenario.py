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
played: "Barbara holds 9; each hand is dealt 10 cards", "R5 is in more than one
hand: Ada, Bruno", "play 7 (pick:G3): the side already holds the proposal's 1 leaf". Each
is a :class:`~farfalia.core.errors.Message` keyed in :data:`PROBLEMS`, so the page says it
in its own language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from farfalia.core.errors import FarfaliaError, Message, ScenarioError
from farfalia.games.farfalia.engine.actions import (
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
from farfalia.games.farfalia.engine.cards import DECK_SIZE, FAMILY_LETTERS, FIRST_WILD, WILD_COUNT, card_name
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import HandPlan, Settings, plan_hand
from farfalia.games.farfalia.engine.state import shuffled
from farfalia.games.farfalia.records.replay import encode_with_chance
from farfalia.records.replay import Replay

#: The number of subjects a proposal turns.
PROPOSAL_SIZE = 5

#: Why a scenario cannot be dealt or played, in English, by key (the page words each through
#: its catalogs as ``problem.<key>``, with the same values: ``farfalia.ui.texts.message_text``).
PROBLEMS: dict[str, str] = {
    "no-dealer": "a scenario names its dealer",
    "hand-count": "{mode} deals {seats} hands, not {count}",
    "wild-in-hand": "{card} is a wild card: it is dealt apart, not in {name}'s hand",
    "hand-size": "{name} holds {count}; each hand is dealt {size} cards",
    "dealer-size": "{name} holds {count}; the dealer is dealt {size} cards, then discards {discards}",
    "dummy-size": "{name} holds {count}; a dummy is dealt {size} cards (six face down, seven face up)",
    "twice": "{card} is twice in {name}'s hand",
    "two-hands": "{card} is in more than one hand: {names}",
    "undealt": "dealt to nobody: {cards}",
    "proposal": "a proposal is 5 subjects (letters R G B O F), not {count}",
    "wilds-unused": "wild cards are only dealt in Burnin' Down the House",
    "wilds-count": "each of the {players} players is dealt one wild card, not {count} in all",
    "wilds-distinct": "each player is dealt a different wild card (WR1 … WF2)",
    "discard-count": "the dealer discards {discards} cards, not {count}",
    "discard-notation": "the dealer discards play cards, written like B3 or R12",
    "discard-held": "{card} is not in the dealer's hand ({name}'s) to be discarded",
    "discard-twice": "the dealer discards two different cards",
    "trump-needed": "the dealer ({name}) names trump: choose a suit or no trump",
    "trump-given": "in {mode} the proposal's first subject names trump",
    "trump-value": "trump is a suit or no trump, not {value}",
    "doubles": "players double only in Double You",
    "play": "play {number} ({action}): {reason}",
    "hand-over": "play {number} ({action}): the hand is over (P14: one hand)",
    "undealable": "the hand cannot be dealt so: {error}",
    "no-hand": "this replay has no dealt hand to set up",
}


def problem(key: str, **values: object) -> Message:
    """The problem ``key`` of :data:`PROBLEMS`, with its values."""
    return Message(key, PROBLEMS[key], **values)


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
            raise ScenarioError(problem("no-dealer"))
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

    def problems(self) -> list[Message]:
        """Why the set-up cannot be dealt, one short sentence each (empty: it can).
        The plays are checked by :meth:`game`, which stops at the first illegal one."""
        try:
            plan = self.plan
        except ScenarioError as error:
            return [error.args[0]]
        found: list[Message] = []
        seats = len(plan.seats)
        if len(self.hands) != seats:
            return [problem("hand-count", mode=self.settings.mode, seats=seats, count=len(self.hands))]
        holders: dict[int, list[int]] = {}
        for seat, hand in enumerate(self.hands):
            for card in hand:
                holders.setdefault(card, []).append(seat)
            wild_cards = [card_name(c) for c in hand if not 0 <= c < DECK_SIZE]
            if wild_cards:
                found.append(problem("wild-in-hand", card=wild_cards[0], name=self.seat_name(seat)))
            size = self.dealt_size(seat)
            if len(hand) != size:
                found.append(_size_problem(plan, seat, self.seat_name(seat), len(hand), size))
        for card, seated in sorted(holders.items()):
            if len(set(seated)) < len(seated):
                found.append(problem("twice", card=card_name(card), name=self.seat_name(seated[0])))
            elif len(seated) > 1:
                names = ", ".join(self.seat_name(s) for s in seated)
                found.append(problem("two-hands", card=card_name(card), names=names))
        missing = [card_name(c) for c in range(DECK_SIZE) if c not in holders]
        if missing and not found:
            found.append(problem("undealt", cards=" ".join(missing[:6]) + (" …" if len(missing) > 6 else "")))
        found += self._proposal_problems()
        found += self._wild_problems()
        found += self._dealer_problems(plan)
        return found

    def _proposal_problems(self) -> list[Message]:
        if len(self.proposal) != PROPOSAL_SIZE or not all(0 <= f < len(FAMILY_LETTERS) for f in self.proposal):
            return [problem("proposal", count=len(self.proposal))]
        return []

    def _wild_problems(self) -> list[Message]:
        settings = self.settings
        if not settings.burning:
            return [problem("wilds-unused")] if self.wilds else []
        if len(self.wilds) != settings.players:
            return [problem("wilds-count", players=settings.players, count=len(self.wilds))]
        if len(set(self.wilds)) != len(self.wilds) or not all(
            FIRST_WILD <= w < FIRST_WILD + WILD_COUNT for w in self.wilds
        ):
            return [problem("wilds-distinct")]
        return []

    def _dealer_problems(self, plan: HandPlan) -> list[Message]:
        found = []
        dealer = self.seat_name(plan.dealer)
        if len(self.discards) != plan.discards:
            found.append(problem("discard-count", discards=plan.discards, count=len(self.discards)))
        dealt = self.hands[plan.dealer] if len(self.hands) > plan.dealer else ()
        for card in self.discards:
            if not 0 <= card < DECK_SIZE:
                found.append(problem("discard-notation"))
            elif card not in dealt:
                found.append(problem("discard-held", card=card_name(card), name=dealer))
        if len(set(self.discards)) != len(self.discards):
            found.append(problem("discard-twice"))
        if self.dealer_names_trump and self.trump is None:
            found.append(problem("trump-needed", name=dealer))
        if not self.dealer_names_trump and self.trump is not None:
            found.append(problem("trump-given", mode=self.settings.mode))
        if self.trump is not None and not NO_TRUMP_SUIT <= self.trump <= 3:
            found.append(problem("trump-value", value=self.trump))
        if self.doubles and not self.settings.double_you:
            found.append(problem("doubles"))
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
            if game.progress().rounds:
                raise ScenarioError(problem("hand-over", number=number, action=action))
            reason = game.why_illegal(action)
            if reason is not None:  # (with its reason's code where the engine has one: the page words it)
                code = (
                    {**game.play_reasons(), **game.pick_reasons()}.get(action.card) if action.card is not None else None
                )
                led = game.state.led if game.state.trick else None
                raise ScenarioError(problem("play", number=number, action=action, reason=reason, code=code,
                                            card=action.card, led=led))  # fmt: skip
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
            raise ScenarioError(problem("undealable", error=error)) from error
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
        if not sets_up_a_hand(history):
            raise ScenarioError(problem("no-hand"))
        dealt = next(s for s in history if isinstance(s, Deal))
        proposal = next(s for s in history if isinstance(s, TurnProposal))
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


def _size_problem(plan: HandPlan, seat: int, name: str, count: int, size: int) -> Message:
    """A hand of the wrong size, said with the seat's role."""
    if seat == plan.dealer and plan.discards:
        return problem("dealer-size", name=name, count=count, size=size, discards=plan.discards)
    if plan.dummies[plan.position_of(seat)]:
        return problem("dummy-size", name=name, count=count, size=size)
    return problem("hand-size", name=name, count=count, size=size)


def sets_up_a_hand(history: Sequence[object]) -> bool:
    """Whether a game's history deals a hand and sets it up (its first proposal): what
    :meth:`Scenario.from_replay` makes a scenario of (a replay of no action may not)."""
    return any(isinstance(step, Deal) for step in history) and any(isinstance(step, TurnProposal) for step in history)
