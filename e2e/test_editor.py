"""The scenario editor and the embed builder, used as an author would: set up a hand, be
told why an impossible one cannot be played, play a card on from the preview, play the
situation at the table, step through it; then copy an embed of it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from e2e.conftest import watch

BOOT = 90_000


def test_an_author_sets_up_a_hand_plays_it_on_and_embeds_it(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    problems = watch(context, site)
    page = context.new_page()
    try:
        page.goto(f"{site}/index.html")
        page.wait_for_selector("body[data-ready]", timeout=BOOT)
        page.click("[data-command=editor]")
        status = page.locator("#editor-status")
        expect(status).to_contain_text("holds 0; the dealer is dealt 12 cards, then discards 2")
        # Click a card into the first hand, then deal the rest: the hands are full.
        page.check("input[name=seat][value='0']")
        page.click("[data-card=B13]")
        expect(page.locator("input[name=hand-0]")).to_have_value("B13")
        page.click("[data-command=editor-fill]")
        page.select_option("select[name=trump]", "O")
        expect(status).to_have_text("Ready: Player 2 to play.")
        # An impossible hand: two cards for the second player, refused with its reason.
        page.fill("input[name=hand-1]", "R1 R2")
        page.press("input[name=hand-1]", "Tab")
        expect(status).to_contain_text("Player 2 holds 2; each hand is dealt 10 cards")
        assert page.locator("[data-command=editor-play]").is_disabled()
        page.click("[data-command=editor-fill]")
        expect(status).to_have_text("Ready: Player 2 to play.")
        assert "B13" in page.input_value("input[name=hand-0]")
        # A second player's card played from the preview.
        page.locator(".editor-preview .card.legal").first.click()
        expect(status).to_have_text("Ready: Player 3 to play.")
        assert len(page.input_value("input[name=plays]").split()) == 1
        # Step through it in the viewer, then open the embed builder there.
        page.click("[data-command=editor-step]")
        page.wait_for_selector("body[data-at='4']")  # two discards, trump, one play
        page.click("#bar .more summary")
        page.click("[data-command=embed]")
        iframe_code = page.locator("#embed-iframe")
        expect(iframe_code).to_contain_text("embed.html#replay=f2.")
        page.select_option("#embed-form select[name=size]", "400x300")
        page.select_option("#embed-form select[name=theme]", "dark")
        expect(iframe_code).to_contain_text('width="400" height="300"')
        expect(iframe_code).to_contain_text("theme=dark")
        expect(page.locator("#embed-script")).to_contain_text("assets/embed.js")
        preview = page.frame_locator("#embed-preview")
        preview.locator("body[data-ready] svg.table").wait_for(timeout=BOOT)
        expect(preview.locator(".card").first).to_be_visible()
        page.click("[data-command=close-embed]")
        # Play it at the table against bots, from where it stands.
        page.click("#bar .more summary")
        page.click("[data-command=edit-position]")
        page.select_option("select[name=you]", "2")
        page.click("[data-command=editor-play]")
        page.wait_for_selector("body[data-decision=play][data-waiting=human]", timeout=60_000)
        assert (
            int(page.get_attribute("body", "data-actions") or 0) == 4
        )  # two discards, trump, one play: Player 3 plays next
        assert not problems, problems
    finally:
        context.close()


def open_orange_editor(page: Page, site: str) -> None:
    """The page's editor of a Papillon orange round at two players, from the start screen."""
    page.goto(f"{site}/index.html")
    page.wait_for_selector("body[data-ready]", timeout=BOOT)
    page.select_option("#game", "papillon")
    page.select_option("#players", "2")
    page.select_option("select[name=rounds]", "orange")
    page.click("[data-command=editor]")


def test_an_author_sets_up_a_papillon_round_and_plays_it_on(page: Page, site: str) -> None:
    """The orange round's start from the rules page (a 5 and an 8), the rest dealt at random,
    a placement chosen among the plays that may follow, stepped through, edited again from
    the viewer, and played at the table."""
    open_orange_editor(page, site)
    status = page.locator("#editor-status")
    expect(status).to_contain_text("Player 1 holds 0; each hand is dealt 7 cards")
    page.check("input[name=seat][value='2']")  # the starting cards
    page.click("[data-card=E5o]")
    page.click("[data-card=D8o]")
    expect(page.locator("input[name=hand-2]")).to_have_value("E5o D8o")
    page.select_option("select[name=starter]", "1")
    page.click("[data-command=editor-fill]")
    expect(status).to_have_text("Ready: Player 2 to place a card.")
    expect(page.locator(".editor-preview svg.table.papillon [data-place=A1]")).to_have_attribute(
        "aria-label", "the first starting pile: 5 of Éléments"
    )
    page.locator(".editor-next button").first.click()
    expect(page.locator("input[name=plays]")).not_to_have_value("")
    page.click("[data-command=editor-step]")
    page.wait_for_selector("body[data-at='1'] svg.table.papillon")
    page.click("#bar .more summary")
    page.click("[data-command=edit-position]")
    expect(page.locator("input[name=hand-2]")).to_have_value("E5o D8o")
    expect(status).to_contain_text("Ready: Player ")
    page.select_option("select[name=you]", "0")
    page.click("[data-command=editor-play]")
    page.wait_for_selector("body[data-waiting=human] svg.table.papillon", timeout=60_000)
    assert int(page.get_attribute("body", "data-actions") or 0) >= 1


def test_an_author_sets_up_a_papillon_moment_and_plays_it(page: Page, site: str) -> None:
    """A moment of the orange round (P-E19), typed place by place at a phone's size: Player 2,
    in the second tour, attacked by the Chat Noir; the engine says what is missing until it is
    ready, and the moment goes to the table as set up."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_orange_editor(page, site)
    page.select_option("select[name=start]", "moment")
    status = page.locator("#editor-status")
    expect(status).to_contain_text("Starting pile 1 holds a starting card")
    places = {"hand-0": "E9o D2", "hand-1": "S1o CS F4o", "hand-2": "E5o D5o", "hand-3": "S8o", "hand-4": "E6o E7o"}
    for name, cards in {**places, "hand-12": "CNo"}.items():
        page.fill(f"input[name={name}]", cards)
        page.dispatch_event(f"input[name={name}]", "change")
    page.select_option("select[name=to-act]", "1")
    page.select_option("select[name=tour]", "2")
    page.check("input[name=attacked]")
    expect(status).to_have_text("Ready: Player 2 to counter the Chat Noir or draw 3 cards.")
    expect(page.locator(".editor-preview svg.table.papillon")).to_be_visible()
    page.select_option("select[name=you]", "1")
    page.click("[data-command=editor-play]")
    page.wait_for_selector("body[data-waiting=human] svg.table.papillon", timeout=60_000)
    expect(page.locator("[data-command=draw], [data-action=draw]").first).to_be_visible()
