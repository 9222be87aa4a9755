"""The games of the site, found by name (after OpenSpiel's ``pyspiel.register_game`` and
``load_game``): each game's folder builds one object describing it
(:class:`farfalia.ui.game.SiteGame`), and :mod:`farfalia.site` registers the site's own, in one
place. The generic layers (links, saves, the viewer, the page, the command line) find games
here and never name one; each reads the part of the object its floor knows (its replay codec, its
bots, its page), through a protocol of its own.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from farfalia.core.errors import SettingsError


class Named(Protocol):
    """Anything registered: a game of the site, by its name (links, saves, the command line)."""

    @property
    def name(self) -> str:
        """Its name in links, saves and the command line."""


GameT = TypeVar("GameT", bound=Named)

_games: dict[str, Any] = {}


def register(game: GameT) -> GameT:
    """Make ``game`` one of the site's games (again: the same object replaces itself); returns it."""
    if game.name in _games and _games[game.name] is not game:
        raise SettingsError(f"a game named {game.name!r} is registered already")
    _games[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget the game ``name`` (a test's own game, once the test is over)."""
    _games.pop(name, None)


def find(name: str) -> Any:
    """The game registered as ``name``; :class:`SettingsError` if none is."""
    if name not in _games:
        raise SettingsError(f"unknown game {name[:24]!r}; games: {', '.join(_games)}")
    return _games[name]


def games() -> tuple[Any, ...]:
    """Every game registered, in the order they were."""
    return tuple(_games.values())
