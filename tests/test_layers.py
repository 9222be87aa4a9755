"""The package's floors, read from the source with ``ast``: each floor imports only the floors
below it; the generic floors never name a game (they find games in the registry); a game's
folder imports its own floors and the generic ones, never another game's; and no module imports
another in a cycle (an import only for type checking, under ``TYPE_CHECKING``, is no import)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "farfalia"
#: The floors, lowest first: rules core ← records (notation, replays, scenarios) ← bots ← page
#: logic; then a game's description (its ``site.py``, its first screen's ``about.py``, its
#: ``command.py``), the site's registry
#: (``farfalia/site.py``) and the command line. A game's folder has the first four floors too.
FLOORS = ("core", "records", "bots", "page", "game", "registry", "command line")
#: The generic floors' folders, and the floor of each (the page logic is ``ui``).
GENERIC = {"core": 0, "records": 1, "bots": 2, "ui": 3}
#: A game's own folders (``farfalia/games/<name>/<folder>``), and their floors.
GAME_FOLDERS = {"engine": 0, "records": 1, "bots": 2, "page": 3}


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _module_imports(tree: ast.Module) -> set[str]:
    """The ``farfalia`` modules a module imports when it runs (imports for type checking left out)."""
    names: set[str] = set()
    skipped = {id(child) for node in ast.walk(tree) if isinstance(node, ast.If) and _is_type_checking(node)
               for child in ast.walk(node)}  # fmt: skip
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("farfalia"):
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name.startswith("farfalia"))
    return names


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found[module] = _module_imports(ast.parse(path.read_text()))
    modules = set(found)
    return {module: {name for name in names if name in modules} for module, names in found.items()}


def floor(module: str) -> int:
    """A module's floor (an index of :data:`FLOORS`)."""
    parts = [*module.split("."), ""]
    if module in ("farfalia.cli", "farfalia.__main__"):
        return FLOORS.index("command line")
    if module == "farfalia.site":
        return FLOORS.index("registry")
    if parts[1] in GENERIC:
        return GENERIC[parts[1]]
    if parts[1] == "games" and parts[3]:
        return GAME_FOLDERS.get(parts[3], FLOORS.index("game"))
    return FLOORS.index("game")  # a game's package, or the games' package


def game_of(module: str) -> str | None:
    """The game whose folder holds ``module`` (None: a generic module)."""
    parts = [*module.split("."), ""]
    return parts[2] if parts[1] == "games" and parts[2] else None


def test_every_module_lives_in_a_floor_folder() -> None:
    loose = {m for m in _imports() if m.count(".") <= 1 and m.split(".")[-1] not in GENERIC}
    assert loose == {"farfalia", "farfalia.cli", "farfalia.__main__", "farfalia.site", "farfalia.games"}
    for module in _imports():
        parts = module.split(".")
        if game_of(module) and len(parts) > 3:  # a game's own modules: in its floors, or its description
            assert parts[3] in (*GAME_FOLDERS, "site", "about", "command"), module


def test_floors_import_only_downwards() -> None:
    upward = [(module, name) for module, names in _imports().items() for name in names if floor(name) > floor(module)]
    assert upward == []


def test_the_generic_floors_never_reach_a_game_and_a_game_never_reaches_another() -> None:
    crossing = [
        (module, name)
        for module, names in _imports().items()
        for name in names
        if game_of(name) is not None and game_of(module) != game_of(name) and floor(module) < FLOORS.index("registry")
    ]
    assert crossing == []


def test_no_game_is_named_outside_its_folder_and_the_registry() -> None:
    """A grep of the generic code (the package's floors, the page's glue, the tools that build the
    site) finds no game's folder and no game named, but for the site's own name."""
    games = [path.name for path in (PACKAGE / "games").iterdir() if (path / "site.py").exists()]
    generic = [*(p for folder in GENERIC for p in (PACKAGE / folder).rglob("*.py")), PACKAGE / "cli.py",
               ROOT / "main.py", ROOT / "diagrams.py", ROOT / "tools" / "make_rules_page.py"]  # fmt: skip
    named = re.compile(r"farfalia\.games|" + "|".join(g for g in games if g != "farfalia"), re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{n}" for path in generic
             for n, line in enumerate(path.read_text().splitlines(), 1) if named.search(line)]  # fmt: skip
    assert found == []


def test_no_import_cycles() -> None:
    graph = _imports()
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for name in sorted(graph.get(module, ())):
            assert state.get(name) != 1, " -> ".join([*path, module, name])
            if name not in state:
                visit(name, [*path, module])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
