// The fetch layer `fromMemory` (boot/fetching.mjs): the runtime files fetched once already (by the
// page, for itself and for the engine's worker) answered from memory, once each; Pyodide's wasm
// as its compiled module, which WebAssembly.instantiateStreaming, wrapped here, then instantiates
// instead of compiling it again.
import { urlOf } from "./paths.mjs";

const files = {};  // url -> bytes, or the compiled module of Pyodide's wasm
const modules = new WeakMap();  // a response of compiledResponse -> its module

/** Let the next fetch of each of `more` ({url: bytes or WebAssembly.Module}) be answered from memory. */
export function serveFromMemory(more) {
  Object.assign(files, more);
  if (Object.values(more).some((found) => found instanceof WebAssembly.Module)) wrapInstantiateStreaming();
}

/** The layer: a file in memory answered (and forgotten), anything else passed on. */
export function fromMemory(input, init, next) {
  const url = urlOf(input);
  const found = files[url];
  if (!found) return next(input, init);
  delete files[url];
  if (found instanceof WebAssembly.Module) return Promise.resolve(compiledResponse(found));
  const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
  return Promise.resolve(new Response(found, { headers: { "Content-Type": type } }));
}

/** A stand-in for the wasm file's response that carries its compiled module: Pyodide passes it
 * to WebAssembly.instantiateStreaming, which then instantiates the module instead of compiling. */
function compiledResponse(module) {
  const response = new Response("", { headers: { "Content-Type": "application/wasm" } });
  modules.set(response, module);
  return response;
}

/** WebAssembly.instantiateStreaming, wrapped (once, as soon as a compiled module is in memory) to
 * instantiate the module a response of `compiledResponse` carries; any other source goes to the
 * browser's own. */
function wrapInstantiateStreaming() {
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming.minesat) return;
  const instantiate = async function (source, imports) {
    const response = await source;
    const known = modules.get(response);
    if (!known) return streaming.call(WebAssembly, response, imports);
    return { module: known, instance: await WebAssembly.instantiate(known, imports) };
  };
  instantiate.minesat = true;
  WebAssembly.instantiateStreaming = instantiate;
}
