"""Reading level: Flesch-Kincaid grade, SMOG and Gunning Fog, computed offline.

Syllables come from pyphen's hyphenation dictionaries, which ship inside the
package: nothing is downloaded at run time (textstat 0.7.13 fetches nltk's
cmudict on first use, which a worker with no network cannot do). A word's
syllables are its hyphenation points + 1 (pyphen with ``left=right=1`` so that
one-letter edges such as "a-bout" can split), capped in English by its number
of vowel groups, which corrects the dictionary's over-splits ("strengths").
Like any dictionary estimate it is off by one on some words ("idea", "video").

The formulas, as published:

* Flesch-Kincaid grade = 0.39 * words/sentences + 11.8 * syllables/words - 15.59
* SMOG = 1.0430 * sqrt(polysyllables * 30 / sentences) + 3.1291
* Gunning Fog = 0.4 * (words/sentences + 100 * complex/words)

where a polysyllable has three or more syllables and a complex word is a
polysyllable that is not capitalised mid-sentence (a proper noun), not
hyphenated, and not three syllables only thanks to an -es, -ed or -ing ending.

Sentences end at ``. ! ? …`` (and the Arabic question mark, CJK full stops) followed by
space and a character that is not a lower-case letter (so "e.g. the" does not
end one), at blank lines, and before headings and list items: a heading
without a full stop is a sentence of its own, not the start of the next one.

The formulas were fitted on English. For other languages that pyphen has a
dictionary for the same numbers are computed (they are only indicative); for
languages it has none for, such as Arabic and Hebrew, :func:`syllable_counter`
returns None and the check says it does not apply.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pyphen  # type: ignore[import-untyped]  # pyphen ships no type information

Metric = Literal["flesch_kincaid_grade", "smog_index", "gunning_fog"]
METRICS: tuple[Metric, ...] = ("flesch_kincaid_grade", "smog_index", "gunning_fog")
METRIC_NAMES: dict[Metric, str] = {
    "flesch_kincaid_grade": "Flesch-Kincaid grade",
    "smog_index": "SMOG",
    "gunning_fog": "Gunning Fog",
}
SMOG_MIN_SENTENCES = 3
"""SMOG was fitted on samples of 30 sentences; under 3 the 30/sentences scaling is meaningless."""

# Block starts that end the sentence before them: headings, list items, quotes, table rows.
_BLOCK_BREAK = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:#{1,6}\s|[-*+]\s|\d{1,9}[.)]\s|>|\|))")
# Possessive runs, tried only where a run of stops begins: linear even on "....." or long spaces.
_STOPS = "[.!?\u2026\u061f\u3002\uff01\uff1f]"
_SENTENCE_END = re.compile(
    f"(?<!{_STOPS}){_STOPS}++['\"\u201d\u2019)\\]\u00bb]*+(?:\\s++(?=[^\\sa-z])|\\s*+\\Z)"
)
_HEADING_LINE = re.compile(r"[ \t]*#{1,6}\s")
_LETTER = re.compile(r"[^\W\d_]")
_VOWEL_GROUPS = re.compile(r"[aeiouy]+")
_SUFFIX = re.compile(r"(?:es|ed|ing)$")
_HYPHEN = re.compile("[-\u2010\u2013]")


@dataclass(frozen=True)
class Readability:
    words: int
    sentences: int
    syllables: int
    polysyllables: int
    complex_words: int

    def score(self, metric: Metric) -> float:
        """The grade for ``metric``; callers make sure there are words and sentences."""
        words = max(self.words, 1)
        sentences = max(self.sentences, 1)
        if metric == "flesch_kincaid_grade":
            grade = 0.39 * words / sentences + 11.8 * self.syllables / words - 15.59
        elif metric == "smog_index":
            grade = 1.0430 * math.sqrt(self.polysyllables * 30 / sentences) + 3.1291
        else:
            grade = 0.4 * (words / sentences + 100 * self.complex_words / words)
        return round(grade, 2)


def syllable_counter(language: str) -> Callable[[str], int] | None:
    """Counts syllables for a BCP-47 language, or None when no dictionary covers it."""
    tag = language.replace("-", "_")
    found = pyphen.language_fallback(tag)
    if found is None:
        return None
    return _counter(str(found))


@lru_cache(maxsize=16)
def _counter(dictionary: str) -> Callable[[str], int]:
    hyphenator = pyphen.Pyphen(lang=dictionary, left=1, right=1)
    english = dictionary.startswith("en")

    @lru_cache(maxsize=65_536)
    def count(word: str) -> int:
        word = word.lower()
        if not _LETTER.search(word):
            return 1  # a number reads as (at least) one syllable
        letters = "".join(ch for ch in word if ch.isalpha())
        n = len(hyphenator.positions(letters)) + 1
        if english:
            n = min(n, max(1, len(_VOWEL_GROUPS.findall(letters))))
        return max(1, n)

    return count


def sentences(text: str) -> list[str]:
    """The sentences of prose text, each holding at least one word."""
    found = []
    for piece in _BLOCK_BREAK.split(text):
        block = piece
        if _HEADING_LINE.match(block):
            heading, _, block = piece.partition("\n")
            found.append(heading)
        start = 0
        for m in _SENTENCE_END.finditer(block):
            found.append(block[start : m.end()])
            start = m.end()
        found.append(block[start:])
    return [s for s in found if any(ch.isalnum() for ch in s)]


def measure(text: str, syllables: Callable[[str], int]) -> Readability:
    """Counts for the three formulas over prose ``text`` (markup already removed)."""
    n_words = n_sentences = n_syllables = n_poly = n_complex = 0
    for sentence in sentences(text):
        n_sentences += 1
        first = True
        for token in sentence.split():
            word = _trim(token)
            if not word or not any(ch.isalnum() for ch in word):
                continue
            n_words += 1
            parts = [p for p in _HYPHEN.split(word) if p]
            count = sum(syllables(p) for p in parts) if parts else 1
            n_syllables += count
            if count >= 3:
                n_poly += 1
                if _is_complex(word, parts, first, syllables):
                    n_complex += 1
            first = False
    return Readability(n_words, n_sentences, n_syllables, n_poly, n_complex)


def _is_complex(word: str, parts: list[str], first: bool, syllables: Callable[[str], int]) -> bool:
    if len(parts) > 1:
        return False  # hyphenated compounds are not "hard words" in Gunning's sense
    if not first and word[:1].isupper():
        return False  # a proper noun
    stem = _SUFFIX.sub("", word.lower())
    return stem == word.lower() or syllables(stem) >= 3


def _trim(token: str) -> str:
    """The token without the punctuation around it (a loop, not a regex: no backtracking)."""
    start, end = 0, len(token)
    while start < end and not token[start].isalnum():
        start += 1
    while end > start and not token[end - 1].isalnum():
        end -= 1
    return token[start:end]
