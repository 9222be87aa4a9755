"""A newcomer learning by playing (the lessons, ``farfalia/ui/lessons.py``) through the page, on a
phone upright: opened from a rules page's link, the marked moves played, a move of one's own told
and taken back, the lesson left and resumed where it was."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.driver import READY_TIMEOUT, click_and_wait
from e2e.test_layout import out_of_window


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
