// A memory snapshot of the runtime with the site's package imported, kept in the browser between
// visits so that a returning visit starts Python from it (Pyodide's experimental `_loadSnapshot`)
// rather than starting the interpreter and importing the package again. It is kept under the
// deploy's version (tools/build_site.py writes it in), so a new deploy never starts from an older
// one's. It is made off the page's thread once a visit found none: by the bots' worker
// (assets/thinker.js) as it starts, else by a worker of its own (assets/snapshot-maker.js).
// Storage refused, a snapshot missing or failing to load: Python starts as without one.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { ARCHIVES, fetchArchive, loadArchives, writeArchives } from "./archives.js";

export const VERSION = "__VERSION__";
const RUNTIME = new URL("../vendor/pyodide/", import.meta.url).href;
const CACHE = "pyodide-memory-snapshot";
const KEY = new URL(`memory-snapshot-${VERSION}`, RUNTIME).href;

/**
 * This version's kept snapshot: a promise of `{ bytes }` (a promise of its bytes, read meanwhile)
 * or of null (none, or storage refused or failing).
 */
async function readSnapshot() {
  try {
    const response = await (await caches.open(CACHE)).match(KEY);
    if (!response) return null;
    const bytes = response.arrayBuffer();
    bytes.catch(() => {}); // a failed read is the start's failure, not an unhandled rejection meanwhile
    return { bytes };
  } catch {
    return null;
  }
}

/** Whether this version's snapshot is to be made: storage can be opened, and none is kept. */
export async function snapshotWanted() {
  try {
    return !(await (await caches.open(CACHE)).match(KEY));
  } catch {
    return false; // storage refused (or no Cache API): a snapshot could not be kept
  }
}

/** Remove this version's snapshot (the next start that can makes another). */
export async function forgetSnapshot() {
  try {
    await (await caches.open(CACHE)).delete(KEY);
  } catch {
    // storage refused or failing: nothing kept, or the next visit tries again
  }
}

/** Keep `bytes` as this version's snapshot, in place of any other version's. */
async function keepSnapshot(bytes) {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (request.url !== KEY) await cache.delete(request);
  }
  await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/**
 * Pyodide with `options`, from this version's snapshot when one is kept and loads, else started
 * anew: `{ pyodide, startedFrom, kept }`, `startedFrom` being "snapshot" or "runtime". Started
 * anew with `make`, it makes the snapshot (`makeSnapshot`) unless another worker is making it;
 * `kept` is then the promise of its keeping (else null). A snapshot that fails to load is
 * forgotten (the next visit makes another).
 */
export async function startPyodide(options = {}, { make = false } = {}) {
  const settings = { ...options, indexURL: RUNTIME };
  const snapshot = await readSnapshot();
  if (snapshot) {
    // The games' archives its modules came from, fetched meanwhile (assets/archives.js).
    const archives = ARCHIVES.map(fetchArchive);
    archives.forEach((archive) => archive.catch(() => {})); // a failure is the start's, below
    try {
      // Pyodide fetches the runtime meanwhile, and waits for the bytes before it compiles it.
      const pyodide = await loadPyodide({ ...settings, _loadSnapshot: snapshot.bytes });
      await writeArchives(pyodide, archives);
      // The snapshot froze the interpreter's state, the `random` module's generator with it:
      // seeded afresh (from the browser's crypto), as an interpreter started anew would be. (And
      // the bridge to JavaScript used once: a snapshot that cannot is forgotten, below.)
      pyodide.runPython("import js, random; random.seed(); js.Object.keys(js.Object.new())");
      return { pyodide, startedFrom: "snapshot", kept: null };
    } catch (error) {
      console.warn("The kept memory snapshot did not load; starting without it.", error);
      await forgetSnapshot();
    }
  }
  if (make) {
    const making = await makeSnapshotAlone(options);
    if (making) return { ...making, startedFrom: "runtime" };
  }
  return { pyodide: await loadPyodide(settings), startedFrom: "runtime", kept: null };
}

/**
 * Pyodide with `options` started for a snapshot (`makeSnapshot`): `{ pyodide, kept }`; or null,
 * nothing started, when none is wanted or another worker is making it (the Web Lock
 * "farfalia.memory-snapshot" is held until the snapshot is kept).
 */
export async function makeSnapshotAlone(options = {}) {
  const settings = { ...options, indexURL: RUNTIME };
  if (!self.navigator?.locks) return (await snapshotWanted()) ? makeSnapshot(settings) : null; // at worst twice
  return new Promise((resolve, reject) => {
    navigator.locks
      .request("farfalia.memory-snapshot", { ifAvailable: true }, async (lock) => {
        if (!lock || !(await snapshotWanted())) return resolve(null); // being made, or made meanwhile
        const making = await makeSnapshot(settings);
        resolve(making);
        return making.kept.catch(() => {}); // the lock let go once it is kept, or failed to be
      })
      .catch(reject);
  });
}

/**
 * Pyodide started for a snapshot: every module the pages import (farfalia.site,
 * farfalia.ui.pages) and every game's (assets/archives.js), then the snapshot, before anything
 * else runs in it. `kept` is the promise of its keeping; it fails (the runtime itself started) if
 * the imports grew the runtime's memory, as a snapshot must fit the memory a runtime starts with.
 */
async function makeSnapshot(settings) {
  const pyodide = await loadPyodide({ ...settings, _makeSnapshot: true });
  const memory = pyodide._module.HEAP8.length;
  let kept;
  try {
    pyodide.runPython("import farfalia.site, farfalia.ui.pages"); // the games registered, the pages' modules
    await loadArchives(pyodide); // every game's code, loaded on demand by a page started anew
    if (pyodide._module.HEAP8.length !== memory) throw new Error("the memory grew past a starting runtime's");
    kept = keepSnapshot(pyodide.makeMemorySnapshot());
  } catch (error) {
    kept = Promise.reject(error);
  }
  return { pyodide, kept };
}
