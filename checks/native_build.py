"""Compile the grounding path with mypyc: ``python -m checks.native_build`` (``make native``).

Writes each module of :data:`checks.native.MODULES` as a C extension beside its source, the shared
library beside them, then :data:`checks.native.STAMP`. Old extensions and the stamp are removed
first, so a build that fails leaves the sources to run. Without a C compiler it says so and returns
0 (``make`` goes on with the Python sources, and tries again next time); a build that fails raises.
``VERIFLEET_NATIVE_OPT`` sets the C optimisation level (default 3).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path
from typing import Any, cast

from mypyc.build import mypycify
from setuptools import Extension, setup

from checks.native import MODULES, ROOT, STAMP, digest, extensions, source

__all__ = ["build"]

NOT_FOLLOWED = (
    "torch",
    "torch.*",
    "transformers",
    "transformers.*",
    "sentence_transformers",
    "sentence_transformers.*",
)
"""The embeddings extra's libraries: where installed, torch alone is most of the build's type check
(mypyc checks everything it compiles, uncached), and the compiled modules never call them."""
GROUP = "checks.compiled"
"""The shared library's name: ``checks/compiled__mypyc.<suffix>``, inside the package, found where
``checks`` is (an installed console script has no project root on its path)."""


def build(*, opt_level: str = "3") -> int:
    """Compile :data:`~checks.native.MODULES` and write the stamp (not without a C compiler)."""
    STAMP.unlink(missing_ok=True)
    for old in extensions():
        old.unlink()
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"checks.native_build: no C compiler ({compiler}): grounding runs as Python", file=sys.stderr)
        return 0
    sources = digest()
    os.chdir(ROOT)  # (where the checks package is: a checkout, or site-packages when installed)
    with tempfile.TemporaryDirectory(prefix="verifleet-native-") as work:
        config = Path(work) / "mypy.ini"
        config.write_text(mypy_config(ROOT / "pyproject.toml"), encoding="utf-8")
        compiled = mypycify(
            ["--config-file", str(config), *(str(source(m).relative_to(ROOT)) for m in MODULES)],
            opt_level=opt_level,
            debug_level="0",
            target_dir=work,
            group_name=GROUP,
        )
        setup(
            name="verifleet-native",
            ext_modules=cast("list[Extension]", compiled),  # (mypyc makes setuptools' Extensions)
            packages=[],
            script_args=[
                "--quiet",
                *("build_ext", "--inplace", "--build-temp", f"{work}/temp", "--build-lib", f"{work}/lib"),
            ],
        )
    STAMP.write_text(sources + "\n", encoding="utf-8")
    return 0


def mypy_config(pyproject: Path) -> str:
    """The project's mypy configuration as the build reads it (INI): :data:`NOT_FOLLOWED` skipped,
    and an ignore comment that only the embeddings extra makes needed no error where it is absent."""
    project: dict[str, Any] = {}
    if pyproject.is_file():  # (not beside an installed package)
        with pyproject.open("rb") as f:
            project = tomllib.load(f).get("tool", {}).get("mypy", {})
    main = {k: v for k, v in project.items() if k not in ("files", "overrides")}
    main["warn_unused_ignores"] = False
    sections = [("mypy", main)]
    for override in [
        *project.get("overrides", []),
        {"module": NOT_FOLLOWED, "follow_imports": "skip", "ignore_missing_imports": True},
    ]:
        modules = override["module"]
        names = ",".join([modules] if isinstance(modules, str) else modules)
        sections.append((f"mypy-{names}", {k: v for k, v in override.items() if k != "module"}))
    return "".join(
        f"[{name}]\n" + "".join(f"{k} = {_ini(v)}\n" for k, v in values.items()) for name, values in sections
    )


def _ini(value: object) -> str:
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


if __name__ == "__main__":
    raise SystemExit(build(opt_level=os.environ.get("VERIFLEET_NATIVE_OPT", "3")))
