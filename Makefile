# The two commands of the README: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pytest-xdist workers; CI machines have 2 cores.
WORKERS ?= 2

.PHONY: run play test bench clean screenshots

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

test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/pytest -n $(WORKERS)

# The web table's screenshots in docs/ (shown in the README), taken by its browser tests.
screenshots: $(VENV)/.installed-dev
	NETJER_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web -p no:xdist

bench: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/playout.py aton

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
