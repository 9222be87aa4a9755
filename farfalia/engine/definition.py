"""Farfalia as a game of the site: its :class:`~farfalia.engine.interface.Rules`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from farfalia.engine.actions import Chance
from farfalia.engine.game import Game
from farfalia.engine.rules import Settings
from farfalia.engine.views import View, seat_view


class FarfaliaRules:
    """Farfalia's rules for the site's replays, saves, session and viewer."""

    name = "farfalia"

    def players(self, settings: Settings) -> int:
        """How many players ``settings`` seat (dummies are not players)."""
        return settings.players

    def new(self, settings: Settings, seed: int, chance: Iterable[Chance] = (), draw: bool = True) -> Game:
        """A game from its settings and seed (see :class:`~farfalia.engine.game.Game`)."""
        return Game(settings, seed, chance, draw)

    def seat_view(self, game: Game, player: int) -> View:
        """What ``player`` may know now."""
        return seat_view(game, player)


#: The one instance: Farfalia's rules.
FARFALIA: Final = FarfaliaRules()
