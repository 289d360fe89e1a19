# duelcheck: `make serve` runs the service, `make test` runs every check CI runs.
# HOST, PORT and WEB_CONCURRENCY (gunicorn workers) change how `make serve` runs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: serve test lint typecheck pytest bench bench-api docs screenshot clean

$(STAMP): setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/gunicorn -c python:api.gunicorn_conf 'api:create_app()'

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy validator api duelcheck

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python bench/bench_validate.py

bench-api: $(STAMP)
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
	$(BIN)/python bench/bench_api.py

docs: $(STAMP)
	$(BIN)/duelcheck rules --format markdown > docs/rules.md
	$(BIN)/python -m api.openapi_dump > specs/openapi.json

screenshot: $(STAMP)
	$(BIN)/python docs/make_screenshot.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
