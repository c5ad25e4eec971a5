# The README's commands: `make run`, `make test` (before every change) and `make test-all` (CI).
# All create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pytest-xdist workers; CI machines have 2 cores.
WORKERS ?= 2

.PHONY: run play test test-all test-compiled test-js compiled wheel engine bench clean screenshots i18n

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

# The train extra for CI's slow tests (tests/adapters/test_maskable_ppo_training.py runs the
# MaskablePPO example on a tiny budget): sb3-contrib and the pinned CPU PyTorch (torch==2.13.0;
# pip takes it from the machine's wheel folder when its configuration lists one, never an unpinned
# torch, which would pull a CUDA build of several GB).
$(VENV)/.installed-train: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,train]'
	touch $@ $(VENV)/.installed-dev $(VENV)/.installed

# The web table's JavaScript checks (ESLint, TypeScript's checker; package.json): node_modules
# from the committed lockfile, re-installed only when it changes.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "the web code's checks need Node 20+ and npm: install them (nodejs.org)"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# ESLint's recommended rules and `tsc --checkJs` over src/netjer/web/static/*.js (no build: the
# browser loads the files as they are; docs/decisions/0022-javascript-checks.md).
test-js: node_modules/.installed
	node_modules/.bin/eslint src/netjer/web/static
	node_modules/.bin/tsc -p jsconfig.json

# `make run` and `make play` run the compiled engine of `make compiled` when it is built and not
# older than the sources (a stale copy would run old code), else the Python build; `engine`
# prints which, and how to get the compiled one.
COMPILED := build/compiled
STALE = $(if $(wildcard $(COMPILED)/.built),$(shell find src/netjer -type f ! -path '*/__pycache__/*' -newer $(COMPILED)/.built | head -1),none)
ENGINE_ENV = $(if $(STALE),,PYTHONPATH=$(abspath $(COMPILED)))

engine: $(VENV)/.installed
	@$(ENGINE_ENV) $(BIN)/python -m netjer.build_info
	@$(if $(filter-out none,$(STALE)),echo "build/compiled is older than $(STALE): \`make compiled\` rebuilds it")

# The web table on 127.0.0.1:8000 with the SQLite file netjer.db (created on first run).
run: engine
	$(ENGINE_ENV) $(BIN)/netjer serve --host 127.0.0.1 --port 8000 --db sqlite:///netjer.db $(ARGS)

# Aton in the terminal against the computer, saved to aton-game.json.
play: engine
	$(ENGINE_ENV) $(BIN)/netjer play aton --seat 0=human --seat 1=heuristic --save aton-game.json $(ARGS)

# The fast suite (under 5 minutes on 2 cores): slow-marked tests left out, tests in random
# order (pytest-randomly; the seed is printed at the start), the 20 slowest listed at the end.
test: $(VENV)/.installed-dev test-js
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/pytest -n $(WORKERS) --durations=20

# Everything, slow-marked tests included: what CI runs (.ci/run), with the train extra.
test-all: $(VENV)/.installed-train test-js
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/pytest -n $(WORKERS) -m '' --durations=20
	$(MAKE) test-compiled

# The Ankh engine compiled to C by mypyc, for speed (optional; about 1.5 CPU-minutes, the C files
# compiled on every core): hatch_build.py, which builds the wheel's compiled engine too, over a
# copy of src/netjer in build/compiled whose engine modules are extension modules, used with
# PYTHONPATH=build/compiled (benchmarks/README.md, "Issue 15, the compiled engine").  The whole
# package runs from that copy: it is rebuilt when any file under src/netjer changes (data and
# texts too).  The source is the same.  Compiled: the Ankh engine's modules and the kernel's
# State (core/state.py), so that the Ankh state is a native class (its fields C struct slots),
# and Aton's and Nile's states and field declarations (native classes too; Nile's log type is not
# a recursive alias, on which mypyc crashes: games/nile/state.py), and the Ankh observation tensor
# (tensors/ankh.py: the vector environment's row writer, about a third faster compiled; its
# classes subclass the Python Encoder and RowWriter, so mypyc keeps them Python-level classes
# with compiled methods, and AnkhEncoder pickles as its game).  Four Ankh modules stay Python:
# ankh/game.py (mypyc fails on its Pydantic options model), ankh/notation.py (mypyc takes a
# ClassVar of a dataclass subclass for a field) and ankh/position.py and ankh/placement.py (the
# position builder: its refusals of wrongly typed input are ConfigErrors naming the field, where
# a compiled function raises a bare TypeError).  Native classes built without __init__ or pickled are marked
# @mypyc_attr(allow_interpreted_subclasses=True, serializable=True) (serializable alone left
# __init__ uncalled when Python code made one).  The frozen dataclasses a game holds (the setup's
# records, Battle cards, ...) are marked @mypyc_attr(native_class=False) and stay plain Python
# classes: as native classes they did not unpickle.  A pickle made by one build does not load in
# the other.
# The compiled modules are listed in hatch_build.py (engine_modules).  mypyc's multi-file mode
# (one C file per module, compiled in parallel): MYPYC_OPT_LEVEL sets -O (default 3).

compiled: $(COMPILED)/.built

# Built in a new folder that replaces the old one only when mypyc succeeds (its errors printed).
# .built takes the time the source was copied (.copied), not the end of the build: a file saved
# during the build is newer than it, so the next `make compiled` builds again.
$(COMPILED)/.built: $(VENV)/.installed-dev hatch_build.py $(shell find src/netjer -type f ! -path '*/__pycache__/*')
	rm -rf $(COMPILED).new && mkdir -p $(COMPILED).new
	touch $(COMPILED).new/.copied
	cp -r src/netjer $(COMPILED).new/
	find $(COMPILED).new -name __pycache__ -prune -exec rm -rf {} +
	$(BIN)/python hatch_build.py $(COMPILED).new > $(COMPILED).new/mypyc.log 2>&1 \
		|| { grep -E "error|Error" $(COMPILED).new/mypyc.log | head -20; echo "mypyc failed: see $(COMPILED).new/mypyc.log"; exit 1; }
	rm -rf $(COMPILED) && mv $(COMPILED).new $(COMPILED)
	touch -r $(COMPILED)/.copied $@

# The engine's tests on the compiled build (part of test-all): the rules, the conformance suite,
# perft, the record corpus, the agents' pinned decisions, the research adapters and the
# tournaments must give the same results as in Python.
test-compiled: $(COMPILED)/.built
	PYTHONPATH=$(COMPILED) $(BIN)/python -m netjer.build_info --require-compiled
	PYTHONPATH=$(COMPILED) $(BIN)/pytest -n $(WORKERS) --durations=10 tests/games tests/test_conformance.py tests/core \
		tests/test_perft.py tests/agents tests/adapters tests/sim

# The wheel in dist/ (what `pip install .` installs, and what docs/research.md's deploy paragraph
# ships): the engine compiled by mypyc through the build backend (hatch_build.py), platform-
# specific; where no C compiler exists, or with NETJER_PURE_PYTHON=1, the pure-Python wheel.
wheel: $(BIN)/python
	rm -rf dist/netjer-*.whl
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	@ls dist/netjer-*.whl

# The web table's screenshots in docs/ (shown in the README), taken by its browser tests.
# The look tests (marked slow) take each game mid-play at 1400x950 and 390x844, light and dark,
# and the computer's last move marked on the board.
screenshots: $(VENV)/.installed-dev
	NETJER_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web -p no:xdist
	NETJER_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/web/test_table_look_browser.py -p no:xdist -m '' -k 'legible or marked'

bench: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/playout.py aton

clean:
	rm -rf $(VENV) node_modules build .mypy_cache .pytest_cache .ruff_cache .hypothesis

# The translation catalogues (src/netjer/i18n.py): extract every marked text with Babel's
# extractors, as src/netjer/locale/<domain>.cfg configures them, into <domain>.pot, and bring each
# language's .po up to date (new texts untranslated: the tests then say which texts a catalogue
# lacks), then print how much of each catalogue each language translates (`netjer i18n status`).
# No compile step: the .po files are read as they are.  docs/i18n.md: adding a language.
i18n: $(VENV)/.installed-dev
	$(BIN)/python -m netjer.i18n_tools
	$(BIN)/python -m netjer i18n status
