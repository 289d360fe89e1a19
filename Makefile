# duelcheck: `make serve` runs the service, `make test` runs every check CI runs.
# HOST, PORT and WEB_CONCURRENCY (gunicorn workers) change how `make serve` runs.
# Dependencies come from hashed lock files: requirements/serve.txt (what serving needs) and
# requirements/dev.txt (that, plus the test and lint tools); `make lock` refreshes both.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --quiet --disable-pip-version-check
LOCK   := $(BIN)/uv pip compile --quiet --generate-hashes --universal --python-version 3.11 \
          --custom-compile-command "make lock" \
          setup.cfg requirements/build.in

.PHONY: serve test lint typecheck pytest bench bench-api docs quiz-data behaviour screenshot vendor \
        lock clean \
        card-db deck-lists

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Each stamp records that its lock file (and the project, editable, without its dependencies:
# the lock has them all, hashed) is installed.
$(VENV)/.serve-stamp: requirements/serve.txt setup.cfg pyproject.toml | $(BIN)/python
	$(PIP) install --require-hashes -r requirements/serve.txt
	$(PIP) install --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.dev-stamp: requirements/dev.txt setup.cfg pyproject.toml | $(BIN)/python
	$(PIP) install --require-hashes -r requirements/dev.txt
	$(PIP) install --no-deps --no-build-isolation -e .
	touch $@

# The package as a user installs it: built as a wheel, its hot modules compiled by mypyc where
# this machine has a C compiler (setup.py, docs/building.md), installed into build/compiled.
# `make serve` and `make bench` run it; the editable install (.venv) stays pure Python, so that
# tests and edits always run the source. Rebuilt when a source file changes.
COMPILED := build/compiled
SOURCES  := $(shell find validator api duelcheck specs -type f -not -path '*/__pycache__/*' \
              -not -name '*.so' 2>/dev/null)
$(COMPILED)/.stamp: $(VENV)/.serve-stamp setup.py setup.cfg pyproject.toml README.md $(SOURCES)
	rm -rf $(COMPILED)
	$(PIP) install --no-deps --no-build-isolation --target $(COMPILED) .
	touch $@

serve: $(VENV)/.serve-stamp $(COMPILED)/.stamp
	PYTHONPATH=$(COMPILED) $(BIN)/duelcheck serve

test: lint typecheck pytest

lint: $(VENV)/.dev-stamp
	$(BIN)/ruff check .

typecheck: $(VENV)/.dev-stamp
	$(BIN)/mypy validator api duelcheck carddb decklists

pytest: $(VENV)/.dev-stamp
	$(BIN)/pytest

bench: $(VENV)/.dev-stamp $(COMPILED)/.stamp
	PYTHONPATH=$(COMPILED) $(BIN)/python bench/bench_validate.py

bench-api: $(VENV)/.dev-stamp $(COMPILED)/.stamp
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
	@command -v redis-server >/dev/null || { apt-get update -qq && apt-get install -y -qq redis-server; }
	PYTHONPATH=$(COMPILED) $(BIN)/python bench/bench_api.py

docs: $(VENV)/.dev-stamp
	$(BIN)/duelcheck rules --format markdown > docs/rules.md
	$(BIN)/python -m api.openapi_dump > specs/openapi.json
	$(BIN)/python -m validator.importers.duelingbook.readings.catalog docs/duelingbook.md

# Quiz questions from the real matches in ../shared (kept in the package, committed).
quiz-data: $(VENV)/.dev-stamp
	$(BIN)/python -m validator.teaching.quizbank ../shared/data/duelingbook > validator/teaching/quizdata/duelingbook.json.new
	mv validator/teaching/quizdata/duelingbook.json.new validator/teaching/quizdata/duelingbook.json

# The digests of what a user sees (tests/behaviour.py): remade only by a change meant to change it.
behaviour: $(VENV)/.dev-stamp
	$(BIN)/python -m tests.behaviour ../shared/data/duelingbook > tests/behaviour.json.new
	mv tests/behaviour.json.new tests/behaviour.json

screenshot: $(VENV)/.dev-stamp
	$(BIN)/python docs/make_screenshot.py

# axe-core for the page's accessibility test, vendored (no CDN) at the version of
# tests/api/vendor/package-lock.json; tests use the committed file and never need npm.
vendor:
	cd tests/api/vendor && npm ci --ignore-scripts --no-audit --no-fund && \
	  cp node_modules/axe-core/axe.min.js . && cp node_modules/axe-core/LICENSE axe-core.LICENSE

# The card database (validator/cards/data/, committed) rebuilt from local git checkouts of its
# sources, read at the commits named here (docs/cards.md): for example
#   git clone https://github.com/ProjectIgnis/CardScripts ../sources/CardScripts
# and the same for DawnbrandBots/yaml-yugi and ProjectIgnis/BabelCDB. Bare mirrors work too.
YAML_YUGI           ?= ../sources/yaml-yugi
CARD_SCRIPTS        ?= ../sources/CardScripts
BABEL_CDB           ?= ../sources/BabelCDB
YAML_YUGI_COMMIT    ?= 346997050053921374228bd381a085703001a64d
CARD_SCRIPTS_COMMIT ?= 5de4a50bb55ca0519a222c02b35a23f051795426
BABEL_CDB_COMMIT    ?= 503822eef8347d81b028b3ae6bbbd2f478926e71
card-db: $(VENV)/.dev-stamp
	$(BIN)/python -m carddb --yaml-yugi $(YAML_YUGI) --card-scripts $(CARD_SCRIPTS) \
	  --babel-cdb $(BABEL_CDB) --commit yaml-yugi=$(YAML_YUGI_COMMIT) \
	  --commit CardScripts=$(CARD_SCRIPTS_COMMIT) --commit BabelCDB=$(BABEL_CDB_COMMIT) \
	  --out validator/cards/data

# The deck check's formats and lists (validator/decks/data/, committed) rebuilt from local git
# checkouts (bare mirrors work) of their sources, read at the commits named here (docs/decks.md):
# ProjectIgnis/LFLists (GOAT.lflist.conf, the history of 0TCG.lflist.conf and TCG.lflist.conf, and
# Edison.lflist.conf at the commit of the pull request that made it), Konami's lists by date from
# DawnbrandBots/yaml-yugi-limit-regulation, BabelCDB's Goat ids (BABEL_CDB above), yaml-yugi's
# printings (YAML_YUGI above) and iconmaster5326/YGOJSON's set dates (its v1/individual branch).
LFLISTS                   ?= ../sources/LFLists
LIMIT_REGULATION          ?= ../sources/yaml-yugi-limit-regulation
YGOJSON                   ?= ../sources/YGOJSON
LFLISTS_COMMIT            ?= 4f295cf0dbb6cda9477a4cd5a8cf42e8ffe3c8a2
EDISON_COMMIT             ?= 0dbfbfca29fa757c16de23fd0e0cf5455f4d4877
LIMIT_REGULATION_COMMIT   ?= be1c8e923109420f444f1760aadd562aa8c2ee41
YGOJSON_COMMIT            ?= 14e3ec20b4593cb5f6b9f19d67833c09e4aa1b69
deck-lists: $(VENV)/.dev-stamp
	$(BIN)/python -m decklists --lflists $(LFLISTS) --limit-regulation $(LIMIT_REGULATION) \
	  --babel-cdb $(BABEL_CDB) --yaml-yugi $(YAML_YUGI) --ygojson $(YGOJSON) \
	  --commit LFLists=$(LFLISTS_COMMIT) --commit Edison=$(EDISON_COMMIT) \
	  --commit yaml-yugi-limit-regulation=$(LIMIT_REGULATION_COMMIT) \
	  --commit BabelCDB=$(BABEL_CDB_COMMIT) --commit yaml-yugi=$(YAML_YUGI_COMMIT) \
	  --commit YGOJSON=$(YGOJSON_COMMIT) --out validator/decks/data

# Refresh the hashed lock files from setup.cfg (newest versions its bounds allow).
lock: $(VENV)/.dev-stamp
	$(LOCK) -o requirements/serve.txt
	$(LOCK) --extra dev -o requirements/dev.txt

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name '*.so' -not -path './.venv/*' -delete  # compiled modules would shadow sources
