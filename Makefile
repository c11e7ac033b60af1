# The two commands a newcomer needs: `make run` and `make test`.
# `make test`, `make test-quick` and `make lint` run, in order: ruff (style and imports
# of the whole tree), mypy (strict types of the pure packages, pyproject.toml [tool.mypy]),
# then, except in lint, pytest.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-quick test-long lint install install-dev migrate worker beat clean messages

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(VENV)/bin/python requirements.txt
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(PY) manage.py migrate --noinput

## Serve the site at http://127.0.0.1:8000 on the embedded defaults (SQLite,
## in-memory channel layer, in-process task worker and beat).
run: migrate
	$(PY) manage.py runserver $(HOST):$(PORT)

## Install everything and run the whole test suite. Three workers on two cores: the
## browser tests wait on their browser and server much of the time (docs/testing.md).
SUITE_WORKERS ?= 3
test: install-dev
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n $(SUITE_WORKERS) --dist loadscope -m "not long"

## The everyday loop: everything but the long drills (slow) and the browser tests.
test-quick: install-dev
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -n 2 --dist loadscope -m "not slow and not browser and not long" -p no:cacheprovider

## The audits of hundreds of games (marked long): tens of minutes of CPU each.
test-long: install-dev
	$(PY) -m pytest -n 2 -m long -p no:cacheprovider

lint: install-dev
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(VENV)/bin/lint-imports

## The separate processes of the services shape (with REDIS_URL set).
worker: install
	$(VENV)/bin/celery -A druidsite worker --loglevel INFO
beat: install
	$(VENV)/bin/celery -A druidsite beat --loglevel INFO

## Update the Dutch catalogue from the sources and compile it; translate the
## new entries in locale/nl/LC_MESSAGES/django.po, then run it again. The
## compiled django.mo is committed, so neither CI nor a server needs gettext.
MESSAGES_IGNORE := --ignore=.venv --ignore=data --ignore=staticfiles --ignore=tests --ignore=bench
messages: install
	$(PY) manage.py makemessages -l nl $(MESSAGES_IGNORE) --add-location=file
	$(PY) manage.py compilemessages -l nl $(MESSAGES_IGNORE)

clean:
	rm -rf $(VENV) data staticfiles .pytest_cache .ruff_cache .mypy_cache
