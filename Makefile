# Set-up and checks. Everything is installed from PyPI, npm and Debian at pinned versions.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
PACKAGE_SOURCES := $(wildcard farfalia/*.py farfalia/*/*.py) pyproject.toml

.PHONY: play site test test-python test-e2e lint bench bench-startup simulate clean

## Install everything, build the site and serve the game at http://127.0.0.1:$(PORT)/
play: site
	@echo "Farfalia: http://127.0.0.1:$(PORT)/"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1

## Install, lint, type-check and run every test (CPython, Pyodide, headless Chromium) in one pytest run.
test: lint vendor/ready /usr/bin/chromium
	$(PY) -m pytest

$(VENV)/installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

## The served runtime: Pyodide and PyScript from node_modules, micropip, the package's wheel.
vendor/ready: $(VENV)/installed node_modules/installed $(PACKAGE_SOURCES) tools/build_site.py
	$(PY) tools/build_site.py
	touch $@

site: vendor/ready

/usr/bin/chromium:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

lint: $(VENV)/installed
	$(VENV)/bin/ruff check farfalia tests e2e tools main.py
	$(VENV)/bin/ruff format --check farfalia tests e2e tools main.py
	$(VENV)/bin/mypy

test-python: $(VENV)/installed node_modules/installed
	$(PY) -m pytest tests

test-e2e: vendor/ready /usr/bin/chromium
	$(PY) -m pytest e2e

## Random-play throughput of the rules core, one line per mode.
bench: $(VENV)/installed
	$(PY) -m farfalia bench

## Time to interactive of the game page against a bare Pyodide page, cold and warm.
bench-startup: vendor/ready /usr/bin/chromium
	$(PY) tools/bench_startup.py

## 1,000 random games of every mode and variant combination through the checked API.
simulate: $(VENV)/installed
	$(PY) tools/simulate_all.py --games 1000

clean:
	rm -rf $(VENV) node_modules vendor .pytest_cache .hypothesis build *.egg-info
