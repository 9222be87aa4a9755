"""The site's games, registered in this one place: each game's folder describes it
(:class:`farfalia.ui.game.SiteGame`), and importing this module makes them the site's. The page,
the command line and the tools import it; the generic layers find the games by name."""

from __future__ import annotations

from farfalia.games.farfalia.site import FARFALIA_SITE
from farfalia.games.papillon.site import PAPILLON_SITE
from farfalia.ui.game import register_game

#: The site's games, in the order the start screen offers them.
GAMES = tuple(register_game(game) for game in (FARFALIA_SITE, PAPILLON_SITE))
