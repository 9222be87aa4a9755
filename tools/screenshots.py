"""Screenshots of the page at the window sizes players use, for looking at a change.

    .venv/bin/python tools/screenshots.py [--out DIR] [--mode four] [--steps 6]

Serves the built site (``dist/``, ``make dist``) on localhost, opens the start screen, a game (all bots
but the first seat, instant pace) and the start screen again with the saved games at
each size, and saves one PNG per screen and size: phone portrait and landscape, tablet portrait, two laptops, a monitor.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.serve import start

ROOT = Path(__file__).resolve().parent.parent
SIZES = {
    "phone-portrait": (390, 844),
    "phone-landscape": (844, 390),
    "tablet-portrait": (820, 1180),
    "tablet-768x1024": (768, 1024),
    "laptop-1366x657": (1366, 657),
    "laptop-1280x800": (1280, 800),
    "monitor-1920x1080": (1920, 1080),
}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="build/screenshots")
    parser.add_argument("--mode", default="basic5")
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    out = ROOT / args.out
    out.mkdir(parents=True, exist_ok=True)
    server = start(ROOT / "dist")
    site = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name in args.sizes.split(","):
            width, height = SIZES[name]
            touch = width < 900
            context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                          is_mobile=touch)  # fmt: skip
            page = context.new_page()
            page.goto(f"{site}/index.html")
            page.wait_for_selector("body[data-ready]", timeout=120_000)
            page.screenshot(path=str(out / f"{name}-start.png"))
            page.select_option("#mode", args.mode)
            page.select_option("#pace", "instant")
            page.select_option("#level", "quick")
            page.fill("#seed", "3")
            page.select_option("#dealer", "1")
            page.click("[data-command=start]")
            page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
            page.screenshot(path=str(out / f"{name}-table.png"))
            page.evaluate("localStorage.setItem('farfalia.game.broken', '{cut short')")
            page.reload()  # the start screen with the saved games: the one just played, and a broken one
            page.wait_for_selector("body[data-ready]", timeout=120_000)
            page.screenshot(path=str(out / f"{name}-saved.png"))
            print(out / f"{name}-table.png")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
