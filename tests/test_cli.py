"""The ``verifleet`` command (CONTRACT.md section 5): exit codes, output forms, ``schema`` and the
no-broker path of ``submit``. In-process through ``workers.cli.main`` and as a real subprocess."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from factories import BODY, make_job

import checks
from messages import CheckError, Verdict, VerdictEvent, parse_job
from messages.schema import SCHEMA_DIR
from workers.cli import main

ROOT = Path(__file__).resolve().parent.parent
VERDICT_SCHEMA = json.loads((SCHEMA_DIR / "verdict_event.json").read_text(encoding="utf-8"))

WriteJob = Callable[..., Path]


def failing_job() -> dict[str, Any]:
    """A job whose must_pass word count cannot be met: verdict fail."""
    return make_job(
        job_id="fails",
        criteria=[
            {"id": "c1", "text": "long", "check": "word_count", "params": {"ge": 500}, "must_pass": True}
        ],
    )


def partial_job() -> dict[str, Any]:
    """A job whose output cites a URL the researcher never saw: verdict partial."""
    return make_job(
        job_id="partial",
        output={
            "format": "markdown",
            "content": BODY + "\nAlso https://unseen.example/x.\n",
            "language": "en",
        },
    )


def clean_env() -> dict[str, str]:
    """The environment without any VERIFLEET_* setting, so the defaults apply."""
    return {k: v for k, v in os.environ.items() if not k.startswith("VERIFLEET_")}


@pytest.fixture(autouse=True)
def _default_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs with the default settings and a wide terminal for the text summary."""
    for name in list(os.environ):
        if name.startswith("VERIFLEET_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture
def write_job(tmp_path: Path) -> WriteJob:
    """Writes a job (a dict, or raw bytes/text) to a file and returns its path."""

    def write(job: dict[str, Any] | list[Any] | bytes | str, name: str = "job.json") -> Path:
        path = tmp_path / name
        if isinstance(job, bytes):
            path.write_bytes(job)
        elif isinstance(job, str):
            path.write_text(job, encoding="utf-8")
        else:
            path.write_text(json.dumps(job), encoding="utf-8")
        return path

    return write


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> Callable[[bytes], None]:
    """Feeds bytes to the command's standard input."""

    def feed(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))

    return feed


@pytest.fixture
def no_broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Makes any attempt to reach a broker from ``submit`` fail the test loudly."""
    attempts: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(args)
        raise AssertionError("submit reached for the broker although a job was invalid")

    monkeypatch.setattr("workers.client.Client", refuse)
    yield attempts
    assert attempts == []


def verdict_of(out: str) -> VerdictEvent:
    """The VerdictEvent printed on stdout, checked against the checked-in JSON Schema."""
    jsonschema.validate(json.loads(out), VERDICT_SCHEMA)
    return VerdictEvent.model_validate_json(out)


class TestVerifyExitCodes:
    def test_passing_job_exits_0(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a job that passes, when verified, then the exit code is 0, stdout holds its pass verdict
        and stderr is empty."""
        code = main(["verify", str(write_job(make_job()))])
        out, err = capsys.readouterr()
        assert code == 0
        assert verdict_of(out).verdict is Verdict.PASS
        assert err == ""

    def test_failing_job_exits_1(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a job whose must_pass criterion fails, then the exit code is 1 and the verdict is fail."""
        code = main(["verify", str(write_job(failing_job()))])
        assert code == 1
        assert verdict_of(capsys.readouterr().out).verdict is Verdict.FAIL

    def test_partial_job_exits_1(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a job that clears the threshold with a failed check, then the exit code is 1 and the
        verdict is partial."""
        code = main(["verify", str(write_job(partial_job()))])
        assert code == 1
        assert verdict_of(capsys.readouterr().out).verdict is Verdict.PARTIAL

    def test_error_verdict_exits_3(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given a pipeline that returns an error verdict (no unpatched path yields one: the pipeline never
        returns error for a valid job, and an invalid one exits 2), then the exit code is 3 and the error
        verdict with its reason is printed."""

        def broken(job: Any, **kwargs: Any) -> VerdictEvent:
            return checks.error_verdict("judge provider down", job_id=job.job_id, mission_id=job.mission_id)

        monkeypatch.setattr(checks, "verify", broken)
        code = main(["verify", str(write_job(make_job()))])
        verdict = verdict_of(capsys.readouterr().out)
        assert code == 3
        assert verdict.verdict is Verdict.ERROR
        assert (verdict.job_id, verdict.reason) == ("m1-t1-a1", "judge provider down")

    def test_verifleet_error_while_verifying_exits_3(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given a pipeline that raises a verifleet error that is not about the input, then the exit code
        is 3 and stderr names the command and the error, with nothing on stdout."""

        def broken(job: Any, **kwargs: Any) -> VerdictEvent:
            raise CheckError("the check library failed to load")

        monkeypatch.setattr(checks, "verify", broken)
        code = main(["verify", str(write_job(make_job()))])
        out, err = capsys.readouterr()
        assert code == 3
        assert out == ""
        assert err == "verifleet verify: the check library failed to load\n"

    def test_exit_code_matches_the_verdict_for_every_outcome(self, write_job: WriteJob) -> None:
        """Given pass, fail and partial jobs together, then each exit code is 0 exactly for pass."""
        codes = {
            name: main(["verify", str(write_job(job, f"{name}.json"))])
            for name, job in (("pass", make_job()), ("fail", failing_job()), ("partial", partial_job()))
        }
        assert codes == {"pass": 0, "fail": 1, "partial": 1}


class TestVerifyPrevious:
    def corrected(self, attempt: int = 2, **over: Any) -> dict[str, Any]:
        return {
            **failing_job(),
            "job_id": f"fails-a{attempt}",
            "attempt": attempt,
            "policy": {"max_attempts": 5},
            **over,
        }

    def first(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> Path:
        """Attempt 1's verdict, written where --previous can read it."""
        assert main(["verify", str(write_job(self.corrected(1)))]) == 1
        return write_job(capsys.readouterr().out, name="first.json")

    def test_an_unchanged_correction_is_compared_and_escalates(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given attempt 1's verdict (retry_with_feedback), when attempt 2 of the same draft is
        verified with --previous, then it reports progress not converging and escalates; the text
        summary says so in a line."""
        previous = self.first(write_job, capsys)
        job = write_job(self.corrected(2), name="second.json")
        assert main(["verify", str(job), "--previous", str(previous)]) == 1
        got = verdict_of(capsys.readouterr().out)
        assert got.action.value == "escalate" and got.progress is not None
        assert (got.progress.previous_job_id, got.progress.remaining, got.progress.converging) == (
            "fails-a1",
            1,
            False,
        )
        assert main(["verify", str(job), "--previous", str(previous), "--output", "text"]) == 1
        assert "corrections: against attempt 1 (" in capsys.readouterr().out

    @pytest.mark.parametrize(
        ("over", "message"),
        [
            ({"task_id": "other"}, "is of task m1/t1, not the job's m1/other"),
            ({"attempt": 1}, "is of attempt 1, not one before the job's 1"),
        ],
    )
    def test_a_verdict_of_another_task_or_of_no_earlier_attempt_is_refused(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], over: dict[str, Any], message: str
    ) -> None:
        previous = self.first(write_job, capsys)
        job = write_job(self.corrected(**over), name="second.json")
        assert main(["verify", str(job), "--previous", str(previous)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and message in err and str(previous) in err

    def test_an_unreadable_or_invalid_previous_verdict_is_refused(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        job = write_job(self.corrected(), name="second.json")
        assert main(["verify", str(job), "--previous", str(tmp_path / "missing.json")]) == 2
        assert "cannot read" in capsys.readouterr().err
        bad = write_job({"job_id": "x", "verdict": "maybe"}, name="bad.json")
        assert main(["verify", str(job), "--previous", str(bad)]) == 2
        err = capsys.readouterr().err
        assert "invalid verdict in" in err and "verdict" in err


class TestVerifyBadInput:
    def bad(self, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
        """Runs the command, asserts exit 2 with nothing on stdout, and returns stderr."""
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2
        assert out == ""
        assert err.count("\n") == 1, "one line on stderr, no traceback"
        return err

    def test_not_json(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a file that is not JSON, then exit 2 and stderr names the file and the position."""
        path = write_job(b'{"job_id": "j",', "broken.json")
        err = self.bad(["verify", str(path)], capsys)
        assert f"verifleet verify: invalid job in {path}: " in err
        assert "not valid JSON" in err and "line 1 column" in err

    def test_not_utf8(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a file that is not UTF-8, then exit 2 and stderr says so and at which byte."""
        err = self.bad(["verify", str(write_job(b'{"job_id": "\xff"}'))], capsys)
        assert "not valid UTF-8 (byte 12" in err

    def test_unknown_schema_version(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a v2 job, then exit 2 and stderr says where (schema_version) and names the version."""
        path = write_job(make_job(schema_version=2))
        err = self.bad(["verify", str(path)], capsys)
        assert err.startswith(f"verifleet verify: invalid job in {path} at schema_version: ")
        assert "version 2 is not supported" in err

    def test_missing_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a path with no file, then exit 2 and stderr names the path and the reason."""
        path = tmp_path / "nowhere.json"
        err = self.bad(["verify", str(path)], capsys)
        assert err == f"verifleet verify: cannot read {path}: No such file or directory\n"

    def test_directory_instead_of_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a directory, then exit 2 and stderr says it cannot be read."""
        err = self.bad(["verify", str(tmp_path)], capsys)
        assert f"cannot read {tmp_path}: " in err

    def test_empty_word_count_bounds(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given word_count params whose bounds cannot both hold (ge 9, le 3), then exit 2 and stderr
        points at the criterion's params and says what is wrong."""
        job = make_job(
            criteria=[{"id": "c1", "text": "x", "check": "word_count", "params": {"ge": 9, "le": 3}}]
        )
        err = self.bad(["verify", str(write_job(job))], capsys)
        assert " at criteria.0.params" in err
        assert "9" in err and "3" in err

    def test_unknown_param(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given word_count params with a misspelt key, then exit 2 and stderr names the key's path."""
        job = make_job(
            criteria=[
                {"id": "c1", "text": "x"},
                {"id": "c2", "text": "y", "check": "word_count", "params": {"gte": 5}},
            ]
        )
        err = self.bad(["verify", str(write_job(job))], capsys)
        assert " at criteria.1.params.gte: " in err

    def test_wrong_type(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a job whose attempt is not a number, then exit 2 and stderr names the field."""
        err = self.bad(["verify", str(write_job(make_job(attempt="first")))], capsys)
        assert " at attempt: " in err and "integer" in err

    def test_oversize_content(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given content over the 1 MiB default, then exit 2 and stderr gives the size and the limit."""
        job = make_job(output={"format": "text", "content": "a" * (1024 * 1024 + 1)})
        err = self.bad(["verify", str(write_job(job))], capsys)
        assert "over the limit of 1048576 bytes" in err

    def test_content_limit_comes_from_the_environment(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given VERIFLEET_MAX_CONTENT_BYTES=2048, then content of 2049 bytes is refused with that limit."""
        monkeypatch.setenv("VERIFLEET_MAX_CONTENT_BYTES", "2048")
        job = make_job(output={"format": "text", "content": "a" * 2049})
        err = self.bad(["verify", str(write_job(job))], capsys)
        assert "content is 2049 bytes, over the limit of 2048 bytes" in err

    def test_bad_setting(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given VERIFLEET_BUDGET_FRACTION=2, then exit 2 and stderr names the variable."""
        monkeypatch.setenv("VERIFLEET_BUDGET_FRACTION", "2")
        err = self.bad(["verify", str(write_job(make_job()))], capsys)
        assert err.startswith("verifleet: bad setting VERIFLEET_BUDGET_FRACTION: ")

    def test_integer_too_long_to_read(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given a job whose attempt is a 5001-digit number, then exit 2 like any undecodable job."""
        path = write_job(b'{"job_id": "j", "attempt": 1' + b"0" * 5000 + b"}")
        self.bad(["verify", str(path)], capsys)

    def test_schema_version_array(self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]) -> None:
        """Given "schema_version": [], then exit 2 naming schema_version."""
        err = self.bad(["verify", str(write_job(make_job(schema_version=[])))], capsys)
        assert " at schema_version: " in err


class TestVerifyOutput:
    def test_default_output_off_a_terminal_is_the_verdict_json(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given stdout that is not a terminal and no --output, then stdout is exactly one VerdictEvent
        JSON document that validates against the checked-in schema and matches in-process verify."""
        job = make_job(has_dependents=True, trace_id="tr-9")
        assert main(["verify", str(write_job(job))]) == 0
        verdict = verdict_of(capsys.readouterr().out)
        assert (verdict.job_id, verdict.mission_id, verdict.task_id) == ("m1-t1-a1", "m1", "t1")
        assert verdict.mode == "inline" and verdict.trace_id == "tr-9"
        assert verdict.same_outcome(checks.verify(parse_job(job)))

    def test_json_output_of_a_failing_job_carries_the_fix(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given --output json and a failing job, then the JSON holds the failed check, its flag and
        fix instructions."""
        assert main(["verify", str(write_job(failing_job())), "--output", "json"]) == 1
        verdict = verdict_of(capsys.readouterr().out)
        assert (verdict.checks[0].name, verdict.checks[0].status) == ("word_count", "fail")
        assert verdict.flags and verdict.flags[0].type == "word_count"
        assert "500 words" in verdict.fix_instructions

    def test_text_output_is_a_readable_summary(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given --output text and a failing job, then stdout is not JSON but a summary with the verdict,
        the job, each check with its status, the flag and the fix instructions."""
        assert main(["verify", str(write_job(failing_job())), "--output", "text"]) == 1
        out = capsys.readouterr().out
        with pytest.raises(json.JSONDecodeError):
            json.loads(out)
        words = " ".join(out.split())
        expected = checks.verify(parse_job(failing_job()))
        assert words.startswith(
            f"FAIL fails status={expected.status.value} action={expected.action.value} score="
        )
        assert "word_count (c1) fail" in words
        assert "cite_integrity pass" in words
        assert "f1 critical word_count" in words
        assert "fix: Lengthen the text" in words and "500 words" in words

    def test_text_output_of_a_pass_has_no_fix_section(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given --output text and a passing job, then the summary says PASS and has nothing to fix."""
        assert main(["verify", str(write_job(make_job())), "--output", "text"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("PASS  m1-t1-a1  status=passed  action=continue")
        assert "fix:" not in out

    def test_text_output_of_an_error_shows_the_reason(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given an error verdict and --output text, then the summary says ERROR and why."""
        monkeypatch.setattr(
            checks, "verify", lambda job, **kw: checks.error_verdict("no judge", job_id=job.job_id)
        )
        assert main(["verify", str(write_job(make_job())), "--output", "text"]) == 3
        out = capsys.readouterr().out
        assert out.startswith("ERROR  m1-t1-a1")
        assert "reason: no judge" in out

    def test_job_from_stdin(self, stdin: Callable[[bytes], None], capsys: pytest.CaptureFixture[str]) -> None:
        """Given "-" as the job and a failing job on standard input, then it is verified like a file."""
        stdin(json.dumps(failing_job()).encode())
        assert main(["verify", "-", "--output", "json"]) == 1
        assert verdict_of(capsys.readouterr().out).job_id == "fails"

    def test_bad_job_from_stdin_names_stdin(
        self, stdin: Callable[[bytes], None], capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given "-" and a v9 job on standard input, then exit 2 and stderr says "in -" and where."""
        stdin(json.dumps(make_job(schema_version=9)).encode())
        assert main(["verify", "-"]) == 2
        assert capsys.readouterr().err.startswith("verifleet verify: invalid job in - at schema_version: ")


class TestSubprocess:
    def run(self, argv: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            argv, input=stdin, capture_output=True, env=clean_env(), cwd=ROOT, timeout=60, check=False
        )

    def test_module_verifies_a_job_from_stdin(self) -> None:
        """Given `python -m workers.cli verify -` in a separate process with a passing job on stdin, then
        it exits 0 and prints the verdict JSON (stdout is a pipe, so JSON is the default)."""
        done = self.run([sys.executable, "-m", "workers.cli", "verify", "-"], json.dumps(make_job()).encode())
        assert done.returncode == 0, done.stderr.decode()
        assert verdict_of(done.stdout.decode()).verdict is Verdict.PASS
        assert done.stderr == b""

    def test_console_script_exit_codes(self, write_job: WriteJob) -> None:
        """Given the installed `verifleet` script, then a failing job exits 1 and a bad one exits 2 with
        a one-line message and no traceback."""
        script = shutil.which("verifleet", path=str(Path(sys.executable).parent))
        if script is None:
            pytest.skip("the verifleet console script is not installed next to this interpreter")
        failing = self.run([script, "verify", str(write_job(failing_job(), "fail.json"))])
        assert failing.returncode == 1, failing.stderr.decode()
        assert verdict_of(failing.stdout.decode()).verdict is Verdict.FAIL
        bad = self.run([script, "verify", str(write_job(b"[1, 2]", "bad.json"))])
        assert bad.returncode == 2
        assert bad.stdout == b""
        assert bad.stderr.decode().endswith("a job is a JSON object, not list\n")
        assert b"Traceback" not in bad.stderr

    def test_text_output_in_a_process(self, write_job: WriteJob) -> None:
        """Given --output text in a separate process, then the summary is printed without colour codes
        (stdout is not a terminal)."""
        done = self.run(
            [sys.executable, "-m", "workers.cli", "verify", str(write_job(partial_job())), "--output", "text"]
        )
        assert done.returncode == 1
        out = done.stdout.decode()
        assert out.startswith("PARTIAL  partial")
        assert "\x1b[" not in out


class TestSchemaCommand:
    def test_writes_both_schemas_equal_to_the_checked_in_ones(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given `verifleet schema --dir DIR`, then exit 0, it prints both paths, and each file equals the
        one checked in under messages/schema/."""
        target = tmp_path / "out"
        assert main(["schema", "--dir", str(target)]) == 0
        printed = capsys.readouterr().out.split()
        assert sorted(printed) == sorted(str(target / n) for n in ("verdict_event.json", "verify_job.json"))
        assert sorted(p.name for p in target.iterdir()) == ["verdict_event.json", "verify_job.json"]
        for name in ("verify_job.json", "verdict_event.json"):
            assert (target / name).read_bytes() == (SCHEMA_DIR / name).read_bytes(), (
                f"messages/schema/{name} is stale: run `make schema`"
            )

    def test_written_job_schema_accepts_a_valid_job(self, tmp_path: Path) -> None:
        """Given the written verify_job.json, then the tests' default job validates against it."""
        assert main(["schema", "--dir", str(tmp_path)]) == 0
        schema = json.loads((tmp_path / "verify_job.json").read_text(encoding="utf-8"))
        jsonschema.validate(make_job(), schema)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(make_job(colour="red"), schema)


class TestSubmitCommand:
    def submit_fails(self, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
        """Runs submit, asserts exit 2 with nothing on stdout, and returns stderr."""
        code = main(["submit", *argv])
        out, err = capsys.readouterr()
        assert code == 2
        assert out == ""
        return err

    @pytest.mark.usefixtures("no_broker")
    def test_bad_job_in_an_array_names_file_and_index(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given a file holding an array whose second job is v2, then exit 2 before any broker is
        reached, and stderr names the file, job 1 and the field."""
        path = write_job([make_job(), make_job(job_id="j2", schema_version=2)], "jobs.json")
        err = self.submit_fails([str(path)], capsys)
        assert err.startswith(f"verifleet submit: {path} job 1 at schema_version: ")
        assert "version 2 is not supported" in err

    @pytest.mark.usefixtures("no_broker")
    def test_bad_job_in_json_lines_names_its_line_index(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given JSON lines whose third job has a bad attempt, then stderr names job 2 and the field."""
        lines = "\n".join(json.dumps(j) for j in (make_job(), make_job(job_id="b"), make_job(attempt=0)))
        path = write_job(lines + "\n", "jobs.jsonl")
        err = self.submit_fails([str(path)], capsys)
        assert err.startswith(f"verifleet submit: {path} job 2 at attempt: ")

    @pytest.mark.usefixtures("no_broker")
    def test_bad_job_in_the_second_file_names_that_file(
        self, write_job: WriteJob, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given a good file then a file with one non-object job, then stderr names the second file and
        job 0."""
        good = write_job(make_job(), "good.json")
        bad = write_job([[1, 2]], "bad.json")
        err = self.submit_fails([str(good), str(bad)], capsys)
        assert err == f"verifleet submit: {bad} job 0: a job is a JSON object, not list\n"

    @pytest.mark.usefixtures("no_broker")
    def test_unreadable_files(
        self, write_job: WriteJob, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Given a missing file or one that is not JSON, then exit 2 and stderr names the file."""
        missing = tmp_path / "missing.json"
        assert f"cannot read jobs from {missing}: " in self.submit_fails([str(missing)], capsys)
        garbage = write_job("{not json", "garbage.json")
        assert f"cannot read jobs from {garbage}: " in self.submit_fails([str(garbage)], capsys)
