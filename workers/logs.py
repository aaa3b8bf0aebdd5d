"""structlog set-up: JSON lines for machines, a readable console when attached to a terminal.

Context (job_id, mission_id, task_id, trace_id) is bound with contextvars, so
every line logged while a job runs carries it, including lines from checks.
"""

from __future__ import annotations

import logging
import sys
from typing import Literal

import structlog

_configured = False


def configure(
    level: str = "info", fmt: Literal["auto", "json", "console"] = "auto", *, force: bool = False
) -> None:
    global _configured  # noqa: PLW0603  (configured once per process)
    if _configured and not force:
        return
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
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
    _configured = True


def _renderer(fmt: Literal["auto", "json", "console"]) -> structlog.typing.Processor:
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
