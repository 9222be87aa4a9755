"""Learning from a review's mistakes in the page, for both games: a link that carries its review
opens annotated, "Learn from the mistakes" sets the first one up at the table from its seat, a try
is judged in the bots' worker and told, the answer is marked on the table and played, and the
learner goes back to the replay at that mistake."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

import farfalia.site  # noqa: F401 (the site's games)
from e2e.driver import READY_TIMEOUT, click_and_wait
from e2e.test_review import heuristic_game
from farfalia.ui.contract import Command, Data
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game
from farfalia.ui.practice import Stage
from farfalia.ui.saves import MemoryStorage

#: A try's judging (a decision's review in the worker) ends well within this.
JUDGING_TIMEOUT = 30_000


def reviewed_link(game_name: str, text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, list[str], int]:
    """The link of ``text`` reviewed for its first seat (here in CPython, with a small budget: the
    page judges the tries with its own), the clicks that try at its first mistake an action that is
    neither the one played nor the review's better one, and that mistake's index."""
    monkeypatch.setattr(find_game(game_name).reviewing(), "playouts", 120)
    page = Controller(MemoryStorage(), "http://site/index.html", rng=random.Random(3))
    page.open(f"replay={text}&view=0&at=0")
    page.command(Command.REVIEW)
    while page.thinking:
        page.think()
    fragment = page.screen().fragment
    assert fragment is not None and "review=1." in fragment
    page.command(Command.PRACTISE)
    practice = page.studio.practice
    assert practice is not None
    mark = practice.mistake
    other = next(a for a in practice.table.game.legal_actions() if a not in (mark.action, mark.best))
    clicks = []
    while practice.stage is Stage.TRYING:
        clicks.append(practice.table.hint(other)[1])
        page.act(clicks[-1])
    return fragment, clicks, mark.index


def practice_is(page: Page, stage: str, timeout: float = 10_000) -> None:
    page.wait_for_selector(f"body[data-{Data.PRACTICE}={stage}]", timeout=timeout)


@pytest.mark.parametrize(("game_name", "form"), [("farfalia", {"mode": "basic5"}), ("papillon", {"players": "3"})])
def test_a_mistake_is_tried_again_at_the_table_and_judged_in_the_worker(
    page: Page, site: str, game_name: str, form: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fragment, clicks, index = reviewed_link(game_name, heuristic_game(game_name, form, 11), monkeypatch)
    page.goto(f"{site}/index.html#{fragment}")
    page.wait_for_selector(f"body[data-{Data.READY}][data-{Data.REVIEW}=done]", timeout=READY_TIMEOUT)
    assert page.get_attribute("body", f"data-{Data.WORKER}") == "idle"  # a link's page starts none
    click_and_wait(page, f"[data-command={Command.PRACTISE}]")
    practice_is(page, "trying")
    page.wait_for_selector(f"body[data-{Data.WORKER}=ready]", timeout=READY_TIMEOUT)  # started ahead of a try
    assert page.locator(".practice .lesson-title").inner_text().startswith("Learn from the mistakes: 1 of ")
    assert page.locator(".practice .lesson-note").inner_text().endswith("points lost: find a better play.")
    assert page.locator("svg .card.legal").count() + page.locator("#bar .choices [data-action]").count() > 0
    remote = int(page.get_attribute("body", f"data-{Data.REVIEW_REMOTE}") or 0)
    for click in clicks:  # a card (and its choice, where it asks for one)
        click_and_wait(page, f'[data-action="{click}"]')
    practice_is(page, "judging", 1_000)
    page.wait_for_selector(f"body:not([data-{Data.PRACTICE}=judging])", timeout=JUDGING_TIMEOUT)
    assert int(page.get_attribute("body", f"data-{Data.REVIEW_REMOTE}") or 0) > remote  # judged in the worker
    note = page.locator(".practice .lesson-note").inner_text()
    if page.get_attribute("body", f"data-{Data.PRACTICE}") == "trying":
        assert note.startswith("Not this one: ") and "points: try another play." in note
        click_and_wait(page, f"[data-command={Command.PRACTICE_ANSWER}]")
        assert note != page.locator(".practice .lesson-note").inner_text()
        for _ in range(3):  # the answer's card, then its choice where it asks for one: marked as a hint
            if page.get_attribute("body", f"data-{Data.PRACTICE}") != "trying":
                break
            click_and_wait(page, ".hint")
    else:
        assert note.startswith("Well found: ")
    practice_is(page, "found")
    assert page.locator(".practice .lesson-note").inner_text().startswith("Well found: ")
    click_and_wait(page, f"[data-command={Command.PRACTICE_LEAVE}]")
    page.wait_for_selector(f"body[data-{Data.PRACTICE}=''][data-{Data.REVIEW}=done]")
    assert page.get_attribute("body", f"data-{Data.AT}") == str(index + 1)
    assert page.locator(".review-line .verdict").get_attribute("data-grade") in ("mistake", "blunder")
