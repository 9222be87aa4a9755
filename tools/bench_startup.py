"""Start-up of the game page against a bare Pyodide page, measured side by side.

Both are built by ``make dist`` from the same pinned runtime (the bare page in
``build/bare/`` boots the untrimmed runtime and runs one line of Python) and served
the same way, compressed, by ``tools/serve.py``. Each round opens each page in a fresh
browser context (a first visit: empty caches), interleaved so both see the same
machine, then loads it again in that context (warm: the game from its service worker,
the bare page from the HTTP cache). Printed, with the bare page beside the game:

- transfer: bytes over the wire on the first visit (compressed) and requests made;
- first paint: when the page first paints (the game's table frame and progress bar);
- ready: navigation to ``body[data-ready]`` (the game's start screen can be used),
  cold and warm, with the ratio to the bare page.

Goals (issue 13, the transfer's since issue 35): transfer at most 0.75 x bare (both served their
Brotli twins, as Chromium asks for them here), cold ready at most 1.1 x, warm at
most 1.0 x, first paint within 0.5 s. Usage: ``python tools/bench_startup.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tools.serve import start

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
SITES = {"game": ROOT / "dist", "bare": ROOT / "build" / "bare"}

#: Bytes and requests of the visit so far, from the Resource Timing entries.
TRANSFER = """() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return [entries.reduce((sum, e) => sum + e.transferSize, 0), entries.length];
}"""
FIRST_PAINT = "() => (performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime"
#: Resolves once the service worker (if the page has one) has filled its cache and taken control.
OFFLINE_READY = """async () => {
  if (!('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration())) return false;
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) await new Promise(r => setTimeout(r, 50));
  return !!navigator.serviceWorker.controller;
}"""


@dataclass
class Figures:
    transfer: list[float] = field(default_factory=list)
    requests: list[float] = field(default_factory=list)
    paint: list[float] = field(default_factory=list)
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)


def ready_time(context: BrowserContext, url: str, figures: Figures, first: bool) -> None:
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    seconds = page.evaluate("performance.now()") / 1000
    if first:
        figures.cold.append(seconds)
        transfer, requests = page.evaluate(TRANSFER)
        figures.transfer.append(transfer / 1e6)
        figures.requests.append(requests)
        figures.paint.append(page.evaluate(FIRST_PAINT) / 1000)
        page.evaluate(OFFLINE_READY)
    else:
        figures.warm.append(seconds)
    page.close()


def measure(browser: Browser, url: str, figures: Figures) -> None:
    context = browser.new_context()
    ready_time(context, url, figures, first=True)
    ready_time(context, url, figures, first=False)
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Start-up of the game page against a bare Pyodide page.")
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    servers = {name: start(folder) for name, folder in SITES.items()}
    figures = {name: Figures() for name in SITES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(rounds):
            for name, server in servers.items():  # interleaved, so both see the same machine
                measure(browser, f"http://127.0.0.1:{server.server_address[1]}/index.html", figures[name])
        browser.close()
    for server in servers.values():
        server.shutdown()
    game, bare = figures["game"], figures["bare"]
    rows = [
        ("first-visit transfer (MB)", "transfer", 0.75),
        ("first-visit requests", "requests", None),
        ("first paint (s)", "paint", None),
        ("ready, cold (s)", "cold", 1.1),
        ("ready, warm (s)", "warm", 1.0),
    ]
    print(f"median of {rounds} first visits each, interleaved, in fresh contexts")
    print(f"{'':28} {'game':>8} {'bare':>8} {'ratio':>6}  goal")
    for label, key, goal in rows:
        mine, theirs = statistics.median(getattr(game, key)), statistics.median(getattr(bare, key))
        target = f"<= {goal}x" if goal else ""
        if math.isnan(theirs):  # the bare page paints nothing
            print(f"{label:28} {mine:8.2f} {'-':>8} {'-':>6}  {target}")
        else:
            print(f"{label:28} {mine:8.2f} {theirs:8.2f} {mine / theirs:6.2f}  {target}")
    print(f"first paint of the game page within 0.5 s: {statistics.median(game.paint) <= 0.5}")


if __name__ == "__main__":
    main()
