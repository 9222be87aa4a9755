"""The site's games, registered in this one place: each game's folder describes it
(:class:`farfalia.ui.game.SiteGame`), and importing this module makes them the site's. The page,
the command line and the tools import it; the generic layers find the games by name.

A game whose code is loaded on demand is registered as the :class:`~farfalia.ui.game.LazyGame`
its folder's ``about`` builds: the site knows its first screen, and a page loads the rest when it
is needed (``farfalia.ui.archives``)."""

from __future__ import annotations

from farfalia.games.farfalia.about import FARFALIA_GAME
from farfalia.games.papillon.about import PAPILLON_GAME
from farfalia.ui.game import register_game

#: The site's games, in the order the start screen offers them.
GAMES = tuple(register_game(game) for game in (FARFALIA_GAME, PAPILLON_GAME))
