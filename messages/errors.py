"""The one exception tree of verifleet.

Every error that crosses a package boundary is one of these; errors from
redis, pika and httpx are translated where they are caught::

    VerifleetError
    ├── JobRejected                  the input cannot be verified (never retried)
    │   ├── JobDecodeError           not JSON, not UTF-8, too large to parse
    │   ├── JobValidationError       JSON of the wrong shape or out of range
    │   └── UnsupportedSchemaVersion a schema_version this fleet does not speak
    ├── CheckError                   a check could not run to completion
    ├── ConfigurationError           settings that cannot work (bad URL, unknown scheme)
    └── FleetError                   the broker or the event store misbehaved (retried)
        └── VerdictTimeout           no verdict arrived within the caller's deadline

``JobRejected`` carries ``where`` (a dotted path into the job, or ``""``)
so every message says what is wrong and where.
"""

from __future__ import annotations


class VerifleetError(Exception):
    """Base class of every error verifleet raises on purpose."""


class JobRejected(VerifleetError):
    """The job cannot be verified as sent; resending it unchanged will not help."""

    def __init__(self, message: str, *, where: str = "", job_id: str | None = None) -> None:
        self.message = message
        self.where = where
        self.job_id = job_id
        super().__init__(f"{where}: {message}" if where else message)


class JobDecodeError(JobRejected):
    """The bytes are not a JSON document we are willing to parse."""


class JobValidationError(JobRejected):
    """The JSON parsed but does not match the VerifyJob contract."""


class UnsupportedSchemaVersion(JobValidationError):
    """The job names a ``schema_version`` this fleet does not implement."""


class CheckError(VerifleetError):
    """A check failed to run (as opposed to running and finding a problem)."""


class ConfigurationError(VerifleetError):
    """A setting that cannot work, reported at start-up."""


class FleetError(VerifleetError):
    """A broker or Redis failure; the operation may succeed when retried."""


class VerdictTimeout(FleetError):
    """No verdict for the job arrived before the deadline."""
