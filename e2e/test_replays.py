"""Replay links in the viewer and the embed, bad links, sharing, and the rules page's diagrams."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.conftest import ROOT, assert_steps
from e2e.driver import click_and_wait, open_game, start
from farfalia.core.interface import random_play
from farfalia.games.farfalia.engine.definition import FARFALIA_RULES
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.page.viewer import FarfaliaViewer
from farfalia.games.farfalia.records.examples import worked_example
from farfalia.games.farfalia.records.replay import decode, encode, encode_with_chance
from farfalia.records.replay import checksum
from farfalia.ui.texts import text

GAME = random_play(FARFALIA_RULES, Settings("three"), 3)
GOOD = encode(GAME, ("Ada", "Bruno", "Chiara"))
READY = "body[data-ready]"
RULES_PAGE = (ROOT / "rules.html").read_text()


def open_link(page: Page, site: str, path: str) -> None:
    page.goto(f"{site}/{path}")
    page.wait_for_selector(READY, state="attached", timeout=90_000)


def at(page: Page) -> int:
    return int(page.get_attribute("body", "data-at") or -1)


def test_viewer_steps_by_keys_and_buttons_and_keeps_the_link(page: Page, site: str) -> None:
    open_link(page, site, f"index.html#replay={GOOD}&at=5")
    assert at(page) == 5 and "Action 5 of" in page.inner_text("#position")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.at === '6'")
    assert page.url.endswith("&at=6&view=all")
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.body.dataset.at === '{len(GAME.actions)}'")
    assert page.locator(".panel.summary").count() == 1  # the last hand's scores
    page.keyboard.press("Home")
    page.wait_for_function("() => document.body.dataset.at === '0'")
    click_and_wait(page, "[data-command=next-trick]")
    assert at(page) > 1
    click_and_wait(page, "[data-command=next-hand]")
    first_hand_end = at(page)
    click_and_wait(page, "[data-command=prev-trick]")
    assert at(page) < first_hand_end
    page.select_option("#view-select", "1")
    page.wait_for_function("() => location.hash.endsWith('view=1')")
    assert page.locator("svg.table .hand .card").count() > 0  # Bruno's own hand at the bottom


def test_embed_shows_one_moment_without_the_page_chrome(page: Page, site: str) -> None:
    example = worked_example()
    text = encode_with_chance(example.game, example.names)
    open_link(page, site, f"embed.html#replay={text}&at=19&view=1&controls=0&theme=light")
    assert page.locator("#bar").is_hidden() and page.locator("[data-command=new-game]").count() == 0
    assert page.evaluate("document.body.classList.contains('light')")
    picks = page.locator("svg.table .trick .card.legal")  # marked, but pictures: an embed takes no action
    assert sorted(picks.nth(k).get_attribute("data-card") for k in range(picks.count())) == ["O4", "O7", "R10"]
    assert page.locator("svg.table [data-action], svg.table [tabindex], svg.table [role=button]").count() == 0


def signed(body: str) -> str:
    """A replay text with a correct check, whatever its content."""
    return f"{body}.{checksum(body)}"


BAD_LINKS = {
    "truncated": GOOD[:-10],
    "tampered": GOOD[:20] + ("A" if GOOD[20] != "A" else "B") + GOOD[21:],
    "future version": "f9" + GOOD[2:],
    "rule-breaking": signed("f1.600.x.0...D" + "-".join(["0" * 13] * 4)),  # one card dealt 52 times
    "junk": "x" * 100_000,
}


@pytest.mark.parametrize("path", ["index.html", "embed.html"])
@pytest.mark.parametrize("kind", list(BAD_LINKS))
def test_bad_links_show_a_message_and_run_nothing(page: Page, site: str, path: str, kind: str) -> None:
    open_link(page, site, f"{path}#replay={BAD_LINKS[kind]}")
    message = page.inner_text(".panel.message")
    assert message.startswith("This link does not hold a game")
    assert page.locator("svg.table:not(.placeholder)").count() == 0


def test_markup_in_names_is_shown_as_text(page: Page, site: str) -> None:
    names = ("<img src=x onerror=f()>", "<script>alert(2)</script>"[:24], "Chiara")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_link(page, site, f"index.html#replay={encode(GAME, names)}&at=10")
    assert page.locator("svg.table img, svg.table script").count() == 0
    assert names[0] in page.inner_text("#table") or names[0] in page.inner_html("#table").replace("&lt;", "<")
    assert not dialogs


def test_share_a_running_game_shows_finished_hands_only(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "two", humans=(), seed=5, dealer=0, pace="instant")
    page.wait_for_function("() => document.querySelector('.panel.summary')")  # a hand is over
    page.click("[data-command=continue]")  # (the summary is modal: the bar waits behind it)
    page.click("[data-command=share]")
    link = page.input_value("#share-link")
    shared = decode(link.split("#replay=")[1])
    assert shared.seed is None  # chance written out: nothing deals the hand in progress
    hands = len(FarfaliaViewer(shared).hand_ends)
    assert hands >= 1
    page.goto(link)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.inner_text(".panel.summary h2") == f"End of hand {hands}"
    assert page.locator("svg.table .hand .card").count() == 0  # no cards of the hand in progress
    page.problems.clear()  # type: ignore[attr-defined]  # headless Chromium may refuse the clipboard


def test_the_rules_page_shows_every_diagram_at_once_and_steps_them_in_one_runtime(page: Page, site: str) -> None:
    runtimes: list[str] = []
    page.on("request", lambda request: runtimes.append(request.url) if request.url.endswith(".wasm") else None)
    page.goto(f"{site}/rules.html", wait_until="domcontentloaded")
    figures = page.locator("figure.diagram")
    count = page.locator("figure.diagram > .diagram-picture > svg.table").count()  # before Python
    assert count == figures.count() == RULES_PAGE.count("<figure") >= 10
    assert page.locator("figure.diagram .btn:disabled").count() == count * 6  # its controls wait for it
    first = figures.first
    assert first.locator("svg.table .hand .card.illegal").count() > 0  # Daniel must follow blue
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    assert page.locator("figure.diagram .btn:disabled").count() == 0
    third = figures.nth(2)
    before = assert_steps(third)
    assert figures.nth(1).locator(".position").inner_text() == "Action 8 of 62"  # the others stay
    third.locator("[data-step=next]").focus()
    page.keyboard.press("ArrowLeft")
    assert third.locator(".position").inner_text() == before
    assert len(runtimes) == 1, runtimes  # one Pyodide for every diagram


def test_a_rules_page_whose_games_code_does_not_come_keeps_its_pictures(page: Page, site: str) -> None:
    """A first visit that loses the network as it fetches Farfalia's archive: each figure keeps the
    picture the build wrote, and says under it why it does not step."""
    page.route("**/games/farfalia.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site}/rules.html", wait_until="domcontentloaded")
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    figures = page.locator("figure.diagram")
    assert figures.count() == page.locator("figure.diagram > .diagram-picture > svg.table").count() >= 10
    assert page.locator("figure.diagram .diagram-error").count() == figures.count()
    assert figures.first.locator(".diagram-error").inner_text() == text("game-load-failed", game="Farfalia")
    problems = page.problems  # type: ignore[attr-defined]
    assert problems == [
        f"HTTP 404: {site}/games/farfalia.zip",
        "console error: Failed to load resource: the server responded with a status of 404 (Not Found)",
    ]
    problems.clear()  # the 404, sent on purpose


def test_jump_anywhere_export_and_import_a_file(page: Page, site: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    open_link(page, site, f"index.html#replay={GOOD}&at=0")
    page.locator("#seek").fill("100")
    page.locator("#seek").dispatch_event("change")
    page.wait_for_function("() => document.body.dataset.at === '100'")
    with page.expect_download() as download:
        page.click("#bar .more summary")
        page.click("[data-command=export]")
    saved = tmp_path / "replay.txt"
    download.value.save_as(saved)
    assert saved.read_text() == GOOD
    click_and_wait(page, "[data-command=new-game]")
    draws = page.get_attribute("body", "data-draws")
    page.set_input_files("#import-file", str(saved))
    page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
    assert at(page) == len(GAME.actions) and "Action" in page.inner_text("#position")
