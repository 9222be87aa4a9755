"""The page's glue (main.py) run in CPython against stand-in browser modules."""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import json
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from farfalia.core.codes import bits_of
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.records.replay import encode
from farfalia.ui import archives
from farfalia.ui import runtime as rt
from farfalia.ui.contract import ACTION_ATTRIBUTE, COMMAND_ATTRIBUTE, GAME_ATTRIBUTE, SLOT_ATTRIBUTE, Id
from farfalia.ui.game import LazyGame, site_games
from farfalia.ui.panels import Panel
from farfalia.ui.saves import SLOT_PREFIX, Entry
from farfalia.ui.tabs import LEASE_PREFIX
from farfalia.ui.texts import text
from tests import fake_browser
from tests.support import random_game

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "main.py"
#: The ids of the game page's static elements (the start screen's come with its HTML).
PAGE_IDS = re.findall(r'id="([^"]+)"', (ROOT / "index.html").read_text())


def load_page(
    window: fake_browser.Window | None = None,
) -> tuple[ModuleType, fake_browser.Document, fake_browser.Window]:
    """Run main.py on a new page (``window``: the earlier page's, for a reload)."""
    document, window = fake_browser.install(PAGE_IDS, window=window)
    spec = importlib.util.spec_from_file_location("farfalia_main", MAIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # boot() runs
    return module, document, window


@pytest.fixture(autouse=True)
def pages_closed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test's pages closed once the test is over: what they set aside from the garbage
    collector as they started (:func:`farfalia.ui.memory.settle`) given back to it, their event
    loops closed, the games' code imported at once again as in CPython (the page imports it in steps)."""
    gc.unfreeze()
    monkeypatch.setattr(LazyGame, "in_steps", False)
    yield
    gc.unfreeze()
    fake_browser.close_loops()


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, fake_browser.Document, fake_browser.Window]:
    saved = {name: sys.modules.get(name) for name in ("js", "pyscript", "pyodide", "pyodide.ffi")}
    yield load_page()
    for name, old in saved.items():
        if old is None:
            sys.modules.pop(name, None)
        else:
            monkeypatch.setitem(sys.modules, name, old)


def test_boot_draws_the_start_screen_and_says_ready(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    overlay = document.elements[Id.OVERLAY]
    assert 'id="start-form"' in overlay.innerHTML and not overlay.hidden
    assert document.body.dataset.ready == "1" and document.body.dataset.draws == "1"
    assert document.elements[Id.LOADER].hidden and not window.errors
    assert gc.get_freeze_count() > 1000  # the package and the first screen: out of the collector's way


def test_a_game_starts_bots_play_and_a_click_plays_a_card(page) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))  # the form's defaults: basic5
    assert document.elements[Id.TABLE].innerHTML.startswith("<svg")
    window.run_timers()  # the bots play until the human must decide
    controller = module.window.farfaliaPage.controller
    session = controller.table
    assert session.actor() == 0 and document.body.dataset.waiting == "human"
    assert document.body.dataset.decision == session.game.to_act().decision
    action = str(session.game.legal_actions()[0])
    before = len(session.game.history)
    document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: action}))
    assert len(session.game.history) > before
    slot = controller.shelf.saves.slots[controller.shelf.slot]
    assert json.loads(window.store[SLOT_PREFIX + slot.id])["seed"] == session.game.seed  # the checkpoint
    entries = [Entry.from_text(text) for text in window.farfaliaStore.journal.values()]
    assert " ".join(entries[-1].add) == action  # the journal's last entry: only the decision just made
    assert document.body.dataset.saved == document.body.dataset.actions == str(len(session.game.actions))


def test_a_forced_card_played_by_itself_is_shown_and_the_bots_go_on(page) -> None:  # type: ignore[no-untyped-def]
    """A card that is the only one allowed is played by the page's timer (the person never clicks
    it): the table is drawn again and the bots play on (the page stalled on the old screen, and a
    click on the card said "It is not your turn to decide.")."""
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    session = window.farfaliaPage.controller.table
    played_by_hand, to_play = 0, 0
    while True:
        window.run_timers()  # the bots, and a forced card of the person's (the hand's last), play
        if session.game.progress().rounds:
            break
        assert session.actor() == 0 and document.body.dataset.waiting == "human"  # never stalled
        assert document.body.dataset.actions == str(len(session.game.actions))  # the screen is the game's
        action = session.game.legal_actions()[0]
        if session.game.to_act().decision == "play":
            to_play = to_play or len(bits_of(session.game.state.hands[0]))
            played_by_hand += 1
        document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: str(action)}))
    assert played_by_hand == to_play - 1  # the last card played by itself (the default: AUTOPLAY "last")
    assert 'data-command="continue"' in document.elements[Id.OVERLAY].innerHTML


def play_human_decisions(window: fake_browser.Window, document: fake_browser.Document, count: int) -> None:
    controller = window.farfaliaPage.controller
    for _ in range(count):
        window.run_timers()
        action = str(controller.table.game.legal_actions()[0])
        document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: action}))


def resume_first(document: fake_browser.Document, window: fake_browser.Window) -> None:
    [slot] = window.farfaliaPage.controller.shelf.saves.slots
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "resume", SLOT_ATTRIBUTE: slot}))


def test_a_crash_that_loses_the_lazy_local_storage_still_resumes_at_the_last_action(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    play_human_decisions(window, document, 2)
    written_to_disk = dict(window.store)  # what localStorage had flushed when the browser died
    play_human_decisions(window, document, 5)
    played = list(window.farfaliaPage.controller.table.game.actions)
    window.store.clear()
    window.store.update(written_to_disk)
    _, document, window = load_page(window)  # the browser starts again
    resume_first(document, window)
    assert window.farfaliaPage.controller.table.game.actions == played


def test_a_game_open_in_another_tab_is_marked_and_not_resumed_here(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    slot = window.farfaliaPage.controller.shelf.slot
    assert window.farfaliaStore.held == {slot}
    _, document, window = load_page(window)  # a second tab: the first still holds the game
    window.farfaliaStore.others, window.farfaliaStore.held = {slot}, set()
    draws = document.body.dataset.draws
    window.farfaliaStore.onchange()  # the first tab said so
    listing = document.getElementById(Id.SAVED_GAMES).innerHTML
    assert "open in another tab" in listing and f'data-slot="{slot}" disabled' in listing
    assert document.body.dataset.draws == draws  # the list alone: a form being filled in stays
    resume_first(document, window)
    assert window.farfaliaPage.controller.table is None
    assert document.elements[Id.NOTE].textContent.endswith(text("game-elsewhere"))


def test_a_game_another_tab_takes_first_is_left_to_it(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    _, document, window = load_page(window)
    store = window.farfaliaStore
    store.held = set()
    store.hold = lambda _slot: fake_browser.Promise(False)  # the other tab took the lock meanwhile
    resume_first(document, window)
    controller = window.farfaliaPage.controller
    assert controller.table is None and text("game-elsewhere") in document.elements[Id.OVERLAY].innerHTML


def test_without_web_locks_a_page_back_from_the_cache_holds_its_game_again(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    window.farfaliaStore.locks = False
    _, document, window = load_page(window)
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    lease = LEASE_PREFIX + window.farfaliaPage.controller.shelf.slot
    assert lease in window.store
    window.listeners["pagehide"](types.SimpleNamespace(persisted=True))  # put in the back-forward cache
    assert lease not in window.store
    window.listeners["pageshow"](types.SimpleNamespace(persisted=True))  # and shown again
    assert lease in window.store and window.farfaliaPage.controller.table is not None


def test_when_the_journal_fails_every_save_is_a_whole_checkpoint(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    window.farfaliaStore.failing = True
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    play_human_decisions(window, document, 3)
    controller = window.farfaliaPage.controller
    checkpoint = json.loads(window.store[SLOT_PREFIX + controller.shelf.slot])
    assert checkpoint["actions"] == " ".join(str(a) for a in controller.table.game.actions)
    assert not window.errors


def test_an_illegal_click_is_a_readable_note_not_a_crash(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    window.run_timers()
    document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: "pick:R1"}))  # not offered: said plainly
    assert document.elements[Id.NOTE].textContent == "Take red 1, strawberry: not possible now."
    document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: "zz"}))  # no action at all: a fault
    assert document.elements[Id.NOTE].textContent.startswith("Something went wrong: not an action: 'zz'")
    assert not window.errors


def test_the_second_click_of_a_double_click_does_nothing(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    draws = document.body.dataset.draws if hasattr(document.body.dataset, "draws") else None
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}), detail=2)
    assert getattr(document.body.dataset, "draws", None) == draws  # not started: nothing drawn
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    assert getattr(document.body.dataset, "draws", None) != draws
    assert not window.errors


def test_the_phone_s_menu_of_tools_closes_when_a_tool_is_chosen_or_a_press_lands_outside(page) -> None:  # type: ignore[no-untyped-def]
    """The tools' menu on a phone is a popover: a tool chosen in it opens (the score sheet) and
    closes the menu (left open, it would lie over the sheet, in the page's top layer); a press
    outside it only closes it (the browser closes it, and its click played the card under it)."""
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    window.run_timers()
    session = window.farfaliaPage.controller.table
    menu = document.elements[Id.TOOLS] = fake_browser.Element(Id.TOOLS)
    menu.popover_open = True
    card = fake_browser.Element(**{ACTION_ATTRIBUTE: str(session.game.legal_actions()[0])})
    card.outside_menu = True
    played = len(session.game.history)
    document.tap(card)
    menu.popover_open = False  # (the browser's light dismiss)
    assert len(session.game.history) == played and document.body.dataset.waiting == "human"
    document.tap(card)  # the menu closed: a press plays again
    assert len(session.game.history) > played
    menu.popover_open = True
    document.tap(fake_browser.Element(**{COMMAND_ATTRIBUTE: "sheet"}))
    assert not menu.popover_open and "<table class='scores'" in document.elements[Id.OVERLAY].innerHTML
    assert not window.errors


def test_escape_closes_the_settings_from_a_checkbox_and_a_field_keeps_its_other_keys(page) -> None:  # type: ignore[no-untyped-def]
    """The settings dialog closes on Escape with the focus on its checkbox or choice (keys from
    fields were all left to them, Escape too); other keys stay the field's (a letter is no shortcut)."""
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    window.run_timers()
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "settings"}))
    controller = window.farfaliaPage.controller
    checkbox = fake_browser.Element()
    checkbox.tagName = "INPUT"
    document.press(checkbox, "s")  # the score sheet's shortcut, typed in a field: not a shortcut
    assert controller.panel == Panel.SETTINGS and controller.panel != Panel.SHEET
    document.press(checkbox, "Escape")
    assert controller.panel != Panel.SETTINGS
    assert not window.errors


def test_the_pages_and_the_loader_use_the_contract_s_ids() -> None:
    for page_name in ("index.html", "embed.html"):
        ids = set(re.findall(r'id="([^"]+)"', (ROOT / page_name).read_text()))
        assert ids <= {str(member) for member in Id} | {"app"}, page_name
        assert {Id.TABLE, Id.BAR, Id.OVERLAY, Id.NOTE, Id.LOADER} <= ids
    loader = (ROOT / "assets" / "loader.js").read_text()
    used = set(re.findall(r'getElementById\("([^"]+)"\)', loader))
    assert used and used <= {str(member) for member in Id}


def test_a_link_pasted_into_the_open_pages_address_opens_its_replay(page) -> None:  # type: ignore[no-untyped-def]
    """Changing only the fragment does not reload a page: the page follows it (it opened only the
    link it was loaded with), and the game it leaves stays saved. An address of no replay changes
    nothing."""
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    play_human_decisions(window, document, 2)
    controller = window.farfaliaPage.controller
    finished = random_game(Settings("two"), 4)
    window.location.hash = f"#replay={encode(finished)}"
    window.listeners["hashchange"](None)
    assert controller.viewer is not None and controller.table is None
    assert document.body.dataset.at == str(len(finished.actions)) and not document.elements[Id.NOTE].textContent
    window.location.hash = "#elsewhere"
    window.listeners["hashchange"](None)
    assert controller.viewer is not None
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "new-game"}))
    assert len(controller.shelf.saves.slots) == 1 and 'data-command="resume"' in document.elements[Id.OVERLAY].innerHTML


def start_basic5(document: fake_browser.Document) -> None:
    """Start a game of basic5 against the strong bots, the person at the dealer's left (seed 4)."""
    form = document.getElementById(Id.START_FORM)  # in the start screen written
    assert form is not None
    form.fields = {"game": "farfalia", "mode": "basic5", "seed": "4", "dealer": "4",
                   "kind-0": "human", "level": "strong", "pace": "normal"}  # fmt: skip
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))


def bots_until_the_person(window: fake_browser.Window) -> int:
    """Timers run and the worker answers until the person must decide; how many it answered."""
    answered = 0
    while True:
        window.run_timers()
        worker = window.workers[0] if window.workers else None
        if worker is None or not worker.sent:
            return answered
        answered += worker.answer_all()


def test_the_bots_think_in_a_worker_started_with_the_page(page) -> None:  # type: ignore[no-untyped-def]
    """The game page starts its worker at once (``assets/thinker.js``, a module); once it says it is
    ready, it answers the bots' searches, and the page searches none itself (no slice's timer)."""
    module, document, window = page
    (worker,) = window.workers
    assert worker.url == "assets/thinker.js" and worker.options == {"type": "module"}
    assert document.body.dataset.worker == "starting"
    worker.say(fake_browser.Said("ready"))
    assert document.body.dataset.worker == "ready"
    start_basic5(document)
    window.run_timers()
    assert len(worker.sent) == 1 and list(window.delays[key] for key in window.timers) == [rt.ANSWER_WAIT_MS]
    # the question asked, nothing runs here: but the wait for its answer
    answered = bots_until_the_person(window)
    session = module.window.farfaliaPage.controller.table
    assert answered > 1 and session.actor() == 0 and document.body.dataset.waiting == "human"
    assert document.body.dataset.thinkRemote == str(answered) and not window.errors


def test_without_a_worker_the_page_decides_the_same_and_a_failed_worker_hands_back(  # type: ignore[no-untyped-def]
    page, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``?worker=off`` starts none, and the bots decide as the worker made them decide; a worker
    that fails leaves its question to the page, which searches it itself."""
    module, document, window = page
    window.workers[0].say(fake_browser.Said("ready"))
    start_basic5(document)
    assert bots_until_the_person(window) > 1
    with_worker = list(module.window.farfaliaPage.controller.table.game.actions)
    for href, kind in (("http://site/index.html?worker=off", "off"), ("http://site/index.html", "failed")):
        module, document, window = load_page(fake_browser.Window(href))
        if kind == "failed":
            window.workers[0].say(fake_browser.Said("failed", reason="no memory"))
        start_basic5(document)
        window.run_timers()
        assert document.body.dataset.worker == kind and not any(worker.sent for worker in window.workers)
        assert module.window.farfaliaPage.controller.table.game.actions == with_worker
    assert window.warnings == ["the worker failed: no memory"]


class ComingCode:
    """Papillon's code away, as on a first visit before its archive has come: ``arrive`` brings it
    back (the glue's install of the archive, faked), ``during`` runs as the archive is on its way."""

    def __init__(self, module: ModuleType, window: fake_browser.Window, monkeypatch: pytest.MonkeyPatch) -> None:
        self.game = next(game for game in archives.lazy_games() if game.name == "papillon")
        self.site = self.game.site_module
        self.module = sys.modules[self.site] if sys.modules.get(self.site) else importlib.import_module(self.site)
        self.fetched: list[str] = []
        self.during: Callable[[], None] = lambda: None
        self.arrives = True
        monkeypatch.setattr(self.game, "_game", None)
        monkeypatch.setitem(sys.modules, self.site, None)  # an import of it fails: its code is not here
        monkeypatch.setattr(module, "begin", window.loop.run_until_complete)  # the page's loop, here at once
        monkeypatch.setattr(archives, "install", self.install)
        window.farfaliaArchives = types.SimpleNamespace(fetch=self.fetch)

    async def fetch(self, name: str) -> types.SimpleNamespace:
        self.fetched.append(name)
        self.during()
        return types.SimpleNamespace(to_bytes=lambda: b"PK\x03\x04")

    def install(self, name: str, content: bytes, folder: str = archives.ARCHIVE_FOLDER) -> None:
        if self.arrives:
            sys.modules[self.site] = self.module


def play_button(game: str) -> fake_browser.Element:
    return fake_browser.Element(**{COMMAND_ATTRIBUTE: "play", GAME_ATTRIBUTE: game})


def test_a_game_chosen_before_its_code_has_come_starts_once_it_has(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    coming = ComingCode(module, window, monkeypatch)
    notes: list[str] = []
    coming.during = lambda: notes.append(document.elements[Id.NOTE].textContent)
    document.click(play_button("papillon"))
    assert coming.fetched == ["papillon"] and notes == ["Loading Papillon…"]
    assert module.window.farfaliaPage.controller.game.name == "papillon" and not window.errors
    assert document.elements[Id.NOTE].textContent == ""  # it came: the note no longer says it is coming


def test_a_game_whose_code_is_here_but_not_imported_is_imported_in_steps(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Chosen before the idle page has imported it: not at once (a long task), but a module at a
    time, the page painting between two, then the game starts."""
    module, document, window = page
    game = next(game for game in archives.lazy_games() if game.name == "papillon")
    monkeypatch.setattr(game, "_game", None)  # its archive here, its modules not imported yet
    monkeypatch.setattr(module, "begin", window.loop.run_until_complete)
    fetched: list[str] = []
    window.farfaliaArchives = types.SimpleNamespace(fetch=lambda name: fetched.append(name))
    steps: list[tuple[object, str]] = []
    in_steps = archives.preload

    def preload(folder: str = archives.ARCHIVE_FOLDER, names: list[str] | None = None) -> Iterator[str]:
        for step in in_steps(folder, names):
            steps.append((names, step))
            yield step

    monkeypatch.setattr(archives, "preload", preload)
    assert LazyGame.in_steps  # main.py's
    document.click(play_button("papillon"))
    assert steps == [(["papillon"], game.site)] and fetched == []
    assert module.window.farfaliaPage.controller.game.name == "papillon" and not window.errors


def test_a_choice_made_meanwhile_is_the_one_that_counts(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    coming = ComingCode(module, window, monkeypatch)
    coming.during = lambda: document.click(play_button("farfalia"), at=1.0)  # Farfalia chosen as Papillon comes
    document.click(play_button("papillon"))
    assert coming.fetched == ["papillon"]
    assert module.window.farfaliaPage.controller.game.name == "farfalia"


def test_code_that_does_not_come_is_said_once_and_never_waited_for_again(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    coming = ComingCode(module, window, monkeypatch)
    coming.arrives = False  # an archive that is none (a host's page of its own, say)
    document.click(play_button("papillon"))
    assert coming.fetched == ["papillon"]
    assert document.elements[Id.NOTE].textContent == text("game-load-failed", game="Papillon")
    assert module.window.farfaliaPage.controller.table is None


def test_saves_of_a_game_whose_code_does_not_come_are_neither_read_nor_touched(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    document.click(play_button("papillon"))  # a Papillon game, saved
    assert window.farfaliaPage.controller.game.name == "papillon"
    stored, journal = dict(window.store), dict(window.farfaliaStore.journal)
    game = next(game for game in archives.lazy_games() if game.name == "papillon")
    monkeypatch.setattr(game, "_game", None)
    monkeypatch.setitem(sys.modules, game.site_module, None)  # its code not here, and

    async def offline(name: str) -> None:  # its archive cannot come
        raise OSError("offline")

    window.farfaliaArchives = types.SimpleNamespace(fetch=offline)
    _, document, window = load_page(window)  # the player comes back
    assert not getattr(document.body.dataset, "ready", None)  # its first screen waits for Papillon's code
    (opening,) = asyncio.all_tasks(window.loop)
    window.loop.run_until_complete(opening)
    assert document.body.dataset.ready == "1" and not window.errors
    assert 'id="start-form"' in document.elements[Id.OVERLAY].innerHTML
    assert dict(window.store) == stored and dict(window.farfaliaStore.journal) == journal


def run_idle_work(window: fake_browser.Window, module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the page began to do once idle (:func:`load_the_rest`), run to its end, its idle
    moments coming at once."""

    async def at_once() -> None:
        return None

    monkeypatch.setattr(module, "idle", at_once)
    window.loop.run_until_complete(asyncio.gather(*asyncio.all_tasks(window.loop)))


def test_the_idle_page_rehearses_each_game_s_first_table_and_keeps_its_own(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Once idle, each game whose code is here has its first table drawn once, for nothing (so that
    a first "Play" is as quick as the next): said in ``data-rehearsed``; the page, in French,
    stays on its first screen, in French, with nothing stored."""
    window = fake_browser.Window("http://site/index.html")
    window.navigator.languages = ["fr-FR", "fr"]
    module, document, window = load_page(window)
    page = module.window.farfaliaPage
    overlay, stored = document.elements[Id.OVERLAY].innerHTML, dict(window.store)
    run_idle_work(window, module, monkeypatch)
    assert document.body.dataset.rehearsed == " ".join(game.name for game in site_games())
    assert page.controller.table is None and page.controller.language == "fr"
    assert window.store == stored and not window.warnings and not window.errors
    page.draw()
    assert document.elements[Id.OVERLAY].innerHTML == overlay  # the same first screen, the same words


def test_a_rehearsal_that_fails_is_said_in_the_console_and_the_next_game_s_goes_on(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    first, *others = [game.name for game in site_games()]
    rehearsed: list[str] = []

    def rehearse(name: str, width: float, height: float, language: str) -> str:
        if name == first:
            raise ValueError("no room")
        rehearsed.append(name)
        return ""

    monkeypatch.setattr(module.rehearsal, "rehearse", rehearse)
    run_idle_work(window, module, monkeypatch)
    assert others and rehearsed == others and document.body.dataset.rehearsed == " ".join(others)
    assert window.warnings == [f"{first}'s first table was not rehearsed: ValueError('no room')"] and not window.errors


def test_a_game_whose_code_is_not_here_is_not_rehearsed(page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    *here, away = archives.lazy_games()
    monkeypatch.setattr(away, "_game", None)
    monkeypatch.setattr(archives, "preload", lambda *args, **kwargs: iter(()))  # its archive did not come
    window.farfaliaArchives = types.SimpleNamespace(fetch=lambda name: fake_browser.Promise(error=OSError(name)))
    run_idle_work(window, module, monkeypatch)
    assert here and document.body.dataset.rehearsed == " ".join(game.name for game in here) and not window.errors
