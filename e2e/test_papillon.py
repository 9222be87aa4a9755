"""Papillon through the page, as a person plays it: chosen on the start screen, then a whole
two-round game by clicks, at two players and at five, shared from its last screen and the link
reopened in the viewer; its plays' motion, a capture's cards marked while its button is pointed
at, an embed, and its rules page's diagrams, on a phone too."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from e2e.conftest import watch
from e2e.driver import READY_TIMEOUT, click_and_wait, open_game, play_to_the_end, start_papillon
from farfalia.games.papillon.records.examples import blue_example
from farfalia.games.papillon.records.replay import decode_papillon, encode_papillon_with_chance
from farfalia.ui.contract import Data


@pytest.mark.parametrize("players", [2, 5])
def test_a_whole_papillon_game_by_clicks(page: Page, site: str, players: int) -> None:
    open_game(page, site)
    start_papillon(page, players, seed=players)
    assert page.locator("svg.table.papillon").count() == 1
    record = play_to_the_end(page, seed=players)
    assert {"blue", "orange"} <= record.decisions
    sheet = page.locator(".panel.over table.scores").inner_text()
    assert "Blue round" in sheet and "Orange round" in sheet and "Total" in sheet
    assert len(record.actions) > 10
    click_and_wait(page, ".panel.over [data-command=share]")
    link = page.input_value("#share-link")
    shared = decode_papillon(link.split("#replay=")[1])
    total = len(shared.actions)
    assert shared.game().is_over() and shared.settings.players == players and total >= len(record.actions)
    page.goto("about:blank")  # a new visit: the link opened as a friend opens it
    page.goto(link)
    page.wait_for_selector(f"body[data-{Data.AT}='{total}']", timeout=READY_TIMEOUT)
    assert page.locator("svg.table.papillon").count() == 1
    # the end: the editor offered for the orange round, from its deal (P-E13) or from a moment (P-E19)
    assert page.locator("[data-command=edit-position]").count() == 1
    page.keyboard.press("Home")
    page.wait_for_function("() => document.body.dataset.at === '0'")
    click_and_wait(page, "[data-command=next-hand]")  # to the blue round's end
    assert 0 < int(page.get_attribute("body", "data-at") or 0) < total
    assert "blue round is over" in page.inner_text("#announce")
    assert page.locator("[data-command=edit-position]").count() == 1  # the first round: its sides its own


def test_the_papillon_rules_page_steps_its_diagrams(page: Page, site: str) -> None:
    page.goto(f"{site}/papillon.html", wait_until="domcontentloaded")
    figures = page.locator("figure.diagram")
    pictures = page.locator("figure.diagram > .diagram-picture > svg.table.papillon")
    assert pictures.count() == figures.count() == 13  # before Python
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT)
    first = figures.first
    first.locator("[data-step=next]").click()
    page.wait_for_function("() => document.querySelector('figure .position').textContent === 'Action 1 of 11'")
    assert "22 − 10 = 12" in first.locator(".diagram-last").inner_text()
    page.keyboard.press("ArrowLeft")
    assert first.locator(".position").inner_text() == "Action 0 of 11"
    assert figures.nth(1).locator(".position").inner_text() == "Action 3 of 11"  # the others stay
    moment = figures.nth(11)  # a moment set up by hand (P-E19): attacked, the draw, then the counter
    moment.locator("[data-step=next]").click()
    page.wait_for_function("() => document.querySelectorAll('figure .position')[11].textContent === 'Action 1 of 2'")
    moment.locator("[data-step=next]").click()
    expect(moment.locator(".diagram-last")).to_contain_text("Papillon")


#: A diagram, measured: how far it scrolls and where it is, its step bar's box and the figure's,
#: and how opaque the fade on each side of its picture is.
DIAGRAM_BOXES = """(index) => {
  const figure = document.querySelectorAll('figure.diagram')[index];
  const picture = figure.querySelector('.diagram-picture');
  const box = (element) => { const r = element.getBoundingClientRect(); return [r.left, r.right]; };
  return {scrolls: figure.scrollWidth - figure.clientWidth, at: figure.scrollLeft,
          bar: box(figure.querySelector('.diagram-bar')), figure: box(figure),
          fades: ['::before', '::after'].map(side => getComputedStyle(picture, side).opacity)};
}"""


def test_on_a_small_window_a_wide_papillon_diagram_scrolls_under_a_bar_that_stays_and_shows_more_is_there(
    browser: Browser, site: str
) -> None:
    """A figure too wide to be drawn upright but narrower than Papillon's wide table (a 640 px
    window; at a phone's width the build's wide picture until it is drawn upright): the diagram
    scrolls sideways, the side of the picture with more to see fades, the step bar stays in sight,
    and a step keeps the place."""
    context = browser.new_context(viewport={"width": 640, "height": 800}, has_touch=True, is_mobile=True)
    problems = watch(context, site)
    page = context.new_page()
    page.goto(f"{site}/papillon.html")
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT)
    figure = page.locator("figure.diagram").nth(3)
    figure.scroll_into_view_if_needed()
    assert figure.locator("svg.table.layout-wide").count() == 1
    start = page.evaluate(DIAGRAM_BOXES, 3)
    assert start["scrolls"] > 50 and start["at"] == 0
    assert start["fades"] == ["0", "1"]  # more to the right only
    page.evaluate("() => { document.querySelectorAll('figure.diagram')[3].scrollLeft = 1e6; }")
    page.wait_for_function(f"() => ({DIAGRAM_BOXES})(3).fades[1] === '0'")
    end = page.evaluate(DIAGRAM_BOXES, 3)
    assert end["at"] == end["scrolls"] and end["fades"] == ["1", "0"]  # more to the left only
    assert end["bar"] == start["bar"] and end["figure"][0] <= end["bar"][0] < end["bar"][1] <= end["figure"][1]
    figure.locator("[data-step=next]").tap()  # the bar steps the diagram, which stays where it was
    page.wait_for_function("() => document.querySelectorAll('figure .position')[3].textContent.startsWith('Action 9 ')")
    assert page.evaluate(DIAGRAM_BOXES, 3)["at"] == end["at"]
    context.close()
    assert not problems, "\n".join(problems)


#: How high a diagram's players' words are (px): the median of each seat's largest (its name).
SEAT_WORDS = """(figure) => {
  const largest = [...figure.querySelectorAll('svg.table g.seat')].map((seat) => Math.max(
    ...[...seat.querySelectorAll('text')].map((text) => text.getBoundingClientRect().height)));
  largest.sort((a, b) => a - b);
  return largest[Math.floor(largest.length / 2)];
}"""


@pytest.mark.parametrize("rules", ["papillon.html", "rules.fr.html"])
def test_on_a_phone_a_diagram_is_drawn_upright_as_it_comes_into_view(browser: Browser, site: str, rules: str) -> None:
    """The build draws each table wide; at 375 x 667 that left words 3 to 5 px high (Farfalia's) or a
    picture to scroll sideways (Papillon's). A figure coming into view is drawn upright, as wide as
    the figure, its words as large as a phone's table's; a step keeps it upright. A figure far from
    the view keeps the build's picture until it comes."""
    context = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True)
    problems = watch(context, site)
    page = context.new_page()
    page.goto(f"{site}/{rules}")
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT)
    figures = page.locator("figure.diagram")
    last = figures.nth(figures.count() - 1)
    assert last.locator("svg.table.layout-wide").count() == 1  # far below: as the build drew it
    wide = last.evaluate(SEAT_WORDS)
    figure = figures.nth(2)
    figure.scroll_into_view_if_needed()
    figure.locator("svg.table.layout-tall").wait_for()
    assert figure.evaluate("(figure) => figure.scrollWidth - figure.clientWidth") <= 1  # nothing to scroll to
    upright = figure.evaluate(SEAT_WORDS)
    assert upright >= 9 and upright >= 1.4 * wide, (upright, wide)
    position = figure.locator(".position").inner_text()
    figure.locator("[data-step=next]").tap()
    page.wait_for_function(f"() => document.querySelectorAll('figure .position')[2].textContent !== {position!r}")
    assert figure.locator("svg.table.layout-tall").count() == 1
    context.close()
    assert not problems, "\n".join(problems)


#: The animations of the cards on the blue table and of those captured (the bar's and the hand's aside).
MOVING_ON_THE_TABLE = """[...document.querySelectorAll('#table .blue-table [data-card], #table .captured [data-card]')]
  .reduce((count, card) => count + card.getAnimations().length, 0)"""


def test_a_papillon_play_glides_unless_motion_is_reduced(page: Page, site: str) -> None:
    open_game(page, site)
    start_papillon(page, 2, seed=8, pace="normal")

    def play_once() -> int:
        """Play one decision of the person's by its first choice; the animations running then."""
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        actions = page.get_attribute("body", "data-actions")
        page.locator("svg .hand .card.legal").first.click()
        choice = page.locator("#bar .choices button[data-action]:not([data-action=drop])")
        if page.get_attribute("body", "data-actions") == actions and choice.count():
            choice.first.click()
        page.wait_for_function(f"() => document.body.dataset.actions !== {actions!r}")
        return int(page.evaluate(MOVING_ON_THE_TABLE))

    assert play_once() >= 1  # laid down, it glides from the hand; taking, the cards go to the pile
    page.emulate_media(reduced_motion="reduce")
    assert play_once() == 0


def test_a_papillon_embed_shows_its_still_then_steps(page: Page, site: str) -> None:
    example = blue_example()
    replay = encode_papillon_with_chance(example.game, example.names)
    page.goto(f"{site}/embed.html#replay={replay}&at=3&view=all")
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT)
    assert page.locator("#table svg.table.papillon").count() == 1
    assert page.locator("[data-command=new-game]").count() == 0  # an embed is a picture with steps
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.at === '4'")
    assert "5 + 6 = 11" in page.inner_text("#announce")


def test_pointing_at_a_capture_marks_the_cards_it_takes(page: Page, site: str) -> None:
    open_game(page, site)
    start_papillon(page, 2, seed=3)
    rng = random.Random(3)
    for _ in range(200):  # play on until a picked card offers a capture
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        takes = page.locator("#bar .choices button[data-action*='x']")
        if takes.count():
            break
        options = page.locator(
            "svg .hand .card.legal:not([data-action=drop]), #bar .choices button[data-action]:not([data-action=drop])"
        )
        draws = page.get_attribute("body", "data-draws")
        options.nth(rng.randrange(options.count())).click()
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
    action = takes.first.get_attribute("data-action") or ""
    takes.first.hover()
    marked = page.locator("#table .blue-table .would-take")
    assert sorted(marked.nth(k).get_attribute("data-card") or "" for k in range(marked.count())) == sorted(
        action.partition("x")[2].split("+")
    )


#: A 2-player blue round where every decision is the first legal action: 56 discards, a table of up
#: to 52 cards whose turns offer up to 163,112 captures (its ``p1`` text took 22 s to read and 45 s to
#: open; its crowded turns are spelled out now, and their captures never listed).
ALL_DISCARDS = "p2.2010.5.1k...rQKZaL"


def test_a_link_of_a_table_filled_by_discards_opens_steps_and_is_pasted_into_an_open_page(
    page: Page, site: str
) -> None:
    """Pasted into the address of the page already open (only the fragment changes: no reload),
    the link opens in the viewer, which steps back and forth within the default waits; the editor
    at one of its last turns offers the likeliest plays, not thousands."""
    open_game(page, site)
    for at in (53, 50):  # the second: a link pasted over another
        page.goto(f"{site}/index.html#replay={ALL_DISCARDS}&at={at}")
        page.wait_for_function(f"() => document.body.dataset.at === '{at}'")
        assert page.locator("#table svg .blue-table .card").count() > 40
    for key, expected in (("ArrowLeft", 49), ("End", 56), ("Home", 0), ("ArrowRight", 1)):
        page.keyboard.press(key)
        page.wait_for_function(f"() => document.body.dataset.at === '{expected}'")
    page.goto(f"{site}/index.html#replay={ALL_DISCARDS}&at=50")
    page.wait_for_function("() => document.body.dataset.at === '50'")
    page.locator("[data-command=edit-position]").first.dispatch_event("click")
    page.wait_for_selector(".editor-more")
    assert page.locator(".editor-next button").count() == 40
    assert "The likeliest 40 plays: the table offers too many to list" in page.inner_text(".editor-more")


def test_a_first_visit_loads_papillons_code_once_it_is_chosen(browser: Browser, site: str) -> None:
    """The start screen shows Papillon before its code is here (``games/papillon.zip``: fetched
    once the page is idle, or when it is chosen); chosen while its archive is on its way, the page
    says so and starts the game once it has come."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    problems = watch(context, site)
    page = context.new_page()
    held: list[Route] = []
    page.route("**/games/papillon.zip", lambda route: held.append(route))  # held back until released below
    open_game(page, site)
    fetched = "() => performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop())"
    assert "papillon.zip" not in page.evaluate(fetched)
    assert page.locator(".game-card[data-game=papillon] svg").count() == 1
    page.click("[data-command=play][data-game=papillon]")
    expect(page.locator("#note")).to_have_text("Loading Papillon…")
    while not held:
        page.wait_for_timeout(50)
    assert page.locator("svg.table.papillon").count() == 0
    for route in held:
        route.continue_()
    page.wait_for_selector(".card.legal", timeout=READY_TIMEOUT)
    assert page.locator("svg.table.papillon").count() == 1 and "papillon.zip" in page.evaluate(fetched)
    context.close()
    assert not problems, "\n".join(problems)


def test_an_archive_that_is_none_is_said_once_and_the_other_game_plays_on(browser: Browser, site: str) -> None:
    """A host that answers Papillon's archive with a page of its own: choosing Papillon says it
    could not be loaded (once: no fetching in a loop), and Farfalia plays as ever."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    problems = watch(context, site)
    page = context.new_page()
    asked: list[str] = []

    def a_page_instead(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><p>Not here</p>")

    page.route("**/games/papillon.zip", a_page_instead)
    open_game(page, site)
    page.click("[data-command=play][data-game=papillon]")
    expect(page.locator("#note")).to_have_text(
        "Papillon could not be loaded: check the connection, then try again.", timeout=READY_TIMEOUT
    )
    # Each that asks for it has asked once the idle page has rehearsed Farfalia's table and the
    # bots' worker is ready (a slow machine takes seconds more): the click, the idle page, the
    # worker and its snapshot maker.
    page.wait_for_selector(f"body[data-{Data.REHEARSED}='farfalia'][data-{Data.WORKER}=ready]", timeout=READY_TIMEOUT)
    fetched = len(asked)
    page.wait_for_timeout(1500)  # time for a loop to show, were there one
    assert len(asked) == fetched <= 4 and page.locator("svg.table").count() == 0
    page.click("[data-command=play][data-game=farfalia]")
    page.wait_for_selector("svg.table", timeout=READY_TIMEOUT)
    assert page.locator("svg.table.papillon").count() == 0
    context.close()
    assert not problems, "\n".join(problems)
