"""Size caps that keep one job from exhausting a worker.

The caps are enforced twice: ``max_job_bytes`` on the raw bytes before any
parsing, the rest while the model validates. A deployment changes them with
``VERIFLEET_MAX_CONTENT_BYTES`` and friends (see ``workers.settings``) and
passes its ``Limits`` to :func:`messages.parse_job`.
"""

from __future__ import annotations

from dataclasses import dataclass

MIB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    max_content_bytes: int = 1 * MIB
    """UTF-8 size of ``output.content`` (the JSON text of it for objects)."""
    max_job_bytes: int = 8 * MIB
    """Size of the whole job document, checked before parsing."""
    max_criteria: int = 200
    max_sources: int = 500
    max_source_text_bytes: int = 1 * MIB
    max_seen_urls: int = 10_000
    max_source_map: int = 500
    max_judges: int = 10
    max_prohibited_phrases: int = 2_000
    max_json_depth: int = 64


DEFAULT_LIMITS = Limits()
