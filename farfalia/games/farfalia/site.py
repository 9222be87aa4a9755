"""Farfalia, the game by Derek Carver, as a game of the site (:class:`~farfalia.ui.game.SiteGame`):
every mode and variant of the rulebook."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from farfalia.bots.search import Level
from farfalia.core.codes import ascii_int
from farfalia.core.interface import Play
from farfalia.games.farfalia.about import FarfaliaAbout
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import PLAYERS, VARIANTS, Settings, check_mode
from farfalia.games.farfalia.engine.views import hidden_twin
from farfalia.games.farfalia.page.editor import ScenarioEditor
from farfalia.games.farfalia.page.lesson import FARFALIA_LESSON
from farfalia.games.farfalia.page.session import LEVELS, Session
from farfalia.games.farfalia.page.texts import FARFALIA_TEXTS, action_text, word_values
from farfalia.games.farfalia.page.viewer import FarfaliaViewer
from farfalia.games.farfalia.records.replay import decode, encode
from farfalia.records.replay import Replay
from farfalia.ui.game import SiteGame
from farfalia.ui.lessons import Lesson
from farfalia.ui.seating import Player, Table
from farfalia.ui.viewer import Stepper

if TYPE_CHECKING:  # the command line's and the build's: the pages never import them
    from farfalia.ui.rules_source import RulesSource


class FarfaliaSite(FarfaliaAbout, SiteGame):
    """Farfalia: 2 to 5 players, its modes (``basic5``, ``chinkway10``…) and variants."""

    rules = FARFALIA_RULES
    levels: ClassVar[Mapping[str, Level]] = LEVELS
    session: ClassVar[type[Table]] = Session
    texts: ClassVar[Mapping[str, str | tuple[str, str]]] = FARFALIA_TEXTS

    def word(self, values: dict[str, object]) -> None:
        """Its modes named, a refused play's reason worded from its code (its about's wording and more)."""
        word_values(values)

    def rules_source(self) -> RulesSource:
        """Its rules page's English, from its own folder."""
        from farfalia.games.farfalia.page.rules_source import RULES_SOURCE

        return RULES_SOURCE

    def lesson(self) -> Lesson:
        """Its guided first game (:mod:`farfalia.games.farfalia.page.lesson`)."""
        return FARFALIA_LESSON

    def settings_of(self, form: Mapping[str, str]) -> Settings:
        """The mode (``basic5`` unless one is chosen; :class:`SettingsError` for one unknown),
        the variants ticked, the first dealer."""
        mode = form.get("mode", "basic5")
        check_mode(mode)
        variants = frozenset(v for v in form.get("variants", "").split(",") if v in VARIANTS)
        dealer = ascii_int(form.get("dealer", ""), 1)
        return Settings(mode, variants, dealer if dealer is not None and dealer < PLAYERS[mode] else None)

    def table(
        self,
        settings: Settings,
        seed: int,
        players: list[Player],
        pace: str = "normal",
        level: str = "strong",
        actions: Sequence[Any] = (),
        chance: Sequence[Any] = (),
    ) -> Table:
        """A Farfalia table."""
        return Session(settings, seed, players[: settings.players], pace, list(actions), level=level, chance=chance)

    def load_table(self, data: dict[str, Any]) -> Table:
        """A Farfalia save's table (formats 1 and 2; saves before Papillon name no game)."""
        return Session.from_record(data)

    def decode_replay(self, text: str) -> Replay:
        """An ``f1``/``f2`` text's game."""
        return decode(text)

    def encode_replay(self, game: Any, names: Sequence[str] = ()) -> str:
        """``game``'s ``f2`` text."""
        return encode(game, tuple(names))

    def action_words(self, game: Play, action: Any, names: Sequence[str]) -> str:
        """``Play blue 11, fish``, ``Trump red``…"""
        return action_text(action)

    def viewer(self, replay: Replay, at: int | None, view: str) -> Stepper:
        """The table stepped by action, trick and hand."""
        return FarfaliaViewer(replay, at, view)

    def editor(self, names: list[str], choices: Mapping[str, str]) -> ScenarioEditor:
        """A scenario of the mode chosen."""
        mode = choices.get("mode", "basic5")
        return ScenarioEditor(names, mode if mode in PLAYERS else "basic5")

    def editor_at(self, viewer: Stepper) -> ScenarioEditor:
        """The first hand of ``viewer``'s replay, with its plays up to the position shown (all of them
        past that hand)."""
        editor = ScenarioEditor.from_replay(viewer.replay)
        setup = len(editor.scenario().setup_actions())
        editor.plays = editor.plays[: max(0, viewer.at - setup)]
        return editor

    def hidden_twin(self, game: Play, player: int, rng: random.Random) -> Play:
        """The cards its seat cannot see dealt anew (its engine's :func:`hidden_twin`)."""
        assert isinstance(game, Game)
        return hidden_twin(game, player, rng)


#: Farfalia, the one instance.
FARFALIA_SITE: Final = FarfaliaSite()
