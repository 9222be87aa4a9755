"""The script embed: another site's page with three ``<div data-farfalia>`` and one
``<script>`` from this site shows three live diagrams, sharing one runtime."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape, unescape
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import farfalia.site  # noqa: F401 (the site's games, registered)
from e2e.conftest import ROOT, assert_steps, watch
from farfalia.records.replay import read_replay
from farfalia.ui.embeds import EMBED_BAR_HEIGHT, EmbedOptions, embed_link
from farfalia.ui.links import parse_link
from farfalia.ui.viewer import open_viewer
from tools import serve

#: Three diagrams of the rules page.
FRAGMENTS = [unescape(f) for f in re.findall(r'data-farfalia="([^"]+)"', (ROOT / "rules.html").read_text())][:3]


def with_picture(fragment: str, size: str) -> str:
    """A diagram's link as the embed builder writes it for a frame of ``size``: with its still picture."""
    link = parse_link(fragment)
    viewer = open_viewer(read_replay(link.replay), link.at, link.view)  # (its game's texts joined as it loads)
    options = EmbedOptions(size=size, theme=link.theme, view=link.view, start="here", controls=link.controls)
    return embed_link(options, viewer, link.replay).fragment()


@pytest.fixture
def host(tmp_path: Path, site: str) -> Iterator[str]:
    """Another site (another origin: ``localhost``, not ``127.0.0.1``) whose page embeds three diagrams."""
    fragments = [with_picture(FRAGMENTS[0], "800x500"), *FRAGMENTS[1:]]  # the first as the builder writes it
    divs = "\n".join(f'<h2>Diagram {k}</h2><div data-farfalia="{escape(f)}"></div>' for k, f in enumerate(fragments))
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A teacher\'s page</title>'
        '<link rel="icon" href="data:,">'  # (the host's own favicon is not this test's business)
        f'<script src="{site}/assets/embed.js" defer></script></head>'
        f"<body><h1>Farfalia in class</h1>{divs}</body></html>"
    )
    server = serve.start(tmp_path)
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()


#: A still picture drawn (its pixels decoded): when, and whether Python was ready then.
STILL_SHOWN = """() => {
  const still = document.querySelector('img.still');
  return still && still.naturalWidth > 0 && [performance.now(), !!document.body.dataset.ready];
}"""


def test_three_diagrams_on_another_site_share_one_runtime(browser: Browser, site: str, host: str) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    problems = watch(context, site)
    page = context.new_page()
    runtimes: list[str] = []
    page.on("request", lambda request: runtimes.append(request.url) if request.url.endswith(".wasm") else None)
    try:
        page.goto(f"{host}/index.html")
        diagrams = page.locator("[data-farfalia]")
        # the first, before Python: seen and measured in one go (Python may take its place next)
        page.wait_for_function(STILL_SHOWN, timeout=10_000)
        page.wait_for_selector("[data-farfalia] svg.table >> nth=2", timeout=90_000)
        assert diagrams.locator("svg.table").count() == 3
        assert_steps(diagrams.nth(1))
        assert diagrams.nth(0).locator(".position").inner_text().startswith("Action 5 of")
        assert len(runtimes) == 1, runtimes
        problems[:] = [p for p in problems if not re.match(f"request outside the site: (blob:)?{host}/", p)]
        assert not problems, problems
    finally:
        context.close()


@pytest.mark.parametrize("size", [(320, 240), (400, 300), (800, 500)])
def test_embed_html_fits_its_frame_with_every_control_inside(
    browser: Browser, site: str, size: tuple[int, int]
) -> None:
    """embed.html in a frame of this size: the table and the bar inside it, nothing scrolls;
    the menu's controls (hand and trick steps, the slider, the view) open inside it too."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    problems = watch(context, site)
    page = context.new_page()
    try:
        page.goto(f"{site}/embed.html#{FRAGMENTS[0]}")
        page.wait_for_selector("body[data-ready] #table svg.table", timeout=90_000)
        scroll = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        bar = page.locator("#bar").bounding_box()
        assert bar is not None and abs(bar["height"] - EMBED_BAR_HEIGHT) <= 1, bar  # the still's layout counts on it
        assert scroll[0] <= width and scroll[1] <= height, scroll

        def inside(selector: str) -> None:
            for box in [page.locator(selector).nth(k).bounding_box() for k in range(page.locator(selector).count())]:
                assert box is not None and box["width"] > 0, selector
                assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
                assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (
                    selector,
                    box,
                )

        inside("#bar .step:visible")
        inside("#bar .more summary")
        inside("#table svg.table")
        before = page.get_attribute("body", "data-at")
        page.click("#bar [data-command=prev]")
        page.wait_for_function(f"() => document.body.dataset.at !== '{before}'")
        page.click("#bar .more summary")
        inside("#bar .more-menu [data-command]")
        inside("#bar .more-menu select")
        inside("#bar .more-menu input[type=range]")
        page.click("#bar .more-menu [data-command=next-trick]")
        page.wait_for_function(f"() => document.body.dataset.at !== '{int(before or 0) - 1}'")
        assert not problems, problems
    finally:
        context.close()


def test_embed_html_shows_its_still_picture_before_python(browser: Browser, site: str) -> None:
    """A link from the embed builder carries the table's picture: it shows within a second,
    long before Python, and the live table takes its place."""
    context = browser.new_context(viewport={"width": 400, "height": 300})
    problems = watch(context, site)
    page = context.new_page()
    try:
        page.goto(f"{site}/embed.html#{with_picture(FRAGMENTS[1], '400x300')}")
        shown = page.wait_for_function(STILL_SHOWN, timeout=10_000).json_value()
        assert shown[1] is False, shown
        print(f"still picture shown {shown[0]:.0f} ms after navigation, before Python")
        page.wait_for_selector("body[data-ready] #table svg.table", timeout=90_000)
        assert page.locator("img.still").count() == 0
        assert not problems, problems
    finally:
        context.close()
