"""A returning visit starts Python from the runtime's memory snapshot that an earlier visit made
(``assets/memory-snapshot.js``): kept under the deploy's version, never started from when it is
another deploy's or fails to load, and never needed (storage refused: Python starts as before)."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from e2e.conftest import assert_steps
from e2e.driver import open_game, play_to_the_end, start

SNAPSHOTS = "pyodide-memory-snapshot"
#: The names of the snapshots the browser keeps, once this deploy's is kept (waits up to 30 s for it).
KEPT = f"""async () => {{
  const version = (await import("./assets/memory-snapshot.js")).VERSION;
  for (let i = 0; i < 150; i++) {{
    const names = (await (await caches.open("{SNAPSHOTS}")).keys()).map((request) => request.url.split("/").pop());
    if (names.includes(`memory-snapshot-${{version}}`)) return names;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }}
  return [];
}}"""
#: Whether the browser keeps no snapshot, once it keeps none (waits up to 30 s).
FORGOTTEN = f"""async () => {{
  for (let i = 0; i < 150; i++) {{
    if (!(await (await caches.open("{SNAPSHOTS}")).keys()).length) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }}
  return false;
}}"""
#: This deploy's version, as the snapshot's module has it.
VERSION = '() => import("./assets/memory-snapshot.js").then((module) => module.VERSION)'
STARTED_FROM = "() => document.documentElement.dataset.startedFrom"
#: An error once Python has started, before the page is ready.
BREAK_THE_START = 'addEventListener("py:ready", () => setTimeout(() => { throw new Error("a broken start"); }));'
#: A draw of the game's generator and one of the `random` module's, in the page's Python.
DRAWS = """() => {
  const modules = farfaliaPage.__class__.__init__.__globals__.get("sys").modules;
  return [String(farfaliaPage.controller.rng.getrandbits(64)), String(modules.get("random").getrandbits(64))];
}"""

#: What the build compiled, as the page's Python found it: the glue's module (``main.py`` as
#: served imports it), and the modules PyScript wrote whose bytecode (``pyscript_bytecode``) was
#: not compiled from their very sources (none, or Python compiled them anew), beside how many
#: modules PyScript wrote and how many the build compiled.
COMPILED = """() => {
  const modules = farfaliaPage.__class__.__init__.__globals__.get("sys").modules;
  const python = `(lambda compiled, util, os: [
    [path for path, data in compiled.items()
     if util.source_hash(open(util.source_from_cache(path), "rb").read()) != data[8:16]],
    len([name for name in os.listdir("pyscript") if name.endswith(".py")]), len(compiled),
  ])(__import__("pyscript_bytecode").BYTECODE, __import__("importlib.util").util, __import__("os"))`;
  const evaluated = modules.get("builtins").eval(python, modules.get("builtins").dict());
  return [farfaliaPage.__class__.__module__, ...evaluated.toJs()];
}"""


def visit(context: BrowserContext, site: str, query: str = "") -> Page:
    """A new tab of ``context`` on the game page, once its start screen is drawn."""
    page = context.new_page()
    open_game(page, site, query)
    return page


def keep_under(page: Page, name: str, body: str) -> None:
    """Keep ``body`` (a JavaScript expression) as the snapshot named ``name``, and it alone."""
    page.evaluate(f"""async () => {{
      await caches.delete("{SNAPSHOTS}");
      const cache = await caches.open("{SNAPSHOTS}");
      await cache.put(new URL("vendor/pyodide/{name}", location.href).href, new Response({body}));
    }}""")


def test_a_returning_visit_starts_from_the_snapshot_the_first_made_and_plays(page: Page, site: str) -> None:
    open_game(page, site)
    assert page.evaluate(STARTED_FROM) == "runtime"
    glue, stale, written, compiled = page.evaluate(COMPILED)
    assert (glue, stale) == ("main_glue", []) and written == compiled > 10
    version = page.evaluate(VERSION)
    assert len(version) == 16 and version != "__VERSION__"
    assert page.evaluate(KEPT) == [f"memory-snapshot-{version}"]  # made by the bots' worker
    again = visit(page.context, site)
    assert again.evaluate(STARTED_FROM) == "snapshot"
    assert again.evaluate(COMPILED) == page.evaluate(COMPILED)
    again.wait_for_selector("body[data-worker=ready]")
    start(again, "basic5", seed=4, dealer=0, level="strong")
    play_to_the_end(again, seed=1)
    assert again.inner_text(".panel.over .winners").startswith("Winner")
    # The interpreter's state is the snapshot's, its generators are not: each visit deals anew, and
    # the `random` module's own generator (reached through main.py's globals) is seeded afresh.
    draws = []
    for _ in range(2):
        tab = visit(page.context, site)
        assert tab.evaluate(STARTED_FROM) == "snapshot"
        draws.append(tab.evaluate(DRAWS))
        tab.close()
    assert draws[0][0] != draws[1][0] and draws[0][1] != draws[1][1]


def test_a_page_without_the_bots_worker_makes_the_snapshot_itself(page: Page, site: str) -> None:
    page.goto(f"{site}/rules.html")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_selector("html[data-snapshot=kept]", state="attached", timeout=60_000)
    assert page.evaluate(KEPT) == [f"memory-snapshot-{page.evaluate(VERSION)}"]
    again = page.context.new_page()
    again.goto(f"{site}/rules.html")
    again.wait_for_selector("body[data-ready]")
    assert again.evaluate(STARTED_FROM) == "snapshot"
    assert_steps(again.locator("figure.diagram").nth(2))


def test_another_deploys_snapshot_is_never_started_from_and_is_replaced(page: Page, site: str) -> None:
    open_game(page, site)
    version = page.evaluate(VERSION)
    page.evaluate(KEPT)
    # The snapshot as an older deploy left it: a valid one, under that deploy's version.
    page.evaluate(f"""async () => {{
      const cache = await caches.open("{SNAPSHOTS}");
      const url = new URL("vendor/pyodide/memory-snapshot-{version}", location.href).href;
      const bytes = await (await cache.match(url)).arrayBuffer();
      await cache.delete(url);
      const older = new URL("vendor/pyodide/memory-snapshot-0123456789abcdef", location.href).href;
      await cache.put(older, new Response(bytes));
    }}""")
    again = visit(page.context, site)
    assert again.evaluate(STARTED_FROM) == "runtime"
    assert again.evaluate(KEPT) == [f"memory-snapshot-{version}"]  # this deploy's, in its place


def test_a_snapshot_that_fails_to_load_is_forgotten_and_the_game_starts(page: Page, site: str) -> None:
    open_game(page, site, "?worker=off")  # no worker: it would make a good snapshot at once
    keep_under(page, f"memory-snapshot-{page.evaluate(VERSION)}", "new Uint8Array(4096).fill(7)")
    again = visit(page.context, site, "?worker=off")
    assert again.evaluate(STARTED_FROM) == "runtime"
    start(again, "basic5", seed=4, dealer=0)
    play_to_the_end(again, seed=1)
    assert again.inner_text(".panel.over .winners").startswith("Winner")
    # Forgotten, then made again by a page's own maker (no worker here) once it has waited.
    version = page.evaluate(VERSION)
    assert again.evaluate(KEPT) == [f"memory-snapshot-{version}"]
    assert visit(page.context, site, "?worker=off").evaluate(STARTED_FROM) == "snapshot"


def test_storage_refused_starts_as_without_a_snapshot(page: Page, site: str) -> None:
    page.context.add_init_script(
        'Object.defineProperty(window, "caches", { get() { throw new DOMException("refused", "SecurityError"); } });'
    )
    open_game(page, site, "?worker=off")
    assert page.evaluate(STARTED_FROM) == "runtime"
    start(page, "basic5", seed=4, dealer=0)
    play_to_the_end(page, seed=1)
    assert page.inner_text(".panel.over .winners").startswith("Winner")


def test_a_start_from_the_snapshot_that_fails_forgets_it(page: Page, site: str) -> None:
    open_game(page, site)
    version = page.evaluate(VERSION)
    assert page.evaluate(KEPT) == [f"memory-snapshot-{version}"]
    broken = page.context.new_page()
    # An error before the page is ready: what a snapshot that loads but cannot run would cause.
    broken.add_init_script(BREAK_THE_START)
    broken.goto(f"{site}/index.html")
    broken.wait_for_selector("html[data-started-from=snapshot]", state="attached")
    assert broken.evaluate(FORGOTTEN)
    broken.close()
    page.problems.clear()  # type: ignore[attr-defined]  # the error the test made, on purpose
    again = visit(page.context, site)
    assert again.evaluate(STARTED_FROM) == "runtime"  # the next start, the reload included, as before
    assert again.evaluate(KEPT) == [f"memory-snapshot-{version}"]  # and it makes another
