"""A Farfalia table at one screen (:class:`~farfalia.ui.seating.Table`): the game, who sits where
(human or bot), whose cards the screen shows, what the page draws of it, and its saved form.
The browser layer only draws what this says and passes clicks back; everything here runs in CPython."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from json import dumps
from typing import Any, Final

from farfalia.bots.search import Level, Unsearched
from farfalia.core.errors import SaveError, SessionError
from farfalia.games.farfalia.bots.heuristic import BeginnerBot
from farfalia.games.farfalia.bots.model import FARFALIA_SEARCH, PLAYOUTS
from farfalia.games.farfalia.engine.actions import Action, Chance
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import PLAYERS, Settings
from farfalia.games.farfalia.engine.state import HandResult
from farfalia.games.farfalia.engine.views import View, seat_view
from farfalia.games.farfalia.page.announce import Narrator
from farfalia.games.farfalia.page.explain import last_trick_line
from farfalia.games.farfalia.page.render import THEME_COLOURS, render_table
from farfalia.games.farfalia.page.screens import game_over, hand_summary, score_sheet, turn_bar
from farfalia.games.farfalia.page.texts import action_text
from farfalia.games.farfalia.records.notation import format_actions, parse_actions
from farfalia.games.farfalia.records.replay import (
    check_rules_edition,
    decode_chances,
    encode,
    encode_chances,
    encode_finished_hands,
)
from farfalia.records.replay import problem
from farfalia.ui.layout import Layout
from farfalia.ui.seating import (
    PACES,
    Player,
    Table,
    clean_name,
    field_fault,
    read_choice,
    read_optional_int,
    read_players,
    read_record,
    read_typed,
    save_faults,
)
from farfalia.ui.texts import text

#: Version of the saved form; a save of another version is refused, never guessed at.
#: Format 2 is rules edition 2 (D7 revised, D12, D13); format 1 saves load unless
#: they play Double You (see :func:`farfalia.records.replay.check_rules_edition`).
SAVE_FORMAT = 2
#: The bots' levels, weakest first: the beginner, the heuristic ("quick") and the search. Strong is the default.
LEVELS: Final = {
    "beginner": Level(Unsearched(BeginnerBot()), 0),
    "quick": Level(FARFALIA_SEARCH, 0),
    "strong": Level(FARFALIA_SEARCH, PLAYOUTS),
}


class Session(Table):
    """A game of Farfalia being played at one screen."""

    levels = LEVELS
    hint_playouts = PLAYOUTS
    model = FARFALIA_SEARCH
    game: Game

    def __init__(
        self,
        settings: Settings,
        seed: int,
        players: list[Player],
        pace: str = "normal",
        actions: list[Action] | None = None,
        seen_hands: int = 0,
        level: str = "strong",
        chance: Sequence[Chance] = (),
    ) -> None:
        if len(players) != settings.players:
            raise SessionError(f"{settings.mode} seats {settings.players} players, not {len(players)}")
        if pace not in PACES:
            raise SessionError(f"unknown pace {pace!r}")
        #: Chance outcomes given instead of drawn (a scenario's deal), the rest from the seed.
        self.chance = tuple(chance)
        self.game = FARFALIA_RULES.new(settings, seed, self.chance)
        for action in actions or []:
            self.game.apply(action)
        super().__init__(players, level)
        self.pace = pace
        #: Hands whose end-of-hand summary has been dismissed.
        self.seen_hands = min(seen_hands, self.game.progress().rounds)
        #: Tells the screen reader what happens at the table.
        self.narrator = Narrator()

    # -------------------------------------------------------------- who is who

    def actor(self) -> int | None:
        """The player who decides next, or None when the game is over."""
        turn = self.game.to_act()
        return None if turn is None else turn.player

    def summary_pending(self) -> HandResult | None:
        """A finished hand whose summary the players have not dismissed yet."""
        results = self.game.state.results
        return results[self.seen_hands] if self.seen_hands < len(results) else None

    def view(self) -> View:
        """The seat view the screen may show now: with no decisions to take while
        an end-of-hand summary waits to be dismissed."""
        view = seat_view(self.game, self.viewer())
        if self.summary_pending() is not None:
            return dataclasses.replace(view, legal_actions=(), reasons={})
        return view

    # ----------------------------------------------------------------- acting

    def dismiss_summary(self) -> None:
        """The players have read the end-of-hand summary."""
        if self.summary_pending() is not None:
            self.seen_hands += 1

    def human_action(self, action: str) -> None:
        """A human's decision, refused unless that human's cards are on screen."""
        if not self.deciding():
            raise SessionError(text("not-your-turn"))
        chosen = self.game.parse(action)
        if chosen not in self.game.legal_actions():  # a click on what the screen no longer offers
            raise SessionError(text("not-legal-now", action=action_text(chosen)))
        self._apply(chosen)

    def _seat_view(self, player: int) -> View:
        return seat_view(self.game, player)

    def _apply(self, action: Action) -> None:
        self.game.apply(action)
        self._changes += 1

    # ------------------------------------------------------------------- sheets

    def score_sheet(self) -> list[list[int]]:
        """Every finished hand's points per player."""
        return [list(points) for points in self.game.round_scores()]

    # ------------------------------------------------------------------ drawing

    def draw(self, layout: Layout, theme: str, aspect: float) -> str:
        """The table from the seat view on screen."""
        return render_table(self.view(), self.names(), THEME_COLOURS[theme], layout)

    def bar(self) -> str:
        """The turn's bar: what the table waits for, the hint and the non-card decisions."""
        return turn_bar(self)

    def panel(self) -> str:
        """A finished hand's summary, or the game's end."""
        if self.summary_pending() is not None:
            return hand_summary(self)
        return game_over(self) if self.game.is_over() else ""

    def sheet(self) -> str:
        """The score sheet."""
        return score_sheet(self)

    def decision(self) -> str:
        """The decision awaited (``play``, ``pick``, ``trump``…)."""
        turn = self.game.to_act()
        return turn.decision if turn is not None else ""

    def forced_action(self, always: bool) -> str | None:
        """The one card the person may play (the hand's last, or ``always``)."""
        legal = self.game.legal_actions()
        if len(legal) != 1 or legal[0].kind != "play":
            return None
        last = len(self.game.state.tricks) == self.game.plan.tricks - 1
        return str(legal[0]) if always or last else None

    def last_trick(self) -> str:
        """The hand's last trick, card by card, read out (or that none has been played yet)."""
        return last_trick_line(self.view(), self.names())

    def action_words(self, action: Action) -> str:
        """An action of this game in words ("play 3 of fish")."""
        return action_text(action)

    def hint(self, best: Action) -> tuple[str, str]:
        """The search's best action in words, and the card or button that takes it."""
        return text("hint-is", action=self.action_words(best)), str(best)

    def share(self) -> str:
        """The whole game once over, else its finished hands only (none yet: a ReplayError)."""
        names = self.names()
        game = self.game
        return encode(game, names) if game.is_over() else encode_finished_hands(game, names)

    def news(self) -> list[str]:
        """Each card played and trick won since the last call, a new hand, whose turn it is."""
        deciding = self.deciding()
        return self.narrator.news(self.game, self.viewer(), self.names(), self.actor() if deciding else None)

    def label(self) -> str:
        """The mode, and the hand under way of how many ("Farfalia for four (partners), hand 2 of 4")."""
        settings, number = self.game.settings, self.game.progress().rounds + 1
        mode = text(f"mode.{settings.mode}")
        total = settings.total_hands
        if total is None:
            return text("resume-label-target", mode=mode, number=number)
        return text("resume-label", mode=mode, number=min(number, total), total=total)

    # -------------------------------------------------------------------- saves

    def to_save(self) -> str:
        """The session as versioned JSON text (settings, seed, players, actions)."""
        return dumps(self.to_record())

    def to_record(self) -> dict[str, Any]:
        """The save's fields (:meth:`to_save` writes them as JSON)."""
        settings = self.game.settings
        return {
            "format": SAVE_FORMAT,
            "mode": settings.mode,
            "variants": sorted(settings.variants),
            "first_dealer": settings.first_dealer,
            "hands": settings.hands,
            "target": settings.target,
            "seed": self.game.seed,
            "players": [p.record() for p in self.players],
            "pace": self.pace,
            "level": self.level,
            "actions": format_actions(self.game.actions),
            "seen_hands": self.seen_hands,
            "shown": self.shown,
            "chance": encode_chances(self.chance),
        }

    @classmethod
    def from_save(cls, text_: str) -> Session:
        """Rebuild a session from :meth:`to_save`'s text; anything malformed,
        from another format version, or replaying illegally raises a
        :class:`~farfalia.core.errors.FarfaliaError` subclass."""
        return cls.from_record(read_record(text_))

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Session:
        """Rebuild a session from a save's fields (see :meth:`from_save`)."""
        if data.get("format") not in (1, SAVE_FORMAT):
            raise SaveError(problem("save-format", found=repr(data.get("format"))))
        with save_faults():
            settings = Settings(
                read_typed(data, "mode", str),
                frozenset(read_typed(data, "variants", list)),
                read_optional_int(data, "first_dealer"),
                read_optional_int(data, "hands"),
                read_optional_int(data, "target"),
            )
            check_rules_edition(data["format"], settings)
            players = read_players(data, settings.players)
            pace, level = read_choice(data, "pace", PACES, None), read_choice(data, "level", LEVELS, "strong")
            seed, seen_hands = read_typed(data, "seed", int), read_typed(data, "seen_hands", int)
            if seen_hands < 0:
                raise field_fault("seen_hands")
            moves, chance = parse_actions(read_typed(data, "actions", str)), decode_chances(data.get("chance") or "")
            session = cls(settings, seed, players, pace, moves, seen_hands, level, chance)
        session.restore_shown(data.get("shown"))
        return session


def new_session(
    mode: str,
    variants: frozenset[str],
    players: list[Player],
    seed: int,
    first_dealer: int | None,
    pace: str,
    level: str = "strong",
) -> Session:
    """A fresh game from the start screen's choices."""
    names = [clean_name(p.name, k) for k, p in enumerate(players)]
    seated = [Player(name, p.bot) for name, p in zip(names, players, strict=True)]
    return Session(Settings(mode, variants, first_dealer), seed, seated[: PLAYERS[mode]], pace, level=level)
