// The engine's web worker: Pyodide (from the snapshot when there is one) running py/minesat/messages/protocol.py.
// Messages in: {snapshot} once (the snapshot the page has cached, unpacked or gzipped, or null), {start, files,
// stdlib} once (the runtime files the page fetched, Pyodide's wasm compiled; which standard library
// they hold), then {id, text, stream, lane, data} requests (data: bytes beside the text, an image's
// pixels) and {cancel: id}.
// Messages out: {unpacked} once (a copy of the snapshot, unpacked here for the page, or null if
// it could not be); {ready, snapshot, error} once; then {id, text, ms, queued} answers (JSON from
// Engine.answer; the milliseconds it took, and how long it waited in the queue),
// or for a stream {id, size}, then {id, progress} (characters written) per chunk, then {id, blob}
// (the whole file) or {id, error},
// or {id, dropped: true} for a request superseded in its lane before it started.
import { engineFiles, writeEngine } from "./boot/engine.mjs";
import { wrapFetch } from "./boot/fetching.mjs";
import { fromMemory, serveFromMemory } from "./boot/memory.mjs";
import { prefetch, start } from "./boot/python.mjs";
import { gunzip, isGzip } from "./boot/snapshot.mjs";

wrapFetch([fromMemory]);  // this worker's fetch: the runtime files the page fetched, from memory; else the network
prefetch();  // Pyodide's JavaScript half and package list, asked for now

let engine = null;
let bytesOf = null;
let snapshotGiven;
const snapshot = new Promise((resolve) => { snapshotGiven = resolve; });  // the unpacked snapshot, or null
const queue = [];
const cancelled = new Set();
let busy = false;

/** Unpack the snapshot: a copy for the page (transferred), the original kept for this worker.
 * (Given unpacked already, the page has its own: nothing to send back.) */
function unpack(gz) {
  const packed = gz && isGzip(gz);
  snapshotGiven((packed ? gunzip(gz) : Promise.resolve(gz && new Uint8Array(gz))).catch(() => null).then((raw) => {
    const copy = packed && raw ? raw.slice() : null;
    postMessage({ unpacked: copy }, copy ? [copy.buffer] : []);
    return raw;
  }));
}

async function boot(files, stdlib) {
  try {
    serveFromMemory(files || {});  // the runtime files the page fetched already
    const info = {};
    const raw = await snapshot;  // the page sends it before {start}
    const [py, ours] = await Promise.all([start({}, raw, info, stdlib), engineFiles()]);
    writeEngine(py, ours);
    py.runPython("import os, random; os.chdir('/home/pyodide'); random.seed()\n"
      + "from minesat.messages.protocol import Engine\nengine = Engine()");
    engine = py.globals.get("engine");
    bytesOf = py.runPython("lambda data: data.to_bytes()");  // (a Uint8Array sent beside a request)
    postMessage({ ready: true, snapshot: info.snapshot });
  } catch (e) {
    postMessage({ ready: false, error: String(e && e.message || e) });
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function pump() {
  if (busy || !engine) return;
  busy = true;
  while (queue.length) {
    const first = queue.findIndex((r) => r.lane === "analysis");  // the board's analysis goes first
    const [req] = queue.splice(Math.max(first, 0), 1);
    if (cancelled.delete(req.id)) continue;
    if (!req.stream) {
      const started = performance.now();
      const text = engine.answer(req.text, req.data ? bytesOf(req.data) : null);
      postMessage({ id: req.id, text, ms: performance.now() - started, queued: started - req.arrived });
      await pause();
      continue;
    }
    const items = engine.stream(req.text);  // the file is put together here, off the page's thread
    const parts = [];
    let written = 0;
    try {
      for (const text of items) {
        const item = JSON.parse(text);
        if ("chunk" in item) {
          parts.push(item.chunk);
          written += item.chunk.length;
          postMessage({ id: req.id, progress: written });
        } else if ("end" in item) {
          postMessage({ id: req.id, blob: new Blob(parts, { type: req.mime || "text/plain" }) });
        } else {
          postMessage(item);  // {id, size} or {id, error}
        }
        await pause();  // lets a cancel in
        if (cancelled.delete(req.id)) { postMessage({ id: req.id, error: "cancelled" }); break; }
      }
    } finally {
      items.destroy && items.destroy();
    }
  }
  busy = false;
}

onmessage = (e) => {
  const m = e.data;
  if ("snapshot" in m) { unpack(m.snapshot); return; }
  if (m.start) { boot(m.files, m.stdlib).then(pump); return; }
  if ("cancel" in m) { cancelled.add(m.cancel); return; }
  if (m.lane) {  // a newer request of the same lane supersedes a waiting one; a new board's analysis
    // supersedes every waiting request marked `board` (the analyzer's lanes, about the older board:
    // messages/ops.py's BOARD_LANES), never Play's, a replay's or a screenshot's (a no-guess board
    // asked for while the engine started was dropped by the page's first analysis: issue 35)
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i].lane === m.lane || (m.lane === "analysis" && queue[i].board)) {
        postMessage({ id: queue[i].id, dropped: true }); queue.splice(i, 1);
      }
    }
  }
  m.arrived = performance.now();
  queue.push(m);
  pump();
};
