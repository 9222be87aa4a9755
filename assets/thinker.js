// The worker that answers the page's searches (a bot's decision, a hint) and judges its reviews off
// its thread: Pyodide with the site's package, loaded from the runtime files the page loads (in the
// browser's cache or the service worker's by then), from the deploy's memory snapshot when one is
// kept. A message is a question (farfalia.ui.thinking.Asked, or ReviewAsked: a part of a review),
// pickled; each answer goes back as soon as it is found (farfalia.ui.answers). It says "ready" once
// it can answer, "failed" if it cannot: the page searches itself meanwhile, and from then on.
import { loadArchives } from "./archives.js";
import { startPyodide } from "./memory-snapshot.js";

// Started anew (no snapshot kept), it makes one first: the page then needs no maker of its own.
const started = startPyodide({}, { make: true }).then(async ({ pyodide, kept }) => {
  kept?.catch((error) => console.warn("No memory snapshot kept:", error));
  // The site's games, registered and loaded (assets/archives.js); what the worker holds then, set
  // aside from the garbage collector.
  pyodide.runPython("import farfalia.site");
  // A game whose archive did not come: its questions fail, and the page answers them itself.
  await loadArchives(pyodide).catch((error) => console.warn("A game's archive was not loaded:", error));
  pyodide.runPython("import farfalia.ui.memory; farfalia.ui.memory.settle()");
  return { pyodide, answers: pyodide.pyimport("farfalia.ui.answers") };
});
started.then(
  () => postMessage({ kind: "ready" }),
  (error) => postMessage({ kind: "failed", reason: String(error) }),
);

onmessage = async (event) => {
  try {
    const { pyodide, answers } = await started;
    const reply = answers.answer_message(pyodide.toPy(event.data));
    const answer = reply.toJs();
    reply.destroy();
    postMessage({ kind: "answer", answer }, [answer.buffer]);
  } catch (error) {
    postMessage({ kind: "failed", reason: String(error) });
  }
};
