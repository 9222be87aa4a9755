"""A first table drawn while the page is idle, and thrown away, so that a person's first game
starts as fast as the next one: the first drawing of a game's table runs code no start screen
ran (its layout worked out, its cards and seats drawn, the runtime compiling what it meets for the
first time), which made a first "Play" take about twice a later one's time in the page.

Drawn by a controller of its own, with its storage in memory: nothing is shown, saved or
remembered, and the page's controller is not touched.
"""

from __future__ import annotations

from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import LazyGame, site_games
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.screen import page_markup


def loaded_game_names() -> list[str]:
    """The site's games whose code is here, in the first screen's order."""
    return [game.name for game in site_games() if not isinstance(game, LazyGame) or game.loaded]


def rehearse(game: str, width: float, height: float, language: str) -> str:
    """The markup of the first table of a game of ``game`` at its defaults (the first screen's
    "Play" with no choices remembered), drawn for a stage of ``width`` x ``height`` CSS pixels
    in ``language`` (the page's, which a controller speaks for the whole page)."""
    controller = Controller(MemoryStorage(), languages=[language])
    controller.resize(width, height)
    controller.command(Command.PLAY, {"game": game})
    return page_markup(controller.screen().table)
