"""A Papillon table at one screen: the game, who sits where (human or bot), whose hand the
screen shows (hot seat), the card a person has picked up and the choices it offers, and the
words for all of it. The browser layer draws what this says; everything runs in CPython.

A person decides by picking up a hand card: when it can do one thing only, that is done;
otherwise the bar offers every capture or placement it makes, with the arithmetic of each
capture ("22 − 10 = 12"), and the orange layout marks the places it may go.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from farfalia.bots.papillon import PAPILLON_PLAYOUTS, PAPILLON_SEARCH
from farfalia.bots.search import Search
from farfalia.engine.errors import NotationError, SessionError
from farfalia.engine.papillon.captures import equation
from farfalia.engine.papillon.cards import BASIC_COUNT, CHRYSALIDE, PAPILLON, card_name, face, parse_card
from farfalia.engine.papillon.game import (
    BLUE_MOVES,
    CLOCKWISE,
    COUNTERCLOCKWISE,
    NO_NUMBER,
    ORANGE_MOVES,
    PARTNERS,
    PLACE_NAMES,
    TAKE_ATTACK,
    PapillonGame,
    action_name,
    parse_action,
    split_blue,
    split_orange,
)
from farfalia.engine.papillon.rules import PapillonSettings
from farfalia.engine.papillon.views import PapillonView, seat_view
from farfalia.ui.session import PACES, Player
from farfalia.ui.texts import join_names, text

#: The bots' levels: search playouts a decision (none: the heuristic alone).
PAPILLON_LEVELS: Final = {"strong": PAPILLON_PLAYOUTS, "quick": 0}
#: The family names, kept as the game's own (proper names, like the game's).
FAMILY_NAMES: Final = ("Éléments", "Découvertes", "Serpents", "Formes")
ATOUT_NAMES: Final = (
    "Couteau Suisse",
    "Chat Noir",
    "Chenille",
    "Chrysalide",
    "Papillon",
    "Plus",
    "Moins",
    "Multiplier/Diviser",
    "Yin",
    "Yang",
)
#: A picked-up card's action prefix (``pick:E5``), and letting it go.
PICK: Final = "pick:"
DROP: Final = "drop"


def card_words(card: int) -> str:
    """A card's name for people: "5 of Serpents", "Chat Noir"."""
    kind = face(card)
    if kind < BASIC_COUNT:
        return text("pa.card", number=kind % 12, family=FAMILY_NAMES[kind // 12])
    return ATOUT_NAMES[kind - BASIC_COUNT]


def place_words(place: int) -> str:
    """A place of the orange layout, in words."""
    name = PLACE_NAMES[place]
    if name.startswith("sign"):
        return text("pa.place.sign", number=name[-1])
    if name.startswith("S"):
        return text("pa.place.sequence", number=name[-1])
    return text(f"pa.place.{name}")


def action_words(action: int, table: Sequence[int], yang: int, names: Sequence[str]) -> str:
    """What ``action`` does, in words (a capture with its arithmetic)."""
    if action in (CLOCKWISE, COUNTERCLOCKWISE):
        return text("pa.clockwise" if action == CLOCKWISE else "pa.counterclockwise")
    if action == TAKE_ATTACK:
        return text("pa.draw-three")
    if action < ORANGE_MOVES:
        chosen = [names[seat] for seat in range(len(names)) if (action - PARTNERS) >> seat & 1]
        return text("pa.partners", names=join_names(chosen))
    if action < BLUE_MOVES:
        card, place, number = split_orange(action)
        if number != NO_NUMBER:
            return text("pa.place-as", card=card_words(card), number=number, place=place_words(place))
        return text("pa.place", card=card_words(card), place=place_words(place))
    capture = split_blue(action)
    played = " + ".join(card_words(card) for card in sorted(capture.played))
    if capture.played == {CHRYSALIDE}:
        return text("pa.chrysalide")
    if not capture.taken:
        return text("pa.lay", card=played)
    taken = ", ".join(card_words(card) for card in sorted(capture.taken))
    if PAPILLON in capture.played:
        return text("pa.papillon-takes", cards=taken)
    return text("pa.take", cards=taken, equation=equation(capture, table, yang))


def papillon_hint_target(action: int) -> str:
    """What the page marks for a hint: the hand card the action plays, else its button."""
    cards = card_of(action)
    return PICK + card_name(cards[0]) if cards else action_name(action)


def card_of(action: int) -> tuple[int, ...]:
    """The hand cards an action plays (none for the table's decisions)."""
    if action >= BLUE_MOVES:
        return tuple(sorted(split_blue(action).played))
    if action >= ORANGE_MOVES:
        return (split_orange(action)[0],)
    return ()


class PapillonSession:
    """A game of Papillon being played at one screen."""

    def __init__(
        self,
        settings: PapillonSettings,
        seed: int,
        players: list[Player],
        pace: str = "normal",
        level: str = "strong",
        actions: Sequence[int | str] = (),
    ) -> None:
        if len(players) != settings.players:
            raise SessionError(f"Papillon {settings.players} seats {settings.players} players, not {len(players)}")
        if pace not in PACES or level not in PAPILLON_LEVELS:
            raise SessionError(f"unknown pace {pace!r} or bot level {level!r}")
        self.game = PapillonGame.replay(settings, seed, actions)
        self.players = players
        self.pace = pace
        self.level = level
        #: Rounds whose summary has been dismissed.
        self.seen_rounds = len(self.game.round_scores())
        humans = self.humans()
        #: The human whose hand the screen shows (hot seat: after "show my cards").
        self.shown: int | None = humans[0] if len(humans) == 1 else None
        #: The hand card picked up, whose choices the bar offers.
        self.picked: int | None = None
        #: The last decision: who took it, the action, and the blue table it was taken on.
        self.last: tuple[int, int, tuple[int, ...]] | None = None
        self._thinking: tuple[int, Search] | None = None
        self._changes = 0
        self._told = 0

    @property
    def state_id(self) -> int:
        """Changes whenever the game does: a search started at another state id is stale."""
        return self._changes

    # -------------------------------------------------------------- who is who

    def humans(self) -> list[int]:
        """The players humans play."""
        return [seat for seat, player in enumerate(self.players) if not player.bot]

    def names(self) -> list[str]:
        """Every player's name."""
        return [player.name for player in self.players]

    def actor(self) -> int | None:
        """The player who decides next, or None (the game is over)."""
        player = self.game.current_player()
        return player if player >= 0 else None

    def summary_pending(self) -> int | None:
        """A finished round whose summary the players have not dismissed yet."""
        return self.seen_rounds if self.seen_rounds < len(self.game.round_scores()) else None

    def needs_cover(self) -> bool:
        """Hot seat: a human must act whose hand is not on screen."""
        actor = self.actor()
        return (
            self.summary_pending() is None and actor is not None and not self.players[actor].bot and actor != self.shown
        )

    def viewer(self) -> int:
        """Whose view the table shows: the shown human, else the first human, else player 0."""
        if self.shown is not None:
            return self.shown
        humans = self.humans()
        return humans[0] if humans else 0

    def bot_to_act(self) -> bool:
        """Whether a bot decides next (and nothing waits for the humans)."""
        actor = self.actor()
        return actor is not None and self.players[actor].bot and self.summary_pending() is None

    def deciding(self) -> bool:
        """Whether the person whose hand the screen shows must decide now."""
        actor = self.actor()
        return (
            actor is not None
            and actor == self.viewer()
            and not self.players[actor].bot
            and not self.needs_cover()
            and self.summary_pending() is None
        )

    def view(self) -> PapillonView:
        """The seat view the screen shows."""
        return seat_view(self.game, self.viewer())

    # ----------------------------------------------------------------- acting

    def show_cards(self) -> None:
        """The covered human is at the screen: show their hand."""
        self.shown = self.actor()

    def dismiss_summary(self) -> None:
        """The players have read the round's summary."""
        if self.summary_pending() is not None:
            self.seen_rounds += 1

    def choices(self) -> list[int]:
        """The decisions the bar offers: those of the picked-up card, else those no hand
        card stands for (direction, partners, drawing when attacked)."""
        if not self.deciding():
            return []
        legal = self.game.legal_actions()
        if self.picked is not None:
            return [action for action in legal if self.picked in card_of(action)]
        return [action for action in legal if not card_of(action)]

    def playable_cards(self) -> set[int]:
        """The hand cards that can be picked up now."""
        if not self.deciding():
            return set()
        return {card for action in self.game.legal_actions() for card in card_of(action)}

    def human_action(self, action: str) -> None:
        """A person's click: pick up a card (``pick:E5``; done at once when it can do one
        thing only), let it go (``drop``), or a decision in notation."""
        if not self.deciding():
            raise SessionError(text("not-your-turn"))
        if action == DROP:
            self.picked = None
            return
        if action.startswith(PICK):
            try:
                card = parse_card(action.removeprefix(PICK))
            except NotationError as error:
                raise SessionError(text("not-legal-now", action=action)) from error
            if card not in self.playable_cards():
                raise SessionError(text("not-legal-now", action=card_words(card)))
            self.picked = card
            only = self.choices()
            if len(only) == 1:
                self._apply(only[0])
            return
        try:
            chosen = parse_action(action)
        except NotationError as error:
            raise SessionError(text("not-legal-now", action=action)) from error
        if chosen not in self.game.legal_actions():
            raise SessionError(text("not-legal-now", action=action))
        self._apply(chosen)

    def _apply(self, action: int) -> None:
        self.last = (self.game.current_player(), action, tuple(self.game.table))
        self.game.apply(action)
        self.picked = None
        self._changes += 1

    def bot_search(self) -> Search:
        """Start the decision of the bot to act, from its own seat view (run it in slices, then
        :meth:`finish_bot`)."""
        actor = self.actor()
        if actor is None or not self.bot_to_act():
            raise SessionError("no bot acts now")
        rng = random.Random(f"{self.game.seed}:{len(self.game.history)}")
        search = Search(seat_view(self.game, actor), rng, PAPILLON_LEVELS[self.level], PAPILLON_SEARCH)
        self._thinking = (self.state_id, search)
        return search

    def finish_bot(self) -> int:
        """Apply the decision of the search :meth:`bot_search` started."""
        if self._thinking is None or self._thinking[0] != self.state_id or not self.bot_to_act():
            raise SessionError("no bot decision is under way")
        search = self._thinking[1]
        self._thinking = None
        search.advance(search.iterations)
        action: int = search.best()
        self._apply(action)
        return action

    def hint_search(self) -> Search:
        """What the strong bot would do in the place of the person to act."""
        actor = self.actor()
        if actor is None or not self.deciding():
            raise SessionError(text("hint-not-now"))
        rng = random.Random(f"hint:{self.game.seed}:{len(self.game.history)}")
        return Search(seat_view(self.game, actor), rng, PAPILLON_PLAYOUTS, PAPILLON_SEARCH)

    def words(self, action: int) -> str:
        """An action of this game, in words."""
        return action_words(action, self.game.table, self.game.settings.yang, self.names())

    def last_play(self) -> str:
        """The last decision, in words ("Anna: Take 5 of Serpents (5 = 5)"), or ""."""
        if self.last is None:
            return ""
        player, action, table = self.last
        words = action_words(action, table, self.game.settings.yang, self.names())
        return text("pa.played", name=self.names()[player], action=words)

    def news(self) -> list[str]:
        """What a screen reader should hear since the last call (once): the last decision, a
        round's end, and that the person at the screen must decide."""
        if self._told == self._changes:
            return []
        self._told = self._changes
        sentences = [self.last_play()] if self.last is not None else []
        pending = self.summary_pending()
        if pending is not None:
            sentences.append(text(f"pa.round-over.{self.game.settings.colours[pending]}"))
        elif self.deciding():
            sentences.append(text(f"pa.task.{self.game.phase}"))
        return sentences
