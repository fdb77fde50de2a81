# The two commands of the README:
#   make serve   set everything up, then serve the app on http://127.0.0.1:8000/
#   make test    set everything up (Chromium included), then run every test
# and, while working: make test-fast (ruff, mypy and the tests neither slow nor in a browser; docs/testing.md)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
PY_SOURCES := $(shell find py -name '*.py' -not -path '*/__pycache__/*')
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
WHEEL   := dist/minesat-$(VERSION)-py3-none-any.whl

.PHONY: setup setup-browser serve test test-fast lint wheel bench clean

$(VENV)/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet --require-hashes -r requirements.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation --editable .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

static/picosat.wasm: tools/build_wasm.py csrc/minesat_picosat.c $(VENV)/.installed
	$(PY) tools/build_wasm.py

static/vendor/.installed: tools/vendor.py node_modules/.installed $(PY_SOURCES)
	$(PY) tools/vendor.py
	touch $@

# The standard library the page imports, as bytecode (and static/vendor/start.json, its manifest),
# and the bytecode of our own modules: pyc.zip (the main thread's, page.zip), engine-pyc.zip (all)
# (then the page's biggest start files xz-compressed: tools/compress.py)
static/vendor/stdlib.zip: tools/make_stdlib.mjs tools/stdlib_fallback.py tools/stdlib-page.txt tools/compress.py \
		static/vendor/.installed
	node tools/make_stdlib.mjs
	$(PY) tools/compress.py

# Pyodide's memory with the engine imported, restored by the page on a repeat visit instead of a cold start
static/vendor/snapshot.gz: tools/make_snapshot.mjs static/vendor/stdlib.zip static/vendor/.installed
	node tools/make_snapshot.mjs

# The app's icons (drawn by our own script) and the list of every file the service worker (sw.js)
# precaches, at a version hashed from their contents: made after everything it lists.
ICONS := static/icons/icon-192.png static/icons/icon-512.png static/icons/icon-maskable-512.png

$(ICONS) &: tools/make_icons.py
	$(PY) tools/make_icons.py

static/vendor/precache.js: tools/make_sw.py sw.js index.html pyscript.toml manifest.webmanifest py/picosat_wasm.py \
		$(wildcard static/*.css static/*.mjs static/boot/*.mjs static/*.svg static/icons/*.svg) static/picosat.wasm \
		static/vendor/.installed static/vendor/stdlib.zip static/vendor/snapshot.gz $(ICONS)
	$(PY) tools/make_sw.py

# The package as pip installs it (picosat.wasm inside), a pycosat wheel built from the hash-checked
# sdist and wasmtime's wheel (the `wasm` extra), so that the packaging test installs them into a
# fresh venv offline.
$(WHEEL): pyproject.toml README.md LICENSE requirements.txt $(PY_SOURCES) static/picosat.wasm $(VENV)/.installed
	rm -rf dist build/lib build/bdist.*
	$(PY) -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .
	mkdir -p build
	awk '/^(pycosat|wasmtime)==/ {p = 1} /^ *#/ {p = 0} p' requirements.txt > build/runtime-requirements.txt
	$(PY) -m pip wheel --quiet --no-deps --require-hashes --wheel-dir dist -r build/runtime-requirements.txt

wheel: $(WHEEL)

setup: $(VENV)/.installed node_modules/.installed static/picosat.wasm static/vendor/.installed static/vendor/stdlib.zip static/vendor/snapshot.gz $(ICONS) static/vendor/precache.js $(WHEEL)

setup-browser:
	command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

serve: setup
	$(PY) tools/serve.py --port $(PORT)

# ruff and mypy first: a finding fails the test command before pytest runs.
lint: $(VENV)/.installed
	$(PY) -m ruff check
	$(PY) -m mypy

test: setup setup-browser lint
	$(PY) -m pytest -q

# Under a minute on a loaded 2-core machine: no test marked slow (over ~2 s) or browser.
test-fast: setup lint
	$(PY) -m pytest -q -m "not slow and not browser"

bench: setup
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) node_modules build dist py/minesat.egg-info static/vendor static/picosat.wasm $(ICONS)
