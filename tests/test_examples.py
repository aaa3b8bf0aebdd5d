"""Every golden example runs through `verifleet verify` with the outcome its name promises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from messages import VerdictEvent
from workers.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PASSES, FAILS = ("-pass", "_pass"), ("-fail", "_fail")
GOLDEN = sorted(p for p in EXAMPLES.glob("*/*.json") if p.stem.endswith(PASSES + FAILS))


def test_there_are_golden_examples_of_each_profile() -> None:
    profiles = {p.parent.name for p in GOLDEN}
    assert {"openmark", "integrity"} <= profiles


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_example_verifies_as_its_name_says(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A `*-pass` example exits 0 with verdict pass; a `*-fail` example exits 1 with a failing verdict
    that carries fix instructions; both print a valid VerdictEvent."""
    code = main(["verify", str(path), "--output", "json"])
    verdict = VerdictEvent.model_validate_json(capsys.readouterr().out)
    if path.stem.endswith(PASSES):
        assert (code, verdict.verdict.value) == (0, "pass"), verdict.reason
    else:
        assert code == 1
        assert verdict.verdict.value in ("fail", "partial")
        assert verdict.fix_instructions


def test_the_single_demo_job_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(EXAMPLES / "demo" / "job.json")]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "pass"
