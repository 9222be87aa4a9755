"""Plain Tricks as a game of the site (:class:`~farfalia.ui.game.SiteGame`): the one object the
registry holds. ``register()`` joins it to the site (a test's fixture), ``unregister()`` leaves."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from farfalia.bots.search import Level
from farfalia.core.interface import Play
from farfalia.records.replay import Replay
from farfalia.ui.game import SiteGame, register_game, unregister_game
from farfalia.ui.seating import Player, Table
from farfalia.ui.viewer import Stepper
from tests.third_game import bots
from tests.third_game.engine import TRICKS_RULES, TricksGame, TricksSettings, hidden_twin
from tests.third_game.page import LEVELS, TricksTable, TricksViewer
from tests.third_game.records import decode, encode


class TricksSite(SiteGame):
    """Plain Tricks: two or three players."""

    name: ClassVar[str] = "tricks"
    replay_prefix: ClassVar[str] = "t"
    rules = TRICKS_RULES
    rules_page: ClassVar[str] = "tricks"
    max_players: ClassVar[int] = 3
    levels: ClassVar[Mapping[str, Level]] = LEVELS
    level_names: ClassVar[tuple[str, ...]] = tuple(LEVELS)
    session: ClassVar[type[Table]] = TricksTable
    bot_names: ClassVar[tuple[str, ...]] = tuple(bots.BOTS)
    pitch: ClassVar[str] = "tricks.pitch"
    minutes: ClassVar[int] = 5
    texts: ClassVar[Mapping[str, str | tuple[str, str]]] = {
        "game.tricks": "Plain Tricks",
        "tricks.pitch": "Follow suit; the highest card of the suit led wins the trick.",
    }
    command_module: ClassVar[str] = "tests.third_game.command"
    contest_module: ClassVar[str] = "tests.third_game.bots"
    review_module: ClassVar[str] = "tests.third_game.bots"

    def start_options(self, chosen: Mapping[str, str]) -> str:
        selected = chosen.get("players", "3")
        options = "".join(f'<option value="{n}"{" selected" if selected == n else ""}>{n}</option>' for n in "23")
        return f'<label>Players <select name="players">{options}</select></label>'

    def picture(self) -> str:
        return '<svg class="game-picture" viewBox="0 0 40 20" aria-hidden="true"><rect width="14" height="20"/></svg>'

    def seats(self, form: Mapping[str, str]) -> int:
        return 2 if form.get("players") == "2" else 3

    def settings_of(self, form: Mapping[str, str]) -> TricksSettings:
        return TricksSettings(self.seats(form))

    def table(self, settings: TricksSettings, seed: int, players: list[Player], pace: str = "normal",
              level: str = "strong", actions: Sequence[Any] = (), chance: Sequence[Any] = ()) -> Table:  # fmt: skip
        return TricksTable(settings, seed, players[: settings.players], pace, level, actions, chance)

    def load_table(self, data: dict[str, Any]) -> Table:
        return TricksTable.from_record(data)

    def decode_replay(self, text: str) -> Replay:
        return decode(text)

    def encode_replay(self, game: Play, names: Sequence[str] = ()) -> str:
        assert isinstance(game, TricksGame)
        return encode(game, names)

    def viewer(self, replay: Replay, at: int | None, view: str) -> Stepper:
        return TricksViewer(replay, at, view)

    def hidden_twin(self, game: Play, player: int, rng: random.Random) -> Play:
        assert isinstance(game, TricksGame)
        return hidden_twin(game, player, rng)


TRICKS_SITE: Final = TricksSite()


def register() -> None:
    """Join the site (its name its one message: it is never translated)."""
    register_game(TRICKS_SITE)


def unregister() -> None:
    """Leave the site, its message too."""
    unregister_game(TRICKS_SITE)
