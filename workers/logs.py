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
    renderer: structlog.typing.Processor
    if fmt == "console" or (fmt == "auto" and sys.stderr.isatty()):
        renderer = structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    else:
        renderer = structlog.processors.JSONRenderer()
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelNamesMapping()[level.upper()]),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
    _configured = True
