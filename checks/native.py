"""The grounding path compiled with mypyc, used only where it was built from the sources beside it.

Grounding is pure Python over many small strings: a profile of a cold draft is flat, no one
function is worth rewriting in C. mypyc (part of mypy, already a dependency of the project's
checks) compiles the modules of :data:`MODULES` to C extensions from their type annotations, which
``mypy --strict`` already holds to: a cold draft 1.34-1.45x faster, a retry about 1.6x
(``docs/performance.md``). The sources stay the truth: every module is also a plain ``.py``.

``python -m checks.native_build`` (``make native``, run by ``make test`` and ``make bench``) writes
each module's extension beside its source, then :data:`STAMP`, the digest of the sources it was built
from. Python imports an extension in preference to the source beside it, so an extension left from
before an edit would run the old code: at ``import checks``, :func:`install` compares the sources
with the stamp and, when they differ (or ``VERIFLEET_NATIVE=0`` is set), puts a finder ahead of the
path finder that loads those modules from their sources. Without a C compiler the build says so and
stops; everything runs as Python.

Module constants of those modules are declared ``Final``: compiled code reads one from a C static,
any other module name through a lookup in the module's dict each time (about 2% of a cold draft's
instructions; a test keeps new constants ``Final``).

Compiled code differs in two ways a test can see: a function of a compiled module called from
another is called directly, so patching the module attribute does not reach that call (tests that
patch one are marked ``interpreted`` and run in a second, interpreted pass of ``make test``); and
the annotations are checked at run time, so a value of the wrong type raises ``TypeError`` where
Python would go on.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["MODULES", "ROOT", "STAMP", "active", "digest", "extensions", "install", "source"]

ROOT = Path(__file__).resolve().parent.parent
MODULES = (
    "checks.claims",
    "checks.grounding.assess",
    "checks.grounding.cited",
    "checks.grounding.decide",
    "checks.grounding.engine",
    "checks.grounding.identifiers",
    "checks.grounding.index",
    "checks.grounding.lexicon",
    "checks.grounding.opposites",
    "checks.grounding.quantities",
    "checks.grounding.report",
    "checks.grounding.retrieve",
    "checks.grounding.roles",
    "checks.grounding.scope",
    "checks.grounding.sections",
    "checks.grounding.speakers",
    "checks.grounding.units",
)
"""What is compiled: the grounding check's modules and the sentence splitter they read sources with.
Not ``escalation`` (a runtime-checkable Protocol, which mypyc does not compile) nor ``semantic``
(numpy and torch calls: nothing to gain)."""
STAMP = ROOT / "checks" / ".native"
"""The digest of the sources the extensions beside them were built from (not in git)."""
ENV = "VERIFLEET_NATIVE"
"""``0``: load every module from its source, compiled or not."""


def source(module: str) -> Path:
    """The ``.py`` file of one of :data:`MODULES`."""
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def digest() -> str:
    """One digest of the compiled modules' sources and the interpreter they are built for."""
    h = hashlib.blake2b(digest_size=16)
    h.update(sys.implementation.cache_tag.encode())
    for module in MODULES:
        h.update(module.encode())
        h.update(source(module).read_bytes())
    return h.hexdigest()


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources, ahead of their stale or unwanted extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source(fullname))


_ACTIVE: bool | None = None


def install() -> bool:
    """Decide, once per process, whether the compiled modules run; True when they do."""
    global _ACTIVE  # noqa: PLW0603  (decided once, before any of them is imported)
    if _ACTIVE is None:
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        built = (
            os.environ.get(ENV, "1") != "0"
            and STAMP.is_file()
            and all(source(m).with_suffix(suffix).is_file() for m in MODULES)
            and STAMP.read_text(encoding="utf-8").strip() == digest()
        )
        if not built:
            sys.meta_path.insert(0, _FromSource())
        _ACTIVE = built
    return _ACTIVE


active = install
"""Do the compiled modules run in this process?"""


def extensions() -> list[Path]:
    """What a build leaves beside the sources: each module's extension and the shared library."""
    found: list[Path] = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found += (source(m).with_suffix(suffix) for m in MODULES)
        found += (ROOT / "checks").glob(f"*__mypyc{suffix}")
    return [p for p in found if p.exists()]
