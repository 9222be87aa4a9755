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


#: What the page awaits of the person, read in one call: the draws so far, the decision, whether the
#: game is over, the panel's button if a panel is up, else every legal card and choice in the page's
#: order, each brought into view, with its middle and whether a click there reaches it (nothing over
#: it, not disabled): the checks Playwright's ``click`` makes before it clicks.
AWAITED = """() => {
  const body = document.body;
  const panel = document.querySelector("#overlay button.primary");
  const legal = "svg .card.legal, #bar .choices button[data-action]";
  const options = panel ? [panel] : [...document.querySelectorAll(legal)];
  return {
    draws: body.dataset.draws, decision: body.dataset.decision || "",
    over: document.querySelector(".panel.over") !== null, panel: panel ? panel.dataset.command || "" : null,
    options: options.map((element) => {
      element.scrollIntoViewIfNeeded();
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      return {
        action: element.dataset.action || "", x, y, markup: element.outerHTML.slice(0, 120),
        reached: !element.disabled && hit !== null && (hit === element || element.contains(hit)),
      };
    }),
  };
}"""


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
            option = awaited["options"][0]
        else:
            assert awaited["options"], "a human is awaited but nothing can be clicked"
            if hints and len(record.actions) % hints == 0:
                ask_hint(page, record)
                awaited = page.evaluate(AWAITED)
            record.decisions.add(awaited["decision"])
            option = awaited["options"][rng.randrange(len(awaited["options"]))]
            record.actions.append(option["action"])
        assert option["reached"], f"a click cannot reach {option['markup']}"
        page.mouse.click(option["x"], option["y"])
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
