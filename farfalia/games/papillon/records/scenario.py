"""Papillon scenarios: a round's deal set up by hand, then played on from a chosen moment.

A :class:`PapillonScenario` is a practice game of one round (P-D5): the blue round's first
deal (each hand and the starting table) or the orange round's first tour (the two starting
cards and each hand), who wins the starting roll, the direction that player chooses (and,
in a game of sides, the partners), then the plays. It becomes an ordinary game whose chance
outcomes are written out (:meth:`PapillonScenario.game`): the deck is shuffled with the
named cards on top in the order the dealer deals them (P-D6), the other cards after them in
the order of ``rest`` and then of ``seed``; the roll is one the starter wins. So every
situation an author builds has a legal past the engine checked step by step, and its link is
an ordinary Papillon replay text (:mod:`farfalia.games.papillon.records.replay`).

:meth:`PapillonScenario.problems` says why a set-up cannot be dealt, a keyed
:class:`~farfalia.core.errors.Message` each (:data:`PAPILLON_PROBLEMS`), so the page
says it in its own language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from farfalia.core.errors import FarfaliaError, Message, ScenarioError
from farfalia.games.papillon.engine.cards import BLUE, COUTEAU, ORANGE, card_name, deck_cards, deck_of, face, is_basic
from farfalia.games.papillon.engine.game import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    PARTNERS,
    SEQUENCES,
    PapillonChance,
    PapillonGame,
    Roll,
    Shuffle,
    action_name,
)
from farfalia.games.papillon.engine.game import STARTS as START_PLACES
from farfalia.games.papillon.engine.position import PapillonPosition
from farfalia.games.papillon.engine.rules import PapillonSettings

#: Why a Papillon scenario cannot be dealt or played, in English, by key (worded by the page
#: through its catalogs as ``problem.<key>``, as :data:`farfalia.games.farfalia.records.scenario.PROBLEMS`).
PAPILLON_PROBLEMS: dict[str, str] = {
    "pa-round": "a scenario sets up one round, blue or orange, not {rounds}",
    "pa-hand-size": "{name} holds {count}; each hand is dealt {size} cards",
    "pa-table-size": "the table starts with {size} cards, not {count}",
    "pa-starts-size": "the orange round turns 2 starting cards, not {count}",
    "pa-start-number": "{card} cannot be a starting card: starting cards have numbers (P-D27)",
    "pa-deck-blue": "{card} is not a card of the blue deck, which the blue round is dealt from",
    "pa-deck-orange": "{card} is not a card of the orange deck, which the orange round is dealt from",
    "pa-twice": "{card} is given more than once: {places}",
    "pa-starter": "the starting roll is won by a player, not by seat {seat}",
    "pa-partners": "{name} chooses partners first: the set-up names them",
    "pa-play": "play {number} ({action}): {error}",
    "pa-over": "play {number} ({action}): the round is over",
    "pa-no-round": "this replay's round has not been dealt",
    "pa-not-a-moment": "a moment is set up at the start of a player's turn in a round under way",
    "pa-later-sides": "{name} starts this round on the smaller side, which no practice round gives: its"
    " starter chooses the partners (P-E13)",
}


def pa_problem(key: str, **values: object) -> Message:
    """The problem ``key`` of :data:`PAPILLON_PROBLEMS`, with its values."""
    return Message(key, PAPILLON_PROBLEMS[key], **values)


@dataclass(frozen=True)
class PapillonScenario:
    """One round's deal set up card by card, then played on.

    ``hands`` are by seat; ``middle`` is the blue round's starting table or the orange
    round's two starting cards (first on the first starting pile); ``starter`` wins the
    starting roll and chooses the ``direction`` (1 clockwise, -1 counterclockwise) and, where
    the settings call for sides, the ``partners`` (the choice's action; None while unset).
    """

    settings: PapillonSettings
    hands: tuple[tuple[int, ...], ...]
    middle: tuple[int, ...] = ()
    starter: int = 0
    direction: int = 1
    partners: int | None = None
    plays: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    #: What the problems call the middle (the page's words for the table or the starting cards).
    middle_name: str = ""
    #: The order the cards nobody was given follow (a replay's own), before ``seed``'s.
    rest: tuple[int, ...] = ()
    #: The orange round's draw pile (the blue deck) in a replay's own order; else ``seed``'s.
    draw_pile: tuple[int, ...] = ()
    seed: int = 1

    # ------------------------------------------------------------------ reading

    @property
    def deck(self) -> int:
        """The deck the round is dealt from: blue, or orange."""
        return BLUE if self.settings.rounds == "blue" else ORANGE

    @property
    def hand_size(self) -> int:
        """The cards each hand is dealt (the blue round's first deal, the orange round's first tour)."""
        return self.settings.deal.cards

    @property
    def middle_size(self) -> int:
        """The starting table's cards (blue), or the starting cards (orange)."""
        return self.settings.deal.table if self.deck == BLUE else len(START_PLACES)

    def seat_name(self, seat: int) -> str:
        """A seat's name, or "player 3" where none is given."""
        return self.names[seat] if seat < len(self.names) else f"player {seat + 1}"

    def dealt(self) -> list[int]:
        """The named cards in the order they leave the deck: (orange) the starting cards, each
        hand from the dealer's left (P-D6), then (blue) the table."""
        players = self.settings.players
        order = [(self.settings.dealer + offset) % players for offset in range(1, players + 1)]
        hands = [card for seat in order for card in self.hands[seat]]
        return [*self.middle, *hands] if self.deck == ORANGE else [*hands, *self.middle]

    # ------------------------------------------------------------------ checking

    def problems(self) -> list[Message]:
        """Why the set-up cannot be dealt, one short sentence each (empty: it can). The plays
        are checked by :meth:`game`, which stops at the first that cannot be played."""
        settings = self.settings
        if settings.rounds not in ("blue", "orange"):
            return [pa_problem("pa-round", rounds=settings.rounds)]
        if not 0 <= self.starter < settings.players:
            return [pa_problem("pa-starter", seat=self.starter)]
        found: list[Message] = []
        for seat, hand in enumerate(self.hands):
            if len(hand) != self.hand_size:
                found.append(
                    pa_problem("pa-hand-size", name=self.seat_name(seat), count=len(hand), size=self.hand_size)
                )
        if self.deck == BLUE and len(self.middle) != self.middle_size:
            found.append(pa_problem("pa-table-size", size=self.middle_size, count=len(self.middle)))
        if self.deck == ORANGE:
            if len(self.middle) != self.middle_size:
                found.append(pa_problem("pa-starts-size", count=len(self.middle)))
            found += [pa_problem("pa-start-number", card=card_name(c)) for c in self.middle if not is_basic(c)]
        places: dict[int, list[str]] = {}
        for seat, hand in enumerate(self.hands):
            for card in hand:
                places.setdefault(card, []).append(self.seat_name(seat))
        for card in self.middle:
            places.setdefault(card, []).append(
                self.middle_name or ("the table" if self.deck == BLUE else "the starting cards")
            )
        for card, where in places.items():
            if deck_of(card) != self.deck:
                found.append(pa_problem(f"pa-deck-{settings.rounds}", card=card_name(card)))
            elif len(where) > 1:
                found.append(pa_problem("pa-twice", card=card_name(card), places=", ".join(where)))
        if settings.partners_to_choose and self.partners is None:
            found.append(pa_problem("pa-partners", name=self.seat_name(self.starter)))
        return found

    def chance(self) -> list[PapillonChance]:
        """The chance outcomes the set-up writes out: the deck's shuffle, a starting roll the
        starter wins (the orange round's lowest, the blue round's highest: P-R6), and for the
        orange round the blue deck's shuffle, the draw pile."""
        named = self.dealt()
        others = [card for card in self.rest if card not in named]
        left = sorted(set(deck_cards(self.deck)) - set(named) - set(others))
        random.Random(self.seed).shuffle(left)
        chance: list[PapillonChance] = [Shuffle((*named, *others, *left)), self.roll()]
        if self.deck == ORANGE:
            draw_pile = list(self.draw_pile or deck_cards(BLUE))
            if not self.draw_pile:
                random.Random(self.seed + 1).shuffle(draw_pile)
            chance.append(Shuffle(tuple(draw_pile)))
        return chance

    def roll(self) -> Roll:
        """A starting roll the starter wins: the orange round's lowest, the blue round's highest (P-R6)."""
        wins, loses = ((1, 1), (6, 6)) if self.deck == ORANGE else ((6, 6), (1, 1))
        return Roll(tuple(wins if seat == self.starter else loses for seat in range(self.settings.players)))

    def partner_choices(self) -> list[int]:
        """The starter's choices of partners (P-D8; none where the settings fix the sides)."""
        if not self.settings.partners_to_choose or not 0 <= self.starter < self.settings.players:
            return []
        return PapillonGame(self.settings, self.seed, [Shuffle(deck_cards(self.deck)), self.roll()]).legal_actions()

    def start(self) -> PapillonGame:
        """The round dealt and its set-up's decisions taken (the partners where the settings call
        for sides, then the direction where there are more than two players); before the plays.
        :class:`ScenarioError` with the first problem."""
        found = self.problems()
        if found:
            raise ScenarioError(found[0])
        game = PapillonGame(self.settings, self.seed, self.chance())  # later chance (rolls at the end) drawn
        if game.phase == "partners":
            if self.partners not in game.legal_actions():
                raise ScenarioError(pa_problem("pa-partners", name=self.seat_name(self.starter)))
            game.apply(self.partners)
        if game.phase == "direction":
            game.apply(CLOCKWISE if self.direction == 1 else COUNTERCLOCKWISE)
        return game

    def game(self) -> PapillonGame:
        """The round after the set-up and the plays; :class:`ScenarioError` with the first
        problem, or the first play that cannot be played and why."""
        return played_on(self.start(), self.plays)

    def filled(self, rng: random.Random) -> PapillonScenario:
        """The scenario with the cards nobody was given dealt to the hands (and the table or
        the starting cards) short of cards; a starting card is a card with a number."""
        given = {card for hand in self.hands for card in hand} | set(self.middle)
        free = [card for card in deck_cards(self.deck) if card not in given]
        rng.shuffle(free)
        hands = []
        for hand in self.hands:
            short = max(self.hand_size - len(hand), 0)
            hands.append((*hand, *free[:short]))
            free = free[short:]
        short = max(self.middle_size - len(self.middle), 0)
        if self.deck == ORANGE:
            free = [card for card in free if is_basic(card)]
        return replace(self, hands=tuple(hands), middle=(*self.middle, *free[:short]))


@dataclass(frozen=True)
class PapillonMoment:
    """A practice round (P-D5) that starts at a moment set up by hand (P-E19), then played on:
    ``position`` is the moment (:class:`~farfalia.games.papillon.engine.position.PapillonPosition`),
    ``plays`` the actions after it, ``seed`` draws the chance the round meets later (a tie for
    most cards, a Couteau Suisse's rolls)."""

    settings: PapillonSettings
    position: PapillonPosition
    plays: tuple[int, ...] = ()
    seed: int = 1

    def problems(self) -> list[Message]:
        """Why the moment cannot be played, one short sentence each (empty: it can); the plays
        are checked by :meth:`game`."""
        if self.settings.rounds not in ("blue", "orange"):
            return [pa_problem("pa-round", rounds=self.settings.rounds)]
        return self.position.problems(self.settings, self.settings.rounds)

    def start(self) -> PapillonGame:
        """The round at the moment, before the plays; :class:`ScenarioError` with the first problem."""
        found = self.problems()
        if found:
            raise ScenarioError(found[0])
        return PapillonGame(self.settings, self.seed, [self.position])

    def game(self) -> PapillonGame:
        """The round after the moment and the plays; :class:`ScenarioError` with the first
        problem, or the first play that cannot be played and why."""
        return played_on(self.start(), self.plays)


def played_on(game: PapillonGame, plays: Sequence[int | str]) -> PapillonGame:
    """``game`` after ``plays``; :class:`ScenarioError` at the first that cannot be played, and why."""
    for number, action in enumerate(plays, 1):
        if game.is_over():
            raise ScenarioError(pa_problem("pa-over", number=number, action=_written(action)))
        try:
            game.apply(action)
        except FarfaliaError as error:
            raise ScenarioError(pa_problem("pa-play", number=number, action=_written(action), error=error)) from None
    return game


def position_of(game: PapillonGame, names: tuple[str, ...] = ()) -> PapillonPosition:
    """The moment ``game`` stands at, as a position (P-E19), the cards it does not place in the
    game's own order (so the round plays on as it would have): at the start of a player's turn of
    a round under way; :class:`ScenarioError` (``pa-not-a-moment``) anywhere else (the round's
    set-up, a turn begun, between rounds, the end)."""
    if game.phase not in ("blue", "orange", "attacked") or game.current_player() < 0 or game.turn_begun:
        raise ScenarioError(pa_problem("pa-not-a-moment"))
    starter_side = game.sides[game.starter]
    partners = (
        tuple(seat for seat in range(game.players) if game.sides[seat] == starter_side and seat != game.starter)
        if game.settings.partners_to_choose
        else ()
    )
    common = {
        "hands": tuple(tuple(hand) for hand in game.hands),
        "to_act": game.current,
        "starter": game.starter,
        "direction": game.direction,
        "partners": partners,
        "names": names,
        "hidden_order": (*game.deck, *game.draw_pile, *game.set_aside) if game.colour == "orange" else tuple(game.deck),
    }
    if game.colour == "blue":
        return PapillonPosition(
            **common,  # type: ignore[arg-type]
            table=tuple(game.table),
            piles=tuple(tuple(pile) for pile in game.piles),
            last_capturer=game.last_capturer,
            chat_noir_by_papillon=any(points < 0 for points in game.chat_noir),
        )
    tops = {
        game.layout[place][-1]: game.tops[place]
        for place in (*START_PLACES, *SEQUENCES)
        if game.layout[place] and face(game.layout[place][-1]) == COUTEAU
    }
    return PapillonPosition(
        **common,  # type: ignore[arg-type]
        layout=tuple(tuple(cards) for cards in game.layout),
        numbers=tuple(tops.items()),
        tour=game.tour,
        draw_size=len(game.draw_pile),
        tour_points=tuple(game.tour_points),
        attacked_by=game.attacked_by if game.phase == "attacked" else None,
    )


def round_at(game: PapillonGame, at: int) -> int:
    """The round (0 the first) of ``game``'s position after ``at`` actions: its last action's."""
    decisions = game.decisions()
    return decisions[at - 1][1] if 0 < at <= len(decisions) else 0


def sides_kept(game: PapillonGame, round_index: int) -> bool:
    """Whether a practice round can keep ``game``'s sides in its round ``round_index`` (P-E13):
    where sides are chosen, a practice round's starter chooses the partners (P-D8, P-E9), so the
    starter must stand on the side the chooser forms; the first round's starter chose it."""
    chosen = game.settings.partners_to_choose
    starters = [player for player, index in game.decisions() if index == round_index]
    if not round_index or not chosen or not starters:
        return True
    return game.sides.count(game.sides[starters[0]]) == chosen + 1  # its first decision: the direction


def scenario_of(game: PapillonGame, names: tuple[str, ...] = (), round_index: int = 0) -> PapillonScenario:
    """The scenario of ``game``'s round ``round_index`` as a practice game of that round: its
    deal, its starter, direction and partners (a later round's: the sides the game has), its
    plays, and its decks' orders (:class:`ScenarioError` while that round is not dealt yet, or
    where its sides cannot be kept, :func:`sides_kept`)."""
    colour = game.settings.colours[round_index]
    settings = replace(game.settings, rounds=colour)
    outcomes = [step for step in game.history if not isinstance(step, int)]
    deck = sorted(deck_cards(BLUE if colour == "blue" else ORANGE))
    begun = [k for k, step in enumerate(outcomes) if isinstance(step, Shuffle) and sorted(step.cards) == deck]
    if not begun:
        raise ScenarioError(pa_problem("pa-no-round"))
    probe = PapillonGame(settings, 0, outcomes[begun[0] :], draw=False)  # the round's first shuffle on
    plays = [action for action, (_, index) in zip(game.actions, game.decisions(), strict=True) if index == round_index]
    if round_index and probe.phase == "partners":  # the sides the first round's starter chose
        starter = probe.current
        if not sides_kept(game, round_index):
            name = names[starter] if starter < len(names) else str(starter + 1)
            raise ScenarioError(pa_problem("pa-later-sides", name=name))
        kept = [seat for seat, side in enumerate(game.sides) if side == game.sides[starter] and seat != starter]
        plays = [PARTNERS + sum(1 << seat for seat in kept), *plays]
    decisions = 0
    while decisions < len(plays) and probe.phase in ("partners", "direction"):
        probe.apply(plays[decisions])
        decisions += 1
    if probe.phase in ("partners", "direction", "dealing") or not any(probe.hands):
        raise ScenarioError(pa_problem("pa-no-round"))
    size = settings.deal.cards
    drawn = [card for hand in probe.hands for card in hand[size:]]  # the orange starter's first draw, put back
    draw_pile = [*drawn, *probe.draw_pile]
    partners = next((action for action in plays[:decisions] if action not in (CLOCKWISE, COUNTERCLOCKWISE)), None)
    return PapillonScenario(
        settings=settings,
        hands=tuple(tuple(hand[:size]) for hand in probe.hands),
        middle=tuple(probe.table) if colour == "blue" else tuple(probe.layout[place][0] for place in START_PLACES),
        starter=probe.starter,
        direction=probe.direction,
        partners=partners,
        plays=tuple(plays[decisions:]),
        names=names,
        rest=(*probe.deck, *(card for card in draw_pile if deck_of(card) == ORANGE)),  # those no tour needs (P-D26)
        draw_pile=tuple(card for card in draw_pile if deck_of(card) == BLUE),
    )


def _written(action: int | str) -> str:
    """A play of a scenario as written: its notation (a play may be given as its notation or its number)."""
    return action if isinstance(action, str) else action_name(action)
