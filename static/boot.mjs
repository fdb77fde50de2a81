// minesat's Pyodide, for PyScript (`interpreter` in pyscript.toml): the page's start, in order.
//
// PyScript loads Pyodide through this module (`loadPyodide`), which adds what PyScript cannot pass
// itself, each part a module of static/boot/:
// - fetching.mjs: globalThis.fetch wrapped once, its layers listed below, outermost first:
//     memory.mjs (fromMemory)  the runtime files fetched already, from memory (Pyodide's wasm compiled)
//     decoded.mjs (xzFirst)    the start's biggest files as FILE.xz, or decompressed from the page's cache
//     progress.mjs (counted)   the bytes counted into the page's #loading box; a failed download said
// - runtime.mjs: Pyodide's wasm compiled while it downloads, and the standard library of bytecode
//   (static/vendor/stdlib.zip) with the page's modules compiled (pyc.zip), fetched once here for
//   the page and for the engine's worker;
// - snapshot.mjs: the memory snapshot, restored when this browser has it (fetched once the page is
//   usable, for the next visit);
// - python.mjs: Pyodide started (from the snapshot, or normally); zips.mjs reads the zips;
// - worker.mjs: the engine's worker (static/engine-worker.mjs), started here (at once when there is a
//   snapshot; otherwise once the page is usable); engine.mjs: the engine's own files;
// - paths.mjs: where the files are (relative to static/); ready.mjs: whether the page is usable.
// The engine's worker (static/engine-worker.mjs) imports the parts it shares: fetching, memory,
// python, engine, snapshot (gunzip).
//
// The globals it defines (the page's Python, the tests and the bench read them):
//   minesatEngine          the engine's worker {worker, state, snapshot, error, ready} (worker.mjs)
//   minesatRestartEngine() a fresh worker (after a cancel), the old one ended
//   minesatLoadEngine()    the engine on the page's own thread, when its worker cannot start
//   minesatSnapshotCached  a promise: whether this browser had the snapshot
//   minesatSnapshot        whether Pyodide started from it        } set once loadPyodide
//   minesatPyodide         the page's Pyodide (a test hook)        } has started Python
//   minesatDecodedKept     how many decompressed files were kept, once the page is usable
//   minesatSnapshotKept    whether the snapshot was kept for the next visit (after a start without it)
import { version as pyodideVersion } from "./vendor/pyodide/pyodide.mjs";
import { decoded } from "./boot/decoded.mjs";
import { engineFiles, writeEngine } from "./boot/engine.mjs";
import { wrapFetch } from "./boot/fetching.mjs";
import { fromMemory, serveFromMemory } from "./boot/memory.mjs";
import { here, mark } from "./boot/paths.mjs";
import { progress } from "./boot/progress.mjs";
import { prefetch, start } from "./boot/python.mjs";
import { usable } from "./boot/ready.mjs";
import { fetchRuntime } from "./boot/runtime.mjs";
import { cachedSnapshot, keepSnapshot, unpackedSnapshot } from "./boot/snapshot.mjs";
import { startWorker } from "./boot/worker.mjs";

export const version = pyodideVersion;

// Only a page starts anything (this module may be imported elsewhere, e.g. by a test under Node).
const inPage = typeof document !== "undefined";
const page = inPage ? begin() : null;

/** Everything the page starts as soon as this module runs, long before PyScript calls loadPyodide. */
function begin() {
  // What the set-up made: {stdlib, stdlibVersion, pyc, sizes, xz, xzVersions} (tools/make_stdlib.mjs,
  // tools/compress.py) and snapshot: {version, stdlib} (tools/make_snapshot.mjs); {} when it is missing.
  const manifest = fetch(new URL("vendor/start.json", here)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  const { counted, loaded } = progress(manifest);
  const { xzFirst, keep } = decoded(manifest, loaded);
  wrapFetch([fromMemory, xzFirst, counted]);
  const snapshotGz = cachedSnapshot(manifest);
  globalThis.minesatSnapshotCached = snapshotGz.then((gz) => !!gz);
  const runtime = fetchRuntime(manifest);
  prefetch();
  globalThis.minesatLoadEngine = async () => writeEngine(globalThis.minesatPyodide, await engineFiles());
  let fromWorker;  // the snapshot the worker unpacked for the page (unpackedSnapshot)
  const unpacked = new Promise((resolve) => { fromWorker = resolve; });
  globalThis.minesatRestartEngine = () => {
    if (globalThis.minesatEngine && globalThis.minesatEngine.worker) globalThis.minesatEngine.worker.terminate();
    globalThis.minesatEngine = startWorker(cachedSnapshot(manifest), runtime, fromWorker);  // (the page's copy may be gone)
    return globalThis.minesatEngine;
  };
  if (!globalThis.minesatEngine) globalThis.minesatEngine = startWorker(snapshotGz, runtime, fromWorker);
  return { manifest, snapshotGz, runtime, unpacked, keep };
}

export async function loadPyodide(options = {}) {
  mark("load-called");
  const { files, stdlib } = await page.runtime;
  serveFromMemory({ ...files });  // (a copy: a restarted worker needs them)
  const info = {};
  const gz = await page.snapshotGz;
  const py = await start(options, gz && await unpackedSnapshot(gz, page.unpacked), info, stdlib);
  mark("pyodide-ready");
  globalThis.minesatSnapshot = info.snapshot;
  globalThis.minesatPyodide = py;  // a test hook
  const kept = afterStart().then(page.keep).then((n) => { globalThis.minesatDecodedKept = n; });
  if (!info.snapshot) kept.then(() => keepSnapshot(page.manifest)).then((ok) => { globalThis.minesatSnapshotKept = ok; });
  return py;
}

/** Once the page is usable and its engine's worker has started (or failed to). */
async function afterStart() {
  await usable();
  await globalThis.minesatEngine.ready;
}
