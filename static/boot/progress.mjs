// The fetch layer `counted` (boot/fetching.mjs): the bytes of the runtime's files (static/vendor/
// start.json's `sizes`) counted as they arrive, in the page's #load-progress and #load-bytes; a
// download that fails says so in the page (globalThis.minesatFail, index.html's).
import { here, urlOf } from "./paths.mjs";
import { isReady } from "./ready.mjs";

const mb = (n) => (n / 1e6).toFixed(1);

/** `{counted, loaded}`: the layer, and `loaded(url)`, which counts a file taken from the page's own
 * cache instead of the network. `manifest`: start.json (a promise). */
export function progress(manifest) {
  const seen = new Set();
  const sizes = {};
  let total = 0, received = 0, drawn = 0;
  manifest.then((m) => {
    for (const [file, size] of Object.entries(m.sizes || {})) sizes[new URL(file, here).href] = size;
    total = Object.values(sizes).reduce((a, b) => a + b, 0);
    draw();
  });
  function draw() {
    const bar = document.getElementById("load-progress"), text = document.getElementById("load-bytes");
    if (!bar || !text || !total || isReady()) return;
    const done = Math.min(received, total);
    bar.max = total;
    bar.value = done;
    text.textContent = done >= total ? `${mb(total)} MB loaded; starting Python…`
      : `${mb(done)} of ${mb(total)} MB loaded`;
  }
  function tick(n) {
    received += n;
    if (received - drawn > 50_000 || received >= total) { drawn = received; draw(); }
  }
  const loaded = (url) => {
    const key = new URL(url, location.href).href;
    manifest.then(() => { if (key in sizes && !seen.has(key)) { seen.add(key); tick(sizes[key]); } });
  };
  function counted(input, init, next) {
    const url = urlOf(input);
    const answer = next(input, init);
    if (seen.has(url.split("?")[0]) || !(url.split("?")[0] in sizes || url.startsWith(here.href))) return answer;
    return answer.then(async (response) => {
      await manifest;  // (the sizes)
      const key = url.split("?")[0];
      if (!(key in sizes) || seen.has(key) || !response.ok || !response.body) return response;
      seen.add(key);
      const counter = new TransformStream({ transform(chunk, out) { tick(chunk.byteLength); out.enqueue(chunk); } });
      return new Response(response.body.pipeThrough(counter),
        { status: response.status, statusText: response.statusText, headers: response.headers });
    }, (error) => {
      // (the page starts without these, and an .xz file's failure falls back on the plain one)
      const spare = /((stdlib|pyc)\.zip|\.xz)$/.test(url.split("?")[0]);
      if (!spare && !isReady() && globalThis.minesatFail) {
        globalThis.minesatFail(navigator.onLine === false
          ? "you are offline, and this page was not saved for offline use yet (it is after one visit)"
          : `${url.replace(location.origin, "")} could not be downloaded (${error && error.message || error})`);
      }
      throw error;
    });
  }
  return { counted, loaded };
}
