"""The built-in checks. Importing this package registers every one of them."""

from checks.library import cite_integrity, judge, word_count

__all__ = ["cite_integrity", "judge", "word_count"]
