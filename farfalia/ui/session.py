"""One table's session: the game, who sits where (human or bot), whose cards
the screen shows, and the saved form of it all. The browser layer only draws
what this says and passes clicks back; everything here runs in CPython."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from json import dumps
from typing import Any, ClassVar

from farfalia.bots.search import FARFALIA_SEARCH, PLAYOUTS, Search, SearchModel
from farfalia.engine.actions import Action, Chance
from farfalia.engine.definition import FARFALIA
from farfalia.engine.errors import FarfaliaError, IllegalActionError, NotationError, SaveError, SessionError
from farfalia.engine.game import Game
from farfalia.engine.interface import Play
from farfalia.engine.rules import PLAYERS, Settings
from farfalia.engine.state import HandResult
from farfalia.engine.views import View, seat_view
from farfalia.records.notation import format_actions, parse_actions
from farfalia.records.replay import (
    MAX_NAME,
    check_rules_edition,
    decode_chances,
    encode_chances,
    name_character,
    problem,
)
from farfalia.ui.saves import parse_stored
from farfalia.ui.texts import action_text, card_text, family_text, points_text, text

#: Version of the saved form; a save of another version is refused, never guessed at.
#: Format 2 is rules edition 2 (D7 revised, D12, D13); format 1 saves load unless
#: they play Double You (see :func:`farfalia.records.replay.check_rules_edition`).
SAVE_FORMAT = 2
#: Milliseconds between two bot decisions at each pace.
PACES = {"slow": 1400, "normal": 700, "fast": 250, "instant": 0}
#: The bots' levels: search playouts a decision (none: the heuristic alone). Strong is the default.
LEVELS = {"strong": PLAYOUTS, "quick": 0}


@dataclass(frozen=True)
class Player:
    """A place at the table: a name, and whether a bot plays it."""

    name: str
    bot: bool


class Seating:
    """Who sits where at one screen, for a session of either game: the players (human or
    bot), whose cards the screen shows (hot seat), and who must decide. A session says who
    acts next (:meth:`actor`) and whether a round's summary waits (:meth:`summary_pending`)."""

    #: The bots' levels: search playouts a decision (none: the heuristic alone).
    levels: ClassVar[Mapping[str, int]] = LEVELS
    #: The search's playouts for a hint, and the game's model for it.
    hint_playouts: ClassVar[int] = PLAYOUTS
    model: ClassVar[SearchModel] = FARFALIA_SEARCH
    game: Play

    def __init__(self, players: list[Player], level: str) -> None:
        if level not in self.levels:
            raise SessionError(f"unknown bot level {level!r}")
        self.players = players
        self.level = level
        humans = self.humans()
        #: The human whose cards the screen shows (hot seat: after "show my cards").
        self.shown: int | None = humans[0] if len(humans) == 1 else None
        #: The bot search under way and the state id it was started at.
        self._thinking: tuple[int, Search] | None = None
        self._changes = 0

    @property
    def state_id(self) -> int:
        """Changes whenever the game does (undo included): a search started at another
        state id is stale."""
        return self._changes

    def actor(self) -> int | None:
        """The player who decides next, or None when the game is over."""
        raise NotImplementedError

    def summary_pending(self) -> object | None:
        """A finished round whose summary the players have not dismissed yet, or None."""
        raise NotImplementedError

    def humans(self) -> list[int]:
        """The players humans play."""
        return [p for p, player in enumerate(self.players) if not player.bot]

    def names(self) -> list[str]:
        """Every player's name."""
        return [player.name for player in self.players]

    def needs_cover(self) -> bool:
        """Hot seat: a human must act whose cards are not on screen, so the screen
        hides everything until that human asks to see them."""
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
        """Whether the person whose cards the screen shows must decide now."""
        actor = self.actor()
        return (
            actor is not None
            and not self.players[actor].bot
            and not self.needs_cover()
            and (self.summary_pending() is None)
        )

    def show_cards(self) -> None:
        """The covered human is at the screen: show their cards."""
        self.shown = self.actor()

    def restore_shown(self, shown: object) -> None:
        """A save's ``shown``: whose cards were on screen, if that is a human's seat."""
        if isinstance(shown, int) and not isinstance(shown, bool) and shown in self.humans():
            self.shown = shown

    # ------------------------------------------------------------------- undo

    def can_undo(self) -> bool:
        """Whether a human may take back their last decision: in a game against bots
        (never in hot seat), within the round (hand) being played, nothing else awaited."""
        humans = self.humans()
        if len(humans) != 1 or self.summary_pending() is not None or self.game.is_over():
            return False
        return self._last_decision_of(humans[0]) is not None

    def _last_decision_of(self, player: int) -> int | None:
        """How many actions back ``player``'s last decision of this round lies, or None."""
        rounds = self.game.progress().rounds
        for back, (actor, hand) in enumerate(reversed(self.game.decisions()), 1):
            if hand != rounds:
                return None
            if actor == player:
                return back
        return None

    def undo(self) -> int:
        """Take back the human's last decision and every bot decision after it; the
        chance outcomes replay as they were dealt, so no hidden card changes."""
        humans = self.humans()
        back = self._last_decision_of(humans[0]) if len(humans) == 1 else None
        if back is None or not self.can_undo():
            raise SessionError(text("nothing-to-undo"))
        self._take_back(back)
        self._thinking = None
        self._changes += 1
        return back

    def _take_back(self, count: int) -> None:
        """Take back the game's last ``count`` actions."""
        for _ in range(count):
            self.game.undo()

    # ------------------------------------------------------------------- bots

    def bot_search(self) -> Search:
        """Start the decision of the bot to act, from its own seat view: the caller
        runs the search (in slices, in the page), then calls :meth:`finish_bot`."""
        actor = self.actor()
        if actor is None or not self.bot_to_act():
            raise SessionError("no bot acts now")
        rng = random.Random(f"{self.game.seed}:{len(self.game.history)}")
        search = Search(self._seat_view(actor), rng, self.levels[self.level], self.model)
        self._thinking = (self.state_id, search)
        return search

    def finish_bot(self) -> Any:
        """Apply the decision of the search :meth:`bot_search` started (finishing it if need be)."""
        if self._thinking is None or self._thinking[0] != self.state_id or not self.bot_to_act():
            raise SessionError("no bot decision is under way")
        search = self._thinking[1]
        self._thinking = None
        search.complete()
        action = search.best()
        self._apply(action)
        return action

    def bot_action(self) -> Any:
        """Let the bot to act decide from its own seat view, and apply its decision."""
        self.bot_search()
        return self.finish_bot()

    def hint_search(self) -> Search:
        """What the strong bot would do in the place of the person to act (a search to run, then read)."""
        actor = self.actor()
        if actor is None or not self.deciding():
            raise SessionError(text("hint-not-now"))
        rng = random.Random(f"hint:{self.game.seed}:{len(self.game.history)}")
        return Search(self._seat_view(actor), rng, self.hint_playouts, self.model)

    def _seat_view(self, player: int) -> Any:
        """``player``'s seat view, all a bot of theirs may see."""
        raise NotImplementedError

    def _apply(self, action: Any) -> None:
        """Apply a decision taken at the table."""
        raise NotImplementedError


class Session(Seating):
    """A game being played at one screen."""

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
        self.game = FARFALIA.new(settings, seed, self.chance)
        for action in actions or []:
            self.game.apply(action)
        super().__init__(players, level)
        self.pace = pace
        #: Hands whose end-of-hand summary has been dismissed.
        self.seen_hands = min(seen_hands, self.game.progress().rounds)

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

    def human_action(self, action: Action | str) -> None:
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
            "players": [{"name": p.name, "bot": p.bot} for p in self.players],
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
        :class:`~farfalia.engine.errors.FarfaliaError` subclass."""
        return cls.from_record(read_record(text_))

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Session:
        """Rebuild a session from a save's fields (see :meth:`from_save`)."""
        if data.get("format") not in (1, SAVE_FORMAT) or "game" in data:
            raise SaveError(problem("save-format", found=repr(data.get("format"))))
        with save_faults():
            settings = Settings(
                read_typed(data, "mode", str),
                frozenset(read_typed(data, "variants", list)),
                _optional_int(data, "first_dealer"),
                _optional_int(data, "hands"),
                _optional_int(data, "target"),
            )
            check_rules_edition(data["format"], settings)
            players = read_players(data, settings.players)
            pace, level = read_choice(data, "pace", PACES, None), read_choice(data, "level", LEVELS, "strong")
            seed, seen_hands = read_typed(data, "seed", int), read_typed(data, "seen_hands", int)
            if seen_hands < 0:
                raise _field_fault("seen_hands")
            moves, chance = parse_actions(read_typed(data, "actions", str)), decode_chances(data.get("chance") or "")
            session = cls(settings, seed, players, pace, moves, seen_hands, level, chance)
        session.restore_shown(data.get("shown"))
        return session


def read_record(text_: str) -> dict[str, Any]:
    """A save's fields as JSON reads them; :class:`SaveError` when it is no JSON object."""
    data = parse_stored(text_)
    if not isinstance(data, dict):
        raise SaveError(problem("save-format", found=repr(None)))
    return data


@contextmanager
def save_faults() -> Iterator[None]:
    """Whatever goes wrong while a session is rebuilt from a save's fields, as a
    :class:`SaveError` that says which kind of fault it is."""
    try:
        yield
    except (NotationError, IllegalActionError) as error:  # the moves, or the deals, break the rules
        raise SaveError(problem("save-moves")) from error
    except FarfaliaError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, OverflowError, RecursionError) as error:
        raise SaveError(problem("save-malformed", kind=type(error).__name__)) from error


def side_lines(result: HandResult, names: list[str]) -> list[str]:
    """One line per side of a finished hand: who, the cards they collected
    against the proposal, and the points."""
    plan = result.plan
    lines = []
    for side in sorted(set(plan.sides)):
        players = [
            s for s, k, dummy in zip(plan.seats, plan.sides, plan.dummies, strict=True) if k == side and not dummy
        ]
        who = ", ".join(names[p] + (f" ({text('doubled')})" if result.doubled[p] else "") for p in players)
        cards = [c for row, k in zip(result.collections, plan.sides, strict=True) if k == side for c in row]
        collected = "; ".join(card_text(c) for c in cards) or text("nothing")
        points = result.side_points[side]
        lines.append(text("side-collected", names=who, count=len(cards), cards=collected, points=points_text(points)))
    return lines


def proposal_line(result: HandResult) -> str:
    """The hand's proposal, family by family."""
    return text("proposal-was", families=", ".join(family_text(f) for f in result.proposal))


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


def clean_name(name: str, index: int) -> str:
    """A player's name as typed, trimmed to :data:`MAX_NAME` characters of those a replay may carry
    (never empty)."""
    cleaned = " ".join("".join(filter(name_character, name)).split())[:MAX_NAME]
    return cleaned or text("default-name", number=index + 1)


def _field_fault(key: str) -> SaveError:
    return SaveError(problem("save-field", field=repr(key)))


def read_typed(data: dict[str, Any], key: str, kind: type) -> Any:
    """A save's field ``key``, which must be a ``kind`` (a bool is no int)."""
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _field_fault(key)
    return value


def _optional_int(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise _field_fault(key)
    return value


def read_choice(data: dict[str, Any], key: str, choices: Mapping[str, int], default: str | None) -> str:
    """A field naming one of ``choices`` (``default`` where it may be missing)."""
    value = data.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise _field_fault(key)
    return value


def read_players(data: dict[str, Any], count: int) -> list[Player]:
    """A save's ``players``: ``count`` of them, each a name and whether a bot plays."""
    players = [_player(entry) for entry in read_typed(data, "players", list)]
    if len(players) != count:
        raise _field_fault("players")
    return players


def _player(entry: Any) -> Player:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not isinstance(entry.get("bot"), bool):
        raise _field_fault("players")
    return Player(clean_name(entry["name"], 0), entry["bot"])
