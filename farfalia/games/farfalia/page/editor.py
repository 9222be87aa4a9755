"""The scenario editor's model: the form an author fills in to set up a hand, card by
card, and the plays after it; every change is checked by the engine
(:class:`~farfalia.games.farfalia.records.scenario.Scenario`), which says why a set-up cannot be played.

Cards are given by clicking them (each goes to the seat being filled) or by typing
them (``R3 G12 WB1``); plays by clicking the preview's playable cards or by typing
them (``B3 B5 pick:B5``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import ClassVar

from farfalia.core.errors import FarfaliaError, ScenarioError
from farfalia.games.farfalia.engine.actions import NO_TRUMP_SUIT, Action, parse_action
from farfalia.games.farfalia.engine.cards import (
    DECK_SIZE,
    FIRST_WILD,
    SUIT_LETTERS,
    card_name,
    parse_card,
    parse_family,
)
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import MODES, PLAYERS, VARIANTS, Settings, check_mode, plan_hand
from farfalia.games.farfalia.engine.views import omniscient_view
from farfalia.games.farfalia.page.render import THEME_COLOURS, render_table
from farfalia.games.farfalia.page.texts import card_text
from farfalia.games.farfalia.records.notation import format_actions
from farfalia.games.farfalia.records.replay import encode_with_chance
from farfalia.games.farfalia.records.scenario import Scenario
from farfalia.records.replay import Replay
from farfalia.ui.editor import HandsEditor, field_index
from farfalia.ui.layout import WIDE, Layout
from farfalia.ui.screens import editor_form, editor_hands, select_options, text_field
from farfalia.ui.texts import text

#: The trump field's values: a suit letter, or ``none`` for no trump.
NO_TRUMP_VALUE = "none"


class ScenarioEditor(HandsEditor[Action]):
    """A scenario being set up: the form's fields as typed, the seat being filled,
    and the plays after the set-up."""

    game_name: ClassVar[str] = "farfalia"

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
    def from_replay(cls, replay: Replay) -> ScenarioEditor:
        """An editor holding the first hand of a replay."""
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
            raise ScenarioError("wild cards are given in each player's wild card field")
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

    def panel(self, layout: Layout, theme: str) -> str:
        """The editor's form and, once the set-up can be played, its table with every hand open
        (on a phone upright, the tall table; elsewhere the wide one, beside the form)."""
        game, problems = self.checked()
        shown = WIDE if layout.kind == "wide" else layout
        names = self.player_names()
        preview = render_table(omniscient_view(game), names, THEME_COLOURS[theme], shown) if game else ""
        return editor_panel(self, game, problems, preview)

    def replay_text(self) -> str:
        """The scenario after its plays, its deal written out."""
        return encode_with_chance(self.playable(), self.player_names())

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


def editor_panel(editor: ScenarioEditor, game: Game | None, problems: Sequence[str], preview: str) -> str:
    """The scenario editor: mode and variants, each hand (typed, or filled by clicking the
    card picker), the proposal, the dealer's choices, the plays so far, the engine's check
    (``game`` and ``problems``, :meth:`ScenarioEditor.checked`), and a ``preview`` of the
    table (its playable cards play on when clicked)."""
    settings = editor.settings
    scenario = editor.scenario()
    players = editor.player_names()
    modes = select_options(MODES, lambda m: text(f"mode.{m}"), editor.mode)
    variants = "".join(
        f'<label class="check"><input type="checkbox" name="variant" value="{v}"'
        f"{' checked' if v in editor.variants else ''}> {escape(text(f'variant.{v}'))}</label>"
        for v in VARIANTS
    )
    dealers = select_options([str(k) for k in range(settings.players)], lambda k: players[int(k)], str(editor.dealer))
    seat_names = editor.seat_names()
    sizes = [scenario.dealt_size(k) for k in range(len(seat_names))]
    dealer_fields = text_field("proposal", text("editor-proposal"), editor.proposal, "F R R B O")
    if scenario.plan.discards:
        dealer_fields += text_field("discards", text("editor-discards", count=scenario.plan.discards), editor.discards)
    if scenario.dealer_names_trump:
        trumps = select_options(
            ["", "R", "G", "B", "O", "none"], lambda v: text(f"editor-trump.{v or 'unset'}"), editor.trump
        )
        dealer_fields += f'<label>{escape(text("editor-trump"))} <select name="trump">{trumps}</select></label>'
    if settings.burning:
        dealer_fields += "".join(
            text_field(f"wild-{k}", text("editor-wild", name=name), editor.wilds[k], "WF1")
            for k, name in enumerate(players)
        )
    if settings.double_you:
        dealer_fields += "".join(
            f'<label class="check"><input type="checkbox" name="double-{k}"{" checked" if k in editor.doubles else ""}>'
            f" {escape(text('editor-double', name=name))}</label>"
            for k, name in enumerate(players)
        )
    top = (
        f'<label>{escape(text("mode"))} <select name="mode">{modes}</select></label>'
        f'<fieldset class="variants">{variants}</fieldset>'
        f'<label>{escape(text("dealer"))} <select name="dealer">{dealers}</select></label>'
    )
    return editor_form(
        editor,
        text("editor-help"),
        top,
        _editor_ready(editor, game) if game is not None else "\n".join(problems),
        editor_hands(editor, sizes, card_name, lambda c: f"suit-{card_name(c)[0]}", card_text, range(DECK_SIZE))
        + f'<div class="editor-dealer">{dealer_fields}</div>'
        + text_field("plays", text("editor-plays"), editor.plays_text(), "B3 B5 pick:B5", wide=True),
        preview,
        blocked=game is None,
    )


def _editor_ready(editor: ScenarioEditor, game: Game) -> str:
    """The status line of a scenario that can be played: who acts now."""
    turn = game.to_act()
    if turn is None:
        return text("editor-hand-over")
    names = editor.seat_names()
    seat = names[turn.seat] if turn.seat < len(names) else str(turn.seat)
    return text("editor-ready", name=seat, decision=text(f"decision.{turn.decision}"))
