// The runtime's files, fetched once by the page, for itself and for the engine's worker:
// Pyodide's WebAssembly, compiled while it downloads (long before PyScript asks for Pyodide); a
// compiled module crosses to a worker without being compiled again, and the functions one side
// compiles (lazily, as they first run) serve the other too. And the standard library: the trimmed
// one when the set-up made it (static/vendor/stdlib.zip, tools/make_stdlib.mjs: only the modules
// the page imports, as bytecode), else Pyodide's; with the page's own modules compiled (pyc.zip).
import { FULL_STDLIB, WASM, here, mark } from "./paths.mjs";

const bytesOf = (url) => fetch(url).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);

/** The standard library's {stdLibURL, bytes, trimmed, pyc}: `trimmed` false when a snapshot made
 * with the trimmed one cannot be restored. */
async function standardLibrary(manifest) {
  const { stdlib, pyc } = await manifest;
  const [trimmed, compiledPage] = await Promise.all([stdlib && bytesOf(new URL(stdlib, here)),
    pyc && bytesOf(new URL(pyc, here))]);
  const page = compiledPage ? { pyc: compiledPage } : {};
  if (trimmed) return { stdLibURL: new URL(stdlib, here).href, bytes: trimmed, trimmed: true, ...page };
  return { stdLibURL: FULL_STDLIB, bytes: await bytesOf(FULL_STDLIB), trimmed: false, ...page };
}

/** Fetch (and compile) the runtime now; resolves to {files, stdlib}: `files` for serveFromMemory
 * ({url: bytes, or the compiled module for the wasm}), `stdlib` for start (boot/python.mjs).
 * `manifest`: start.json (a promise). */
export function fetchRuntime(manifest) {
  const compiled = WebAssembly.compileStreaming(fetch(WASM)).catch(() => null);
  compiled.then(() => mark("wasm-compiled"));
  const library = standardLibrary(manifest);
  return Promise.all([compiled, library]).then(([module, lib]) => ({
    files: { ...(module ? { [WASM]: module } : {}), ...(lib.bytes ? { [lib.stdLibURL]: lib.bytes } : {}) },
    stdlib: { stdLibURL: lib.stdLibURL, trimmed: lib.trimmed, pyc: lib.pyc } }));
}
