"""Papillon's scenario editor: the form an author fills in to set up a practice round, card by
card, at its first deal or at any moment of it (P-E19), and the plays after it; every change is
checked by the engine (:class:`~farfalia.games.papillon.records.scenario.PapillonScenario`,
:class:`~farfalia.games.papillon.records.scenario.PapillonMoment`), which says why a set-up cannot
be played. The cards' places are filled as Farfalia's hands are (:class:`~farfalia.ui.editor.HandsEditor`):
the hands, then at a deal the blue round's starting table or the orange round's starting cards;
at a moment the table and each side's pile (blue), or every place of the layout (orange).
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import ClassVar

from farfalia.core.codes import ascii_int
from farfalia.core.errors import ScenarioError
from farfalia.games.papillon.engine.cards import (
    BLUE,
    COUTEAU,
    ORANGE,
    card_name,
    deck_cards,
    face,
    is_basic,
    parse_card,
)
from farfalia.games.papillon.engine.game import PLACE_NAMES, PLACES, PapillonGame, action_name, parse_action
from farfalia.games.papillon.engine.position import PapillonPosition
from farfalia.games.papillon.engine.rules import DEALS, PapillonSettings
from farfalia.games.papillon.engine.views import all_hands_view
from farfalia.games.papillon.page.render import render_papillon
from farfalia.games.papillon.page.words import action_words, card_words, offered
from farfalia.games.papillon.records.replay import encode_papillon_with_chance
from farfalia.games.papillon.records.scenario import (
    PapillonMoment,
    PapillonScenario,
    pa_problem,
    position_of,
    round_at,
    scenario_of,
)
from farfalia.ui.editor import HandsEditor, field_index
from farfalia.ui.layout import TALL, WIDE, Layout
from farfalia.ui.screens import button, checkbox, editor_form, editor_hands, select_options, text_field
from farfalia.ui.texts import text

#: The rounds a scenario sets up (a practice game of one round, P-D5).
SCENARIO_ROUNDS = ("blue", "orange")
#: Where a scenario starts: at the round's first deal, or at a moment set up by hand (P-E19).
STARTING_POINTS = ("deal", "moment")


class PapillonEditor(HandsEditor[int]):
    """A Papillon scenario being set up: the practice round, the players and the house rules,
    where it starts (its first deal, or a moment), the cards of each place (:meth:`place_names`),
    who wins the starting roll (or started the round), the direction and the partners; at a
    moment, who plays now, who captured last, the tour, the tour points, the draw pile and an
    attack; then the plays."""

    game_name: ClassVar[str] = "papillon"

    NOT_A_CARD = "pa.not-a-card"
    NOT_A_PLAY = "pa.not-a-play"

    def __init__(
        self, names: list[str] | None = None, players: int = 2, rounds: str = "blue", moment: bool = False
    ) -> None:
        super().__init__(names)
        #: The scenario but for its hands, middle and plays (the editor keeps those as typed): the
        #: settings, the starter, the direction, the partners, and a replay's deck orders.
        setup = PapillonScenario(PapillonSettings(players, rounds=rounds), ((),) * players)
        self.setup = dataclasses.replace(setup, partners=next(iter(setup.partner_choices()), None))
        #: Whether the round starts at a moment set up by hand rather than at its first deal.
        self.moment = moment
        #: A moment's choices but its cards (kept with the hands): who plays now, who captured
        #: last, the tour, the draw pile, the tour points, an attack, the sides.
        self.at = PapillonPosition(hands=(), partners=_default_partners(self.settings, 0))
        #: The number each Couteau Suisse of the layout stands for, as typed ("CSo=5").
        self.numbers: dict[int, int] = {}
        self.hands = [[] for _ in range(self.place_count())]

    @classmethod
    def from_game(cls, game: PapillonGame, names: list[str], at: int) -> PapillonEditor:
        """An editor holding the round of ``game``'s position after ``at`` actions, with its
        plays up to that position: its deal where it can be set up
        (:func:`~farfalia.games.papillon.records.scenario.scenario_of`), else the moment its last
        turn began (:meth:`at_moment`); :class:`~farfalia.core.errors.ScenarioError` where neither can."""
        round_index = round_at(game, at)
        try:
            scenario = scenario_of(game, tuple(names), round_index)
        except ScenarioError as error:
            try:
                return cls.at_moment(game, names, at)
            except ScenarioError:
                raise error from None
        rounds = [index for _, index in game.decisions()]
        before = sum(index < round_index for index in rounds)  # the earlier rounds' actions
        setup = rounds.count(round_index) - len(scenario.plays)  # this round's direction (partners)
        editor = cls(names, scenario.settings.players, scenario.settings.rounds)
        editor.setup = dataclasses.replace(scenario, plays=())
        editor.hands = [list(hand) for hand in scenario.hands] + [list(scenario.middle)]
        editor.plays = list(scenario.plays[: max(0, at - before - setup)])
        return editor

    @classmethod
    def at_moment(cls, game: PapillonGame, names: list[str], at: int) -> PapillonEditor:
        """An editor holding ``game``'s position after ``at`` actions as the moment its last turn
        began in that round, and the plays since (:class:`~farfalia.core.errors.ScenarioError`
        where no turn of that round began by then)."""
        probe = PapillonGame(game.settings, game.seed, game.given_chance, game.draw)
        actions = game.actions[:at]
        round_index = round_at(game, at) if at else 0
        found: tuple[PapillonPosition, int] | None = None
        for step in range(len(actions) + 1):
            if probe.round_index == round_index:
                with contextlib.suppress(ScenarioError):
                    found = (position_of(probe, tuple(names)), step)
            if step < len(actions):
                probe.apply(actions[step])
        if found is None:
            raise ScenarioError(pa_problem("pa-not-a-moment"))
        position, step = found
        settings = dataclasses.replace(game.settings, rounds=game.settings.colours[round_index])
        editor = cls(names, settings.players, settings.rounds, moment=True)
        editor.setup = dataclasses.replace(
            editor.setup, settings=settings, starter=position.starter, direction=position.direction
        )
        editor.put(position)
        editor.plays = list(actions[step:])
        return editor

    def put(self, position: PapillonPosition) -> None:
        """Show ``position``'s cards and choices in the form."""
        self.at = dataclasses.replace(position, hands=(), table=(), piles=(), layout=(), numbers=())
        self.numbers = dict(position.numbers)
        places = (position.table, *position.piles) if self.settings.rounds == "blue" else position.layout_places()
        self.hands = [list(cards) for cards in (*position.hands, *places)][: self.place_count()]
        self.hands += [[] for _ in range(self.place_count() - len(self.hands))]

    # -------------------------------------------------------------- reading

    @property
    def settings(self) -> PapillonSettings:
        """The practice round's settings."""
        return self.setup.settings

    def scenario(self) -> PapillonScenario:
        """The scenario the fields describe, when it starts at the deal (unchecked)."""
        return dataclasses.replace(
            self.setup,
            hands=tuple(tuple(hand) for hand in self.hands[: self.settings.players]),
            middle=tuple(self.hands[-1]),
            plays=tuple(self.plays),
            names=tuple(self.player_names()),
            middle_name=self.seat_names()[-1],
        )

    def position(self) -> PapillonPosition:
        """The moment the fields describe (unchecked)."""
        players = self.settings.players
        places = tuple(tuple(cards) for cards in self.hands[players:])
        layout = self.settings.rounds == "orange"
        return dataclasses.replace(
            self.at,
            hands=tuple(tuple(hand) for hand in self.hands[:players]),
            starter=self.setup.starter,
            direction=self.setup.direction,
            names=tuple(self.player_names()),
            place_names=tuple(self.seat_names()[players:]),
            table=() if layout else places[0],
            piles=() if layout else places[1:],
            layout=places if layout else (),
            numbers=tuple((card, number) for card, number in self.numbers.items() if any(card in p for p in places)),
        )

    def moment_scenario(self) -> PapillonMoment:
        """The practice round starting at the moment the fields describe, and its plays (unchecked)."""
        return PapillonMoment(self.settings, self.position(), tuple(self.plays), self.setup.seed)

    def player_count(self) -> int:
        """The practice round's players."""
        return self.settings.players

    def place_count(self) -> int:
        """How many places the form fills: the hands, then the middle (at a deal), or the table
        and each side's pile (a blue moment), or the layout's places (an orange moment)."""
        players = self.settings.players
        if not self.moment:
            return players + 1
        if self.settings.rounds == "orange":
            return players + PLACES
        return players + 1 + len(set(self.sides()))

    def sides(self) -> list[int]:
        """Each seat's side at a moment (P-R1, P-D8: the starter's and the partners')."""
        return dataclasses.replace(self.at, starter=self.setup.starter).sides(self.settings)

    def seat_names(self) -> list[str]:
        """The players' names, then the other places': the starting table or the starting cards
        (at a deal), the table and each side's pile (a blue moment), the layout's places (orange)."""
        players = self.player_names()
        if not self.moment:
            return [*players, text(f"pa.editor-middle.{self.settings.rounds}")]
        if self.settings.rounds == "orange":
            return [*players, *(_place_label(place) for place in range(PLACES))]
        sides = self.sides()
        piles = [
            text("pa.editor-pile", names=", ".join(name for seat, name in enumerate(players) if sides[seat] == side))
            for side in sorted(set(sides))
        ]
        return [*players, text("pa.editor-middle.blue"), *piles]

    def sizes(self) -> list[int | None]:
        """How many cards each place is dealt (None: any number, at a moment)."""
        if self.moment:
            return [None] * self.place_count()
        scenario = self.setup
        sizes: list[int | None] = [scenario.hand_size] * self.settings.players
        return [*sizes, scenario.middle_size]

    def deck(self) -> list[int]:
        """The cards the picker offers: the round's deck; at an orange moment, both decks (the
        blue one is the draw pile, whose cards reach the hands and the layout)."""
        if self.moment and self.settings.rounds == "orange":
            return [*deck_cards(ORANGE), *deck_cards(BLUE)]
        return list(deck_cards(self.setup.deck))

    def read_card(self, word: str) -> int:
        """A card of the round's deck, as typed ("E5" blue, "E5o" orange; at an orange moment,
        either, and a Couteau Suisse on the layout with its number: "CSo=5")."""
        written, equals, number = word.partition("=")
        card = parse_card(written)
        orange_moment = self.moment and self.settings.rounds == "orange"
        if not orange_moment and card_name(card).endswith("o") != (self.settings.rounds == "orange"):
            raise ScenarioError(f"{word} is not of the {self.settings.rounds} deck")
        if equals:
            declared = ascii_int(number, 2)
            if not orange_moment or face(card) != COUTEAU or declared is None or declared > 11:
                raise ScenarioError(f"{word}: only a Couteau Suisse on the layout takes a number, 0 to 11")
            self.numbers[card] = declared
        return card

    def card_label(self, card: int) -> str:
        """A card as the form writes it: a Couteau Suisse on the layout with its number."""
        on_layout = self.moment and any(card in cards for cards in self.hands[self.settings.players :])
        return card_name(card) + (f"={self.numbers[card]}" if on_layout and card in self.numbers else "")

    def build(self) -> tuple[list[object], Callable[[], PapillonGame]]:
        """The scenario's problems, and its game."""
        scenario = self.moment_scenario() if self.moment else self.scenario()
        return list(scenario.problems()), scenario.game

    def plays_text(self) -> str:
        """The plays in notation."""
        return " ".join(action_name(action) for action in self.plays)

    # -------------------------------------------------------------- changes

    def update(self, fields: Mapping[str, str]) -> None:
        """The form's fields as they stand (``start``, ``players``, ``rounds``, ``two-against-one``,
        ``forced-capture``, ``dealer``, ``starter``, ``direction``, ``partners``, ``seat``,
        ``hand-K`` (after the players' hands, the other places), ``you``, ``plays``; at a moment
        also ``to-act``, ``last-capturer``, ``papillon-took-chat-noir``, ``tour``, ``draw-pile``,
        ``points-K`` and ``attacked``). Another round or player count empties the places and the
        plays; so does going back to a deal; going to a moment keeps the deal's game as it
        stands after its plays, where it is at a turn's start. Plays no longer legal after another
        change are kept: the check says why."""
        players = int(fields["players"]) if fields.get("players", "") in map(str, DEALS) else self.settings.players
        rounds = fields.get("rounds", self.settings.rounds)
        rounds = rounds if rounds in SCENARIO_ROUNDS else self.settings.rounds
        moment = fields.get("start", STARTING_POINTS[self.moment]) == "moment"
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
        chosen = ascii_int(fields.get("partners", ""), 3)
        chosen = chosen if chosen in choices else setup.partners
        from_deal = moment and not self.moment and not renewed and self.game()
        self.setup = dataclasses.replace(setup, partners=chosen if chosen in choices else next(iter(choices), None))
        if moment != self.moment or renewed:
            self.moment = moment
            self.at = PapillonPosition(hands=(), partners=_default_partners(settings, starter))
            self.numbers = {}
            self.hands = [[] for _ in range(self.place_count())]
            self.plays = []
            self.seat = 0
            if from_deal:
                with contextlib.suppress(ScenarioError):
                    self.put(position_of(from_deal))
            return
        if moment:
            self._update_moment(fields)
        self._update_hands(fields, players)
        if "plays" in fields and fields["plays"].split() != self.plays_text().split():
            self._type_plays(fields["plays"])

    def _update_moment(self, fields: Mapping[str, str]) -> None:
        """A moment's own fields (see :meth:`update`); the pile places follow the sides."""
        players, at = self.settings.players, self.at
        to_act = field_index(fields.get("to-act", ""), players, min(at.to_act, players - 1))
        capturer = fields.get("last-capturer", "")
        draw = ascii_int(fields.get("draw-pile", "").strip(), 3)
        partners = _seats(fields.get("partners", ""), players) if "partners" in fields else at.partners
        if self.settings.partners_to_choose and partners not in _partner_sets(self.settings, self.setup.starter):
            partners = _default_partners(self.settings, self.setup.starter)
        self.at = dataclasses.replace(
            at,
            to_act=to_act,
            last_capturer=field_index(capturer, players, 0) if capturer not in ("", "none") else None,
            chat_noir_by_papillon=fields.get("papillon-took-chat-noir") == "on",
            tour=field_index(fields.get("tour", ""), self.settings.deal.deals + 1, at.tour) or 1,
            draw_size=draw,
            tour_points=tuple(ascii_int(fields.get(f"points-{seat}", "").strip(), 3) or 0 for seat in range(players)),
            attacked_by=self._before(to_act) if fields.get("attacked") == "on" else None,
            partners=partners,
        )
        places = self.place_count()
        self.hands = (self.hands + [[] for _ in range(places)])[:places]

    def _before(self, seat: int) -> int:
        """The player who played before ``seat`` (the direction set)."""
        return (seat - self.setup.direction) % self.settings.players

    def read_play(self, word: str) -> int:
        """A play in Papillon's notation ("MO+YIxCN+E10", "D5o@A1")."""
        return parse_action(word)

    def fill(self, rng: random.Random) -> None:
        """Deal the cards nobody was given to the hands (and the middle) short of cards; at a
        moment, to the empty hands, a whole deal (or tour) each, from the round's deck."""
        if self.moment:
            given = {card for cards in self.hands for card in cards}
            free = [card for card in deck_cards(self.setup.deck) if card not in given]
            rng.shuffle(free)
            for hand in self.hands[: self.settings.players]:
                if not hand:
                    hand += free[: self.setup.hand_size]
                    free = free[self.setup.hand_size :]
        else:
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
        """The round after its plays, its shuffles and rolls (or its moment) written out."""
        return encode_papillon_with_chance(self.playable(), self.player_names())


def _start_words(point: str) -> str:
    return text(f"pa.editor-start.{point}")


def _blank_or(number: int | None) -> str:
    return "" if number is None else str(number)


def _place_label(place: int) -> str:
    """A place of the orange layout, as the form labels it ("Sequence 2")."""
    name = PLACE_NAMES[place]
    if name.startswith(("sign", "S")):
        return text("pa.editor-place." + ("sign" if name.startswith("sign") else "sequence"), number=name[-1])
    return text(f"pa.editor-place.{name}")


def _seats(value: str, players: int) -> tuple[int, ...]:
    """The seats a form's value lists ("1,3"), those of the table only."""
    found = (ascii_int(part, 1) for part in value.split(","))
    return tuple(sorted({seat for seat in found if seat is not None and seat < players}))


def _partner_sets(settings: PapillonSettings, starter: int) -> list[tuple[int, ...]]:
    """The partners a moment's starter may have (P-D8): the starter's side is the larger or the
    smaller one (a later round keeps the first round's sides, P-E13)."""
    choose, players = settings.partners_to_choose, settings.players
    if not choose:
        return [()]
    others = [seat for seat in range(players) if seat != starter]
    sizes = sorted({choose, players - choose - 2})
    return [chosen for size in sizes for chosen in itertools.combinations(others, size)]


def _default_partners(settings: PapillonSettings, starter: int) -> tuple[int, ...]:
    """A moment's first choice of partners: the first the starter may have."""
    return _partner_sets(settings, starter)[0]


def editor_panel(editor: PapillonEditor, game: PapillonGame | None, problems: Sequence[str], preview: str) -> str:
    """Papillon's scenario editor: the practice round, the players and the house rules, who
    deals, who wins the starting roll, the direction and the partners; each hand and the
    middle (typed, or filled from the card picker); the plays so far and those that may
    follow (each a button that plays it on); the engine's check; and a ``preview``."""
    settings = editor.settings
    scenario = editor.scenario()
    names = editor.player_names()
    seats = [str(k) for k in range(settings.players)]
    starts = select_options(list(STARTING_POINTS), _start_words, STARTING_POINTS[editor.moment])
    top = (
        f'<label>{escape(text("pa.editor-start"))} <select name="start">{starts}</select></label>'
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
        f'<label>{escape(text("pa.editor-started" if editor.moment else "pa.editor-starter"))} <select name="starter">'
        f"{select_options(seats, lambda k: names[int(k)], str(scenario.starter))}</select></label>"
    )
    if settings.players > 2:
        top += (
            f'<label>{escape(text("pa.editor-direction"))} <select name="direction">'
            f"{select_options(['1', '-1'], _direction_words, str(scenario.direction))}</select></label>"
        )
    if editor.moment:
        top += _moment_fields(editor, names)
    choices = [] if editor.moment else scenario.partner_choices()
    if choices:
        words = {str(choice): action_words(choice, (), settings.yang, names) for choice in choices}
        top += (
            f'<label>{escape(text("pa.editor-partners"))} <select name="partners">'
            f"{select_options(list(words), words.__getitem__, str(scenario.partners))}</select></label>"
        )
    fields = editor_hands(editor, editor.sizes(), editor.card_label, _chip_kind, card_words, editor.deck())
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
    help_text = text("pa.editor-moment-help" if editor.moment else "pa.editor-help")
    return editor_form(editor, help_text, top, status, fields, preview, blocked=game is None)


def _moment_fields(editor: PapillonEditor, names: Sequence[str]) -> str:
    """A moment's own fields: who plays now and the sides; in the blue round who captured last and
    how the Chat Noir was taken; in the orange round the tour, the draw pile, each player's tour
    points and an attack of the Chat Noir."""
    settings, at = editor.settings, editor.at
    seats = [str(k) for k in range(settings.players)]
    found = (
        f'<label>{escape(text("pa.editor-to-act"))} <select name="to-act">'
        f"{select_options(seats, lambda k: names[int(k)], str(at.to_act))}</select></label>"
    )
    partner_sets = _partner_sets(settings, editor.setup.starter) if settings.partners_to_choose else []
    if partner_sets:
        found += (
            f'<label>{escape(text("pa.editor-moment-partners"))} <select name="partners">'
            + select_options(
                [",".join(map(str, chosen)) for chosen in partner_sets],
                lambda value: " + ".join(names[int(seat)] for seat in value.split(",") if seat)
                or text("pa.editor-alone"),
                ",".join(map(str, at.partners)),
            )
            + "</select></label>"
        )
    if settings.rounds == "blue":
        capturer = "none" if at.last_capturer is None else str(at.last_capturer)
        return (
            found
            + f'<label>{escape(text("pa.editor-last-capturer"))} <select name="last-capturer">'
            + select_options(
                ["none", *seats], lambda k: names[int(k)] if k.isdigit() else text("pa.editor-nobody"), capturer
            )
            + "</select></label>"
            + checkbox("papillon-took-chat-noir", text("pa.editor-papillon-took-chat-noir"), at.chat_noir_by_papillon)
        )
    tours = [str(tour) for tour in range(1, settings.deal.deals + 1)]
    points = "".join(
        text_field(f"points-{seat}", text("pa.editor-points", name=names[seat]), str(points), "0")
        for seat, points in enumerate(at.tour_points or (0,) * settings.players)
    )
    return (
        found
        + f'<label>{escape(text("pa.editor-tour"))} <select name="tour">'
        + select_options(tours, lambda tour: tour, str(at.tour))
        + "</select></label>"
        + text_field("draw-pile", text("pa.editor-draw-pile"), _blank_or(at.draw_size), text("pa.editor-draw-pile-all"))
        + points
        + checkbox("attacked", text("pa.editor-attacked"), at.attacked_by is not None)
    )


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
