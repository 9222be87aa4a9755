"""A moment of a Papillon round set up by hand (P-E19): the round's first chance outcome when
a game is to start there instead of at its deal.

A :class:`PapillonPosition` gives what the players see and hold at the start of one player's
turn: every hand (of any size), who acts, who started the round, its direction and sides; in the
blue round the table, each side's pile and who captured last; in the orange round the layout
(the starting piles, the sequences, the signs, the centre), the tour, each player's tour points,
the draw pile's size and a Chat Noir's attack waiting for the player to act. The cards it does
not place are the deals (or tours) to come and, in the orange round, the draw pile; any beyond
those were played earlier and lie under the layout. Their order comes from ``order``, a seed,
so a position and its game are the same wherever they are rebuilt.

:meth:`PapillonPosition.problems` says why a moment cannot be played, a keyed
:class:`~farfalia.core.errors.Message` each (:data:`POSITION_PROBLEMS`), so the page says it in
its own language. The game takes a position as its round's first chance outcome
(:class:`~farfalia.games.papillon.engine.game.PapillonGame`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from farfalia.core.errors import Message
from farfalia.games.papillon.engine.cards import (
    BLUE,
    CENTRE_CARDS,
    CHAT_NOIR,
    CHENILLE,
    COUTEAU,
    DECK_SIZE,
    ORANGE,
    SIGNS,
    card_name,
    deck_cards,
    deck_of,
    face,
    is_basic,
    orange_numbers,
)
from farfalia.games.papillon.engine.places import CENTRE, PLACE_NAMES, PLACES, SEQUENCES, SIGN_PLACES, STARTS
from farfalia.games.papillon.engine.rules import PapillonSettings

#: Why a moment cannot be played, in English, by key (worded by the page through its catalogs as
#: ``problem.<key>``, as the scenarios' problems are).
POSITION_PROBLEMS: dict[str, str] = {
    "pa-at-hands": "the moment gives {count} hands; the game seats {players} players",
    "pa-at-seat": "the moment names seat {seat}, and the game seats {players} players",
    "pa-at-partners": "{name} chose partners at the round's start: the moment names them",
    "pa-at-deck": "{card} is not a card of the blue deck, which the blue round is played with",
    "pa-at-twice": "{card} is given more than once: {places}",
    "pa-at-empty": "{name} acts now and holds no card",
    "pa-at-undealt": "{count} blue cards are not placed; the deals to come hold {size} cards each"
    " ({cards} to each player), so the cards not placed can be {choices}",
    "pa-at-capturer": "cards lie in a pile, so somebody captured last: the moment names who",
    "pa-at-no-capture": "{name} cannot have captured last: the side's pile is empty",
    "pa-at-starting-card": "{place} holds a starting card: the orange round turns two (P-R27)",
    "pa-at-first-card": "{card} cannot be a starting card: starting cards have numbers (P-D27)",
    "pa-at-starting-pile": "{card} cannot lie on {place}: a starting pile takes its number, {number}, only (P-R29)",
    "pa-at-sequence": "{card} has no number: it cannot lie on {place} (P-R29, P-R31, P-R34)",
    "pa-at-sign": "{card} is not a sign: only the Plus, the Moins and the Multiplier lie beside a sequence (P-R31)",
    "pa-at-centre": "{card} does not go in the centre: only the Chat Noir, the Papillon and the Chrysalide do (P-R34)",
    "pa-at-couteau": "the Couteau Suisse on {place} stands for a number from 0 to 11: write it {card}=5",
    "pa-at-tour": "the orange round has {tours} tours: the tour is 1 to {tours}, not {tour}",
    "pa-at-orange-left": "the tours to come deal {need} orange cards, and {count} are not placed",
    "pa-at-draw-pile": "the draw pile can hold {most} cards (those not placed), not {size}",
    "pa-at-points": "{name}'s tour points are {points}: points are 0 or more",
    "pa-at-attacker": "{attacker}'s Chat Noir attacks the player after {attacker}, not {name} (P-D35)",
    "pa-at-chat-noir": "an attack needs a Chat Noir placed in the centre (P-R36)",
    "pa-at-order": "the order given to the cards not placed names other cards",
}


def leftover_orange(settings: PapillonSettings) -> int:
    """The orange cards no tour deals, face down on the draw pile's top (P-D26): 2 at three
    players, 1 at five, none at two or four."""
    deal = settings.deal
    return DECK_SIZE - len(STARTS) - deal.cards * deal.deals * settings.players


def position_problem(key: str, **values: object) -> Message:
    """The problem ``key`` of :data:`POSITION_PROBLEMS`, with its values."""
    return Message(key, POSITION_PROBLEMS[key], **values)


@dataclass(frozen=True)
class PapillonPosition:
    """A moment of a round, at the start of ``to_act``'s turn (see the module's text).

    ``partners`` are the seats the starter chose as partners where the settings have sides chosen
    (P-D8, P-E9); ``layout`` has one tuple per place of
    :data:`~farfalia.games.papillon.engine.places.PLACE_NAMES` (each pile's top card last), and
    ``numbers`` the number each Couteau Suisse on a pile or a sequence stands for, as
    ``(card, number)`` pairs (a pile's top one only matters); ``draw_size`` None puts every card
    it can on the draw pile;
    ``attacked_by`` is the player whose Chat Noir attacks ``to_act`` now, None if none.
    """

    hands: tuple[tuple[int, ...], ...]
    to_act: int = 0
    starter: int = 0
    direction: int = 1
    partners: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    #: The names of its other places (after the hands) as the page words them; English if not given.
    place_names: tuple[str, ...] = ()
    # blue round
    table: tuple[int, ...] = ()
    piles: tuple[tuple[int, ...], ...] = ()
    last_capturer: int | None = None
    chat_noir_by_papillon: bool = False
    # orange round
    layout: tuple[tuple[int, ...], ...] = ()
    numbers: tuple[tuple[int, int], ...] = ()
    tour: int = 1
    draw_size: int | None = None
    tour_points: tuple[int, ...] = ()
    attacked_by: int | None = None
    #: The seed of the order of the cards it does not place.
    order: int = 0
    #: Those cards in their order instead, where it is known (a moment taken from a game): the
    #: deals or tours to come, then the draw pile, then the cards under the layout.
    hidden_order: tuple[int, ...] = ()

    # ------------------------------------------------------------------ reading

    def seat_name(self, seat: int) -> str:
        """A seat's name, or "player 3" where none is given."""
        return self.names[seat] if 0 <= seat < len(self.names) else f"player {seat + 1}"

    def places(self, colour: str) -> list[tuple[str, tuple[int, ...]]]:
        """Every place the moment puts cards, named, with its cards: the hands, then the table
        and the piles (blue) or the layout's places (orange)."""
        found = [(self.seat_name(seat), hand) for seat, hand in enumerate(self.hands)]
        if colour == "blue":
            others = [("the table", self.table), *((f"pile {side + 1}", pile) for side, pile in enumerate(self.piles))]
        else:
            others = [(PLACE_NAMES[place], cards) for place, cards in enumerate(self.layout_places())]
        named = [*self.place_names, *(name for name, _ in others[len(self.place_names) :])]
        return found + [(name, cards) for name, (_, cards) in zip(named, others, strict=False)]

    def layout_places(self) -> tuple[tuple[int, ...], ...]:
        """The layout, one tuple per place (empty places added)."""
        return tuple(self.layout) + ((),) * (PLACES - len(self.layout))

    def placed(self, colour: str) -> set[int]:
        """Every card the moment puts somewhere."""
        return {card for _, cards in self.places(colour) for card in cards}

    def sides(self, settings: PapillonSettings) -> list[int]:
        """Each seat's side: fixed by the seats (P-R1) or by the starter's partners (P-D8), numbered
        by their lowest seat."""
        if not settings.partners_to_choose:
            return [seat % 2 for seat in range(4)] if settings.players == 4 else list(range(settings.players))
        team = {self.starter, *self.partners}
        sides = [0 if seat in team else 1 for seat in range(settings.players)]
        return sides if sides[0] == 0 else [1 - side for side in sides]

    def number_of(self, card: int, yang: int) -> int:
        """The number ``card`` stands for on a pile or a sequence (P-R29, P-R33, P-D34)."""
        if face(card) == CHENILLE:
            return 1
        if face(card) == COUTEAU:
            return dict(self.numbers).get(card, _UNDECLARED)
        numbers = orange_numbers(card, yang)
        return numbers[0] if numbers else NO_NUMBER

    def tours_to_come(self, settings: PapillonSettings) -> int:
        """The orange tours still to be dealt: none once the draw pile is empty (Carnage dealt
        them at once, P-R41)."""
        return 0 if self.draw_size == 0 else max(settings.deal.deals - self.tour, 0)

    def hidden(self, settings: PapillonSettings, colour: str) -> tuple[list[int], list[int], list[int]]:
        """The cards it does not place, in ``order``'s order: the undealt cards (the deals or the
        tours to come), the draw pile (the orange cards no tour deals on its top, P-D26) and the
        cards played earlier, under the layout (the other orange cards, and the blue ones beyond
        the draw pile's size)."""
        placed = self.placed(colour)
        rng = random.Random(self.order)
        left = {deck: [card for card in deck_cards(deck) if card not in placed] for deck in (BLUE, ORANGE)}
        for cards in left.values():
            rng.shuffle(cards)
        if colour == "blue":
            return list(self.hidden_order) or left[BLUE], [], []
        need = self.tours_to_come(settings) * settings.players * settings.deal.cards
        if self.hidden_order:
            deck, pile, under = list(self.hidden_order[:need]), list(self.hidden_order[need:]), []
        else:
            extra = left[ORANGE][need:]
            on_top = leftover_orange(settings)
            deck, pile, under = left[ORANGE][:need], extra[:on_top] + left[BLUE], extra[on_top:]
        size = len(pile) if self.draw_size is None else self.draw_size
        return deck, pile[:size], pile[size:] + under

    # ------------------------------------------------------------------ checking

    def problems(self, settings: PapillonSettings, colour: str) -> list[Message]:
        """Why the moment cannot be played in a round of ``colour`` (empty: it can)."""
        players = settings.players
        if len(self.hands) != players:
            return [position_problem("pa-at-hands", count=len(self.hands), players=players)]
        seats = (self.to_act, self.starter, self.last_capturer, self.attacked_by, *self.partners)
        wrong = [seat for seat in seats if seat is not None and not 0 <= seat < players]
        if wrong:
            return [position_problem("pa-at-seat", seat=wrong[0], players=players)]
        found: list[Message] = []
        chosen, choose = set(self.partners) - {self.starter}, settings.partners_to_choose
        # the starter's side is the larger (P-D8) or, in a round after the first, the smaller (P-E13)
        if choose and not (len(chosen) in (choose, players - choose - 2) and chosen <= set(range(players))):
            found.append(position_problem("pa-at-partners", name=self.seat_name(self.starter)))
        found += self._card_problems(colour)
        if not self.hands[self.to_act]:
            found.append(position_problem("pa-at-empty", name=self.seat_name(self.to_act)))
        found += self._blue_problems(settings) if colour == "blue" else self._orange_problems(settings)
        decks = (BLUE,) if colour == "blue" else (BLUE, ORANGE)
        left = sorted(card for deck in decks for card in deck_cards(deck) if card not in self.placed(colour))
        if self.hidden_order and sorted(self.hidden_order) != left:
            found.append(position_problem("pa-at-order"))
        return found

    def _card_problems(self, colour: str) -> list[Message]:
        where: dict[int, list[str]] = {}
        for name, cards in self.places(colour):
            for card in cards:
                where.setdefault(card, []).append(name)
        found = []
        for card, names in where.items():
            if not 0 <= card < 2 * DECK_SIZE or (colour == "blue" and deck_of(card) != BLUE):
                found.append(position_problem("pa-at-deck", card=_named(card)))
            elif len(names) > 1:
                found.append(position_problem("pa-at-twice", card=card_name(card), places=", ".join(names)))
        return found

    def _blue_problems(self, settings: PapillonSettings) -> list[Message]:
        deal, players = settings.deal, settings.players
        size = deal.cards * players
        count = DECK_SIZE - len(self.placed("blue"))
        found = []
        if count % size or count // size >= deal.deals:
            choices = [str(size * left) for left in range(deal.deals)]
            found.append(
                position_problem("pa-at-undealt", count=count, size=size, cards=deal.cards, choices=", ".join(choices))
            )
        sides = self.sides(settings)
        piles = tuple(self.piles) + ((),) * (max(sides) + 1 - len(self.piles))
        if self.last_capturer is None and any(piles):
            found.append(position_problem("pa-at-capturer"))
        elif self.last_capturer is not None and not piles[sides[self.last_capturer]]:
            found.append(position_problem("pa-at-no-capture", name=self.seat_name(self.last_capturer)))
        return found

    def _orange_problems(self, settings: PapillonSettings) -> list[Message]:
        found = self._layout_problems(settings.yang)
        tours = settings.deal.deals
        if not 1 <= self.tour <= tours:
            found.append(position_problem("pa-at-tour", tours=tours, tour=self.tour))
        placed = self.placed("orange")
        orange_left = sum(card not in placed for card in deck_cards(ORANGE))
        blue_left = sum(card not in placed for card in deck_cards(BLUE))
        need = self.tours_to_come(settings) * settings.players * settings.deal.cards
        if orange_left < need:
            found.append(position_problem("pa-at-orange-left", need=need, count=orange_left))
        most = min(max(orange_left - need, 0), leftover_orange(settings)) + blue_left
        if self.draw_size is not None and not 0 <= self.draw_size <= most:
            found.append(position_problem("pa-at-draw-pile", most=most, size=self.draw_size))
        for seat, points in enumerate(self.tour_points):
            if points < 0:
                found.append(position_problem("pa-at-points", name=self.seat_name(seat), points=points))
        if self.attacked_by is not None:
            if (self.attacked_by + self.direction) % settings.players != self.to_act:
                found.append(
                    position_problem(
                        "pa-at-attacker", attacker=self.seat_name(self.attacked_by), name=self.seat_name(self.to_act)
                    )
                )
            if not any(face(card) == CHAT_NOIR for card in self.layout_places()[CENTRE]):
                found.append(position_problem("pa-at-chat-noir"))
        return found

    def _layout_problems(self, yang: int) -> list[Message]:
        found = []
        layout = self.layout_places()
        named = [name for name, _ in self.places("orange")][len(self.hands) :]
        for place in STARTS:
            cards = layout[place]
            if not cards:
                found.append(position_problem("pa-at-starting-card", place=named[place]))
            elif not is_basic(cards[0]):
                found.append(position_problem("pa-at-first-card", card=card_name(cards[0])))
            else:
                number = face(cards[0]) % 12
                found += [
                    position_problem("pa-at-starting-pile", card=card_name(card), place=named[place], number=number)
                    for card in cards[1:]
                    if self.number_of(card, yang) not in (number, _UNDECLARED)
                ]
        for place in (*STARTS, *SEQUENCES):
            top = layout[place][-1:]
            if top and face(top[0]) == COUTEAU and not 0 <= self.number_of(top[0], yang) <= 11:
                found.append(position_problem("pa-at-couteau", place=named[place], card=card_name(top[0])))
            if place in SEQUENCES:
                found += [
                    position_problem("pa-at-sequence", card=card_name(card), place=named[place])
                    for card in layout[place]
                    if self.number_of(card, yang) == NO_NUMBER
                ]
        found += [
            position_problem("pa-at-sign", card=card_name(card))
            for place in SIGN_PLACES
            for card in layout[place]
            if face(card) not in SIGNS
        ]
        found += [
            position_problem("pa-at-centre", card=card_name(card))
            for card in layout[CENTRE]
            if face(card) not in CENTRE_CARDS
        ]
        return found


#: What :meth:`PapillonPosition.number_of` gives for a card with no number, and for a Couteau
#: Suisse whose number is not given (reported apart: ``pa-at-couteau``).
NO_NUMBER = -1
_UNDECLARED = -2


def _named(card: int) -> str:
    """A card's notation, or the number given where it names no card."""
    return card_name(card) if 0 <= card < 2 * DECK_SIZE else str(card)
