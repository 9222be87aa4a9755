"""Draw the installed app's PNG icons from ``assets/icon.svg`` with headless Chromium:
192 and 512 px as they are, and a maskable 512 px one (the butterfly inside the central
80% safe zone, the felt colour to every edge, so any mask shape keeps it whole).
The PNGs are committed; run this again after changing the icon."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ASSETS = Path(__file__).resolve().parent.parent / "assets"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip
FELT = "#1d5c45"
#: File name, size in pixels, and whether the icon is maskable.
ICONS = (("icon-192", 192, False), ("icon-512", 512, False), ("icon-maskable-512", 512, True))


def page_for(svg: str, size: int, maskable: bool) -> str:
    inner = int(size * 0.72) if maskable else size
    return (
        f"<body style='margin:0;background:{FELT if maskable else 'transparent'}'>"
        f"<div style='width:{size}px;height:{size}px;display:flex;align-items:center;justify-content:center'>"
        f"<div style='width:{inner}px;height:{inner}px'>{svg}</div></div></body>"
    )


def main() -> None:
    svg = (ASSETS / "icon.svg").read_text().replace("<svg ", "<svg width='100%' height='100%' ", 1)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, size, maskable in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, maskable))
            page.screenshot(path=str(ASSETS / f"{name}.png"), omit_background=not maskable)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
