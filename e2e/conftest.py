"""End-to-end fixtures: the site served on localhost, headless Chromium driven by
Playwright, the site's games registered (as the page registers them: the tests build links and
read texts with the package). Any console error or failed request fails the test; a failing
test saves a screenshot under e2e/screenshots/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright, sync_playwright

import farfalia.site  # noqa: F401 (the site's games, registered)
from tools import serve

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
SHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


#: What Playwright says when Chromium's renderer or browser process dies under a test. Seen now
#: and then in full runs, in the tests of disk-backed profiles (e2e/test_durable.py), never twice
#: in a row, never in 6 runs of those tests alone nor in 60 of their two tabs by a script: such a
#: test runs once more, and the run's summary counts it ("1 rerun"); any other failure fails at once.
BROWSER_CRASHES = [r"Page crashed", r"Target crashed"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every end-to-end test runs again once if (and only if) the browser crashed under it."""
    for item in items:
        if item.path.is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=BROWSER_CRASHES))


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The built site (``dist/``) served on a free localhost port as a static host would."""
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is missing: run the README's test command (it runs `make dist`)")
    server = serve.start(DIST)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The one Playwright driver of the run."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


#: Reports each Content Security Policy violation as a console error (a problem, below).
#: (So ``wait_for_function`` is always given an arrow function: Playwright evaluates a bare
#: expression with ``eval`` at every poll, which the pages' policy refuses.)
CSP_REPORTER = """document.addEventListener("securitypolicyviolation", (event) => console.error(
  `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
  + ` at ${event.sourceFile}:${event.lineNumber}`))"""


def watch(context: BrowserContext, origin: str) -> list[str]:
    """The problems of every page of ``context``, as they happen: console errors, page errors,
    Content Security Policy violations, failed requests, HTTP errors and requests outside
    ``origin``. A test that makes its own context asserts the list is empty at its end."""
    problems: list[str] = []
    context.add_init_script(CSP_REPORTER)

    def follow(page: Page) -> None:
        page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
                if message.type == "error" else None)  # fmt: skip
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        # A request the test's own navigation aborts (net::ERR_ABORTED) is no failure of the page.
        page.on("requestfailed", lambda req: None if "ERR_ABORTED" in (req.failure or "")
                else problems.append(f"failed request: {req.url} {req.failure}"))  # fmt: skip
        page.on("response", lambda res: problems.append(f"HTTP {res.status}: {res.url}") if res.status >= 400 else None)
        page.on("request", lambda req: None if req.url.startswith((origin, "data:", f"blob:{origin}"))
                else problems.append(f"request outside the site: {req.url}"))  # fmt: skip

    for page in context.pages:
        follow(page)
    context.on("page", follow)
    return problems


@pytest.fixture
def page(browser: Browser, site: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    problems = watch(context, site)
    page = context.new_page()
    page.problems = problems  # type: ignore[attr-defined]
    yield page
    record_modules(page)
    failed = request.node.stash.get(FAILED, False)
    if failed:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{request.node.name}.png"))
    context.close()
    assert not problems, "\n".join(problems)


FAILED = pytest.StashKey[bool]()


def record_modules(page: Page) -> None:
    """With ``FARFALIA_RECORD_MODULES=<file>``, add the modules Python imported in the page
    to that file (see tools/stdlib-modules.txt)."""
    target = os.environ.get("FARFALIA_RECORD_MODULES")
    if target and page.evaluate("typeof window.farfaliaModules === 'function'"):
        with open(target, "a") as file:
            file.write(page.evaluate("window.farfaliaModules()").replace(",", "\n") + "\n")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


def assert_steps(figure: Locator) -> str:
    """A diagram's "next" button moves its own position on; the position it left."""
    before = figure.locator(".position").inner_text()
    figure.locator("[data-step=next]").click()
    assert figure.locator(".position").inner_text() != before
    return before
