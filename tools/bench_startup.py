"""Time to interactive of the game page against a bare Pyodide boot page, both
served from this site and measured in the same run, cold (empty cache) and warm
(reload), in headless Chromium. Prints the medians and the ratio (goal: 1.3 at most)."""

from __future__ import annotations

import functools
import http.server
import statistics
import threading
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
PAGES = {"game": "index.html", "bare": "tools/bare-pyodide.html"}
ROUNDS = 5


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def time_to_ready(browser: Browser, url: str) -> tuple[float, float]:
    """Seconds from navigation to ``body[data-ready]``: on a fresh profile, then on reload."""
    context = browser.new_context()
    page = context.new_page()
    timings = []
    for load in (lambda: page.goto(url), page.reload):
        load()
        page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        timings.append(page.evaluate("performance.now()") / 1000)
    context.close()
    return timings[0], timings[1]


def main() -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    results: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in PAGES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(ROUNDS):
            for name, path in PAGES.items():  # interleaved, so both see the same machine
                cold, warm = time_to_ready(browser, f"{site}/{path}")
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
        browser.close()
    server.shutdown()
    for kind in ("cold", "warm"):
        game = statistics.median(results["game"][kind])
        bare = statistics.median(results["bare"][kind])
        ratio = game / bare
        print(f"{kind}: game page {game:.2f} s, bare Pyodide {bare:.2f} s, ratio {ratio:.2f} (median of {ROUNDS})")


if __name__ == "__main__":
    main()
