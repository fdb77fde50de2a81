// The engine's files, beyond the page's (static/vendor/page.zip): all of py/ with its bytecode,
// and picosat compiled to WebAssembly behind pycosat's API, fetched (relative to static/) by the
// engine's worker, or by the page when the worker cannot start (globalThis.minesatLoadEngine,
// static/boot.mjs); the zips read (boot/zips.mjs) too.
import { here } from "./paths.mjs";
import { writeZip, zipFiles } from "./zips.mjs";

const ENGINE_FILES = ["vendor/py.zip", "vendor/engine-pyc.zip", "../py/picosat_wasm.py", "picosat.wasm"];

export async function engineFiles() {
  const bytes = async (url) => {
    const r = await fetch(new URL(url, here));
    if (!r.ok) throw new Error(`could not load ${url} (HTTP ${r.status})`);
    return new Uint8Array(await r.arrayBuffer());
  };
  const [zip, pyc, pycosat, wasm] = await Promise.all(ENGINE_FILES.map(bytes));
  const [zipped, compiled] = await Promise.all([zipFiles(zip), zipFiles(pyc)]);
  return { zip, pyc, pycosat, wasm, zipped, compiled };
}

/** Write the engine's files (`engineFiles`) into Pyodide's working directory. */
export function writeEngine(py, { zip, pyc, pycosat, wasm, zipped, compiled }) {
  writeZip(py, zip, zipped);
  writeZip(py, pyc, compiled);
  py.FS.writeFile("/home/pyodide/pycosat.py", pycosat);
  py.FS.writeFile("/home/pyodide/picosat.wasm", wasm);
}
