"""The static site's build: what it keeps of the runtime, its relative URLs, the web app
manifest and icons, the service worker's versioning, and the local static server."""

from __future__ import annotations

import ast
import gzip
import html
import importlib
import importlib.machinery
import json
import marshal
import re
import struct
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import brotli
import pytest

from farfalia.ui.game import site_games
from tools import build_site, serve
from tools.pack_stdlib import (
    GLUE_MODULES,
    imported_names,
    listed_modules,
    module_name,
    package_path,
    package_sources,
    pyscript_bytecode,
)

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PAGES = ("index.html", "embed.html", "rules.html", "papillon.html")


@pytest.mark.skipif(not PYODIDE_STDLIB.is_file(), reason="needs node_modules (make test installs it)")
def test_the_trimmed_standard_library_keeps_every_module_the_game_imports() -> None:
    with zipfile.ZipFile(PYODIDE_STDLIB) as archive:
        files = {module_name(name) for name in archive.namelist() if name.endswith(".py")}
    kept = set(listed_modules())
    assert kept <= files, f"not in Pyodide's library: {sorted(kept - files)}"
    browser_side = [ROOT / "main.py", ROOT / "diagrams.py", *(ROOT / name for name in package_sources())]
    needed = {
        name for path in browser_side for name in imported_names(path) if name.split(".")[0] in sys.stdlib_module_names
    }
    missing = sorted(name for name in needed & files if name not in kept)
    assert not missing, f"imported by the game, left out of the site: {missing} (see tools/stdlib-modules.txt)"


def test_every_url_in_the_pages_is_relative() -> None:
    for name in (*PAGES, "manifest.webmanifest", "pyscript.toml"):
        text = (ROOT / name).read_text()
        urls = re.findall(r'(?:src|href|interpreter)\s*=\s*"([^"#]+)"', text) + re.findall(
            r'"(?:src|start_url|scope)": "([^"]*)"', text
        )
        assert urls, name
        absolute = [url for url in urls if url.startswith(("/", "http:", "https:", "//"))]
        assert not absolute, f"{name} has absolute URLs {absolute}: the site must work from any path"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_makes_the_game_installable() -> None:
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Farfalia" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        path = ROOT / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes[(width, icon.get("purpose", "any"))] = path
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= set(sizes)
    for page in PAGES:
        assert 'rel="manifest" href="./manifest.webmanifest"' in (ROOT / page).read_text(), page


def make_site(folder: Path, css: str) -> None:
    (folder / "assets").mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text("<!doctype html><title>t</title>")
    (folder / "assets" / "style.css").write_text(css)


def test_the_service_worker_version_follows_the_content(tmp_path: Path) -> None:
    make_site(tmp_path, "body { color: red }")
    first = build_site.write_service_worker(tmp_path)
    worker = (tmp_path / "sw.js").read_text()
    assert json.dumps(first) in worker and "__VERSION__" not in worker
    assert '["assets/style.css", "index.html"]' in worker  # not itself, and no compressed twins
    assert build_site.write_service_worker(tmp_path) == first  # the same files, the same version
    make_site(tmp_path, "body { color: blue }")
    assert build_site.write_service_worker(tmp_path) != first


def test_the_memory_snapshot_is_kept_under_the_sites_version(tmp_path: Path) -> None:
    module = tmp_path / "memory-snapshot.js"
    module.write_text((ROOT / "assets" / "memory-snapshot.js").read_text())
    build_site.stamp_version(module, "0123456789abcdef")
    stamped = module.read_text()
    assert 'export const VERSION = "0123456789abcdef";' in stamped and "__VERSION__" not in stamped
    with pytest.raises(ValueError, match="no version"):  # stamped twice: the build would have a bug
        build_site.stamp_version(module, "fedcba9876543210")


def test_the_memory_snapshot_holds_every_module_the_pages_import() -> None:
    """``farfalia.site`` and ``farfalia.ui.pages``, and every game loaded (what the snapshot holds,
    ``assets/memory-snapshot.js``) import every package module ``main.py``, ``diagrams.py`` and the
    bots' worker import as they start, and a review's (so that asking for one imports nothing), in a
    fresh interpreter."""
    code = (
        "import sys, farfalia.site, farfalia.ui.pages, farfalia.ui.archives as archives; archives.load_all(); "
        "print(' '.join(sorted(sys.modules)))"
    )
    imported = set(
        subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT
        ).stdout.split()
    )
    glue = {name for path in (ROOT / "main.py", ROOT / "diagrams.py") for name in imported_names(path)}
    worker_and_reviews = {"farfalia.ui.answers", "farfalia.ui.reviews", "farfalia.ui.practice",
                          *(g.review_module for g in site_games())}  # fmt: skip
    needed = {name for name in glue if package_path(name)} | worker_and_reviews
    assert needed and not needed - imported, sorted(needed - imported)


def test_compressed_twins_are_reproducible(tmp_path: Path) -> None:
    """Both twins hold the file, the same bytes each build; a Brotli twin made before is taken
    from where it was kept, and a file that changed is compressed again."""
    site, kept = tmp_path / "site", tmp_path / "kept"
    make_site(site, "body { color: red }" * 100)
    build_site.compress(site, kept)
    style = site / "assets" / "style.css"
    gz, br = Path(f"{style}.gz"), Path(f"{style}.br")
    first = gz.read_bytes(), br.read_bytes()
    assert gzip.decompress(first[0]) == brotli.decompress(first[1]) == style.read_bytes()
    assert len(first[1]) < style.stat().st_size
    build_site.compress(site, kept)
    assert (gz.read_bytes(), br.read_bytes()) == first
    for twin in kept.iterdir():
        twin.write_bytes(brotli.compress(b"kept"))  # what was kept is what is taken
    build_site.compress(site, kept)
    assert brotli.decompress(br.read_bytes()) == b"kept"
    style.write_text("body { color: blue }")
    build_site.compress(site, kept)
    assert brotli.decompress(br.read_bytes()) == style.read_bytes()


def fetch(url: str, encoding: str | None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


def test_the_local_server_serves_like_a_static_host(tmp_path: Path) -> None:
    make_site(tmp_path, "body { color: red }" * 100)
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm" + bytes(100))
    build_site.compress(tmp_path, tmp_path / "kept")
    server = serve.start(tmp_path, base="/sub/")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        status, headers, body = fetch(f"{base}/sub/assets/style.css", "gzip, deflate")
        assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "text/css"
        assert gzip.decompress(body) == (tmp_path / "assets" / "style.css").read_bytes()
        status, headers, body = fetch(f"{base}/sub/assets/style.css", "gzip, deflate, br;q=1.0")  # Brotli first
        assert status == 200 and headers["Content-Encoding"] == "br" and headers["Content-Type"] == "text/css"
        assert brotli.decompress(body) == (tmp_path / "assets" / "style.css").read_bytes()
        status, headers, body = fetch(f"{base}/sub/assets/style.css", None)
        assert "Content-Encoding" not in headers and body == (tmp_path / "assets" / "style.css").read_bytes()
        status, headers, _ = fetch(f"{base}/sub/runtime.wasm", "gzip")
        assert headers["Content-Type"] == "application/wasm"
        assert fetch(f"{base}/sub/", "gzip")[0] == 200
        assert fetch(f"{base}/index.html", None)[0] == 404  # outside the sub-path
    finally:
        server.shutdown()


def test_every_page_ships_a_policy_that_runs_no_string_as_script(tmp_path: Path) -> None:
    policy = build_site.CONTENT_SECURITY_POLICY
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy and "default-src 'none'" in policy
    for name in (n for n in build_site.PAGES if n.endswith(".html")):
        page = build_site.with_policy((ROOT / name).read_text())
        assert f'<meta http-equiv="Content-Security-Policy" content="{policy}">' in page, name
    (tmp_path / "_headers").write_text(build_site.headers_file())
    (tmp_path / "embed.html").write_text("<p>embed</p>")
    (tmp_path / "index.html").write_text("<p>game</p>")
    server = serve.start(tmp_path)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        for path, ancestors in (("/", "'self'"), ("/index.html", "'self'"), ("/embed.html", "*")):
            _, headers, _ = fetch(base + path, None)
            assert headers["Content-Security-Policy"] == f"{policy}; frame-ancestors {ancestors}", path
            assert headers["X-Content-Type-Options"] == "nosniff"
    finally:
        server.shutdown()


def test_the_script_embed_turns_off_the_plugins_the_pages_do() -> None:
    """PyScript loads every plugin a config does not turn off, MicroPython's config too: the
    script embed, whose config is its own, turns off those ``pyscript.toml`` does (none shipped)."""
    toml = re.search(r"^plugins = (\[.*\])$", (ROOT / "pyscript.toml").read_text(), re.MULTILINE)
    embed = re.search(r"const plugins = (\[.*\]);", (ROOT / "assets" / "embed.js").read_text())
    assert toml is not None and embed is not None and json.loads(toml[1]) == json.loads(embed[1])
    assert all(name.startswith("!") for name in json.loads(toml[1]))
    for page in ("index.html", "embed.html", "rules.html"):
        assert '<mpy-config src="./pyscript.toml"></mpy-config>' in (ROOT / page).read_text()


def test_each_page_carries_pyscript_toml_written_in_as_json() -> None:
    """The build writes ``pyscript.toml`` into every page, Python's config and MicroPython's
    ``<mpy-config>``: PyScript then fetches no config file and loads no TOML reader."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    for name in (*PAGES, *build_site.RULES_PAGES):
        built = build_site.with_config((ROOT / name).read_text())
        assert "pyscript.toml" not in built, name
        script = re.search(r'<script type="py" src="\./(\w+\.py)" config="([^"]+)"></script>', built)
        micropython = re.search(r"<mpy-config>(.+)</mpy-config>", built)
        assert script is not None and micropython is not None, name
        assert json.loads(html.unescape(script[2])) == config
        assert json.loads(html.unescape(micropython[1])) == {"plugins": config["plugins"]}
    with pytest.raises(ValueError, match=r"pyscript\.toml"):  # a page that names it otherwise: the build says so
        build_site.with_config('<script type="py" src="./main.py" config="pyscript.toml"></script>')


def test_the_served_glue_scripts_import_the_compiled_glue() -> None:
    """``main.py`` and ``diagrams.py`` as served import the module the runtime's archive holds
    compiled from them (:data:`~tools.pack_stdlib.GLUE_MODULES`), and nothing else."""
    for module, path in GLUE_MODULES.items():
        served = build_site.glue_script(path.name)
        tree = ast.parse(served)
        assert [node.names[0].name for node in tree.body if isinstance(node, ast.Import)] == [module]
        assert path.name in ast.get_docstring(tree)
    assert {path.name for path in GLUE_MODULES.values()} == {"main.py", "diagrams.py"}


@pytest.mark.skipif(not build_site.PYSCRIPT.is_dir(), reason="needs node_modules (make test installs it)")
def test_pyscripts_own_modules_are_read_from_its_core() -> None:
    """The build reads the modules PyScript writes at every start from its core chunk: the
    vendored one's ``pyscript`` package, and a core that changed its form is said, not guessed."""
    chunk = next(build_site.PYSCRIPT.glob("core-*.js")).read_text()
    modules = build_site.pyscript_modules(chunk)
    assert {"__init__.py", "context.py", "display.py"} <= set(modules)
    assert modules["__init__.py"].startswith("from polyscript import")
    for name, source in modules.items():
        compile(source, name, "exec")
    made_up = 'go(".",{pyscript:{"__init__.py":"from . import a\\n","a.py":"X = \\"\\\\u00e9\\"\\n"}}),more'
    assert build_site.pyscript_modules(made_up) == {"__init__.py": "from . import a\n", "a.py": 'X = "\\u00e9"\n'}
    broken_chunks = ("no modules here", made_up + made_up, 'x={pyscript:{"a.py":1}}', 'x={pyscript:{"a.py" "b"}}',
                     'x={pyscript:{"a.py"', 'x={pyscript:{"a.py":"b"')  # fmt: skip
    for broken in broken_chunks:
        with pytest.raises(ValueError, match="PyScript"):
            build_site.pyscript_modules(broken)


def test_pyscripts_bytecode_is_used_for_its_own_sources_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`~tools.pack_stdlib.pyscript_bytecode` writes each module's checked-hash bytecode where
    Python looks for it: an import of the source it was compiled from compiles nothing, and a
    source that differs (another PyScript) is compiled as before, never run from the wrong bytecode."""
    sources = {"__init__.py": "", "same.py": "WHO = 'bytecode'\n", "changed.py": "WHO = 'bytecode'\n"}
    data = pyscript_bytecode(sources)
    writer: dict[str, Any] = {}
    exec(marshal.loads(data[16:]), writer)  # the archive's .pyc: a 16-byte header, then the code
    monkeypatch.chdir(tmp_path)
    writer["write"]()
    assert len(list((tmp_path / "pyscript" / "__pycache__").iterdir())) == 3
    for name, source in sources.items():  # as PyScript writes them, but one
        written = source.replace("bytecode", "source") if name == "changed.py" else source
        (tmp_path / "pyscript" / name).write_text(written)
    compiled: list[str] = []
    source_to_code = importlib.machinery.SourceFileLoader.source_to_code

    def counted(loader: Any, source: bytes, path: str, **options: Any) -> Any:
        compiled.append(Path(path).name)
        return source_to_code(loader, source, path, **options)

    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code", counted)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    for name in ("pyscript", "pyscript.same", "pyscript.changed"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    same, changed = importlib.import_module("pyscript.same"), importlib.import_module("pyscript.changed")
    assert (same.WHO, changed.WHO) == ("bytecode", "source")
    assert compiled == ["changed.py"]
