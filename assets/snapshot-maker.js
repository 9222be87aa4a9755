// The worker that makes this version's memory snapshot (assets/memory-snapshot.js) for a page
// that started without one and has no bots' worker to make it. It says "kept" or "failed", and ends.
import { startPyodide } from "./memory-snapshot.js";

try {
  const { kept } = await startPyodide({}, { make: true });
  await kept;
  postMessage({ kind: "kept" });
} catch (error) {
  postMessage({ kind: "failed", reason: String(error) });
}
close();
