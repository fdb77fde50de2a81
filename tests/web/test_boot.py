"""static/boot/ under Node: the composed fetch (fetching.mjs) and two of its layers, the runtime files
served from memory once (memory.mjs, with Pyodide's compiled wasm) and the start files fetched
xz-compressed (decoded.mjs), against the set-up's files on disk."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOOT = ROOT / "static" / "boot"


def run_node(body: str) -> dict:
    """Run `body` (an ES module's code, with fetching, memory and decoded imported, and `location` set)
    under Node; what it prints, as JSON."""
    script = f"""
import fs from "node:fs";
import {{ createHash }} from "node:crypto";
import {{ fileURLToPath }} from "node:url";
globalThis.location = new URL("http://site.test/index.html");
const {{ wrapFetch }} = await import({json.dumps((BOOT / "fetching.mjs").as_uri())});
const {{ fromMemory, serveFromMemory }} = await import({json.dumps((BOOT / "memory.mjs").as_uri())});
const {{ decoded }} = await import({json.dumps((BOOT / "decoded.mjs").as_uri())});
const {{ here }} = await import({json.dumps((BOOT / "paths.mjs").as_uri())});
const sha = (bytes) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");
{body}
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_layers_see_a_fetch_outermost_first_and_a_throw_becomes_a_rejection():
    out = run_node("""
const seen = [];
globalThis.fetch = async (input) => { seen.push("network " + input); return new Response("net:" + input); };
const layer = (name) => (input, init, next) => {
  seen.push(name + " " + input);
  return next(input + "+" + name, init);
};
wrapFetch([layer("a"), layer("b")]);
const text = await (await fetch("x")).text();
wrapFetch([() => { throw new Error("bad input"); }]);
let answer;
try { answer = fetch("y"); } catch { answer = null; }
const rejected = answer instanceof Promise && await answer.then(() => "resolved", (e) => e.message);
console.log(JSON.stringify({ seen, text, rejected }));
""")
    assert out["seen"] == ["a x", "b x+a", "network x+a+b"] and out["text"] == "net:x+a+b"
    assert out["rejected"] == "bad input"  # a promise that rejects, as the browser's fetch: never an exception


def test_files_in_memory_are_answered_once_and_the_wasm_is_instantiated_from_its_compiled_module():
    out = run_node("""
globalThis.fetch = async (input) => new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]),
  { headers: { "Content-Type": "application/wasm" } });
wrapFetch([fromMemory]);
const compiled = new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
serveFromMemory({ "http://site.test/a.zip": new Uint8Array([1, 2, 3]), "http://site.test/p.wasm": compiled });
const first = await fetch("a.zip");  // (relative to the page, as Pyodide's own fetches may be)
const firstBytes = Array.from(new Uint8Array(await first.arrayBuffer()));
const again = (await (await fetch("http://site.test/a.zip")).arrayBuffer()).byteLength;
const fromMemoryWasm = await WebAssembly.instantiateStreaming(fetch("http://site.test/p.wasm"), {});
const fromNetworkWasm = await WebAssembly.instantiateStreaming(fetch("http://site.test/p.wasm"), {});
console.log(JSON.stringify({ firstBytes, type: first.headers.get("Content-Type"), again,
  same: fromMemoryWasm.module === compiled, other: fromNetworkWasm.module !== compiled,
  instance: fromMemoryWasm.instance instanceof WebAssembly.Instance }));
""")
    assert out["firstBytes"] == [1, 2, 3] and out["type"] == "application/zip"
    assert out["again"] == 8  # the second fetch went to the network
    assert out["same"] and out["instance"] and out["other"]


def test_start_files_come_xz_compressed_and_fall_back_on_the_plain_file():
    """page.zip is fetched as page.zip.xz and decompressed to the set-up's page.zip; py.zip, listed
    too but with no .xz beside it, falls back on itself; start.json, not listed, is fetched as it is."""
    vendor = ROOT / "static" / "vendor"
    out = run_node("""
const asked = [];
globalThis.fetch = async (input) => {
  const path = fileURLToPath(String(input));
  asked.push(path.split("/").pop());
  return fs.existsSync(path) ? new Response(fs.readFileSync(path)) : new Response("", { status: 404 });
};
const loaded = [];
const manifest = Promise.resolve({ xz: ["vendor/page.zip", "vendor/py.zip"] });
const { xzFirst } = decoded(manifest, (url) => loaded.push(url));
wrapFetch([xzFirst]);
const out = {};
for (const name of ["vendor/page.zip", "vendor/py.zip", "vendor/start.json"]) {
  const response = await fetch(new URL(name, here));
  out[name] = [sha(await response.arrayBuffer()), response.headers.get("Content-Type")];
}
console.log(JSON.stringify({ out, asked, loaded }));
""")
    digest = {name: hashlib.sha256((vendor / name).read_bytes()).hexdigest() for name in ("page.zip", "py.zip")}
    assert out["out"]["vendor/page.zip"] == [digest["page.zip"], "application/zip"]
    assert out["out"]["vendor/py.zip"][0] == digest["py.zip"]
    assert out["out"]["vendor/start.json"][0] == hashlib.sha256((vendor / "start.json").read_bytes()).hexdigest()
    assert out["asked"] == ["page.zip.xz", "py.zip.xz", "py.zip", "start.json"] and out["loaded"] == []
