"""Claim grounding (issue 5): precision and recall per class on the labelled pairs, and speed.

Quality: every record of ``tests/data/grounding_pairs.jsonl`` (a claim, the sources and source map
of its dossier, a label) is grounded as a one-claim draft under its section heading, with the
lexical path and, when the ``embeddings`` extra is installed, the embeddings path. Per class:
precision and recall; plus recall on the numeric contradictions (figures, units, money, years).

Speed: a 2,000-word markdown draft of about 150 claims (copied, reworded, with a changed figure,
negated or made up) against 20 sources of about 1,000 words (half their sentences hold figures, two
or three each), with a source map, on one core. The cold figure (the target's) reads every source
and builds the index for every draft (a job whose sources this worker never saw); the others keep
more: the sources read for earlier jobs of a mission (the index is still built per draft), the
whole index (a retry), or nothing at all, not even the word memos (a fresh process); and one reads
every claim in full, the claims copied word for word from their sources too (what a draft that
copies nothing costs). Hostile
input: the slowest of a few 1 MB drafts built to find super-linear work.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.deterministic import rate
from bench.results import Figure
from checks import native
from checks.grounding import Status, ground, semantic
from checks.grounding.engine import Backend
from checks.grounding.index import clear_cache
from messages import Source, SourceMapEntry

COMMAND = "make bench  # bench/grounding.py"
PAIRS = Path(__file__).resolve().parent.parent / "tests" / "data" / "grounding_pairs.jsonl"
CLASSES = [s.value for s in Status]
NUMERIC_KINDS = ("numeric", "numeric_money", "numeric_percent", "numeric_year", "unit_conversion")


def load_pairs(path: Path = PAIRS) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def predict(record: dict[str, Any], backend: Backend = "lexical") -> str:
    """The status the check gives the record's claim (``none`` when it is not read as one claim)."""
    sources = [Source(**s) for s in record["sources"]]
    source_map = [SourceMapEntry(**e) for e in record["source_map"]]
    draft = f"## {record['section']}\n\n{record['claim']}\n"
    result = ground(draft, sources, source_map=source_map, backend=backend)
    return result.claims[0].status.value if len(result.claims) == 1 else "none"


def quality(records: Sequence[dict[str, Any]], backend: Backend) -> dict[str, float]:
    """Precision and recall per class, and recall on numeric contradictions."""
    confusion: Counter[tuple[str, str]] = Counter()
    numeric = numeric_hits = 0
    for record in records:
        got = predict(record, backend)
        confusion[(record["label"], got)] += 1
        if record["label"] == Status.CONTRADICTED.value and record["kind"] in NUMERIC_KINDS:
            numeric += 1
            numeric_hits += got == record["label"]
    out: dict[str, float] = {}
    for label in CLASSES:
        hits = confusion[(label, label)]
        predicted = sum(n for (_, got), n in confusion.items() if got == label)
        actual = sum(n for (gold, _), n in confusion.items() if gold == label)
        out[f"{label}_precision"] = round(hits / predicted, 3) if predicted else 0.0
        out[f"{label}_recall"] = round(hits / actual, 3) if actual else 0.0
    out["numeric_contradiction_recall"] = round(numeric_hits / numeric, 3) if numeric else 0.0
    out["accuracy"] = round(sum(confusion[(c, c)] for c in CLASSES) / max(len(records), 1), 3)
    return out


_TARGETS = {
    "supported_precision": ">= 0.9",
    "unsourced_recall": ">= 0.85",
    "numeric_contradiction_recall": ">= 0.9",
}


def quality_figures(backend: Backend, records: Sequence[dict[str, Any]]) -> dict[str, Figure]:
    scores = quality(records, backend)
    note = f"{len(records)} labelled claim-source pairs, {backend} path"
    return {
        f"grounding_{backend}_{name}": Figure(
            value, "fraction", _TARGETS.get(name, ">= 0"), COMMAND, note=note
        )
        for name, value in scores.items()
    }


# --- speed -------------------------------------------------------------------

_ENTITIES = [
    "Atlas", "Borealis", "Cobalt", "Dunmore", "Ember", "Fjord", "Granite", "Halcyon", "Iris", "Juniper",
    "Kestrel", "Lumen", "Meridian", "Nimbus", "Orchid", "Pinnacle", "Quarry", "Rowan", "Sable", "Tundra",
]  # fmt: skip
_CITIES = ["Frankfurt", "Dublin", "Lisbon", "Oslo", "Toronto", "Osaka", "Nairobi", "Lima", "Perth", "Riga"]
_FEATURES = ["Windows hosts", "offline mode", "bulk exports", "single sign-on", "audit logs", "IPv6"]
_EVENTS = ["the spring migration", "the cache rewrite", "the autumn sale", "the schema change", "the outage"]
_STORES = ["Redis", "PostgreSQL", "Kafka", "Kubernetes", "RabbitMQ", "object storage"]
_TEMPLATES = [
    "The {e} service handled {rps} requests per second at peak in {city}.",
    "Its p95 latency was {ms} ms after {event}, while p50 stayed at {small} ms.",
    "{e} runs in {regions} regions, including {city} and {city2}.",
    "{e} does not support {feature} in the current release.",
    "Revenue from {e} rose {pct}% to ${money} million in {year}.",
    "The team behind {e} grew to {people} engineers, most of them in {city}.",
    "{e} keeps its audit data for {days} days in a replicated store.",
    "Error rates at {e} fell from {small}.{digit}% to 0.{digit}% after {event}.",
    "The {e} dashboard is used by {analysts} analysts across {regions} countries.",
    "A full rebuild of {e} takes about {minutes} minutes on the shared cluster.",
    "{e} stores session state in {store} and replicates it to {city}.",
    "The {e} team moved its deployments to {store} after {event}.",
    "{e} supports {feature} for customers on the enterprise plan.",
    "Operators of {e} review the incident log every morning with the {city} office.",
    "{e} was designed by a small group of engineers who previously built {other}.",
    "The {e} documentation explains how retries and timeouts interact during {event}.",
    "Customers of {e} praise its onboarding, though some find the reporting screens slow.",
    "{e} publishes a public status page and posts a review after every major incident.",
    "Security reviews of {e} found no critical issues in the authentication flow.",
    "{e} relies on {store} for queues and on a managed database for billing.",
]


def _sentence(rng: random.Random, entity: str) -> str:
    """One source sentence about ``entity``: half the templates hold figures."""
    return rng.choice(_TEMPLATES).format(
        e=entity,
        rps=f"{rng.randint(2, 90) * 100:,}",
        ms=rng.randint(8, 400),
        small=rng.randint(2, 9),
        digit=rng.randint(1, 9),
        regions=rng.randint(2, 9),
        pct=rng.randint(3, 60),
        money=f"{rng.randint(2, 90)}.{rng.randint(1, 9)}",
        year=rng.randint(2019, 2024),
        people=rng.randint(12, 300),
        days=rng.randint(7, 400),
        analysts=rng.randint(40, 900),
        minutes=rng.randint(3, 50),
        city=rng.choice(_CITIES),
        city2=rng.choice(_CITIES),
        event=rng.choice(_EVENTS),
        feature=rng.choice(_FEATURES),
        store=rng.choice(_STORES),
        other=rng.choice(_ENTITIES),
    )


_SWAPS = [("handled", "served"), ("rose", "grew"), ("fell", "dropped"), ("runs in", "operates in")]


def speed_job(seed: int = 11, words: int = 2_000) -> tuple[str, list[Source], list[SourceMapEntry]]:
    """A draft of about ``words`` words and 20 sources of about 1,000 words each, with a source map."""
    draft, sources, source_map, _ = made_job(seed, words)
    return draft, sources, source_map


def made_job(
    seed: int = 11, words: int = 2_000
) -> tuple[str, list[Source], list[SourceMapEntry], list[tuple[str, str]]]:
    """:func:`speed_job`'s draft, sources and map, and how each sentence of the draft was made, in
    order, with the sentence: ``copied`` from one of its section's sources, ``reworded`` (a verb
    for another), ``changed`` (a digit of a figure), ``denied`` (``does not support`` made
    ``supports``), or ``new`` (about any entity, figures drawn afresh)."""
    rng = random.Random(seed)
    sources = []
    texts: list[list[str]] = []
    for i, entity in enumerate(_ENTITIES):
        sentences: list[str] = []
        while sum(len(s.split()) for s in sentences) < 1_000:
            sentences.append(_sentence(rng, entity))
        texts.append(sentences)
        sources.append(
            Source(id=f"s{i + 1}", type="web", title=f"{entity} service review", text=" ".join(sentences))
        )
    out: list[str] = []
    made: list[tuple[str, str]] = []
    count = 0
    source_map: list[SourceMapEntry] = []
    section = 0
    while count < words:
        if len(out) % 12 == 0:
            section += 1
            picked = rng.sample(range(len(sources)), 3)
            title = f"Part {section}"
            source_map.append(SourceMapEntry(section=title, source_ids=[f"s{i + 1}" for i in picked]))
            out.append(f"\n## {title}\n")
            pool = picked
        copied = sentence = rng.choice(texts[rng.choice(pool)])
        roll = rng.random()
        how = "copied"
        if roll < 0.2:
            for a, b in _SWAPS:
                sentence = sentence.replace(a, b)
            how = "reworded"
        elif roll < 0.35:
            sentence = sentence.replace("0", "5", 1)
            how = "changed"
        elif roll < 0.45:
            sentence = sentence.replace("does not support", "supports")
            how = "denied"
        elif roll < 0.6:
            sentence = _sentence(rng, rng.choice(_ENTITIES))
            how = "new"
        out.append(sentence)
        made.append((how if how == "new" or sentence != copied else "copied", sentence))
        count += len(sentence.split())
    return " ".join(out).replace(" \n", "\n"), sources, source_map, made


def speed_figures(seconds: float, *, embeddings: bool) -> dict[str, Figure]:
    """Drafts per second, lexical path, from nothing cached to everything cached; the embeddings path."""
    job = speed_job()
    built = "compiled (make native)" if native.active() else "as Python (not compiled: make native)"
    note = f"2,000-word draft, 20 sources of ~1,000 words, source map, one core, grounding {built}"
    cases = {
        # target, what is forgotten before each draft, and how the note reads
        "grounding_lexical_drafts_per_s": (
            ">= 50",
            clear_cache,
            "cold: the source index and every source read are built per draft (a job whose sources "
            "this worker never saw); word memos warm, as in any running worker",
        ),
        "grounding_lexical_fresh_drafts_per_s": (
            ">= 0",
            lambda: clear_cache(memos=True),
            "as cold, and the word memos (stems, tokens) emptied too: the first job of a fresh process",
        ),
        "grounding_lexical_shared_sources_drafts_per_s": (
            ">= 0",
            lambda: clear_cache(sources=False),
            "the job index built per draft from sources read for earlier jobs (a mission's jobs "
            "share sources; per-source cache keyed by title and text)",
        ),
        "grounding_lexical_warm_drafts_per_s": (
            ">= 0",
            lambda: None,
            "the job index cached (a retry against the same sources)",
        ),
    }
    figures = {
        name: Figure(
            round(rate(grounded(job, forget), seconds), 1), "drafts/s", target, COMMAND, note=f"{note}; {how}"
        )
        for name, (target, forget, how) in cases.items()
    }
    # The claims copied word for word from their sources (130 of 166) read in full like the rest:
    # what the cold draft costs when it copies nothing.
    figures["grounding_lexical_read_in_full_drafts_per_s"] = Figure(
        round(rate(grounded(job, clear_cache, copies=False), seconds), 1),
        "drafts/s",
        ">= 0",
        COMMAND,
        note=f"{note}; as cold, every claim read in full: no copy supported by a lookup of its text",
    )
    interpreted = interpreted_rate(seconds)
    cold = figures["grounding_lexical_drafts_per_s"].value
    figures["grounding_lexical_interpreted_drafts_per_s"] = Figure(
        round(interpreted, 1),
        "drafts/s",
        ">= 0",
        COMMAND,
        note=f"{note.replace(built, 'as Python')}; as cold, in a process with VERIFLEET_NATIVE=0: the "
        "same sources, interpreted (the baseline of grounding_native_speedup)",
    )
    figures["grounding_native_speedup"] = Figure(
        round(cold / interpreted, 2),
        "x",
        ">= 1.3",
        COMMAND,
        note=f"cold drafts/s {built} over the same interpreted, in this run (checks/native.py)",
    )
    figures.update(hostile_figures())
    if embeddings:
        semantic.load()

        def forget_all() -> None:
            clear_cache()
            semantic.clear_cache()

        def new_draft() -> None:
            clear_cache()
            semantic.clear_claims()

        embedded: dict[str, tuple[Callable[[], None], int | None, str]] = {
            # name, what is forgotten before each draft, how many single drafts are timed (the best
            # counts; None: rate() rounds, for a case fast enough), how the note reads. A draft that
            # embeds takes seconds: rate() would run 60 of them.
            "grounding_embeddings_drafts_per_s": (forget_all, 1, "cold: every sentence embedded"),
            "grounding_embeddings_shared_sources_drafts_per_s": (
                new_draft,
                3,
                "the sources' vectors kept from an earlier job of the mission, the claims embedded",
            ),
            "grounding_embeddings_warm_drafts_per_s": (
                lambda: None,
                None,
                "a retry: the job index and the claims' vectors cached",
            ),
        }
        for name, (forget, drafts, how) in embedded.items():
            one = grounded(job, forget, "embeddings")
            value = rate(one, seconds) if drafts is None else 1 / min(_timed(one) for _ in range(drafts))
            figures[name] = Figure(round(value, 3), "drafts/s", ">= 0", COMMAND, note=f"{note}; {how}")
    return figures


def grounded(
    job: tuple[str, list[Source], list[SourceMapEntry]],
    forget: Callable[[], None],
    backend: Backend = "lexical",
    *,
    copies: bool = True,
) -> Callable[[], object]:
    """One draft of ``job`` grounded, after ``forget`` (what is cached before each draft); ``copies``
    as :func:`~checks.grounding.ground` takes it."""
    draft, sources, source_map = job

    def one() -> object:
        forget()
        return ground(draft, sources, source_map=source_map, backend=backend, copies=copies)

    return one


def cold_rate(seconds: float) -> float:
    """Cold drafts per second of the speed job, as ``grounding_lexical_drafts_per_s`` times them."""
    one = grounded(speed_job(), clear_cache)
    one()
    return rate(one, seconds)


def interpreted_rate(seconds: float) -> float:
    """:func:`cold_rate` in a process of its own that runs the grounding path from its sources."""
    code = f"from bench.grounding import cold_rate; print(cold_rate({seconds!r}))"
    env = {**os.environ, native.ENV: "0"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=native.ROOT, capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[-1])


def _timed(fn: Callable[[], object]) -> float:
    """Seconds one call takes."""
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


# --- hostile input -------------------------------------------------------------

HOSTILE_BYTES = 1_000_000


_PHRASES = (
    "at the end of 2023", "in the third quarter", "ahead of Lima", "3 of the 14 nodes", "the most used",
    "fell by 5%", "more than a million", "stopped selling", "more riders than Leeds", "after the merger",
    "was bought by Kinloch", "beat Corran",
)  # fmt: skip
"""Wordings each read by a rule of its own (times, ranks, shares, changes, bounds, denials,
comparisons and relations)."""


_LIMITS = [
    "went down",
    "not all rooms",
    "the only one",
    "every day except Sunday",
    "only to members",
    "rejected a plan to close",
    "was associated with",
    "used to run",
]
"""The words of the scope, refusal, association and ``used to`` rules, for a hostile sentence."""


def hostile_drafts(size: int = HOSTILE_BYTES, seed: int = 5) -> dict[str, str]:
    """Drafts of about ``size`` characters built to find super-linear work (see ``hostile_figures``)."""
    rng = random.Random(seed)
    draft, _, _ = speed_job()
    return {
        "long draft": ((draft + "\n") * (size // len(draft) + 1))[:size],
        "one sentence of words": "Atlas " + " ".join(rng.choice(_ENTITIES) for _ in range(size // 8)) + ".",
        "one sentence of figures": "Atlas handled "
        + ", ".join(f"{rng.randint(1, 9_999):,} ms" for _ in range(size // 10))
        + ".",
        "a run of digits and commas": "Atlas had " + "1," * (size // 2) + "1 users.",
        "one sentence of clauses": "Atlas "
        + ", ".join(
            rng.choice(["does not support IPv6", "runs in Oslo", "grew 4%"]) for _ in range(size // 16)
        )
        + ".",
        "one sentence of times, ranks and comparisons": "Atlas "
        + " ".join(rng.choice(_PHRASES) for _ in range(size // 16))
        + ".",
        "one sentence of scopes, refusals and associations": "Atlas "
        + " ".join(rng.choice(_LIMITS) for _ in range(size // 20))
        + ".",
        "no spaces": "Atlas " + "x" * size + ".",
        "unclosed brackets": "Atlas [s1] " + "[" * size,
    }


def hostile_figures() -> dict[str, Figure]:
    """The slowest of the hostile drafts, grounded cold against the speed job's sources.

    Each was timed at 250 KB, 500 KB and 1 MB while fixing the grounding path: every one now grows
    linearly (a sentence of thousands of figures was quadratic: 123 s at 4,000 figures, before
    :data:`checks.grounding.index.MAX_FIGURES`).
    """
    _, sources, source_map = speed_job()
    worst, slowest = "", 0.0
    for name, draft in hostile_drafts().items():
        clear_cache()
        took = _timed(lambda draft=draft: ground(draft, sources, source_map=source_map))
        if took > slowest:
            worst, slowest = name, took
    note = f"slowest of {len(hostile_drafts())} hostile 1 MB drafts ({worst}), cold, one core"
    return {"grounding_lexical_hostile_worst_s": Figure(round(slowest, 2), "s", "<= 5", COMMAND, note=note)}


def run(seconds: float = 2.0) -> dict[str, Figure]:
    records = load_pairs()
    embeddings = semantic.available()
    figures = quality_figures("lexical", records)
    if embeddings:
        figures.update(quality_figures("embeddings", records))
    figures.update(speed_figures(seconds, embeddings=embeddings))
    return figures
