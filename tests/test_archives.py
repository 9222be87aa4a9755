"""Each game's code where a page needs it (``farfalia.ui.archives``): each game known by its
first screen until then, its code in an archive of its own. The build's split is played here as the
browser has it: a copy of the package holding only what the page's archive holds, in a Python
started without this repository on its path, and the game's archive installed on demand."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.games.farfalia.about import FARFALIA_ABOUT
from farfalia.games.farfalia.page.render import game_picture as farfalia_picture
from farfalia.games.farfalia.site import FARFALIA_SITE
from farfalia.games.papillon.about import PAPILLON_ABOUT
from farfalia.games.papillon.page.render import game_picture as papillon_picture
from farfalia.games.papillon.site import PAPILLON_SITE
from farfalia.ui import archives
from farfalia.ui.game import LazyGame, find_game, loaded_games, site_games
from tools.build_site import archive_roots
from tools.pack_stdlib import MODULES, import_order, package_data, package_sources, split_games

ROOT = Path(__file__).resolve().parent.parent

#: Played in the copy of the package (``sys.argv[1]``: the archive's folder, ``[2]``: a Papillon
#: replay link): what a page does before Papillon's archive is here, then after.
PAGE = """
import json, random, sys
from pathlib import Path
import farfalia.site
from farfalia.core.errors import GameNotLoaded
from farfalia.ui import archives
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.saves import MemoryStorage

folder, link = sys.argv[1], sys.argv[2]
said = {"missing": archives.missing(["papillon", "farfalia"]), "wanted": archives.wanted_first(link, False)}
storage = MemoryStorage()
page = Controller(storage, "http://site/index.html", rng=random.Random(1))
page.open("")
first, kept = page.screen().overlay, dict(storage.items)
said["cards"] = [f'data-game="{game}"' in first for game in ("farfalia", "papillon")]
refused = []
for game, settings in (("farfalia", {"mode": "two"}), ("papillon", {"players": "3"})):
    for name, fields in ((Command.PLAY, {}), (Command.LEARN, {}), (Command.START, settings)):
        drawn = page.rng.getstate()
        try:
            page.command(name, {"game": game, **fields})
        except GameNotLoaded as missing:
            refused.append([game, name, missing.game, page.screen().overlay == first, page.table is None,
                            storage.items == kept and page.rng.getstate() == drawn])
try:
    page.follow(link)
except GameNotLoaded as missing:
    refused.append(["papillon", "link", missing.game, page.screen().overlay == first, page.table is None,
                    storage.items == kept])
said["refused"] = refused
archives.install("farfalia", Path(folder, "farfalia.zip").read_bytes(), folder=folder + "/lib")
said["preloaded first"] = list(archives.preload(folder + "/lib", ["farfalia"]))
page.command(Command.START, {"game": "farfalia", "mode": "two", "seed": "3"})  # at a Farfalia table, a link
table, slot, kept = page.table, page.shelf.slot, dict(storage.items)
try:
    page.follow(link)
except GameNotLoaded:
    said["kept at the table"] = page.table is table and page.shelf.slot == slot and storage.items == kept
archives.install("papillon", Path(folder, "papillon.zip").read_bytes(), folder=folder + "/lib")
said["missing after"] = archives.missing(["papillon"])
said["preloaded"] = list(archives.preload(folder + "/lib"))
said["loaded"] = farfalia.site.GAMES[1].loaded
page.command(Command.START, {"game": "papillon", "players": "3", "seed": "4"})
said["table"] = type(page.table).__name__
said["decision"] = page.screen().decision
page.follow(link)
said["viewer"] = page.studio.viewer is not None and page.studio.viewer.game_name
def place(file, game):
    return "archive" if f"/lib/{game}.zip/" in file else "tree" if "/tree/" in file else file
said["from"] = {game: sorted({place(str(module.__file__), game) for name, module in sys.modules.items()
                              if name.startswith(f"farfalia.games.{game}")}) for game in ("farfalia", "papillon")}
said["site"] = [sys.modules[f"farfalia.games.{game}.site"].__file__.split("/lib/")[-1]
                for game in ("farfalia", "papillon")]
print(json.dumps(said))
"""


def browser_copy(folder: Path) -> None:
    """The package as the browser has it (the page's archive: its modules and data) under
    ``folder/tree``, and each game's archive (its sources) at ``folder/<name>.zip``."""
    later, games = archive_roots()
    package = package_sources(later)
    split = split_games(package, games)
    for path, content in (package | package_data()).items():
        target = folder / "tree" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    for name, sources in split.items():
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for path, source in sources.items():
                archive.writestr(path, source)
            archive.writestr(MODULES, "\n".join(import_order(name, sources)))
        (folder / f"{name}.zip").write_bytes(buffer.getvalue())


def test_a_game_loads_its_code_when_first_needed_and_nothing_changes_before(tmp_path: Path) -> None:
    browser_copy(tmp_path)
    for game in ("farfalia", "papillon"):  # of each game, its first screen alone
        tree = tmp_path / "tree" / "farfalia" / "games" / game
        assert sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*.*")) == [
            "__init__.py", "about.py", "engine/__init__.py", "engine/rules.py", "page/__init__.py",
            "page/first_screen.py", "picture.svg",
        ]  # fmt: skip
    link = "replay=" + PAPILLON_SITE.sample_replays(1)[0]
    run = subprocess.run(
        [sys.executable, "-S", "-c", PAGE, str(tmp_path), link],
        capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "tree")},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    assert said["missing"] == ["farfalia", "papillon"] and said["wanted"] == ["papillon"]
    assert said["cards"] == [True, True]
    # Each refused before anything changed: the same first screen, no table, nothing stored.
    assert said["refused"] == [
        [game, command, game, True, True, True]
        for game in ("farfalia", "papillon")
        for command in ("play", "learn", "start")
    ] + [["papillon", "link", "papillon", True, True, True]]
    assert said["kept at the table"]
    assert said["missing after"] == []
    # Imported a module at a time, each after those it imports, the game itself last: the game
    # asked for alone, then the others.
    assert said["preloaded first"][-1] == "farfalia.games.farfalia.site:FARFALIA_SITE"
    assert all(module.startswith("farfalia.games.farfalia.") for module in said["preloaded first"])
    assert len(said["preloaded first"]) > 20
    preloaded = said["preloaded"]
    assert preloaded[-1] == "farfalia.games.papillon.site:PAPILLON_SITE" and said["loaded"]
    assert {"farfalia.games.papillon.engine.game", "farfalia.games.papillon.page.session"} <= set(preloaded)
    assert preloaded.index("farfalia.games.papillon.engine.cards") < preloaded.index(
        "farfalia.games.papillon.engine.game"
    )
    assert archives.MODULE_LIST == MODULES
    assert said["table"] == "PapillonSession" and said["decision"]
    assert said["viewer"] == "papillon"
    assert said["from"] == {"farfalia": ["archive", "tree"], "papillon": ["archive", "tree"]}
    assert said["site"] == ["farfalia.zip/site.py", "papillon.zip/site.py"]


def test_the_first_screen_knows_each_game_as_its_code_does() -> None:
    """What a game's ``about`` says before its code is loaded is what the loaded game says."""
    for about, picture in ((FARFALIA_ABOUT, farfalia_picture), (PAPILLON_ABOUT, papillon_picture)):
        assert about.picture() == picture(), f"farfalia/games/{about.name}/picture.svg: write game_picture() in"
    for game in loaded_games():
        assert tuple(game.levels) == game.level_names
        assert (game.lesson() is not None) == game.teaches
    lazy = [game for game in site_games() if isinstance(game, LazyGame)]
    assert [game.game() for game in lazy] == [FARFALIA_SITE, PAPILLON_SITE]
    for game, chosen in zip(lazy, ({"mode": "four", "dealer": "2", "variants": "burning"}, {"players": "3"})):
        assert game.start_options(chosen) == game.game().start_options(chosen)
        assert game.seats(chosen) == game.game().seats(chosen)
        assert game.about.texts.items() <= game.game().texts.items()


@pytest.mark.parametrize(
    ("fragment", "games"),
    [
        ("learn=papillon", ["papillon"]),
        ("learn=farfalia", ["farfalia"]),
        ("", []),
        ("replay=nonsense", []),
        ("replay=p1.x&at=3", ["papillon"]),
        ("replay=f2.x", ["farfalia"]),
        ("at=3", []),
    ],
)
def test_an_address_names_the_games_it_opens(fragment: str, games: list[str]) -> None:
    assert archives.games_named(fragment) == games


def test_nothing_is_missing_where_every_games_folder_is_on_disk() -> None:
    assert archives.missing([game.name for game in site_games()]) == []
    assert archives.wanted_first("learn=papillon", saved=True) == []
    assert find_game("papillon").lesson() is not None


def test_the_glue_writes_the_archives_where_the_package_looks() -> None:
    script = (ROOT / "assets" / "archives.js").read_text()
    assert f'const FOLDER = "{archives.ARCHIVE_FOLDER}";' in script
