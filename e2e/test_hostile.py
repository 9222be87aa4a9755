"""What a stranger's link, a damaged browser store or a second tab could do to the page, tried in
Chromium: each is met with a message, the page boots, and no game is lost or mixed. (The
reproductions of the hostile review, issue 31; the bounded work of any link is
``tests/test_crowded.py``'s and ``tests/test_links_fuzz.py``'s.)"""

from __future__ import annotations

import time

from playwright.sync_api import Browser, BrowserContext, Page, Route

from e2e.conftest import watch
from e2e.driver import click_and_wait, open_game, start
from farfalia.ui.contract import Command, Data, Id
from farfalia.ui.saves import SLOT_PREFIX
from farfalia.ui.tabs import HEARTBEAT_SECONDS, LEASE_SECONDS
from farfalia.ui.texts import text

#: A Papillon link naming one player at a table of two (its check right): once a ``KeyError``.
WRONG_NAMES = "p1.2000.1.0.QWRh..JDHjs0"
#: A browser without Web Locks (a plain-HTTP host, an older Safari).
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get() { return undefined; } });"
#: Every journal write aborted, the browser giving no error object (``transaction.abort()``).
#: Busy for 2.5 s (a heartbeat of the leases falls due meanwhile), as the tab is then closed.
BUSY = "() => setTimeout(() => { const end = performance.now() + 2500; while (performance.now() < end); })"
#: A tab that dies: its ``pagehide`` never reaches the page (it lets go of nothing).
DIES = "addEventListener('pagehide', (event) => event.stopImmediatePropagation(), true);"
ABORTED = """(() => { const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) { const request = put.apply(this, args);
    this.transaction.abort(); return request; }; })();"""


def ready(page: Page) -> None:
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=90_000)


def test_a_papillon_link_with_the_wrong_names_is_a_message_in_the_page_and_the_embed(page: Page, site: str) -> None:
    page.goto(f"{site}/index.html#replay={WRONG_NAMES}")
    ready(page)
    overlay = page.inner_text(f"#{Id.OVERLAY}")
    assert "This link does not hold" in overlay and "2 players, the replay names 1" in overlay
    assert page.locator(f"#{Id.START_FORM}").count() == 0
    page.goto(f"{site}/embed.html#replay={WRONG_NAMES}")
    ready(page)
    assert "This link does not hold" in page.inner_text(f"#{Id.OVERLAY}")
    assert page.locator(f"#{Id.START_FORM}").count() == 0


def test_a_save_nested_past_any_parser_is_listed_and_the_page_boots(page: Page, site: str) -> None:
    page.add_init_script(f"localStorage.setItem({SLOT_PREFIX + 'deep'!r}, '['.repeat(8000) + ']'.repeat(8000));")
    open_game(page, site)
    broken = page.locator(".saved.broken")
    assert "nested deeper than a save can be" in broken.inner_text()
    click_and_wait(page, f".saved.broken [data-command={Command.DISCARD_SAVE}]")
    assert page.locator(".saved.broken").count() == 0
    start(page, "two", seed=2)  # and a game starts
    assert page.get_attribute("body", f"data-{Data.DECISION}") is not None


def test_aborted_journal_writes_without_an_error_cost_no_time_and_no_errors(page: Page, site: str) -> None:
    page.add_init_script(ABORTED)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, site)
    start(page, "two", seed=4, dealer=0, pace="fast")
    began = time.perf_counter()
    while int(page.get_attribute("body", f"data-{Data.ACTIONS}") or 0) < 16:
        page.wait_for_function("() => document.body.dataset.waiting === 'human'")
        click_and_wait(page, "svg .card.legal, #bar .choices button[data-action]")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    assert errors == []
    # Each bot decision waited the disk's 2 s before (23 decisions in 40 s); fast bots take 0.25 s.
    assert time.perf_counter() - began < 20
    page.reload()
    ready(page)
    click_and_wait(page, f"[data-command={Command.RESUME}]")  # the checkpoints kept the game
    assert int(page.get_attribute("body", f"data-{Data.ACTIONS}") or 0) >= 16


def test_a_click_then_enter_at_once_is_one_decision(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "basic5", seed=4, dealer=0)  # the human deals: two discards in a row
    page.wait_for_function("() => document.body.dataset.decision === 'discard'")
    page.click("svg .card.legal")
    page.keyboard.press("Enter")  # the focus is on the next card: the same press, twice
    page.wait_for_timeout(400)
    assert page.get_attribute("body", f"data-{Data.ACTIONS}") == "1"


def test_the_pages_own_scripts_arriving_after_the_runtime_still_run_before_its_python(page: Page, site: str) -> None:
    """A slow host or network that sends the page's own scripts (its journal, its DOM chores) after
    the runtime: Python waits for them (once a page that never got ready, or one without its saves)."""
    held: list[Route] = []
    for script in ("store.js", "dom.js"):
        page.route(f"**/assets/{script}", lambda route: held.append(route))
    page.goto(f"{site}/index.html", wait_until="commit")  # (its load waits for them)
    page.wait_for_timeout(4000)  # the runtime starts in about 1.5 s here: long enough to run first
    assert len(held) == 2 and page.locator(f"body[data-{Data.READY}]").count() == 0
    for route in held:
        route.continue_()
    ready(page)
    start(page, "two", seed=2)
    for script in ("store.js", "dom.js"):  # the reload's own requests go through (the service worker
        page.unroute(f"**/assets/{script}")  # serves them only once it controls the page)
    page.reload()  # and the game was saved in the journal
    ready(page)
    click_and_wait(page, f"[data-command={Command.RESUME}]")
    assert page.get_attribute("body", f"data-{Data.DECISION}") is not None


def two_tabs(
    browser: Browser, site: str, *init_scripts: str, first_only: str = ""
) -> tuple[BrowserContext, list[str], Page, Page]:
    """A context (its ``init_scripts`` in every page, ``first_only`` in the first tab's), the
    problems of its pages, a first tab playing a game of four, and a second tab on the start
    screen, which lists that game open elsewhere."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    for script in init_scripts:
        context.add_init_script(script)
    problems = watch(context, site)
    first = context.new_page()
    if first_only:
        first.add_init_script(first_only)
    open_game(first, site)
    start(first, "four", seed=3)
    second = context.new_page()
    open_game(second, site)
    second.wait_for_selector(".saved-games .elsewhere")  # the first tab's game, marked by its lock or lease
    return context, problems, first, second


def test_without_web_locks_a_game_is_played_in_one_tab_and_a_closed_tab_lets_go_at_once(
    browser: Browser, site: str
) -> None:
    context, problems, first, second = two_tabs(browser, site, NO_LOCKS)
    assert first.evaluate("() => window.farfaliaStore.locks") is False
    assert second.locator(f"[data-command={Command.RESUME}][disabled]").count() == 1
    first.evaluate(BUSY)  # closed while busy: a beat due meanwhile comes after it let go (once it took again)
    first.close(run_before_unload=True)  # its lease let go: the other tab hears it at once
    second.wait_for_selector(f"[data-command={Command.RESUME}]:not([disabled])", timeout=2500 + 3000)
    click_and_wait(second, f"[data-command={Command.RESUME}]")
    assert second.get_attribute("body", f"data-{Data.ACTIONS}") is not None
    assert text("game-elsewhere") not in second.inner_text(f"#{Id.OVERLAY}")
    assert not problems, problems
    context.close()


def test_without_web_locks_a_game_whose_tab_died_is_free_once_its_lease_runs_out(browser: Browser, site: str) -> None:
    context, problems, first, second = two_tabs(browser, site, NO_LOCKS, first_only=DIES)
    first.close(run_before_unload=True)
    second.wait_for_timeout(1000)
    assert second.locator(f"[data-command={Command.RESUME}][disabled]").count() == 1  # nothing let go
    # The lease runs out and the next beat lists the game free, without a reload.
    free_by = (LEASE_SECONDS + HEARTBEAT_SECONDS + 3) * 1000
    second.wait_for_selector(f"[data-command={Command.RESUME}]:not([disabled])", timeout=free_by)
    click_and_wait(second, f"[data-command={Command.RESUME}]")
    assert second.get_attribute("body", f"data-{Data.ACTIONS}") is not None
    assert not problems, problems
    context.close()


def test_a_closed_tab_lets_go_of_its_game_at_once_with_web_locks(browser: Browser, site: str) -> None:
    context, _, first, second = two_tabs(browser, site)
    first.close(run_before_unload=True)
    second.wait_for_selector(f"[data-command={Command.RESUME}]:not([disabled])", timeout=3000)  # no reload, no focus
    context.close()
