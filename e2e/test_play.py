"""Whole games through the page, clicking as a person would, in headless Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from e2e.driver import click_and_wait, open_game, play_to_the_end, start


@pytest.mark.parametrize(
    ("mode", "variants", "humans", "expected"),
    [
        ("basic5", (), (0,), {"discard", "trump", "play", "pick"}),
        ("four", (), (0,), {"play", "pick"}),
        ("three", (), (0,), {"trump", "play", "play-dummy", "pick"}),
        ("two", (), (0,), {"play", "play-dummy", "pick"}),
        ("chinkway5", ("double-you",), (0,), {"double-you", "discard", "trump", "play", "pick"}),
        ("four", ("burning",), (0,), {"play", "pick"}),
    ],
)
def test_complete_game_by_clicking(
    page: Page, site: str, mode: str, variants: tuple[str, ...], humans: tuple[int, ...], expected: set[str]
) -> None:
    open_game(page, site)
    start(page, mode, variants=variants, humans=humans, seed=7, dealer=0)
    record = play_to_the_end(page, seed=3)
    assert expected <= record.decisions
    if "burning" in variants:
        assert any(action.startswith("W") for action in record.actions), "no wild card was played"
    if "double-you" in variants:
        assert {"double", "decline"} & set(record.actions)
    winners = page.inner_text(".panel.over .winners")
    assert winners.startswith("Winner")
    assert page.locator(".panel.over table.scores tbody tr").count() >= 3


def test_hot_seat_covers_each_human_decision(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "four", humans=(0, 2), seed=11, dealer=0)
    record = play_to_the_end(page, seed=5)
    assert record.covers >= 10  # partners take turns at the screen
    assert {"play", "pick"} <= record.decisions


def test_reload_mid_hand_resumes_the_same_state(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "three", humans=(0,), seed=21, dealer=0, pace="instant")
    for _ in range(9):  # trump, then a few tricks' worth of clicks
        page.wait_for_function("() => document.body.dataset.waiting === 'human'")
        draws = page.get_attribute("body", "data-draws")
        page.locator("svg .card.legal, #bar .choices button[data-action], #overlay button.primary").first.click()
        page.wait_for_function(f"() => document.body.dataset.draws !== {draws!r}")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    before = page.inner_html("#table"), page.inner_text("#bar")
    assert "trick" in before[0]
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    click_and_wait(page, "[data-command=resume]")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    assert (page.inner_html("#table"), page.inner_text("#bar")) == before


def test_start_screen_before_and_after_python(page: Page, site: str) -> None:
    page.goto(f"{site}/index.html")
    # The frame and the progress indicator are there before Python runs.
    assert page.locator("#loader").is_visible()
    assert page.locator("svg.placeholder").count() == 1
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    assert page.locator("#loader").is_hidden()
    assert page.locator("#start-form select#mode option").count() == 7
    assert page.locator("[data-command=resume]").count() == 0  # nothing saved in a fresh browser
    page.fill("input[name=name-1]", "Bruno")
    page.locator("input[name=name-1]").dispatch_event("change")
    assert page.inner_text("[data-seat-option='1']") == "Bruno"
    # A four-player mode hides the fifth seat.
    page.select_option("#mode", "four")
    assert page.locator("[data-seat-row='4']").is_hidden()
    assert page.locator("[data-seat-row='3']").is_visible()


def test_a_runtime_that_fails_to_load_shows_a_message(page: Page, site: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(f"{site}/index.html")
    page.wait_for_selector("body[data-failed]", state="attached", timeout=60_000)
    assert "could not start" in page.inner_text("#loader-text")
    assert page.locator("svg.placeholder").is_visible()  # the table's frame stays, never a blank page
    page.problems.clear()  # type: ignore[attr-defined]  # the failed request is this test's point


def test_leaving_asks_first_and_the_start_screen_remembers(page: Page, site: str) -> None:
    open_game(page, site)
    page.fill("input[name=name-0]", "Zoë")
    start(page, "four", seed=3, dealer=3)
    click_and_wait(page, "[data-command=new-game]")
    assert page.locator(".panel.confirm").is_visible()
    click_and_wait(page, "[data-command=keep-playing]")
    assert page.locator("svg .card.legal").count()  # still playing
    click_and_wait(page, "[data-command=new-game]")
    click_and_wait(page, "[data-command=leave-game]")
    assert page.input_value("input[name=name-0]") == "Zoë" and page.input_value("#mode") == "four"
    assert page.locator("[data-command=resume]").count() == 0


def test_undo_restores_the_table_as_it_was(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "four", seed=3, dealer=3)
    click_and_wait(page, "[data-command=settings]")
    page.check("input[data-setting=undo]")
    click_and_wait(page, "[data-command=close-settings]")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    before = page.inner_html("#table")
    click_and_wait(page, "svg .card.legal >> nth=0")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    assert page.inner_html("#table") != before
    click_and_wait(page, "[data-command=undo]")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    assert page.inner_html("#table") == before


def test_a_played_card_glides_to_the_trick_unless_instant(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "four", seed=3, dealer=3, pace="normal")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    card = page.locator("svg .hand .card.legal").first.get_attribute("data-card")
    # Each animation started, as it starts (a loaded machine may finish a glide before it is looked at).
    page.evaluate("""() => {
      window.glides = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        window.glides.push({ card: this.dataset.card, inTrick: Boolean(this.closest("#table .trick")) });
        return animate.apply(this, args);
      };
    }""")
    click_and_wait(page, "svg .hand .card.legal >> nth=0")
    glides = page.evaluate("(card) => window.glides.filter((glide) => glide.card === card)", card)
    assert glides == [{"card": card, "inTrick": True}]  # from the hand to the trick, once
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'", timeout=30_000)
    page.evaluate("() => { window.glides = []; }")
    click_and_wait(page, "svg .hand .card.legal >> nth=0")
    assert page.evaluate("window.glides") == [] and page.evaluate("document.getAnimations().length") == 0


def test_the_first_screen_plays_continues_and_sets_up_each_game_in_one_press(page: Page, site: str) -> None:
    """On a small phone both games' "Play" are in sight at once; "Play" seats the person against
    bots; after a reload "Continue" goes on with that game; "More options" brings its form."""
    page.set_viewport_size({"width": 375, "height": 667})
    open_game(page, site)
    for game in ("farfalia", "papillon"):
        box = page.locator(f"[data-command=play][data-game={game}]").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 667, f"{game}'s Play is out of sight: {box}"
    click_and_wait(page, "[data-command=play][data-game=papillon]")
    page.wait_for_function("() => document.body.dataset.decision")
    assert page.locator("svg.table.papillon").count() == 1 and page.locator("#start-form").count() == 0
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    assert page.locator("[data-command=continue-game][data-game=farfalia]").count() == 0
    click_and_wait(page, "[data-command=continue-game][data-game=papillon]")
    page.wait_for_function("() => document.body.dataset.decision")
    assert page.locator("svg.table.papillon").count() == 1
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=90_000)
    click_and_wait(page, "[data-command=set-up][data-game=papillon]")
    assert page.input_value("#game") == "papillon" and page.evaluate("document.activeElement.id") == "game"
    assert page.locator("#players").is_visible() and page.locator("#mode").is_hidden()


def test_the_idle_first_screen_rehearses_each_game_s_first_table_unseen(page: Page, site: str) -> None:
    """Left idle, the first screen draws each game's first table once, for nothing (so a first
    "Play" runs as fast as the next): it says so in ``data-rehearsed``, and shows, keeps and
    changes nothing; "Play" then starts its game as ever."""
    open_game(page, site)
    first_screen = page.inner_html("#overlay")
    stored = page.evaluate("() => Object.keys(localStorage).sort()")
    games = page.eval_on_selector_all("[data-command=play][data-game]", "(plays) => plays.map((b) => b.dataset.game)")
    assert len(games) > 1
    page.wait_for_selector(f"body[data-rehearsed='{' '.join(games)}']", timeout=60_000)
    assert page.inner_html("#overlay") == first_screen and page.inner_html("#table") == ""
    assert page.evaluate("() => Object.keys(localStorage).sort()") == stored
    click_and_wait(page, f"[data-command=play][data-game={games[0]}]")
    page.wait_for_function("() => document.body.dataset.decision")
    assert page.locator("svg.table").count() == 1 and page.locator("#start-form").count() == 0
