"""Closed vocabularies of the v1 contract (CONTRACT.md sections 1-3)."""

from __future__ import annotations

from enum import StrEnum


class OutputFormat(StrEnum):
    TEXT = "text"
    MARKDOWN = "markdown"
    HTML = "html"
    JSON = "json"
    LINKEDIN_POST = "linkedin_post"
    NEWSLETTER_ESSAY = "newsletter_essay"
    NEWSLETTER_ROUNDUP = "newsletter_roundup"
    NEWSLETTER_COMPARISON = "newsletter_comparison"
    NEWSLETTER_ANALYTICAL = "newsletter_analytical"

    @property
    def structured(self) -> bool:
        """The five draft formats whose content is an object with a fixed shape."""
        return self in _STRUCTURED  # a set lookup: checked for every job validated


_STRUCTURED = frozenset(f for f in OutputFormat if f.value.startswith(("linkedin_", "newsletter_")))


class Profile(StrEnum):
    AUTO = "auto"
    OPENMARK = "openmark"
    INTEGRITY = "integrity"
    FACTCHECK = "factcheck"
    CRITERIA = "criteria"


class Strictness(StrEnum):
    STRICT = "strict"
    STANDARD = "standard"
    RELAXED = "relaxed"


class Mode(StrEnum):
    INLINE = "inline"
    BATCH = "batch"


INLINE_QUEUE = "verify-inline"
"""The dramatiq queue of inline jobs (:attr:`Mode.INLINE`)."""
BATCH_QUEUE = "verify-batch"
"""The dramatiq queue of batch jobs (:attr:`Mode.BATCH`)."""
QUEUES = (INLINE_QUEUE, BATCH_QUEUE)


class CheckName(StrEnum):
    CITE_INTEGRITY = "cite_integrity"
    VOICE = "voice"
    WORD_COUNT = "word_count"
    SCHEMA = "schema"
    SOURCE_MARKERS = "source_markers"
    GROUNDING = "grounding"
    PROHIBITED_PHRASES = "prohibited_phrases"
    READING_LEVEL = "reading_level"
    STRUCTURE = "structure"
    JSON_SCHEMA = "json_schema"
    JUDGE = "judge"


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    PARTIAL = "partial"
    ERROR = "error"


class Status(StrEnum):
    PASSED = "passed"
    PASSED_WITH_WARNINGS = "passed_with_warnings"
    REQUIRES_CORRECTION = "requires_correction"
    FAILED = "failed"
    ERROR = "error"


class Action(StrEnum):
    CONTINUE = "continue"
    RETRY_WITH_FEEDBACK = "retry_with_feedback"
    ESCALATE = "escalate"


class CheckStatus(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    SKIPPED = "skipped"
    ERROR = "error"


class SkipReason(StrEnum):
    """Why a planned check did not run; the ``reason`` of a skipped check."""

    BUDGET = "budget"
    SHORT_CIRCUIT = "short_circuit"
    CIRCUIT_OPEN = "circuit_open"
    BYPASS = "bypass"
    NO_JUDGE = "no_judge"
    NO_INDEPENDENT_JUDGE = "no_independent_judge"
    NOT_APPLICABLE = "not_applicable"
    NOT_SAMPLED = "not_sampled"
    """The mission's sampling policy left this task out (docs/policies.md)."""


class FlagType(StrEnum):
    UNSOURCED = "unsourced"
    CONTRADICTED = "contradicted"
    INFERRED = "inferred"
    CITATION_ERROR = "citation_error"
    BROKEN_REF = "broken_ref"
    INVALID_TYPE = "invalid_type"
    LOW_RELIABILITY = "low_reliability"
    INDIRECT_CITATION = "indirect_citation"
    VOICE_VIOLATION = "voice_violation"
    STRUCTURE_VIOLATION = "structure_violation"
    SCHEMA_VIOLATION = "schema_violation"
    WORD_COUNT = "word_count"
    READING_LEVEL = "reading_level"


class Severity(StrEnum):
    CRITICAL = "critical"
    WARNING = "warning"
    INFO = "info"


class SourceType(StrEnum):
    """The source types the integrity profile accepts (SV-003)."""

    SOURCE_CODE = "source_code"
    DOCUMENTATION = "documentation"
    WEB = "web"
    ANALYTICS = "analytics"
