"""The built site as a player meets it on a static host: from a sub-path, offline after
one visit, updated by a new deploy without a game being interrupted, and still playable
where service workers are unavailable."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import DIST, watch
from e2e.driver import READY_TIMEOUT, click_and_wait, open_game, play_to_the_end, start, start_papillon
from farfalia.ui.contract import Data
from tools import build_site, serve

#: Resolves once the service worker has filled its cache and controls the page.
OFFLINE_READY = """async () => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 400 && !navigator.serviceWorker.controller; i++) await new Promise(r => setTimeout(r, 50));
  return !!navigator.serviceWorker.controller;
}"""
SUB_PATH = "/some/sub/path/"


def play_a_short_game(page: Page) -> None:
    """A whole game of the mode with the fewest decisions for one person (``basic5``: about 38)."""
    start(page, "basic5", seed=4, dealer=0)
    play_to_the_end(page, seed=1)
    assert page.inner_text(".panel.over .winners").startswith("Winner")


def test_a_game_from_a_sub_path(browser: Browser) -> None:
    server = serve.start(DIST, base=SUB_PATH)
    context = browser.new_context()
    site = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH.rstrip('/')}"
    problems = watch(context, site)  # requests outside the sub-path among them
    page = context.new_page()
    try:
        open_game(page, site)
        play_a_short_game(page)
        assert not problems, problems
    finally:
        context.close()
        server.shutdown()


def test_offline_after_one_visit_a_reload_and_a_new_tab_play(page: Page, site: str) -> None:
    open_game(page, site)
    assert page.evaluate(OFFLINE_READY), "the service worker never took control"
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=90_000)
    play_a_short_game(page)
    tab = page.context.new_page()
    open_game(tab, site)
    play_a_short_game(tab)
    other = page.context.new_page()  # and the other game, its code from the service worker's cache
    open_game(other, site)
    start_papillon(other, 2)
    other.wait_for_selector(".card.legal", timeout=READY_TIMEOUT)
    assert other.locator("svg.table.papillon").count() == 1


@pytest.fixture
def deploy(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of ``dist/`` served from a temporary folder, to deploy a new version over."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server = serve.start(site)
    yield site, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_a_new_deploy_is_offered_and_never_interrupts_a_game(browser: Browser, deploy: tuple[Path, str]) -> None:
    folder, url = deploy
    context = browser.new_context()
    problems = watch(context, url)
    page = context.new_page()
    try:
        open_game(page, url)
        assert page.evaluate(OFFLINE_READY)
        start(page, "basic5", seed=2, dealer=0)
        old_version = page.evaluate("caches.keys()")
        # Deploy v2: one file changes, and with it the service worker's version.
        (folder / "assets" / "style.css").write_text((folder / "assets" / "style.css").read_text() + "\n/* v2 */\n")
        for twin in (*folder.glob("assets/style.css.*"), *folder.glob("sw.js.*")):
            twin.unlink()  # the compressed twins of the files changed, as a deploy would replace them
        new_version = build_site.write_service_worker(folder)
        draws = page.get_attribute("body", f"data-{Data.DRAWS}")
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update:not([hidden])", timeout=30_000)
        # The offer waits: the game on the table is as it was, and still answers.
        assert page.get_attribute("body", f"data-{Data.DRAWS}") == draws
        assert page.locator("svg .card.legal, #bar .choices button[data-action]").count()
        page.click("#update-reload")
        page.wait_for_selector(f"body[data-{Data.READY}]", timeout=90_000)
        page.wait_for_function(f"() => caches.keys().then((keys) => keys.join() === 'farfalia-{new_version}')")
        assert "/* v2 */" in page.evaluate("fetch('assets/style.css').then((r) => r.text())")
        assert old_version != [f"farfalia-{new_version}"]
        click_and_wait(page, "[data-command=resume]")  # the game played before the update goes on
        page.wait_for_function("() => document.body.dataset.waiting === 'human'")
        assert not problems, problems
    finally:
        context.close()


def test_without_service_workers_the_game_still_plays(browser: Browser, site: str) -> None:
    context = browser.new_context(service_workers="block")
    problems = watch(context, site)
    page = context.new_page()
    try:
        open_game(page, site)
        play_a_short_game(page)
        assert not page.evaluate("navigator.serviceWorker.controller")
        assert not problems, problems
    finally:
        context.close()
