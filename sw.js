// minesat's service worker: the page offline after one visit, from the site's root or any subfolder.
// The set-up (tools/make_sw.py) writes static/vendor/precache.js: VERSION, a content hash of every
// file the page needs and of this worker, and FILES, those files relative to this one. Without it
// (no set-up) this worker fails to start and the page stays as it is, online only.
//
// install:  every file of FILES into a cache named after VERSION (revalidated, never a stale HTTP copy)
// fetch:    GET requests under this folder answered from that cache first (the URL's #fragment
//           ignored, ./ answered as index.html), else from the network
// activate: the caches of older versions of this site deleted; open pages taken over
// message:  "skip-waiting" from the page (the user clicked "reload" on the update banner) lets a
//           new version replace the running one
importScripts("./static/vendor/precache.js");

const base = new URL("./", self.location).href;
const PREFIX = `minesat ${base} `;  // caches are per origin: never touch another site's
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(base + file, { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

/** The cache key of a URL: no fragment; the folder itself is its index.html. */
function keyOf(url) {
  const u = new URL(url);
  u.hash = "";
  if (u.origin + u.pathname === base) u.pathname += "index.html";
  return u.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(base) || request.headers.has("range")) return;
  const key = keyOf(request.url);
  event.respondWith((async () => {
    const hit = await caches.match(key, { cacheName: CACHE })
      || (request.mode === "navigate" && await caches.match(key, { cacheName: CACHE, ignoreSearch: true }));
    return hit || fetch(request);
  })());
});
