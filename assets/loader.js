// Before Python runs: show PyScript's progress, and turn any failure to load
// into a readable message instead of a blank page. Its words are the catalogs' own
// (farfalia.ui.texts, "loader." and "update."), which the build writes into texts.js.
import { TEXTS } from "./texts.js";

const text = document.getElementById("loader-text");
const bar = document.getElementById("loader-progress");
let steps = 0;

// The language Python will speak (farfalia.ui.language.choose_language): an embed's own,
// else the player's choice, else the browser's first that the game speaks, else English.
function language() {
  const embed = document.body.dataset.page === "embed";
  let chosen = null;
  try {
    chosen = JSON.parse(localStorage.getItem("farfalia.preferences") || "{}").language;
  } catch (error) { /* storage off or unreadable: the browser's language */ }
  const tags = [embed ? new URLSearchParams(location.hash.slice(1)).get("lang") : null, chosen,
                ...(navigator.languages || [navigator.language])];
  for (const tag of tags) {
    const code = String(tag || "").split("-")[0].toLowerCase();
    if (TEXTS[code]) return code;
  }
  return "en";
}
const spoken = language();
const words = TEXTS[spoken];
document.documentElement.lang = spoken;
text.textContent = words["loader.loading"];
const update = document.getElementById("update");
if (update) {
  update.firstChild.textContent = words["update.ready"] + " ";
  document.getElementById("update-reload").textContent = words["update.reload"];
}

addEventListener("py:progress", () => {
  steps += 1;
  bar.value = Math.min(steps, bar.max);
});

// A reason as the message's middle: without its own closing period ("The operation is
// insecure."), and, where the browser refuses this site's storage (its privacy settings, which a
// reload cannot change), said so.
function reasonText(reason) {
  const said = String(reason || words["loader.script-failed"]).trim().replace(/[.\s]+$/, "");
  return /SecurityError|insecure|access is denied/i.test(said) ? words["loader.storage-refused"] : said;
}

function fail(reason) {
  if (document.body.dataset.ready) return;
  document.body.dataset.failed = "1";
  document.body.classList.remove("still-shown");  // the message shows over the still picture
  text.textContent = words["loader.failed"].replace("{reason}", reasonText(reason));
  bar.hidden = true;
}

// An embed whose link carries a still picture of the table shows it at once (assets/still.js).
if (document.body.dataset.page === "embed") {
  document.body.classList.toggle("light", new URLSearchParams(location.hash.slice(1)).get("theme") === "light");
  const table = document.getElementById("table");
  import("./still.js")
    .then(({ showStill }) => showStill(location.hash.slice(1), table, table.querySelector(".placeholder")))
    .then((shown) => document.body.classList.toggle("still-shown", shown));
}

addEventListener("error", (event) => fail(event.message || words["loader.script-failed"]));
// Pyodide reports a runtime that cannot be fetched or compiled (pyodide.asm.wasm) on the console
// only, then waits for ever (its instantiateWasm catches the error): its words are the signal
// (before, the failed download surfaced as an unhandled rejection only when it lost a race).
const FATAL = ["wasm instantiation failed", "Error occurred while installing the standard library"];
for (const level of ["warn", "error"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    original(...args);
    if (FATAL.some((fatal) => String(args[0]).startsWith(fatal))) fail(words["loader.script-failed"]);
  };
}
addEventListener("unhandledrejection", (event) => fail(String(event.reason && event.reason.message || event.reason)));
setTimeout(() => fail(words["loader.too-long"]), 120000);

// Offline and updates. The service worker (sw.js, beside the pages) keeps the whole site in
// one cache. It is registered once Python is up, so its downloads never slow the first start.
// Where service workers are unavailable (plain HTTP on a LAN address, some private windows)
// the game plays as before, online. A new deploy installs beside the running version and
// waits: the page offers a reload and never interrupts a game by itself.
const workers = "serviceWorker" in navigator ? navigator.serviceWorker : null;
let reloading = false;

function offerUpdate(worker) {
  const banner = document.getElementById("update");
  if (!banner || !workers.controller) return;
  banner.hidden = false;
  document.body.dataset.update = "ready";
  document.getElementById("update-reload").onclick = () => {
    reloading = true;
    worker.postMessage("skip-waiting");
  };
}

function watch(registration) {
  if (!registration) return;  // a browser that blocks service workers may register none
  if (registration.waiting) offerUpdate(registration.waiting);
  setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);  // long games see deploys too
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offerUpdate(worker);
    });
  });
}

if (workers) {
  workers.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  addEventListener("py:done", () => {
    workers.register("./sw.js").then(watch, () => { document.body.dataset.offline = "unavailable"; });
  }, { once: true });
}
