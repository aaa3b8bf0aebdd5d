# verifleet: read this first. `make run` and `make test` set up .venv on their own.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint format bench schema chaos clean promtool bytecode native

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "verifleet needs Python 3.11 or newer")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embeddings]'
	@touch $(STAMP)

run: $(STAMP) bytecode              ## the demo fleet (embedded Redis unless VERIFLEET_REDIS_URL is set)
	$(VENV)/bin/verifleet demo

test: $(STAMP) lint promtool bytecode native ## lint, types, then the whole suite against real Redis
	$(PY) -m pytest
	VERIFLEET_NATIVE=0 $(PY) -m pytest -m interpreted -q || [ $$? -eq 5 ]  # (5: none marked)

# The grounding path compiled with mypyc (checks/native.py): built again when one of its sources
# changes, about 2 minutes. A module edited since runs from its source until then.
# Without a C compiler the build says so and everything runs as Python; a failed build stops make.
NATIVE_SRC := checks/claims.py checks/native.py checks/native_build.py \
	$(filter-out %/__init__.py %/escalation.py %/semantic.py,$(wildcard checks/grounding/*.py))
native: checks/.native
checks/.native: $(NATIVE_SRC) | $(STAMP)
	$(PY) -m checks.native_build

# Every worker process imports the whole check library. Where PYTHONDONTWRITEBYTECODE is set (as on
# the machines this project is built on), nothing caches that bytecode: each process compiles about
# 80 modules again (0.3 s of a worker's 1 s start; a tenth of the suite). compileall writes the
# caches anyway, only for files that changed, and Python reads them with that variable set.
bytecode: $(STAMP)
	@$(PY) -m compileall -q -j 0 messages checks workers bench >/dev/null

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

bench: $(STAMP) bytecode native     ## benchmarks; figures are ratios to baselines measured in the same run
	$(PY) -m bench

chaos: $(STAMP) bytecode            ## kill -9, Redis restart, judge outage, poison: every job still gets one verdict
	$(PY) -m bench.chaos

schema: $(STAMP)                    ## regenerate messages/schema/*.json from the models
	$(VENV)/bin/verifleet schema

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info checks/.native
	rm -f checks/*.so checks/grounding/*.so
	find messages checks workers bench tests -name __pycache__ -type d -prune -exec rm -rf {} +
