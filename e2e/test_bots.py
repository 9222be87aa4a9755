"""The strong bots in the page: the default opponents, thinking in a worker off the page's thread,
quick to decide, never freezing the page, and hints for the human (asked at every third decision:
each is a whole search). A benchmark that prints its figures: the same game played by the same
clicks with the worker and without it (``?worker=off``: the page searching itself in slices of
50 ms, as before the worker), side by side. ``make test`` plays Papillon's blue round at 3 with
the worker; ``make bench-page`` all three (``basic5``, Papillon at 3 and at 5), both ways, then
``basic5`` and Papillon at 3 with the worker in each of the windows players meet first."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page

from e2e.driver import Record, open_game, play_to_the_end, start, start_papillon

#: A hint is asked for at every this many decisions of the person.
HINTS_EVERY = 3
#: The window the figures are measured in (a laptop's).
WINDOW = {"width": 1366, "height": 768}

#: Collects every main-thread task over 50 ms (the Long Tasks API), every frame that took over
#: 50 ms, its tasks and its rendering together (the Long Animation Frames API), and every click's
#: and key's time from the input to the next paint (the Event Timing API: those over 16 ms are
#: reported, so every click is counted too); and how long the page takes to write each redraw
#: (``farfaliaDom.paint``, timed around it).
OBSERVERS = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
window.longFrames = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longFrames.push(entry.duration);
}).observe({ type: "long-animation-frame", buffered: true });
window.inputDelays = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name === "click" || entry.name === "keydown") window.inputDelays.push(entry.duration);
  }
}).observe({ type: "event", durationThreshold: 16, buffered: true });
window.clicks = 0;
addEventListener("click", () => { window.clicks += 1; }, true);
window.paints = [];
let dom;
Object.defineProperty(window, "farfaliaDom", {
  configurable: true,
  get: () => dom,
  set(value) {
    const paint = value.paint;
    value.paint = function (...screen) {
      const start = performance.now();
      try { return paint.apply(this, screen); } finally { window.paints.push(performance.now() - start); }
    };
    dom = value;
  },
});
"""


@dataclass(frozen=True)
class Figures:
    """One game's figures: bot decisions (and how many the worker made), the slowest in ms; the
    main-thread tasks over 50 ms during play and the longest; the frames over 50 ms; the median
    redraw's writing (ms); clicks, and their 98th percentile to the next paint (ms); hints."""

    decisions: int
    remote: int
    slowest: int
    long_tasks: int
    longest: float
    long_frames: int
    paint: float
    clicks: int
    click_p98: float
    hints: int

    def line(self, how: str) -> str:
        """The figures, said."""
        return (
            f"  {how:<22} {self.decisions} bot decisions ({self.remote} in the worker), the slowest {self.slowest} ms; "
            f"main-thread tasks over 50 ms: {self.long_tasks}, the longest {self.longest:.0f} ms; "
            f"frames over 50 ms: {self.long_frames}; a redraw written in {self.paint:.1f} ms; "
            f"{self.clicks} clicks, the 98th percentile to the next paint {self.click_p98:.0f} ms; {self.hints} hints"
        )


def percentile(values: list[float], count: int, share: float) -> float:
    """The ``share`` percentile of ``count`` values of which ``values`` are those reported (the
    others under the report's threshold: counted as 0)."""
    ordered = sorted([0.0] * max(0, count - len(values)) + values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)] if ordered else 0.0


def played(
    page: Page, site: str, worker: bool, begin: str, seed: int, window: dict[str, int] = WINDOW, rounds: str = "both"
) -> tuple[Figures, Record]:
    """Open the page (with the worker or without) in ``window``, start a game with ``begin`` (a
    Papillon game's ``rounds``), play it out by the driver's clicks from ``seed``, and read the figures."""
    page.set_viewport_size(window)
    page.add_init_script(OBSERVERS)
    open_game(page, site, "" if worker else "?worker=off")
    if worker:
        page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=60_000)
    loading = page.evaluate("[longTasks.length, inputDelays.length, clicks, longFrames.length, paints.length]")
    if begin == "basic5":
        assert page.input_value("#level") == "strong"  # the default opponents
        start(page, "basic5", humans=(0,), seed=4, dealer=0, level=None)
    else:
        start_papillon(page, int(begin), seed=int(begin), level="strong", rounds=rounds)
    record = play_to_the_end(page, seed=seed, hints=HINTS_EVERY)
    tasks = page.evaluate(f"window.longTasks.slice({loading[0]})")
    frames = page.evaluate(f"window.longFrames.slice({loading[3]})")
    paints = page.evaluate(f"window.paints.slice({loading[4]})")
    delays = page.evaluate(f"window.inputDelays.slice({loading[1]})")
    clicks = page.evaluate("window.clicks") - loading[2]
    number = lambda name: int(page.get_attribute("body", f"data-{name}") or 0)  # noqa: E731
    figures = Figures(
        number("think-count"), number("think-remote"), number("think-longest"), len(tasks), max(tasks, default=0),
        len(frames), statistics.median(paints), clicks, percentile(delays, clicks, 0.98), len(record.hints),
    )  # fmt: skip
    return figures, record


def compare(page: Page, site: str, begin: str, seed: int, title: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The game with the worker, then the same one without it: both figures printed."""
    with_worker, record = played(page, site, True, begin, seed)
    without, again = played(page.context.new_page(), site, False, begin, seed)
    with capsys.disabled():  # a benchmark: its figures show in every run
        print(f"\n{title}:\n{with_worker.line('with the worker')}\n{without.line('without (baseline)')}")
    assert record.actions == again.actions  # the same game: the same bots' decisions, either way
    assert with_worker.remote >= with_worker.decisions and without.remote == 0


@pytest.mark.benchmark
def test_strong_bots_keep_the_page_responsive_and_give_hints(
    page: Page, site: str, capsys: pytest.CaptureFixture[str]
) -> None:
    compare(page, site, "basic5", 2, "basic5 game against strong bots", capsys)


@pytest.mark.benchmark
@pytest.mark.parametrize("players", [3, 5])
def test_papillon_strong_bots_with_and_without_the_worker(
    page: Page, site: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    compare(page, site, str(players), players, f"Papillon at {players} against strong bots", capsys)


#: The windows players meet first: phones upright and on their side, a tablet, laptops, a desktop.
WINDOWS = ["375x667", "390x844", "844x390", "768x1024", "1280x800", "1366x657", "1920x1080"]


@pytest.mark.benchmark
@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize(("begin", "title"), [("basic5", "basic5"), ("3", "Papillon at 3")])
def test_every_window_keeps_the_page_responsive(
    page: Page, site: str, size: str, begin: str, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same games with the worker, in each window: the drawing's own tasks and frames."""
    width, height = map(int, size.split("x"))
    figures, _ = played(page, site, True, begin, 2 if begin == "basic5" else 3, {"width": width, "height": height})
    with capsys.disabled():
        print(f"\n{title} against strong bots, {size}:\n{figures.line('with the worker')}")
    assert figures.remote >= figures.decisions > 20


def test_papillon_strong_bots_think_in_the_worker_and_give_hints(
    page: Page, site: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round against the strong bots (the blue: ``make bench-page`` plays whole games): the
    worker makes every bot decision and answers every hint (the page itself searches none), and the
    hints name moves."""
    figures, record = played(page, site, True, "3", 3, rounds="blue")
    with capsys.disabled():
        print(f"\nPapillon's blue round at 3 against strong bots:\n{figures.line('with the worker')}")
    assert figures.decisions > 20 and record.hints
    assert figures.remote == figures.decisions + len(record.hints)
    assert all(hint.startswith("Hint: ") for hint in record.hints)


def test_a_page_whose_worker_cannot_start_plays_on_searching_itself(page: Page, site: str) -> None:
    """The worker's script refused (a host that lacks it, a policy): the page says the worker
    failed, and its bots decide all the same, searching in the page."""
    page.context.route("**/assets/thinker.js", lambda route: route.abort("aborted"))
    open_game(page, site)
    page.wait_for_function("() => document.body.dataset.worker === 'failed'", timeout=30_000)
    start_papillon(page, 2, seed=2, level="strong", rounds="blue")
    record = play_to_the_end(page, seed=2)
    decisions = int(page.get_attribute("body", "data-think-count") or 0)
    assert decisions > 5 and record.actions and page.get_attribute("body", "data-think-remote") == "0"
