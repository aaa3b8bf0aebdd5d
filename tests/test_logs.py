"""Log lines: dramatiq's own stdlib records rendered like ours, as JSON with the job's context."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
import structlog

from workers.logs import adopt_stdlib


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
