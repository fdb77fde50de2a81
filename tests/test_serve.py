"""The development server (tools/serve.py) serves the site and nothing else, and never fails on a path."""

from __future__ import annotations

import http.client
from collections.abc import Iterator

import pytest

import serve


@pytest.fixture(scope="module")
def server() -> Iterator[serve.Server]:
    running = serve.start(0)
    yield running
    running.shutdown()
    running.server_close()


def status(server: serve.Server, path: str, method: str = "GET") -> int:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request(method, path)
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.parametrize("path", ["/index.html", "/py/picosat_wasm.py", "/py/minesat/board.py", "/README.md",
                                  "/tests/browser/pages/pyodide.html"])
def test_the_site_is_served(server, path):
    assert status(server, path) == 200


@pytest.mark.parametrize("path", ["/.git/HEAD", "/.venv/pyvenv.cfg", "/.gitignore", "/py/.hidden", "/%2Egit/HEAD",
                                  "/static/../.git/config", "/node_modules/", "/build/", "/dist/",
                                  "/.github/workflows/pages.yml", "/csrc/minesat_picosat.c"])
def test_the_repository_machinery_is_not(server, path):
    assert status(server, path) == 404
    assert status(server, path, "HEAD") == 404


@pytest.mark.parametrize("path", ["/%00", "/static/%00x", "/a%00/static/vendor/py.zip"])
def test_a_nul_byte_is_a_bad_request_not_a_dropped_connection(server, path):
    assert status(server, path) == 400
    assert status(server, "/index.html") == 200  # and the server goes on
