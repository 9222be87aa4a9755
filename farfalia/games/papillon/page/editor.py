"""Papillon's scenario editor: the form an author fills in to set up a practice round's deal,
card by card, and the plays after it; every change is checked by the engine
(:class:`~farfalia.games.papillon.records.scenario.PapillonScenario`), which says why a set-up
cannot be played. The hands are filled as Farfalia's are (:class:`~farfalia.ui.editor.HandsEditor`);
the last "hand" is the blue round's starting table or the orange round's starting cards.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import ClassVar

from farfalia.core.codes import ascii_int
from farfalia.core.errors import ScenarioError
from farfalia.games.papillon.engine.cards import card_name, deck_cards, is_basic, parse_card
from farfalia.games.papillon.engine.game import PapillonGame, action_name, parse_action
from farfalia.games.papillon.engine.rules import DEALS, PapillonSettings
from farfalia.games.papillon.engine.views import all_hands_view
from farfalia.games.papillon.page.render import render_papillon
from farfalia.games.papillon.page.words import action_words, card_words, offered
from farfalia.games.papillon.records.replay import encode_papillon_with_chance
from farfalia.games.papillon.records.scenario import PapillonScenario, round_at, scenario_of
from farfalia.ui.editor import HandsEditor, field_index
from farfalia.ui.layout import TALL, WIDE, Layout
from farfalia.ui.screens import button, checkbox, editor_form, editor_hands, select_options, text_field
from farfalia.ui.texts import text

#: The rounds a scenario sets up (a practice game of one round, P-D5).
SCENARIO_ROUNDS = ("blue", "orange")


class PapillonEditor(HandsEditor[int]):
    """A Papillon scenario being set up: the practice round, the players and the house rules,
    each hand and the middle, who wins the starting roll, the direction and the partners,
    then the plays."""

    game_name: ClassVar[str] = "papillon"

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
        plays up to that position (:class:`~farfalia.core.errors.ScenarioError` where that
        round cannot be set up, :func:`~farfalia.games.papillon.records.scenario.scenario_of`)."""
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
            raise ScenarioError(f"{word} is not of the {self.settings.rounds} deck")
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

    def panel(self, layout: Layout, theme: str) -> str:
        """The editor's form and, once the set-up can be played, its table with every hand open
        (beside the form in a large window, Papillon's tall table: its words half as large again)."""
        game, problems = self.checked()
        shown = TALL if layout == WIDE else WIDE if layout.kind == "wide" else layout
        preview = render_papillon(all_hands_view(game), self.player_names(), shown) if game else ""
        return editor_panel(self, game, problems, preview)

    def replay_text(self) -> str:
        """The round after its plays, its shuffles and rolls written out."""
        return encode_papillon_with_chance(self.playable(), self.player_names())


def editor_panel(editor: PapillonEditor, game: PapillonGame | None, problems: Sequence[str], preview: str) -> str:
    """Papillon's scenario editor: the practice round, the players and the house rules, who
    deals, who wins the starting roll, the direction and the partners; each hand and the
    middle (typed, or filled from the card picker); the plays so far and those that may
    follow (each a button that plays it on); the engine's check; and a ``preview``."""
    settings = editor.settings
    scenario = editor.scenario()
    names = editor.player_names()
    seats = [str(k) for k in range(settings.players)]
    top = (
        f'<label>{escape(text("pa.players"))} <select name="players">'
        f"{select_options([str(n) for n in DEALS], lambda n: text('pa.players-count', count=n), str(settings.players))}"
        f'</select></label><label>{escape(text("pa.rounds"))} <select name="rounds">'
        f"{select_options(list(SCENARIO_ROUNDS), lambda r: text(f'pa.rounds.{r}'), settings.rounds)}</select></label>"
        + (
            checkbox("two-against-one", text("pa.two-against-one"), settings.two_against_one)
            if settings.players == 3
            else ""
        )
        + checkbox("forced-capture", text("pa.forced-capture"), settings.forced_capture)
        + f'<label>{escape(text("dealer"))} <select name="dealer">'
        f"{select_options(seats, lambda k: names[int(k)], str(settings.dealer))}</select></label>"
        f'<label>{escape(text("pa.editor-starter"))} <select name="starter">'
        f"{select_options(seats, lambda k: names[int(k)], str(scenario.starter))}</select></label>"
    )
    if settings.players > 2:
        top += (
            f'<label>{escape(text("pa.editor-direction"))} <select name="direction">'
            f"{select_options(['1', '-1'], _direction_words, str(scenario.direction))}</select></label>"
        )
    choices = scenario.partner_choices()
    if choices:
        words = {str(choice): action_words(choice, (), settings.yang, names) for choice in choices}
        top += (
            f'<label>{escape(text("pa.editor-partners"))} <select name="partners">'
            f"{select_options(list(words), words.__getitem__, str(scenario.partners))}</select></label>"
        )
    fields = editor_hands(editor, editor.sizes(), card_name, _chip_kind, card_words, deck_cards(scenario.deck))
    fields += text_field("plays", text("editor-plays"), editor.plays_text(), "MO+YIxCN+E10 D5o@A1", wide=True)
    if game is not None and not game.is_over():
        table, legal = tuple(game.table), game.offered_actions()
        shown = offered(game, legal)
        fields += (
            f'<div class="editor-next" role="group" aria-label="{escape(text("pa.editor-next"))}">'
            + "".join(
                button(action_words(action, table, settings.yang, names, played=True), action=action_name(action))
                for action in shown
            )
            + "</div>"
        )
        if game.crowded:
            fields += f'<p class="editor-more">{escape(text("pa.editor-crowded", shown=len(shown)))}</p>'
        elif len(shown) < len(legal):
            fields += f'<p class="editor-more">{escape(text("pa.editor-more", shown=len(shown), total=len(legal)))}</p>'
    status = "\n".join(problems) if game is None else _ready(game, names)
    return editor_form(editor, text("pa.editor-help"), top, status, fields, preview, blocked=game is None)


def _direction_words(direction: str) -> str:
    return text("pa.direction." + ("cw" if direction == "1" else "ccw"))


def _chip_kind(card: int) -> str:
    """A picker chip's class: its family's, or an atout's."""
    return f"family-{card_name(card)[0]}" if is_basic(card) else "atout"


def _ready(game: PapillonGame, names: Sequence[str]) -> str:
    """The status line of a scenario that can be played: who acts now, and to do what."""
    if game.is_over():
        return text("pa.editor-over")
    return text("editor-ready", name=names[game.current], decision=text(f"pa.decision.{game.phase}"))
