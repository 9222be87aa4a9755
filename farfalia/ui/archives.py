"""Each game's code where a page needs it, and not before: the build packs a game known by its
``about`` (:class:`~farfalia.ui.game.LazyGame`) into an archive of its own (``games/<name>.zip``,
``tools/build_site.py``), its first screen staying in the package's. The pages' glue fetches an
archive when the page first needs its game (``assets/archives.js``), writes it into the runtime's
files, and :func:`attach` makes its modules importable; a game asked for before its archive is
here raises :class:`~farfalia.core.errors.GameNotLoaded`, which the glue answers by loading it.

In CPython every game's folder is on disk: nothing is ever waited for."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import zipimport
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from farfalia.core.errors import FarfaliaError
from farfalia.records.replay import replay_fields
from farfalia.ui.game import LazyGame, site_games
from farfalia.ui.lessons import fragment_game
from farfalia.ui.links import parse_link

#: Where the glue writes the archives in the runtime's files.
ARCHIVE_FOLDER: Final = "/lib/games"
#: An archive's list of its modules, each after those it imports (``tools/pack_stdlib.py`` writes it).
MODULE_LIST: Final = "modules.txt"


@dataclass
class Waiting:
    """The page's action that met a game whose code is not here yet (a click on a game's "Play"
    as its archive is on its way): done once the code has come, once, and only if the person has
    not acted again meanwhile (a later choice is the one that counts)."""

    #: The person's actions so far (each one the page takes: a click, a key that acts, a change).
    actions: int = 0

    def acted(self) -> None:
        """The person did something."""
        self.actions += 1

    def ticket(self) -> int:
        """Taken as an action waits: what :meth:`still_wanted` is asked with."""
        return self.actions

    def still_wanted(self, ticket: int) -> bool:
        """Whether the action that took ``ticket`` is still the person's latest."""
        return ticket == self.actions


def lazy_games() -> tuple[LazyGame, ...]:
    """The site's games whose code is loaded on demand."""
    return tuple(game for game in site_games() if isinstance(game, LazyGame))


def archive_path(name: str, folder: str = ARCHIVE_FOLDER) -> str:
    """Where the archive of the game ``name`` is written."""
    return f"{folder}/{name}.zip"


def _lazy(name: str) -> LazyGame:
    game = next((game for game in lazy_games() if game.name == name), None)
    if game is None:
        raise FarfaliaError(f"no game {name[:24]!r} is loaded on demand")
    return game


def missing(names: Iterable[str]) -> list[str]:
    """Those of ``names`` that are games loaded on demand whose code is not here yet (in the
    registry's order)."""
    found: list[str] = []
    for game in lazy_games():
        if game.name in names and not game.loaded and importlib.util.find_spec(game.site_module) is None:
            found.append(game.name)
    return found


def require(names: Iterable[str]) -> None:
    """The games ``names`` loaded now: :class:`~farfalia.core.errors.GameNotLoaded` where one's
    code is not here, or not imported yet where it is imported in steps (asked before anything
    changes, so that the page can load it and do the same again)."""
    for game in lazy_games():
        if game.name in names:
            game.game()


def games_named(fragment: str) -> list[str]:
    """The games an address fragment opens: a replay link's (by its version's first letter), a
    lesson's (``learn=<game>``); none for anything else, a link that cannot be read included (its
    fault is the page's to say)."""
    learnt = fragment_game(fragment)
    if learnt is not None:
        return [learnt]
    try:
        fields = replay_fields(parse_link(fragment).replay)
    except FarfaliaError:
        return []
    prefix = fields[0][:1] if fields else ""
    return [game.name for game in site_games() if prefix and game.replay_prefix == prefix]


def wanted_first(fragment: str, saved: bool) -> list[str]:
    """The games whose code a page needs before its first screen: those its address opens, and
    every game where games may be ``saved`` (their list says what each one is)."""
    names = [game.name for game in lazy_games()] if saved else games_named(fragment)
    return missing(names)


def attach(name: str, path: str) -> None:
    """Make the modules of the game ``name``'s archive at ``path`` importable: each of its
    packages already imported (those its first screen needed) looks into the archive too, and
    the rest are found there. Attaching again changes nothing."""
    package = _lazy(name).package
    for module_name, module in list(sys.modules.items()):
        paths = getattr(module, "__path__", None)
        if paths is None or (module_name != package and not module_name.startswith(f"{package}.")):
            continue
        relative = module_name[len(package) :].lstrip(".").replace(".", "/")
        entry = f"{path}/{relative}" if relative else path
        sys.path_importer_cache.pop(entry, None)  # what a finder made of a file there before (none, or another)
        if entry not in paths:
            paths.append(entry)


def install(name: str, content: bytes, folder: str = ARCHIVE_FOLDER) -> None:
    """Write the game ``name``'s archive (``content``, fetched by the glue) under ``folder`` and
    attach it."""
    path = Path(archive_path(name, folder))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    attach(name, str(path))


async def load(names: Iterable[str], fetch: Callable[[str], Awaitable[bytes]], folder: str = ARCHIVE_FOLDER) -> None:
    """The games ``names`` whose code is not here yet, their archives fetched (``fetch``, the
    glue's) and installed."""
    for name in missing(list(names)):
        install(name, await fetch(name), folder)


def preload(folder: str = ARCHIVE_FOLDER, names: Iterable[str] | None = None) -> Iterator[str]:
    """Every game's code imported a module at a time, as its archive's list orders them (the page
    lets itself breathe between two steps, so that none is a long task): each step names the
    module it imported. A game whose archive is not here is left to load when first needed.
    With ``names``, those games only, which :func:`load` has made importable: each one loaded
    (from its folder, where its code has no archive)."""
    wanted = None if names is None else set(names)
    for game in lazy_games():
        if game.loaded or (wanted is not None and game.name not in wanted):
            continue
        path = archive_path(game.name, folder)
        archived = Path(path).is_file()
        if not archived and wanted is None:
            continue
        if archived:
            for module in zipimport.zipimporter(path).get_data(MODULE_LIST).decode().split():
                importlib.import_module(module)
                yield module
        game.load()
        yield game.site


def load_all(folder: str = ARCHIVE_FOLDER) -> None:
    """Every game loaded, from its archive under ``folder`` (written there by the glue), its
    review's module too: what the bots' worker and the memory snapshot hold."""
    for game in lazy_games():
        path = archive_path(game.name, folder)
        if not game.loaded and Path(path).is_file():
            attach(game.name, path)
        game.load()
        importlib.import_module(game.review_module)
