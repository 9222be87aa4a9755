// Each game's code where a page needs it: a game known by its first screen only until then has
// its modules in an archive of its own, `games/<name>.zip` (tools/build_site.py writes the list
// of them in). The page's Python fetches one when it first needs its game (`farfaliaArchives.fetch`,
// farfalia.ui.archives), or once the page is idle; the bots' worker and the memory snapshot's
// maker load them all; a start from the snapshot writes them all back into the runtime's files
// before Python runs (the snapshot's modules were imported from them).
export const ARCHIVES = [/* __ARCHIVES__ */];
// Where they are written in the runtime's files (farfalia.ui.archives.ARCHIVE_FOLDER: a test holds them the same).
const FOLDER = "/lib/games";
// How long a fetch may take before it counts as failed (the page then says so, and tries again when asked).
const FETCH_LIMIT_MS = 30000;

/** The archive of the game `name`, as the site serves it: a promise of its bytes. */
export async function fetchArchive(name) {
  const address = new URL(`../games/${name}.zip`, import.meta.url);
  const response = await fetch(address, { signal: AbortSignal.timeout(FETCH_LIMIT_MS) });
  if (!response.ok) throw new Error(`games/${name}.zip: ${response.status} ${response.statusText}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A host that answers a missing file with a page of its own: no archive, said as such.
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "PK\x03\x04") {
    throw new Error(`games/${name}.zip: not a zip archive`);
  }
  return bytes;
}

/** The archives `names` (`fetched`: the promises of their bytes) written into `pyodide`'s files. */
async function write(pyodide, names, fetched = names.map(fetchArchive)) {
  const archives = await Promise.all(fetched);
  pyodide.FS.mkdirTree(FOLDER);
  names.forEach((name, index) => pyodide.FS.writeFile(`${FOLDER}/${name}.zip`, archives[index]));
}

/** Every archive written into `pyodide`'s files (`fetched`: the promises of their bytes, in ARCHIVES' order). */
export function writeArchives(pyodide, fetched) {
  return write(pyodide, ARCHIVES, fetched);
}

/** Every game loaded in `pyodide`: its archive written there (where it is not yet), attached and imported. */
export async function loadArchives(pyodide) {
  await write(pyodide, ARCHIVES.filter((name) => !pyodide.FS.analyzePath(`${FOLDER}/${name}.zip`).exists));
  pyodide.runPython("import farfalia.ui.archives; farfalia.ui.archives.load_all()");
}

globalThis.farfaliaArchives = { fetch: fetchArchive };
