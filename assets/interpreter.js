// The interpreter PyScript starts (pyscript.toml's `interpreter`): Pyodide from the site's own
// runtime files, from this deploy's memory snapshot when the browser keeps one
// (assets/memory-snapshot.js). A page that started without one has a snapshot made for the next
// visit: by its bots' worker as it starts (assets/thinker.js), else, a while after the page is
// ready and once the browser is idle, by a worker of its own (assets/snapshot-maker.js). A page
// started from one that fails before it is ready forgets it.
// `html[data-started-from]` says which start it was ("snapshot" or "runtime"); `html[data-snapshot]`
// what became of the page's own maker ("kept", "none" or "failed").
import { version } from "../vendor/pyodide/pyodide.mjs";
import { forgetSnapshot, snapshotWanted, startPyodide } from "./memory-snapshot.js";

export { version };

// How long a start from the snapshot may take to make the page ready before it counts as failed.
const START_LIMIT_MS = 60000;

/** Pyodide with PyScript's options (its streams), from the kept snapshot if any. */
export async function loadPyodide(options) {
  const { pyodide, startedFrom } = await startPyodide(options);
  document.documentElement.dataset.startedFrom = startedFrom;
  // PyScript's own modules' bytecode, where Python looks for it before PyScript writes their
  // sources and imports them (the runtime's archive holds it: tools/pack_stdlib.py). Checked
  // against those sources, so a mismatch only compiles them as before.
  try {
    pyodide.runPython("import pyscript_bytecode; pyscript_bytecode.write()");
  } catch (error) {
    console.warn("PyScript's modules are compiled anew:", error);
  }
  if (startedFrom === "snapshot") forgetIfTheStartFails();
  else whenReady(() => setTimeout(idle(startMaker), MAKER_DELAY_MS));
  return pyodide;
}

/**
 * Forget the snapshot if the page started from it fails before it is ready (an error, a promise
 * rejected and never handled, or no ready page within START_LIMIT_MS): the next start, the reload
 * its failure message asks for included, starts as without it (and makes another).
 */
function forgetIfTheStartFails() {
  const failed = () => {
    stop();
    forgetSnapshot();
  };
  const timer = setTimeout(failed, START_LIMIT_MS);
  const stop = () => {
    clearTimeout(timer);
    removeEventListener("error", failed);
    removeEventListener("unhandledrejection", failed);
  };
  addEventListener("error", failed);
  addEventListener("unhandledrejection", failed);
  whenReady(stop);
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

/**
 * Start the snapshot's maker, unless storage is refused, a snapshot was kept meanwhile, or the page
 * is framed by another site's (its storage is that site's: a snapshot for every site framing it).
 */
async function startMaker() {
  if (framedByAnotherSite() || !(await snapshotWanted())) return;
  const made = (kind) => {
    document.documentElement.dataset.snapshot = kind;
  };
  let maker;
  try {
    maker = new Worker(new URL("./snapshot-maker.js", import.meta.url), { type: "module" });
  } catch {
    return made("failed"); // module workers refused: no snapshot, and no harm
  }
  maker.onmessage = (event) => {
    made(event.data.kind);
    if (event.data.kind === "failed") console.warn("No memory snapshot made:", event.data.reason);
  };
  maker.onerror = (event) => {
    event.preventDefault(); // the maker's failure is no error of the page's
    made("failed");
  };
}

/** Whether the page is in a frame of another origin's page. */
function framedByAnotherSite() {
  try {
    return window.top !== window && window.top.location.origin !== location.origin;
  } catch {
    return true; // another origin's window: its location cannot be read
  }
}
