"""Every player: what a screen reader hears, and a whole hand played with the keyboard alone."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field

from playwright.sync_api import Browser, Page

from e2e.conftest import watch
from e2e.driver import open_game, start, start_papillon
from farfalia.games.farfalia.engine.game import Game
from farfalia.games.farfalia.page.session import Session
from farfalia.games.farfalia.page.texts import card_text, seat_label
from farfalia.ui.contract import Id
from farfalia.ui.game import find_game
from farfalia.ui.language import early_texts
from farfalia.ui.runtime import KEY_GUARD_SECONDS
from farfalia.ui.texts import text

#: What the focused element is, for the assertions: its action, command, card or id.
FOCUSED = """() => { const a = document.activeElement;
  if (!a || a === document.body) return "";
  return a.getAttribute("data-action") ? "action:" + a.getAttribute("data-action")
    : a.getAttribute("data-reason") ? "reason:" + a.getAttribute("data-card")
    : a.getAttribute("data-command") ? "command:" + a.getAttribute("data-command") : "#" + a.id; }"""
ANNOUNCED = "() => [...document.querySelectorAll('#announce p')].map(line => line.textContent)"
#: Keeps every line the live region is given, in ``window.heard``.
HEAR_EVERYTHING = """() => { window.heard = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (line) => window.heard.push(line.textContent)))
  ).observe(document.getElementById('announce'), {childList: true}); }"""


@dataclass
class Decider:
    """Takes decisions by key as a person would: never a key within the guard after the last one
    it took, or after it was made (a click that decided), waiting only what is left of that guard
    (a key right after one is a bounce)."""

    page: Page
    last: float = field(default_factory=time.monotonic)

    def press(self, key: str = "Enter") -> None:
        left = KEY_GUARD_SECONDS + 0.05 - (time.monotonic() - self.last)
        if left > 0:
            self.page.wait_for_timeout(left * 1000)
        self.page.keyboard.press(key)
        self.last = time.monotonic()


def wait_for_human(page: Page) -> None:
    page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)


def decision_has_the_focus(page: Page) -> bool:
    """Wait for the person's turn: False once the hand's (or round's) summary shows; else
    check that the decision has the focus by itself, and True."""
    if page.locator(".panel.summary").count():
        return False
    wait_for_human(page)
    if page.locator(".panel.summary").count():
        return False
    focused = page.evaluate(FOCUSED)
    assert focused.startswith("action:"), f"the decision does not have the focus: {focused!r}"
    return True


def expected_sentences(save: str, tricks: int) -> list[str]:
    """The plays and trick winners of a game's first ``tricks`` tricks, in order, as the
    engine has them (the game rebuilt from the page's own save)."""
    find_game("farfalia").load()  # its words joined to the page's, as when the page loads it
    session = Session.from_save(save)
    names = session.names()
    played = session.game
    game = Game(played.settings, played.seed, played.given_chance)
    sentences: list[str] = []
    won = 0

    def name(position: int) -> str:
        plan = game.plan
        return seat_label(names, plan.seats[position], plan.controllers[position], plan.dummies[position])

    for action in played.actions:
        plan = game.plan
        if action.kind == "play":
            sentences.append(text("say.play", name=name(game.state.to_move), card=card_text(action.card)))
        trick_done = action.kind == "play" and len(game.state.trick) == plan.positions - 1
        game.apply(action)
        if trick_done:  # the winner picks now, or the trick is already recorded
            winner = game.state.to_move if game.phase == "pick" else game.state.tricks[-1].winner
            sentences.append(text("say.wins", name=name(winner)))
            won += 1
            if won == tricks:
                break
    return sentences


def test_a_screen_reader_hears_every_play_and_every_winner_in_order(page: Page, site: str) -> None:
    """Three tricks at four, the human playing by clicks: the live region (the same
    element throughout, never redrawn) lists every card played, by whom, and every
    trick's winner, in the order they happened."""
    open_game(page, site)
    page.evaluate(f"() => {{ document.getElementById('{Id.ANNOUNCE}').dataset.kept = 'yes'; }}")
    start(page, "four", seed=12, dealer=1, pace="fast")
    rng = random.Random(4)
    while sum(" wins the trick" in line for line in page.evaluate(ANNOUNCED)) < 3:
        wait_for_human(page)
        options = page.locator("svg .card.legal, #bar .choices button[data-action]")
        draws = page.get_attribute("body", "data-draws")
        options.nth(rng.randrange(options.count())).click()
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
    heard = page.evaluate(ANNOUNCED)
    assert page.get_attribute(f"#{Id.ANNOUNCE}", "data-kept") == "yes"
    assert page.get_attribute(f"#{Id.ANNOUNCE}", "aria-live") == "polite"
    save = page.evaluate("() => window.farfaliaPage.controller.table.to_save()")
    expected = expected_sentences(save, 3)
    told = [line for line in heard if re.search(r" (plays .+|wins the trick)\.$", line)]
    assert told[: len(expected)] == expected
    assert len(expected) == 3 * 4 + 3  # twelve plays, three winners
    assert heard[0] == text("say.hand", number=1) and text("turn.play") in heard
    assert page.locator("#bar[aria-live], #bar [role=status]").count() == 0  # the bar is not read again on redraws


def test_the_table_keeps_the_focus_and_the_note_while_the_bots_play(page: Page, site: str) -> None:
    """The focus on the table (where it rests while the bots play) stays there through their
    redraws: no focus moves (which would empty the note line and close the phone's menu)."""
    open_game(page, site)
    start(page, "four", humans=(), seed=5, dealer=0, pace="fast")  # bots alone: a redraw at every card
    page.evaluate(
        f"""() => {{
        window.focusMoves = 0;
        document.addEventListener("focusin", () => {{ window.focusMoves += 1; }});
        document.getElementById("{Id.TABLE}").focus();
        window.focusMoves = 0;
        document.getElementById("{Id.NOTE}").textContent = "kept";
    }}"""
    )
    draws = int(page.get_attribute("body", "data-draws") or 0)
    page.wait_for_function(f"() => Number(document.body.dataset.draws) >= {draws + 4}")
    assert page.evaluate("() => document.activeElement.id") == Id.TABLE
    assert page.evaluate("() => window.focusMoves") == 0
    assert page.text_content(f"#{Id.NOTE}") == "kept"


def test_a_whole_hand_played_with_the_keyboard_alone(page: Page, site: str) -> None:
    """After the start, only keys: the focus comes to each decision by itself, arrows move
    it (to unplayable cards too, whose reason shows), Enter plays; a dialog opened by its
    shortcut holds the focus, Escape closes it and gives the focus back; the hand's
    summary takes the focus and Enter continues."""
    page.set_viewport_size({"width": 1366, "height": 657})
    open_game(page, site)
    start(page, "four", seed=3, dealer=3, pace="fast")
    decider = Decider(page)
    rng = random.Random(7)
    decisions = 0
    reasons_seen = 0
    while decision_has_the_focus(page):
        for key in rng.choices(["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"], k=3):
            page.keyboard.press(key)
            if page.evaluate(FOCUSED).startswith("reason:"):
                reasons_seen += 1
                assert page.inner_text(f"#{Id.NOTE}"), "an unplayable card's reason shows when it has the focus"
        if not page.evaluate(FOCUSED).startswith("action:"):
            page.keyboard.press("Home")
        ring = page.evaluate("() => getComputedStyle(document.activeElement.querySelector('.focus-ring')).visibility")
        assert ring == "visible"
        if decisions == 2:  # a dialog by its shortcut: modal, and the focus comes back
            card = page.evaluate(FOCUSED)
            page.keyboard.press("s")
            page.wait_for_selector(".panel.sheet[aria-modal=true]")
            assert page.evaluate(FOCUSED) == "command:close-sheet"
            assert page.evaluate(f"() => document.getElementById('{Id.TABLE}').inert")
            for _ in range(3):
                page.keyboard.press("Tab")
                inside = page.evaluate(
                    f"() => document.getElementById('{Id.OVERLAY}').contains(document.activeElement)"
                )
                assert inside or page.evaluate(FOCUSED) == "", "Tab left the dialog"
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.querySelector('.panel.sheet')")
            assert page.evaluate(FOCUSED) == card
        draws = page.get_attribute("body", "data-draws")
        decider.press("Enter")
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
        decisions += 1
    assert decisions >= 10  # every card of the hand (and the picks) by keys
    assert reasons_seen >= 1
    page.wait_for_selector(".panel.summary[aria-modal=true]")
    assert page.evaluate(FOCUSED) == "command:continue"
    decider.press("Enter")
    page.wait_for_function("() => !document.querySelector('.panel.summary')")


def test_before_python_the_page_speaks_the_browsers_language(browser: Browser, site: str) -> None:
    """A German browser: the loader says so in German from the first paint, and a runtime
    that fails to load says why in German (the words are the catalogs')."""
    context = browser.new_context(locale="de-DE")
    problems = watch(context, site)
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(f"{site}/index.html")
    words = early_texts()["de"]
    page.wait_for_function(f"() => document.getElementById('loader-text').textContent === {words['loader.loading']!r}")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    page.wait_for_selector("body[data-failed]", state="attached", timeout=60_000)
    assert page.inner_text("#loader-text").startswith(words["loader.failed"].split("{")[0])
    context.close()
    assert any("pyodide.asm.wasm" in problem for problem in problems)  # the refused download is the point


def test_a_papillon_round_played_with_the_keyboard_alone(page: Page, site: str) -> None:
    """Papillon's blue round by keys: the focus comes to each decision (a hand card), arrows
    move between the cards, Enter picks one up; then the focus is on the bar's first choice
    (a capture with its arithmetic, or laying the card down) and Enter makes it; the round's
    summary takes the focus and Enter continues. A screen reader hears each play."""
    page.set_viewport_size({"width": 1366, "height": 657})
    open_game(page, site)
    page.evaluate(HEAR_EVERYTHING)
    start_papillon(page, 2, seed=11, pace="fast")
    decider = Decider(page)
    rng = random.Random(5)
    decisions = 0
    while decision_has_the_focus(page):
        for key in rng.choices(["ArrowRight", "ArrowLeft", "Home", "End"], k=2):
            page.keyboard.press(key)
        assert page.evaluate(FOCUSED).startswith("action:pick:")
        actions = page.get_attribute("body", "data-actions")
        draws = page.get_attribute("body", "data-draws")
        decider.press("Enter")
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
        if page.get_attribute("body", "data-actions") == actions:  # picked up: its choices in the bar
            chosen = page.evaluate(FOCUSED)
            assert chosen.startswith("action:") and not chosen.startswith("action:pick:"), chosen
            draws = page.get_attribute("body", "data-draws")
            decider.press("Enter")
            page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
        decisions += 1
    assert decisions >= 20  # a whole blue round at two: 28 cards each
    page.wait_for_selector(".panel.summary[aria-modal=true]")
    assert page.evaluate(FOCUSED) == "command:continue"
    heard = page.evaluate("() => window.heard")  # the live region keeps its last lines only
    plays = [line for line in heard if line.startswith(("Player 1 ", "Player 2 "))]
    assert len(plays) == int(page.get_attribute("body", "data-actions") or 0)
    assert "The blue round is over" in heard
