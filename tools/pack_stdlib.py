"""Pack the site's ``python_stdlib.zip``: run inside Pyodide under Node (by
``tools/build_site.py``), so the bytecode is the browser's Python's.

It holds only bytecode, no sources: for the standard library modules named in
``tools/stdlib-modules.txt`` (taken from Pyodide's own ``python_stdlib.zip``) and for the
``farfalia`` modules the pages import (not the command line, the tournament or the rules
pages' sources: :func:`imported_names`), and for the pages' glue itself (``main.py`` and
``diagrams.py``, as :data:`GLUE_MODULES`). So the page never compiles its own Python: Pyodide's
own archive holds sources, which every start compiles again (that is most of a bare start-up).
Everything is compiled as ``python -OO`` would (no docstrings, no asserts: a configuration CPython tests its library
in; the package's asserts only narrow types, and its CPython tests run them), but for
``_pyodide/_core_docs.py``, whose docstrings Pyodide reads at start-up. With
``PYTHONNODEBUGRANGES`` (set by ``build_site.py``) the bytecode has no column positions:
tracebacks keep their file and line, and the download is a third smaller.

Every ``.pyc`` of the archive is unchecked-hash bytecode: valid whatever the entry's date (the
bytecode of PyScript's modules that :data:`PYSCRIPT_BYTECODE` holds is checked-hash: their
sources are PyScript's, written at every start).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import marshal
import sys
import types
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Final

#: The repository (mounted at /repo under Node; the module is also imported in CPython by
#: ``build_site.py`` and the tests for its helpers).
REPO = Path(__file__).resolve().parent.parent
STDLIB = Path(f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip")
KEEP = REPO / "tools" / "stdlib-modules.txt"
TARGET = REPO / "build" / "python_stdlib.zip"
LOCALE = REPO / "farfalia" / "locale"
#: Compiled with its docstrings: Pyodide gives them to the JavaScript objects' methods at start-up.
KEEP_DOCSTRINGS = "_pyodide/_core_docs.py"
#: The pages' glue in the archive, by module name: the scripts the pages run only import it (the
#: build writes them: ``tools/build_site.py``), so that a start compiles none of it.
GLUE_MODULES: Final = {"main_glue": REPO / "main.py", "diagrams_glue": REPO / "diagrams.py"}
#: The pages' glue, whose imports are the package's archive (:func:`package_sources`).
PAGES: Final = tuple(GLUE_MODULES.values())
#: The module that writes PyScript's own modules' bytecode where Python looks for it
#: (:func:`pyscript_bytecode`), from their sources (``--pyscript=<file>``: JSON, by file name).
PYSCRIPT_BYTECODE: Final = "pyscript_bytecode"
PYSCRIPT_BYTECODE_SOURCE: Final = '''"""PyScript's own modules, compiled by the build (tools/pack_stdlib.py)."""

import os

#: Each module's checked-hash bytecode, by where Python looks for it (from the page's folder).
BYTECODE = {bytecode!r}


def write() -> None:
    """Write the bytecode where Python looks for it, before PyScript writes the modules' sources
    and imports them: Python uses each only for the very source it was compiled from."""
    for path, data in BYTECODE.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)
'''
#: The games' own archives (``--game=<name>:<module>,<module>``: each game loaded on demand).
GAMES = REPO / "build" / "games"
#: A game's archive's list of its modules, each after those it imports (:func:`import_order`).
MODULES: Final = "modules.txt"
#: A fixed date for every entry, so the same sources give the same archive.
DATE = (2020, 1, 1, 0, 0, 0)


def kept_modules() -> list[str]:
    """The modules to keep: the list, or with ``--full`` all of them (to record what the page imports)."""
    if "--full" in sys.argv[1:]:
        with zipfile.ZipFile(STDLIB) as archive:
            return sorted({module_name(name) for name in archive.namelist() if name.endswith(".py")})
    return listed_modules()


def listed_modules() -> list[str]:
    """The modules ``tools/stdlib-modules.txt`` names."""
    lines = (line.split("#")[0].strip() for line in KEEP.read_text().splitlines())
    return [line for line in lines if line]


def module_name(path: str) -> str:
    """``json/__init__.py`` -> ``json``; ``xml/etree/ElementTree.py`` -> ``xml.etree.ElementTree``."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def stdlib_sources(modules: list[str]) -> dict[str, bytes]:
    """The kept modules' files in Pyodide's standard library, by archive path."""
    found: dict[str, bytes] = {}
    with zipfile.ZipFile(STDLIB) as archive:
        names = set(archive.namelist())
        for module in modules:
            base = module.replace(".", "/")
            candidates = [f"{base}.py", f"{base}/__init__.py"]
            matches = [c for c in candidates if c in names]
            if not matches:
                raise SystemExit(f"{KEEP.name}: {module} is not in Pyodide's standard library")
            for path in matches:
                found[path] = archive.read(path)
    return found


def package_sources(imported_later: Sequence[str] = (), starts: Sequence[Path] = PAGES) -> dict[str, bytes]:
    """The package's modules the pages can import: those the ``starts`` import (the pages' glue),
    the modules ``imported_later`` (by name, when the page asks for them: a game's review), and theirs."""
    found: dict[str, bytes] = {}
    waiting = list(starts)
    for module in imported_later:
        path = package_path(module)
        if path is None:
            raise SystemExit(f"no module {module} in the package")
        found[path.relative_to(REPO).as_posix()] = path.read_bytes()
        waiting.append(path)
    while waiting:
        for module in imported_modules(waiting.pop()):
            path = package_path(module)
            name = path.relative_to(REPO).as_posix() if path else ""
            if path and name not in found:
                found[name] = path.read_bytes()
                waiting.append(path)
    return found


def imported_names(path: Path) -> set[str]:
    """Every absolute module name ``path`` imports when it is imported (for ``from a import b``:
    ``a`` and ``a.b``): not those under ``if TYPE_CHECKING:`` (for the type checker only), nor
    those inside a function (the command line's and the build's, which a game's description
    imports only when asked: its command-line options, its rules page's source; and the review's,
    which the page imports when a review is shown: ``package_sources``' ``imported_later``)."""
    names: set[str] = set()
    waiting: list[ast.AST] = [ast.parse(path.read_bytes())]
    while waiting:
        node = waiting.pop()
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            waiting.extend(node.orelse)
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            waiting.extend(ast.iter_child_nodes(node))
    return names


def imported_modules(path: Path) -> set[str]:
    """The names of the ``farfalia`` modules (and their packages) ``path`` imports."""
    found = {name for name in imported_names(path) if name.split(".")[0] == "farfalia"}
    return found | {name.rsplit(".", 1)[0] for name in found if "." in name}


def package_path(module: str) -> Path | None:
    """The file of a module of the package (None for a name that is not a module)."""
    base = REPO / module.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


class Unannotated(ast.NodeTransformer):
    """A module without what only a type checker reads: its functions' annotations (under
    ``from __future__ import annotations`` each is a string the module keeps for nothing at
    run time; the package reads none) and its ``if TYPE_CHECKING:`` blocks. Classes keep
    theirs: dataclasses read them."""

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        node.returns = None
        arguments = node.args
        for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg,
                         arguments.kwarg):  # fmt: skip
            if argument is not None:
                argument.annotation = None
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt]:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return [self.visit(statement) for statement in node.orelse]
        return self.generic_visit(node)


def bytecode(name: str, source: bytes, optimize: int, filename: str | None = None) -> bytes:
    """The ``.pyc`` of ``source``, unchecked-hash (the package's own without its annotations:
    :class:`Unannotated`); its tracebacks name ``filename``, by default its place in the archive."""
    tree: ast.AST = ast.parse(source)
    if name.startswith("farfalia/"):
        tree = ast.fix_missing_locations(Unannotated().visit(tree))
    code = compile(tree, filename or f"{STDLIB}/{name}", "exec", dont_inherit=True, optimize=optimize)
    return hash_based_pyc(code, source, checked=False)


def hash_based_pyc(code: types.CodeType, source: bytes, checked: bool) -> bytes:
    """A ``.pyc`` of ``code`` keyed by the hash of its ``source``: ``checked``, Python uses it only
    for that very source; unchecked, whatever the source beside it."""
    flags = 0b11 if checked else 0b01  # hash-based, and whether the source is checked
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little") + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def pyscript_bytecode(sources: dict[str, str]) -> bytes:
    """The ``.pyc`` of :data:`PYSCRIPT_BYTECODE`, holding the checked-hash bytecode of each of
    PyScript's modules (``sources``: by file name, as PyScript writes them into ``pyscript/`` at
    every start). Without it, every start compiles them again."""
    compiled = {}
    for name, text in sorted(sources.items()):
        path, source = f"pyscript/{name}", text.encode()
        code = compile(source, path, "exec", dont_inherit=True)
        compiled[importlib.util.cache_from_source(path)] = hash_based_pyc(code, source, checked=True)
    return bytecode(f"{PYSCRIPT_BYTECODE}.py", PYSCRIPT_BYTECODE_SOURCE.format(bytecode=compiled).encode(), 2)


def archive_entries(sources: dict[str, bytes]) -> dict[str, bytes]:
    """The archive's bytecode, by path, of ``sources`` (path: source)."""
    return {
        str(PurePosixPath(name).with_suffix(".pyc")): bytecode(name, source, 0 if name == KEEP_DOCSTRINGS else 2)
        for name, source in sources.items()
    }


def package_data() -> dict[str, bytes]:
    """The package's data the page reads: the compiled catalogs (``tools/catalogs.py``), the
    first screen's pictures of the games loaded on demand (their ``about``)."""
    files = sorted(LOCALE.glob("*.mo")) + sorted((REPO / "farfalia" / "games").glob("*/picture.svg"))
    return {path.relative_to(REPO).as_posix(): path.read_bytes() for path in files}


def write(entries: dict[str, bytes], target: Path = TARGET) -> None:
    """The archive, its entries stored (not deflated one by one): the site's compressed twins
    compress it whole, finding what its modules share (the figures: ``docs/deploying.md``,
    "Compression"), and an import reads its module without inflating it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, entries[name])


def game_folder(name: str) -> str:
    """The game ``name``'s folder in the package, as its files' paths begin."""
    return f"farfalia/games/{name}/"


def split_games(package: dict[str, bytes], games: dict[str, list[str]]) -> dict[str, dict[str, bytes]]:
    """Each game loaded on demand (``games``: its name, the modules it starts from) as its own
    sources: the modules of its folder that the pages' archive (``package``) does not hold, by
    path in the folder. The package's other modules that only such a game imports join ``package``."""
    split: dict[str, dict[str, bytes]] = {}
    for name, roots in games.items():
        folder = game_folder(name)
        own = package_sources(roots, starts=())
        split[name] = {path.removeprefix(folder): source for path, source in own.items()
                       if path.startswith(folder) and path not in package}  # fmt: skip
        package.update({path: source for path, source in own.items() if not path.startswith(folder)})
    return split


def import_order(name: str, sources: dict[str, bytes]) -> list[str]:
    """The modules of the game ``name``'s own ``sources`` (by path in its folder), each after those
    it imports: a page can import them one at a time (:data:`MODULES`)."""
    folder = game_folder(name)
    by_module = {module_name(folder + path): path for path in sources if path.endswith(".py")}
    order: list[str] = []
    seen: set[str] = set()

    def visit(module: str) -> None:  # the package has no import cycles (tests/test_layers.py)
        if module not in seen:
            seen.add(module)
            for imported in sorted(imported_modules(REPO / folder / by_module[module]) & by_module.keys()):
                visit(imported)
            order.append(module)

    for module in sorted(by_module):
        visit(module)
    return order


def argument(name: str) -> list[str]:
    """The values of ``--<name>=…`` options."""
    return [arg.removeprefix(f"--{name}=") for arg in sys.argv[1:] if arg.startswith(f"--{name}=")]


def main() -> None:
    later = next(iter(argument("later")), "")
    games = {name: modules.split(",") for name, _, modules in (game.partition(":") for game in argument("game"))}
    stdlib, package = stdlib_sources(kept_modules()), package_sources([name for name in later.split(",") if name])
    for name, sources in split_games(package, games).items():
        target = GAMES / f"{name}.zip"
        folder = game_folder(name)
        entries = {PurePosixPath(path).with_suffix(".pyc").as_posix(): bytecode(folder + path, source, 2)
                   for path, source in sources.items()}  # fmt: skip
        write(entries | {MODULES: "\n".join(import_order(name, sources)).encode()}, target)
        print(f"{target.name}: {len(sources)} modules, {target.stat().st_size / 1e3:.0f} kB")
    started = {f"{module}.pyc": bytecode(f"{module}.py", path.read_bytes(), 2, path.name)
               for module, path in GLUE_MODULES.items()}  # fmt: skip
    for sources in argument("pyscript"):
        started[f"{PYSCRIPT_BYTECODE}.pyc"] = pyscript_bytecode(json.loads(Path(sources).read_text()))
    write(archive_entries(stdlib | package) | started | package_data())
    print(f"python_stdlib.zip: {len(stdlib) + len(package)} modules, {TARGET.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
