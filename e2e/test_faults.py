"""Browser faults a player meets: storage refused (privacy settings, sandboxed frames)
or full mid-game: the game starts, plays on without saving and says so once. IndexedDB
failing: saves go on as whole checkpoints. A save that cannot be read: found at load, kept,
downloadable, discarded on request. Keys pressed again quickly: one decision."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.driver import click_and_wait, open_game, play_to_the_end, start
from farfalia.ui.contract import Command, Data, Id
from farfalia.ui.saves import SLOT_PREFIX
from farfalia.ui.texts import text

#: ``localStorage`` refused outright, as some privacy settings do.
REFUSED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""
#: ``setItem`` fails once a few saves have been written: the quota is hit mid-game.
FULL_AFTER = """(() => { let writes = 4; const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (--writes < 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return setItem.call(this, key, value); }; })();"""

#: The journal's writes fail after a few (IndexedDB over its quota, a disk full).
JOURNAL_FULL_AFTER = """(() => { let writes = 5; const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (--writes < 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args); }; })();"""


def test_with_storage_refused_a_game_starts_and_plays(page: Page, site: str) -> None:
    page.add_init_script(REFUSED)
    open_game(page, site)
    assert page.inner_text(f"#{Id.NOTE}").startswith(text("saves-off"))  # said on the start screen
    start(page, "basic5", seed=4, dealer=0)  # a whole game with the fewest decisions of one person
    play_to_the_end(page, seed=1)
    assert page.inner_text(".panel.over .winners").startswith("Winner")


def test_storage_full_mid_game_the_game_goes_on(page: Page, site: str) -> None:
    page.add_init_script(FULL_AFTER)
    open_game(page, site)
    start(page, "basic5", seed=4, dealer=0)
    notes: list[str] = []
    page.expose_function("noteChanged", lambda note: notes.append(note))
    page.evaluate("""new MutationObserver(() => noteChanged(document.getElementById('note').textContent))
        .observe(document.getElementById('note'), {childList: true, characterData: true, subtree: true})""")
    play_to_the_end(page, seed=1)
    assert page.inner_text(".panel.over .winners").startswith("Winner")
    assert sum(note.startswith(text("saves-off")) for note in notes) == 1, notes


def test_when_the_journal_fails_saves_go_on_as_whole_checkpoints(page: Page, site: str) -> None:
    page.add_init_script(JOURNAL_FULL_AFTER)
    open_game(page, site)
    start(page, "two", seed=4, dealer=0, pace="fast")
    while int(page.get_attribute("body", f"data-{Data.ACTIONS}") or 0) < 12:
        page.wait_for_function("() => document.body.dataset.waiting === 'human'")
        click_and_wait(page, "svg .card.legal, #bar .choices button[data-action]")
    page.wait_for_function("() => document.body.dataset.waiting === 'human'")
    played = page.get_attribute("body", f"data-{Data.ACTIONS}")
    assert int(page.get_attribute("body", f"data-{Data.SAVED}") or 0) < int(played or 0)  # the journal stopped
    page.reload()
    page.wait_for_selector(f"body[data-{Data.READY}]")
    click_and_wait(page, f"[data-command={Command.RESUME}]")
    assert page.get_attribute("body", f"data-{Data.ACTIONS}") == played
    assert not page.inner_text(f"#{Id.NOTE}").startswith(text("saves-off"))


def test_a_broken_save_is_shown_at_load_and_can_be_downloaded_then_discarded(page: Page, site: str) -> None:
    broken = '{"format": 2, "mode": "four", "actions": "R1 R1 R1"'  # cut short, as a crash might leave it
    page.add_init_script(f"localStorage.setItem({SLOT_PREFIX + 'old'!r}, {broken!r});")
    open_game(page, site)
    block = page.locator(".saved.broken")
    assert block.inner_text().startswith("This saved game cannot be read: it is not readable JSON")
    with page.expect_download() as download:
        page.click(f".saved.broken [data-command={Command.EXPORT}]")
    assert download.value.path().read_text() == broken
    start(page, "two", seed=4, dealer=0)  # a new game beside it: the broken save is still kept
    assert page.evaluate(f"localStorage.getItem({SLOT_PREFIX + 'old'!r})") == broken


def test_a_key_pressed_again_quickly_plays_one_decision(page: Page, site: str) -> None:
    open_game(page, site)
    start(page, "basic5", seed=4, dealer=0)  # the human deals: two discards in a row
    page.wait_for_function("() => document.body.dataset.decision === 'discard'")

    def actions() -> int:
        return int(page.get_attribute("body", f"data-{Data.ACTIONS}") or 0)

    page.focus("svg .card.legal")
    page.keyboard.press("Enter")  # the focus moves on to the next card to discard...
    page.keyboard.press("Enter")  # ...which a bounce, or a press before the player saw it, must not discard
    page.wait_for_timeout(400)
    assert actions() == 1 and page.get_attribute("body", f"data-{Data.DECISION}") == "discard"
    page.evaluate("""document.querySelector('svg .card.legal').dispatchEvent(new KeyboardEvent('keydown',
        {key: 'Enter', repeat: true, bubbles: true}))""")  # a key held down: its auto-repeat
    page.wait_for_timeout(400)
    assert actions() == 1
    page.keyboard.press("Enter")  # a deliberate press later plays
    page.wait_for_function("() => document.body.dataset.actions === '2'")
