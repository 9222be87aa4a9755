// Before Python runs: show PyScript's progress, and turn any failure to load
// into a readable message instead of a blank page. (The only strings here are
// the ones shown before Python, and so before farfalia.ui.texts, can speak.)
const text = document.getElementById("loader-text");
const bar = document.getElementById("loader-progress");
let steps = 0;

addEventListener("py:progress", (event) => {
  steps += 1;
  bar.value = Math.min(steps, bar.max);
  if (typeof event.detail === "string") text.textContent = event.detail + "…";
});

function fail(message) {
  if (document.body.dataset.ready) return;
  document.body.dataset.failed = "1";
  text.textContent = "The game could not start: " + message + ". Reload the page to try again.";
  bar.hidden = true;
}

addEventListener("error", (event) => fail(event.message || "a script failed to load"));
addEventListener("unhandledrejection", (event) => fail(String(event.reason && event.reason.message || event.reason)));
setTimeout(() => fail("Python took too long to load"), 120000);
