"""Papillon, the card game of captures and sequences (its French rulebook), as a game of the site
(:class:`~farfalia.ui.game.SiteGame`): its blue and orange rounds at 2 to 5 players."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from farfalia.bots.search import Level
from farfalia.core.errors import SaveError
from farfalia.core.interface import Play
from farfalia.games.papillon.about import PapillonAbout
from farfalia.games.papillon.engine.game import PapillonGame
from farfalia.games.papillon.engine.rules import ROUNDS, PapillonSettings
from farfalia.games.papillon.engine.views import PAPILLON_RULES, hidden_twin
from farfalia.games.papillon.page.editor import PapillonEditor
from farfalia.games.papillon.page.lesson import PAPILLON_LESSON
from farfalia.games.papillon.page.session import PAPILLON_LEVELS, PAPILLON_SAVE_FORMAT, PapillonSession
from farfalia.games.papillon.page.texts import PAPILLON_TEXTS
from farfalia.games.papillon.page.viewer import PapillonViewer
from farfalia.games.papillon.page.words import action_words
from farfalia.games.papillon.records.replay import decode_papillon, encode_papillon
from farfalia.records.replay import Replay, problem
from farfalia.ui.game import SiteGame
from farfalia.ui.lessons import Lesson
from farfalia.ui.seating import Player, Table
from farfalia.ui.viewer import Stepper

if TYPE_CHECKING:  # the command line's and the build's: the pages never import them
    from farfalia.ui.rules_source import RulesSource


class PapillonSite(PapillonAbout, SiteGame):
    """Papillon: 2 to 5 players, both rounds or a practice round of one, its house rules."""

    rules = PAPILLON_RULES
    levels: ClassVar[Mapping[str, Level]] = PAPILLON_LEVELS
    session: ClassVar[type[Table]] = PapillonSession
    texts: ClassVar[Mapping[str, str | tuple[str, str]]] = PAPILLON_TEXTS

    def rules_source(self) -> RulesSource:
        """Its rules page's English, from its own folder."""
        from farfalia.games.papillon.page.rules_source import RULES_SOURCE

        return RULES_SOURCE

    def lesson(self) -> Lesson:
        """Its guided first game (:mod:`farfalia.games.papillon.page.lesson`)."""
        return PAPILLON_LESSON

    def settings_of(self, form: Mapping[str, str]) -> PapillonSettings:
        """The players, the rounds and the house rules ticked (2 v 1 at three players only)."""
        count = self.seats(form)
        return PapillonSettings(
            players=count,
            two_against_one=form.get("two-against-one") == "on" and count == 3,
            forced_capture=form.get("forced-capture") == "on",
            rounds=form.get("rounds", "both") if form.get("rounds") in ROUNDS else "both",
        )

    def table(
        self,
        settings: PapillonSettings,
        seed: int,
        players: list[Player],
        pace: str = "normal",
        level: str = "strong",
        actions: Sequence[Any] = (),
        chance: Sequence[Any] = (),
    ) -> Table:
        """A Papillon table."""
        return PapillonSession(settings, seed, players[: settings.players], pace, level, actions, chance)

    def load_table(self, data: dict[str, Any]) -> Table:
        """A Papillon save's table."""
        if data.get("format") != PAPILLON_SAVE_FORMAT:
            raise SaveError(problem("save-format", found=repr(data.get("format"))))
        return PapillonSession.from_record(data)

    def decode_replay(self, text: str) -> Replay:
        """A ``p1``/``p2`` text's game."""
        return decode_papillon(text)

    def encode_replay(self, game: Any, names: Sequence[str] = ()) -> str:
        """``game``'s text (``p1`` unless it met a crowded table)."""
        return encode_papillon(game, tuple(names))

    def action_words(self, game: Play, action: Any, names: Sequence[str]) -> str:
        """What the action does, with the cards it plays ("5 of Formes takes 5 of Serpents (5 = 5)")."""
        assert isinstance(game, PapillonGame)
        return action_words(action, game.table, game.settings.yang, names, played=True)

    def viewer(self, replay: Replay, at: int | None, view: str) -> Stepper:
        """The table stepped by action, turn and round."""
        return PapillonViewer(replay, at, view)

    def editor(self, names: list[str], choices: Mapping[str, str]) -> PapillonEditor:
        """A practice round of the table chosen (the orange one where only it is chosen)."""
        return PapillonEditor(names, self.seats(choices), "orange" if choices.get("rounds") == "orange" else "blue")

    def editor_at(self, viewer: Stepper) -> PapillonEditor:
        """The round of ``viewer``'s position as a practice round, with its plays up to there."""
        return PapillonEditor.from_game(viewer.replay.game(), viewer.names(), viewer.at)

    def hidden_twin(self, game: Play, player: int, rng: random.Random) -> Play:
        """The cards its seat cannot see dealt anew (its engine's :func:`hidden_twin`)."""
        assert isinstance(game, PapillonGame)
        return hidden_twin(game, player, rng)


#: Papillon, the one instance.
PAPILLON_SITE: Final = PapillonSite()
