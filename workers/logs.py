"""structlog set-up: JSON lines for machines, a readable console when attached to a terminal.

Context (job_id, mission_id, task_id, trace_id) is bound with contextvars, so
every line logged while a job runs carries it, including lines from checks.
"""

from __future__ import annotations

import logging
import sys
from typing import Literal, TextIO

import structlog

_configured = False


def configure(
    level: str = "info",
    fmt: Literal["auto", "json", "console"] = "auto",
    *,
    force: bool = False,
    stream: TextIO | None = None,
) -> None:
    """Our lines, one ``write`` each, to ``stream`` (default: ``sys.stderr`` as it is now).

    dramatiq's worker processes pass the process's own standard error (``sys.__stderr__``):
    dramatiq points ``sys.stderr`` at a pipe its main process copies from, a message per
    ``write`` (``print`` makes two a line), so each line cost the main process two reads, two
    writes and two flushes; a line written straight to the inherited descriptor is one system
    call, and a line shorter than the pipe buffer never interleaves with another process's.
    """
    global _configured  # noqa: PLW0603  (configured once per process)
    if _configured and not force:
        return
    out = stream if stream is not None else sys.stderr
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            _renderer(fmt),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelNamesMapping()[level.upper()]),
        logger_factory=structlog.WriteLoggerFactory(file=out),
        cache_logger_on_first_use=True,
    )
    _configured = True


def _renderer(fmt: Literal["auto", "json", "console"]) -> structlog.typing.Processor:
    """``auto``: console on a terminal; JSON otherwise, and in dramatiq's worker processes, whose
    ``sys.stderr`` is its pipe (their lines stay JSON wherever they are written)."""
    if fmt == "console" or (fmt == "auto" and sys.stderr.isatty()):
        return structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    return structlog.processors.JSONRenderer()


def adopt_stdlib(fmt: Literal["auto", "json", "console"] = "auto") -> None:
    """Render what is logged through stdlib ``logging`` (dramatiq's own lines: a message that
    failed, a retry, a worker stopping) like our own: every handler of the root logger gets a
    structlog formatter, with the level, the logger's name, the time and the job context bound
    in the thread that logged it. For dramatiq's worker processes, whose root handler writes to
    the pipe its main process copies to stderr; the main process's few lines keep its format."""
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[
            structlog.contextvars.merge_contextvars,
            structlog.stdlib.add_log_level,
            structlog.stdlib.add_logger_name,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
        ],
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, _renderer(fmt)],
    )
    for handler in logging.getLogger().handlers:
        handler.setFormatter(formatter)
