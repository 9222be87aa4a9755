// Run Python code inside the pinned npm Pyodide (Node, no browser) with this
// repository on sys.path, and print what it prints. Usage:
//   node tools/run_in_pyodide.mjs "<python code>"
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// Python's own settings (PYTHON* variables, e.g. PYTHONNODEBUGRANGES) pass through.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("PYTHON")));
const pyodide = await loadPyodide({ env, stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.runPython("import sys; sys.path.insert(0, '/repo'); sys.dont_write_bytecode = True");
pyodide.runPython(process.argv[2]);
