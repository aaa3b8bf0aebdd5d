# verifleet: read this first. `make run` and `make test` set up .venv on their own.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint format bench schema chaos clean promtool

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "verifleet needs Python 3.11 or newer")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embeddings]'
	@touch $(STAMP)

run: $(STAMP)                       ## the demo fleet (embedded Redis unless VERIFLEET_REDIS_URL is set)
	$(VENV)/bin/verifleet demo

test: $(STAMP) lint promtool        ## lint, types, then the whole suite against real Redis
	$(PY) -m pytest

# The alert rules' tests need promtool (Debian's prometheus package). Only in CI (CI=true), only when
# it is missing and apt-get exists: install it, as root or through sudo. Locally those tests skip.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && echo sudo; })
promtool:
	@if [ "$$CI" = "true" ] && ! command -v promtool >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends prometheus; \
	fi

lint: $(STAMP)                      ## ruff and mypy (strict on messages/, checks/, workers/)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: $(STAMP)                     ## benchmarks; figures are ratios to baselines measured in the same run
	$(PY) -m bench

chaos: $(STAMP)                     ## kill -9, Redis restart, judge outage, poison: every job still gets one verdict
	$(PY) -m bench.chaos

schema: $(STAMP)                    ## regenerate messages/schema/*.json from the models
	$(VENV)/bin/verifleet schema

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
