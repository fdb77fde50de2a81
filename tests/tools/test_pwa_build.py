"""The offline app's build, without a browser: the manifest, the icons (tools/make_icons.py) and the
service worker's precache list and version (tools/make_sw.py). The browser test is tests/browser/test_pwa.py."""

from __future__ import annotations

import http.client
import json
import lzma
import os
import re
import struct
import tomllib
import zlib
from pathlib import Path

import pytest

import make_icons
import make_sw
import serve

ROOT = Path(__file__).resolve().parents[2]


def test_the_manifest_makes_an_installable_app_from_any_subfolder():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] == "minesat"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"  # relative: a GitHub Pages subfolder
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {icon["sizes"] for icon in manifest["icons"] if "any" in icon["purpose"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")) and (ROOT / icon["src"]).is_file(), icon["src"]
    html = (ROOT / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html


def test_the_svg_icon_is_the_one_the_script_draws():
    assert (ROOT / "static" / "icons" / "icon.svg").read_text() == make_icons.svg(make_icons.design())


def pixels_of(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGBA rows of a PNG written by make_icons (8-bit RGBA, filter 0)."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height, depth, kind = struct.unpack(">IIBB", png[16:26])
    assert (depth, kind) == (8, 6)
    data, at = b"", 8
    while at < len(png):
        size, name = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + size]
        assert struct.unpack(">I", png[at + 8 + size:at + 12 + size])[0] == zlib.crc32(name + body)
        data += body if name == b"IDAT" else b""
        at += 12 + size
    raw = zlib.decompress(data)
    stride = 1 + 4 * width
    return width, height, [raw[i * stride + 1:(i + 1) * stride] for i in range(height)]


@pytest.mark.parametrize("maskable", [False, True])
def test_the_png_icons_show_the_design(maskable):
    width, height, rows = pixels_of(make_icons.png(make_icons.rasterize(make_icons.design(maskable), 48)))
    assert (width, height) == (48, 48)
    def rgba(x: int, y: int) -> tuple[int, ...]:
        return tuple(rows[y][4 * x:4 * x + 4])
    ink, blue = (*make_icons.rgb(make_icons.INK), 255), (*make_icons.rgb(make_icons.BLUE), 255)
    assert rgba(24, 26) == ink  # the mine, at the centre
    assert rgba(24, 2) == blue  # the border
    assert rgba(0, 0) == (blue if maskable else (0, 0, 0, 0))  # a maskable icon fills its square
    corner = [rgba(x, y)[3] for x in range(6) for y in range(6)]
    assert maskable or any(0 < alpha < 255 for alpha in corner)  # the rounded corner is smoothed


def test_the_set_up_made_the_png_icons_at_their_sizes():
    for name, size in [("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512)]:
        png = (ROOT / "static" / "icons" / name).read_bytes()
        assert struct.unpack(">II", png[16:24]) == (size, size), name


def test_the_precache_holds_every_file_the_page_and_its_worker_load():
    files = set(make_sw.site_files(ROOT))
    html = (ROOT / "index.html").read_text()
    named = {ref.removeprefix("./") for ref in re.findall(r'(?:src|href|config)="([^"#]+)"', html)}
    named |= {source.removeprefix("./") for source in tomllib.loads((ROOT / "pyscript.toml").read_text())["files"]}
    static = ROOT / "static"
    sources = [static / "boot.mjs", static / "engine-worker.mjs", *sorted((static / "boot").glob("*.mjs"))]
    code = "".join(f.read_text() for f in sources)
    found = re.findall(r'new URL\("([^"]+)", here\)', code) + re.findall(r'fileBytes\("([^"]+)"\)', code)
    found += [f"vendor/pyodide/{n}" for n in make_sw_runtime_names(code)]
    # (imports are relative to the importing module)
    found += [os.path.relpath(f.parent / name, static) for f in sources
              for name in re.findall(r'from "([^"]+)"', f.read_text())]
    found += re.findall(r'"([^"]+)"', re.search(r"ENGINE_FILES = \[([^\]]+)\]", code).group(1))  # the worker's
    named |= {(static / name).resolve().relative_to(ROOT).as_posix() for name in found if not name.endswith("/")}
    # the files the page fetches xz-compressed (tools/compress.py, start.json's "xz") are precached so
    packed = {f"static/{f}" for f in json.loads((static / "vendor" / "start.json").read_text())["xz"]}
    assert packed and packed & named
    named = {f"{name}.xz" if name in packed else name for name in named}
    assert {"static/vendor/snapshot.gz", "static/vendor/py.zip", "static/vendor/pyodide/pyodide.asm.wasm.xz",
            "static/picosat.wasm", "py/picosat_wasm.py", "static/engine-worker.mjs",
            "static/vendor/start.json", "static/boot/fetching.mjs", "static/vendor/xz.mjs"} <= named
    # the snapshot is cached by the page itself, after its start (static/boot.mjs): not precached
    assert named - files == {"static/vendor/snapshot.gz"}, named - files
    assert {"static/vendor/stdlib.zip.xz", "static/vendor/pyc.zip.xz", "static/vendor/start.json"} <= files
    assert not packed & files  # (not twice)
    assert not {"sw.js", make_sw.PRECACHE} & files and not any("/." in f or f.startswith(".") for f in files)
    assert f'importScripts("./{make_sw.PRECACHE}");' in (ROOT / "sw.js").read_text()
    assert {f"static/vendor/pyodide/{n}" for n in ("pyodide.mjs", "pyodide.asm.mjs", "python_stdlib.zip",
                                                   "pyodide-lock.json")} <= files


def make_sw_runtime_names(code: str) -> list[str]:
    """The runtime files the start (static/boot/paths.mjs) fetches by name (its `indexURL + "name"` constants)."""
    listed = re.findall(r'= indexURL \+ "([^"]+)"', code)
    assert len(listed) >= 2, "static/boot/ names the runtime files it fetches as indexURL + \"name\""
    return listed


def small_site(root: Path) -> Path:
    """The smallest tree make_sw accepts: each fixed file and one file in each folder."""
    for name in (make_sw.WORKER, *make_sw.SITE_FILES, *(f"{d}/a.txt" for d in make_sw.SITE_FOLDERS),
                 "static/vendor/.installed"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name)
    return root


def test_the_version_is_a_hash_of_the_files(tmp_path):
    site = small_site(tmp_path)
    out, first, files = make_sw.write(site)
    assert out == site / make_sw.PRECACHE and "static/vendor/.installed" not in files
    assert "static/vendor/a.txt" in files and make_sw.PRECACHE not in make_sw.site_files(site)
    assert make_sw.write(site)[1] == first  # the same build, the same version
    (site / "static" / "vendor" / "a.txt").write_text("changed")
    second = make_sw.write(site)[1]
    assert second != first
    (site / "sw.js").write_text("// a new service worker")
    assert make_sw.write(site)[1] not in (first, second)
    text = out.read_text()
    assert f'const VERSION = "{make_sw.write(site)[1]}";' in text and '"static/vendor/a.txt"' in text


def test_the_service_worker_is_made_again_only_when_a_file_changed(tmp_path):
    site = small_site(tmp_path)
    out = site / make_sw.PRECACHE
    assert not make_sw.refresh(site) and not out.exists()  # the set-up makes the first one
    _, first, _ = make_sw.write(site)
    assert not make_sw.refresh(site)
    (site / "static" / "icons" / "a.txt").write_text("a new icon")
    assert make_sw.refresh(site)
    assert f'"{first}"' not in out.read_text() and not make_sw.refresh(site)
    (site / "static" / "icons" / "b.txt").write_text("one more")
    assert make_sw.refresh(site) and '"static/icons/b.txt"' in out.read_text()


def test_the_development_server_serves_the_current_precache_list():
    server = serve.start(0)
    try:
        host, port = server.server_address[:2]
        connection = http.client.HTTPConnection(host, port, timeout=30)
        connection.request("GET", "/" + make_sw.PRECACHE)
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
    finally:
        server.shutdown()
        server.server_close()
    assert response.status == 200 and response.getheader("Content-Type") == "text/javascript"
    files = make_sw.site_files(ROOT)
    assert text == make_sw.precache_list(files, make_sw.version(ROOT, files))


def test_a_missing_file_stops_the_build(tmp_path, capsys):
    site = small_site(tmp_path)
    (site / "static" / "picosat.wasm").unlink()
    assert make_sw.main(["--root", str(site)]) == 1
    assert "static/picosat.wasm" in capsys.readouterr().err and not (site / make_sw.PRECACHE).exists()


def test_the_deploy_ships_the_service_worker_the_manifest_and_the_icons():
    deploy = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "manifest.webmanifest sw.js _site/" in deploy and "static/icons _site/static/icons" in deploy
    assert "cp -r static/vendor _site/static/vendor" in deploy  # with the precache list
    assert "make_sw.py --root _site" in deploy and f"_site/{make_sw.PRECACHE}" in deploy


def test_start_json_names_each_xz_file_by_the_hash_of_its_bytes(tmp_path):
    """The page keeps what it decompressed under start.json's "xzVersions" (static/boot.mjs): a
    start file that changes gets a new version, so a repeat visit never takes an old copy."""
    import compress

    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    for i, name in enumerate(compress.XZ_FILES):
        (tmp_path / name).write_bytes(bytes([i]) * 1000)
    manifest = tmp_path / "vendor" / "start.json"
    manifest.write_text(json.dumps({"stdlib": "vendor/stdlib.zip", "sizes": {"vendor/other": 7}}))
    sizes = compress.record(tmp_path)
    start = json.loads(manifest.read_text())
    assert start["stdlib"] == "vendor/stdlib.zip" and sizes == start["sizes"] and sizes["vendor/other"] == 7
    versions = start["xzVersions"]
    assert set(versions) == set(compress.XZ_FILES) == set(start["xz"]) and len(set(versions.values())) == 4
    for name in compress.XZ_FILES:
        packed = (tmp_path / f"{name}.xz").read_bytes()
        assert lzma.decompress(packed) == (tmp_path / name).read_bytes()
        assert sizes[f"{name}.xz"] == len(packed)
    page = tmp_path / "vendor" / "page.zip"
    page.write_bytes(b"changed" * 100)
    os.utime(page, (page.stat().st_mtime + 10,) * 2)
    compress.record(tmp_path)
    changed = json.loads(manifest.read_text())["xzVersions"]
    assert {n for n in versions if changed[n] != versions[n]} == {"vendor/page.zip"}
