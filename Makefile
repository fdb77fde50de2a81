# The two commands of the README:
#   make serve   set everything up, then serve the app on http://127.0.0.1:8000/
#   make test    set everything up (Chromium included), then run every test
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
PY_SOURCES := $(shell find py -name '*.py' -not -path '*/__pycache__/*')

.PHONY: setup setup-browser serve test bench clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet --require-hashes -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

static/picosat.wasm: tools/build_wasm.py csrc/minesat_picosat.c $(VENV)/.installed
	$(PY) tools/build_wasm.py

static/vendor/.installed: tools/vendor.py node_modules/.installed $(PY_SOURCES)
	$(PY) tools/vendor.py
	touch $@

# Pyodide's memory with the engine imported, restored by the page instead of a cold start
static/vendor/snapshot.gz: tools/make_snapshot.mjs static/vendor/.installed
	node tools/make_snapshot.mjs

setup: $(VENV)/.installed node_modules/.installed static/picosat.wasm static/vendor/.installed static/vendor/snapshot.gz

setup-browser:
	command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

serve: setup
	$(PY) tools/serve.py --port $(PORT)

test: setup setup-browser
	$(PY) -m pytest -q

bench: setup
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) node_modules build static/vendor static/picosat.wasm
