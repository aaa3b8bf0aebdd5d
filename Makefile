# verifleet: read this first. `make run` and `make test` set up .venv on their own.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint format bench schema chaos clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "verifleet needs Python 3.11 or newer")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)                       ## the demo fleet (embedded Redis unless VERIFLEET_REDIS_URL is set)
	$(VENV)/bin/verifleet demo

test: $(STAMP) lint                 ## lint, types, then the whole suite against real Redis
	$(PY) -m pytest

lint: $(STAMP)                      ## ruff and mypy (strict on messages/, checks/, workers/)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: $(STAMP)                     ## benchmarks; figures are ratios to baselines measured in the same run
	$(PY) -m bench

schema: $(STAMP)                    ## regenerate messages/schema/*.json from the models
	$(VENV)/bin/verifleet schema

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
