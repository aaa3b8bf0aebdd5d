"""The sources of one job as numbered sentences, with a BM25 index over their terms.

Each source's ``text`` is read with :func:`checks.claims.parse_prose` (so
markdown and HTML excerpts segment the same way drafts do, and every
sentence keeps its offsets into the source text); questions are dropped.
Sentences are numbered in source order, so each source owns one contiguous
run of numbers.

Retrieval is Okapi BM25 (k1 = 1.5, b = 0.75) over sentence terms
(:func:`checks.grounding.lexicon.terms`), scored for every claim of a draft
at once: the postings are numpy arrays and one ``bincount`` sums a whole
batch of claims. bm25s (0.3.16) was measured first and not taken: an index
here is built per job over a thousand or two sentences and queried once per
claim, so the build dominates, and on the benchmark job (1,660 source
sentences, 166 claims, ``bench/grounding.py``) bm25s took 15 ms to build and
score against 5 ms for the scorer below (1.7 ms postings, 3.2 ms scores), with
a budget of 20 ms for the whole check; rank-bm25 scores every sentence in
Python for each query term. We need the terms ourselves anyway (coverage,
figures), so the library would tokenise a second time.

Indexes are cached by the sources' ids and texts (a retry of a task comes
back with the same sources), :data:`CACHE_SIZE` jobs per process.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from checks.claims import parse_prose
from checks.grounding.lexicon import clauses, negated, read, terms
from checks.grounding.quantities import Quantity, quantities
from messages import Source

__all__ = [
    "CACHE_SIZE",
    "Features",
    "SourceIndex",
    "SourceSentence",
    "build_index",
    "clear_cache",
    "features",
]

K1 = 1.5
B = 0.75
CACHE_SIZE = 16
_QUERY_BATCH = 256

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Features:
    """What the matcher reads from one sentence (a claim or a source sentence)."""

    terms: frozenset[str]
    quantities: tuple[Quantity, ...]
    clauses: tuple[tuple[frozenset[str], bool], ...]
    """Each clause's terms and whether it is negated."""


def features(plain: str) -> Features:
    """Read a sentence's terms, figures and clauses."""
    own = frozenset(terms(plain))
    return Features(terms=own, quantities=tuple(quantities(plain)), clauses=_clauses(plain, own))


def _clauses(plain: str, own: frozenset[str]) -> tuple[tuple[frozenset[str], bool], ...]:
    parts = clauses(plain)
    if len(parts) == 1:
        return ((own, negated(plain)),)
    return tuple((frozenset(terms(p)), negated(p)) for p in parts)


@dataclass(frozen=True, slots=True)
class SourceSentence:
    number: int
    source_id: str
    start: int
    end: int
    """Offsets into the source's ``text``."""
    text: str
    """The sentence as written in the source."""
    plain: str
    terms: frozenset[str]
    context: frozenset[str] = frozenset()
    """Terms of its surroundings: the source's title and the names in its first sentence and in the
    sentence before. They name what a sentence leaves implicit ("*Its* p95 latency was 45 ms")."""
    before: frozenset[str] = frozenset()
    """Every term of the sentence before (in the same source): what "That" or "It" may refer to."""


@dataclass
class SourceIndex:
    sentences: tuple[SourceSentence, ...]
    spans: Mapping[str, tuple[int, int]]
    """Source id -> (first, end) sentence numbers."""
    source_of: IntArray
    """Sentence number -> position of its source in :attr:`source_ids`."""
    source_ids: tuple[str, ...]
    source_terms: Mapping[str, frozenset[str]]
    """Source id -> every term of the source, title included."""
    vocab: dict[str, int]
    idf: FloatArray
    _ptr: IntArray
    _docs: IntArray
    _weights: FloatArray
    embeddings: npt.NDArray[np.float32] | None = None
    """Unit-length sentence embeddings, filled by the embeddings backend on first use."""
    _quantities: dict[int, tuple[Quantity, ...]] = field(default_factory=dict)
    _clauses: dict[int, tuple[tuple[frozenset[str], bool], ...]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.sentences)

    @property
    def max_idf(self) -> float:
        """The weight of a term no source sentence holds."""
        return math.log(1.0 + (len(self.sentences) + 0.5) / 0.5)

    def weight(self, term: str) -> float:
        i = self.vocab.get(term)
        return float(self.idf[i]) if i is not None else self.max_idf

    def quantities(self, number: int) -> tuple[Quantity, ...]:
        """The figures of one sentence, read once (only candidates of claims with figures are read)."""
        got = self._quantities.get(number)
        if got is None:
            got = self._quantities[number] = tuple(quantities(self.sentences[number].plain))
        return got

    def clauses(self, number: int) -> tuple[tuple[frozenset[str], bool], ...]:
        """The clauses of one sentence with their terms and polarity, read once."""
        got = self._clauses.get(number)
        if got is None:
            sentence = self.sentences[number]
            got = self._clauses[number] = _clauses(sentence.plain, sentence.terms)
        return got

    def terms_of(self, source_ids: Sequence[str] | None) -> frozenset[str]:
        """Every term of these sources (of all sources for None)."""
        ids = self.source_ids if source_ids is None else source_ids
        return frozenset().union(*(self.source_terms.get(i, frozenset()) for i in ids))

    def mask(self, source_ids: Sequence[str] | None) -> npt.NDArray[np.bool_]:
        """Sentences of these sources (all sentences for None)."""
        out = np.zeros(len(self.sentences), dtype=bool)
        for sid in self.source_ids if source_ids is None else source_ids:
            first, end = self.spans.get(sid, (0, 0))
            out[first:end] = True
        return out

    def scores(self, queries: Sequence[Sequence[str]]) -> npt.NDArray[np.float32]:
        """BM25 score of every sentence for every query: shape (len(queries), len(self))."""
        n = len(self.sentences)
        out = np.zeros((len(queries), n), dtype=np.float32)
        if n == 0:
            return out
        for first in range(0, len(queries), _QUERY_BATCH):
            batch = queries[first : first + _QUERY_BATCH]
            pair_q: list[int] = []
            pair_t: list[int] = []
            for qi, query in enumerate(batch):
                for term in set(query):
                    tid = self.vocab.get(term)
                    if tid is not None:
                        pair_q.append(qi)
                        pair_t.append(tid)
            if not pair_t:
                continue
            tids = np.array(pair_t, dtype=np.int64)
            starts = self._ptr[tids]
            lengths = self._ptr[tids + 1] - starts
            total = int(lengths.sum())
            offsets = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths) + np.arange(total)
            rows = np.repeat(np.array(pair_q, dtype=np.int64), lengths)
            cells = rows * n + self._docs[offsets]
            summed = np.bincount(cells, weights=self._weights[offsets], minlength=len(batch) * n)
            out[first : first + len(batch)] = summed.reshape(len(batch), n)
        return out


def build_index(sources: Sequence[Source]) -> SourceIndex:
    """The index of a job's sources, from the cache when the same sources were indexed lately."""
    key = tuple((s.id, s.text) for s in sources)
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    index = _build(sources)
    with _LOCK:
        _CACHE[key] = index
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return index


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()


_CACHE: OrderedDict[tuple[tuple[str, str], ...], SourceIndex] = OrderedDict()
_LOCK = threading.Lock()


def _build(sources: Sequence[Source]) -> SourceIndex:
    sentences: list[SourceSentence] = []
    spans: dict[str, tuple[int, int]] = {}
    source_terms: dict[str, frozenset[str]] = {}
    source_of: list[int] = []
    source_ids: list[str] = []
    vocab: dict[str, int] = {}
    doc_list: list[int] = []
    term_list: list[int] = []
    for source in sources:
        if source.id in spans:
            continue  # a duplicate id: the first entry wins, as it does for markers
        first = len(sentences)
        position = len(source_ids)
        source_ids.append(source.id)
        title = frozenset(terms(source.title or ""))
        everything = set(title)
        if source.text.strip():
            lead: frozenset[str] = frozenset()
            previous: frozenset[str] = frozenset()
            last: frozenset[str] = frozenset()
            for s in parse_prose(source.text).sentences:
                if s.question:
                    continue
                words, named_list = read(s.plain)
                own = frozenset(words)
                number = len(sentences)
                around = (title | lead | previous) - own
                sentences.append(
                    SourceSentence(
                        number, source.id, s.start, s.end, s.text, s.plain, own, around, last - own
                    )
                )
                everything |= own
                named = frozenset(named_list)
                if number == first:
                    lead = named
                previous = named
                last = own
                source_of.append(position)
                term_list += [vocab.setdefault(word, len(vocab)) for word in words]
                doc_list += [number] * len(words)
        spans[source.id] = (first, len(sentences))
        source_terms[source.id] = frozenset(everything)
    n, v = len(sentences), len(vocab)
    if not term_list:
        empty_i = np.zeros(0, dtype=np.int64)
        return SourceIndex(
            tuple(sentences),
            spans,
            np.array(source_of, dtype=np.int64),
            tuple(source_ids),
            source_terms,
            vocab,
            np.zeros(v, dtype=np.float64),
            np.zeros(v + 1, dtype=np.int64),
            empty_i,
            np.zeros(0, dtype=np.float64),
        )
    docs = np.array(doc_list, dtype=np.int64)
    tids = np.array(term_list, dtype=np.int64)
    keys, tf = np.unique(tids * n + docs, return_counts=True)
    post_terms, post_docs = keys // n, keys % n
    df = np.bincount(post_terms, minlength=v)
    idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5))
    length = np.bincount(docs, minlength=n).astype(np.float64)
    norm = K1 * (1.0 - B + B * length / max(length.mean(), 1e-9))
    weights = idf[post_terms] * tf * (K1 + 1.0) / (tf + norm[post_docs])
    ptr = np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(df)])
    return SourceIndex(
        tuple(sentences),
        spans,
        np.array(source_of, dtype=np.int64),
        tuple(source_ids),
        source_terms,
        vocab,
        idf,
        ptr,
        post_docs,
        weights,
    )
