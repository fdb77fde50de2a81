// Pyodide started, for the page (PyScript's `loadPyodide`, static/boot.mjs) and for the engine's
// worker: from the unpacked memory snapshot when there is one (else, or if it fails, a normal
// start), with the standard library the page fetched (the trimmed one comes with a fallback that
// fetches the full library on the first import it lacks: tools/stdlib_fallback.py) and the page's
// own modules compiled (static/vendor/pyc.zip).
import * as pyodide from "../vendor/pyodide/pyodide.mjs";
import { FULL_STDLIB, LOCK_FILE, indexURL, mark } from "./paths.mjs";
import { writeZip, zipFiles } from "./zips.mjs";

let early = null;
/** What loadPyodide would fetch and compile only once called (its JavaScript half, 1.3 MB, and its
 * package list), asked for now (once), in parallel with everything else; a failure leaves it to
 * Pyodide. Called as soon as fetch is wrapped (boot/fetching.mjs); `start` calls it otherwise. */
export function prefetch() {
  early ??= {
    asmModule: import("../vendor/pyodide/pyodide.asm.mjs").then((m) => m.default).catch(() => null),
    lockFile: fetch(LOCK_FILE).then((r) => (r.ok ? r.json() : null)).catch(() => null),
  };
  return early;
}

/** Pyodide, from the unpacked snapshot `raw` when there is one and `stdlib` (runtime.mjs's) is
 * the trimmed library it was made with; `info.snapshot` says which start it was. */
export async function start(options, raw, info, stdlib = { trimmed: false }) {
  const pageFiles = stdlib.pyc ? zipFiles(stdlib.pyc) : null;  // (read while Python starts)
  const { asmModule, lockFile } = prefetch();
  const [createPyodideModule, lockFileContents] = await Promise.all([asmModule, lockFile]);
  const opts = { ...options, indexURL, ...(createPyodideModule ? { createPyodideModule } : {}),
    ...(lockFileContents ? { lockFileContents, packageBaseUrl: indexURL } : {}),
    ...(stdlib.stdLibURL ? { stdLibURL: stdlib.stdLibURL } : {}) };
  let py = null;
  if (raw && stdlib.trimmed) {  // (the snapshot was made with the trimmed library)
    try {
      mark("snapshot-unpacked");
      py = await pyodide.loadPyodide({ ...opts, _loadSnapshot: raw });
      info.snapshot = true;
      structuredClone(raw.buffer, { transfer: [raw.buffer] });  // frees the 31 MB the config keeps
    } catch (e) {
      console.warn("minesat: the Pyodide snapshot did not restore; starting normally.", e);
    }
  }
  if (!py) {
    info.snapshot = false;
    py = await pyodide.loadPyodide(opts);
  }
  if (stdlib.trimmed) py.pyimport("_minesat_fallback").install(writeFullLibrary(py));
  // The page's modules compiled (hash-checked .pyc in __pycache__/, used while their source matches)
  if (stdlib.pyc) writeZip(py, stdlib.pyc, await pageFiles);
  return py;
}

/** The fallback's loader: Pyodide's full standard library, fetched synchronously (an import cannot
 * wait) and written into Pyodide's file system at `path`. */
function writeFullLibrary(py) {
  return (path) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", FULL_STDLIB, false);
    xhr.overrideMimeType("text/plain; charset=x-user-defined");  // bytes, as the low 8 bits of each char
    xhr.send();
    if (xhr.status !== 200) throw new Error(`could not load ${FULL_STDLIB} (HTTP ${xhr.status})`);
    const text = xhr.responseText, bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    py.FS.writeFile(path, bytes);
  };
}
