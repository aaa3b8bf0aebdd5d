"""Log lines: dramatiq's own stdlib records rendered like ours, as JSON with the job's context."""

from __future__ import annotations

import io
import json
import logging
import sys
from collections.abc import Iterator

import pytest
import structlog

from workers import logs
from workers.logs import adopt_stdlib, configure


@pytest.fixture
def root_stream() -> Iterator[io.StringIO]:
    """The root logger with one plain handler, as dramatiq's worker processes have it."""
    root = logging.getLogger()
    saved, level = root.handlers[:], root.level
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("[%(name)s] [%(levelname)s] %(message)s"))
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        root.handlers[:] = saved
        root.setLevel(level)


class TestAdoptStdlib:
    def test_a_dramatiq_failure_is_a_json_line_with_the_job_context_and_the_traceback(
        self, root_stream: io.StringIO
    ) -> None:
        adopt_stdlib("json")
        structlog.contextvars.bind_contextvars(job_id="j-7", mission_id="m-1")
        try:
            raise RuntimeError("the judge hung up")
        except RuntimeError:
            logging.getLogger("dramatiq.worker.WorkerThread").exception(
                "Failed to process message %s with unhandled exception.", "verify_inline(...)"
            )
        finally:
            structlog.contextvars.clear_contextvars()
        (line,) = root_stream.getvalue().splitlines()
        record = json.loads(line)
        assert record["event"] == "Failed to process message verify_inline(...) with unhandled exception."
        assert record["level"] == "error" and record["logger"] == "dramatiq.worker.WorkerThread"
        assert (record["job_id"], record["mission_id"]) == ("j-7", "m-1")
        assert "RuntimeError: the judge hung up" in record["exception"] and "timestamp" in record

    def test_plain_lines_outside_a_job_carry_no_job_fields(self, root_stream: io.StringIO) -> None:
        adopt_stdlib("json")
        logging.getLogger("dramatiq.WorkerProcess(0)").info("Worker process is ready for action.")
        record = json.loads(root_stream.getvalue())
        assert record["event"] == "Worker process is ready for action." and "job_id" not in record


class Writes(io.StringIO):
    """A stream that records each ``write`` it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def write(self, s: str) -> int:
        self.calls.append(s)
        return super().write(s)


class TestOwnStream:
    def test_each_line_is_one_write_to_the_stream_given(self) -> None:
        """Given the stream a worker process passes (its own standard error, not dramatiq's pipe,
        which stands in ``sys.stderr``), then each line is one ``write``: a line shorter than a pipe's
        buffer then never interleaves with another process's, and dramatiq's pipe gets nothing."""
        own, pipe = Writes(), Writes()
        real, saved, was = sys.stderr, structlog.get_config(), logs._configured
        sys.stderr = pipe
        try:
            configure("info", "json", force=True, stream=own)
            structlog.get_logger("verifleet.worker").info("verdict", job_id="j-1", score=0.9)
            structlog.get_logger("verifleet.worker").info("verdict", job_id="j-2", score=0.4)
        finally:
            sys.stderr = real
            structlog.configure(**saved)
            logs._configured = was
        assert pipe.calls == []
        assert len(own.calls) == 2
        assert all(call.endswith("\n") and call.count("\n") == 1 for call in own.calls)
        assert [json.loads(call)["job_id"] for call in own.calls] == ["j-1", "j-2"]
