"""What every game's situation editor shares: the form an author fills in to set up a
situation, card by card, and the plays after it; every change is checked by the game's engine,
which says why a set-up cannot be played. Cards are given by clicking them (each goes to the
seat being filled) or by typing them; plays by clicking the preview's or by typing them."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from farfalia.core.codes import ascii_int
from farfalia.core.errors import FarfaliaError, ScenarioError
from farfalia.ui.layout import Layout
from farfalia.ui.texts import error_text, message_text, text


def field_index(value: str, count: int, otherwise: int) -> int:
    """The number a form's field gives, when it is below ``count`` (else ``otherwise``): ASCII
    digits only (``"²".isdigit()`` holds, and ``int`` refuses it)."""
    number = ascii_int(value, 3)
    return number if number is not None and number < count else otherwise


#: A play of a scenario, in its game's kind of action.
PlayT = TypeVar("PlayT")


class HandsEditor(ABC, Generic[PlayT]):
    """What every game's scenario editor shares: the hands being filled (by typing or by
    clicking the card picker into the seat chosen), the plays after the set-up, who plays it
    at the table, and the engine's check of the whole."""

    #: The game it sets up, by its name in the registry (its table plays the scenario on).
    game_name: ClassVar[str]
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

    @abstractmethod
    def seat_names(self) -> list[str]:
        """Every hand's name, as the form and the messages name it."""

    @abstractmethod
    def player_count(self) -> int:
        """How many players the scenario seats."""

    def player_names(self) -> list[str]:
        """The players' names (numbered where none was given)."""
        players = self.player_count()
        named = self.names[:players]
        return named + [text("default-name", number=k + 1) for k in range(len(named), players)]

    @abstractmethod
    def read_card(self, word: str) -> int:
        """The card a typed word names (:class:`FarfaliaError` otherwise)."""

    @abstractmethod
    def read_play(self, word: str) -> PlayT:
        """The play a typed word names (:class:`FarfaliaError` otherwise)."""

    @abstractmethod
    def build(self) -> tuple[list[object], Callable[[], object]]:
        """The set-up's problems, and how to build its game once there are none."""

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
        """Empty every hand (the middle's too, where the game has one) and the plays."""
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
        """The scenario's game after its plays; :class:`ScenarioError` with the first reason if none."""
        game, found = self.checked()
        if game is None:
            raise ScenarioError(found[0])
        return game

    @abstractmethod
    def update(self, fields: dict[str, str]) -> None:
        """The editor's form as it now reads (every field, by name)."""

    @abstractmethod
    def fill(self, rng: random.Random) -> None:
        """Deal the cards no hand holds to the hands still short of them, at random."""

    @abstractmethod
    def panel(self, layout: Layout, theme: str) -> str:
        """The editor's form with the engine's check and a preview of the situation, for the stage's ``layout``."""

    @abstractmethod
    def replay_text(self) -> str:
        """The situation after its plays as a replay text (its chance outcomes written out)."""
