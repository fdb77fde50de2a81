"""The development server (tools/serve.py) serves the site and nothing else, and never fails on a path."""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

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


def raw_status_line(server: serve.Server, request: bytes) -> bytes:
    """The first line the server answers to raw request bytes."""
    with socket.create_connection(server.server_address[:2], timeout=10) as connection:
        connection.sendall(request)
        return connection.makefile("rb").readline()


@pytest.mark.parametrize("request_line", [b"\x00GET /index.html HTTP/1.1", b"GET \x00/index.html HTTP/1.1",
                                          b"GET \x00/static/vendor/py.zip HTTP/1.1", b"\x00 / HTTP/1.1"])
def test_a_request_line_with_a_leading_nul_byte_gets_a_400(server, request_line, capsys):
    assert raw_status_line(server, request_line + b"\r\n\r\n").split()[1] == b"400"
    assert "Traceback" not in capsys.readouterr().err
    assert status(server, "/index.html") == 200


ZIP, PRECACHE = "/static/vendor/py.zip", "/" + serve.make_sw.PRECACHE


@pytest.mark.slow
@pytest.mark.parametrize("paths", [(ZIP, ZIP), (PRECACHE, PRECACHE), (ZIP, PRECACHE)])
def test_simultaneous_requests_rebuild_one_at_a_time(server, paths, monkeypatch):
    """Two requests at once after an edit: each rebuild runs alone (they write the same files), both get 200."""
    inside, most = [0], [0]

    def slow_build(*args, **kwargs):
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        time.sleep(0.2)
        inside[0] -= 1

    monkeypatch.setattr(serve.vendor, "build_py_zip", slow_build)
    monkeypatch.setattr(serve.make_sw, "refresh", slow_build)
    with ThreadPoolExecutor(2) as pool:
        statuses = list(pool.map(lambda path: status(server, path), paths))
    assert statuses == [200, 200]
    assert most[0] == 1


@pytest.mark.slow
@pytest.mark.parametrize("path", ["/static/vendor/page.zip", "/static/vendor/page.zip.xz"])
def test_the_page_zip_is_rebuilt_when_asked_for_as_the_page_asks(server, path, monkeypatch):
    """The page fetches page.zip as page.zip.xz (static/boot.mjs): either request rebuilds it from
    the sources (a development server serves edited modules)."""
    asked = []
    monkeypatch.setattr(serve.vendor, "build_page_zip", lambda root: asked.append(root))
    assert status(server, path) == 200
    assert asked == [serve.vendor.ROOT]


@pytest.mark.parametrize("request_line", [b"GET http://[/x HTTP/1.1", b"GET http://[::1/index.html HTTP/1.1",
                                          b"HEAD http://[x]y/ HTTP/1.1"])
def test_a_request_target_urlsplit_refuses_gets_a_400(server, request_line, capsys):
    """An unclosed IPv6 bracket makes urlsplit raise ValueError: a 400 and no traceback (issue 36)."""
    assert raw_status_line(server, request_line + b"\r\n\r\n").split()[1] == b"400"
    assert "Traceback" not in capsys.readouterr().err
    assert status(server, "/index.html") == 200


@pytest.mark.slow
def test_a_silent_connection_is_dropped_after_the_timeout(server, monkeypatch):
    """A client that connects and sends nothing (or half a request) does not hold its thread for ever."""
    monkeypatch.setattr(serve.Handler, "timeout", 0.5)
    for sent in (b"", b"GET /index.html HTTP/1.1\r\n"):
        with socket.create_connection(server.server_address[:2], timeout=30) as connection:
            connection.sendall(sent)
            start = time.monotonic()
            assert connection.recv(1024) == b""  # closed by the server, well before our own 30 s
            assert time.monotonic() - start < 20
    assert serve.CONNECTION_TIMEOUT <= 60 and status(server, "/index.html") == 200
