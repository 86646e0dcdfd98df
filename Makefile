# Tutkimusohjelma Classroom. `make run` serves the app; `make test` runs the tests. Both set up
# everything they need on a machine with only Python 3.11, pip and make.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/tutkimus
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0
PYTEST := $(BIN)/python -m pytest

SERVE := $(BIN)/uvicorn config.asgi:application --host $(HOST) --port $(PORT) \
	--ws-max-size 65536 --ws-ping-interval 20 --ws-ping-timeout 20 --lifespan on

.PHONY: run serve setup setup-dev test test-services test-browser test-reliability bench lint \
	translations messages clean

# The demo lets teachers sign up themselves; elsewhere an administrator invites them.
run: export TUTKIMUS_SELF_SIGNUP ?= 1
run: setup
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo --url http://localhost:$(PORT)/
	$(SERVE)

serve: setup
	$(SERVE)

setup: $(VENV)/.installed translations

setup-dev: $(VENV)/.installed-dev translations

$(VENV)/bin/python:
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		(echo "Python 3.11 or newer is needed (set PYTHON=...)" && exit 1)
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(VENV)/.installed $@

translations: $(VENV)/.installed
	$(BIN)/python -m config.translations

# Refresh the catalogues from the sources, the platform's and each game's (needs GNU gettext);
# then translate what is new or fuzzy and commit.
messages: setup
	$(BIN)/python -m config.translations messages

test: setup-dev
	$(PYTEST) tests --ignore=tests/services --ignore=tests/e2e --ignore=tests/reliability

test-services: setup-dev
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PYTEST) tests/services

test-browser: setup-dev
	$(PYTEST) tests/e2e

test-reliability: setup-dev
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PYTEST) tests/reliability

# The live benchmark needs PostgreSQL (BENCH_DATABASE_URL, a database whose name starts
# tutkimus_bench, recreated on each run) and redis-server (or BENCH_REDIS_URL), the page benchmark
# Debian's Chromium: started or installed first, as in CI; see docs/performance.md.
bench: setup-dev
	.ci/ensure-services postgres redis chromium
	@started=$$(date +%s); set -e; \
	for step in engine play live page; do \
		echo "== bench/$$step.py"; $(BIN)/python bench/$$step.py; \
		echo "   ($$(( $$(date +%s) - started )) s so far)"; \
	done; echo "make bench: $$(( $$(date +%s) - started )) s in all (budget 600 s)"

lint: setup-dev
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) var/static
