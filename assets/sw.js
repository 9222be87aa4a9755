// The service worker: the whole site in one cache, so the game starts and plays with no
// network. tools/build_site.py writes the version (a hash of every file's content) and the
// list of files in; a deploy that changes any file installs a new cache beside the old one,
// waits until the page says the player chose to reload, then removes the old one.
const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */];
const PREFIX = "farfalia-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  // "no-cache": revalidate with the host rather than trust a stale HTTP cache.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  // A page is the same file whatever its query (links carry their data after "#" or "?"),
  // and a folder's address is its index.html.
  const navigate = request.mode === "navigate";
  const key = navigate && url.pathname.endsWith("/") ? new URL("index.html", url).href : request;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(key, { ignoreSearch: navigate }))
    .then((cached) => cached || fetch(request)));
});
