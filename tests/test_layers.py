"""The package's floors: each layer imports only the layers below it, and no
module imports another in a cycle. Read from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "farfalia"
#: The layers, lowest first: rules core ← records (notation, replays) ← bots ← page.
LAYERS = ("engine", "records", "bots", "ui")


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports."""
    found: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("farfalia"):
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names if alias.name.startswith("farfalia"))
        found[module] = names
    modules = set(found)
    return {module: {name for name in names if name in modules} for module, names in found.items()}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_lives_in_a_layer_folder() -> None:
    loose = {m for m in _imports() if _layer(m) is None and m.count(".") == 1}
    assert loose == {"farfalia.cli", "farfalia.__main__"}  # the command line sits above every layer


def test_layers_import_only_downwards() -> None:
    upward = [
        (module, name)
        for module, names in _imports().items()
        for name in names
        if _layer(module) is not None and _layer(name) is not None and _layer(name) > _layer(module)  # type: ignore[operator]
    ]
    assert upward == []


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
