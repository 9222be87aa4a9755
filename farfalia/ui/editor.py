"""The scenario editor's model: the form an author fills in to set up a hand, card by
card, and the plays after it; every change is checked by the engine
(:class:`~farfalia.records.scenario.Scenario`), which says why a set-up cannot be played.

Cards are given by clicking them (each goes to the seat being filled) or by typing
them (``R3 G12 WB1``); plays by clicking the preview's playable cards or by typing
them (``B3 B5 pick:B5``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from farfalia.engine.actions import NO_TRUMP_SUIT, Action, parse_action
from farfalia.engine.cards import FIRST_WILD, SUIT_LETTERS, ascii_int, card_name, parse_card, parse_family
from farfalia.engine.errors import FarfaliaError
from farfalia.engine.game import Game
from farfalia.engine.rules import PLAYERS, VARIANTS, Settings, check_mode, plan_hand
from farfalia.records.notation import format_actions
from farfalia.records.replay import decode
from farfalia.records.scenario import Scenario
from farfalia.ui.texts import error_text, message_text, text


def field_index(value: str, count: int, otherwise: int) -> int:
    """The number a form's field gives, when it is below ``count`` (else ``otherwise``): ASCII
    digits only (``"²".isdigit()`` holds, and ``int`` refuses it)."""
    number = ascii_int(value, 3)
    return number if number is not None and number < count else otherwise


#: A play of a scenario, in its game's kind of action.
PlayT = TypeVar("PlayT")

#: The trump field's values: a suit letter, or ``none`` for no trump.
NO_TRUMP_VALUE = "none"


class HandsEditor(Generic[PlayT]):
    """What every game's scenario editor shares: the hands being filled (by typing or by
    clicking the card picker into the seat chosen), the plays after the set-up, who plays it
    at the table, and the engine's check of the whole."""

    #: The texts that say a typed word is not a card, or not a play (with examples of the game's).
    NOT_A_CARD = "problem.not-a-card"
    NOT_A_PLAY = "problem.not-a-play"

    def __init__(self, names: list[str] | None = None) -> None:
        self.names = list(names or [])
        self.hands: list[list[int]] = []
        self.plays: list[PlayT] = []
        #: The seat whose hand a clicked card goes to.
        self.seat = 0
        #: Who plays the scenario at the table: a player's number, or ``bots``.
        self.you = "0"
        #: Why the fields typed last could not be read (a card or action mistyped).
        self.typing_error: str | None = None

    def seat_names(self) -> list[str]:
        """Every hand's name, as the form and the messages name it."""
        raise NotImplementedError

    def player_count(self) -> int:
        """How many players the scenario seats."""
        raise NotImplementedError

    def player_names(self) -> list[str]:
        """The players' names (numbered where none was given)."""
        players = self.player_count()
        named = self.names[:players]
        return named + [text("default-name", number=k + 1) for k in range(len(named), players)]

    def read_card(self, word: str) -> int:
        """The card a typed word names (:class:`FarfaliaError` otherwise)."""
        raise NotImplementedError

    def read_play(self, word: str) -> PlayT:
        """The play a typed word names (:class:`FarfaliaError` otherwise)."""
        raise NotImplementedError

    def build(self) -> tuple[list[object], Callable[[], object]]:
        """The set-up's problems, and how to build its game once there are none."""
        raise NotImplementedError

    def _update_hands(self, fields: Mapping[str, str], players: int) -> None:
        """The seat chosen, the hands as typed (cards typed into a hand leave the hands that
        held them) and who plays; mistyped words are left out and named."""
        self.typing_error = None
        seat = fields.get("seat", "")
        self.seat = field_index(seat, len(self.hands), self.seat)
        typed = {k: self._cards(fields[f"hand-{k}"], k) for k in range(len(self.hands)) if f"hand-{k}" in fields}
        for k in list(typed):
            cards = typed[k]
            if cards != self.hands[k]:
                self.hands = [
                    cards if j == k else [c for c in hand if c not in cards] for j, hand in enumerate(self.hands)
                ]
                typed = {j: [c for c in other if c not in cards] if j != k else other for j, other in typed.items()}
        you = fields.get("you", self.you)
        self.you = "bots" if you == "bots" else str(field_index(you, players, 0))

    def _cards(self, typed: str, seat: int) -> list[int]:
        """A hand as typed; a word that is not a card is left out and named."""
        found = []
        for word in typed.replace(",", " ").split():
            try:
                found.append(self.read_card(word))
            except FarfaliaError:
                self.typing_error = text(self.NOT_A_CARD, name=self.seat_names()[seat], word=repr(word[:12]))
        return list(dict.fromkeys(found))

    def _type_plays(self, typed: str) -> None:
        """The plays as typed; at a word that is not a play, they stay as they were and it is named."""
        plays = []
        for word in typed.split():
            try:
                plays.append(self.read_play(word))
            except FarfaliaError:
                self.typing_error = text(self.NOT_A_PLAY, word=repr(word[:12]))
                return
        self.plays = plays

    def toggle(self, name: str) -> None:
        """A card of the picker was clicked: into the hand being filled, out of it if
        already there (from another hand, it moves)."""
        card = self.read_card(name)
        hand = self.hands[self.seat]
        if card in hand:
            hand.remove(card)
            return
        for other in self.hands:
            if card in other:
                other.remove(card)
        hand.append(card)

    def play(self, action: str) -> None:
        """A play offered by the preview was clicked: it is played on."""
        game = self.playable()
        play = self.read_play(action)
        game.apply(play)
        self.plays.append(play)

    def clear(self) -> None:
        """Empty every hand (Papillon's middle too) and the plays."""
        self.hands = [[] for _ in self.hands]
        self.plays = []
        self.typing_error = None

    def take_back(self) -> None:
        """Take back the last play."""
        if self.plays:
            self.plays.pop()

    def checked(self) -> tuple[Any, list[str]]:
        """The scenario's game after its plays, or None and every reason the set-up cannot be
        dealt (or the first play that cannot be played): one check for all who ask. A word
        mistyped is left out of its field and told apart (:attr:`typing_error`): it blocks nothing."""
        problems, build = self.build()
        found = [message_text(problem) for problem in problems]
        if found:
            return None, found
        try:
            return build(), []
        except FarfaliaError as error:
            return None, [error_text(error)]

    def problems(self) -> list[str]:
        """Why the scenario cannot be played as it stands (empty: it can)."""
        return self.checked()[1]

    def problem(self) -> str | None:
        """The first reason the scenario cannot be played, or None."""
        found = self.problems()
        return found[0] if found else None

    def game(self) -> Any:
        """The scenario's game after its plays, or None while it cannot be played."""
        return self.checked()[0]

    def playable(self) -> Any:
        """The scenario's game after its plays; :class:`FarfaliaError` with the first reason if none."""
        game, found = self.checked()
        if game is None:
            raise FarfaliaError(found[0])
        return game


class ScenarioEditor(HandsEditor[Action]):
    """A scenario being set up: the form's fields as typed, the seat being filled,
    and the plays after the set-up."""

    def __init__(self, names: list[str] | None = None, mode: str = "basic5") -> None:
        super().__init__(names)
        self.mode = mode
        self.variants: frozenset[str] = frozenset()
        self.dealer = 0
        self.proposal = ""
        self.discards = ""
        self.trump = ""
        self.wilds: list[str] = []
        self.doubles: set[int] = set()
        self._set_mode(mode)

    @classmethod
    def from_replay_text(cls, replay_text: str) -> ScenarioEditor:
        """An editor holding the first hand of a replay (a rules diagram, a shared game)."""
        replay = decode(replay_text)
        scenario = Scenario.from_replay(replay)
        editor = cls(list(replay.names), scenario.settings.mode)
        editor.variants = scenario.settings.variants
        editor.dealer = scenario.settings.first_dealer or 0
        editor.hands = [list(hand) for hand in scenario.hands]
        editor.proposal = " ".join("RGBOF"[f] for f in scenario.proposal)
        editor.discards = " ".join(card_name(c) for c in scenario.discards)
        editor.trump = _trump_value(scenario.trump)
        editor.wilds = [card_name(w) for w in scenario.wilds] or [""] * scenario.settings.players
        editor.doubles = set(scenario.doubles)
        editor.plays = list(scenario.plays)
        return editor

    # -------------------------------------------------------------- the seats

    @property
    def settings(self) -> Settings:
        """The scenario's settings (its dealer deals the hand)."""
        return Settings(self.mode, self.variants, self.dealer)

    def seat_count(self) -> int:
        """Hands dealt: the players', then the dummies'."""
        return len(plan_hand(self.settings, 0, self.dealer).seats)

    def seat_names(self) -> list[str]:
        """Every seat's name, the dummies' as "Ada's dummy"."""
        scenario = self.scenario()
        return [scenario.seat_name(seat) for seat in range(self.seat_count())]

    def player_count(self) -> int:
        """The mode's players."""
        return PLAYERS[self.mode]

    def _set_mode(self, mode: str) -> None:
        check_mode(mode)
        self.mode = mode
        self.dealer = min(self.dealer, PLAYERS[mode] - 1)
        count = self.seat_count()
        self.hands = (self.hands + [[] for _ in range(count)])[:count]
        self.wilds = (self.wilds + [""] * PLAYERS[mode])[: PLAYERS[mode]]
        self.doubles = {p for p in self.doubles if p < PLAYERS[mode]}
        self.seat = min(self.seat, count - 1)
        if not Scenario(self.settings, (), ()).dealer_names_trump:
            self.trump = ""

    # -------------------------------------------------------------- changes

    def update(self, fields: Mapping[str, str]) -> None:
        """The form's fields as they stand (``mode``, ``variant`` comma-separated, ``dealer``,
        ``seat``, ``hand-K``, ``proposal``, ``discards``, ``trump``, ``wild-K``, ``double-K``,
        ``plays``). Plays no longer legal after a change of the set-up are kept: the check says why."""
        changed_mode = fields.get("mode", self.mode) != self.mode
        self.variants = frozenset(v for v in fields.get("variants", "").split(",") if v in VARIANTS)
        self.dealer = field_index(fields.get("dealer", ""), PLAYERS[self.mode], self.dealer)
        self._set_mode(fields.get("mode", self.mode))
        if changed_mode:
            self.plays = []
            return
        self._update_hands(fields, PLAYERS[self.mode])
        self.proposal = fields.get("proposal", self.proposal)
        self.discards = fields.get("discards", self.discards)
        self.trump = fields.get("trump", self.trump)
        for k in range(len(self.wilds)):
            self.wilds[k] = fields.get(f"wild-{k}", self.wilds[k])
        self.doubles = {k for k in range(PLAYERS[self.mode]) if fields.get(f"double-{k}") == "on"}
        if "plays" in fields and fields["plays"].split() != [str(a) for a in self.plays]:
            self._type_plays(fields["plays"])

    def read_play(self, word: str) -> Action:
        """A play in Farfalia's notation."""
        return parse_action(word)

    def read_card(self, word: str) -> int:
        """A play card of Farfalia's deck (wild cards have fields of their own)."""
        return parse_card(word)

    def toggle(self, name: str) -> None:
        """A card of the picker was clicked (wild cards are given in their fields)."""
        if parse_card(name) >= FIRST_WILD:
            raise FarfaliaError("wild cards are given in each player's wild card field")
        super().toggle(name)

    def fill(self, rng: random.Random) -> None:
        """Deal the cards no hand holds to the hands short of cards, and draw whatever else is missing."""
        filled = self.scenario().filled(rng)
        self.hands = [list(hand) for hand in filled.hands]
        self.typing_error = None  # the fields now show the hands as dealt
        self.proposal = " ".join("RGBOF"[f] for f in filled.proposal)
        self.discards = " ".join(card_name(c) for c in filled.discards)
        self.wilds = [card_name(w) for w in filled.wilds] if filled.wilds else self.wilds
        if filled.dealer_names_trump and not self.trump:
            self.trump = SUIT_LETTERS[rng.randrange(4)]

    # -------------------------------------------------------------- checking

    def scenario(self) -> Scenario:
        """The scenario the fields describe, mistyped words left out (unchecked)."""
        proposal: list[int] = []
        for word in self.proposal.replace(",", " ").split():
            try:
                proposal.append(parse_family(word))
            except FarfaliaError:
                proposal.append(-1)
        trump = None if not self.trump else NO_TRUMP_SUIT if self.trump == NO_TRUMP_VALUE else "RGBO".find(self.trump)
        return Scenario(
            settings=self.settings,
            hands=tuple(tuple(hand) for hand in self.hands),
            proposal=tuple(proposal),
            wilds=tuple(_card_or_none(w) for w in self.wilds) if self.settings.burning else (),
            doubles=frozenset(self.doubles) if self.settings.double_you else frozenset(),
            discards=tuple(_card_or_none(w) for w in self.discards.replace(",", " ").split()),
            trump=trump,
            plays=tuple(self.plays),
            names=tuple(self.player_names()),
        )

    def build(self) -> tuple[list[object], Callable[[], Game]]:
        """The scenario's problems, and its game."""
        scenario = self.scenario()
        return list(scenario.problems()), scenario.game

    def plays_text(self) -> str:
        """The plays in notation."""
        return format_actions(self.plays)


def _card_or_none(word: str) -> int:
    """A card's code, or -1 for a word that is not one (the check names the field)."""
    try:
        return parse_card(word)
    except FarfaliaError:
        return -1


def _trump_value(trump: int | None) -> str:
    if trump is None:
        return ""
    return NO_TRUMP_VALUE if trump == NO_TRUMP_SUIT else SUIT_LETTERS[trump]
