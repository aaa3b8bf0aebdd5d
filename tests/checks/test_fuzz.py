"""No input crashes a check: every outcome is a CheckResult, a verdict or a validation error.

Hypothesis builds valid VerifyJobs with arbitrary content in every output format
(markdown-ish and HTML-ish token soup, Arabic and Hebrew, entities, code fences,
citations, markers, JSON values) and runs every check in ``checks.registry.available()``
both as a profile runs it (no params) and as a criterion runs it (params that validate).
Runs are derandomized so CI sees the same examples every time; the whole module
stays under about 20 seconds.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from checks import verify, verify_document
from checks.config import DEFAULT_CONFIG
from checks.registry import CheckContext, CheckResult, NoParams, available, get
from messages import (
    CheckError,
    CheckName,
    CheckStatus,
    JobRejected,
    OutputFormat,
    Profile,
    Strictness,
    VerdictEvent,
    VerifyJob,
    parse_job,
)

FUZZ = settings(
    max_examples=75,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
CHECKS = sorted(available(), key=lambda name: name.value)
MINE = {
    CheckName.PROHIBITED_PHRASES,
    CheckName.READING_LEVEL,
    CheckName.STRUCTURE,
    CheckName.JSON_SCHEMA,
}
"""Checks whose every flag must carry offsets (the others are held to in-range offsets)."""

TOKENS = [
    "#",
    "##",
    "###",
    "\n",
    "\n\n",
    "```",
    "~~~",
    "`",
    "    ",
    "-",
    "*",
    "1.",
    ">",
    "|",
    "===",
    "---",
    "Summary",
    "Findings",
    "Sources",
    "synergy",
    "delve",
    "game-changer",
    "In conclusion,",
    "It's",
    "It\u2019s",
    "the",
    "organization",
    "implementation",
    "cat",
    ".",
    "?",
    "!",
    ",",
    ";",
    ":",
    "\u2014",
    "[s1]",
    "[s9]",
    "[source: s2]",
    "[Source: web:docs/a:1]",
    "[text](#s3)",
    "[x](https://example.org/a)",
    "https://example.org/a",
    "https://unseen.example/b?q=1&x=2",
    "<h2>",
    "</h2>",
    "<p>",
    "</p>",
    '<a href="#s2">',
    "</a>",
    "<code>",
    "</code>",
    "<!--",
    "-->",
    "<cite>",
    "</cite>",
    "&amp;",
    "&nbsp;",
    "&#233;",
    "&bogus;",
    "&",
    "{",
    "}",
    "[",
    "]",
    '"k":',
    "NaN",
    "null",
    "42",
    "3.5%",
    "10x",
    "PostgreSQL",
    "تآزر",
    "هذا نص عربي",
    "؟",
    "\u064e",
    "סינרגיה",
    "זה טקסט",
    "\u05b0",
    "\u200d",
    "\U0001f600",
    "\x00",
]
DRAFT_KEYS = [
    "hook",
    "body",
    "closer",
    "anchor_url",
    "sources",
    "url",
    "title",
    "thesis",
    "sections",
    "heading",
    "counter",
    "intro",
    "buckets",
    "items",
    "so_what",
    "name",
    "rows",
    "criterion",
    "values",
    "recommendation",
    "what_im_reading",
    "language",
    "word_count",
    "humanizer_applied",
]

soup = st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join)
free_text = st.text(max_size=200)
texts = st.one_of(soup, free_text, st.just(""))
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(DRAFT_KEYS) | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)
objects = st.dictionaries(st.sampled_from(DRAFT_KEYS), json_values, max_size=8)


@st.composite
def contents(draw: st.DrawFn, fmt: OutputFormat) -> Any:
    if fmt.structured:
        return draw(objects)
    if fmt is OutputFormat.JSON:
        return draw(st.one_of(texts, json_values.map(str), objects, st.lists(json_values, max_size=4)))
    return draw(texts)


phrases = st.lists(st.sampled_from(TOKENS) | free_text, max_size=6).map(
    lambda items: [p for p in items if p.strip()][:6]
)
headings = st.sampled_from(["Summary", "Findings", "Sources", "ملخص", "סיכום", "Risks", "1. Intro"])
SCHEMAS = [
    {"type": "object"},
    {"type": "array", "items": {"type": "integer"}},
    {"type": "object", "required": ["hook"], "properties": {"hook": {"type": "string", "maxLength": 5}}},
    {"$defs": {"n": {"type": "number"}}, "items": {"$ref": "#/$defs/n"}},
    {"anyOf": [{"type": "string", "pattern": "^a+$"}, {"type": "null"}]},
    {"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}]},
    True,
    False,
]
PARAMS: dict[CheckName, st.SearchStrategy[dict[str, Any]]] = {
    CheckName.WORD_COUNT: st.fixed_dictionaries(
        {}, optional={"ge": st.integers(0, 500), "le": st.integers(0, 5000), "target": st.integers(1, 500)}
    ),
    CheckName.CITE_INTEGRITY: st.fixed_dictionaries(
        {}, optional={"allow": st.lists(st.sampled_from(["https://example.org/*", "https://x.org/a"]))}
    ),
    CheckName.PROHIBITED_PHRASES: st.fixed_dictionaries({"phrases": phrases}),
    CheckName.READING_LEVEL: st.fixed_dictionaries(
        {},
        optional={
            "metric": st.sampled_from(["flesch_kincaid_grade", "smog_index", "gunning_fog"]),
            "max": st.floats(0, 40),
            "min_words": st.integers(1, 50),
        },
    ),
    CheckName.STRUCTURE: st.fixed_dictionaries(
        {
            "sections": st.lists(
                st.fixed_dictionaries(
                    {"heading": headings},
                    optional={
                        "max_words": st.integers(0, 50),
                        "required": st.booleans(),
                    },
                ),
                min_size=1,
                max_size=4,
                unique_by=lambda s: s["heading"],
            )
        },
        optional={"order": st.booleans(), "tolerance": st.floats(0, 1)},
    ),
    CheckName.JSON_SCHEMA: st.fixed_dictionaries(
        {"schema": st.sampled_from(SCHEMAS)}, optional={"max_errors": st.integers(1, 5)}
    ),
}


@st.composite
def jobs(draw: st.DrawFn) -> VerifyJob:
    fmt = draw(st.sampled_from(list(OutputFormat)))
    ids = draw(st.lists(st.sampled_from(["s1", "s2", "s3", "web-1", "alpha", "7"]), unique=True, max_size=4))
    document: dict[str, Any] = {
        "job_id": "fuzz",
        "mission_id": "m",
        "task_id": "t",
        "attempt": draw(st.integers(1, 4)),
        "task": {"cost_usd": draw(st.sampled_from([0.0, 0.5]))},
        "output": {
            "format": fmt.value,
            "content": draw(contents(fmt)),
            "language": draw(st.sampled_from(["en", "ar-msa", "ar-egt", "ar-shami", "he", "de", "xx"])),
        },
        "sources": [
            {
                "id": sid,
                "type": draw(st.sampled_from(["web", "documentation", "source_code", "analytics", "blog"])),
                "url": draw(st.sampled_from([None, "https://example.org/a"])),
                "path": draw(st.sampled_from([None, "docs", "src/app.py"])),
                "detail": draw(st.sampled_from([None, "1", "web-1"])),
                "text": draw(texts),
                "reliability": draw(st.sampled_from([None, 0.2, 0.9])),
            }
            for sid in ids
        ],
        "seen_urls": draw(
            st.lists(st.sampled_from(["https://example.org/a", "https://x.org/a"]), max_size=2)
        ),
        "policy": {"strictness": draw(st.sampled_from([s.value for s in Strictness]))},
    }
    if draw(st.booleans()):
        voice: dict[str, Any] = {"prohibited_phrases": draw(phrases)}
        if draw(st.booleans()):
            voice["reading_level"] = {
                "metric": draw(st.sampled_from(["flesch_kincaid_grade", "smog_index", "gunning_fog"])),
                "max": draw(st.floats(0, 40)),
            }
        document["voice"] = voice
    return parse_job(document)


def _context(job: VerifyJob, params: BaseModel) -> CheckContext:
    return CheckContext(job=job, policy=DEFAULT_CONFIG.resolve(job), text=job.output.text, params=params)


def _assert_result(result: object, text: str, name: CheckName) -> None:
    assert isinstance(result, CheckResult), f"{name.value} returned {type(result).__name__}"
    assert result.score is None or 0.0 <= result.score <= 1.0, result.score
    for f in result.flags:
        if name in MINE:
            assert f.start is not None and f.end is not None
        if f.start is not None and f.end is not None:
            assert 0 <= f.start <= f.end <= len(text), (name.value, f.start, f.end, len(text))


def _params(name: CheckName, raw: dict[str, Any]) -> BaseModel | None:
    spec = get(name)
    assert spec is not None
    try:
        return spec.params.model_validate(raw)
    except ValidationError:
        return None  # params that do not validate never reach a check: plan time refuses them


class TestNoCheckCrashes:
    @pytest.mark.parametrize("name", CHECKS, ids=[c.value for c in CHECKS])
    @FUZZ
    @given(job=jobs(), data=st.data())
    def test_check_returns_a_result(self, name: CheckName, job: VerifyJob, data: st.DataObject) -> None:
        """Any job, as a profile check (no params) and as a criterion (valid params): a CheckResult."""
        spec = get(name)
        assert spec is not None
        runs: list[BaseModel] = [NoParams()]
        raw = data.draw(PARAMS.get(name, st.just({})), label="params")
        params = _params(name, raw)
        if params is not None:
            runs.append(params)
        for p in runs:
            try:
                result = spec.fn(_context(job, p))
            except CheckError:
                continue  # a check that cannot run says so; the pipeline records it as error
            _assert_result(result, job.output.text, name)


CRITERIA = st.lists(
    st.sampled_from(sorted(PARAMS, key=lambda n: n.value)).flatmap(
        lambda name: PARAMS[name].map(lambda params: {"check": name.value, "params": params})
    ),
    max_size=3,
)


class TestNoVerdictCrashes:
    @FUZZ
    @given(job=jobs(), profile=st.sampled_from(list(Profile)), criteria=CRITERIA)
    def test_pipeline_gives_a_verdict_or_a_validation_error(
        self, job: VerifyJob, profile: Profile, criteria: list[dict[str, Any]]
    ) -> None:
        """Every profile over any job with any criteria: a verdict, or JobRejected at plan time."""
        document = job.model_dump(mode="json")
        document["policy"]["profile"] = profile.value
        document["criteria"] = [{"id": f"c{i}", "text": "rule", **c} for i, c in enumerate(criteria)]
        try:
            verdict = verify(parse_job(document))
        except JobRejected:
            return
        assert isinstance(verdict, VerdictEvent)
        crashed = [
            c for c in verdict.checks if c.status is CheckStatus.ERROR and "internal error" in c.reason
        ]
        assert not crashed, crashed

    @FUZZ
    @given(raw=st.one_of(st.binary(max_size=300), soup, st.builds(lambda t: '{"job_id": "x", ' + t, soup)))
    def test_raw_documents_never_raise_past_the_boundary(self, raw: bytes | str) -> None:
        """Garbage in: an error verdict, or JobRejected when not even a job_id can be read."""
        try:
            verdict = verify_document(raw)
        except JobRejected:
            return
        assert isinstance(verdict, VerdictEvent)


# Hostile input (issue 9): mutated jobs and pathological text --------------------------------------

FULL_JOB: dict[str, Any] = {
    "schema_version": 1,
    "job_id": "hostile",
    "mission_id": "m",
    "task_id": "t",
    "attempt": 1,
    "has_dependents": True,
    "mode": "inline",
    "task": {"description": "Research", "executor_model": "openai:gpt-4o", "cost_usd": 0.42},
    "output": {"format": "markdown", "content": "# Findings\n\nA claim [s1].\n", "language": "en"},
    "criteria": [
        {
            "id": "c1",
            "text": "long",
            "check": "word_count",
            "params": {"ge": 1},
            "must_pass": True,
            "weight": 1.0,
        },
        {"id": "c2", "text": "judged", "params": {"threshold": 0.5}},
    ],
    "sources": [
        {"id": "s1", "type": "web", "url": "https://example.org/a", "text": "A claim.", "reliability": 0.6}
    ],
    "seen_urls": ["https://example.org/a"],
    "source_map": [{"section": "Findings", "source_ids": ["s1"]}],
    "voice": {
        "prohibited_phrases": ["synergy"],
        "reading_level": {"metric": "flesch_kincaid_grade", "max": 10},
    },
    "policy": {"profile": "auto", "strictness": "standard", "budget_fraction": 0.3, "ensemble": 1},
    "trace_id": "tr-1",
    "submitted_at": "2026-11-21T10:00:00Z",
}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


PATHS = _paths(FULL_JOB)
hostile_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40)
    | st.sampled_from(["", "\x00", "\ud7ff", "inline", "batch", "criteria", "0", "-1", "1e309", "NaN"]),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def mutated_jobs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid job with up to four of its fields replaced, deleted, or joined by unknown ones."""
    document = copy.deepcopy(FULL_JOB)
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(PATHS))
        parent: Any = document
        try:
            for step in path[:-1]:
                parent = parent[step]
            action = draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                parent[path[-1]] = draw(hostile_values)
            elif action == "delete" and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif isinstance(parent, dict):
                parent[draw(st.text(min_size=1, max_size=8))] = draw(hostile_values)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced the way there
    return document


PATHOLOGICAL = [
    "a" * 20_000,
    "[" * 10_000,
    "](" * 5_000,
    "![](" * 3_000,
    "<" * 10_000,
    "<div>" * 4_000,
    "<!--" * 4_000,
    "&#" * 5_000 + ";",
    "*" * 10_000,
    "_" * 10_000,
    "`" * 6_000,
    "|" * 10_000,
    "#" * 6_000,
    "- " * 8_000,
    "> " * 8_000,
    "http://" * 3_000,
    "https://example.org/" + "a/" * 8_000,
    "[Source: " * 3_000,
    "(" * 8_000 + ")" * 8_000,
    " " * 20_000,
    "\n" * 20_000,
    ".\u200b" * 8_000,
    "\u202e" * 5_000 + "text",
    "\u0301" * 10_000,
    "word " * 20_000,
    "1,000,000.5% " * 2_000,
]


class TestHostileInput:
    @FUZZ
    @given(document=mutated_jobs())
    def test_a_mutated_job_gets_a_verdict_or_a_clear_refusal(self, document: dict[str, Any]) -> None:
        """Any field of a full job replaced by anything JSON can hold (huge integers, NaN, NUL, deep
        lists), deleted, or joined by unknown keys: a verdict (an error saying why, where the job is
        invalid), or JobRejected when no job_id is left to answer; nothing else escapes."""
        raw = json.dumps(document)
        try:
            verdict = verify_document(raw)
        except JobRejected:
            return
        assert isinstance(verdict, VerdictEvent)
        json.loads(verdict.model_dump_json())  # and it can be published

    @pytest.mark.parametrize("fmt", ["markdown", "html", "text"])
    @pytest.mark.parametrize("text", PATHOLOGICAL, ids=[f"p{i}" for i in range(len(PATHOLOGICAL))])
    def test_every_check_survives_pathological_text(self, text: str, fmt: str) -> None:
        """Long runs of the characters each check's scanner cares about (brackets, markers, entities,
        URLs, emphasis, combining marks, bidi controls): every check returns a result, and the whole
        pipeline a verdict, with every check's params set too."""
        criteria = [{"id": f"c{i}", "text": "rule", **c} for i, c in enumerate(HOSTILE_CRITERIA)]
        job = parse_job({**FULL_JOB, "output": {"format": fmt, "content": text}, "criteria": criteria})
        for name in CHECKS:
            spec = get(name)
            assert spec is not None
            try:
                result = spec.fn(_context(job, NoParams()))
            except CheckError:
                continue
            _assert_result(result, job.output.text, name)
        verdict = verify(job)
        crashed = [
            c for c in verdict.checks if c.status is CheckStatus.ERROR and "internal error" in c.reason
        ]
        assert not crashed, crashed


HOSTILE_CRITERIA: list[dict[str, Any]] = [
    {"check": "word_count", "params": {"ge": 1, "le": 100_000}},
    {"check": "prohibited_phrases", "params": {"phrases": ["a a", "[", "<div>", "\u0301"]}},
    {"check": "reading_level", "params": {"max": 12}},
    {"check": "structure", "params": {"sections": [{"heading": "Findings", "required": True}]}},
    {"check": "cite_integrity"},
]
