// The interpreter PyScript starts (pyscript.toml's `interpreter`): Pyodide from the site's own
// runtime files, from this deploy's memory snapshot when the browser keeps one
// (assets/memory-snapshot.js). A page that started without one has a snapshot made for the next
// visit: by its bots' worker as it starts (assets/thinker.js), else, a while after the page is
// ready and once the browser is idle, by a worker of its own (assets/snapshot-maker.js).
// `html[data-started-from]` says which start it was ("snapshot" or "runtime"); `html[data-snapshot]`
// what became of the page's own maker ("kept" or "failed").
import { version } from "../vendor/pyodide/pyodide.mjs";
import { forgetSnapshot, snapshotWanted, startPyodide } from "./memory-snapshot.js";

export { version };

// This tab's start under way (in sessionStorage): one left from its last start means that start
// never made the page ready, so the reload its failure asks for starts without the snapshot.
const STARTING = "farfalia.starting";

/** Pyodide with PyScript's options (its streams), from the kept snapshot if any. */
export async function loadPyodide(options) {
  if (startLeftUnfinished()) await forgetSnapshot();
  markStart(true);
  const { pyodide, startedFrom } = await startPyodide(options);
  document.documentElement.dataset.startedFrom = startedFrom;
  whenReady(() => {
    markStart(false);
    if (startedFrom === "runtime") setTimeout(idle(makeSnapshot), MAKER_DELAY_MS);
  });
  return pyodide;
}

/** Whether this tab's last start never made its page ready (false if storage is refused). */
function startLeftUnfinished() {
  try {
    return sessionStorage.getItem(STARTING) !== null;
  } catch {
    return false;
  }
}

/** Mark this tab's start as under way, or (`on` false) over. */
function markStart(on) {
  try {
    if (on) sessionStorage.setItem(STARTING, "1");
    else sessionStorage.removeItem(STARTING);
  } catch {
    // storage refused: no mark, and none to find
  }
}

// How long after the page is ready its own maker may start: the bots' worker makes the snapshot
// in about a second, and a player's first moves need both cores.
const MAKER_DELAY_MS = 5000;

/** `then`, to be called once the browser is idle. */
function idle(then) {
  return () => (window.requestIdleCallback ? requestIdleCallback(then, { timeout: 5000 }) : then());
}

/** Calls `then` once the page says it is ready (body[data-ready]). */
function whenReady(then) {
  const watcher = new MutationObserver(() => {
    if (!document.body.dataset.ready) return;
    watcher.disconnect();
    then();
  });
  watcher.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

/** Start the snapshot's maker, unless storage is refused or a snapshot was kept meanwhile. */
async function makeSnapshot() {
  if (!(await snapshotWanted())) return;
  const maker = new Worker(new URL("./snapshot-maker.js", import.meta.url), { type: "module" });
  maker.onmessage = (event) => {
    document.documentElement.dataset.snapshot = event.data.kind;
    if (event.data.kind === "failed") console.warn("No memory snapshot made:", event.data.reason);
  };
  maker.onerror = () => {
    document.documentElement.dataset.snapshot = "failed";
  };
}
