"""Start-up of the site's pages against a bare Pyodide page, measured side by side.

Both are built by ``make dist`` from the same pinned runtime (the bare page in
``build/bare/`` boots the untrimmed runtime and runs one line of Python) and served
the same way, compressed, by ``tools/serve.py``. Each round opens each site in a fresh
browser context (a first visit: empty caches), interleaved so both see the same
machine, then returns to it in that context: the game from its service worker and from the
runtime's memory snapshot the first visit made (``assets/memory-snapshot.js``), the bare page
from the HTTP cache. Printed, with the bare page beside the game:

- transfer: bytes over the wire on the first visit (compressed) and requests made;
- first paint: when the page first paints (the game's table frame and progress bar);
- ready: navigation to the moment the page says it can be used (``body[data-ready]`` set, read
  in the page), on the first visit and on a returning one;
- a returning visit of the game page as it was before the snapshot (the snapshot removed first,
  in the same context), and returning visits of the rules page and of an embed (from the
  snapshot), each beside the bare page's returning visit;
- a first visit in another fresh context whose person clicks the first game's "Play" as soon as
  the page is ready: from the click to the table's first decision, and the longest task after the
  click (0: none over 50 ms).

Goals (issue 13; the transfer's and the returning visit's since issue 35): transfer at most
0.75 x bare (both served their Brotli twins, as Chromium asks for them here), cold ready at most
1.1 x, a returning visit of each page about a third of the bare page's (0.6 s on the test
machine), first paint within 0.5 s. Usage: ``python tools/bench_startup.py [--rounds N]
[--baseline DIR]`` (``DIR``: another build's ``dist/``, such as a worktree's of an earlier commit,
measured in the same rounds, its figures beside).
"""

from __future__ import annotations

import argparse
import html
import math
import re
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


#: When the page set ``body[data-ready]``, read in the page (a Playwright wait adds its own polling).
READY_AT = """() => new Promise((done) => {
  const seen = () => document.body && document.body.dataset.ready && window.readyAt;
  if (seen()) return done(window.readyAt);
  const poll = setInterval(() => { if (seen()) { clearInterval(poll); done(window.readyAt); } }, 20);
})"""
WATCH_READY = """document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
  if (document.body.dataset.ready && !window.readyAt) window.readyAt = performance.now();
}).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] }));"""
#: The page's long tasks (over 50 ms), as [start, end] in ms.
WATCH_TASKS = """window.longTasks = []; new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.longTasks.push([task.startTime, task.startTime + task.duration]);
}).observe({ type: "longtask", buffered: true });"""
SNAPSHOTS = "pyodide-memory-snapshot"
#: An embed's link: the rules page's first diagram.
EMBED = html.unescape(re.findall(r'data-farfalia="([^"]+)"', (ROOT / "rules.html").read_text())[0])
#: Whether this context keeps a memory snapshot (waits up to 10 s for one being made).
SNAPSHOT_KEPT = f"""async () => {{
  for (let i = 0; i < 50; i++) {{
    if ((await (await caches.open("{SNAPSHOTS}")).keys()).length) return true;
    await new Promise((r) => setTimeout(r, 200));
  }}
  return false;
}}"""


@dataclass
class Figures:
    transfer: list[float] = field(default_factory=list)
    requests: list[float] = field(default_factory=list)
    paint: list[float] = field(default_factory=list)
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    warm_again: list[float] = field(default_factory=list)
    warm_without_snapshot: list[float] = field(default_factory=list)
    rules_warm: list[float] = field(default_factory=list)
    embed_warm: list[float] = field(default_factory=list)
    play: list[float] = field(default_factory=list)
    play_task: list[float] = field(default_factory=list)
    not_from_snapshot: int = 0


def first_visit(context: BrowserContext, url: str, figures: Figures, game: bool) -> None:
    """A first visit's figures; it ends once the site is kept offline (and the game's snapshot made)."""
    page = context.new_page()
    page.goto(url)
    figures.cold.append(page.evaluate(READY_AT) / 1000)
    transfer, requests = page.evaluate(TRANSFER)
    figures.transfer.append(transfer / 1e6)
    figures.requests.append(requests)
    figures.paint.append(page.evaluate(FIRST_PAINT) / 1000)
    page.evaluate(OFFLINE_READY)
    if game and not page.evaluate(SNAPSHOT_KEPT):  # the bots' worker makes it as it starts
        figures.not_from_snapshot += 1
    page.close()


def first_play(browser: Browser, url: str, figures: Figures) -> None:
    """A first visit whose person clicks the first game's "Play" as soon as the page is ready:
    the seconds from the click to the table's first decision, and the page's longest task meanwhile."""
    context = browser.new_context()
    context.add_init_script(WATCH_READY)
    context.add_init_script(WATCH_TASKS)
    page = context.new_page()
    page.goto(url)
    page.evaluate(READY_AT)
    clicked = page.evaluate("() => performance.now()")
    page.click("[data-command=play]")
    page.wait_for_function("() => document.body.dataset.decision || document.body.dataset.waiting")
    figures.play.append((page.evaluate("() => performance.now()") - clicked) / 1000)
    tasks = page.evaluate("() => window.longTasks")
    after = [end - max(start, clicked) for start, end in tasks if end > clicked]
    figures.play_task.append(max(after, default=0) / 1000)
    context.close()


def visit(context: BrowserContext, url: str) -> tuple[float, str | None]:
    """A visit's ready time, and what Python started from (``html[data-started-from]``)."""
    page = context.new_page()
    page.goto(url)
    seconds = page.evaluate(READY_AT) / 1000
    started_from = page.evaluate("() => document.documentElement.dataset.startedFrom")
    page.close()
    return seconds, started_from


def measure(browser: Browser, site: str, figures: Figures, game: bool) -> None:
    """One round: a first visit, then the returning ones, in a fresh context."""
    context = browser.new_context()
    context.add_init_script(WATCH_READY)
    first_visit(context, f"{site}/index.html", figures, game)
    pages = {
        "warm": "index.html",
        "warm_again": "index.html",
        "rules_warm": "rules.html",
        "embed_warm": f"embed.html#{EMBED}",
    }
    for key, page in pages.items() if game else [("warm", "index.html"), ("warm_again", "index.html")]:
        seconds, started_from = visit(context, f"{site}/{page}")
        getattr(figures, key).append(seconds)
        figures.not_from_snapshot += game and started_from != "snapshot"
    if game:  # as before the snapshot: none kept (the visit makes one again)
        page = context.new_page()
        page.goto(f"{site}/assets/icon.svg")
        page.evaluate(f'() => caches.delete("{SNAPSHOTS}")')
        page.close()
        figures.warm_without_snapshot.append(visit(context, f"{site}/index.html")[0])
    context.close()
    if game:
        first_play(browser, f"{site}/index.html", figures)


def main() -> None:
    parser = argparse.ArgumentParser(description="Start-up of the site's pages against a bare Pyodide page.")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another build of the site (its dist/), measured alongside")
    options = parser.parse_args()
    rounds = options.rounds
    sites = {**SITES, **({"baseline": options.baseline} if options.baseline else {})}
    servers = {name: start(folder) for name, folder in sites.items()}
    figures = {name: Figures() for name in sites}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(rounds):
            for name, server in servers.items():  # interleaved, so all see the same machine
                site = f"http://127.0.0.1:{server.server_address[1]}"
                measure(browser, site, figures[name], game=name != "bare")
        browser.close()
    for server in servers.values():
        server.shutdown()
    rows = [
        ("first-visit transfer (MB)", "transfer", 0.75),
        ("first-visit requests", "requests", None),
        ("first paint (s)", "paint", None),
        ("ready, cold (s)", "cold", 1.1),
        ("ready, returning (s)", "warm", 0.33),
        ("  returning again (s)", "warm_again", 0.33),
        ("  without the snapshot (s)", "warm_without_snapshot", None),
        ("  the rules page (s)", "rules_warm", 0.33),
        ("  an embed (s)", "embed_warm", 0.33),
        ("first visit, Play at once (s)", "play", None),
        ("  its longest task (s)", "play_task", None),
    ]
    games = [name for name in sites if name != "bare"]
    print(f"median of {rounds} rounds, interleaved, each in a fresh context; the bare page's ready, warm beside")
    print("every returning visit" + ("; the baseline build's figures and ratio beside" if options.baseline else ""))
    beside = f" {'baseline':>8} {'ratio':>6}" if options.baseline else ""
    print(f"{'':28} {'game':>8} {'bare':>8} {'ratio':>6}{beside}  goal")
    for label, key, goal in rows:
        bare = "warm" if key.startswith(("warm", "rules", "embed")) and key != "warm_again" else key
        theirs = statistics.median(getattr(figures["bare"], bare) or [math.nan])  # nothing to play on the bare page
        line = f"{label:28}"
        for name in games:
            mine = statistics.median(getattr(figures[name], key))
            ratio = "-" if math.isnan(theirs) else f"{mine / theirs:.2f}"  # the bare page paints and plays nothing
            line += f" {mine:8.2f}" + (f" {theirs:8.2f}" if name == "game" else "") + f" {ratio:>6}"
        print(line.replace(" nan", "   -") + (f"  <= {goal}x" if goal else ""))
    print(f"first paint of the game page within 0.5 s: {statistics.median(figures['game'].paint) <= 0.5}")
    for name in games:
        print(f"returning visits of {name} that did not start from the snapshot: {figures[name].not_from_snapshot}")


if __name__ == "__main__":
    main()
