"""The strong bots in the page: the default opponents, quick to decide, never freezing
the page (a benchmark that prints its figures), and hints for the human (asked at every third
decision: each is a whole search, and every one asked at every decision made these the suite's
three slowest tests). ``make test`` plays the Papillon game at 3; ``make bench-page`` all three
(``basic5``, Papillon at 3 and at 5), their figures printed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.driver import open_game, play_to_the_end, start, start_papillon

#: A hint is asked for at every this many decisions of the person.
HINTS_EVERY = 3

#: Collects the duration of every main-thread task over 50 ms (the Long Tasks API).
LONG_TASK_OBSERVER = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""


@pytest.mark.benchmark
def test_strong_bots_keep_the_page_responsive_and_give_hints(
    page: Page, site: str, capsys: pytest.CaptureFixture[str]
) -> None:
    page.add_init_script(LONG_TASK_OBSERVER)
    open_game(page, site)
    assert page.input_value("#level") == "strong"  # the default opponents
    loading = page.evaluate("window.longTasks.length")  # Pyodide's start-up is not play
    start(page, "basic5", humans=(0,), seed=4, dealer=0, level=None)
    record = play_to_the_end(page, seed=2, hints=HINTS_EVERY)
    tasks = page.evaluate(f"window.longTasks.slice({loading})")
    decisions = int(page.get_attribute("body", "data-think-count") or 0)
    slowest = int(page.get_attribute("body", "data-think-longest") or 0)
    longest = max(tasks, default=0)
    with capsys.disabled():  # a benchmark: its figures show in every run
        print(
            f"\nbasic5 game against strong bots: {decisions} bot decisions, the slowest {slowest} ms; "
            f"main-thread tasks over 50 ms: {len(tasks)}, the longest {longest:.0f} ms; {len(record.hints)} hints"
        )
    assert decisions > 100 and record.hints
    assert all(hint.startswith("Hint: ") for hint in record.hints)


@pytest.mark.parametrize("players", [3, pytest.param(5, marks=pytest.mark.benchmark)])
def test_papillon_strong_bots_keep_the_page_responsive_and_give_hints(
    page: Page, site: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    page.add_init_script(LONG_TASK_OBSERVER)
    open_game(page, site)
    loading = page.evaluate("window.longTasks.length")
    start_papillon(page, players, seed=players, level="strong")
    record = play_to_the_end(page, seed=players, hints=HINTS_EVERY)
    tasks = page.evaluate(f"window.longTasks.slice({loading})")
    decisions = int(page.get_attribute("body", "data-think-count") or 0)
    slowest = int(page.get_attribute("body", "data-think-longest") or 0)
    with capsys.disabled():
        print(
            f"\nPapillon at {players} against strong bots: {decisions} bot decisions, the slowest {slowest} ms; "
            f"main-thread tasks over 50 ms: {len(tasks)}, the longest {max(tasks, default=0):.0f} ms; "
            f"{len(record.hints)} hints"
        )
    assert decisions > 20 and record.hints
    assert all(hint.startswith("Hint: ") for hint in record.hints)
