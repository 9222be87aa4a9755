# Set-up and checks. Everything is installed from PyPI, npm and Debian at pinned versions:
# the Python tools from requirements.lock (every dependency, with hashes), the browser
# runtime from package-lock.json.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
SITE_SOURCES := $(shell find farfalia -name '*.py') $(wildcard assets/* locale/*.po) main.py diagrams.py index.html embed.html \
	$(wildcard rules*.html papillon*.html) \
	pyscript.toml manifest.webmanifest tools/build_site.py tools/pack_stdlib.py tools/stdlib-modules.txt tools/catalogs.py

.PHONY: play dist test test-python test-e2e lint lock bench bench-core bench-startup bench-rules-page bench-page simulate clean

## Install everything, build the site and serve it at http://127.0.0.1:$(PORT)/ as a static host would.
play: dist
	$(PY) tools/serve.py --port $(PORT)

## Install, lint, type-check and run every test: the CPython (and Pyodide) tests on two processes, then
## headless Chromium's alone (its long-task figures must not share a core with them), printing
## its slowest tests (the whole run is to stay well under 20 minutes).
test: lint dist /usr/bin/chromium
	$(PY) -m pytest -n 2 tests
	$(PY) -m pytest e2e --durations=15

$(VENV)/installed: requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements.lock
	@# The repository on the venv's path (what an editable install does, with nothing to build).
	$(PY) -c "import pathlib, site; pathlib.Path(site.getsitepackages()[0], 'farfalia.pth').write_text('$(CURDIR)\\n')"
	touch $@

node_modules/installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

## The site as it is deployed: dist/ (see README, "Deploy"), and build/bare/ for the benchmark.
dist: build/dist.stamp

build/dist.stamp: $(VENV)/installed node_modules/installed $(SITE_SOURCES)
	$(PY) tools/build_site.py
	touch $@

/usr/bin/chromium:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

lint: $(VENV)/installed
	$(VENV)/bin/ruff check farfalia tests e2e tools main.py
	$(VENV)/bin/ruff format --check farfalia tests e2e tools main.py
	$(VENV)/bin/mypy

## Re-pin the Python tools (after editing the test extra in pyproject.toml): needs uv.
lock:
	uv pip compile pyproject.toml --extra test --generate-hashes --python-version 3.11 --universal -o requirements.lock

test-python: $(VENV)/installed node_modules/installed
	$(PY) -m pytest -n 2 tests

test-e2e: dist /usr/bin/chromium
	$(PY) -m pytest e2e

## Random-play throughput of the rules core, one line per mode.
bench: $(VENV)/installed
	$(PY) -m farfalia bench

## Every game's rules core beside a baseline commit's, interleaved in one run (BASELINE=ref, default HEAD).
BASELINE ?= HEAD
bench-core: $(VENV)/installed
	$(PY) tools/bench_core.py --baseline $(BASELINE) --rounds 3 --seconds 2

## Start-up of the game page against a bare Pyodide page: transfer, first paint, ready cold and warm, a first Play.
bench-startup: dist /usr/bin/chromium
	$(PY) tools/bench_startup.py

## Whole games against strong bots in the page (basic5, Papillon at 3 and 5), each with the bots' worker
## and without it: bot decision times, main-thread long tasks, clicks to the next paint and hints,
## printed side by side (make test plays the Papillon game at 3 with the worker only); then whole
## games' reviews, in the worker and in the page's thread (make test: in the worker only).
bench-page: dist /usr/bin/chromium
	$(PY) -m pytest -m "benchmark or not benchmark" -s e2e/test_bots.py e2e/test_review.py

## The rules page against the game page: runtime downloads, renderer memory, every diagram shown.
bench-rules-page: dist /usr/bin/chromium
	$(PY) tools/bench_rules_page.py

## 1,000 random games of every mode and variant combination through the checked API.
simulate: $(VENV)/installed
	$(PY) tools/simulate_all.py --games 1000

clean:
	rm -rf $(VENV) node_modules dist build .pytest_cache .hypothesis *.egg-info
