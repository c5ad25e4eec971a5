# The README's commands: `make run`, `make test` (before every change) and `make test-all` (CI).
# All create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pytest-xdist workers; CI machines have 2 cores.
WORKERS ?= 2

.PHONY: run play test test-all bench clean screenshots i18n

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files re-run the install only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

# The web table on 127.0.0.1:8000 with the SQLite file netjer.db (created on first run).
run: $(VENV)/.installed
	$(BIN)/netjer serve --host 127.0.0.1 --port 8000 --db sqlite:///netjer.db $(ARGS)

# Aton in the terminal against the computer, saved to aton-game.json.
play: $(VENV)/.installed
	$(BIN)/netjer play aton --seat 0=human --seat 1=heuristic --save aton-game.json $(ARGS)

# The fast suite (under 5 minutes on 2 cores): slow-marked tests left out, tests in random
# order (pytest-randomly; the seed is printed at the start), the 20 slowest listed at the end.
test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/pytest -n $(WORKERS) --durations=20

# Everything, slow-marked tests included: what CI runs (.ci/run).
test-all: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/pytest -n $(WORKERS) -m '' --durations=20

# The web table's screenshots in docs/ (shown in the README), taken by its browser tests.
screenshots: $(VENV)/.installed-dev
	NETJER_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web -p no:xdist

bench: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/playout.py aton

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis

# The translation catalogues (src/netjer/i18n.py): extract every marked text with Babel's
# extractors, as src/netjer/locale/<domain>.cfg configures them, into <domain>.pot, and bring each
# language's .po up to date (new texts untranslated: the tests then say which texts a catalogue
# lacks).  No compile step: the .po files are read as they are.
i18n: $(VENV)/.installed-dev
	$(BIN)/python -m netjer.i18n_tools
