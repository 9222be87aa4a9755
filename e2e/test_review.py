"""Reviewing a game in the page: a whole basic5 game and a whole Papillon game at three reviewed for
one seat in the bots' worker, each in its own time with no long task (a benchmark that prints its
figures beside the bots' decision times of ``e2e/test_bots.py``, and ``make bench-page`` beside
the same review in the page's thread), its marks stepped through, the graph clicked, and its link
opened annotated at once."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

import farfalia.site  # noqa: F401 (the site's games)
from e2e.driver import READY_TIMEOUT, click_and_wait
from e2e.test_bots import OBSERVERS
from farfalia.bots.roster import play_game
from farfalia.ui.contract import Command, Data
from farfalia.ui.game import find_game

#: A review must end well within this (the goal: about 30 s a seat in Chromium on the test machine).
REVIEW_TIMEOUT = 180_000


def heuristic_game(game_name: str, form: dict[str, str], seed: int) -> str:
    """The replay text of a whole game its heuristic bots play at every seat."""
    game = find_game(game_name)
    settings = game.settings_of(form)
    played = play_game(game.rules, settings, seed, [game.bot("heuristic")] * game.rules.players(settings))
    return game.encode_replay(played)


#: Where the review runs: in the bots' worker, or (the baseline, ``?worker=off``) in the page's
#: thread a slice at a time, as before 2026-11-28 (``make bench-page`` runs both).
WHERE = [pytest.param("", id="worker"), pytest.param("?worker=off", id="page", marks=pytest.mark.benchmark)]


@pytest.mark.parametrize("query", WHERE)
@pytest.mark.parametrize(("game_name", "form"), [("farfalia", {"mode": "basic5"}), ("papillon", {"players": "3"})])
def test_a_whole_game_is_reviewed_for_one_seat_without_a_long_task(
    page: Page, site: str, game_name: str, form: dict[str, str], query: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = heuristic_game(game_name, form, 11)
    page.add_init_script(OBSERVERS)
    page.goto(f"{site}/index.html{query}#replay={text}&view=0&at=0")
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
    loading = page.evaluate("window.longTasks.length")
    started = time.perf_counter()
    page.click(f"[data-command={Command.REVIEW}]")
    page.wait_for_selector(f"body[data-{Data.REVIEW}=running] .review-progress progress")
    page.wait_for_selector(f"body[data-{Data.REVIEW}=done]", timeout=REVIEW_TIMEOUT)
    seconds = time.perf_counter() - started
    tasks = page.evaluate(f"window.longTasks.slice({loading})")
    judged = page.locator(".review-graph .loss").count()
    parts = page.get_attribute("body", f"data-{Data.REVIEW_REMOTE}")
    with capsys.disabled():  # a benchmark: its figures show in every run
        print(
            f"\nreview of a whole {game_name} game ({form}) for one seat: {judged} decisions judged in "
            f"{seconds:.1f} s ({parts} parts in the worker); main-thread tasks over 50 ms: {len(tasks)}, "
            f"the longest {max(tasks, default=0):.0f} ms"
        )
    assert judged > 10 and seconds < REVIEW_TIMEOUT / 1000
    assert (parts == "0") == bool(query)  # in the worker, unless there is none
    figures = page.inner_text(".review-figures")
    assert "accuracy" in figures and "decisions judged" in figures
    # The graph's bars go to their positions; the mistakes are a button (and a key) away.
    bar = page.locator(".review-graph .loss").nth(judged // 2)
    target = int(bar.get_attribute("data-at") or 0)
    bar.dispatch_event("click")
    page.wait_for_function(f"() => document.body.dataset.at === '{target}'")
    verdict = page.locator(".review-line .verdict")
    assert verdict.get_attribute("data-grade") in ("good", "inaccuracy", "mistake", "blunder")
    if page.locator(f"[data-command={Command.NEXT_MISTAKE}]:not([disabled])").count():
        click_and_wait(page, f"[data-command={Command.NEXT_MISTAKE}]")
        assert verdict.get_attribute("data-grade") in ("mistake", "blunder")
        assert "Better:" in verdict.inner_text()
        here = page.get_attribute("body", f"data-{Data.AT}")
        if page.locator(f"[data-command={Command.NEXT_MISTAKE}]:not([disabled])").count():
            page.keyboard.press("n")  # the keys too
            page.wait_for_function(f"() => document.body.dataset.at !== '{here}'")
            page.keyboard.press("p")
            page.wait_for_function(f"() => document.body.dataset.at === '{here}'")
    # Its link carries the review: opened anew, the page shows it at once.
    fragment = page.evaluate("location.hash")
    assert "review=1." in fragment
    page.goto(f"{site}/embed.html{fragment}")
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)
    assert page.get_attribute("body", f"data-{Data.REVIEW}") == "done"
    assert page.locator(".review .verdict").count() == 1  # an embed shows the position's verdict
