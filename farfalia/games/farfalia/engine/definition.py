"""Farfalia as a game of the site: its :class:`~farfalia.core.interface.Rules`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from farfalia.games.farfalia.engine.actions import Chance
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.engine.views import View, seat_view


class FarfaliaRules:
    """Farfalia's rules for the site's replays, saves, session and viewer."""

    name = "farfalia"

    def players(self, settings: Settings) -> int:
        """How many players ``settings`` seat (dummies are not players)."""
        return settings.players

    def new(self, settings: Settings, seed: int, chance: Iterable[Chance] = (), draw: bool = True) -> Game:
        """A game from its settings and seed (see :class:`~farfalia.games.farfalia.engine.game.Game`)."""
        return Game(settings, seed, chance, draw)

    def seat_view(self, game: Game, player: int) -> View:
        """What ``player`` may know now."""
        return seat_view(game, player)


#: The one instance: Farfalia's rules.
FARFALIA_RULES: Final = FarfaliaRules()
