"""One game of the site, described by one object (after boardgame.io's ``Game`` and OpenSpiel's
registered games): everything the generic layers need of it, found by name in
:mod:`farfalia.core.registry`. Each game's folder (``farfalia/games/<name>/``) builds its own and
:mod:`farfalia.site` registers the site's; a test registers its own game the same way.

The generic layers each read their part of it (the links :attr:`replay_prefix` and
:meth:`decode_replay`, the tournaments :meth:`bot` and :meth:`play_deal`, the page the rest), and
never name a game: a third game joins the site by implementing this, in its own folder.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from farfalia.bots.search import Level
from farfalia.core import registry
from farfalia.core.errors import GameNotLoaded
from farfalia.core.interface import Play, Rules
from farfalia.records.replay import Replay
from farfalia.ui.seating import Player, Table
from farfalia.ui.texts import add_texts, remove_texts
from farfalia.ui.viewer import Stepper

if TYPE_CHECKING:  # the command line's and the build's: the pages never import them
    import argparse

    from farfalia.bots.review import Reviewing
    from farfalia.ui.lessons import Lesson
    from farfalia.ui.rules_source import RulesSource


#: The file that holds a game's first-screen picture, in its folder (:meth:`GameAbout.picture`).
PICTURE_FILE: Final = "picture.svg"


@functools.cache
def picture_in(package: str) -> str:
    """The :data:`PICTURE_FILE` of ``package`` (a game's folder), read once through its loader: a
    file in the folder, or an entry of the archive it was imported from."""
    return (pkgutil.get_data(package, PICTURE_FILE) or b"").decode()


class GameAbout(ABC):
    """What the first screen and the catalogs know of a game before its code is loaded: its
    names, its players, its start screen's fields and picture, its first words. Its folder's
    ``about`` module holds it where the game's code is loaded on demand (:class:`LazyGame`)."""

    #: Its name in links, saves, the command line and the catalogs (``game.<name>``).
    name: ClassVar[str]
    #: The first letter of its replay texts' versions (``f2.…``: ``f``).
    replay_prefix: ClassVar[str]
    #: The stem of its rules pages (``rules`` for ``rules.html``, ``rules.fr.html``…).
    rules_page: ClassVar[str]
    #: The fewest and the most players its settings seat (the start screen's seat rows).
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int]
    #: The first screen's line about it (a key of its texts), and about how long a game against
    #: bots takes a person, in minutes (estimated as ``docs/playing.md`` says).
    pitch: ClassVar[str]
    minutes: ClassVar[int]
    #: Whether it has a guided first game (:meth:`SiteGame.lesson`): the first screen's "Learn".
    teaches: ClassVar[bool] = False
    #: The names of the bots' levels offered at its table, weakest first (:attr:`SiteGame.levels`).
    level_names: ClassVar[tuple[str, ...]]
    #: The bots of its tournaments, by name (``strong:N`` names a search of N playouts).
    bot_names: ClassVar[tuple[str, ...]]
    #: What one deal of a tournament is (``hand``, ``game``).
    deal_unit: ClassVar[str] = "game"
    #: Its own messages in English, by key (the catalogs translate them): where its code is loaded
    #: on demand, those of its first screen only, the rest joining them as it loads.
    texts: ClassVar[Mapping[str, str | tuple[str, str]]] = {}
    #: The keyboard's shortcuts it has no use for (their commands).
    unused_shortcuts: ClassVar[frozenset[str]] = frozenset()
    #: The help's line for playing a card by key, and for Escape (keys of its texts).
    help_play: ClassVar[str] = "key.play"
    help_escape: ClassVar[str] = "key.escape"
    #: Its command line's module (:class:`CommandLine`), imported only by the command line.
    command_module: ClassVar[str]
    #: Its tournaments' module (:class:`ContestBots`), imported only by tournaments and tests.
    contest_module: ClassVar[str]
    #: Its review's module (:class:`~farfalia.bots.review.Reviewing`), imported when a review is asked for.
    review_module: ClassVar[str]
    #: Whether it reads the saves that name no game (those written before the site had a second).
    reads_unnamed_saves: ClassVar[bool] = False
    #: What a shared link holds (said beside it), and why a game has none to share yet (keys of texts).
    share_note: ClassVar[str] = "share-note"
    share_none: ClassVar[str] = "share-nothing"

    def picture(self) -> str:
        """The first screen's picture of it: a few of its own cards as an SVG, their art within (by
        default its folder's :data:`PICTURE_FILE`, the folder of the module defining its class)."""
        return picture_in(type(self).__module__.rpartition(".")[0])

    def word(self, values: dict[str, object]) -> None:  # noqa: B027 (a hook: nothing to word by default)
        """Word its messages' values in place before they are said (a card's reason from its code)."""

    @abstractmethod
    def start_options(self, chosen: Mapping[str, str]) -> str:
        """Its settings' fields on the start screen (HTML), filled in with the ``chosen`` ones."""

    @abstractmethod
    def seats(self, form: Mapping[str, str]) -> int:
        """How many players the start screen's fields ``form`` seat."""


class SiteGame(GameAbout):
    """A game of the site: its rules, replays, saves, page, bots and command line."""

    #: Its rules engine (:class:`~farfalia.core.interface.Rules`).
    rules: ClassVar[Rules[Any]]
    #: The bots' levels offered at its table, by :attr:`level_names`: a search model and its
    #: playouts a decision.
    levels: ClassVar[Mapping[str, Level]]
    #: Its table's class: a worker answers the page's questions through it (:meth:`Table.search_for`).
    session: ClassVar[type[Table]]

    def rules_source(self) -> RulesSource | None:
        """The English source of its rules page (``tools/make_rules_page.py``), if it has one;
        imported only when asked for (the pages never need it)."""
        return None

    def lesson(self) -> Lesson | None:
        """Its guided first game (:mod:`farfalia.ui.lessons`), if it has one (:attr:`teaches`);
        its scripted games are built only when a part starts."""
        return None

    # --------------------------------------------------------------- start

    @abstractmethod
    def settings_of(self, form: Mapping[str, str]) -> Any:
        """The settings the start screen's fields ``form`` choose (a field left out: its usual
        value; one no settings have: :class:`~farfalia.core.errors.SettingsError`)."""

    @abstractmethod
    def table(
        self,
        settings: Any,
        seed: int,
        players: list[Player],
        pace: str = "normal",
        level: str = "strong",
        actions: Sequence[Any] = (),
        chance: Sequence[Any] = (),
    ) -> Table:
        """A game at the table: its settings, seed and seats, played on from ``actions`` (dealt from
        ``chance`` before its seed, where given)."""

    @abstractmethod
    def load_table(self, data: dict[str, Any]) -> Table:
        """The table a save's fields hold; a :class:`~farfalia.core.errors.SaveError` (or another
        :class:`~farfalia.core.errors.FarfaliaError`) when it cannot be read."""

    # ------------------------------------------------------------- replays

    @abstractmethod
    def decode_replay(self, text: str) -> Replay:
        """The replay a text of this game describes; a :class:`~farfalia.core.errors.ReplayError` otherwise."""

    @abstractmethod
    def encode_replay(self, game: Play, names: Sequence[str] = ()) -> str:
        """``game``'s replay text, whole (its chance outcomes written out where they were given)."""

    @abstractmethod
    def viewer(self, replay: Replay, at: int | None, view: str) -> Stepper:
        """Its viewer of ``replay`` at position ``at`` (None: the end), seen by ``view``."""

    def editor(self, names: list[str], choices: Mapping[str, str]) -> Any | None:
        """Its situation editor for the start screen's ``choices`` (None: it has none)."""
        return None

    def editor_at(self, viewer: Stepper) -> Any | None:
        """Its situation editor set up at ``viewer``'s position (None: none)."""
        return None

    def action_words(self, game: Play, action: Any, names: Sequence[str]) -> str:
        """``action``, to be taken at ``game``, in the page's words (a review's verdicts; by default
        its review's notation)."""
        return self.reviewing().notation(action)

    # ---------------------------------------------------------------- bots

    @abstractmethod
    def hidden_twin(self, game: Play, player: int, rng: random.Random) -> Play:
        """A copy of ``game`` whose cards ``player`` cannot see are dealt anew among the places they
        could be: ``player``'s seat view of the two is the same (the conformance suite's check that
        no view shows a hidden card)."""

    def sample_replays(self, seed: int) -> list[str]:
        """Real replay texts of its games, of every kind worth testing (whole and under way, each
        table, the bots' play and the worst play): what a link fuzzer alters (``tools/fuzz_links.py``)."""
        return self.contest().sample_replays(seed)

    def bot(self, name: str) -> Any:
        """A bot of its tournaments by name (:attr:`bot_names`; ``strong:N``); a
        :class:`~farfalia.core.errors.SettingsError` for an unknown one."""
        return self.contest().bot(name)

    def play_deal(
        self, settings: Any, seed: int, bots: Sequence[Any], choose: Callable[[Any, int], Any]
    ) -> tuple[int, ...]:
        """Each player's points on deal ``seed`` (a tournament's: its :attr:`deal_unit`), each
        decision ``choose(view, player)``'s (a bot that ``sees_all`` is shown every card)."""
        return self.contest().play_deal(settings, seed, bots, choose)

    def contest(self) -> ContestBots:
        """Its bots for tournaments and tests (:attr:`contest_module`, imported when asked: the
        pages never do)."""
        module: ContestBots = importlib.import_module(self.contest_module)
        return module

    def reviewing(self) -> Reviewing:
        """What its review needs (:attr:`review_module`, imported when asked: a first visit never does)."""
        module: Reviewing = importlib.import_module(self.review_module)
        return module

    # -------------------------------------------------------- command line

    def command_line(self) -> CommandLine:
        """Its command line (:attr:`command_module`, imported when the command line asks: the
        pages never do)."""
        module: CommandLine = importlib.import_module(self.command_module)
        return module


class ContestBots(Protocol):
    """A game's bots for tournaments and tests: its module ``bots/contest.py``."""

    def bot(self, name: str) -> Any:
        """A bot by name; :class:`~farfalia.core.errors.SettingsError` for an unknown one."""

    def play_deal(
        self, settings: Any, seed: int, bots: Sequence[Any], choose: Callable[[Any, int], Any]
    ) -> tuple[int, ...]:
        """Each player's points on deal ``seed``, each decision ``choose(view, player)``'s."""

    def sample_replays(self, seed: int) -> list[str]:
        """Real replay texts worth fuzzing."""


class CommandLine(Protocol):
    """What the command line needs of a game: its module ``command`` (``farfalia/games/<name>/command.py``)."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Its settings' options."""

    def settings_from(self, args: argparse.Namespace) -> Any:
        """Its settings from the options."""

    def describe_settings(self, settings: Any) -> str:
        """Its settings in a few words (a tournament's title: "basic5 burning")."""

    def summary(self, game: Any, seed: int) -> dict[str, object]:
        """A finished game told in JSON's types (``simulate``'s line)."""

    def describe(self, replay: Replay) -> str:
        """A readable account of a replay (``replay decode``)."""

    def bench(self, args: argparse.Namespace) -> Iterator[str]:
        """Its rules core's throughput, a line a measure, each as soon as measured (``bench``)."""


class LazyGame:
    """A game of the site known by its :class:`GameAbout` until its code is needed, then loaded:
    its ``site`` (``module:NAME``, its :class:`SiteGame`) imported, its texts joined to the page's.
    It answers for the game it stands for: what its about holds at once, the rest from the loaded
    game; where the game's code is not here (a page loads each game's archive when it first needs
    it: :mod:`farfalia.ui.archives`), :class:`~farfalia.core.errors.GameNotLoaded`."""

    #: Whether a game's code is imported only in steps (:func:`farfalia.ui.archives.preload`), never
    #: all at once when first asked for: until then, asking for the game raises
    #: :class:`GameNotLoaded`, and the glue imports it in steps. The game page sets it, so that a
    #: person never meets one long import.
    in_steps: ClassVar[bool] = False

    def __init__(self, about: GameAbout, site: str) -> None:
        self.about = about
        self.site = site
        self._game: SiteGame | None = None

    @property
    def site_module(self) -> str:
        """The module of its :class:`SiteGame`."""
        return self.site.partition(":")[0]

    @property
    def package(self) -> str:
        """The package of its folder, where its site module is."""
        return self.site_module.rpartition(".")[0]

    @property
    def loaded(self) -> bool:
        """Whether its code has been loaded."""
        return self._game is not None

    def game(self) -> SiteGame:
        """The game itself, its code loaded now if it is not yet (:class:`GameNotLoaded` where it
        is not here, or where it is to be imported :attr:`in_steps` and has not been)."""
        if self._game is None and self.in_steps:
            raise GameNotLoaded(self.about.name)
        return self.load()

    def load(self) -> SiteGame:
        """The game itself, its code imported now if it is not yet (:class:`GameNotLoaded` where
        it is not here)."""
        if self._game is None:
            try:
                module = importlib.import_module(self.site_module)
            except ModuleNotFoundError as error:
                if error.name != self.package and not str(error.name).startswith(f"{self.package}."):
                    raise
                raise GameNotLoaded(self.about.name) from error
            game: SiteGame = getattr(module, self.site.partition(":")[2])
            add_texts(game.texts, game.word)
            self._game = game
        return self._game

    def __getattr__(self, attribute: str) -> Any:
        try:
            return getattr(self.about, attribute)
        except AttributeError:
            return getattr(self.game(), attribute)


def register_game(game: SiteGame | LazyGame) -> SiteGame | LazyGame:
    """Make ``game`` one of the site's (:func:`farfalia.core.registry.register`), its messages
    among the page's (:func:`farfalia.ui.texts.add_texts`); returns it."""
    registry.register(game)
    add_texts(game.texts, game.word)
    return game


def unregister_game(game: SiteGame | LazyGame) -> None:
    """Take ``game`` out of the site again, its messages too (a test's own game, once its tests are over)."""
    registry.unregister(game.name)
    remove_texts(game.texts, game.word)


def site_games() -> tuple[SiteGame, ...]:
    """The games of the site, in the order they were registered."""
    return registry.games()


def find_game(name: str) -> SiteGame:
    """The game of the site named ``name``; :class:`~farfalia.core.errors.SettingsError` if none is."""
    game: SiteGame = registry.find(name)
    return game


def loaded_games() -> tuple[SiteGame, ...]:
    """The games of the site, each with its code loaded (the build's and the catalogs', which need
    all of it; :class:`GameNotLoaded` where a game's code is not here)."""
    return tuple(game.game() if isinstance(game, LazyGame) else game for game in site_games())
