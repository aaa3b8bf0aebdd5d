"""No module of the package binds one top-level name twice: the later binding silently replaces the
earlier for every function that reads the name when it runs (two ``_SET_AGAINST`` patterns in
``checks/grounding/quantities.py`` made one rule run with the other's pattern)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(p for package in ("checks", "workers", "messages") for p in (ROOT / package).rglob("*.py"))


def _bound(tree: ast.Module) -> Counter[str]:
    """How often each top-level name is bound (assignments, functions, classes); a name assigned
    again from itself (``X = X | {...}``, an extension) is one binding."""
    names: Counter[str] = Counter()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[node.name] += 1
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            used = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)} if node.value else set()
            for target in targets:
                if isinstance(target, ast.Name) and target.id not in used:
                    names[target.id] += 1
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_name_bound_twice(path: Path) -> None:
    twice = sorted(n for n, k in _bound(ast.parse(path.read_text(encoding="utf-8"))).items() if k > 1)
    assert not twice, f"{path.relative_to(ROOT)} binds {twice} more than once at top level"
