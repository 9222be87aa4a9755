// The worker that makes this version's memory snapshot (assets/memory-snapshot.js) for a page
// that started without one and has no bots' worker to make it. It says "kept", "none" (another
// worker made or is making it) or "failed", and ends.
import { makeSnapshotAlone } from "./memory-snapshot.js";

try {
  const making = await makeSnapshotAlone();
  if (making) await making.kept;
  postMessage({ kind: making ? "kept" : "none" });
} catch (error) {
  postMessage({ kind: "failed", reason: String(error) });
}
close();
