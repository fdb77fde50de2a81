// Whether the page is usable: <body data-ready>, set by minesat_web/main.py. (static/boot.mjs runs
// `async`: it may start before the page is parsed, when <body> is not there yet.)

export const isReady = () => !!(document.body && document.body.hasAttribute("data-ready"));

/** Resolves once the page is usable. */
export function usable() {
  return new Promise((resolve) => {
    if (isReady()) return resolve();
    const watch = () => new MutationObserver((_, watcher) => {
      if (document.body.hasAttribute("data-ready")) { watcher.disconnect(); resolve(); }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    if (document.body) watch(); else addEventListener("DOMContentLoaded", watch);
  });
}
