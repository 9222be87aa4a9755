"""Papillon's scenario editor: the form an author fills in to set up a practice round's deal,
card by card, and the plays after it; every change is checked by the engine
(:class:`~farfalia.records.papillon_scenario.PapillonScenario`), which says why a set-up
cannot be played. The hands are filled as Farfalia's are (:class:`~farfalia.ui.editor.HandsEditor`);
the last "hand" is the blue round's starting table or the orange round's starting cards.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping

from farfalia.engine.cards import ascii_int
from farfalia.engine.errors import FarfaliaError
from farfalia.engine.papillon.cards import card_name, parse_card
from farfalia.engine.papillon.game import PapillonGame, action_name, parse_action
from farfalia.engine.papillon.rules import DEALS, PapillonSettings
from farfalia.records.papillon_scenario import PapillonScenario, round_at, scenario_of
from farfalia.ui.editor import HandsEditor, field_index
from farfalia.ui.texts import text

#: The rounds a scenario sets up (a practice game of one round, P-D5).
SCENARIO_ROUNDS = ("blue", "orange")


class PapillonEditor(HandsEditor[int]):
    """A Papillon scenario being set up: the practice round, the players and the house rules,
    each hand and the middle, who wins the starting roll, the direction and the partners,
    then the plays."""

    NOT_A_CARD = "pa.not-a-card"
    NOT_A_PLAY = "pa.not-a-play"

    def __init__(self, names: list[str] | None = None, players: int = 2, rounds: str = "blue") -> None:
        super().__init__(names)
        #: The scenario but for its hands, middle and plays (the editor keeps those as typed): the
        #: settings, the starter, the direction, the partners, and a replay's deck orders.
        setup = PapillonScenario(PapillonSettings(players, rounds=rounds), ((),) * players)
        self.setup = dataclasses.replace(setup, partners=next(iter(setup.partner_choices()), None))
        self.hands = [[] for _ in range(players + 1)]

    @classmethod
    def from_game(cls, game: PapillonGame, names: list[str], at: int) -> PapillonEditor:
        """An editor holding the round of ``game``'s position after ``at`` actions, with its
        plays up to that position (:class:`~farfalia.engine.errors.ScenarioError` where that
        round cannot be set up, :func:`~farfalia.records.papillon_scenario.scenario_of`)."""
        round_index = round_at(game, at)
        scenario = scenario_of(game, tuple(names), round_index)
        rounds = [index for _, index in game.decisions()]
        before = sum(index < round_index for index in rounds)  # the earlier rounds' actions
        setup = rounds.count(round_index) - len(scenario.plays)  # this round's direction (partners)
        editor = cls(names, scenario.settings.players, scenario.settings.rounds)
        editor.setup = dataclasses.replace(scenario, plays=())
        editor.hands = [list(hand) for hand in scenario.hands] + [list(scenario.middle)]
        editor.plays = list(scenario.plays[: max(0, at - before - setup)])
        return editor

    # -------------------------------------------------------------- reading

    @property
    def settings(self) -> PapillonSettings:
        """The practice round's settings."""
        return self.setup.settings

    def scenario(self) -> PapillonScenario:
        """The scenario the fields describe (unchecked)."""
        return dataclasses.replace(
            self.setup,
            hands=tuple(tuple(hand) for hand in self.hands[:-1]),
            middle=tuple(self.hands[-1]),
            plays=tuple(self.plays),
            names=tuple(self.player_names()),
            middle_name=self.seat_names()[-1],
        )

    def player_count(self) -> int:
        """The practice round's players."""
        return self.settings.players

    def seat_names(self) -> list[str]:
        """The players' names, then the middle's: the starting table, or the starting cards."""
        return [*self.player_names(), text(f"pa.editor-middle.{self.settings.rounds}")]

    def sizes(self) -> list[int]:
        """How many cards each hand (and the middle) is dealt."""
        scenario = self.setup
        return [scenario.hand_size] * self.settings.players + [scenario.middle_size]

    def read_card(self, word: str) -> int:
        """A card of the deck the round is dealt from, as typed ("E5" blue, "E5o" orange)."""
        card = parse_card(word)
        if card_name(card).endswith("o") != (self.settings.rounds == "orange"):
            raise FarfaliaError(f"{word} is not of the {self.settings.rounds} deck")
        return card

    def build(self) -> tuple[list[object], Callable[[], PapillonGame]]:
        """The scenario's problems, and its game."""
        scenario = self.scenario()
        return list(scenario.problems()), scenario.game

    def plays_text(self) -> str:
        """The plays in notation."""
        return " ".join(action_name(action) for action in self.plays)

    # -------------------------------------------------------------- changes

    def update(self, fields: Mapping[str, str]) -> None:
        """The form's fields as they stand (``players``, ``rounds``, ``two-against-one``,
        ``forced-capture``, ``dealer``, ``starter``, ``direction``, ``partners``, ``seat``,
        ``hand-K`` (the last one the middle), ``you``, ``plays``). Another round or player
        count empties the hands and the plays; plays no longer legal after another change are
        kept: the check says why."""
        players = int(fields["players"]) if fields.get("players", "") in map(str, DEALS) else self.settings.players
        rounds = fields.get("rounds", self.settings.rounds)
        rounds = rounds if rounds in SCENARIO_ROUNDS else self.settings.rounds
        starter = field_index(fields.get("starter", ""), players, min(self.setup.starter, players - 1))
        dealer = field_index(fields.get("dealer", ""), players, min(self.settings.dealer, players - 1))
        settings = PapillonSettings(
            players,
            two_against_one=players == 3 and fields.get("two-against-one") == "on",
            forced_capture=fields.get("forced-capture") == "on",
            rounds=rounds,
            dealer=dealer,
        )
        setup = dataclasses.replace(
            self.setup, settings=settings, starter=starter, direction=-1 if fields.get("direction") == "-1" else 1
        )
        renewed = (players, rounds) != (self.settings.players, self.settings.rounds)
        if renewed:  # other hands, another deck: the set-up starts again
            setup = PapillonScenario(settings, ((),) * players, starter=starter, direction=setup.direction)
        choices = setup.partner_choices()
        partners = fields.get("partners", "")
        chosen = ascii_int(partners, 3)
        chosen = chosen if chosen in choices else setup.partners
        self.setup = dataclasses.replace(setup, partners=chosen if chosen in choices else next(iter(choices), None))
        if renewed:
            self.hands = [[] for _ in range(players + 1)]
            self.plays = []
            self.seat = 0
            return
        self._update_hands(fields, players)
        if "plays" in fields and fields["plays"].split() != self.plays_text().split():
            self._type_plays(fields["plays"])

    def read_play(self, word: str) -> int:
        """A play in Papillon's notation ("MO+YIxCN+E10", "D5o@A1")."""
        return parse_action(word)

    def fill(self, rng: random.Random) -> None:
        """Deal the cards nobody was given to the hands (and the middle) short of cards."""
        filled = self.scenario().filled(rng)
        self.hands = [list(hand) for hand in filled.hands] + [list(filled.middle)]
        self.typing_error = None  # the fields now show the hands as dealt
