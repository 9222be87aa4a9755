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

from farfalia.bots.search import Level, Unsearched
from farfalia.core.codes import bits_of
from farfalia.core.errors import NotationError, ReplayError, SaveError, SessionError
from farfalia.games.papillon.bots.heuristic import PapillonBeginnerBot
from farfalia.games.papillon.bots.model import PAPILLON_PLAYOUTS, PAPILLON_SEARCH
from farfalia.games.papillon.engine.cards import card_name, parse_card
from farfalia.games.papillon.engine.game import (
    ORANGE_MOVES,
    PapillonChance,
    PapillonGame,
    action_name,
    blue_masks,
    parse_action,
)
from farfalia.games.papillon.engine.rules import PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES, PapillonView, at_round_end, seat_view
from farfalia.games.papillon.page.render import render_papillon
from farfalia.games.papillon.page.screens import (
    papillon_bar,
    papillon_over,
    papillon_round_over,
    papillon_sheet,
    table_choices,
)
from farfalia.games.papillon.page.words import (
    DROP,
    PICK,
    LastPlay,
    action_words,
    card_of,
    card_words,
    papillon_hint_target,
    play_words,
)
from farfalia.games.papillon.records.replay import chance_text, encode_finished_rounds, encode_papillon, read_chance
from farfalia.records.replay import problem
from farfalia.ui.layout import Layout
from farfalia.ui.seating import (
    MAX_TOLD,
    PACES,
    Player,
    Table,
    read_choice,
    read_players,
    read_typed,
    save_faults,
)
from farfalia.ui.texts import text

#: The bots' levels, weakest first: the beginner, the heuristic ("quick") and the search.
PAPILLON_LEVELS: Final = {
    "beginner": Level(Unsearched(PapillonBeginnerBot()), 0),
    "quick": Level(PAPILLON_SEARCH, 0),
    "strong": Level(PAPILLON_SEARCH, PAPILLON_PLAYOUTS),
}
#: Version of Papillon's saved form (a save of another version is refused, never guessed at).
PAPILLON_SAVE_FORMAT: Final = 1
#: The settings a save holds, by name (every field of :class:`PapillonSettings`).
PAPILLON_SETTINGS: Final = tuple(field.name for field in dataclasses.fields(PapillonSettings))


class PapillonSession(Table):
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
            raise SessionError(f"this Papillon game seats {settings.players} players, not {len(players)}")
        if pace not in PACES:
            raise SessionError(f"unknown pace {pace!r}")
        self.game, last = _seated(settings, seed, actions, chance)
        super().__init__(players, level)
        self.pace = pace
        #: Rounds whose summary has been dismissed.
        self.seen_rounds = len(self.game.round_scores())
        #: The hand card picked up, whose choices the bar offers.
        self.picked_card: int | None = None
        #: The round's last decision (its player, the blue table it was taken on, the attack it answered).
        self.last: LastPlay | None = last
        #: Whether :attr:`last` was played at this table (the page's motion sends its cards), not
        #: found in the record the table was seated from.
        self.last_played_here = False
        #: The decisions made since :meth:`news` last told them, like :attr:`last`.
        self._untold: list[LastPlay] = []
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
        if self._choices[0] != (self._changes, self.picked_card):
            self._choices = ((self._changes, self.picked_card), self._find_choices())
        return self._choices[1]

    def _find_choices(self) -> list[int]:
        legal, picked = self.game.offered_actions(), self.picked_card
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
            return set(bits_of(reduce(or_, (blue_masks(action)[0] for action in legal), 0)))
        return {card for action in legal for card in card_of(action)}

    def human_action(self, action: str) -> None:
        """A person's click: pick up a card (``pick:E5``; done at once when it can do one
        thing only), let it go (``drop``), or a decision in notation."""
        if not self.deciding():
            raise SessionError(text("not-your-turn"))
        if action == DROP:
            self.picked_card = None
            return
        if action.startswith(PICK):
            try:
                card = parse_card(action.removeprefix(PICK))
            except NotationError as error:
                raise SessionError(text("not-legal-now", action=action)) from error
            if card not in self.playable_cards():
                raise SessionError(text("not-legal-now", action=card_words(card)))
            self.picked_card = card
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
        last = LastPlay.before(self.game, action)  # read from the table the action changes
        self.game.apply(action)  # an action refused leaves nothing told nor marked
        self.last, self.last_played_here = last, True
        self._untold.append(last)
        self.picked_card = None
        self._changes += 1

    def _take_back(self, count: int) -> None:
        """One replay to ``count`` actions before (cheaper than undoing them one by one): the last
        play is the one before them (the table marks it, the bar tells it, as they did then), no
        card is picked up, and none is new in the hand (a card back in the hand is not)."""
        game = self.game
        self.game, self.last = _seated(game.settings, game.seed, game.actions[:-count], game.given_chance)
        self.last_played_here = False
        self.picked_card, self._told_hand = None, None
        self._untold.clear()

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
            "players": [player.record() for player in self.players],
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
        format, or replaying illegally raises a :class:`~farfalia.core.errors.FarfaliaError`."""
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

    # ------------------------------------------------------------------ drawing

    def draw(self, layout: Layout, theme: str, aspect: float) -> str:
        """The table from the seat view on screen, the picked-up card's targets marked (one theme:
        Papillon's cards have their own colours)."""
        return render_papillon(self.view(), self.names(), layout, table_choices(self), aspect=aspect, last=self.last,
                               moved=self.last_played_here)  # fmt: skip

    def bar(self) -> str:
        """What the table waits for, the hint, and the picked-up card's choices."""
        return papillon_bar(self)

    def panel(self) -> str:
        """A finished round's summary, or the game's end."""
        if self.summary_pending() is not None:
            return papillon_round_over(self)
        return papillon_over(self) if self.game.is_over() else ""

    def sheet(self) -> str:
        """The score sheet, round by round."""
        return papillon_sheet(self)

    def decision(self) -> str:
        """The phase a person decides in (``blue``, ``orange``, ``attacked``…), "" at the end."""
        return self.game.phase if self.actor() is not None else ""

    def picked(self) -> str:
        """The card picked up, in notation ("" if none)."""
        return card_name(self.picked_card) if self.picked_card is not None else ""

    def forced_action(self, always: bool) -> str | None:
        """The one action allowed (a card, an attacked player's draw), where it is the hand's last
        card or ``always``."""
        actor = self.actor()
        if actor is None:
            return None
        forced = self.game.offered_actions()
        last = len(self.game.hands[actor]) == 1
        return action_name(forced[0]) if len(forced) == 1 and (always or last) else None

    def hint(self, best: int) -> tuple[str, str]:
        """The search's best action in words (with the cards it plays), and the hand card to pick
        up, or the button to press."""
        return text("hint-is", action=self.action_words(best)), papillon_hint_target(best, self.picked_card)

    def share(self) -> str:
        """The whole game once over, else its finished rounds (none yet: a ReplayError)."""
        game, names = self.game, self.names()
        return encode_papillon(game, names) if game.is_over() else encode_finished_rounds(game, names)

    def label(self) -> str:
        """The table and the round under way ("Papillon for 3: the blue round")."""
        return text(f"pa.resume-label.{self.game.colour}", players=self.game.players)

    def action_words(self, action: int) -> str:
        """An action of this game in words, naming the cards it plays ("capture 5 + 6 with 11")."""
        return self.words(action, played=True)

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


def _seated(
    settings: PapillonSettings, seed: int, actions: Sequence[int | str], chance: Sequence[PapillonChance]
) -> tuple[PapillonGame, LastPlay | None]:
    """The game after ``actions`` (a table seated from a record: a saved game resumed, moves taken
    back, a reviewed mistake), and its last decision as a table marks and tells it: None where the
    round under way has none yet."""
    game = PapillonGame.replay(settings, seed, actions[:-1], chance)
    if not actions:
        return game, None
    game.draw_left_out(actions[-1])
    action = actions[-1] if isinstance(actions[-1], int) else parse_action(actions[-1])
    last = LastPlay.before(game, action)
    game.apply(action)
    return game, last if game.decisions()[-1][1] == game.round_index else None
