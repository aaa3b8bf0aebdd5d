"""The compiled grounding path (checks/native.py): used only when built from the sources beside it,
and reading every claim as the interpreted sources do."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.grounding import speed_job
from checks import native
from checks.config import Strictness
from checks.grounding import ground
from checks.grounding.index import clear_cache
from checks.grounding.report import fixes, flags, score

PROBE = "quantities"


def loaded(cwd: Path, *, env: dict[str, str] | None = None) -> dict[str, object]:
    """Where a fresh process in ``cwd`` loads the compiled modules from, and whether it says they run."""
    code = (
        "import importlib, json, checks.native as n; "
        "print(json.dumps({'active': n.active(), "
        "'files': [importlib.import_module(m).__file__ for m in n.MODULES]}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(cwd), **(env or {})},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def copied(to: Path) -> None:
    """The check library and the messages it reads, with any build beside them, copied to ``to``."""
    for package in ("checks", "messages"):
        shutil.copytree(native.ROOT / package, to / package, ignore=shutil.ignore_patterns("__pycache__"))


def built() -> bool:
    return native.STAMP.is_file() and native.STAMP.read_text().strip() == native.digest()


needs_build = pytest.mark.skipif(not built(), reason="the grounding path is not compiled here (make native)")


class TestWhichRuns:
    @needs_build
    def test_a_fresh_build_runs(self) -> None:
        got = loaded(native.ROOT)
        assert got["active"] is True
        files = got["files"]
        assert isinstance(files, list) and len(files) == len(native.MODULES)
        assert all(not f.endswith(".py") for f in files)

    def test_the_sources_run_when_asked(self) -> None:
        got = loaded(native.ROOT, env={native.ENV: "0"})
        assert got["active"] is False
        files = got["files"]
        assert isinstance(files, list) and len(files) == len(native.MODULES)
        assert all(f.endswith(".py") for f in files)

    @needs_build
    def test_an_edited_source_runs_from_its_source(self, tmp_path: Path) -> None:
        """An extension built before an edit would run the old code: every compiled module then loads
        from its source (they are one library: not some compiled and some not)."""
        copied(tmp_path)
        assert loaded(tmp_path)["active"] is True  # the copy, as built
        edited = tmp_path / "checks" / "grounding" / f"{PROBE}.py"
        edited.write_text(edited.read_text() + "\n# edited\n")
        got = loaded(tmp_path)
        assert got["active"] is False
        files = got["files"]
        assert isinstance(files, list) and len(files) == len(native.MODULES)
        assert all(f.endswith(".py") for f in files)

    def test_without_a_stamp_the_sources_run(self, tmp_path: Path) -> None:
        copied(tmp_path)
        (tmp_path / "checks" / ".native").unlink(missing_ok=True)
        assert loaded(tmp_path)["active"] is False

    def test_the_digest_reads_every_compiled_source(self) -> None:
        assert all(native.source(m).is_file() for m in native.MODULES)
        assert native.digest() == native.digest()
        assert len(native.digest()) == 32


def statuses(seed: int, strictness: Strictness) -> list[str]:
    """Each claim's status, basis and ambiguity, then every flag, fix and the score as reported."""
    draft, sources, source_map = speed_job(seed)
    clear_cache()
    got = ground(draft, sources, source_map=source_map, strictness=strictness)
    return [
        *(f"{c.status.value} {c.decision.basis} {c.decision.ambiguous}" for c in got.claims),
        *(f.model_dump_json() for f in flags(got)),
        *fixes(got),
        repr(score(got)),
        repr(score(ground("# Notes\n\nWhat now?\n", sources))),  # (no claims: the score's floats)
    ]


@needs_build
@pytest.mark.parametrize("strictness", [Strictness.STANDARD, Strictness.STRICT])
def test_compiled_and_interpreted_read_alike(strictness: Strictness) -> None:
    """Every claim of two speed drafts gets the same status, basis and ambiguity from both, and the
    report the same flags (texts included), fixes and score (floats both ways: compiled code makes
    an int a float where the annotation says float)."""
    assert native.active()
    code = (
        f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "from test_native import statuses; from checks.config import Strictness; "
        f"print(json.dumps([statuses(s, Strictness({strictness.value!r})) for s in (11, 13)]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=native.ROOT,
        env={**os.environ, native.ENV: "0"},
        capture_output=True,
        text=True,
        check=True,
    )
    interpreted = json.loads(done.stdout)
    assert interpreted == [statuses(s, strictness) for s in (11, 13)]
    assert sum(len(x) for x in interpreted) > 250


def test_the_builds_mypy_configuration(tmp_path: Path) -> None:
    """The project's mypy settings, with the embeddings extra's libraries neither followed nor
    required (an image without them builds too), as an INI file mypy reads."""
    import configparser

    from checks.native_build import NOT_FOLLOWED, mypy_config

    parsed = configparser.ConfigParser()
    parsed.read_string(mypy_config(native.ROOT / "pyproject.toml"))
    assert parsed["mypy"]["strict"] == "True"
    assert parsed["mypy"]["plugins"] == "pydantic.mypy"
    assert parsed["mypy"]["warn_unused_ignores"] == "False"
    assert "files" not in parsed["mypy"]
    skipped = parsed[f"mypy-{','.join(NOT_FOLLOWED)}"]
    assert skipped["follow_imports"] == "skip"
    assert skipped["ignore_missing_imports"] == "True"
    assert any("Stemmer" in name for name in parsed.sections())
    alone = configparser.ConfigParser()  # beside an installed package: no pyproject.toml
    alone.read_string(mypy_config(tmp_path / "pyproject.toml"))
    assert alone.sections() == ["mypy", f"mypy-{','.join(NOT_FOLLOWED)}"]


PATCHED = {"BATCH"}
"""Module constants a test patches (``test_claims_are_grounded_in_batches_alike``): read from the
module's namespace, so a patch reaches compiled code too."""


def _unfinal(module: str) -> list[str]:
    """The module-level names of ``module`` bound once to a value and not declared ``Final``."""
    tree = ast.parse(native.source(module).read_text(encoding="utf-8"))
    rebound = {n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names}
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, annotation, value = node.targets[0].id, None, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            name, annotation, value = node.target.id, ast.unparse(node.annotation), node.value
        else:
            continue
        alias = isinstance(value, ast.Subscript | ast.Attribute) or (
            isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr)
        )
        if name in rebound | PATCHED or name == "__all__" or alias or annotation == "TypeAlias":
            continue
        if annotation is None or "Final" not in annotation:
            out.append(f"{module}.{name} (line {node.lineno})")
    return out


def test_the_compiled_modules_constants_are_final() -> None:
    """A compiled function reads a ``Final`` module constant from a C static; any other module name
    through a lookup in the module's dict, each time (about 2% of a cold draft's instructions when
    none were, ``valgrind --tool=callgrind``)."""
    assert [name for module in native.MODULES for name in _unfinal(module)] == []
