// The page's and the engine's zips (stored or deflated entries; deflated ones decompressed
// natively), read here and written into Pyodide's file system: Pyodide's unpackArchive (Python's
// zipfile) takes 0.05-0.1 s for each of them, and is left only the zips this cannot read.

/** The files of a zip, [[name, bytes]]; null for a zip it cannot read. */
export async function zipFiles(bytes) {
  const data = new Uint8Array(bytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = data.length - 22;  // the end of central directory record (no comment)
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) return null;
  const entries = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < view.getUint16(end + 10, true); i++) {
    const method = view.getUint16(at + 10, true);
    if (view.getUint32(at, true) !== 0x02014b50 || (method !== 0 && method !== 8)) return null;
    if (method === 8 && typeof DecompressionStream === "undefined") return null;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    if (name.split("/").includes("..") || name.startsWith("/")) return null;
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push([name, method, data.subarray(start, start + view.getUint32(at + 20, true))]);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  const inflate = async (packed) => new Uint8Array(await new Response(
    new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
  return Promise.all(entries.map(async ([name, method, content]) =>
    [name, method === 8 ? await inflate(content) : content]));
}

/** Write a zip's `files` (`zipFiles`) under Pyodide's working directory; without them, the zip's
 * `bytes` through unpackArchive. */
export function writeZip(py, bytes, files, dir = "/home/pyodide") {
  if (!files) return py.unpackArchive(bytes, "zip", { extractDir: dir });
  for (const [name, content] of files) {
    const path = `${dir}/${name}`;
    py.FS.mkdirTree(name.endsWith("/") ? path : path.slice(0, path.lastIndexOf("/")));
    if (!name.endsWith("/")) py.FS.writeFile(path, content);
  }
}
