"""The table fits the window: a whole game at each common size, checking at every
human decision that the legal cards and the decision's controls are in view, and on
touch screens that each playable card offers a finger-sized target (and first that every
field of the start form can be brought into view, the first screen's buttons' words at least
15 px)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import SHOTS, watch
from e2e.driver import MOVES_ON, click_and_wait, open_game, start, start_papillon
from farfalia.ui.contract import Command, Id
from farfalia.ui.keyboard import PANEL_BUTTON
from farfalia.ui.layout import TOUCH_TARGET
from farfalia.ui.preferences import PREFERENCES_KEY

#: Width, height, and whether the screen is a touch screen.
SIZES = {
    "laptop-1366x657": (1366, 657, False),
    "laptop-1280x800": (1280, 800, False),
    "tablet-portrait": (820, 1180, True),
    "phone-portrait": (390, 844, True),
    "phone-small": (375, 667, True),  # an iPhone SE: the bar leaves the table least room
    "phone-landscape": (844, 390, True),
}

#: Whether a ``width`` x ``height`` box lies wholly on ``card`` somewhere (nothing covering it):
#: sampled with elementFromPoint, which also requires it to be inside the window.
TARGET_CHECK = """(card, [width, height]) => {
  const r = card.getBoundingClientRect();
  const on = (x, y) => { const e = document.elementFromPoint(x, y); return e !== null && card.contains(e); };
  for (let y = r.top; y + height <= r.bottom + 0.5; y += 3)
    for (let x = r.left; x + width <= r.right + 0.5; x += 3)
      if (on(x + 1, y + 1) && on(x + width - 1, y + 1) && on(x + 1, y + height - 1)
          && on(x + width - 1, y + height - 1) && on(x + width / 2, y + height / 2)) return true;
  return false;
}"""


#: Whether an element lies wholly inside the window.
INSIDE = """(e) => { const r = e.getBoundingClientRect();
  return r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5; }"""


#: The bar's choices that do not come into the window when their row is scrolled to them (many
#: choices scroll inside the bar; the page itself does not move).
UNREACHABLE = """() => {
  const row = document.querySelector('#bar .choices');
  if (!row) return [];  // (a decision of cards alone, drawn since the test looked)
  const missing = [...row.querySelectorAll('button')].filter((b) => {
    b.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = b.getBoundingClientRect();
    return scrollX || scrollY || r.left < -0.5 || r.top < -0.5
      || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
  }).map((b) => b.textContent);
  row.scrollTo(0, 0);
  return missing;
}"""


#: The elements of a selector that are not wholly inside the window, named and placed.
OUTSIDE = """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
  }).map((e) => { const r = e.getBoundingClientRect();
    const name = e.getAttribute('data-action') || e.className.baseVal || e.className;
    return `${name} at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`; })"""


def out_of_window(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` that are not wholly inside the window."""
    return page.evaluate(OUTSIDE, selector)


#: A human decision's screen, checked in one call: the draws so far, whether the game is over or a
#: panel's button awaits (and whether it is out of the window), how many moves can be clicked, the
#: legal cards and the status out of the window, the bar's choices that cannot be scrolled into
#: view, on a touch screen the legal cards that offer no finger-sized target, and whether the
#: decision offers places of a layout (Papillon's).
DECISION = f"""([touch, target]) => {{
  const outside = {OUTSIDE}, unreachable = {UNREACHABLE}, offersTarget = {TARGET_CHECK};
  const panel = document.querySelector("#overlay button.primary");
  const cards = [...document.querySelectorAll("svg .card.legal")];
  return {{
    draws: document.body.dataset.draws, over: document.querySelector(".panel.over") !== null,
    panel: panel !== null, panelOutside: panel ? outside("#overlay button.primary") : [],
    moves: document.querySelectorAll({MOVES_ON!r}).length,
    outside: outside("svg .card.legal, #bar .status"), unreachable: unreachable(),
    untouchable: touch ? cards.filter((card) => !offersTarget(card, target)).map((card) => card.dataset.action) : [],
    placing: document.querySelector("svg [data-place].legal") !== null,
  }};
}}"""


@contextmanager
def window(browser: Browser, site: str, size: str, shot: str) -> Iterator[tuple[Page, bool]]:
    """A page at one of the :data:`SIZES` (and whether it is a touch screen); its console must
    stay clean, and a failure leaves a screenshot named ``shot``."""
    width, height, touch = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    problems = watch(context, site)
    page = context.new_page()
    try:
        yield page, touch
        assert not problems, problems
    except Exception:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{shot}.png"))
        raise
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_game_fits_the_window(browser: Browser, site: str, size: str) -> None:
    with window(browser, site, size, f"layout-{size}") as (page, touch):
        open_game(page, site)
        for field in ("#start-form .form-title", "#mode", "input[name=variant]", "#seed", "[data-command=start]"):
            element = page.locator(field).first
            element.scroll_into_view_if_needed()  # every field of the form can be reached
            assert element.evaluate(INSIDE), f"{field} cannot be brought into view at {size}"
        smallest = page.evaluate(
            "() => Math.min(...[...document.querySelectorAll('.first-screen .btn')].map("
            "(button) => parseFloat(getComputedStyle(button).fontSize)))"
        )
        assert smallest >= 15, f"the first screen's buttons' words are {smallest} px at {size}"
        start(page, "basic5", seed=5, dealer=0)
        play_checking(page, touch, size)


@pytest.mark.parametrize(("mode", "size"), [("two", "phone-landscape"), ("three", "phone-portrait")])
def test_a_dummys_cards_are_at_hand_on_a_phone(browser: Browser, site: str, mode: str, size: str) -> None:
    """A dummy's layout lies clear of the trick and its plate clear of its cards (``dummy_place``):
    on a phone on its side a dummy's plate lay over its face-up cards, which could not be clicked.
    The first hand's decisions, the person's and his dummy's, each card a finger's target."""
    with window(browser, site, size, f"dummy-{mode}-{size}") as (page, touch):
        open_game(page, site)
        start(page, mode, seed=5, dealer=0)
        play_checking(page, touch, size, enough=20)


@pytest.mark.parametrize("size", list(SIZES))
def test_papillons_orange_layout_fits_the_window(browser: Browser, site: str, size: str) -> None:
    """Papillon's orange round at two players (the largest hands), its layout's places
    being what a person clicks after a card: sixty decisions checked as Farfalia's are."""
    with window(browser, site, size, f"layout-papillon-{size}") as (page, touch):
        open_game(page, site)
        start_papillon(page, 2, seed=3, rounds="orange")
        smallest, status = page.evaluate(SMALL_WORDS)
        assert smallest >= status - 0.5, f"plates' words of {smallest:.1f} px under a status of {status} px at {size}"
        assert play_checking(page, touch, size, enough=60) >= 8  # decisions placing a card on the layout


#: The smallest words of Papillon's plates and of the person's line, in CSS px, and the status line's size.
SMALL_WORDS = """() => {
  const svg = document.querySelector('#table svg'), unit = svg.getScreenCTM().a;
  const words = [...svg.querySelectorAll('g.seat > text, g.hand > text')];
  const smallest = Math.min(...words.map((t) => parseFloat(t.getAttribute('font-size')) * unit));
  return [smallest, parseFloat(getComputedStyle(document.querySelector('#bar .status')).fontSize)];
}"""


def play_checking(page: Page, touch: bool, size: str, enough: int = 0) -> int:
    """Play to the game's end by clicking (or until ``enough`` decisions are checked), checking
    every human decision's screen. Returns how many offered places of a layout (Papillon's)."""
    rng = random.Random(size)
    checked = placing = 0
    over = False
    for _ in range(400):
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        screen = page.evaluate(DECISION, [touch, list(TOUCH_TARGET)])
        over = screen["over"]
        if over or checked == enough > 0:
            break
        if screen["panel"]:
            assert not screen["panelOutside"], f"the panel's button out of view at {size}"
            click_and_wait(page, "#overlay button.primary")
            continue
        assert screen["moves"], "a human is awaited but nothing can be clicked"
        assert not screen["outside"], f"out of view at {size}: {screen['outside']}"
        assert not screen["unreachable"], f"choices that cannot be scrolled into the bar's view at {size}"
        assert not screen["untouchable"], f"cards {screen['untouchable']} offer no {TOUCH_TARGET} target at {size}"
        checked += 1
        placing += screen["placing"]
        page.locator(MOVES_ON).nth(rng.randrange(screen["moves"])).click()
        page.wait_for_function(f"() => document.body.dataset.draws !== {screen['draws']!r}", timeout=15_000)
    assert (over and checked >= 20) or checked == enough > 0
    return placing


#: Logs the table's height at each change with what the bar then held: its decision buttons, its
#: info line's lines (none while a dialog is open: a summary's bar is empty).
STAGE_LOG = """() => { window.stageLog = [];
  new ResizeObserver(() => {
    const info = document.getElementById('overlay').hidden && document.querySelector('#bar .info-line');
    window.stageLog.push([Math.round(document.getElementById('stage').getBoundingClientRect().height),
      document.querySelectorAll('#bar .choices button[data-action]').length,
      info ? Math.round(info.getBoundingClientRect().height / parseFloat(getComputedStyle(info).lineHeight)) : 0]);
  }).observe(document.getElementById('stage')); }"""


@pytest.mark.parametrize("game", ["farfalia", "papillon"])
def test_the_table_keeps_its_size_from_turn_to_turn_on_a_phone(browser: Browser, site: str, game: str) -> None:
    """On a phone held upright the bar has lines of its own, and the table takes what they
    leave: the hint button that came with each of the person's turns, a last play of one line
    then two, resized the table at every turn. Papillon's bar now never changes height;
    Farfalia's only with a decision's buttons (a trump to name, a double) or a third line of rules."""
    with window(browser, site, "phone-small", f"steady-{game}") as (page, _):
        # Every turn waits for the click: a hand's last card auto-played (350 ms on) could end the
        # hand before a slow machine's click lands, the card still gliding.
        page.add_init_script(f"localStorage.setItem({PREFERENCES_KEY!r}, JSON.stringify({{autoplay: 'off'}}))")
        open_game(page, site)
        if game == "papillon":
            start_papillon(page, 2, seed=4, pace="fast")
        else:
            start(page, "basic5", seed=5, dealer=0, pace="fast")
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        page.evaluate(STAGE_LOG)
        rng = random.Random(game)
        for _ in range(16):
            page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
            if page.locator("#overlay button.primary").count():
                click_and_wait(page, "#overlay button.primary")
                continue
            options = page.locator(MOVES_ON)
            draws = page.get_attribute("body", "data-draws")
            options.nth(rng.randrange(options.count())).click()
            page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}", timeout=15_000)
        log = page.evaluate("() => window.stageLog")
    heights: dict[int, set[int]] = {}
    for height, buttons, lines in log:
        if lines and (game == "papillon" or not buttons):
            heights.setdefault(0 if game == "papillon" else max(lines, 2), set()).add(height)
    assert heights and all(len(found) == 1 for found in heights.values()), log


#: Whether the dialog is taller than the window (it scrolls).
SCROLLS = "() => { const o = document.getElementById('overlay'); return o.scrollHeight > o.clientHeight; }"
#: How opaque the fade above a dialog's main button is (words go on below it: "1"; none: "0").
FADE = """() => getComputedStyle(
  document.querySelector("#overlay .panel > .btn.primary:last-child"), "::before").opacity"""


def test_a_dialog_taller_than_the_window_opens_at_its_top(browser: Browser, site: str) -> None:
    """A dialog taller than a phone on its side (the settings) opens showing its heading and its
    main button, focused (Enter closes it): it opened scrolled down to the button, the heading
    out of view (a round's summary the same). The words going on under the button
    fade out above it until the dialog is scrolled to its end."""
    with window(browser, site, "phone-landscape", "dialog-top") as (page, _):
        open_game(page, site)
        start(page, "basic5", seed=5, dealer=0)
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        page.click(f"#{Id.TOOLS_TOGGLE}")  # the tools are a menu on a phone
        click_and_wait(page, "#bar [data-command=settings]")
        assert not page.locator(f"#{Id.TOOLS}").is_visible()  # the menu closed once a tool was chosen
        assert page.evaluate(SCROLLS)
        assert page.locator("#overlay h2").first.evaluate(INSIDE)
        assert page.locator(PANEL_BUTTON).first.evaluate(INSIDE)  # held in sight at the bottom
        assert page.evaluate(f"() => document.activeElement.matches({PANEL_BUTTON!r})")
        assert page.evaluate(FADE) == "1"
        page.evaluate("() => { const o = document.getElementById('overlay'); o.scrollTop = o.scrollHeight; }")
        page.wait_for_function(f"() => ({FADE})() === '0'")  # at the end, nothing more below
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('overlay').hidden")
        assert page.evaluate(f"() => document.activeElement.id === '{Id.TOOLS_TOGGLE}'")  # the focus given back


@pytest.mark.parametrize("size", ["phone-portrait", "phone-landscape", "laptop-1366x657"])
def test_every_tool_is_at_hand(browser: Browser, site: str, size: str) -> None:
    """On a phone the tools are a menu behind "⋯" (the table takes their line: upright, their row
    scrolled sideways with "Rules" and "New game" past the window's edge); elsewhere they are in
    the bar. Either way every tool lies wholly in the window, to be seen and touched; the menu
    closes as menus do, and a touch that closes it plays no card. (A laptop's settings fit its
    window: no fade says that words go on below their button.)"""
    with window(browser, site, size, f"tools-{size}") as (page, touch):
        open_game(page, site)
        start_papillon(page, 2, seed=4)
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        toggle = page.locator(f"#{Id.TOOLS_TOGGLE}")
        assert toggle.is_visible() == touch and page.locator(f"#{Id.TOOLS}").is_visible() != touch
        if touch:
            assert toggle.get_attribute("aria-label") == "Game menu" and toggle.evaluate(INSIDE)
            toggle.click()
        # Undo is off: the sheet, share, settings, keys (not on a touch screen: it speaks of keys
        # only), rules, learn, new game.
        assert page.locator(f"#{Id.TOOLS} [data-command=help]").is_visible() != touch
        tools = page.locator(f"#{Id.TOOLS} .btn:visible")
        assert tools.count() == (6 if touch else 7)
        assert not out_of_window(page, f"#{Id.TOOLS} .btn")
        if touch:
            shut = f"() => !document.getElementById('{Id.TOOLS}').matches(':popover-open')"
            toggle.tap()  # a second touch on "⋯" closes it (the menu opens above it, not over it)
            page.wait_for_function(shut)
            toggle.tap()
            played = page.get_attribute("body", "data-actions")
            page.locator("svg .card.legal").first.tap()  # a touch outside only closes it
            page.wait_for_function(shut)
            page.wait_for_timeout(300)
            assert page.get_attribute("body", "data-actions") == played
        else:  # the settings fit a laptop's window: no fade above their button
            click_and_wait(page, "#bar [data-command=settings]")
            assert page.evaluate(f"() => !({SCROLLS})()") and page.evaluate(FADE) == "0"


@pytest.mark.parametrize("game", ["farfalia", "papillon"])
def test_a_press_after_a_hint_plays_what_it_pressed_on_a_phone(browser: Browser, site: str, game: str) -> None:
    """A phone upright: the hint's words take the note line, and a press on the move it marks
    plays that move. (The press gave the move the focus, which emptied the note; the line, given
    back to the table, moved the move from under the finger before its release: the tap was lost.)"""
    with window(browser, site, "phone-small", f"hint-press-{game}") as (page, _):
        open_game(page, site)
        if game == "papillon":
            start_papillon(page, 2, seed=4)
        else:
            start(page, "basic5", seed=5, dealer=0)
        page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
        page.click(f"[data-command={Command.HINT}]")
        page.wait_for_function(f"() => document.getElementById('{Id.NOTE}').textContent.startsWith('Hint: ')")
        hinted = page.locator("svg .card.legal.hint, #bar .choices button.hint")
        box = hinted.bounding_box()
        assert box
        draws = page.get_attribute("body", "data-draws")
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 3)  # near its top edge, as a finger may
        page.mouse.down()
        assert hinted.bounding_box() == box, "the move pressed moved under the finger"
        page.mouse.up()
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
