"""A Papillon table at one screen: the game, who sits where (human or bot), whose hand the
screen shows (hot seat), the card a person has picked up and the choices it offers, and the
words for all of it. The browser layer draws what this says; everything runs in CPython.

A person decides by picking up a hand card: when it can do one thing only, that is done;
otherwise the bar offers every capture or placement it makes, with the arithmetic of each
capture ("22 − 10 = 12"), and the orange layout marks the places it may go.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import Any, Final

from farfalia.bots.papillon import PAPILLON_PLAYOUTS, PAPILLON_SEARCH, ranked
from farfalia.engine.cards import cards_of
from farfalia.engine.errors import NotationError, ReplayError, SaveError, SessionError
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
    PapillonChance,
    PapillonGame,
    action_name,
    blue_masks,
    parse_action,
    split_blue,
    split_orange,
)
from farfalia.engine.papillon.rules import PapillonSettings
from farfalia.engine.papillon.views import PAPILLON as PAPILLON_RULES
from farfalia.engine.papillon.views import PapillonView, at_round_end, seat_view
from farfalia.records.papillon_replay import chance_text, read_chance
from farfalia.records.replay import problem
from farfalia.ui.announce import MAX_TOLD
from farfalia.ui.session import (
    PACES,
    Player,
    Seating,
    Session,
    read_choice,
    read_players,
    read_record,
    read_typed,
    save_faults,
)
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
#: Version of Papillon's saved form (a save of another version is refused, never guessed at).
PAPILLON_SAVE_FORMAT: Final = 1
#: The settings a save holds, by name (every field of :class:`PapillonSettings`).
PAPILLON_SETTINGS: Final = tuple(field.name for field in dataclasses.fields(PapillonSettings))
#: Plays offered as buttons at most, where there are more (a blue table that discards have filled
#: offers thousands with one card): the heuristic's likeliest; a real game's table rarely offers 40.
MOST_OFFERED: Final = 40
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


def play_words(play: tuple[int, int, tuple[int, ...]], yang: int, names: Sequence[str]) -> str:
    """A decision taken, ``(player, action, table before it)``, told as it happened: "Anna plays 5
    of Formes and takes 5 of Serpents (5 = 5)."."""
    player, action, table = play
    return action_words(action, table, yang, names, by=names[player])


def action_words(
    action: int, table: Sequence[int], yang: int, names: Sequence[str], played: bool = False, by: str | None = None
) -> str:
    """What ``action`` does, in words (a capture with its arithmetic; with ``played``, with the
    cards it plays too: for a hint, where no card has been picked); told as taken ``by`` a player
    ("Anna lays …"), with the cards it plays."""

    def words(key: str, **fields: object) -> str:
        return text(f"pa.{key}", **fields) if by is None else text(f"pa.told.{key}", name=by, **fields)

    if action in (CLOCKWISE, COUNTERCLOCKWISE):
        return words("clockwise" if action == CLOCKWISE else "counterclockwise")
    if action == TAKE_ATTACK:
        return words("draw-three")
    if action < ORANGE_MOVES:
        chosen = [names[seat] for seat in range(len(names)) if (action - PARTNERS) >> seat & 1]
        return words("partners", names=join_names(chosen))
    if action < BLUE_MOVES:
        card, place, number = split_orange(action)
        if number != NO_NUMBER:
            return words("place-as", card=card_words(card), number=number, place=place_words(place))
        return words("place", card=card_words(card), place=place_words(place))
    capture = split_blue(action)
    played_cards = " + ".join(card_words(card) for card in sorted(capture.played))
    if capture.played == {CHRYSALIDE}:
        return words("chrysalide")
    if not capture.taken:
        return words("lay", card=played_cards)
    taken = ", ".join(card_words(card) for card in sorted(capture.taken))
    if PAPILLON in capture.played:
        return words("papillon-takes", cards=taken)
    if played or by is not None:
        return words("play-take", played=played_cards, cards=taken, equation=equation(capture, table, yang))
    return words("take", cards=taken, equation=equation(capture, table, yang))


def offered(game: PapillonGame, actions: Sequence[int]) -> Sequence[int]:
    """Of ``actions`` (the player to act's), those to offer as buttons: all, or, where there are
    more than :data:`MOST_OFFERED`, the heuristic's likeliest first (it sees the actor's seat)."""
    if len(actions) <= MOST_OFFERED:
        return actions
    return ranked(seat_view(game, game.current), MOST_OFFERED, actions)


def papillon_hint_target(action: int, picked: int | None = None) -> str:
    """What the page marks for a hint: the hand card the action plays, else (a table's
    decision, or the card already ``picked`` up) its button."""
    cards = card_of(action)
    return PICK + card_name(cards[0]) if cards and cards[0] != picked else action_name(action)


def card_of(action: int) -> tuple[int, ...]:
    """The hand cards an action plays (none for the table's decisions)."""
    if action >= BLUE_MOVES:
        return tuple(cards_of(blue_masks(action)[0]))
    if action >= ORANGE_MOVES:
        return (split_orange(action)[0],)
    return ()


class PapillonSession(Seating):
    """A game of Papillon being played at one screen."""

    levels = PAPILLON_LEVELS
    hint_playouts = PAPILLON_PLAYOUTS
    model = PAPILLON_SEARCH
    game: PapillonGame

    def __init__(
        self,
        settings: PapillonSettings,
        seed: int,
        players: list[Player],
        pace: str = "normal",
        level: str = "strong",
        actions: Sequence[int | str] = (),
        chance: Sequence[PapillonChance] = (),
    ) -> None:
        """``chance``: outcomes to use before drawing from ``seed`` (a game played on from a
        replay whose shuffles and rolls are written out)."""
        if len(players) != settings.players:
            raise SessionError(f"Papillon {settings.players} seats {settings.players} players, not {len(players)}")
        if pace not in PACES:
            raise SessionError(f"unknown pace {pace!r}")
        self.game = PapillonGame.replay(settings, seed, actions, chance)
        super().__init__(players, level)
        self.pace = pace
        #: Rounds whose summary has been dismissed.
        self.seen_rounds = len(self.game.round_scores())
        #: The hand card picked up, whose choices the bar offers.
        self.picked: int | None = None
        #: The last decision: who took it, the action, and the blue table it was taken on.
        self.last: tuple[int, int, tuple[int, ...]] | None = None
        #: The decisions made since :meth:`news` last told them, like :attr:`last`.
        self._untold: list[tuple[int, int, tuple[int, ...]]] = []
        self._told = 0
        #: The hand on screen when the news last told it: whose, and its cards.
        self._told_hand: tuple[int, Counter[int]] | None = None
        #: :meth:`choices` at a state and picked card.
        self._choices: tuple[tuple[int, int | None], list[int]] = ((-1, None), [])
        #: Whether an undo is allowed, for the game's changes and the actions it takes back.
        self._undo_checked: tuple[tuple[int, int] | None, bool] = (None, False)

    # -------------------------------------------------------------- who is who

    def actor(self) -> int | None:
        """The player who decides next, or None (the game is over)."""
        player = self.game.current_player()
        return player if player >= 0 else None

    def summary_pending(self) -> int | None:
        """A finished round whose summary the players have not dismissed yet."""
        return self.seen_rounds if self.seen_rounds < len(self.game.round_scores()) else None

    def view(self) -> PapillonView:
        """The seat view the screen shows: under a round's summary, the table as the round
        left it (not the next round, which at two players is dealt at once)."""
        pending = self.summary_pending()
        if pending is None:
            return seat_view(self.game, self.viewer())
        return at_round_end(seat_view(self.game.between_rounds(), self.viewer()), pending)

    # ----------------------------------------------------------------- acting

    def dismiss_summary(self) -> None:
        """The players have read the round's summary: the next round's bar starts without
        the last round's last play."""
        if self.summary_pending() is not None:
            self.seen_rounds += 1
            self.last = None

    def choices(self) -> list[int]:
        """The decisions the bar offers: those of the picked-up card, else those no hand
        card stands for (direction, partners, drawing when attacked); found once a state
        and picked card (a card may have thousands, among 100,000 captures)."""
        if not self.deciding():
            return []
        if self._choices[0] != (self._changes, self.picked):
            self._choices = ((self._changes, self.picked), self._find_choices())
        return self._choices[1]

    def _find_choices(self) -> list[int]:
        legal, picked = self.game.offered_actions(), self.picked
        if picked is None:  # the lowest actions (a blue table offers thousands of others)
            return legal[: bisect_left(legal, ORANGE_MOVES)]
        if self.game.phase == "blue":
            return [action for action in legal if blue_masks(action)[0] >> picked & 1]
        return [action for action in legal if picked in card_of(action)]

    def playable_cards(self) -> set[int]:
        """The hand cards that can be picked up now."""
        if not self.deciding():
            return set()
        game = self.game
        if game.phase == "blue" and not game.settings.forced_capture:  # any card can go (P-R18, P-D17, P-D18)
            return set(game.hands[game.current])
        legal = game.offered_actions()  # at a crowded table, some captures of every card that captures
        if game.phase == "blue":  # every card played, from one mask (there may be thousands of captures)
            return set(cards_of(reduce(or_, (blue_masks(action)[0] for action in legal), 0)))
        return {card for action in legal for card in card_of(action)}

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
        if self.game.why_illegal(chosen) is not None:
            raise SessionError(text("not-legal-now", action=action))
        self._apply(chosen)

    def _apply(self, action: int) -> None:
        self.last = (self.game.current_player(), action, tuple(self.game.table))
        self._untold.append(self.last)
        self.game.apply(action)
        self.picked = None
        self._changes += 1

    def undo(self) -> int:
        """Take back the person's last decision and every bot decision after it."""
        back = super().undo()
        self.picked, self.last, self._told_hand = None, None, None  # (a card back in the hand is not new)
        self._untold.clear()
        return back

    def _take_back(self, count: int) -> None:
        """One replay to ``count`` actions before (cheaper than undoing them one by one)."""
        self.game = self._before(count)

    def _before(self, count: int) -> PapillonGame:
        game = self.game
        return PapillonGame.replay(game.settings, game.seed, game.actions[:-count], game.given_chance)

    def _last_decision_of(self, player: int) -> int | None:
        """As a table's, while no card has come to ``player``'s hand since (a deal, a draw: the deck
        replays as it was dealt, so an undo would let him play again knowing it; P-E18)."""
        back = super()._last_decision_of(player)
        if back is None:
            return None
        if self._undo_checked[0] != (self._changes, back):
            hand = Counter(self._before(back).hands[player])
            self._undo_checked = ((self._changes, back), not Counter(self.game.hands[player]) - hand)
        return back if self._undo_checked[1] else None

    def _seat_view(self, player: int) -> PapillonView:
        return seat_view(self.game, player)

    # -------------------------------------------------------------------- saves

    def to_record(self) -> dict[str, Any]:
        """The save's fields: the game, its settings, seed and actions (notation), who plays."""
        settings = self.game.settings
        return {
            "format": PAPILLON_SAVE_FORMAT,
            "game": PAPILLON_RULES.name,
            "settings": dataclasses.asdict(settings),
            "seed": self.game.seed,
            "players": [{"name": player.name, "bot": player.bot} for player in self.players],
            "pace": self.pace,
            "level": self.level,
            "actions": " ".join(action_name(action) for action in self.game.actions),
            "chance": chance_text(self.game.given_chance),
            "seen_rounds": self.seen_rounds,
            "shown": self.shown,
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> PapillonSession:
        """Rebuild a table from :meth:`to_record`'s fields; anything malformed, of another
        format, or replaying illegally raises a :class:`~farfalia.engine.errors.FarfaliaError`."""
        if data.get("format") != PAPILLON_SAVE_FORMAT or data.get("game") != PAPILLON_RULES.name:
            raise SaveError(problem("save-format", found=repr(data.get("format"))))
        with save_faults():
            fields = read_typed(data, "settings", dict)
            usual = PapillonSettings()
            settings = PapillonSettings(
                **{key: read_typed(fields, key, type(getattr(usual, key))) for key in PAPILLON_SETTINGS}
            )
            players = read_players(data, settings.players)
            pace = read_choice(data, "pace", PACES, None)
            level = read_choice(data, "level", PAPILLON_LEVELS, "strong")
            actions = [parse_action(word) for word in read_typed(data, "actions", str).split()]
            chance = _read_chance(read_typed(data, "chance", str)) if "chance" in data else ()
            session = cls(settings, read_typed(data, "seed", int), players, pace, level, actions, chance)
            session.seen_rounds = min(max(0, read_typed(data, "seen_rounds", int)), session.seen_rounds)
        session.restore_shown(data.get("shown"))
        return session

    def words(self, action: int, played: bool = False) -> str:
        """An action of this game, in words (with ``played``, naming the cards it plays)."""
        return action_words(action, self.game.table, self.game.settings.yang, self.names(), played)

    def last_play(self) -> str:
        """The last decision, told as it happened ("Anna plays 5 of Formes and takes 5 of Serpents
        (5 = 5)."), or ""."""
        return "" if self.last is None else play_words(self.last, self.game.settings.yang, self.names())

    def news(self) -> list[str]:
        """What a screen reader should hear since the last call (once): each decision taken
        since (the last :data:`MAX_TOLD` of them), a round's end, and that the person at the
        screen must decide."""
        if self._told == self._changes:
            return []
        self._told = self._changes
        yang, names = self.game.settings.yang, self.names()
        sentences = [play_words(play, yang, names) for play in self._untold[-MAX_TOLD:]]
        self._untold.clear()
        sentences += self._new_cards()
        pending = self.summary_pending()
        if pending is not None:
            sentences.append(text(f"pa.round-over.{self.game.settings.colours[pending]}"))
        elif self.deciding():
            sentences.append(self.task())
        return sentences

    def _new_cards(self) -> list[str]:
        """The cards come to the hand on screen since it was last told (a deal, a draw), named:
        a screen shows them, a screen reader's user would have to look for them. Not across a
        change of the person at a shared screen, nor under its cover."""
        viewer = self.viewer()
        hand = Counter(self.game.hands[viewer])
        told, self._told_hand = self._told_hand, (viewer, hand)
        if told is None or told[0] != viewer or self.needs_cover():
            return []
        new = sorted((hand - told[1]).elements())
        return [text("pa.new-cards", cards=", ".join(card_words(card) for card in new))] if new else []

    def task(self) -> str:
        """What the person to decide is asked, in words (an attacked player with no Papillon is
        told he has one answer)."""
        return text("pa.task.attacked-forced" if self.game.draw_forced else f"pa.task.{self.game.phase}")


def _read_chance(text_: str) -> tuple[PapillonChance, ...]:
    try:
        return read_chance(text_)
    except ReplayError as error:  # written as a replay's: a save's deals that cannot be read
        raise SaveError(problem("save-moves")) from error


def load_save(text_: str) -> Session | PapillonSession:
    """The table a save holds, of either game (its ``game`` field names Papillon's; Farfalia's
    saves, older, have none); anything else raises a :class:`~farfalia.engine.errors.SaveError`."""
    data = read_record(text_)
    if "game" not in data:
        return Session.from_record(data)
    if data["game"] != PAPILLON_RULES.name:
        raise SaveError(problem("save-game", game=repr(data["game"])[:24]))
    return PapillonSession.from_record(data)
