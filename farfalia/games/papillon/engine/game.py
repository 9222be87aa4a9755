"""A game of Papillon: the blue round (captures) then the orange round (shedding), with
every chance event (shuffles, dice) an explicit outcome in the history.

Rules are cited by their tags in ``docs/PAPILLON.md`` (P-R…, P-D…; P-E… are this project's
own decisions). The game implements :class:`farfalia.core.interface.Play`: legal actions
are ints in ascending order, an illegal one raises and changes nothing, and settings + seed
+ actions rebuild the game exactly.

>>> game = PapillonGame(PapillonSettings(players=2), seed=1)
>>> game.phase, len(game.hands[0]), len(game.table)
('blue', 7, 2)
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, reduce
from itertools import combinations
from operator import or_
from typing import Final, NamedTuple

from farfalia.core.codes import bits_of, mask_of
from farfalia.core.errors import FarfaliaError, IllegalActionError, NotationError, ScenarioError, TooManyActionsError
from farfalia.core.interface import CHANCE, TERMINAL, Progress
from farfalia.games.papillon.engine.captures import (
    PLAYED_BITS,
    Capture,
    capture_code,
    capture_codes_in_steps,
    capture_exists,
    capture_work,
    equation,
    run_steps,
    some_capture_codes_in_steps,
    split_code,
)
from farfalia.games.papillon.engine.cards import (
    BLUE,
    CENTRE_CARDS,
    CHAT_NOIR,
    CHENILLE,
    CHRYSALIDE,
    COUTEAU,
    DECK_SIZE,
    MOINS,
    MULTIPLIER,
    ORANGE,
    PAPILLON,
    PLUS,
    SIGNS,
    YANG,
    YIN,
    blue_points,
    card_name,
    deck_cards,
    deck_of,
    face,
    hand_value,
    is_basic,
    orange_numbers,
    parse_card,
)
from farfalia.games.papillon.engine.places import CENTRE, PLACE_NAMES, PLACES, SEQUENCES, SIGN_PLACES, STARTS
from farfalia.games.papillon.engine.position import PapillonPosition
from farfalia.games.papillon.engine.rules import PapillonSettings


@dataclass(frozen=True)
class Shuffle:
    """A chance outcome: a pile's new order, top card first."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the two dice (blue, orange) of each player asked to roll, in order (P-D1)."""

    dice: tuple[tuple[int, int], ...]


#: A chance outcome: a shuffle, a roll, or a round's moment set up by hand (its deal and play so far).
PapillonChance = Shuffle | Roll | PapillonPosition


class After(Enum):
    """Where the game goes on once a chance outcome it waits for is known."""

    #: A round's deck shuffled: the deal.
    ROUND_SHUFFLE = "round-shuffle"
    #: The players' dice rolled: who starts (or chooses partners).
    ROLL = "roll"
    #: The orange deck shuffled again, a starting card that is not a basic one back in it.
    START_RESHUFFLE = "start-reshuffle"
    #: The blue deck shuffled into the orange round's draw pile.
    DRAW_PILE = "draw-pile"


def pile_points(pile: Sequence[int]) -> tuple[int, int]:
    """A blue pile's points from its cards (P-R22) and from the Yin and Yang in it (P-D22: 10 for
    one, 30 for both)."""
    return sum(blue_points(card) for card in pile), {0: 0, 1: 10, 2: 30}[len({YIN, YANG} & set(pile))]


class BlueScore(NamedTuple):
    """How a side's blue score came about (P-R22 to P-R25): the cards it took and their worth,
    the most cards' 10, the Yin and Yang's 10 or 30, the Chat Noir's −30, and what the
    ambulance moved (P-D24)."""

    cards: int
    worth: int
    most: int
    yin_yang: int
    chat_noir: int
    ambulance: int = 0

    @property
    def total(self) -> int:
        """The side's blue score."""
        return self.worth + self.most + self.yin_yang + self.chat_noir + self.ambulance


# ----------------------------------------------------------------- actions
#: The direction the round's starter chooses (P-R6).
CLOCKWISE: Final = 0
COUNTERCLOCKWISE: Final = 1
#: Partners chosen (P-D8): this base plus the mask of the partners' seats.
PARTNERS: Final = 2
#: An attacked player who does not counter at once draws 3 and plays (P-D36 b).
TAKE_ATTACK: Final = 40
#: Orange placements: this base plus ``(card * PLACES + place) * 13 + number`` (13: no number declared).
ORANGE_MOVES: Final = 100
NO_NUMBER: Final = 12
#: Blue plays: this base plus ``taken << 58 | played`` (masks of blue cards).
BLUE_MOVES: Final = 1 << 16

#: Tour points of a player whose opponent goes out (P-R39): 20, and 30 in the last tour.
TOUR_PENALTY: Final = 20
LAST_TOUR_PENALTY: Final = 30


#: The places a numbered card may go: the starting piles, then the sequences.
NUMBERED_PLACES: Final = (*STARTS, *SEQUENCES)
#: The numbers a card may be placed as (0 to 11, the Yin's 12, the Yang's up to 22: P-D9).
PLACED_NUMBERS: Final = range(23)
#: Each sequence, with the starting pile it grows from while empty and the place of its sign.
SEQUENCE_PLACES: Final = tuple(
    (place, STARTS[k // 2], sign_place) for k, (place, sign_place) in enumerate(zip(SEQUENCES, SIGN_PLACES))
)
#: Where the cards without a number go (P-R31, P-R34, P-D34): the centre's, beside a sequence,
#: the Chenille on a sequence.
FIXED_PLACES: Final = {
    **{f: (CENTRE,) for f in CENTRE_CARDS},
    **{f: SIGN_PLACES for f in SIGNS},
    CHENILLE: SEQUENCES,
}


def _placed_mask(numbers: Iterable[int]) -> int:
    """The mask of those of ``numbers`` a card can be placed as (bit ``n`` for ``n``)."""
    return mask_of({n for n in numbers if n in PLACED_NUMBERS})


#: ``SAME_NUMBER[n]``: just ``n``, what a starting pile takes on ``n`` (P-R29), as a mask of
#: numbers (bit ``n`` for each number taken, as every set of numbers the layout takes).
SAME_NUMBER: Final = tuple(1 << n for n in PLACED_NUMBERS)
#: ``SEQUENCE_TAKES[sign][top]``: the numbers a sequence takes on ``top`` beside ``sign`` (its
#: face, or None): the same or one apart (P-R29), and with a sign (P-D32) the same or one more,
#: the same or one less, a multiple or a divisor (anything on a 0, a 0 on anything).
SEQUENCE_TAKES: Final[dict[int | None, tuple[int, ...]]] = {
    None: tuple(_placed_mask((top - 1, top, top + 1)) for top in PLACED_NUMBERS),
    PLUS: tuple(_placed_mask((top, top + 1)) for top in PLACED_NUMBERS),
    MOINS: tuple(_placed_mask((top, top - 1)) for top in PLACED_NUMBERS),
    MULTIPLIER: tuple(
        _placed_mask(n for n in PLACED_NUMBERS if top == 0 or n % top == 0 or (n != 0 and top % n == 0))
        for top in PLACED_NUMBERS
    ),
}


@cache
def _orange_number_masks(yang: int) -> tuple[int, ...]:
    """The numbers each card of both decks may be placed as (:func:`orange_numbers`, the Yang
    numbered ``yang``), as masks, by card."""
    return tuple(mask_of(orange_numbers(card, yang)) for card in range(2 * DECK_SIZE))


def orange_move(card: int, place: int, number: int = NO_NUMBER) -> int:
    """The action that places ``card`` at ``place`` (a Couteau Suisse as ``number``)."""
    return ORANGE_MOVES + (card * PLACES + place) * 13 + number


#: ``NUMBERED_MOVES[card][place]``: :func:`orange_move` of ``card`` (no number declared) on each of
#: :data:`NUMBERED_PLACES`, read rather than worked out while a turn's placements are listed.
NUMBERED_MOVES: Final = tuple(
    tuple(orange_move(card, place) for place in NUMBERED_PLACES) for card in range(2 * DECK_SIZE)
)


def blue_move(played: Iterable[int], taken: Iterable[int] = ()) -> int:
    """The action that plays ``played`` from the hand and takes ``taken`` from the table."""
    return BLUE_MOVES + capture_code(played, taken)


def split_blue(action: int) -> Capture:
    """What a blue action plays and takes."""
    return split_code(action - BLUE_MOVES)


def blue_masks(action: int) -> tuple[int, int]:
    """What a blue action plays and takes, as masks (bit ``card`` for each card): :func:`split_blue`
    without its sets, for loops over a turn's every capture."""
    code = action - BLUE_MOVES
    return code & PLAYED_BITS, code >> DECK_SIZE


def split_orange(action: int) -> tuple[int, int, int]:
    """``(card, place, number)`` of an orange placement (number :data:`NO_NUMBER` if none declared)."""
    rest, number = divmod(action - ORANGE_MOVES, 13)
    card, place = divmod(rest, PLACES)
    return card, place, number


def action_name(action: int) -> str:
    """An action's notation: ``clockwise``, ``partners:1+3``, ``draw``, ``E5o@S1``, ``CSo@A1=5``,
    ``E11xE5+E6`` (play E11, take E5 and E6), ``MO+YIxCN+E10``, ``E5`` (a discard)."""
    if action in (CLOCKWISE, COUNTERCLOCKWISE):
        return ("clockwise", "counterclockwise")[action]
    if PARTNERS <= action < PARTNERS + 32:
        return "partners:" + "+".join(str(seat) for seat in range(5) if (action - PARTNERS) >> seat & 1)
    if action == TAKE_ATTACK:
        return "draw"
    if ORANGE_MOVES <= action < BLUE_MOVES:
        card, place, number = split_orange(action)
        return f"{card_name(card)}@{PLACE_NAMES[place]}" + ("" if number == NO_NUMBER else f"={number}")
    played, taken = split_blue(action)
    text = "+".join(card_name(card) for card in sorted(played))
    return text + ("x" + "+".join(card_name(card) for card in sorted(taken)) if taken else "")


def parse_action(text: str) -> int:
    """The action a notation names (see :func:`action_name`); :class:`NotationError` otherwise."""
    word = text.strip()
    if word in ("clockwise", "counterclockwise"):
        return (CLOCKWISE, COUNTERCLOCKWISE)[word == "counterclockwise"]
    if word == "draw":
        return TAKE_ATTACK
    if word.startswith("partners:"):
        seats = word.removeprefix("partners:").split("+")
        if all(seat in "01234" and len(seat) == 1 for seat in seats):
            return PARTNERS + sum(1 << int(seat) for seat in set(seats))
    elif "@" in word:
        card_text, _, place_text = word.partition("@")
        place_text, _, number_text = place_text.partition("=")
        if place_text in PLACE_NAMES and (not number_text or number_text in map(str, range(12))):
            number = int(number_text) if number_text else NO_NUMBER
            return orange_move(parse_card(card_text), PLACE_NAMES.index(place_text), number)
    elif word:
        played_text, _, taken_text = word.partition("x")
        played = [parse_card(card) for card in played_text.split("+")]
        taken = [parse_card(card) for card in taken_text.split("+")] if taken_text else []
        if all(deck_of(card) == BLUE for card in played + taken) and 0 < len(played) <= 2:
            return blue_move(played, taken)
    raise NotationError(f"not a Papillon action: {text!r:.40} (expected e.g. E11xE5+E6, E5o@S1 or clockwise)")


# ------------------------------------------------------------------ the game


class PapillonGame:
    """A whole game of Papillon with checked actions, undo and explicit chance.

    ``chance`` lists chance outcomes to use, in order, instead of drawing them from the
    seed (scenario tests, diagrams); with ``draw`` False the game waits where they run out.
    """

    def __init__(
        self,
        settings: PapillonSettings | None = None,
        seed: int = 0,
        chance: Iterable[PapillonChance] = (),
        draw: bool = True,
    ) -> None:
        self.settings = settings if settings is not None else PapillonSettings()
        self.seed = seed
        self.draw = draw
        self._rng = random.Random(seed)
        self._script = list(chance)
        self._script_used = 0
        #: Every step so far: player actions (ints) and chance outcomes, in order.
        self.history: list[int | PapillonChance] = []
        self._deciders: list[tuple[int, int]] = []
        count = self.settings.players
        #: The side of each player (P-R1, P-D7, P-D8), numbered by their lowest seat.
        self.sides: list[int] = [] if self.settings.partners_to_choose else _fixed_sides(count)
        self.round_index = 0
        self.direction = 1  # +1 clockwise (seat order), −1 counter-clockwise
        self.starter = 0
        self.current = 0
        self.phase = "chance"
        self.turns = 0
        #: Each finished round's points per player (their side's: blue, then minus orange).
        self.round_scores_: list[tuple[int, ...]] = []
        self.blue_scores: list[int] = []  # per side, once the blue round is scored
        self.orange_scores: list[int] = []  # per player, once the orange round is scored
        self.most_cards_side: int | None = None
        #: How each side's blue score came about, once the blue round is scored (P-R22 to P-R25).
        self.blue_details: list[BlueScore] = []
        self.hands: list[list[int]] = [[] for _ in range(count)]
        self.deck: list[int] = []  # undealt cards of the round's deck, top first
        # blue round
        self.table: list[int] = []
        self.piles: list[list[int]] = []
        self.chat_noir: list[int] = []  # ±30 per side (P-D21)
        self.last_capturer: int | None = None
        self.set_aside: list[int] = []
        self.deals_done = 0
        # orange round
        self.layout: list[list[int]] = [[] for _ in PLACE_NAMES]
        self.tops: list[int] = [0] * 6  # the number on top of A1, A2, S1–S4 (P-R29)
        self.draw_pile: list[int] = []
        self.tour = 0
        self.last_tour = False
        self.carnage = False
        self.attack: tuple[int, int] | None = None  # (attacker, player attacked), P-D35
        self.tour_points: list[int] = [0] * count
        self.couteau_rolls: list[int] = [0] * count
        self._placed = 0
        self._drawn = 0
        self._counter_from: int | None = None
        self._chat_noir_placed = False
        self._blocked = 0
        self._pile_ran_out = False
        self._drawn_for_play = False
        self._pending_attacker = 0
        self._couteaus_left: list[int] = []
        self._rolling: list[int] = []
        self._roll_purpose = ""
        #: The last roll, for the table to show: who rolled, and their dice (blue, orange).
        self.last_roll: tuple[tuple[int, ...], tuple[tuple[int, int], ...]] | None = None
        self._need: tuple[str, object, After] | None = None
        self._start_round()
        self._resolve_chance()

    # ----------------------------------------------------- the site's interface

    @property
    def players(self) -> int:
        """How many players the game seats."""
        return self.settings.players

    @property
    def actions(self) -> list[int]:
        """The player actions so far (the history without chance outcomes)."""
        return [step for step in self.history if isinstance(step, int)]

    @property
    def given_chance(self) -> tuple[PapillonChance, ...]:
        """The chance outcomes given to the game (used before any drawn from the seed)."""
        return tuple(self._script)

    @property
    def chance_left(self) -> int:
        """Given chance outcomes not used yet."""
        return len(self._script) - self._script_used

    @property
    def colour(self) -> str:
        """The round under way: ``blue`` or ``orange`` (the last one once over)."""
        return self.settings.colours[min(self.round_index, len(self.settings.colours) - 1)]

    def current_player(self) -> int:
        """The player to act, or :data:`CHANCE` while a chance outcome is awaited, or :data:`TERMINAL`."""
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self._need is not None else self.current

    def is_over(self) -> bool:
        """True once the last round is scored."""
        return self.phase == "over"

    def returns(self) -> tuple[int, ...]:
        """Each player's score so far: their side's blue score minus its orange score (P-R44, P-D7)."""
        return tuple(sum(points[player] for points in self.round_scores_) for player in range(self.players))

    def round_scores(self) -> list[tuple[int, ...]]:
        """Each finished round's points per player (the orange round's as minus the side's score)."""
        return list(self.round_scores_)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players of the sides with the best score once over (ties share the win, P-D42)."""
        if not self.is_over():
            return ()
        totals = self.returns()
        return tuple(player for player in range(self.players) if totals[player] == max(totals))

    def progress(self) -> Progress:
        """Rounds finished, and turns finished in the round under way."""
        return Progress(len(self.round_scores_), 0 if self.is_over() else self.turns)

    def legal_actions(self) -> list[int]:
        """The legal actions of the player to act, ascending; :class:`TooManyActionsError` at a
        crowded blue table (:attr:`crowded`: :meth:`offered_actions` gives a selection there)."""
        if self._need is not None or self.phase == "over":
            return []
        if self.phase == "direction":
            return [CLOCKWISE, COUNTERCLOCKWISE]
        if self.phase == "partners":
            others = [seat for seat in range(self.players) if seat != self.current]
            return sorted(
                PARTNERS + sum(1 << seat for seat in chosen)
                for chosen in combinations(others, self.settings.partners_to_choose)
            )
        if self.phase == "blue":
            return self._blue_actions()
        if self.phase == "attacked":
            counters = [orange_move(card, CENTRE) for card in self.hands[self.current] if face(card) == PAPILLON]
            return sorted({TAKE_ATTACK, *counters})
        return self._orange_actions(self.current)

    @property
    def crowded(self) -> bool:
        """Whether the player to act is at a blue table whose captures are too many to list
        (:data:`LISTED_WORK`): his legal actions are not listed, a selection is offered."""
        return (
            self.phase == "blue"
            and self._need is None
            and crowded(self.hands[self.current], self.table, self.settings.yang)
        )

    def offered_actions(self) -> list[int]:
        """The actions a player or a bot chooses among: the legal actions, or at a crowded blue
        table a selection of them (:func:`offered_blue_actions`)."""
        if self.phase == "blue" and self._need is None:
            hand, settings = self.hands[self.current], self.settings
            return list(offered_blue_actions(hand, self.table, settings.yang, settings.forced_capture))
        return self.legal_actions()

    def apply(self, action: int | str, check: bool = True) -> None:
        """Apply a legal action (an int or its notation); anything else raises and changes nothing.
        A search's playouts may skip the check (``check=False``) for actions taken from
        :meth:`offered_actions`."""
        code = parse_action(action) if isinstance(action, str) else action
        if not check:
            self._perform(code)
            return
        if type(code) is not int or not self._allows(code):
            reason = self.why_illegal(code) if type(code) is int else "not an action"
            raise IllegalActionError(f"{action!r:.40} is illegal: {reason} ({self.situation()})")
        try:
            self._perform(code)
        except FarfaliaError:  # a given chance outcome it led to breaks the rules: change nothing
            self.undo()
            raise

    def _allows(self, code: int) -> bool:
        """Whether ``code`` is a legal action; a blue turn's judged on its own cards
        (:func:`_blue_allows`), not looked up in the list of every capture."""
        if self.phase == "blue" and self._need is None:
            return _blue_allows(tuple(self.hands[self.current]), tuple(self.table), self.settings, code)
        if self.phase == "orange" and self._need is None and ORANGE_MOVES <= code < BLUE_MOVES:
            card = split_orange(code)[0]  # judged on its own card's placements, as the list would
            if card not in self.hands[self.current]:
                return False
            return code in self.placements(card)
        return code in self.legal_actions()

    def _perform(self, code: int) -> None:
        """Apply a legal action, unchecked (the checked :meth:`apply`, and playouts)."""
        self.history.append(code)
        self._deciders.append((self.current, self.round_index))
        if self.phase == "direction":
            self.direction = 1 if code == CLOCKWISE else -1
            self._deal_round()
        elif self.phase == "partners":
            self._choose_partners(code - PARTNERS)
        elif self.phase == "blue":
            self._blue_play(code)
        elif code == TAKE_ATTACK:
            self._draw(self.current, 3)
            self._counter_from = self._pending_attacker
            self.phase = "orange"
            if not self._can_continue():
                self._after_turn()
        else:
            self._place(*split_orange(code))
        self._resolve_chance()

    def random_playout(self, rng: random.Random, decisions: int) -> None:
        """Play on with uniformly random actions among those offered (unchecked: a search's
        playouts) until ``decisions`` are taken, the round under way is scored or the game waits
        for chance."""
        rounds = len(self.round_scores_)
        for _ in range(decisions):
            legal = self.offered_actions()
            if not legal or len(self.round_scores_) > rounds:
                return
            self._perform(legal[rng.randrange(len(legal))])

    @property
    def draw_forced(self) -> bool:
        """Whether the player to act is attacked with no Papillon to counter with: drawing 3 is
        his only action (P-E14; records written before it was an action leave it out)."""
        return self.phase == "attacked" and not any(face(card) == PAPILLON for card in self.hands[self.current])

    @property
    def turn_begun(self) -> bool:
        """Whether the player to act has placed or drawn a card in this orange turn already."""
        return self.phase == "orange" and bool(self._placed or self._drawn)

    @property
    def counter_open(self) -> bool:
        """Whether a Papillon placed now counters a Chat Noir's attack (P-R38, P-D36)."""
        return self.attacked_by is not None

    @property
    def attacked_by(self) -> int | None:
        """The player whose Chat Noir's attack the player to act answers now (at once, or with a
        Papillon first placed after drawing three: P-D36), None if none."""
        if self.phase == "attacked":
            return self._pending_attacker
        return self._counter_from if self._counter_from is not None and self._placed == 0 else None

    def public_state(self) -> dict[str, object]:
        """Everything a seat may know of the game as attribute values: all but the hands,
        the undealt cards, the draw pile, the history (its shuffles) and the generator."""
        return {name: _copied(value) for name, value in self.__dict__.items() if name not in SECRET_FIELDS}

    @classmethod
    def from_public(
        cls,
        public: dict[str, object],
        hands: Sequence[Sequence[int]],
        deck: Sequence[int],
        draw_pile: Sequence[int],
        seed: int,
    ) -> PapillonGame:
        """A game in the public state ``public`` with these hidden cards (a determinized world
        for a search), drawing any later chance outcome from ``seed``; it has no history."""
        game = cls.__new__(cls)
        game.__dict__.update({name: _copied(value) for name, value in public.items()})
        game.hands = [list(hand) for hand in hands]
        game.deck, game.draw_pile = list(deck), list(draw_pile)
        game.seed, game.draw, game._rng = seed, True, random.Random(seed)
        game._script, game._script_used, game.history, game._deciders, game._need = [], 0, [], [], None
        return game

    def why_illegal(self, action: int) -> str | None:
        """Why ``action`` cannot be taken now, or None if it is legal."""
        if type(action) is int and self._allows(action):
            return None
        if self.phase not in DECISIONS or self._need is not None:
            return "the game is over" if self.is_over() else "the game waits for a chance event"
        if ORANGE_MOVES <= action < BLUE_MOVES and self.phase in ("orange", "attacked"):
            return self._why_not_placed(*split_orange(action))
        if action >= BLUE_MOVES and self.phase == "blue":
            return self._why_not_played(split_blue(action))
        if self.phase == "partners":
            return f"choose {self.settings.partners_to_choose} partners among the other seats (P-D8)"
        return f"it is time to decide: {self.phase}"

    def _why_not_played(self, capture: Capture) -> str:
        hand = self.hands[self.current]
        missing = [card for card in capture.played if card not in hand]
        if missing:
            return f"{card_name(missing[0])} is not in the hand"
        away = [card for card in capture.taken if card not in self.table]
        if away:
            return f"{card_name(away[0])} is not on the table"
        if CHRYSALIDE in capture.played:
            return "the Chrysalide is played alone and takes nothing (P-D18)"
        if PAPILLON in capture.played:
            return "the Papillon is played alone and takes every table card (P-R16)"
        if not capture.taken:
            return "a capture is possible, and captures are forced at this table (P-D13)"
        return "these cards make no match, sum or combination; the result comes from the hand (P-R10, P-D15)"

    def _why_not_placed(self, card: int, place: int, number: int) -> str:
        if self.phase == "attacked":
            return "attacked by the Chat Noir: counter with a Papillon, or draw 3 (P-D36)"
        if card not in self.hands[self.current]:
            return f"{card_name(card)} is not in the hand"
        f, where = face(card), PLACE_NAMES[place]
        if f in CENTRE_CARDS:
            return "the Chat Noir, the Papillon and the Chrysalide go in the centre (P-R34)"
        if f in SIGNS:
            return "a sign goes beside a sequence (P-R31)"
        if f == CHENILLE:
            return "the Chenille goes on a sequence (P-D34)"
        if (number == NO_NUMBER) != (f != COUTEAU):
            return "a Couteau Suisse is placed as a number 0 to 11, and no other card declares one (P-R33)"
        if place not in (*STARTS, *SEQUENCES):
            return "a numbered card goes on a starting pile or a sequence (P-R29)"
        fitting = [str(n) for n in range(13) if self.fits(n, place)]
        return f"{where} takes {', '.join(fitting)} only (P-R29, P-R31)"

    def decisions(self) -> list[tuple[int, int]]:
        """For each player action so far: the player who took it and the round (0-based) it was in."""
        return list(self._deciders)

    def undo(self) -> int:
        """Take back the last player action (and the chance outcomes it led to); returns it."""
        actions = self.actions
        if not actions:
            raise IllegalActionError("nothing to undo: no action has been played")
        again = PapillonGame(self.settings, self.seed, self._script, self.draw)
        for action in actions[:-1]:
            again.apply(action, check=False)  # checked when first taken
        self.__dict__.update(again.__dict__)
        return actions[-1]

    def between_rounds(self) -> PapillonGame:
        """The game as its last action left it before any chance of the round after (the
        table a round's summary is read over: at two players the next round is dealt at once,
        no direction to choose, P-D4). A copy when that action scored a round, else itself."""
        if self.is_over() or not self._deciders or self._deciders[-1][1] == self.round_index:
            return self
        actions, rounds = self.actions, len(self.round_scores_)
        last = max(step for step, done in enumerate(self.history) if isinstance(done, int))
        outcomes = [done for done in self.history if not isinstance(done, int)]
        drawn_before = len(outcomes) - sum(not isinstance(done, int) for done in self.history[last:])
        for used in range(drawn_before, len(outcomes) + 1):  # any roll for most cards (P-D23) first
            game = PapillonGame(self.settings, self.seed, outcomes[:used], draw=False)
            for action in actions:
                game._perform(action)
            if len(game.round_scores_) == rounds:
                return game
        return self

    def situation(self) -> str:
        """Where the game stands, in a few words (for error messages)."""
        return f"{self.colour} round, {self.phase}, player {self.current} to act"

    @classmethod
    def replay(
        cls, settings: PapillonSettings, seed: int, actions: Sequence[int | str], chance: Iterable[PapillonChance] = ()
    ) -> PapillonGame:
        """Rebuild a game from its settings, seed and player actions (a forced draw its record
        leaves out is taken where it falls, :attr:`draw_forced`)."""
        game = cls(settings, seed, chance)
        for action in actions:
            game.draw_left_out(action)
            game.apply(action)
        return game

    def draw_left_out(self, action: int | str) -> None:
        """Before a record's next ``action``: the forced draw (:attr:`draw_forced`) that records
        written before it was an action leave out, where it falls."""
        if self.draw_forced and action not in (TAKE_ATTACK, action_name(TAKE_ATTACK)):
            self.apply(TAKE_ATTACK)

    # ------------------------------------------------------------------ chance

    def _ask(self, kind: str, spec: object, then: After) -> None:
        """Wait for a chance outcome of ``kind`` (a shuffle of the cards ``spec``, a roll of
        ``spec`` players' dice), then go on where ``then`` says."""
        self._need = (kind, spec, then)

    def _go_on(self, then: After, outcome: PapillonChance) -> None:
        """Go on after a chance outcome, where :meth:`_ask` was told to."""
        if isinstance(outcome, PapillonPosition):
            self._on_position(outcome)
        elif isinstance(outcome, Roll):
            self._on_roll(outcome)
        elif then == After.ROUND_SHUFFLE:
            self._on_round_shuffle(outcome)
        elif then == After.START_RESHUFFLE:
            self._on_start_reshuffle(outcome)
        else:
            self._on_draw_pile(outcome)

    def _resolve_chance(self) -> None:
        while self._need is not None:
            kind, spec, then = self._need
            if self._script_used < len(self._script):
                outcome = self._script[self._script_used]
                self._check_outcome(outcome, kind, spec, then)
                self._script_used += 1
            elif self.draw:
                if kind == "shuffle":
                    order = sorted(spec)  # type: ignore[call-overload]
                    self._rng.shuffle(order)
                    outcome = Shuffle(tuple(order))
                else:
                    outcome = Roll(tuple((self._rng.randint(1, 6), self._rng.randint(1, 6)) for _ in range(spec)))  # type: ignore[call-overload]
            else:
                return
            self._need = None
            self.history.append(outcome)
            self._go_on(then, outcome)

    def _check_outcome(self, outcome: object, kind: str, spec: object, then: After) -> None:
        """Refuse an outcome that is not the one awaited: a shuffle of these cards, a roll of this
        many players' dice, or, in place of a round's shuffle, a moment of that round that can be
        played (:class:`ScenarioError` with the first reason it cannot)."""
        if isinstance(outcome, PapillonPosition) and then == After.ROUND_SHUFFLE:
            problems = outcome.problems(self.settings, self.colour)
            if problems:
                raise ScenarioError(problems[0])
        elif kind == "shuffle":
            if not isinstance(outcome, Shuffle) or sorted(outcome.cards) != sorted(spec):  # type: ignore[call-overload]
                raise IllegalActionError(f"a shuffle of {len(spec)} cards is due, not {outcome!r:.60}")  # type: ignore[arg-type]
        elif not (
            isinstance(outcome, Roll)
            and len(outcome.dice) == spec
            and all(len(pair) == 2 and all(type(die) is int and 1 <= die <= 6 for die in pair) for pair in outcome.dice)
        ):
            raise IllegalActionError(f"a roll of {spec} players' dice is due, not {outcome!r:.60}")

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        """Shuffle, then the starting roll (P-R6, P-D2)."""
        deck = BLUE if self.colour == "blue" else ORANGE
        self.turns = 0
        self._ask("shuffle", deck_cards(deck), After.ROUND_SHUFFLE)

    def _on_round_shuffle(self, outcome: Shuffle) -> None:
        self.deck = list(outcome.cards)
        self._roll(list(range(self.players)), "start")

    def _on_position(self, position: PapillonPosition) -> None:
        """The round starts at a moment set up by hand (P-E19), at the start of a turn: its
        hands, sides and direction, then the blue table and piles, or the orange layout, tour,
        tour points and any attack waiting; the cards it does not place follow its order."""
        players, colour = self.players, self.colour
        self.sides = position.sides(self.settings)
        self.starter, self.direction = position.starter, position.direction
        self.hands = [list(hand) for hand in position.hands]
        self.deck, self.draw_pile, self.set_aside = (list(cards) for cards in position.hidden(self.settings, colour))
        if colour == "blue":
            side_count = max(self.sides) + 1
            self.piles = [list(pile) for pile in position.piles] + [[] for _ in range(side_count - len(position.piles))]
            self.chat_noir = [
                (-30 if position.chat_noir_by_papillon else 30) * (CHAT_NOIR in pile) for pile in self.piles
            ]
            self.table, self.last_capturer = list(position.table), position.last_capturer
            deal = self.settings.deal
            self.deals_done = deal.deals - len(self.deck) // (deal.cards * players)
            self.current, self.phase = position.to_act, "blue"
            return
        self.layout = [list(cards) for cards in position.layout_places()]
        for place in (*STARTS, *SEQUENCES):
            if self.layout[place]:
                self.tops[place] = position.number_of(self.layout[place][-1], self.settings.yang)
        self.tour = position.tour
        self.carnage = not self.draw_pile
        self.last_tour = self.carnage or self.tour == self.settings.deal.deals
        self.tour_points = [*position.tour_points, *[0] * (players - len(position.tour_points))][:players]
        if position.attacked_by is not None:
            self.attack = (position.attacked_by, position.to_act)
        self._turns_from(position.to_act)

    def _roll(self, rollers: list[int], purpose: str) -> None:
        self._rolling, self._roll_purpose = rollers, purpose
        self._ask("roll", len(rollers), After.ROLL)

    def _on_roll(self, outcome: Roll) -> None:
        self.last_roll = (tuple(self._rolling), outcome.dice)
        sums = [blue + orange for blue, orange in outcome.dice]
        if self._roll_purpose == "couteau":  # P-D41: the card counts the sum
            self.couteau_rolls[self._rolling[0]] += sums[0]
            self._roll_couteaus()
            return
        best = min(sums) if self._roll_purpose == "start" and self.colour == "orange" else max(sums)
        tied = [player for player, total in zip(self._rolling, sums, strict=True) if total == best]
        if len(tied) > 1:  # P-D3: only those tied for the deciding place roll again
            self._roll(tied, self._roll_purpose)
        elif self._roll_purpose == "most":
            self._score_blue(self.sides[tied[0]])
        else:
            self.starter = self.current = tied[0]
            if not self.sides:
                self.phase = "partners"  # P-D8: the winner of the roll picks
            else:
                self._choose_direction()

    def _choose_partners(self, mask: int) -> None:
        team = {self.current} | {seat for seat in range(self.players) if mask >> seat & 1}
        self.sides = [0 if seat in team else 1 for seat in range(self.players)]
        if self.sides[0] == 1:
            self.sides = [1 - side for side in self.sides]
        self._choose_direction()

    def _choose_direction(self) -> None:
        if self.players == 2:  # P-D4: with two players the direction changes nothing
            self._deal_round()
        else:
            self.current = self.starter
            self.phase = "direction"

    def _deal_round(self) -> None:
        self.phase = "dealing"
        if self.colour == "blue":
            side_count = max(self.sides) + 1
            self.piles = [[] for _ in range(side_count)]
            self.chat_noir = [0] * side_count
            self._deal_hands()
            self.table = self._take(self.settings.deal.table)
            self._begin_blue()
        else:
            self._turn_starting_cards()

    def _take(self, count: int) -> list[int]:
        taken, self.deck = self.deck[:count], self.deck[count:]
        return taken

    def _deal_hands(self, cards: int | None = None) -> None:
        """Packets of the deal size to each seat, clockwise from the dealer's left (P-D6)."""
        size = self.settings.deal.cards if cards is None else cards
        for offset in range(1, self.players + 1):
            self.hands[(self.settings.dealer + offset) % self.players] += self._take(size)

    # --------------------------------------------------------------- blue round

    def _begin_blue(self) -> None:
        self.deals_done += 1
        self.current = self.starter  # P-D19: the blue starter starts every deal
        self.phase = "blue"

    def _blue_actions(self) -> list[int]:
        hand, settings = self.hands[self.current], self.settings
        return list(blue_actions(hand, self.table, settings.yang, settings.forced_capture))

    def _blue_play(self, action: int) -> None:
        """Play a blue action: its cards read from its masks (:func:`blue_masks`), ascending."""
        played, taken = blue_masks(action)
        player = self.current
        side = self.sides[player]
        played_cards = bits_of(played)
        for card in played_cards:
            self.hands[player].remove(card)
        if played == 1 << CHRYSALIDE:  # P-R17, P-D18: to the pile, the direction reverses
            self.piles[side].append(CHRYSALIDE)
            self.direction = -self.direction
        elif not taken:  # a discard (P-R18), or the Papillon on an empty table (P-D17)
            self.table += played_cards
        else:  # P-R15: every card played and taken to the side's pile
            self.table = [card for card in self.table if not taken >> card & 1]
            self.piles[side] += played_cards + bits_of(taken)
            self.last_capturer = player
            if (played | taken) >> CHAT_NOIR & 1:  # P-D21, P-E17: on purpose, unless the Papillon took it
                self.chat_noir[side] = -30 if played >> PAPILLON & 1 else 30
        self.turns += 1
        self._next_blue()

    def _next_blue(self) -> None:
        if any(self.hands):
            self.current = self._next_with_cards(self.current)
        elif self.deck:
            self._deal_hands()  # P-R19: the same table, a new hand to each
            self._begin_blue()
        else:
            self._end_blue()

    def _next_with_cards(self, player: int) -> int:
        """The next player in the current direction who still holds cards (P-R8)."""
        seat = player
        for _ in range(self.players):
            seat = (seat + self.direction) % self.players
            if self.hands[seat]:
                return seat
        return player

    def _end_blue(self) -> None:
        """The sweep (P-R20, P-D20, P-D21), then most cards, by dice if tied (P-R23, P-D23)."""
        if self.table and self.last_capturer is not None:
            side = self.sides[self.last_capturer]
            self.piles[side] += self.table
            if CHAT_NOIR in self.table:
                self.chat_noir[side] = -30
        else:
            self.set_aside = self.table
        self.table = []
        counts = [len(pile) for pile in self.piles]
        tied = [side for side, count in enumerate(counts) if count == max(counts)]
        if len(tied) > 1:  # one player rolls for each side: its lowest seat
            self._roll([self.sides.index(side) for side in tied], "most")
        else:
            self._score_blue(tied[0])

    def _score_blue(self, most: int) -> None:
        """P-R22 item by item, then the ambulance (P-R25, P-D24) from the totals before it."""
        self.most_cards_side = most
        details = [
            BlueScore(
                cards=len(pile),
                worth=pile_points(pile)[0],
                most=10 if side == most else 0,
                yin_yang=pile_points(pile)[1],  # P-D22
                chat_noir=self.chat_noir[side],
            )
            for side, pile in enumerate(self.piles)
        ]
        totals = [detail.total for detail in details]
        members = [self.sides.count(side) for side in range(len(totals))]
        poor = [side for side, points in enumerate(totals) if points <= 0]
        final = list(totals)
        for helped in poor:
            for side in range(len(totals)):
                if side != helped:
                    final[side] -= 10 * members[side]
                    final[helped] += 10 * members[side]
        self.blue_scores = final
        self.blue_details = [
            detail._replace(ambulance=final[side] - totals[side]) for side, detail in enumerate(details)
        ]
        self._finish_round([final[side] for side in self.sides])

    def _finish_round(self, points: list[int]) -> None:
        self.round_scores_.append(tuple(points))
        self.round_index += 1
        if self.round_index < len(self.settings.colours):
            self._start_round()
        else:
            self.phase = "over"

    # ------------------------------------------------------------- orange round

    def _turn_starting_cards(self) -> None:
        """Two basic cards, turned before the hands are dealt (P-R27, P-D27): a card
        that is not one is shuffled back into the undealt cards, and another turned."""
        while self.layout[STARTS[1]] == []:
            card = self.deck.pop(0)
            if not is_basic(card):
                self.deck.append(card)
                self._ask("shuffle", tuple(self.deck), After.START_RESHUFFLE)
                return
            place = STARTS[0] if not self.layout[STARTS[0]] else STARTS[1]
            self.layout[place].append(card)
            self.tops[place] = face(card) % 12
        self._ask("shuffle", deck_cards(BLUE), After.DRAW_PILE)

    def _on_start_reshuffle(self, outcome: Shuffle) -> None:
        self.deck = list(outcome.cards)
        self._turn_starting_cards()

    def _on_draw_pile(self, outcome: Shuffle) -> None:
        """The blue deck is the draw pile, with the orange cards no tour needs on top (P-D26)."""
        self.piles, self.set_aside = [[] for _ in self.piles], []  # gathered up: the blue deck is the draw pile
        deal = self.settings.deal
        left = len(self.deck) - deal.cards * deal.deals * self.players
        self.draw_pile = self.deck[len(self.deck) - left :] + list(outcome.cards)
        self.deck = self.deck[: len(self.deck) - left]
        self.tour = 1
        self.last_tour = deal.deals == 1
        self._deal_hands()
        self._turns_from(self.starter)

    def takes(self) -> tuple[int, ...]:
        """The numbers each starting pile and sequence takes now (:data:`NUMBERED_PLACES`), each
        place's as a mask (bit ``n``: it takes ``n``)."""
        tops, layout = self.tops, self.layout
        taking = [SAME_NUMBER[tops[STARTS[0]]], SAME_NUMBER[tops[STARTS[1]]]]  # P-R29: the same number only
        for place, start, sign_place in SEQUENCE_PLACES:
            signs = layout[sign_place]
            top = tops[place] if layout[place] else tops[start]  # an empty one grows from its starting card's
            taking.append(SEQUENCE_TAKES[signs[-1] % DECK_SIZE if signs else None][top])  # the sign's face
        return tuple(taking)

    def fits(self, number: int, place: int) -> bool:
        """Whether ``number`` may go on ``place`` (a starting pile or a sequence) now."""
        return bool(self.takes()[place] >> number & 1)

    def placements(self, card: int, takes: tuple[int, ...] | None = None) -> list[int]:
        """Every placement of ``card`` the layout allows now (P-R29–P-R34, P-D30–P-D34);
        ``takes`` is :meth:`takes`, where already known."""
        f = card % DECK_SIZE
        fixed = FIXED_PLACES.get(f)
        if fixed is not None:
            return [orange_move(card, place) for place in fixed]
        if takes is None:
            takes = self.takes()
        if f == COUTEAU:  # declared as each number in turn
            return [
                orange_move(card, place, number)
                for number in orange_numbers(card, self.settings.yang)
                for place, taken in enumerate(takes)
                if taken >> number & 1
            ]
        numbers = _orange_number_masks(self.settings.yang)[card]  # its one number
        moves = NUMBERED_MOVES[card]
        return [moves[place] for place, taken in enumerate(takes) if taken & numbers]

    def _orange_actions(self, player: int) -> list[int]:
        takes = self.takes()
        return sorted([move for card in self.hands[player] for move in self.placements(card, takes)])  # each once

    def _turns_from(self, player: int) -> None:
        """Turns from ``player`` on, until one has a decision to take (or the round ends)."""
        while not self._start_turn(player):
            following = self._end_turn()
            if following is None:
                return
            player = following

    def _start_turn(self, player: int) -> bool:
        """Begin ``player``'s turn; True if they have a decision to take."""
        self.current = player
        self._placed = self._drawn = 0
        self._counter_from = None
        self._drawn_for_play = self._chat_noir_placed = False
        self.phase = "orange"
        if self.attack is not None and self.attack[1] == player:
            # P-D36: counter at once, or draw 3 and play; a decision even with no Papillon to counter
            # with, which the other seats must not learn from the game's waiting (P-E14).
            self._pending_attacker, self.attack = self.attack[0], None
            self.phase = "attacked"
            return True
        return self._can_continue()

    def _can_continue(self) -> bool:
        """Must play (P-R30, P-D30): a first card, then a second if one can go; with none to
        place at first, draw one and play it if it can go (P-D31). False: the turn ends."""
        if self._can_place(self.current):
            return True
        if self._placed == 0 and not self._drawn_for_play and self.draw_pile:
            self._drawn_for_play = True
            self._draw(self.current, 1)
            return self._can_place(self.current)
        return False

    def _can_place(self, player: int) -> bool:
        """Whether ``player`` has a card that may go somewhere (:meth:`_orange_actions` not empty),
        found as :meth:`placements` finds them, without listing them."""
        taken_anywhere = reduce(or_, self.takes())
        numbers_of = _orange_number_masks(self.settings.yang)
        for card in self.hands[player]:  # noqa: SIM110 (a loop: a third quicker than any() of a generator)
            if numbers_of[card] & taken_anywhere or card % DECK_SIZE in FIXED_PLACES:
                return True
        return False

    def _after_turn(self) -> None:
        following = self._end_turn()
        if following is not None:
            self._turns_from(following)

    def _draw(self, player: int, count: int) -> None:
        drawn, self.draw_pile = self.draw_pile[:count], self.draw_pile[count:]
        self.hands[player] += drawn
        if drawn and not self.draw_pile:
            self._pile_ran_out = True
        if player == self.current:
            self._drawn += len(drawn)

    def _place(self, card: int, place: int, number: int) -> None:
        player = self.current
        first, attacked = self._placed == 0, self.phase == "attacked"
        self.hands[player].remove(card)
        self.layout[place].append(card)
        self._placed += 1
        self.phase = "orange"
        f = face(card)
        if place in (*STARTS, *SEQUENCES):
            self.tops[place] = (
                1 if f == CHENILLE else (number if f == COUTEAU else orange_numbers(card, self.settings.yang)[0])
            )
        ends_turn = False
        if f == CHRYSALIDE:  # P-R35
            self.direction = -self.direction
        elif f == CHAT_NOIR:  # P-R36, P-D35, P-E16: one attack, aimed once the turn ends
            self._chat_noir_placed = True
        elif f == PAPILLON:  # P-R37, P-R38, P-D36
            ends_turn = True
            if attacked:
                self._draw(self._pending_attacker, 6)
            elif first and self._counter_from is not None:
                self._draw(self._counter_from, 3)
            else:
                self._draw(player, 3)
        self._counter_from = None
        if not self.hands[player]:  # P-D37: out as soon as the hand is empty
            self._tour_won(player)
        elif ends_turn or self._placed == 2 or not self._can_continue():
            self._after_turn()

    def _end_turn(self) -> int | None:
        """Close the turn: aim a Chat Noir's attack, start Carnage, or end the round
        (Apocalypse, returning None); else the next player."""
        player = self.current
        self.turns += 1
        if self._placed == 0 and self._drawn == 0:
            self._blocked += 1
        else:
            self._blocked = 0
        following = (player + self.direction) % self.players
        if self._chat_noir_placed:
            self.attack = (player, following)
        if self._pile_ran_out and not self.carnage:  # P-R41, P-D38
            self._start_carnage()
        if self._blocked >= self.players and not self.draw_pile:  # P-R42, P-D39: Apocalypse
            self._end_orange()
            return None
        return following

    def _start_carnage(self) -> None:
        """P-R41, P-D38: every orange card left is dealt at once, and the tour is the last."""
        self.carnage = self.last_tour = True
        if self.deck:
            self._deal_hands(len(self.deck) // self.players)

    def _tour_won(self, player: int) -> None:
        """P-R39, P-D28, P-D29, P-D37: the opponents pay, and a new tour is dealt on top."""
        self.turns += 1
        penalty = LAST_TOUR_PENALTY if self.last_tour else TOUR_PENALTY
        for other in range(self.players):
            if self.sides[other] != self.sides[player]:
                self.tour_points[other] += penalty
        self.attack = None
        if self.last_tour or not self.deck:
            self._end_orange()
            return
        self.tour += 1
        if self._pile_ran_out and not self.carnage:  # P-E15: the turn's Carnage starts with the next tour
            self._start_carnage()
        else:
            self.last_tour = self.tour == self.settings.deal.deals
            self._deal_hands()
        self._blocked = 0
        self._turns_from(self.starter)

    def _turn_order(self) -> list[int]:
        return [(self.starter + self.direction * step) % self.players for step in range(self.players)]

    def _end_orange(self) -> None:
        """Held Papillons draw 3 each (P-D40), held Couteaux are rolled for (P-D41)."""
        self.phase = "scoring"
        for player in self._turn_order():
            for _ in range(sum(face(card) == PAPILLON for card in self.hands[player])):
                self._draw(player, 3)
        self._couteaus_left = [
            player for player in self._turn_order() for card in self.hands[player] if face(card) == COUTEAU
        ]
        self._roll_couteaus()

    def _roll_couteaus(self) -> None:
        if self._couteaus_left:
            self._roll([self._couteaus_left.pop(0)], "couteau")
            return
        yang = self.settings.yang
        self.orange_scores = [
            self.tour_points[player] + self.couteau_rolls[player] + sum(hand_value(card, yang) for card in hand)
            for player, hand in enumerate(self.hands)
        ]
        side_scores = [0] * (max(self.sides) + 1)
        for player, points in enumerate(self.orange_scores):
            side_scores[self.sides[player]] += points
        self._finish_round([-side_scores[side] for side in self.sides])


#: The attributes of a game no seat sees, and its records a world of a search does not need
#: (:meth:`PapillonGame.public_state` leaves them out).
SECRET_FIELDS: Final = frozenset(
    ("hands", "deck", "draw_pile", "history", "_deciders", "seed", "draw", "_rng", "_script", "_script_used", "_need")
)


#: A blue turn's position: the hand, the table (both ascending), the Yang's number, forced capture.
TurnKey = tuple[tuple[int, ...], tuple[int, ...], int, bool]
#: The legal actions of the last :data:`REMEMBERED_TURNS` blue turns asked about (None: the table is
#: crowded), and the selection offered there once asked for: a page asks several times about a
#: position, a bot once more.
_remembered: dict[TurnKey, tuple[tuple[int, ...] | None, tuple[int, ...] | None]] = {}
REMEMBERED_TURNS: Final = 2
#: The most work a blue turn's captures are listed with (:func:`~farfalia.games.papillon.engine.captures.capture_work`,
#: the codes gathered): a table where listing them takes more is *crowded*, and only a bounded selection of
#: them is offered (:func:`offered_blue_actions`). Random play, which discards far more than people, needed
#: at most about 1,000 over 4,000 games; a table that five players' discards have filled needs millions.
LISTED_WORK: Final = 3000
#: At a crowded table, the captures offered for each card of the hand (:func:`offered_blue_actions`).
OFFERED_EACH: Final = 40


def blue_actions(hand: Iterable[int], table: Iterable[int], yang: int, forced_capture: bool) -> tuple[int, ...]:
    """A blue turn's legal actions, ascending (:func:`blue_actions_in_steps` in one go);
    :class:`TooManyActionsError` at a crowded table."""
    actions = run_steps(blue_actions_in_steps(hand, table, yang, forced_capture))
    if actions is None:
        raise TooManyActionsError(f"this blue table's captures are too many to list (over {LISTED_WORK} to gather)")
    return actions


def crowded(hand: Iterable[int], table: Iterable[int], yang: int) -> bool:
    """Whether listing the captures of ``hand`` on ``table`` takes more than :data:`LISTED_WORK`
    (found in a time that grows with the table, not with the captures)."""
    return capture_work(tuple(hand), tuple(table), yang, LISTED_WORK) is None


def blue_actions_in_steps(
    hand: Iterable[int], table: Iterable[int], yang: int, forced_capture: bool
) -> Generator[None, None, tuple[int, ...] | None]:
    """A blue turn's legal actions, ascending, found a step at a time (a page draws between
    steps: :func:`~farfalia.games.papillon.engine.captures.capture_codes_in_steps`) and remembered;
    None at a crowded table (:data:`LISTED_WORK`), found as soon as the work passes it."""
    return (yield from _blue_in_steps(hand, table, yang, forced_capture, offered=False))


def offered_blue_actions_in_steps(
    hand: Iterable[int], table: Iterable[int], yang: int, forced_capture: bool
) -> Generator[None, None, tuple[int, ...]]:
    """:func:`offered_blue_actions`, found a step at a time."""
    actions = yield from _blue_in_steps(hand, table, yang, forced_capture, offered=True)
    assert actions is not None  # a selection is always offered
    return actions


def offered_blue_actions(hand: Iterable[int], table: Iterable[int], yang: int, forced_capture: bool) -> tuple[int, ...]:
    """The blue turn's actions the page and the bots choose among: every legal action, but at a
    crowded table (:data:`LISTED_WORK`) a selection of them: every discard, the Papillon and the
    Chrysalide, and at most :data:`OFFERED_EACH` captures of each card (the first found). Every
    legal action stays legal (:meth:`PapillonGame.apply` judges it on its own cards)."""
    return run_steps(offered_blue_actions_in_steps(hand, table, yang, forced_capture))


def _blue_in_steps(
    hand: Iterable[int], table: Iterable[int], yang: int, forced_capture: bool, offered: bool
) -> Generator[None, None, tuple[int, ...] | None]:
    key = (tuple(sorted(hand)), tuple(sorted(table)), yang, forced_capture)
    remembered = _remembered.get(key)  # looked up once: a playout's turns are new ones
    if remembered is None:
        found = yield from capture_codes_in_steps(key[0], key[1], yang, BLUE_MOVES, LISTED_WORK)
        remembered = (None if found is None else _with_discards(key[0], key[1], yang, forced_capture, found), None)
        _remember(key, remembered)
    listed, selection = remembered
    if listed is not None or not offered:
        return listed
    if selection is None:
        found = yield from some_capture_codes_in_steps(key[0], key[1], yang, OFFERED_EACH, BLUE_MOVES)
        selection = _with_discards(key[0], key[1], yang, forced_capture, found)
        _remembered[key] = (None, selection)
    return selection


def _remember(key: TurnKey, remembered: tuple[tuple[int, ...] | None, tuple[int, ...] | None]) -> None:
    while len(_remembered) >= REMEMBERED_TURNS:
        del _remembered[next(iter(_remembered))]
    _remembered[key] = remembered


def _with_discards(
    hand: tuple[int, ...], table: tuple[int, ...], yang: int, forced_capture: bool, captures: list[int]
) -> tuple[int, ...]:
    """A blue turn's actions: ``captures``, the Papillon's and the Chrysalide's, and the discards
    unless a capture is forced (P-R16, P-R18, P-D13, P-D17, P-D18)."""
    found = list(captures)
    if PAPILLON in hand:  # P-R16, P-D17: it takes every table card, or lies down on an empty table
        found.append(blue_move([PAPILLON], table))
    if CHRYSALIDE in hand:  # P-D18: a whole turn, never a discard
        found.append(blue_move([CHRYSALIDE]))
    # Whether a capture is possible, read from those found (none found: none exists, P-D13).
    if not (forced_capture and ((PAPILLON in hand and bool(table)) or bool(captures))):
        # P-R18, P-D13: a discard's code is its card's bit alone (blue_move([card]))
        found += [BLUE_MOVES + (1 << card) for card in hand if card not in (CHRYSALIDE, PAPILLON)]
    return tuple(sorted(found))


def _takes(hand: Sequence[int], table: Sequence[int], yang: int) -> bool:
    """Whether ``hand`` can take anything from ``table`` (the Papillon takes a table that is not empty)."""
    return (PAPILLON in hand and bool(table)) or capture_exists(hand, table, yang)


def _blue_allows(hand: tuple[int, ...], table: tuple[int, ...], settings: PapillonSettings, action: int) -> bool:
    """Whether ``action`` is a legal blue action, found from its own cards: those it plays are in
    the hand, those it takes on the table, and an equation justifies it (a checked action at a table
    that discards have filled need not list millions of captures)."""
    code = action - BLUE_MOVES
    played, taken = code & PLAYED_BITS, code >> DECK_SIZE
    on_table = mask_of(table)
    if code <= 0 or played & ~mask_of(hand) or taken & ~on_table:
        return False
    if played == 1 << PAPILLON:  # P-R16, P-D17: every table card, or nothing on an empty table
        return taken == on_table
    if played == 1 << CHRYSALIDE:  # P-D18
        return not taken
    if played >> PAPILLON & 1 or played >> CHRYSALIDE & 1:
        return False
    if not taken:  # a discard of one card (P-R18), unless a capture is possible and forced (P-D13)
        alone = not played & (played - 1)
        return alone and not (settings.forced_capture and _takes(hand, table, settings.yang))
    try:
        equation(split_code(code), table, settings.yang)
    except IllegalActionError:
        return False
    return True


def _copied(value: object) -> object:
    """A copy of an attribute's value deep enough that neither game's play changes the other's."""
    return [_copied(item) for item in value] if isinstance(value, list) else value


def _fixed_sides(players: int) -> list[int]:
    """Sides fixed by the seats (P-R1): opposite partners at four, everyone alone otherwise."""
    return [seat % 2 for seat in range(4)] if players == 4 else list(range(players))


#: Names of the phases a player decides in.
DECISIONS: Final = ("partners", "direction", "blue", "orange", "attacked")
