"""Build ``dist/``: exactly the files the site serves, ready for any static host.

- The pages and ``assets/`` as they are in the repository (every URL in them is relative, so the
  folder works from any path), but that each page carries ``pyscript.toml`` written in as JSON
  (:func:`with_config`), and that ``main.py`` and ``diagrams.py`` only import their glue, which
  the runtime's archive holds compiled (:func:`glue_script`).
- The runtime: Pyodide's core files and the PyScript chunks the pages load, from
  ``node_modules`` (pinned in package-lock.json). Pyodide's ``python_stdlib.zip`` is
  replaced by one that holds only the standard library modules the game and the runtime
  import (``tools/stdlib-modules.txt``) and the ``farfalia`` package, all byte-compiled
  for the browser's Python (by Pyodide itself, under Node, in ``tools/pack_stdlib.py``).
  The game imports its package from there: no micropip, no wheel, no extra request.
  Its lock file keeps no packages (the page loads none).
- ``games/<name>.zip``: the code of each game loaded on demand (``farfalia.ui.archives``), its
  list written into ``assets/archives.js``.
- ``sw.js``: the service worker, its precache list and version (a hash of every
  file's content) written in, so a new deploy replaces the old cache.
- ``*.gz`` and ``*.br`` (Brotli) beside every compressible file, for hosts that serve
  pre-compressed files (``tools/serve.py`` does, as ``make play`` and the tests use it). Brotli at
  its best quality takes half a minute for the runtime's ``.wasm``: each twin is kept in
  ``build/brotli/`` by its source's hash, so a build compresses only what changed.

It also builds ``build/bare/``: the untrimmed runtime and a page that only boots it,
the baseline of ``tools/bench_startup.py``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path

import brotli

import farfalia.site  # noqa: F401 (the site's games, registered)
from farfalia.ui.archives import lazy_games
from farfalia.ui.game import site_games
from farfalia.ui.language import LANGUAGES, early_texts, rules_page
from tools.catalogs import compile_catalogs
from tools.pack_stdlib import GLUE_MODULES, KEEP, module_name

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BARE = ROOT / "build" / "bare"
#: Brotli twins made before, by their source's hash (:func:`brotli_of`).
BROTLI_KEPT = ROOT / "build" / "brotli"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYSCRIPT = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
#: Each game's rules page in every language (tools/make_rules_page.py writes them).
RULES_PAGES = tuple(rules_page(code, game.rules_page) for game in site_games() for code in LANGUAGES)
PAGES = ("index.html", "embed.html", *RULES_PAGES, "main.py", "diagrams.py", "manifest.webmanifest")
#: PyScript's configuration, which the build writes into every page (:func:`with_config`), for
#: Python (the script's ``config``) and for MicroPython (the pages' ``<mpy-config>``).
CONFIG = ROOT / "pyscript.toml"
SCRIPT_CONFIG = 'config="./pyscript.toml"'
MPY_CONFIG = '<mpy-config src="./pyscript.toml"></mpy-config>'
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: PyScript's chunks the pages load: its core and its error plugin (``pyscript.toml`` turns the
#: others off: the editor, the terminal, the game canvas; nor are the TOML reader, the zip reader
#: and MicroPython ever loaded: the pages' configuration is JSON, :func:`with_config`).
PYSCRIPT_FILES = ("core.js", "core.css", "core-*.js", "error-*.js")
#: The pages' Content Security Policy: nothing but the site itself, and no string ever run as
#: script ('wasm-unsafe-eval' lets Pyodide compile its WebAssembly; PyScript's one use of
#: `Function()` is avoided, see assets/no-eval.js; an embed's still picture is a blob: image,
#: see assets/still.js). The build writes it into every page as a
#: ``<meta http-equiv>`` and into ``_headers`` for static hosts that read one.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' blob:; "
    "connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)
#: Who may frame each page (only a header can say so): the embed page, anyone.
FRAME_ANCESTORS = {"index.html": "'self'", "embed.html": "*"} | dict.fromkeys(RULES_PAGES, "'self'")
#: The compressed twins' suffixes.
TWINS = {".gz", ".br"}
#: What is worth compressing (the site's ``python_stdlib.zip`` stores its entries: its twins compress it whole).
COMPRESSIBLE = {
    ".html", ".js", ".mjs", ".css", ".svg", ".json", ".py", ".toml", ".wasm", ".webmanifest", ".txt", ".zip"
}  # fmt: skip
#: Not precached by the service worker: itself and the host's headers file (nor the compressed
#: twins, see site_files).
NOT_PRECACHED = {"sw.js", "_headers"}


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def archive_roots() -> tuple[list[str], dict[str, list[str]]]:
    """What the archives start from, beyond what the pages' glue imports: the package's modules
    the pages import later (the reviews when one is shown, the worker's, those the memory
    snapshot holds), and each game loaded on demand's own (its site module and its review's)."""
    lazy = lazy_games()
    later = ["farfalia.ui.reviews", "farfalia.ui.answers", "farfalia.ui.pages", "farfalia.ui.archives"]
    later += [game.review_module for game in site_games() if game not in lazy]
    return later, {game.name: [game.site_module, game.review_module] for game in lazy}


def pack_stdlib(target: Path, full: bool) -> None:
    """The trimmed (or ``full``) standard library with the package, compiled by Pyodide under Node."""
    work = ROOT / "build" / "python_stdlib.zip"
    work.parent.mkdir(parents=True, exist_ok=True)
    later, games = archive_roots()
    sources = ROOT / "build" / "pyscript-modules.json"
    chunk = next(PYSCRIPT.glob("core-*.js")).read_text()
    sources.write_text(json.dumps(pyscript_modules(chunk)))
    argv = ["pack_stdlib", f"--later={','.join(later)}", f"--pyscript=/repo/{sources.relative_to(ROOT)}"]
    argv += [f"--game={name}:{','.join(modules)}" for name, modules in games.items()] + (["--full"] if full else [])
    code = f"import runpy, sys; sys.argv = {argv!r}; runpy.run_path('/repo/tools/pack_stdlib.py', run_name='__main__')"
    # Bytecode without column positions (tracebacks keep their lines, lose the ^^^ marks): a third smaller.
    environment = {**os.environ, "PYTHONNODEBUGRANGES": "1"}
    subprocess.run(["node", str(ROOT / "tools" / "run_in_pyodide.mjs"), code], check=True, cwd=ROOT, env=environment)
    copy(work, target)


#: A JavaScript string literal in double quotes (PyScript's core writes its modules' as JSON would).
STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"')


def pyscript_modules(chunk: str) -> dict[str, str]:
    """PyScript's own Python modules (its ``pyscript`` package), by file name, as its core chunk
    (``chunk``: its text) writes them into the runtime's files at every start: the object after
    ``{pyscript:{``, of names and sources in double quotes."""
    marker = "{pyscript:{"
    if chunk.count(marker) != 1:
        raise ValueError(f"PyScript's core holds {chunk.count(marker)} {marker!r}, not one: its modules not found")
    modules: dict[str, str] = {}
    at = chunk.index(marker) + len(marker)
    while True:
        name = STRING_LITERAL.match(chunk, at)
        source = name and chunk[name.end() : name.end() + 1] == ":" and STRING_LITERAL.match(chunk, name.end() + 1)
        after = chunk[source.end() : source.end() + 1] if source else ""
        if not name or not source or after not in (",", "}"):
            raise ValueError(f"PyScript's modules not read at {at}: {chunk[at : at + 40]!r}")
        modules[json.loads(name[0])] = json.loads(source[0])
        at = source.end() + 1
        if after == "}":
            return modules


def copy_runtime(site: Path, trimmed: bool, full_stdlib: bool = False) -> None:
    """Pyodide's files into ``site/vendor/pyodide`` (trimmed: the game's standard library
    and a lock without packages), PyScript's into ``site/vendor/pyscript``."""
    pyodide = site / "vendor" / "pyodide"
    replaced = ("python_stdlib.zip", "pyodide-lock.json") if trimmed else ()
    for name in RUNTIME:
        if name not in replaced:
            copy(PYODIDE / name, pyodide / name)
    if not trimmed:
        return
    pack_stdlib(pyodide / "python_stdlib.zip", full_stdlib)
    for game in lazy_games():  # each game loaded on demand (assets/archives.js)
        copy(ROOT / "build" / "games" / f"{game.name}.zip", site / "games" / f"{game.name}.zip")
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    (pyodide / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))
    for pattern in PYSCRIPT_FILES:
        for source in sorted(PYSCRIPT.glob(pattern)):
            copy(source, site / "vendor" / "pyscript" / source.name)


def site_files(site: Path) -> list[Path]:
    """Every file of the site but the compressed twins, in a stable order."""
    return sorted(p for p in site.rglob("*") if p.is_file() and p.suffix not in TWINS)


def write_service_worker(site: Path) -> str:
    """``sw.js`` with the precache list and a version that changes with any file's content."""
    files = [p for p in site_files(site) if p.name not in NOT_PRECACHED]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(site).as_posix().encode() + b"\0" + path.read_bytes())
    version = digest.hexdigest()[:16]
    names = [p.relative_to(site).as_posix() for p in files]
    template = (ROOT / "assets" / "sw.js").read_text()
    worker = with_version(template, version).replace("[/* __FILES__ */]", json.dumps(names))
    (site / "sw.js").write_text(worker)
    return version


def with_version(script: str, version: str) -> str:
    """``script`` with the site's version written in for its ``"__VERSION__"``."""
    if '"__VERSION__"' not in script:
        raise ValueError("a script with no version to write in")
    return script.replace('"__VERSION__"', json.dumps(version))


def stamp_version(module: Path, version: str) -> None:
    """``module`` with the site's version written in (the memory snapshot's key: a deploy never
    starts from another's snapshot)."""
    module.write_text(with_version(module.read_text(), version))


def compress(site: Path, kept: Path = BROTLI_KEPT) -> None:
    """A ``.gz`` twin (reproducible: no name, no time) and a ``.br`` twin (Brotli's best
    quality, reproducible too) beside each compressible file; the Brotli twins are kept under
    ``kept`` by their source's hash, and taken from there when made before."""
    for path in site_files(site):
        if path.suffix in COMPRESSIBLE:
            with (
                path.open("rb") as source,
                open(f"{path}.gz", "wb") as twin,
                gzip.GzipFile(path.name, "wb", 9, twin, 0) as target,
            ):
                shutil.copyfileobj(source, target)
            Path(f"{path}.br").write_bytes(brotli_of(path.read_bytes(), kept))


def brotli_of(content: bytes, kept: Path) -> bytes:
    """``content`` compressed by Brotli at quality 11, kept under ``kept`` by its hash."""
    twin = kept / f"{hashlib.sha256(content).hexdigest()}.br"
    if twin.is_file():
        return twin.read_bytes()
    packed = brotli.compress(content, quality=11)
    kept.mkdir(parents=True, exist_ok=True)
    twin.write_bytes(packed)
    return packed


def with_policy(page: str) -> str:
    """A page's HTML with the Content Security Policy as its first ``<meta>``."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
    return page.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n  {meta}', 1)


def with_config(page: str) -> str:
    """A page's HTML with ``pyscript.toml`` written in as JSON, for Python and for MicroPython
    (whose config PyScript reads too, and whose plugins it would load): PyScript starts the
    interpreter without fetching a file and loading its TOML reader first."""
    config = tomllib.loads(CONFIG.read_text())
    python = f'config="{html.escape(json.dumps(config))}"'
    micropython = f"<mpy-config>{html.escape(json.dumps({'plugins': config['plugins']}), quote=False)}</mpy-config>"
    replaced = page.replace(SCRIPT_CONFIG, python).replace(MPY_CONFIG, micropython)
    if "pyscript.toml" in replaced or python not in replaced or micropython not in replaced:
        raise ValueError("a page names pyscript.toml other than as its <mpy-config> and its script's config")
    return replaced


def glue_script(name: str) -> str:
    """The script ``name`` (``main.py``, ``diagrams.py``) as the site serves it: it imports the
    glue, compiled into the runtime's archive (:data:`~tools.pack_stdlib.GLUE_MODULES`)."""
    module = next(module for module, path in GLUE_MODULES.items() if path.name == name)
    doc = f"The page's glue, {name}, which the build compiles into the runtime's archive: imported, not compiled."
    return f'"""{doc}"""\n\nimport {module}  # noqa: F401\n'


def headers_file() -> str:
    """``_headers`` (the format of Netlify and Cloudflare Pages): the pages' policy with who
    may frame them; for every file, two safe defaults and CORS (for the script embed)."""
    rules = [
        "/*",
        "  X-Content-Type-Options: nosniff",
        "  Referrer-Policy: no-referrer",
        "  Access-Control-Allow-Origin: *",
    ]  # the script embed loads the runtime from other sites' pages
    for name, ancestors in FRAME_ANCESTORS.items():
        paths = ["/", f"/{name}"] if name == "index.html" else [f"/{name}"]
        for path in paths:
            rules += [path, f"  Content-Security-Policy: {CONTENT_SECURITY_POLICY}; frame-ancestors {ancestors}"]
    return "\n".join(rules) + "\n"


def build_dist(full_stdlib: bool) -> str:
    shutil.rmtree(DIST, ignore_errors=True)
    compile_catalogs()  # farfalia/locale/*.mo: read by texts.js below and packed with the package
    glue = {path.name for path in GLUE_MODULES.values()}
    for name in PAGES:
        if name.endswith(".html"):
            (DIST / name).parent.mkdir(parents=True, exist_ok=True)
            (DIST / name).write_text(with_policy(with_config((ROOT / name).read_text())))
        elif name in glue:
            (DIST / name).write_text(glue_script(name))
        else:
            copy(ROOT / name, DIST / name)
    (DIST / "_headers").write_text(headers_file())
    for source in sorted((ROOT / "assets").iterdir()):
        if source.name != "sw.js":
            copy(source, DIST / "assets" / source.name)
    # What the page says before Python runs, in every language (read by assets/loader.js).
    (DIST / "assets" / "texts.js").write_text(
        f"export const TEXTS = {json.dumps(early_texts(), ensure_ascii=False)};\n"
    )
    copy_runtime(DIST, trimmed=True, full_stdlib=full_stdlib)
    archives = DIST / "assets" / "archives.js"  # the games loaded on demand, by name
    archives.write_text(
        archives.read_text().replace("[/* __ARCHIVES__ */]", json.dumps([g.name for g in lazy_games()]))
    )
    version = write_service_worker(DIST)
    stamp_version(DIST / "assets" / "memory-snapshot.js", version)
    compress(DIST)
    return version


def build_bare() -> None:
    shutil.rmtree(BARE, ignore_errors=True)
    copy(ROOT / "tools" / "bare-pyodide.html", BARE / "index.html")
    copy_runtime(BARE, trimmed=False)
    compress(BARE)


def keep_recorded(record: Path) -> None:
    """Rewrite ``tools/stdlib-modules.txt`` from the modules a recording run imported (its header kept)."""
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as archive:
        stdlib = {module_name(name) for name in archive.namelist() if name.endswith(".py")}
    recorded = {line.strip() for line in record.read_text().splitlines()}
    header = [line for line in KEEP.read_text().splitlines() if line.startswith("#")]
    KEEP.write_text("\n".join([*header, *sorted(recorded & stdlib)]) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description="Build dist/ (and build/bare/ for the start-up benchmark).")
    parser.add_argument("--full-stdlib", action="store_true", help="keep the whole standard library (to record)")
    parser.add_argument("--keep", type=Path, help="first rewrite tools/stdlib-modules.txt from this record")
    options = parser.parse_args()
    if options.keep:
        keep_recorded(options.keep)
    version = build_dist(options.full_stdlib)
    build_bare()
    size = sum(p.stat().st_size for p in site_files(DIST))
    print(f"dist/ ready: {len(site_files(DIST))} files, {size / 1e6:.1f} MB, version {version}")


if __name__ == "__main__":
    main()
