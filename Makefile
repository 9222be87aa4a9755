# Set-up and checks. Everything is installed from PyPI and npm at pinned versions.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: test bench simulate clean

$(VENV)/installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

## Install what the tests need, then lint, type-check and run every test.
test: $(VENV)/installed node_modules/installed
	$(VENV)/bin/ruff check farfalia tests tools
	$(VENV)/bin/ruff format --check farfalia tests tools
	$(VENV)/bin/mypy
	$(PY) -m pytest

## Random-play throughput of the rules core, one line per mode.
bench: $(VENV)/installed
	$(PY) -m farfalia bench

## 1,000 random games of every mode and variant combination through the checked API.
simulate: $(VENV)/installed
	$(PY) tools/simulate_all.py --games 1000

clean:
	rm -rf $(VENV) node_modules .pytest_cache .hypothesis
