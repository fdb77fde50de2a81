// Where the start finds its files (every name relative to static/, `here`), and two helpers every
// part of the start uses. Imported by the page's modules and by the engine's worker alike.

/** static/ (this folder's parent): the start's files are named relative to it. */
export const here = new URL("../", import.meta.url);
export const indexURL = new URL("vendor/pyodide/", here).href;
export const FULL_STDLIB = indexURL + "python_stdlib.zip";
export const WASM = indexURL + "pyodide.asm.wasm";
export const LOCK_FILE = indexURL + "pyodide-lock.json";

/** The absolute URL of what `fetch` was given (a string, a URL or a Request). */
export const urlOf = (input) => new URL(input instanceof Request ? input.url : String(input), location.href).href;

/** A mark "minesat:NAME" in the browser's performance timeline (where there is one). */
export const mark = (name) => globalThis.performance && performance.mark && performance.mark("minesat:" + name);
