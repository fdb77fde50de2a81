"""The site's static wiring, without a browser: every file the page names exists, all paths are relative, no CDN."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "index.html", ROOT / "tests" / "browser" / "pages" / "pyodide.html"]


def test_pyscript_toml_names_existing_files_and_no_packages():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert "packages" not in config  # a package would pull micropip and wheels from a CDN
    assert (ROOT / config["interpreter"]).is_file()
    assert config["files"], "pyscript.toml installs nothing"
    for source, target in config["files"].items():
        assert source.startswith("./") and (ROOT / source).is_file(), source
        assert target.startswith("./")
    # the main thread gets the modules it imports; the engine, picosat included, is the worker's
    assert config["files"] == {"./static/vendor/page.zip": "./*"}


def test_pages_load_only_relative_local_files():
    for page in PAGES:
        html = page.read_text()
        refs = re.findall(r'(?:src|href)="([^"]+)"', html) + re.findall(r'from "([^"]+)"', html)
        assert refs, page
        for ref in refs:
            if ref.startswith("#"):  # a place in the page itself (the skip link): it must be there
                assert f'id="{ref[1:]}"' in html, f"{page.name}: {ref} names no element of the page"
                continue
            assert not re.match(r"^(?:[a-z]+:)?//", ref), f"{page.name} loads {ref} from another host"
            assert not ref.startswith("/"), f"{page.name}: {ref} is not relative (breaks GitHub Pages subfolders)"
            local = (page.parent / ref.split("#")[0]).resolve()
            assert local.is_file(), f"{page.name}: {ref} does not exist (run `make setup`)"


def test_every_file_the_boot_module_and_the_worker_fetch_exists_and_is_deployed():
    """static/boot.mjs (with its modules, static/boot/) and static/engine-worker.mjs name their
    files relative to static/ (`here`), their imports relative to themselves."""
    static = ROOT / "static"
    sources = [static / "boot.mjs", static / "engine-worker.mjs", *sorted((static / "boot").glob("*.mjs"))]
    boot = "".join(f.read_text() for f in sources if f.name != "engine-worker.mjs")
    worker = (static / "engine-worker.mjs").read_text()
    engine = re.search(r"ENGINE_FILES = \[([^\]]+)\]", boot)
    assert engine, "static/boot/ names the engine's files in ENGINE_FILES"
    names = (re.findall(r'new URL\("([^"]+)", here\)', boot) + re.findall(r'fileBytes\("([^"]+)"\)', worker)
             + re.findall(r'"([^"]+)"', engine.group(1)))
    assert {"vendor/snapshot.gz", "engine-worker.mjs", "vendor/py.zip", "vendor/engine-pyc.zip", "picosat.wasm",
            "../py/picosat_wasm.py"} <= set(names)
    for name in names:
        assert (static / name).resolve().exists(), name
    imported = [f.parent / name for f in sources for name in re.findall(r'from "([^"]+)"', f.read_text())]
    assert static / "boot" / "../vendor/xz.mjs" in imported and static / "boot/fetching.mjs" in imported
    for path in imported:
        assert path.resolve().is_file(), path
    deploy = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "static/boot.mjs" in deploy and "static/engine-worker.mjs" in deploy and "py/picosat_wasm.py" in deploy
    assert "cp -r static/boot _site/static/boot" in deploy


def test_boot_reads_the_set_ups_zips_as_pythons_zipfile_does(tmp_path):
    """static/boot/zips.mjs writes the page's and the engine's zips into Pyodide's file system itself
    (`zipFiles`: stored and deflated entries), run here under Node; a zip it cannot read (here
    one with bzip2 entries) is left to Pyodide's unpackArchive."""
    import hashlib
    import json
    import subprocess
    import zipfile

    vendor = ROOT / "static" / "vendor"
    odd = tmp_path / "odd.zip"
    with zipfile.ZipFile(odd, "w", zipfile.ZIP_BZIP2) as z:
        z.writestr("a.py", "x = 1\n")
    zips = [vendor / name for name in ("page.zip", "pyc.zip", "py.zip", "engine-pyc.zip")] + [odd]
    script = f"""
import fs from "node:fs";
import {{ createHash }} from "node:crypto";
const {{ zipFiles }} = await import({json.dumps((ROOT / "static" / "boot" / "zips.mjs").as_uri())});
const out = [];
for (const path of {json.dumps([str(z) for z in zips])}) {{
  const files = await zipFiles(fs.readFileSync(path));
  out.push(files && Object.fromEntries(files.map(([n, b]) => [n, createHash("sha256").update(b).digest("hex")])));
}}
console.log(JSON.stringify(out));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                          timeout=60, check=True)
    read = json.loads(done.stdout)
    assert read[-1] is None
    for path, files in zip(zips[:-1], read[:-1]):
        with zipfile.ZipFile(path) as z:
            assert files == {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()}, path
            methods = {i.compress_type for i in z.infolist()}
        assert methods == ({zipfile.ZIP_STORED} if path.name in ("page.zip", "pyc.zip") else {zipfile.ZIP_DEFLATED})
