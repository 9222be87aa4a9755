"""The page's glue (main.py) run in CPython against stand-in browser modules."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from farfalia.ui.contract import ACTION_ATTRIBUTE, COMMAND_ATTRIBUTE, Id
from tests import fake_browser

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "main.py"
#: The ids of the game page's static elements (the start screen's come with its HTML).
PAGE_IDS = re.findall(r'id="([^"]+)"', (ROOT / "index.html").read_text())


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, fake_browser.Document, fake_browser.Window]:
    saved = {name: sys.modules.get(name) for name in ("js", "pyscript", "pyodide", "pyodide.ffi")}
    document, window = fake_browser.install(PAGE_IDS)
    spec = importlib.util.spec_from_file_location("farfalia_main", MAIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # boot() runs
    yield module, document, window
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


def test_a_game_starts_bots_play_and_a_click_plays_a_card(page) -> None:  # type: ignore[no-untyped-def]
    module, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))  # the form's defaults: basic5
    assert document.elements[Id.TABLE].innerHTML.startswith("<svg")
    window.run_timers()  # the bots play until the human must decide
    controller = module.window.farfaliaPage.controller
    session = controller.session
    assert session.actor() == 0 and document.body.dataset.waiting == "human"
    assert document.body.dataset.decision == session.game.to_act().decision
    action = str(session.game.legal_actions()[0])
    before = len(session.game.history)
    document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: action}))
    assert len(session.game.history) > before
    assert window.store["farfalia.save"] == session.to_save()


def test_an_illegal_click_is_a_readable_note_not_a_crash(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    window.run_timers()
    document.click(fake_browser.Element(**{ACTION_ATTRIBUTE: "pick:R1"}))
    assert document.elements[Id.NOTE].textContent.startswith("Something went wrong: ")
    assert not window.errors


def test_the_second_click_of_a_double_click_does_nothing(page) -> None:  # type: ignore[no-untyped-def]
    _, document, window = page
    draws = document.body.dataset.draws if hasattr(document.body.dataset, "draws") else None
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}), detail=2)
    assert getattr(document.body.dataset, "draws", None) == draws  # not started: nothing drawn
    document.click(fake_browser.Element(**{COMMAND_ATTRIBUTE: "start"}))
    assert getattr(document.body.dataset, "draws", None) != draws
    assert not window.errors


def test_the_pages_and_the_loader_use_the_contract_s_ids() -> None:
    for page_name in ("index.html", "embed.html"):
        ids = set(re.findall(r'id="([^"]+)"', (ROOT / page_name).read_text()))
        assert ids <= {str(member) for member in Id} | {"app"}, page_name
        assert {Id.TABLE, Id.BAR, Id.OVERLAY, Id.NOTE, Id.LOADER} <= ids
    loader = (ROOT / "assets" / "loader.js").read_text()
    used = set(re.findall(r'getElementById\("([^"]+)"\)', loader))
    assert used and used <= {str(member) for member in Id}
