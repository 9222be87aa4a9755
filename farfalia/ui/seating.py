"""A game at one screen, whatever the game: who sits where (human or bot), whose cards the screen
shows (hot seat), who must decide, the bots' searches, undo, and what the page draws of it
(:class:`Table`). Each game's session implements :class:`Table`; the controller talks to it alone.
Also the helpers every game's save reader shares."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Final, NamedTuple

from farfalia.bots.search import Level, Search, SearchModel, Unsearched
from farfalia.core.errors import FarfaliaError, IllegalActionError, NotationError, SaveError, SessionError
from farfalia.core.interface import Play
from farfalia.records.replay import MAX_NAME, name_character, problem
from farfalia.ui.layout import Layout
from farfalia.ui.saves import parse_stored
from farfalia.ui.texts import text

#: Milliseconds between two bot decisions at each pace.
PACES: Final = {"slow": 1400, "normal": 700, "fast": 250, "instant": 0}
#: The action that puts a picked-up card back in the hand (where a game's cards are picked up
#: before their use is chosen; Escape sends it).
PUT_BACK: Final = "drop"
#: A level's name is at most this long (a save's ``level`` of a player).
MAX_LEVEL_NAME: Final = 16
#: More actions than this at once (a resumed game, a jump in a replay) are not told to a screen
#: reader one by one: the listener hears where the game now stands instead.
MAX_TOLD: Final = 16


#: The level of a :class:`Question` the strong bot answers for the person to act (a hint).
HINT_LEVEL: Final = "hint"
#: The level of a :class:`Question` a lesson's script answers (the page's alone: see :meth:`Seating.answering`).
SCRIPT_LEVEL: Final = "script"
#: A decision not given to :meth:`Seating.finish_bot`: the search's own is taken.
UNDECIDED: Final = object()


class Question(NamedTuple):
    """A search to run wherever it runs (the page, a worker): the level that decides (a bot
    level's name, :data:`HINT_LEVEL` or :data:`SCRIPT_LEVEL`), the seat view it decides from, and its
    random generator's seed. The same question gives the same decision anywhere."""

    level: str
    view: Any
    seed: str


@dataclass(frozen=True)
class Player:
    """A place at the table: a name, whether a bot plays it, and that bot's level ("": the table's)."""

    name: str
    bot: bool
    level: str = ""

    def record(self) -> dict[str, Any]:
        """The player in a save (its level only when it has its own)."""
        return {"name": self.name, "bot": self.bot, **({"level": self.level} if self.level else {})}


class Seating(ABC):
    """Who sits where at one screen: the players (human or bot), whose cards the screen shows
    (hot seat), and who must decide. A session says who acts next (:meth:`actor`) and whether a
    round's summary waits (:meth:`summary_pending`)."""

    #: The bots' levels, by name: each a search model and its playouts a decision.
    levels: ClassVar[Mapping[str, Level]]
    #: The search's playouts for a hint, and the game's model for it.
    hint_playouts: ClassVar[int]
    model: ClassVar[SearchModel]
    game: Play
    #: A lesson's script: the game's actions in order, which the bots take while the game follows it.
    script: tuple[Any, ...] = ()

    def __init__(self, players: list[Player], level: str) -> None:
        if level not in self.levels or any(p.level and p.level not in self.levels for p in players):
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

    @abstractmethod
    def actor(self) -> int | None:
        """The player who decides next, or None when the game is over."""

    @abstractmethod
    def summary_pending(self) -> object | None:
        """A finished round whose summary the players have not dismissed yet, or None."""

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

    def take_back_to(self, count: int) -> None:
        """The game as it stood after its first ``count`` actions (a lesson takes up its script again
        after showing a learner's other move); the bots' search under way is dropped."""
        self._take_back(len(self.game.actions) - count)
        self._thinking = None
        self._changes += 1

    def play_again(self, action: Any) -> None:
        """Apply ``action``, a decision taken back by :meth:`take_back_to` (a lesson tells a learner's
        own move at the table it was made at, then keeps it)."""
        self._apply(action)

    def scripted(self) -> Any | None:
        """The script's next action while the game has followed the script so far, else None."""
        done = self.game.actions
        if len(done) < len(self.script) and tuple(done) == self.script[: len(done)]:
            return self.script[len(done)]
        return None

    # ------------------------------------------------------------------- bots

    @classmethod
    def level_named(cls, name: str) -> Level:
        """The search model and playouts of a bot level, or of the hint (:data:`HINT_LEVEL`)."""
        return Level(cls.model, cls.hint_playouts) if name == HINT_LEVEL else cls.levels[name]

    @classmethod
    def search_for(cls, question: Question) -> Search:
        """The search that answers ``question`` (a bot level's or the hint's: not a script's)."""
        model, playouts = cls.level_named(question.level)
        return Search(question.view, random.Random(question.seed), playouts, model)

    def answering(self, question: Question) -> Search:
        """The search that answers ``question`` here, a lesson's script's included."""
        scripted = self.scripted()
        if question.level == SCRIPT_LEVEL and scripted is not None:
            return Search(question.view, random.Random(question.seed), 0, Unsearched(_Given(scripted)))
        return self.search_for(question)

    def bot_question(self) -> Question:
        """The decision of the bot to act, asked from its own seat view (:data:`SCRIPT_LEVEL` while
        a lesson's script decides)."""
        actor = self.actor()
        if actor is None or not self.bot_to_act():
            raise SessionError("no bot acts now")
        level = SCRIPT_LEVEL if self.scripted() is not None else self.players[actor].level or self.level
        return Question(level, self._seat_view(actor), f"{self.game.seed}:{len(self.game.history)}")

    def bot_search(self, question: Question | None = None) -> Search:
        """Start the decision of the bot to act (its :meth:`bot_question`, where not given): the
        caller runs the search (in slices, in the page; or asks a worker the question), then calls
        :meth:`finish_bot`."""
        search = self.answering(question or self.bot_question())
        self._thinking = (self.state_id, search)
        return search

    def finish_bot(self, decided: Any = UNDECIDED) -> Any:
        """Apply the decision of the search :meth:`bot_search` started: ``decided`` (a worker's
        answer to its question), else the search's own (finishing it if need be)."""
        if self._thinking is None or self._thinking[0] != self.state_id or not self.bot_to_act():
            raise SessionError("no bot decision is under way")
        search = self._thinking[1]
        self._thinking = None
        if decided is UNDECIDED:
            search.complete()
            decided = search.best()
        self._apply(decided)
        return decided

    def bot_action(self) -> Any:
        """Let the bot to act decide from its own seat view, and apply its decision."""
        self.bot_search()
        return self.finish_bot()

    def hint_question(self) -> Question:
        """What the strong bot would do in the place of the person to act, as a question."""
        actor = self.actor()
        if actor is None or not self.deciding():
            raise SessionError(text("hint-not-now"))
        return Question(HINT_LEVEL, self._seat_view(actor), f"hint:{self.game.seed}:{len(self.game.history)}")

    def hint_search(self) -> Search:
        """:meth:`hint_question`'s search, to run, then read."""
        return self.search_for(self.hint_question())

    @abstractmethod
    def _seat_view(self, player: int) -> Any:
        """``player``'s seat view, all a bot of theirs may see."""

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Apply a decision taken at the table."""


class _Given:
    """A bot whose decision is given: a lesson's script."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The script's action."""
        return self.action


class Table(Seating):
    """A game being played at one screen, as the page sees it: every game's session implements
    these, and the controller asks nothing else of it."""

    #: The bots' pace (a key of :data:`PACES`).
    pace: str

    @abstractmethod
    def human_action(self, action: str) -> None:
        """A person's click or key on a card or a choice (its ``data-action``); a
        :class:`SessionError` with a sentence to show when it is not theirs to take now."""

    @abstractmethod
    def dismiss_summary(self) -> None:
        """The players have read the round's summary."""

    @abstractmethod
    def to_record(self) -> dict[str, Any]:
        """The save's fields (JSON's types), with ``format`` and, but for the oldest game, ``game``."""

    @abstractmethod
    def label(self) -> str:
        """What the game is and how far it has come, for the saved games' list ("Farfalia for four,
        hand 2 of 4")."""

    # ----------------------------------------------------------------- drawing

    @abstractmethod
    def draw(self, layout: Layout, theme: str, aspect: float) -> str:
        """The table's SVG, from the seat view on screen, for the stage's ``layout`` and ``aspect``."""

    @abstractmethod
    def bar(self) -> str:
        """The bar's HTML: what the table waits for, the hint, the decision's choices."""

    @abstractmethod
    def panel(self) -> str:
        """The game's own dialog when one is due (a round's summary, the game's end), else ""."""

    @abstractmethod
    def sheet(self) -> str:
        """The score sheet's dialog."""

    @abstractmethod
    def decision(self) -> str:
        """The kind of decision awaited (the page's ``data-decision``), "" when none is."""

    def picked(self) -> str:
        """The card a person holds picked up (its notation; the page's ``data-picked``), "" if none:
        :data:`PUT_BACK` puts it back."""
        return ""

    def last_trick(self) -> str:
        """The last trick read out: a game of tricks has one (the other games' shortcuts leave it
        out, :attr:`~farfalia.ui.game.SiteGame.unused_shortcuts`)."""
        raise SessionError(f"{type(self).__name__} has no tricks")

    @abstractmethod
    def forced_action(self, always: bool) -> str | None:
        """The action the person to act must take, when it is the only one (a card, a draw) and
        the game's last of the kind or ``always``: auto-played by the page."""

    @abstractmethod
    def action_words(self, action: Any) -> str:
        """An action of this game in words, as the table tells it ("play the 3 of blue")."""

    @abstractmethod
    def hint(self, best: Any) -> tuple[str, str]:
        """What a hint says of the search's ``best`` action, and what the page marks for it (the
        ``data-action`` of the card or button to press)."""

    @abstractmethod
    def share(self) -> str:
        """The game's replay text to share: the whole game once over, else its finished rounds
        only; :class:`~farfalia.core.errors.ReplayError` when there is none yet."""

    @abstractmethod
    def news(self) -> list[str]:
        """What a screen reader should hear since the last call (once)."""


# ------------------------------------------------------------------------ saves


def read_record(text_: str) -> dict[str, Any]:
    """A save's fields as JSON reads them; :class:`SaveError` when it is no JSON object."""
    data = parse_stored(text_)
    if not isinstance(data, dict):
        raise SaveError(problem("save-format", found=repr(None)))
    return data


@contextmanager
def save_faults() -> Iterator[None]:
    """Whatever goes wrong while a session is rebuilt from a save's fields, as a
    :class:`SaveError` that says which kind of fault it is (the package's other errors, which say
    it already, as they are)."""
    try:
        yield
    except (NotationError, IllegalActionError) as error:  # the moves, or the deals, break the rules
        raise SaveError(problem("save-moves")) from error
    except FarfaliaError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, OverflowError, RecursionError) as error:
        raise SaveError(problem("save-malformed", kind=type(error).__name__)) from error


def clean_name(name: str, index: int) -> str:
    """A player's name as typed, trimmed to :data:`MAX_NAME` characters of those a replay may carry
    (never empty)."""
    cleaned = " ".join("".join(filter(name_character, name)).split())[:MAX_NAME]
    return cleaned or text("default-name", number=index + 1)


def field_fault(key: str) -> SaveError:
    """The fault of a save whose field ``key`` is missing or not what it should be."""
    return SaveError(problem("save-field", field=repr(key)))


def read_typed(data: dict[str, Any], key: str, kind: type) -> Any:
    """A save's field ``key``, which must be a ``kind`` (a bool is no int)."""
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise field_fault(key)
    return value


def read_optional_int(data: dict[str, Any], key: str) -> int | None:
    """A save's field ``key``: an int, or missing or null."""
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise field_fault(key)
    return value


def read_choice(data: dict[str, Any], key: str, choices: Mapping[str, object], default: str | None) -> str:
    """A field naming one of ``choices`` (``default`` where it may be missing)."""
    value = data.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise field_fault(key)
    return value


def read_players(data: dict[str, Any], count: int) -> list[Player]:
    """A save's ``players``: ``count`` of them, each a name and whether a bot plays."""
    players = [_player(entry, seat) for seat, entry in enumerate(read_typed(data, "players", list))]
    if len(players) != count:
        raise field_fault("players")
    return players


def _player(entry: Any, seat: int) -> Player:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not isinstance(entry.get("bot"), bool):
        raise field_fault("players")
    level = entry.get("level", "")
    if not isinstance(level, str) or len(level) > MAX_LEVEL_NAME:
        raise field_fault("players")
    return Player(clean_name(entry["name"], seat), entry["bot"], level)


def seated(names: list[str], kinds: list[bool]) -> list[Player]:
    """Players from the start screen's names (cleaned) and kinds (a bot or not)."""
    return [Player(clean_name(name, k), bot) for k, (name, bot) in enumerate(zip(names, kinds, strict=True))]
