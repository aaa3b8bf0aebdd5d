"""The built-in checks. Importing this package registers every one of them."""

from checks.library import (
    cite_integrity,
    grounding,
    json_schema,
    judge,
    prohibited_phrases,
    reading_level,
    schema,
    source_markers,
    structure,
    voice,
    word_count,
)

__all__ = [
    "cite_integrity",
    "grounding",
    "json_schema",
    "judge",
    "prohibited_phrases",
    "reading_level",
    "schema",
    "source_markers",
    "structure",
    "voice",
    "word_count",
]
