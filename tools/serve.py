"""Serve a built site as a static host would: the right MIME types (``application/wasm``
above all), the pre-compressed ``.br`` or ``.gz`` twin of a file to browsers that accept
Brotli or gzip (Chromium asks for Brotli from HTTPS and from 127.0.0.1, not from plain HTTP
elsewhere), and
``Cache-Control: no-cache`` (the browser may keep files, but asks whether they changed),
and the headers the folder's ``_headers`` file gives each path (the format of Netlify and
Cloudflare Pages: a path or ``/*``, then indented ``Name: value`` lines).

``make play`` serves ``dist/`` with it; the end-to-end tests and the start-up benchmark
use :func:`start`, optionally under a sub-path (``/some/sub/path/``).

Usage: ``python tools/serve.py [--port 8000] [--base /sub/path/] [folder]``
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".py": "text/x-python",
    ".toml": "application/toml",
    ".zip": "application/zip",
}


#: The pre-compressed twins, the one preferred first: (``Content-Encoding``, suffix).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def read_headers(folder: Path) -> list[tuple[str, str, str]]:
    """The rules of ``folder/_headers`` as (path pattern, header, value); none without the file."""
    rules: list[tuple[str, str, str]] = []
    path = folder / "_headers"
    pattern = ""
    for line in path.read_text().splitlines() if path.is_file() else []:
        if line.strip() and not line[0].isspace():
            pattern = line.strip()
        elif ":" in line and pattern:
            name, _, value = line.strip().partition(":")
            rules.append((pattern, name.strip(), value.strip()))
    return rules


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """One folder under ``base``; ``.br`` and ``.gz`` twins served with their ``Content-Encoding``."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def __init__(
        self,
        *args: object,
        base: str = "/",
        quiet: bool = True,
        rules: list[tuple[str, str, str]] | None = None,
        **kwargs: object,
    ) -> None:
        self.base = base
        self.quiet = quiet
        self.rules = rules or []
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def send_head(self):  # type: ignore[no-untyped-def]
        if not self.path.startswith(self.base):
            self.send_error(404, "Outside the site")
            return None
        self.path = "/" + self.path[len(self.base) :]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in ENCODINGS:
            packed = Path(f"{path}{suffix}")
            if encoding in accepted and packed.is_file():
                return self._send_packed(path, packed, encoding)
        return super().send_head()

    def _send_packed(self, path: Path, packed: Path, encoding: str):  # type: ignore[no-untyped-def]
        stat = packed.stat()
        since = self.headers.get("If-Modified-Since")
        if since and since == self.date_time_string(int(stat.st_mtime)):
            self.send_response(304)
            self.end_headers()
            return None
        body = packed.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return body

    def end_headers(self) -> None:
        path = self.path.split("?")[0]
        for pattern, name, value in self.rules:
            if pattern == path or (pattern.endswith("/*") and path.startswith(pattern[:-1])):
                self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def start(folder: Path, base: str = "/", port: int = 0, quiet: bool = True) -> http.server.ThreadingHTTPServer:
    """Serve ``folder`` under ``base`` on 127.0.0.1 from a background thread; the caller
    reads the port from ``server_address`` and calls ``shutdown()`` when done."""
    rules = read_headers(folder)
    handler = functools.partial(StaticHandler, directory=str(folder), base=base, quiet=quiet, rules=rules)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "dist"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/")
    options = parser.parse_args()
    server = start(Path(options.folder), options.base, options.port, quiet=False)
    print(f"Farfalia: http://127.0.0.1:{server.server_address[1]}{options.base}  (Ctrl+C to stop)")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
