"""A newcomer learning by playing (the lessons, ``farfalia/ui/lessons.py``) through the page, on a
phone upright: opened from a rules page's link, the marked moves played, a move of one's own told
and taken back, the lesson left and resumed where it was; in French on a small phone, its words
from its first moment, its table upright, and a part's end whole in the window."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from e2e.conftest import watch
from e2e.driver import READY_TIMEOUT, click_and_wait
from e2e.test_layout import out_of_window
from farfalia.ui.lessons import LESSON_KEY


def wait_for_the_learner(page: Page) -> None:
    """Until the bots (the script) have played and the learner decides."""
    page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)


def test_a_newcomer_learns_papillon_by_its_marked_moves_and_resumes_it(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/index.html#learn=papillon")  # the rules page's "learn it by playing"
    page.wait_for_selector("body[data-ready] #bar .lesson", timeout=READY_TIMEOUT)
    note = page.locator("#bar .lesson-note")
    expect(note).to_contain_text("You are Anna")
    assert not out_of_window(page, "#bar .lesson-note, svg .card.hint"), "the lesson and its move in sight"
    for _ in range(6):  # the capture by a sign: its card picked up, then its capture chosen
        wait_for_the_learner(page)
        if "The table was empty" in note.inner_text():
            break
        click_and_wait(page, ".hint")
    expect(note).to_contain_text("The table was empty")
    marked = page.get_attribute(".hint", "data-action")
    click_and_wait(page, f"svg .card.legal:not([data-action='{marked}'])")  # a card of one's own choosing
    choices = page.locator("#bar .choices button[data-action]:not([data-action=drop])")
    if choices.count():  # picked up: lay it down
        click_and_wait(page, "#bar .choices button[data-action]:not([data-action=drop]) >> nth=-1")
    expect(note).to_contain_text("You chose:")
    assert page.get_attribute(".hint", "data-action") == marked  # taken back: the lesson's move again
    page.click("[data-command=lesson-leave]")
    page.wait_for_selector("[data-command=learn][data-game=papillon]")
    page.click("[data-command=learn][data-game=papillon]")  # on the first screen: resumed where it was
    expect(note).to_contain_text("The table was empty")
    assert page.get_attribute(".hint", "data-action") == marked


def test_on_a_small_phone_in_french_a_lesson_keeps_its_table_upright_and_shows_a_part_s_end_whole(
    browser: Browser, site: str
) -> None:
    """French words are longer: at 375 x 667 the lesson's box took the table's room, and the table
    turned to the landscape drawing, a third of the screen; the box said nothing while the dealer
    discarded; a part's end opened scrolled, its title and a button cut, under the strip's copy of
    its words."""
    context = browser.new_context(
        viewport={"width": 375, "height": 667}, locale="fr-FR", has_touch=True, is_mobile=True
    )
    problems = watch(context, site)
    page = context.new_page()
    page.goto(f"{site}/index.html#learn=farfalia")
    page.wait_for_selector("body[data-ready] #bar .lesson", timeout=READY_TIMEOUT)
    said = page.wait_for_function(  # while Andrew discards and names trumps, before the learner's turn
        "() => document.body.dataset.waiting === 'bot' && document.querySelector('#bar .lesson-note').textContent",
        timeout=10_000,
    )
    assert said.json_value().startswith("Vous êtes Barbara")
    wait_for_the_learner(page)
    assert page.locator("#table svg.table.layout-tall").count() == 1
    # Papillon's last part (a Chat Noir countered: two moves), resumed where a learner left it
    kept = json.dumps({"game": "papillon", "part": 2, "at": 0})
    page.evaluate("([key, kept]) => localStorage.setItem(key, kept)", [LESSON_KEY, kept])
    page.goto(f"{site}/index.html#learn=papillon")
    page.wait_for_selector("body[data-ready] #bar .lesson", timeout=READY_TIMEOUT)
    for _ in range(4):
        page.wait_for_function(
            "() => document.querySelector('.panel.lesson-end') || document.body.dataset.waiting === 'human'",
            timeout=30_000,
        )
        if page.locator(".panel.lesson-end").count():
            break
        click_and_wait(page, ".hint")
    page.wait_for_selector(".panel.lesson-end")
    assert not out_of_window(page, ".panel.lesson-end h2, .panel.lesson-end .btn"), "the part's end whole"
    assert not page.locator("#bar .lesson").is_visible()  # its words and buttons are the dialog's
    context.close()
    assert not problems, "\n".join(problems)
