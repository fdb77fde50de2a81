"""Serve the site (the repository root) on 127.0.0.1, as GitHub Pages would, with the right MIME types.

    python tools/serve.py [--port 8000]

Importable: `start(port=0)` runs the server in a thread and returns it (tests use this).
Before serving, static/vendor/py.zip and page.zip are rebuilt when a source under py/ is newer,
so edits to the engine are picked up on the next request; so is the service worker's precache
list, static/vendor/precache.js, when a file it lists changed (the open page then offers to
reload into the new version).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import make_sw  # noqa: E402
import vendor  # noqa: E402

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".toml": "application/toml",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".txt": "text/plain",
    ".webmanifest": "application/manifest+json",
}


CONNECTION_TIMEOUT = 30.0  # seconds a connection may wait for the client's next bytes (slow clients hold threads)
BUILD_LOCK = threading.Lock()  # one rebuild of py.zip or of the precache list at a time: both write in place

# Never served: the repository's own machinery, the environment and build outputs (not the site).
PRIVATE = {"node_modules", "build", "dist", "test-artifacts", "csrc"}


def refusal(url_path: str) -> tuple[int, str] | None:
    """Why a request path is not served, or None: 404 for what is no part of the site (a dot-file
    or dot-folder such as .git or .venv, or one of PRIVATE, at any depth), 400 for a NUL byte
    anywhere (urlsplit drops leading control characters, so the raw text is checked)."""
    if "\0" in unquote(url_path):
        return 400, "a path with a NUL byte"
    try:
        path = unquote(urlsplit(url_path).path)
    except ValueError:  # 'http://[/x': an unclosed IPv6 bracket in an absolute target
        return 400, "a bad request target"
    if any(part.startswith(".") and part not in (".", "..") or part in PRIVATE for part in path.split("/")):
        return 404, "not part of the site"
    return None


class Handler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, quiet logs and a fresh py.zip; nothing but the site."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}
    timeout = CONNECTION_TIMEOUT  # the socket's: a client silent this long is dropped (its thread ends)

    def parse_request(self) -> bool:
        """The request line read, or a 400 for a method that is no word ('\\x00GET' is no method)."""
        if not super().parse_request():
            return False
        if not (self.command.isascii() and self.command.isalpha()):
            self.send_error(400, "a bad request line")
            return False
        return True

    def send_head(self):  # type: ignore[no-untyped-def]
        """The file's headers (GET and HEAD), or an error for what is not served."""
        refused = refusal(self.path)
        if refused:
            self.send_error(*refused)
            return None
        return super().send_head()

    def do_GET(self) -> None:
        built = {"py.zip": vendor.build_py_zip, "page.zip": vendor.build_page_zip}
        name = self.path.split("?")[0].rsplit("/", 1)[-1]
        zip_name = name.removesuffix(".xz")  # (the page fetches page.zip as page.zip.xz)
        if zip_name in built and self.path.split("?")[0].endswith("/static/vendor/" + name) and not refusal(self.path):
            zip_path = Path(self.translate_path(self.path))
            try:
                if zip_path.resolve().parent == (vendor.VENDOR).resolve():
                    with BUILD_LOCK:  # two requests at once would write the same temporary file
                        built[zip_name](vendor.ROOT)
            except (vendor.VendorError, OSError) as e:
                self.send_error(500, f"cannot build {name}: {e}")
                return
        elif self.path.split("?")[0].endswith("/" + make_sw.PRECACHE) and not refusal(self.path):
            try:
                if Path(self.translate_path(self.path)).resolve() == (make_sw.ROOT / make_sw.PRECACHE).resolve():
                    with BUILD_LOCK:
                        vendor.build_py_zip(vendor.ROOT)
                        vendor.build_page_zip(vendor.ROOT)
                        make_sw.refresh(make_sw.ROOT)
            except (vendor.VendorError, make_sw.SiteError, OSError) as e:
                self.send_error(500, f"cannot build the precache list: {e}")
                return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    verbose = False

    def handle_error(self, request, client_address) -> None:
        """A browser that closes a tab mid-download is no error worth a traceback."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def make_server(port: int = 8000, root: Path = ROOT, verbose: bool = False) -> Server:
    server = Server(("127.0.0.1", port), functools.partial(Handler, directory=str(root)))
    server.verbose = verbose
    return server


def start(port: int = 0, root: Path = ROOT) -> Server:
    """Serve `root` in a daemon thread (port 0: a free port); stop with server.shutdown()."""
    server = make_server(port, root)
    threading.Thread(target=server.serve_forever, name="minesat-serve", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the minesat site on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.port, verbose=args.verbose)
    except OSError as e:
        print(f"serve: cannot listen on 127.0.0.1:{args.port}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"minesat: serving {ROOT} at {server.url}  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
