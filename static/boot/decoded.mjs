// The fetch layer `xzFirst` (boot/fetching.mjs): fetches of the files start.json lists under "xz"
// (Pyodide's wasm and the start's zips) go to FILE.xz, a third smaller, decompressed as it arrives
// (tools/compress.py): Pyodide's wasm is compiled from the decompressed stream as it flows. A
// failure falls back on the plain file. What was decompressed is kept, once the page is usable, in
// a cache of the page's own (`DECODED_CACHE`, keyed by each .xz file's hash in start.json), and
// the next visits take it from there: no decompression on the page's thread, and the wasm compiled
// from a cached response, which lets the browser keep its compiled code (about 0.3 s of a repeat
// visit's start).
import { decompress } from "../vendor/xz.mjs";
import { here, urlOf } from "./paths.mjs";

const DECODED_CACHE = "minesat-decoded " + new URL("../", here).href;

/** `{xzFirst, keep}`: the layer, and `keep()`, which puts what it decompressed on this visit into
 * DECODED_CACHE (older versions' copies deleted) and resolves to how many it kept.
 * `manifest`: start.json (a promise); `loaded(url)`: counts a file taken from the cache. */
export function decoded(manifest, loaded) {
  const copies = [];  // [key, Promise<Blob>, type] made on this visit, for keep
  const packed = manifest.then((m) => new Map((m.xz || []).map((file) =>
    [new URL(file, here).href, m.xzVersions && m.xzVersions[file]])));

  async function xzFirst(input, init, next) {
    const url = urlOf(input);
    const files = await packed;
    if (!files.has(url)) return next(input, init);
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
    const key = files.get(url) && globalThis.caches ? `${url}?v=${files.get(url)}` : null;
    const kept = key && await caches.open(DECODED_CACHE).then((cache) => cache.match(key)).catch(() => null);
    if (kept) {
      loaded(url + ".xz");
      return kept;
    }
    try {
      const response = await next(url + ".xz", init);
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      let body = decompress(response.body);
      if (key) {
        const [page, copy] = body.tee();
        copies.push([key, new Response(copy).blob(), type]);
        body = page;
      }
      return new Response(body, { headers: { "Content-Type": type } });
    } catch (e) {
      console.warn(`minesat: ${url}.xz could not be read (${e && e.message || e}); fetching the plain file`);
      return next(input, init);
    }
  }

  async function keep() {
    if (!copies.length) return 0;
    try {
      const cache = await caches.open(DECODED_CACHE);
      for (const [key, blob, type] of copies) {
        await cache.put(key, new Response(await blob, { headers: { "Content-Type": type } }));
      }
      const { xz = [], xzVersions = {} } = await manifest;  // (the keys of this version's copies)
      const current = new Set(xz.map((file) => `${new URL(file, here).href}?v=${xzVersions[file]}`));
      for (const old of await cache.keys()) if (!current.has(old.url)) await cache.delete(old);
      return copies.length;
    } catch {
      return 0;
    } finally {
      copies.length = 0;
    }
  }
  return { xzFirst, keep };
}
