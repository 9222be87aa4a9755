"""The rules page against the game page, measured side by side: one Python runtime for
all of its diagrams, its memory, and how soon every diagram shows.

Each round opens each page in a fresh browser (so each has one renderer process, and
nothing cached), interleaved so both see the same machine, and waits until its Python
is up (``body[data-ready]``) and a further two seconds. Printed, with the game page beside
the rules page:

- runtime downloads: requests for Pyodide's ``.wasm`` (the rules page used to boot one
  per diagram);
- renderer memory: the proportional set size (PSS) of the browser's renderer processes,
  from ``/proc`` (Linux);
- every diagram visible: the first frame painted with every diagram's table laid out
  (the rules page writes their pictures at build time: they need no Python);
- ready: navigation to ``body[data-ready]`` (the diagrams can be stepped through).

Goals (issue 15): one runtime download; memory at most 1.3 x the game page's; every
diagram visible within 1 s. Usage: ``python tools/bench_rules_page.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

from tools.bench_startup import ARGS
from tools.serve import start

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"rules": "rules.html", "game": "index.html"}
#: Set before the page's own scripts run: the time of the first frame painted with every
#: diagram's table laid out (``window.allDiagrams``), or of the first frame for a page without.
ALL_DIAGRAMS = """
(() => {
  const expected = () => document.querySelectorAll('[data-farfalia]').length;
  const laidOut = () => [...document.querySelectorAll('[data-farfalia] svg.table')]
    .filter((svg) => svg.getBoundingClientRect().width > 0).length;
  const frame = () => {
    if (document.readyState !== 'loading' && laidOut() === expected()) {
      requestAnimationFrame(() => { window.allDiagrams = performance.now(); });
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


@dataclass
class Figures:
    runtimes: list[float] = field(default_factory=list)
    memory: list[float] = field(default_factory=list)
    visible: list[float] = field(default_factory=list)
    ready: list[float] = field(default_factory=list)
    diagrams: int = 0


def pss_megabytes(pid: int) -> float:
    """A process's proportional set size, in MB."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(playwright: Playwright, url: str, figures: Figures) -> None:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
    page = browser.new_page(viewport={"width": 1366, "height": 657})
    page.add_init_script(ALL_DIAGRAMS)
    runtimes: list[str] = []
    page.on("request", lambda request: runtimes.append(request.url) if request.url.endswith(".wasm") else None)
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
    figures.ready.append(page.evaluate("performance.now()") / 1000)
    page.wait_for_function("() => window.allDiagrams !== undefined")
    figures.visible.append(page.evaluate("window.allDiagrams") / 1000)
    figures.diagrams = page.locator("[data-farfalia]").count()
    page.wait_for_timeout(2000)
    processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    figures.memory.append(sum(pss_megabytes(p["id"]) for p in processes if p["type"] == "renderer"))
    figures.runtimes.append(len(runtimes))
    browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="The rules page against the game page.")
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    server = start(ROOT / "dist")
    base = f"http://127.0.0.1:{server.server_address[1]}"
    figures = {name: Figures() for name in PAGES}
    with sync_playwright() as playwright:
        for _ in range(rounds):
            for name, path in PAGES.items():  # interleaved, so both see the same machine
                measure(playwright, f"{base}/{path}", figures[name])
    server.shutdown()
    rules, game = figures["rules"], figures["game"]
    print(f"median of {rounds} first visits each, interleaved, each in a fresh browser at 1366x657")
    print(f"the rules page holds {rules.diagrams} diagrams (for the game page, which has none: its first frame)")
    print(f"{'':30} {'rules':>8} {'game':>8} {'ratio':>6}  goal")
    rows = [
        ("runtime downloads", "runtimes", "= 1"),
        ("renderer memory (MB, PSS)", "memory", "<= 1.3x"),
        ("every diagram visible (s)", "visible", "<= 1 s"),
        ("ready (s)", "ready", ""),
    ]
    for label, key, goal in rows:
        mine, theirs = statistics.median(getattr(rules, key)), statistics.median(getattr(game, key))
        print(f"{label:30} {mine:8.2f} {theirs:8.2f} {mine / theirs:6.2f}  {goal}")
    memory = statistics.median(rules.memory) / statistics.median(game.memory)
    print(
        f"goals met: one runtime {max(rules.runtimes) == 1}, memory {memory <= 1.3},"
        f" every diagram within 1 s {max(rules.visible) <= 1.0}"
    )


if __name__ == "__main__":
    main()
