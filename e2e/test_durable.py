"""Saves survive a crash: the browser process is killed (SIGKILL, no chance to flush
anything) at random moments of a game, started again on the same profile, and the game
resumes at least where the journal said it was on disk: at most the decision being
written is lost. Then two tabs of one browser: each keeps its own game."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, FAILED, watch
from e2e.driver import click_and_wait, open_game, start
from farfalia.ui.contract import Command, Data

KILLS = 6


def launch(playwright: Playwright, profile: Path) -> BrowserContext:
    """Chromium on a profile kept on disk, as a person's browser is, writing its log there."""
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--enable-logging", f"--log-file={profile}.log"],
        viewport={"width": 1280, "height": 800},
    )  # fmt: skip


@pytest.fixture(autouse=True)
def browser_log(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[None]:
    """After a failure, what Chromium logged (a renderer's crash says why there, if anywhere)."""
    yield
    if request.node.stash.get(FAILED, False):
        for log in tmp_path.glob("*.log"):
            lines = [line for line in log.read_text(errors="replace").splitlines() if "dbus" not in line]
            print(f"--- the last lines of {log.name}:", *lines[-60:], sep="\n")


def kill_browser(profile: Path) -> None:
    """SIGKILL the browser process of ``profile`` and every process under it at once (a power
    cut): a renderer left to notice its browser gone held its memory while the next browser
    loaded Python, and that renderer crashed ("Target crashed", about one full run in three)."""
    parents: dict[int, int] = {}
    browser = None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            arguments = (entry / "cmdline").read_bytes().split(b"\0")
            parents[int(entry.name)] = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if f"--user-data-dir={profile}".encode() in arguments and not any(a.startswith(b"--type=") for a in arguments):
            browser = int(entry.name)
    assert browser is not None, "no browser process found to kill"
    family = {browser}
    while grown := {pid for pid, parent in parents.items() if parent in family} - family:
        family |= grown
    for pid in family:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while any(map(running, family)) and time.monotonic() < deadline:
        time.sleep(0.05)


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, dead and not yet reaped, does not)."""
    try:
        return (Path(f"/proc/{pid}") / "stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def hook(page: Page, name: Data) -> int:
    return int(page.get_attribute("body", f"data-{name}") or 0)


def keep_going(page: Page) -> None:
    """Dismiss an end-of-hand summary, so that the bots play on."""
    button = page.locator(f"#overlay [data-command={Command.CONTINUE}]")
    if button.count():
        click_and_wait(page, f"#overlay [data-command={Command.CONTINUE}]")


def test_a_killed_browser_resumes_the_game_at_its_last_saved_action(playwright: Playwright, site: str,
                                                                     tmp_path: Path) -> None:  # fmt: skip
    rng = random.Random(5)
    profile = tmp_path / "profile"
    context = launch(playwright, profile)
    problems = watch(context, site)
    page = context.pages[0]
    open_game(page, site)
    start(page, "basic5", humans=(), pace="instant", level="quick", seed=11)
    lost: list[int] = []
    for round_ in range(KILLS):
        deadline = time.monotonic() + rng.uniform(0.2, 2.5)
        while time.monotonic() < deadline:
            keep_going(page)
            page.wait_for_timeout(50)
        saved, shown = hook(page, Data.SAVED), hook(page, Data.ACTIONS)
        assert not problems, problems
        kill_browser(profile)
        with contextlib.suppress(Exception):  # the browser is gone already
            context.close()
        context = launch(playwright, profile)
        problems = watch(context, site)
        assert len(context.pages) == 1, f"round {round_}: {[p.url for p in context.pages]} (a tab restored?)"
        page = context.pages[0]
        open_game(page, site)
        resume = page.locator(f"[data-command={Command.RESUME}]")
        assert resume.count() == 1, f"round {round_}: {resume.count()} saved games"
        assert resume.is_enabled(), f"round {round_}: the game is taken for open in another tab"
        click_and_wait(page, f"[data-command={Command.RESUME}]")
        resumed = hook(page, Data.ACTIONS)
        assert resumed >= saved, f"round {round_}: {saved} actions were on disk, {resumed} came back"
        assert resumed >= shown - 1, f"round {round_}: {shown} actions were shown, {resumed} came back"
        lost.append(shown - resumed)
    print(f"\n{KILLS} kills: actions shown but not back after the kill: {lost}")
    context.close()


def test_two_tabs_keep_two_games_and_one_game_opens_in_one_tab(playwright: Playwright, site: str,
                                                               tmp_path: Path) -> None:  # fmt: skip
    context = launch(playwright, tmp_path / "profile")
    problems = watch(context, site)
    first = context.pages[0]
    open_game(first, site)
    start(first, "four", seed=3)
    second = context.new_page()
    open_game(second, site)
    second.wait_for_selector(".saved-games .elsewhere")  # the first tab's game, marked
    assert second.locator(f"[data-command={Command.RESUME}][disabled]").count() == 1
    start(second, "basic5", seed=4)
    for tab in (first, second):
        tab.reload()
        tab.wait_for_selector(f"body[data-{Data.READY}]")
    first.wait_for_function("() => document.querySelectorAll('[data-command=resume]').length === 2")
    labels = first.locator(".saved-games strong").all_inner_texts()
    assert any("four" in label for label in labels) and any("5 players" in label or "five" in label for label in labels)
    click_and_wait(first, f"[data-command={Command.RESUME}]:not([disabled])")
    second.wait_for_function("() => document.querySelectorAll('[data-command=resume][disabled]').length === 1")
    assert not problems, problems
    context.close()
