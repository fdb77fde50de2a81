// The memory snapshot of Pyodide with the engine imported (tools/make_snapshot.mjs), restored
// instead of starting Python from scratch, but only when this browser has it already: a first
// visit starts Python normally and fetches the snapshot once the page is usable, into a cache of
// the page's own (never on the way to a usable page), for the next visit.
// It is unpacked once, off the page's thread, by the engine's worker (which keeps a copy and hands
// one back) while PyScript loads: 31 MB inflated on the page's thread would hold PyScript up by
// ~0.3 s. If the worker cannot do it, the page unpacks its own copy.
import { here } from "./paths.mjs";

const SNAPSHOT_CACHE = "minesat-snapshot " + new URL("../", here).href;
const snapshotKey = (v) => new URL("vendor/snapshot.gz?v=" + encodeURIComponent(v), here).href;

export const isGzip = (bytes) => new Uint8Array(bytes, 0, 2).join() === "31,139";

export async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The snapshot from the page's own cache (never the network: see keepSnapshot), unpacked (or
 * gzipped: the worker then unpacks it); null when there is none that this start can restore.
 * `manifest`: start.json (a promise): {stdlib, stdlibVersion, ...} and snapshot: {version, stdlib}. */
export async function cachedSnapshot(manifest) {
  const start = await manifest;
  const { version: v, stdlib } = start.snapshot || {};
  if (!v || !globalThis.caches || !start.stdlib || stdlib !== start.stdlibVersion) return null;
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey(v));
    return hit ? await hit.arrayBuffer() : null;
  } catch {
    return null;
  }
}

/** After a start without the snapshot, once the page and its worker are up: the snapshot fetched
 * at low priority into the page's cache for the next visit (older versions deleted). */
export async function keepSnapshot(manifest) {
  const { version: v } = (await manifest).snapshot || {};
  if (!v || !globalThis.caches) return false;
  try {
    const response = await fetch(new URL("vendor/snapshot.gz", here), { priority: "low", cache: "no-cache" });
    if (!response.ok) return false;
    const cache = await caches.open(SNAPSHOT_CACHE);
    // kept unpacked (31 MB): inflating it at every start would hold the start up by ~0.5 s
    const bytes = new Uint8Array(await response.arrayBuffer());  // (a server may have unpacked it)
    const raw = isGzip(bytes.buffer) ? await gunzip(bytes) : bytes;
    await cache.put(snapshotKey(v), new Response(raw, { headers: { "Content-Type": "application/octet-stream" } }));
    for (const old of await cache.keys()) if (old.url !== snapshotKey(v)) await cache.delete(old);
    return true;
  } catch {
    return false;
  }
}

/** The snapshot unpacked: `kept` (cachedSnapshot's) as it is when cached unpacked, else the copy
 * the worker unpacked (`fromWorker` resolves to it, or to anything else when the worker could
 * not), else unpacked here. */
export async function unpackedSnapshot(kept, fromWorker) {
  if (kept && !isGzip(kept)) return new Uint8Array(kept);  // cached unpacked: nothing to do
  const raw = await fromWorker;
  if (raw instanceof Uint8Array) return raw;
  return kept ? gunzip(kept) : null;
}
