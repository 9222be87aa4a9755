"""Playing through the page as a person would: by clicking what is on screen."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from playwright.sync_api import Page

from farfalia.ui.contract import Command, Data, Id

READY_TIMEOUT = 90_000


def open_game(page: Page, site: str, query: str = "") -> None:
    """Load the page (its address's ``query`` after it) and wait until Python has drawn the start screen."""
    page.goto(f"{site}/index.html{query}")
    page.wait_for_selector(f"body[data-{Data.READY}]", timeout=READY_TIMEOUT)


def start(page: Page, mode: str, *, variants: tuple[str, ...] = (), humans: tuple[int, ...] = (0,), seed: int = 1,
          dealer: int | None = 0, pace: str = "instant", level: str | None = "quick") -> None:  # fmt: skip
    """Fill in the start screen and start (``level`` None keeps the default bots: strong)."""
    page.select_option(f"#{Id.MODE}", mode)
    for variant in variants:
        page.check(f"input[name=variant][value={variant}]")
    for seat in range(5):
        row = page.locator(f"[data-seat-row='{seat}']")
        if row.is_visible():
            page.select_option(f"select[name=kind-{seat}]", "human" if seat in humans else "bot")
    page.select_option(f"#{Id.DEALER}", "" if dealer is None else str(dealer))
    page.select_option(f"#{Id.PACE}", pace)
    if level is not None:
        page.select_option(f"#{Id.LEVEL}", level)
    page.fill(f"#{Id.SEED}", str(seed))
    click_and_wait(page, f"[data-command={Command.START}]")


def start_papillon(page: Page, players: int, *, humans: tuple[int, ...] = (0,), seed: int = 1,
                   pace: str = "instant", level: str = "quick", rounds: str = "both") -> None:  # fmt: skip
    """Choose Papillon on the start screen, fill in its table and start."""
    page.select_option(f"#{Id.GAME}", "papillon")
    page.select_option(f"#{Id.PLAYERS}", str(players))
    page.select_option("select[name=rounds]", rounds)
    for seat in range(players):
        page.select_option(f"select[name=kind-{seat}]", "human" if seat in humans else "bot")
    page.select_option(f"#{Id.PACE}", pace)
    page.select_option(f"#{Id.LEVEL}", level)
    page.fill(f"#{Id.SEED}", str(seed))
    click_and_wait(page, f"[data-command={Command.START}]")


def click_and_wait(page: Page, selector: str) -> None:
    """Click, then wait until the page has drawn again."""
    draws = page.get_attribute("body", "data-draws")
    page.click(selector)
    page.wait_for_function(
        f"() => document.body.dataset.draws !== {draws!r}" if draws else "() => document.body.dataset.draws"
    )


@dataclass
class Record:
    """What the human seats did during a game."""

    decisions: set[str] = field(default_factory=set)
    actions: list[str] = field(default_factory=list)
    covers: int = 0
    hints: list[str] = field(default_factory=list)


#: What a person may click to move a game on: a card or a choice, not putting a picked card back.
MOVES_ON = "svg .card.legal:not([data-action=drop]), #bar .choices button[data-action]:not([data-action=drop])"


#: What the person may click now, in the page's order: the panel's main button if a panel is up,
#: else every legal card and choice.
CLICKABLE = """() => {
  const panel = document.querySelector("#overlay button.primary");
  return panel ? [panel] : [...document.querySelectorAll("svg .card.legal, #bar .choices button[data-action]")];
}"""
#: What the page awaits of the person, read in one call: the draws so far, the decision, whether the
#: game is over, whether a panel is up (its button's command) and what may be clicked (actions).
AWAITED = f"""() => {{
  const panel = document.querySelector("#overlay button.primary");
  return {{
    draws: document.body.dataset.draws, decision: document.body.dataset.decision || "",
    over: document.querySelector(".panel.over") !== null, panel: panel ? panel.dataset.command || "" : null,
    actions: ({CLICKABLE})().map((element) => element.dataset.action || ""),
  }};
}}"""
#: The ``index``-th of what may be clicked, brought into view and still (the same box two frames
#: running: a row of choices may be scrolling to a hint): its middle, and whether a click there
#: reaches it (nothing over it, not disabled), the checks Playwright's ``click`` makes first.
AIMED = f"""async (index) => {{
  const element = ({CLICKABLE})()[index];
  element.scrollIntoViewIfNeeded();
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let box = element.getBoundingClientRect();
  for (let frames = 0; frames < 120; frames += 1) {{
    await frame();
    const next = element.getBoundingClientRect();
    if (["x", "y", "width", "height"].every((side) => next[side] === box[side])) break;
    box = next;
  }}
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  const reached = !element.disabled && hit !== null && (hit === element || element.contains(hit));
  return {{x, y, reached, markup: element.outerHTML.slice(0, 120)}};
}}"""


def play_to_the_end(page: Page, seed: int = 0, limit: int = 3000, hints: int = 0) -> Record:
    """Answer every prompt with a random legal click until the game-over panel shows
    (with ``hints``, ask for a hint before clicking at every ``hints``-th decision). Each click is
    the mouse's, at the middle of what it clicks, once the page shows that nothing covers it."""
    rng = random.Random(seed)
    record = Record()
    page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
    for _ in range(limit):
        awaited = page.evaluate(AWAITED)
        if awaited["over"]:
            return record
        if awaited["panel"] is not None:
            record.covers += awaited["panel"] == "show-cards"
            index = 0
        else:
            assert awaited["actions"], "a human is awaited but nothing can be clicked"
            if hints and len(record.actions) % hints == 0:
                ask_hint(page, record)
                awaited = page.evaluate(AWAITED)
            record.decisions.add(awaited["decision"])
            index = rng.randrange(len(awaited["actions"]))
            record.actions.append(awaited["actions"][index])
        aimed = page.evaluate(AIMED, index)
        assert aimed["reached"], f"a click cannot reach {aimed['markup']}"
        page.mouse.click(aimed["x"], aimed["y"])
        page.wait_for_function(
            f"() => document.body.dataset.draws !== {awaited['draws']!r} && document.body.dataset.waiting === 'human'",
            timeout=30_000,
        )
    raise AssertionError("the game did not end")


def ask_hint(page: Page, record: Record) -> None:
    """Press the hint button; check it names a move and marks that card or button."""
    page.click(f"[data-command={Command.HINT}]")
    page.wait_for_function("() => document.getElementById('note').textContent.startsWith('Hint: ')", timeout=30_000)
    marked = page.locator("svg .card.legal.hint, #bar .choices button.hint")
    assert marked.count() == 1, "the hint marks exactly one legal card or button"
    record.hints.append(page.inner_text(f"#{Id.NOTE}"))
