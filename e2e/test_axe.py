"""axe-core (pinned through npm, like the runtime) on every screen a player meets: the
start screen, each kind of decision, the hand's summary, the score sheet, the keys, the
settings, sharing, the replay viewer, an embed and the rules page. No violation of any
impact level is allowed."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

import farfalia.site  # noqa: F401 (the site's games)
from e2e.conftest import ROOT, watch
from e2e.driver import MOVES_ON, READY_TIMEOUT, open_game, start, start_papillon
from farfalia.ui.contract import Command, Data, Id
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game
from farfalia.ui.saves import MemoryStorage

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: Every violation, one line each: impact, rule, the first elements and the rule's help.
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => `${v.impact} ${v.id}: ${v.help} at `
    + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | "));
}"""


@pytest.fixture
def checked(browser: Browser, site: str) -> Iterator[Page]:
    """A page whose context lets the test add axe's script (the site's CSP would refuse it)."""
    context = browser.new_context(viewport={"width": 1366, "height": 657}, bypass_csp=True)
    problems = watch(context, site)
    page = context.new_page()
    yield page
    context.close()
    assert not problems, "\n".join(problems)


def violations(page: Page, screen: str) -> list[str]:
    """axe's violations on the page as it is now, each named after ``screen``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return [f"{screen}: {line}" for line in page.evaluate(RUN)]


def wait_for_human(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)


def click_and_draw(page: Page, selector: str) -> None:
    draws = page.get_attribute("body", f"data-{Data.DRAWS}")
    page.locator(selector).first.click()
    page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")


def test_no_screen_has_an_axe_violation(checked: Page, site: str) -> None:
    page = checked
    found: list[str] = []
    open_game(page, site)
    found += violations(page, "start screen")
    # Five players with Double You, the human dealing: every kind of decision comes up.
    start(page, "basic5", variants=("double-you",), seed=5, dealer=0, pace="instant")
    seen: set[str] = set()
    while not page.locator(".panel.summary").count():
        wait_for_human(page)
        if page.locator(".panel.summary").count():
            break
        decision = page.get_attribute("body", f"data-{Data.DECISION}") or ""
        if decision not in seen:
            seen.add(decision)
            found += violations(page, f"decision {decision}")
        click_and_draw(page, "svg .card.legal, #bar .choices button[data-action]")
    assert seen >= {"double-you", "discard", "trump", "play", "pick"}, seen
    found += violations(page, "hand summary")
    click_and_draw(page, "[data-command=continue]")
    for command, screen in (("sheet", "score sheet"), ("help", "keys"), ("settings", "settings")):
        wait_for_human(page)
        click_and_draw(page, f"#bar [data-command={command}]")
        found += violations(page, screen)
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.getElementById('overlay').hidden")
    click_and_draw(page, "#bar [data-command=share]")
    found += violations(page, "share")
    link = page.input_value(f"#{Id.SHARE_LINK}")
    page.goto("about:blank")  # (a new fragment alone would not load the page again)
    page.goto(link)
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
    found += violations(page, "viewer")
    click_and_draw(page, "[data-command=prev]")
    found += violations(page, "viewer, a step back")
    page.goto(link.replace("index.html", "embed.html"))
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
    found += violations(page, "embed")
    for rules in ("rules.html", "rules.de.html", "papillon.html", "papillon.fr.html"):
        page.goto(f"{site}/{rules}")
        page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
        found += violations(page, rules)
    open_game(page, site)
    click_and_draw(page, "[data-command=editor]")
    click_and_draw(page, "[data-command=editor-fill]")
    found += violations(page, "scenario editor")
    assert not found, "\n".join(found)


def test_no_papillon_screen_has_an_axe_violation(checked: Page, site: str) -> None:
    """Papillon's table at each kind of decision (a card picked up, its capture chooser), a
    round's end, the sheet, the game's end, sharing, its replay viewer and its position editor."""
    page = checked
    found: list[str] = []
    open_game(page, site)
    page.select_option(f"#{Id.GAME}", "papillon")
    found += violations(page, "start screen, Papillon chosen")
    start_papillon(page, 3, seed=6)
    seen: set[str] = set()
    rng = random.Random(6)
    while not page.locator(".panel.over").count():
        wait_for_human(page)
        if page.locator("#overlay button.primary").count():
            found += [] if "summary" in seen else violations(page, "round summary")
            seen.add("summary")
            click_and_draw(page, "#overlay button.primary")
            continue
        decision = page.get_attribute("body", f"data-{Data.DECISION}") or ""
        options = page.locator(MOVES_ON)
        if decision not in seen:
            seen.add(decision)
            found += violations(page, f"decision {decision}")
        draws = page.get_attribute("body", f"data-{Data.DRAWS}")
        options.nth(rng.randrange(options.count())).click()
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
        if page.locator("#bar [data-action=drop]").count() and f"{decision} picked" not in seen:
            seen.add(f"{decision} picked")
            found += violations(page, f"decision {decision}, a card picked up")
    assert seen >= {"blue", "orange", "summary", "blue picked"}, seen
    found += violations(page, "game over")
    click_and_draw(page, ".panel.over [data-command=share]")
    found += violations(page, "share")
    link = page.input_value(f"#{Id.SHARE_LINK}")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
    found += violations(page, "viewer at the end")
    page.keyboard.press("Home")
    click_and_draw(page, "[data-command=next-hand]")
    found += violations(page, "viewer, the blue round's end")
    click_and_draw(page, "[data-command=prev-trick]")  # back into the blue round: its deal can be edited
    page.click("#bar .more summary")
    click_and_draw(page, "[data-command=edit-position]")
    found += violations(page, "position editor")
    page.fill("input[name=hand-0]", "E1 X9")
    page.press("input[name=hand-0]", "Tab")
    page.wait_for_selector("#editor-status.bad")
    found += violations(page, "position editor, a set-up refused")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["farfalia", "papillon"])
def test_a_phone_s_table_and_its_menu_of_tools_have_no_axe_violation(browser: Browser, site: str, game: str) -> None:
    """On a phone the tools are a menu behind "⋯" (a popover): the table with the menu closed,
    then open, as axe sees them."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    problems = watch(context, site)
    page = context.new_page()
    open_game(page, site)
    if game == "papillon":
        start_papillon(page, 2, seed=4)
    else:
        start(page, "basic5", seed=5, dealer=0)
    wait_for_human(page)
    found = violations(page, "phone table")
    page.locator(f"#{Id.TOOLS_TOGGLE}").tap()
    page.wait_for_function(f"() => document.getElementById('{Id.TOOLS}').matches(':popover-open')")
    found += violations(page, "phone menu open")
    context.close()
    assert not found, "\n".join(found)
    assert not problems, "\n".join(problems)


def test_papillon_s_rules_page_on_a_phone_has_no_axe_violation(browser: Browser, site: str) -> None:
    """On a phone, Papillon's diagrams scroll sideways until they come into view (a scrolling
    region must be reachable by the keyboard), their step bars staying in sight; those that came
    are drawn upright."""
    phone = {"width": 375, "height": 667}
    context = browser.new_context(viewport=phone, has_touch=True, is_mobile=True, bypass_csp=True)
    problems = watch(context, site)
    page = context.new_page()
    page.goto(f"{site}/papillon.html")
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
    figure = page.locator("figure.diagram").nth(2)
    figure.scroll_into_view_if_needed()
    figure.locator("svg.table.layout-tall").wait_for()
    assert page.locator("figure.diagram svg.table.layout-wide").count() > 0  # those far below, as built
    found = violations(page, "papillon.html at 375 x 667")
    context.close()
    assert not found, "\n".join(found)
    assert not problems, "\n".join(problems)


def test_a_reviewed_replay_has_no_axe_violation(checked: Page, site: str) -> None:
    """The viewer with its review's marks, the better play shown, a mistake tried again and the
    tally at the end, and an embed with a verdict."""
    page = checked
    controller = Controller(MemoryStorage(), f"{site}/index.html", rng=random.Random(1))
    # A two-player game whose review is among the samples' quickest (16 s here; the first's, 31 s).
    controller.open(f"replay={find_game('papillon').sample_replays(1)[5]}&view=0&at=0")
    controller.command(Command.REVIEW)
    while controller.thinking:
        controller.think()
    controller.command(Command.NEXT_MISTAKE)
    fragment = controller.screen().fragment
    found: list[str] = []
    page.goto(f"{site}/index.html#{fragment}")
    page.wait_for_function("() => document.body.dataset.review === 'done'", timeout=READY_TIMEOUT)
    found += violations(page, "reviewed viewer")
    click_and_draw(page, f"[data-command={Command.SHOW_BETTER}]")
    found += violations(page, "the better play")
    click_and_draw(page, f"[data-command={Command.BACK_TO_GAME}]")
    click_and_draw(page, f"[data-command={Command.PRACTISE}]")
    found += violations(page, "a mistake tried again")
    while page.get_attribute("body", f"data-{Data.PRACTICE}") != "done":
        click_and_draw(page, f"[data-command={Command.PRACTICE_NEXT}]")
    found += violations(page, "the mistakes' tally")
    page.goto("about:blank")
    page.goto(f"{site}/embed.html#{fragment}&theme=light")
    page.wait_for_function("() => document.body.dataset.review === 'done'", timeout=READY_TIMEOUT)
    found += violations(page, "embed with a verdict")
    assert not found, "\n".join(found)


def test_a_lesson_and_a_moment_being_set_up_have_no_axe_violation(checked: Page, site: str) -> None:
    """A lesson's table with its words, the end of a lesson's part, and Papillon's editor setting up
    a moment of a round."""
    page = checked
    found: list[str] = []
    page.add_init_script(
        """localStorage.setItem("farfalia.lesson", JSON.stringify({game: "farfalia", part: 2, at: 0}));"""
    )  # Farfalia's lesson resumed at its short part, Double You
    page.goto(f"{site}/index.html#learn=farfalia")
    page.wait_for_selector("body[data-ready] #bar .lesson", timeout=90_000)
    wait_for_human(page)
    found += violations(page, "a lesson")
    click_and_draw(page, ".hint")
    page.wait_for_selector(".panel.lesson-end", timeout=30_000)
    found += violations(page, "a lesson's part done")
    click_and_draw(page, "[data-command=lesson-leave]")
    page.select_option(f"#{Id.GAME}", "papillon")
    page.select_option("select[name=rounds]", "orange")
    click_and_draw(page, "[data-command=editor]")
    page.select_option("select[name=start]", "moment")
    page.wait_for_selector("select[name=to-act]")
    found += violations(page, "Papillon's editor, a moment")
    assert not found, "\n".join(found)
