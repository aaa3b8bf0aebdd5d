"""A package's public names, imported from their modules on first use (PEP 562).

``import checks`` (or any ``checks.x`` module: a package's ``__init__`` runs first) then costs the
package's own few lines, not the whole check library: ``verifleet worker``'s supervisor reads its
settings, which need only :class:`checks.config.PipelineConfig` and the judge's configuration, and
starts serving that much sooner. ``from checks import verify`` imports the pipeline as before.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence


def exports(package: str, where: Mapping[str, Sequence[str]]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package`` for the names each of its modules exports
    (``{"checks.pipeline": ("verify", "warm_up")}``). A name is looked up once, then kept in the
    package's namespace."""
    modules = {name: module for module, names in where.items() for name in names}
    namespace = sys.modules[package].__dict__

    def attribute(name: str) -> object:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return attribute
