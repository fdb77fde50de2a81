// globalThis.fetch, wrapped once, in layers. A layer is a function (input, init, next) that answers
// a fetch itself or passes it on, changed or not, to `next` (the layers below it, down to the
// browser's own fetch). Whoever starts Python lists its layers, from the outside in, in one call:
//   the page (static/boot.mjs):              fromMemory, xzFirst, counted  (then the network)
//   the worker (static/engine-worker.mjs):   fromMemory                    (then the network)
// - fromMemory (boot/memory.mjs): the runtime files already fetched, answered from memory once each
//   (Pyodide's wasm as its compiled module, with WebAssembly.instantiateStreaming wrapped to take it);
// - xzFirst (boot/decoded.mjs): the start's biggest files fetched as FILE.xz and decompressed, or
//   taken already decompressed from the page's own cache;
// - counted (boot/progress.mjs): the bytes of the runtime's files counted into the page's progress
//   bar, and a failed download said in the page.

/** Replace globalThis.fetch by `layers` (outermost first) over the fetch there is now. */
export function wrapFetch(layers) {
  const network = globalThis.fetch;
  const through = (i, self) => (input, init) => (i === layers.length
    ? network.call(self, input, init)
    : layers[i](input, init, through(i + 1, self)));
  globalThis.fetch = function (input, init) {
    try {
      return through(0, this)(input, init);
    } catch (e) {  // (as the browser's fetch: a rejected promise, never an exception)
      return Promise.reject(e);
    }
  };
}
