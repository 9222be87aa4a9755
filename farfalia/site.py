"""The site's games, registered in this one place: each game's folder describes it
(:class:`farfalia.ui.game.SiteGame`), and importing this module makes them the site's. The page,
the command line and the tools import it; the generic layers find the games by name.

Farfalia, the first screen's first game, comes with the package; Papillon is known by its
``about`` until its code is needed (:class:`~farfalia.ui.game.LazyGame`): a page loads its
archive when it is chosen, or once the page is idle (``farfalia.ui.archives``)."""

from __future__ import annotations

from farfalia.games.farfalia.site import FARFALIA_SITE
from farfalia.games.papillon.about import PAPILLON_ABOUT
from farfalia.ui.game import LazyGame, register_game

#: The site's games, in the order the start screen offers them.
GAMES = (
    register_game(FARFALIA_SITE),
    register_game(LazyGame(PAPILLON_ABOUT, "farfalia.games.papillon.site:PAPILLON_SITE")),
)
