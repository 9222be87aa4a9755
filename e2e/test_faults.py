"""Browser faults a player meets: storage refused (privacy settings, sandboxed frames)
or full mid-game. The game starts, plays on without saving and says so once."""

from __future__ import annotations

from playwright.sync_api import Page

from e2e.driver import open_game, play_to_the_end, start
from farfalia.ui.contract import Id
from farfalia.ui.texts import text

#: ``localStorage`` refused outright, as some privacy settings do.
REFUSED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""
#: ``setItem`` fails once a few saves have been written: the quota is hit mid-game.
FULL_AFTER = """(() => { let writes = 12; const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (--writes < 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return setItem.call(this, key, value); }; })();"""


def test_with_storage_refused_a_game_starts_and_plays(page: Page, site: str) -> None:
    page.add_init_script(REFUSED)
    open_game(page, site)
    assert page.inner_text(f"#{Id.NOTE}").startswith(text("saves-off"))  # said on the start screen
    start(page, "two", seed=4, dealer=0)
    play_to_the_end(page, seed=1)
    assert page.inner_text(".panel.over .winners").startswith("Winner")


def test_storage_full_mid_game_the_game_goes_on(page: Page, site: str) -> None:
    page.add_init_script(FULL_AFTER)
    open_game(page, site)
    start(page, "two", seed=4, dealer=0)
    notes: list[str] = []
    page.expose_function("noteChanged", lambda note: notes.append(note))
    page.evaluate("""new MutationObserver(() => noteChanged(document.getElementById('note').textContent))
        .observe(document.getElementById('note'), {childList: true, characterData: true, subtree: true})""")
    play_to_the_end(page, seed=1)
    assert page.inner_text(".panel.over .winners").startswith("Winner")
    assert sum(note.startswith(text("saves-off")) for note in notes) == 1, notes
