"""The wire contract (CONTRACT.md sections 1 and 2): what a VerifyJob accepts, what it refuses and how
it says so, the VerdictEvent round trip, and the checked-in JSON Schemas."""

from __future__ import annotations

import copy
import json
import math
from datetime import UTC, datetime
from typing import Any

import pytest
from factories import make_job
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from messages import (
    SCHEMA_VERSION,
    Action,
    CheckName,
    CheckOutcome,
    CheckStatus,
    CorrectionItem,
    Cost,
    CriterionScore,
    Flag,
    FlagType,
    JobDecodeError,
    JobRejected,
    JobValidationError,
    Limits,
    Mode,
    OutputFormat,
    Profile,
    Quality,
    Severity,
    Status,
    Strictness,
    UnsupportedSchemaVersion,
    Verdict,
    VerdictEvent,
    VerifyJob,
    parse_job,
    peek_identity,
)
from messages.schema import SCHEMA_DIR, render, schemas

MIB = 1024 * 1024
STRUCTURED = [f for f in OutputFormat if f.structured]
STRING_FORMATS = [OutputFormat.TEXT, OutputFormat.MARKDOWN, OutputFormat.HTML]


def rejected(data: Any, **kwargs: Any) -> JobRejected:
    """The JobRejected that parse_job raises for ``data`` (the test fails if it returns)."""
    with pytest.raises(JobRejected) as info:
        parse_job(data, **kwargs)
    return info.value


def with_output(**output: Any) -> dict[str, Any]:
    """make_job() with ``output`` replaced; format defaults to text."""
    return make_job(output={"format": "text", "content": "x", **output})


def contract_example() -> dict[str, Any]:
    """The full example of CONTRACT.md section 1, with real content in place of the ellipses."""
    return {
        "schema_version": 1,
        "job_id": "m1-t3-a1",
        "mission_id": "m1",
        "task_id": "t3",
        "attempt": 1,
        "has_dependents": True,
        "mode": None,
        "task": {
            "description": "Research EU AI Act requirements",
            "executor_model": "openai:gpt-4o",
            "cost_usd": 0.42,
        },
        "output": {
            "format": "markdown",
            "content": "# Findings\n\nThe Act sorts AI systems into risk categories "
            "([source](https://example.org/a)).\n",
            "language": "en",
        },
        "criteria": [
            {"id": "c1", "text": "Covers all 6 risk categories", "must_pass": True, "weight": 1.0},
            {
                "id": "c2",
                "text": "Between 600 and 900 words",
                "check": "word_count",
                "params": {"ge": 600, "le": 900},
            },
        ],
        "sources": [
            {
                "id": "s1",
                "type": "web",
                "url": "https://example.org/a",
                "path": None,
                "detail": "web-1",
                "title": "The EU AI Act, explained",
                "text": "The Act sorts AI systems by the risk they pose.",
                "reliability": 0.6,
            }
        ],
        "seen_urls": ["https://example.org/a"],
        "source_map": [{"section": "Findings", "source_ids": ["s1"]}],
        "voice": {
            "prohibited_phrases": ["synergy"],
            "reading_level": {"metric": "flesch_kincaid_grade", "max": 10},
        },
        "policy": {
            "profile": "auto",
            "strictness": "standard",
            "pass_threshold": None,
            "budget_fraction": 0.30,
            "bypass_below_usd": 0.10,
            "max_attempts": 3,
            "judges": ["anthropic:claude-3-5-haiku-20241022"],
            "ensemble": 1,
        },
        "trace_id": "optional",
        "submitted_at": "2026-11-21T10:00:00Z",
    }


def _json_values() -> st.SearchStrategy[Any]:
    """JSON values of any shape (NaN and infinities too, which json.dumps writes)."""
    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
        max_leaves=10,
    )


def nested(depth: int) -> dict[str, Any]:
    """A JSON object ``depth`` levels deep: {"a": {"a": ... {}}}."""
    value: dict[str, Any] = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


class TestValidJobs:
    def test_minimal_job_parses_with_contract_defaults(self) -> None:
        """Given only the required fields, when parsed, then every optional field takes its default."""
        job = parse_job({"job_id": "j", "mission_id": "m", "task_id": "t", "output": {"content": "hi"}})
        assert job.schema_version == SCHEMA_VERSION == 1
        assert (job.attempt, job.has_dependents, job.mode) == (1, False, None)
        assert job.output.format is OutputFormat.TEXT
        assert job.output.language == "en"
        assert job.criteria == job.sources == job.seen_urls == job.source_map == []
        assert job.task.cost_usd == 0.0
        assert job.policy.profile is None and job.voice is None

    def test_factory_job_parses(self) -> None:
        """Given the tests' default job, when parsed, then its fields come through unchanged."""
        job = parse_job(make_job())
        assert job.job_id == "m1-t1-a1"
        assert job.criteria[0].check is CheckName.WORD_COUNT
        assert job.criteria[0].params == {"ge": 10, "le": 200}

    def test_contract_example_parses_in_full(self) -> None:
        """Given the full example of CONTRACT.md section 1, when parsed from JSON bytes, then every field
        is read with its contract meaning."""
        job = parse_job(json.dumps(contract_example()).encode())
        assert job.job_id == "m1-t3-a1" and job.has_dependents is True and job.mode is None
        assert job.task.executor_model == "openai:gpt-4o" and job.task.cost_usd == 0.42
        assert job.output.format is OutputFormat.MARKDOWN
        assert [c.id for c in job.criteria] == ["c1", "c2"]
        assert job.criteria[0].must_pass is True and job.criteria[0].check is None
        assert job.criteria[1].check is CheckName.WORD_COUNT
        assert job.sources[0].reliability == 0.6 and job.sources[0].path is None
        assert job.source_map[0].source_ids == ["s1"]
        assert job.voice is not None and job.voice.prohibited_phrases == ["synergy"]
        assert job.voice.reading_level is not None and job.voice.reading_level.max == 10
        assert job.policy.profile is Profile.AUTO and job.policy.strictness is Strictness.STANDARD
        assert job.policy.judges == ["anthropic:claude-3-5-haiku-20241022"]
        assert job.policy.budget_fraction == 0.30 and job.policy.ensemble == 1
        assert job.submitted_at == datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
        assert job.trace_id == "optional"

    def test_bytes_str_and_dict_give_the_same_job(self) -> None:
        """Given one job as a dict, as JSON text and as UTF-8 bytes, then all three parse to equal models."""
        document = contract_example()
        text = json.dumps(document)
        assert parse_job(document) == parse_job(text) == parse_job(text.encode("utf-8"))

    @pytest.mark.parametrize("language", ["en", "he", "ar-msa", "ar-shami", "zh-Hant-TW", "de-CH-1996"])
    def test_bcp47_language_tags_are_accepted(self, language: str) -> None:
        """Given a well-formed BCP-47 tag, then the job parses and keeps it as sent."""
        assert parse_job(with_output(language=language)).output.language == language


class TestErrorTree:
    def test_every_rejection_is_a_verifleet_job_rejected(self) -> None:
        """Given the three kinds of refusal, then each is a JobRejected, and a version refusal is
        also a validation error."""
        assert issubclass(JobDecodeError, JobRejected)
        assert issubclass(JobValidationError, JobRejected)
        assert issubclass(UnsupportedSchemaVersion, JobValidationError)

    def test_rejection_names_its_job_and_reads_where_then_what(self) -> None:
        """Given an invalid job whose job_id is readable, then the error carries that job_id and its
        text is ``where: message``."""
        error = rejected(make_job(job_id="j-42", attempt=0))
        assert error.job_id == "j-42"
        assert error.where == "attempt"
        assert str(error) == f"attempt: {error.message}"


class TestSchemaVersion:
    @pytest.mark.parametrize(
        ("version", "shown"),
        [(2, "2"), (0, "0"), (99, "99"), (None, "null"), (True, "true"), ("1", '"1"'), ([], "[]")],
    )
    def test_unknown_version_is_refused_naming_it(self, version: Any, shown: str) -> None:
        """Given a schema_version this fleet does not speak (including JSON true, null, an array and
        the string "1"), then UnsupportedSchemaVersion at schema_version names the version as JSON
        spells it and the supported one."""
        error = rejected(make_job(schema_version=version))
        assert type(error) is UnsupportedSchemaVersion
        assert error.where == "schema_version"
        assert error.message.lower() == f"version {shown.lower()} is not supported; this fleet speaks 1"

    def test_version_is_checked_before_the_shape(self) -> None:
        """Given a v2 job whose other fields are also wrong, then the one error is the version, not a
        list of field errors from a shape this fleet does not know."""
        error = rejected({"schema_version": 2, "job_id": "j", "output": 7, "novel_field": True})
        assert type(error) is UnsupportedSchemaVersion
        assert error.job_id == "j"

    @pytest.mark.parametrize("version", [[], {}, [1], {"major": 1}], ids=["[]", "{}", "[1]", "object"])
    def test_version_of_a_container_type_is_refused(self, version: Any) -> None:
        """Given a schema_version that is a JSON array or object, then it is refused as an unsupported
        version like any other value."""
        error = rejected(make_job(schema_version=version))
        assert type(error) is UnsupportedSchemaVersion

    def test_version_refusal_from_bytes(self) -> None:
        """Given a v3 job as JSON bytes, then the refusal is the same as for the dict."""
        error = rejected(json.dumps(make_job(schema_version=3)).encode())
        assert isinstance(error, UnsupportedSchemaVersion) and "3" in error.message


class TestWrongTypes:
    @pytest.mark.parametrize(
        ("overrides", "where", "says"),
        [
            ({"job_id": 5}, "job_id", "valid string"),
            ({"mission_id": None}, "mission_id", "valid string"),
            ({"job_id": ""}, "job_id", "at least 1 character"),
            ({"job_id": "a\nb"}, "job_id", "pattern"),
            ({"attempt": "x"}, "attempt", "valid integer"),
            ({"attempt": 1.5}, "attempt", "integer"),
            ({"attempt": 0}, "attempt", "greater than or equal to 1"),
            ({"has_dependents": [True]}, "has_dependents", "valid boolean"),
            ({"task": "research"}, "task", "valid dictionary"),
            ({"criteria": {"id": "c1"}}, "criteria", "valid list"),
            ({"seen_urls": "https://example.org/a"}, "seen_urls", "valid list"),
            ({"submitted_at": "yesterday"}, "submitted_at", "datetime"),
            ({"policy": {"max_attempts": 0}}, "policy.max_attempts", "greater than or equal to 1"),
            ({"policy": {"ensemble": 6}}, "policy.ensemble", "less than or equal to 5"),
            ({"policy": {"judges": ["gpt-4o"]}}, "policy.judges.0", "pattern"),
            ({"task": {"executor_model": "gpt 4"}}, "task.executor_model", "pattern"),
            ({"criteria": [{"id": "c1"}]}, "criteria.0.text", "Field required"),
            ({"criteria": [{"id": "c1", "text": "x", "must_pass": []}]}, "criteria.0.must_pass", "boolean"),
            ({"sources": [{"id": "s1", "text": 3}]}, "sources.0.text", "valid string"),
        ],
    )
    def test_wrong_type_names_the_field(self, overrides: dict[str, Any], where: str, says: str) -> None:
        """Given a field of the wrong type or shape, then JobValidationError's where is that field's
        dotted path and its message says what is wrong."""
        error = rejected(make_job(**overrides))
        assert type(error) is JobValidationError
        assert error.where == where
        assert says in error.message

    def test_missing_required_field_is_named(self) -> None:
        """Given a job without output, then the error is at output and says it is required."""
        job = make_job()
        del job["output"]
        error = rejected(job)
        assert (error.where, error.message) == ("output", "Field required")

    def test_several_problems_are_all_listed_with_their_paths(self) -> None:
        """Given two wrong fields, then one error lists both, each with its path."""
        error = rejected(make_job(attempt=0, mode="fast"))
        assert isinstance(error, JobValidationError)
        assert "attempt: " in error.message and "mode: " in error.message


class TestEnums:
    @pytest.mark.parametrize(
        ("overrides", "where", "value"),
        [
            ({"output": {"format": "pdf", "content": "x"}}, "output.format", "'markdown'"),
            ({"policy": {"profile": "thorough"}}, "policy.profile", "'openmark'"),
            ({"policy": {"strictness": "lax"}}, "policy.strictness", "'relaxed'"),
            ({"mode": "fast"}, "mode", "'inline' or 'batch'"),
            ({"criteria": [{"id": "c1", "text": "x", "check": "spelling"}]}, "criteria.0.check", "'voice'"),
            (
                {"voice": {"reading_level": {"metric": "lexile", "max": 9}}},
                "voice.reading_level.metric",
                "smog",
            ),
        ],
    )
    def test_value_outside_the_vocabulary_is_refused_listing_the_choices(
        self, overrides: dict[str, Any], where: str, value: str
    ) -> None:
        """Given a value outside a closed vocabulary, then the error is at that field and lists the
        accepted values."""
        error = rejected(make_job(**overrides))
        assert type(error) is JobValidationError
        assert error.where == where
        assert value in error.message

    def test_every_contract_format_profile_strictness_and_mode_is_accepted(self) -> None:
        """Given each value the contract lists, then the job parses with it."""
        for fmt in ("text", "markdown", "html"):
            assert parse_job(with_output(format=fmt)).output.format == fmt
        for profile in ("auto", "openmark", "integrity", "factcheck", "criteria"):
            assert parse_job(make_job(policy={"profile": profile})).policy.profile == profile
        for strictness in ("strict", "standard", "relaxed"):
            assert parse_job(make_job(policy={"strictness": strictness})).policy.strictness == strictness
        for mode in ("inline", "batch"):
            assert parse_job(make_job(mode=mode)).mode == mode

    def test_judge_is_not_a_criterion_check(self) -> None:
        """Given a criterion that names "judge" as its check, then it is refused at criteria.0.check,
        and the message says to leave check out."""
        error = rejected(make_job(criteria=[{"id": "c1", "text": "Reads well", "check": "judge"}]))
        assert error.where == "criteria.0.check"
        assert "'judge' is not a deterministic check" in error.message
        assert "leave 'check' out" in error.message

    @pytest.mark.parametrize("check", sorted(c.value for c in CheckName if c is not CheckName.JUDGE))
    def test_every_deterministic_check_name_is_a_valid_criterion_check(self, check: str) -> None:
        """Given a criterion naming a deterministic contract check, then the job validates (whether the
        fleet has implemented that check is the pipeline's business)."""
        job = parse_job(make_job(criteria=[{"id": "c1", "text": "x", "check": check}]))
        assert job.criteria[0].check == check

    @pytest.mark.parametrize("language", ["en us", "e", "", "english_uk", "en-", "x" * 9])
    def test_malformed_language_tag_is_refused(self, language: str) -> None:
        """Given a language that is not a BCP-47 tag, then the error is at output.language and quotes
        the value."""
        error = rejected(with_output(language=language))
        assert error.where == "output.language"
        assert f"{language!r} is not a BCP-47 language tag" in error.message

    def test_language_tag_with_trailing_newline_is_refused(self) -> None:
        """Given the language "en\\n", then it is refused like any other malformed tag."""
        error = rejected(with_output(language="en\n"))
        assert error.where == "output.language"


class TestRanges:
    @pytest.mark.parametrize(
        ("overrides", "where"),
        [
            ({"policy": {"pass_threshold": 1.01}}, "policy.pass_threshold"),
            ({"policy": {"pass_threshold": -0.1}}, "policy.pass_threshold"),
            ({"policy": {"budget_fraction": 1.5}}, "policy.budget_fraction"),
            ({"policy": {"budget_fraction": -0.01}}, "policy.budget_fraction"),
            ({"sources": [{"id": "s1", "reliability": 2}]}, "sources.0.reliability"),
            ({"sources": [{"id": "s1", "reliability": -1}]}, "sources.0.reliability"),
            ({"policy": {"pass_threshold": math.nan}}, "policy.pass_threshold"),
            ({"sources": [{"id": "s1", "reliability": math.inf}]}, "sources.0.reliability"),
        ],
    )
    def test_fraction_outside_zero_to_one_is_refused(self, overrides: dict[str, Any], where: str) -> None:
        """Given a 0..1 field outside 0..1 (or NaN/inf), then the error is at that field and names the
        bound it broke."""
        error = rejected(make_job(**overrides))
        assert type(error) is JobValidationError
        assert error.where == where
        assert "than or equal to" in error.message

    @pytest.mark.parametrize("value", [0.0, 0.5, 1.0])
    def test_fraction_bounds_are_inclusive(self, value: float) -> None:
        """Given 0, 1 or a value between for every 0..1 field, then the job parses."""
        job = parse_job(
            make_job(
                policy={"pass_threshold": value, "budget_fraction": value},
                sources=[{"id": "s1", "reliability": value}],
            )
        )
        assert job.policy.pass_threshold == job.policy.budget_fraction == job.sources[0].reliability == value


class TestCosts:
    @pytest.mark.parametrize(
        ("overrides", "where"),
        [
            ({"task": {"cost_usd": -0.01}}, "task.cost_usd"),
            ({"policy": {"bypass_below_usd": -1}}, "policy.bypass_below_usd"),
            ({"criteria": [{"id": "c1", "text": "x", "weight": -1}]}, "criteria.0.weight"),
        ],
    )
    def test_negative_cost_is_refused(self, overrides: dict[str, Any], where: str) -> None:
        """Given a negative cost (or weight), then the error is at that field and says it must be >= 0."""
        error = rejected(make_job(**overrides))
        assert error.where == where
        assert "greater than or equal to 0" in error.message

    @pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
    @pytest.mark.parametrize("as_bytes", [False, True], ids=["dict", "json-bytes"])
    def test_non_finite_cost_is_refused(self, value: float, as_bytes: bool) -> None:
        """Given NaN or +-inf as task.cost_usd (also as the NaN/Infinity tokens Python's json reads),
        then the error is at task.cost_usd and says the number must be finite."""
        job = make_job(task={"cost_usd": value})
        error = rejected(json.dumps(job).encode() if as_bytes else job)
        assert (error.where, error.message) == ("task.cost_usd", "Input should be a finite number")

    def test_non_finite_bypass_is_refused(self) -> None:
        """Given an infinite bypass_below_usd, then it is refused as not finite."""
        error = rejected(make_job(policy={"bypass_below_usd": math.inf}))
        assert (error.where, error.message) == ("policy.bypass_below_usd", "Input should be a finite number")

    def test_zero_cost_is_valid(self) -> None:
        """Given a task that cost nothing, then the job parses (its budget is simply zero)."""
        assert parse_job(make_job(task={"cost_usd": 0})).task.cost_usd == 0.0


class TestIdsAndReferences:
    """Cross-field rules: the messages are right; where the error points is tested separately."""

    def test_duplicate_criterion_id_is_refused_naming_it(self) -> None:
        """Given two criteria with id c1, then the message names the repeated id and where the
        second one stands."""
        error = rejected(make_job(criteria=[{"id": "c1", "text": "a"}, {"id": "c1", "text": "b"}]))
        assert type(error) is JobValidationError
        assert error.message == "ids must be unique; 'c1' appears more than once"
        assert error.where == "criteria.1.id"

    def test_duplicate_source_id_is_refused_naming_it(self) -> None:
        """Given two sources with id s1, then the message names the repeated id and where it repeats."""
        error = rejected(make_job(sources=[{"id": "s1"}, {"id": "s2"}, {"id": "s1"}]))
        assert error.message == "ids must be unique; 's1' appears more than once"
        assert error.where == "sources.2.id"

    def test_same_id_for_a_criterion_and_a_source_is_fine(self) -> None:
        """Given a criterion and a source that share an id, then the job parses: ids are per list."""
        job = parse_job(make_job(criteria=[{"id": "x", "text": "a"}], sources=[{"id": "x"}]))
        assert job.criteria[0].id == job.sources[0].id == "x"

    def test_source_map_naming_an_unknown_source_is_refused(self) -> None:
        """Given a source_map entry that names s9 when only s1 exists, then the message names the entry,
        its section and the missing id."""
        error = rejected(
            make_job(sources=[{"id": "s1"}], source_map=[{"section": "Findings", "source_ids": ["s1", "s9"]}])
        )
        assert error.message == "section 'Findings' names source ids that are not in sources: 's9'"
        assert error.where == "source_map.0.source_ids"

    def test_source_map_with_known_ids_parses(self) -> None:
        """Given a source_map whose ids all exist, then the job parses."""
        job = parse_job(
            make_job(
                sources=[{"id": "s1"}, {"id": "s2"}],
                source_map=[{"section": "A", "source_ids": ["s2", "s1"]}, {"section": "B"}],
            )
        )
        assert [e.source_ids for e in job.source_map] == [["s2", "s1"], []]


class TestContentSize:
    def test_default_cap_is_one_mib_of_utf8(self) -> None:
        """Given text content of exactly 1 MiB, then it parses; one byte more is refused with both sizes
        in the message."""
        assert len(parse_job(with_output(content="a" * MIB)).output.text) == MIB
        error = rejected(with_output(content="a" * (MIB + 1)))
        assert type(error) is JobValidationError
        assert error.where in ("output", "output.content")
        assert error.message == f"content is {MIB + 1} bytes, over the limit of {MIB} bytes"

    def test_custom_limit_counts_utf8_bytes_not_characters(self) -> None:
        """Given Limits(max_content_bytes=100), then 50 two-byte characters fit and 51 do not."""
        limits = Limits(max_content_bytes=100)
        assert parse_job(with_output(content="é" * 50), limits=limits).output.content == "é" * 50
        error = rejected(with_output(content="é" * 51), limits=limits)
        assert error.message == "content is 102 bytes, over the limit of 100 bytes"

    def test_custom_limit_applies_to_object_content_as_json(self) -> None:
        """Given an object whose JSON text is over a custom cap, then it is refused the same way."""
        content = {"body": "b" * 200}
        assert parse_job(with_output(format="json", content=content)).output.content == content
        error = rejected(with_output(format="json", content=content), limits=Limits(max_content_bytes=100))
        assert "over the limit of 100 bytes" in error.message

    def test_source_text_has_its_own_cap(self) -> None:
        """Given a source text over max_source_text_bytes, then the error is at that source's text."""
        error = rejected(
            make_job(sources=[{"id": "s1", "text": "x" * 11}]), limits=Limits(max_source_text_bytes=10)
        )
        assert error.where == "sources.0.text"
        assert error.message == "source text is 11 bytes, over the limit of 10 bytes"


class TestListCaps:
    @pytest.mark.parametrize(
        ("field", "items", "limits"),
        [
            ("criteria", [{"id": f"c{i}", "text": "x"} for i in range(201)], Limits()),
            ("criteria", [{"id": f"c{i}", "text": "x"} for i in range(3)], Limits(max_criteria=2)),
            ("sources", [{"id": f"s{i}"} for i in range(3)], Limits(max_sources=2)),
            ("seen_urls", [f"https://example.org/{i}" for i in range(10_001)], Limits()),
            ("seen_urls", ["https://example.org/a"] * 3, Limits(max_seen_urls=2)),
            ("source_map", [{"section": f"s{i}"} for i in range(3)], Limits(max_source_map=2)),
        ],
    )
    def test_list_over_its_cap_is_refused(self, field: str, items: list[Any], limits: Limits) -> None:
        """Given a list one or more entries over its cap (default or custom), then the message names the
        list, its length and the cap."""
        error = rejected(make_job(**{field: items}), limits=limits)
        assert type(error) is JobValidationError
        cap = getattr(limits, f"max_{field}")
        assert error.message == f"{field} has {len(items)} entries, over the limit of {cap}"

    def test_list_at_its_cap_parses(self) -> None:
        """Given exactly max_criteria criteria, then the job parses."""
        items = [{"id": f"c{i}", "text": "x"} for i in range(2)]
        assert len(parse_job(make_job(criteria=items), limits=Limits(max_criteria=2)).criteria) == 2

    @pytest.mark.parametrize(
        ("overrides", "limits", "where"),
        [
            ({"policy": {"judges": ["a:b", "c:d", "e:f"]}}, Limits(max_judges=2), "policy.judges"),
            (
                {"voice": {"prohibited_phrases": ["a", "b", "c"]}},
                Limits(max_prohibited_phrases=2),
                "voice.prohibited_phrases",
            ),
        ],
    )
    def test_field_level_caps_point_at_their_field(
        self, overrides: dict[str, Any], limits: Limits, where: str
    ) -> None:
        """Given too many judges or prohibited phrases, then the error is at that field."""
        error = rejected(make_job(**overrides), limits=limits)
        assert error.where == where
        assert "over the limit of 2" in error.message


# The rules checked by VerifyJob's model-level validator report where="job" (no path) today.


class TestWhereNamesTheField:
    @pytest.mark.parametrize(
        ("overrides", "limits", "where"),
        [
            pytest.param(
                {"criteria": [{"id": "c1", "text": "a"}, {"id": "c1", "text": "b"}]},
                Limits(),
                "criteria",
                id="duplicate-criterion-id",
            ),
            pytest.param(
                {"sources": [{"id": "s1"}, {"id": "s1"}]},
                Limits(),
                "sources",
                id="duplicate-source-id",
            ),
            pytest.param(
                {"sources": [{"id": "s1"}], "source_map": [{"section": "F", "source_ids": ["s9"]}]},
                Limits(),
                "source_map",
                id="unknown-source-map-id",
            ),
            pytest.param(
                {"criteria": [{"id": f"c{i}", "text": "x"} for i in range(3)]},
                Limits(max_criteria=2),
                "criteria",
                id="criteria-cap",
            ),
            pytest.param(
                {"sources": [{"id": f"s{i}"} for i in range(3)]},
                Limits(max_sources=2),
                "sources",
                id="sources-cap",
            ),
            pytest.param(
                {"seen_urls": ["u", "v", "w"]},
                Limits(max_seen_urls=2),
                "seen_urls",
                id="seen-urls-cap",
            ),
            pytest.param(
                {"output": {"format": "json", "content": 5}},
                Limits(),
                "output.content",
                id="content-of-a-number",
            ),
        ],
    )
    def test_cross_field_rule_points_at_its_field(
        self, overrides: dict[str, Any], limits: Limits, where: str
    ) -> None:
        """Given a job broken by a rule over a whole list, then JobRejected.where is that list's path
        (or a path inside it), never the placeholder "job" or nothing."""
        error = rejected(make_job(**overrides), limits=limits)
        assert error.where == where or error.where.startswith(where + ".")


class TestContentType:
    @pytest.mark.parametrize("fmt", STRING_FORMATS)
    @pytest.mark.parametrize("content", [{"a": 1}, ["a"]], ids=["object", "list"])
    def test_string_formats_refuse_objects(self, fmt: OutputFormat, content: Any) -> None:
        """Given text, markdown or html with an object or list as content, then it is refused saying
        the format takes a string."""
        error = rejected(with_output(format=fmt.value, content=content))
        assert error.where in ("output", "output.content")
        assert error.message == f"format {fmt.value!r} takes a string as content"

    @pytest.mark.parametrize("fmt", STRUCTURED)
    def test_structured_formats_refuse_strings(self, fmt: OutputFormat) -> None:
        """Given one of the five structured formats with a string as content, then it is refused
        saying the format takes an object."""
        error = rejected(with_output(format=fmt.value, content="# a draft"))
        assert error.where in ("output", "output.content")
        assert error.message == f"format {fmt.value!r} takes an object as content, not a string"

    @pytest.mark.parametrize("fmt", STRUCTURED)
    def test_structured_formats_refuse_lists(self, fmt: OutputFormat) -> None:
        """Given a structured format with a JSON array as content, then it is refused: only an object."""
        error = rejected(with_output(format=fmt.value, content=[{"hook": "x"}]))
        assert error.message == f"format {fmt.value!r} takes an object as content"

    @pytest.mark.parametrize("fmt", STRUCTURED)
    def test_structured_formats_take_an_object_even_a_broken_draft(self, fmt: OutputFormat) -> None:
        """Given a structured format with any object, then the job parses: whether the draft is valid
        is the schema check's verdict, not a rejection."""
        job = parse_job(with_output(format=fmt.value, content={"hook": "only a hook"}))
        assert job.output.content == {"hook": "only a hook"}

    @pytest.mark.parametrize(
        "content", ["plain", {"k": [1, 2]}, [1, {"k": None}]], ids=["str", "obj", "list"]
    )
    def test_json_format_takes_strings_objects_and_lists(self, content: Any) -> None:
        """Given format json, then a string, an object and an array are all accepted as content."""
        assert parse_job(with_output(format="json", content=content)).output.content == content

    @pytest.mark.parametrize("content", [5, None, True], ids=["number", "null", "bool"])
    def test_scalar_content_is_refused(self, content: Any) -> None:
        """Given content that is neither string, object nor array, then it is refused and the message
        points at output.content."""
        error = rejected(with_output(format="json", content=content))
        assert type(error) is JobValidationError
        assert "output.content" in f"{error.where} {error.message}"

    def test_object_content_reads_as_indented_json(self) -> None:
        """Given object content, then Output.text is its indented JSON, which the checks read."""
        job = parse_job(with_output(format="json", content={"a": "é"}))
        assert job.output.text == '{\n  "a": "é"\n}'


class TestNesting:
    def test_content_at_the_depth_cap_parses_and_one_deeper_is_refused(self) -> None:
        """Given object content exactly max_json_depth deep, then it parses; one level deeper is refused
        with the cap in the message."""
        assert parse_job(with_output(format="json", content=nested(64)))
        error = rejected(with_output(format="json", content=nested(65)))
        assert error.where in ("output", "output.content")
        assert error.message == "content nests deeper than 64 levels"

    def test_custom_depth_cap(self) -> None:
        """Given Limits(max_json_depth=2), then a three-level object is refused."""
        limits = Limits(max_json_depth=2)
        assert parse_job(with_output(format="json", content=nested(2)), limits=limits)
        assert (
            "deeper than 2" in rejected(with_output(format="json", content=nested(3)), limits=limits).message
        )

    def test_criterion_params_have_the_same_cap(self) -> None:
        """Given criterion params nested past the cap, then the error is at criteria.0.params."""
        error = rejected(make_job(criteria=[{"id": "c1", "text": "x", "params": nested(65)}]))
        assert (error.where, error.message) == ("criteria.0.params", "params nest deeper than 64 levels")

    def test_document_too_deep_for_the_json_parser_is_a_decode_error(self) -> None:
        """Given 100 000 nested arrays as bytes, then parse_job refuses it as undecodable, not with a
        RecursionError."""
        error = rejected(b"[" * 100_000 + b"]" * 100_000)
        assert type(error) is JobDecodeError
        assert "nests too deeply" in error.message

    def test_dict_too_deep_to_validate_is_refused(self) -> None:
        """Given a dict nested far past Python's recursion limit inside content, then it is refused as a
        JobRejected, not a RecursionError."""
        assert isinstance(rejected(with_output(format="json", content=nested(5_000))), JobValidationError)


class TestExtraFields:
    @pytest.mark.parametrize(
        ("overrides", "where"),
        [
            ({"colour": "red"}, "colour"),
            ({"task": {"cost_usd": 1, "costs": 2}}, "task.costs"),
            ({"output": {"content": "x", "fmt": "text"}}, "output.fmt"),
            ({"criteria": [{"id": "c1", "text": "x", "mustpass": True}]}, "criteria.0.mustpass"),
            ({"policy": {"budget": 0.3}}, "policy.budget"),
            ({"sources": [{"id": "s1", "reliabilty": 0.5}]}, "sources.0.reliabilty"),
        ],
    )
    def test_misspelt_field_is_refused_by_name(self, overrides: dict[str, Any], where: str) -> None:
        """Given a field the contract does not define (a misspelling), then the error names it rather
        than silently ignoring a setting."""
        error = rejected(make_job(**overrides))
        assert (error.where, error.message) == (where, "Extra inputs are not permitted")


class TestFrozen:
    def test_job_fields_cannot_be_assigned(self) -> None:
        """Given a parsed job, when a field or a nested field is assigned, then pydantic refuses it."""
        job = parse_job(make_job())
        with pytest.raises(ValidationError, match="frozen"):
            job.job_id = "other"  # type: ignore[misc]
        with pytest.raises(ValidationError, match="frozen"):
            job.output.content = "other"  # type: ignore[misc]
        with pytest.raises(ValidationError, match="frozen"):
            job.policy.profile = Profile.OPENMARK  # type: ignore[misc]
        assert job.job_id == "m1-t1-a1"

    def test_verdict_fields_cannot_be_assigned(self) -> None:
        """Given a VerdictEvent, when its verdict is assigned, then pydantic refuses it."""
        event = VerdictEvent(job_id="j", verdict=Verdict.PASS, status=Status.PASSED, action=Action.CONTINUE)
        with pytest.raises(ValidationError, match="frozen"):
            event.verdict = Verdict.FAIL  # type: ignore[misc]

    def test_equal_jobs_compare_equal(self) -> None:
        """Given the same job parsed twice, then the two values are equal (immutable values compare by
        content)."""
        assert parse_job(make_job()) == parse_job(make_job())


class TestDecoding:
    @pytest.mark.parametrize(
        ("data", "says"),
        [
            (b'{"job_id": "\xff"}', "not valid UTF-8 (byte 12"),
            (b"\xc3", "not valid UTF-8"),
            (b'{"job_id": ', "not valid JSON: Expecting value at line 1 column 12"),
            (b"", "not valid JSON"),
            (b"{'job_id': 'j'}", "not valid JSON"),
            ('{"job_id": "\ud800"}', "not valid UTF-8"),
        ],
    )
    def test_undecodable_input_is_a_decode_error(self, data: bytes | str, says: str) -> None:
        """Given bytes that are not UTF-8 JSON (or text holding a lone surrogate), then JobDecodeError
        says which and where."""
        error = rejected(data)
        assert type(error) is JobDecodeError
        assert says in error.message

    @pytest.mark.parametrize(
        ("data", "kind"), [(b"[1, 2]", "list"), (b'"job"', "str"), (b"7", "int"), (b"null", "NoneType")]
    )
    def test_json_that_is_not_an_object_is_refused(self, data: bytes, kind: str) -> None:
        """Given valid JSON that is not an object, then the refusal says a job is an object."""
        error = rejected(data)
        assert isinstance(error, JobValidationError)
        assert error.message == f"a job is a JSON object, not {kind}"

    def test_oversize_document_is_refused_before_parsing(self) -> None:
        """Given a document over max_job_bytes (even whitespace), then JobDecodeError gives both sizes."""
        error = rejected(b" " * (8 * MIB + 1))
        assert type(error) is JobDecodeError
        assert error.message == f"job document is {8 * MIB + 1} bytes, over the limit of {8 * MIB} bytes"

    def test_custom_document_cap(self) -> None:
        """Given a valid job over a custom max_job_bytes, then it is refused undecoded."""
        raw = json.dumps(make_job()).encode()
        error = rejected(raw, limits=Limits(max_job_bytes=100))
        assert type(error) is JobDecodeError
        assert f"{len(raw)} bytes, over the limit of 100 bytes" in error.message

    def test_integer_literal_too_long_to_convert_is_a_decode_error(self) -> None:
        """Given a job whose attempt is a 5001-digit integer literal, then parse_job raises JobRejected
        like for any other unreadable number."""
        data = b'{"job_id": "j", "attempt": 1' + b"0" * 5000 + b"}"
        assert isinstance(rejected(data), JobRejected)


class TestRouting:
    @pytest.mark.parametrize(
        ("has_dependents", "mode", "routed"),
        [
            (True, None, Mode.INLINE),
            (False, None, Mode.BATCH),
            (True, "batch", Mode.BATCH),
            (False, "inline", Mode.INLINE),
            (True, "inline", Mode.INLINE),
        ],
    )
    def test_mode_overrides_has_dependents(
        self, has_dependents: bool, mode: str | None, routed: Mode
    ) -> None:
        """Given has_dependents and an optional mode, then routed_mode is mode when given, else inline
        exactly for tasks others depend on."""
        job = parse_job(make_job(has_dependents=has_dependents, mode=mode))
        assert job.routed_mode is routed

    def test_default_route_is_batch(self) -> None:
        """Given a job that says nothing about routing, then it goes to the batch queue."""
        assert (
            parse_job(
                {"job_id": "j", "mission_id": "m", "task_id": "t", "output": {"content": "x"}}
            ).routed_mode
            is Mode.BATCH
        )


class TestPeekIdentity:
    def test_reads_identity_from_a_job_that_does_not_validate(self) -> None:
        """Given a job broken only in its content, then peek_identity still reads its ids, attempt and
        route."""
        job = make_job(
            job_id="j1", mission_id="m1", task_id="t1", attempt=2, trace_id="tr", has_dependents=True
        )
        job["output"] = {"format": "text", "content": {"not": "a string"}}
        assert peek_identity(json.dumps(job).encode()) == {
            "job_id": "j1",
            "mission_id": "m1",
            "task_id": "t1",
            "trace_id": "tr",
            "attempt": "2",
            "mode": "inline",
        }

    @pytest.mark.parametrize(
        "data",
        [b"\xff\xfe", b"{not json", b"[1, 2]", b"null", b"", b"[" * 100_000, '{"job_id": "\ud800"'],
        ids=["bad-utf8", "not-json", "array", "null", "empty", "too-deep", "surrogate-str"],
    )
    def test_unreadable_input_routes_to_batch_with_no_identity(self, data: Any) -> None:
        """Given input that is not a readable JSON object, then peek_identity does not raise and returns
        only the batch route."""
        assert peek_identity(data) == {"mode": "batch"}

    @pytest.mark.parametrize(
        ("document", "expected"),
        [
            ({"job_id": 5, "mission_id": "", "task_id": "t" * 257}, {"mode": "batch"}),
            ({"job_id": "j", "attempt": True}, {"job_id": "j", "mode": "batch"}),
            ({"job_id": "j", "attempt": 1001}, {"job_id": "j", "mode": "batch"}),
            ({"job_id": "j", "attempt": "3"}, {"job_id": "j", "mode": "batch"}),
            ({"has_dependents": True, "mode": "batch"}, {"mode": "batch"}),
            ({"has_dependents": "yes"}, {"mode": "batch"}),
            ({"mode": "inline"}, {"mode": "inline"}),
            ({"mode": "fast", "has_dependents": True}, {"mode": "inline"}),
        ],
    )
    def test_reads_only_well_typed_fields(self, document: dict[str, Any], expected: dict[str, str]) -> None:
        """Given fields of the wrong type or size, then peek_identity leaves them out, and routes by a
        valid mode, else has_dependents true, else batch."""
        assert peek_identity(document) == expected
        assert peek_identity(json.dumps(document)) == expected

    def test_identity_is_always_publishable(self) -> None:
        """Given a job whose job_id is the JSON escape of a lone surrogate, then neither peek_identity
        nor the rejection offers that id to address an error verdict to."""
        data = b'{"job_id": "\\ud800", "mission_id": "m", "task_id": "t", "output": {"content": "x"}}'
        error = rejected(data)
        identity = peek_identity(data)
        for value in [*identity.values(), error.job_id or ""]:
            value.encode("utf-8")

    @pytest.mark.parametrize("as_bytes", [False, True], ids=["str", "bytes"])
    @pytest.mark.parametrize("where", ["before", "after"])
    def test_reads_identity_beside_a_member_nested_past_any_parser(self, as_bytes: bool, where: str) -> None:
        """Given a job with a member 100,000 arrays deep (json.loads gives up on it), before or after
        its identity, then the identity is still read: the deep member is skipped by its brackets."""
        deep = "[" * 100_000 + "]" * 100_000
        identity = '"job_id": "j-deep", "mission_id": "m", "task_id": "t", "attempt": 3, "mode": "inline"'
        text = f'{{"extra": {deep}, {identity}}}' if where == "before" else f'{{{identity}, "extra": {deep}}}'
        with pytest.raises(RecursionError):
            json.loads(text)
        data = text.encode() if as_bytes else text
        assert peek_identity(data) == {
            "job_id": "j-deep",
            "mission_id": "m",
            "task_id": "t",
            "attempt": "3",
            "mode": "inline",
        }
        assert isinstance(rejected(data), JobDecodeError)

    def test_brackets_and_quotes_inside_strings_do_not_count(self) -> None:
        """Given deep members whose strings hold brackets, braces and escaped quotes, then the skip
        ends where the member ends, and a job_id inside a nested object is not taken as the job's."""
        tricky = '"]]}} \\" [{ \u005d"'
        deep = '{"a": ' * 3_000 + f'[{tricky}, {{"job_id": "inner"}}, {{"x": [], "y": {{}}}}]' + "}" * 3_000
        text = f'{{"deep": {deep}, "job_id": "outer", "has_dependents": true}}'
        assert peek_identity(text) == {"job_id": "outer", "mode": "inline"}
        assert peek_identity(f'{{"deep": {deep}, "output": 1}}') == {"mode": "batch"}

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ('{"job_id": "j-cut", "output": ', {"job_id": "j-cut", "mode": "batch"}),
            ('{"mission_id": "m", "job_id": "j-cut", "attempt": 12', {"mission_id": "m", "job_id": "j-cut"}),
            ('{"job_id": "j-cut", "mode": "inline" "x": 1}', {"job_id": "j-cut"}),
            ('{"job_id": "first", "job_id": "second"}', {"job_id": "second"}),
            ('{"job_id": "j", "output": {"content": "unterminated}', {"job_id": "j"}),
        ],
        ids=["truncated", "truncated-number", "missing-comma", "duplicate", "unterminated-string"],
    )
    def test_reads_the_members_before_a_break(self, text: str, expected: dict[str, str]) -> None:
        """Given a document that breaks off or goes wrong part way, then the members before the break
        are read (a member only once what follows it shows it whole: "attempt": 12 may be 123), and a
        later duplicate wins, as json.loads has it."""
        assert peek_identity(text) == {"mode": "batch", **expected}

    def test_invalid_utf8_in_an_id_makes_it_unreadable_elsewhere_it_is_harmless(self) -> None:
        bad_id = b'{"job_id": "j' + bytes([0xFF]) + b'", "output": 1}'
        bad_content = b'{"job_id": "j", "output": "' + bytes([0xFF, 0xFE]) + b'"}'
        assert peek_identity(bad_id) == {"mode": "batch"}
        assert peek_identity(bad_content) == {"job_id": "j", "mode": "batch"}

    def test_a_document_over_the_limit_is_read_from_its_first_max_job_bytes(self) -> None:
        """Given documents over the limit, then the identity is read from their first max_job_bytes:
        before a long output it is found; after it, not (the work is bounded by the limit)."""
        limits = Limits(max_job_bytes=4_096)
        output = {"format": "text", "content": "x" * 10_000}
        first = json.dumps({"job_id": "early", "output": output, "mode": "inline"})
        last = json.dumps({"output": output, "job_id": "late"})
        assert peek_identity(first, limits=limits) == {"job_id": "early", "mode": "batch"}
        assert peek_identity(last.encode(), limits=limits) == {"mode": "batch"}
        assert peek_identity(last) == {"job_id": "late", "mode": "batch"}

    def test_skipping_stops_at_its_budget(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Given brackets laid out so that skipping them takes many steps, then the scan gives up
        after NESTING_BUDGET of them: a document costs a bounded amount however it is built."""
        import messages.peek

        soup = "[" + "[0]," * 2_000 + "[" * 2_000 + "]" * 2_001
        text = f'{{"extra": {soup}, "job_id": "after-soup"}}'
        assert peek_identity(text) == {"job_id": "after-soup", "mode": "batch"}
        monkeypatch.setattr(messages.peek, "NESTING_BUDGET", 1_000)
        assert peek_identity(text) == {"mode": "batch"}

    @settings(max_examples=150, deadline=None, database=None)
    @given(document=st.dictionaries(st.text(max_size=6), _json_values(), max_size=6), cut=st.integers(0, 400))
    def test_the_scan_agrees_with_json_loads(self, document: dict[str, Any], cut: int) -> None:
        """Given any JSON object, then scan_members reads every member json.loads reads; and from
        any prefix of it, only members json.loads reads, with the same values."""
        from messages.peek import scan_members

        text = json.dumps(document)
        wanted = frozenset(document)
        assert json.dumps(scan_members(text, wanted=wanted)) == json.dumps(document)
        partial = scan_members(text[:cut], wanted=wanted)
        assert json.dumps(partial) == json.dumps({k: document[k] for k in partial})


def verdict_event(**overrides: Any) -> VerdictEvent:
    """A VerdictEvent with every part of CONTRACT.md section 2 filled in."""
    fields: dict[str, Any] = {
        "job_id": "m1-t3-a1",
        "mission_id": "m1",
        "task_id": "t3",
        "attempt": 2,
        "verdict": Verdict.PARTIAL,
        "status": Status.REQUIRES_CORRECTION,
        "action": Action.RETRY_WITH_FEEDBACK,
        "score": 0.83,
        "confidence": 0.87,
        "profile": Profile.CRITERIA,
        "mode": Mode.INLINE,
        "checks": [
            CheckOutcome(
                name="word_count", status=CheckStatus.PASS, score=1.0, duration_ms=0.4, criterion_id="c2"
            ),
            CheckOutcome(
                name="judge", status=CheckStatus.SKIPPED, reason="budget", details={"quote_usd": 0.2}
            ),
        ],
        "criteria": [
            CriterionScore(id="c1", score=None, met=None),
            CriterionScore(id="c2", score=1.0, met=True),
        ],
        "quality": Quality(completeness=0.85, accuracy=0.8, clarity=0.78, relevance=0.9),
        "flags": [
            Flag(
                id="f1",
                type=FlagType.CITATION_ERROR,
                severity=Severity.CRITICAL,
                start=120,
                end=168,
                claim="claim",
                explanation="unseen URL",
                suggestion="cite a seen page",
            )
        ],
        "fix_instructions": "Replace the URL. Keep all other text.",
        "correction_brief": [
            CorrectionItem(section="Findings", instruction="Replace the URL.", flag_ids=["f1"])
        ],
        "cost": Cost(usd=0.0031, budget_usd=0.126, tokens_in=1100, tokens_out=150),
        "judges": ["anthropic:claude-3-5-haiku-20241022"],
        "duration_ms": 812.0,
        "completed_at": datetime(2026, 11, 21, 10, 0, 1, tzinfo=UTC),
        "trace_id": "tr-1",
    }
    fields.update(overrides)
    return VerdictEvent(**fields)


class TestVerdictEvent:
    def test_round_trips_through_json(self) -> None:
        """Given a fully populated VerdictEvent, when dumped to JSON and read back, then it is equal."""
        event = verdict_event()
        again = VerdictEvent.model_validate_json(event.model_dump_json())
        assert again == event
        assert json.loads(event.model_dump_json())["checks"][1]["reason"] == "budget"

    def test_wire_form_uses_the_contract_vocabulary(self) -> None:
        """Given a VerdictEvent, then its JSON carries enum values as the contract's strings."""
        wire = json.loads(verdict_event().model_dump_json())
        assert (wire["verdict"], wire["status"], wire["action"]) == (
            "partial",
            "requires_correction",
            "retry_with_feedback",
        )
        assert wire["schema_version"] == 1
        assert wire["flags"][0]["type"] == "citation_error" and wire["flags"][0]["severity"] == "critical"
        assert wire["completed_at"] == "2026-11-21T10:00:01Z"

    def test_same_outcome_ignores_timings(self) -> None:
        """Given two events that differ only in durations and completion time, then same_outcome is true."""
        event = verdict_event()
        checks = [c.model_copy(update={"duration_ms": c.duration_ms + 99}) for c in event.checks]
        later = event.model_copy(
            update={"duration_ms": 1.0, "completed_at": datetime(2030, 1, 1, tzinfo=UTC), "checks": checks}
        )
        assert later != event
        assert event.same_outcome(later) and later.same_outcome(event)

    @pytest.mark.parametrize(
        "change",
        [
            {"verdict": Verdict.FAIL},
            {"score": 0.84},
            {"attempt": 3},
            {"cost": Cost(usd=0.0032, budget_usd=0.126)},
            {"checks": []},
            {"fix_instructions": ""},
        ],
        ids=["verdict", "score", "attempt", "cost", "checks", "fix"],
    )
    def test_same_outcome_sees_every_other_difference(self, change: dict[str, Any]) -> None:
        """Given two events that differ in anything but timing, then same_outcome is false."""
        assert not verdict_event().same_outcome(verdict_event(**change))

    def test_same_outcome_sees_a_difference_inside_a_check(self) -> None:
        """Given two events whose checks differ in status, then same_outcome is false."""
        event = verdict_event()
        changed = [event.checks[0].model_copy(update={"status": CheckStatus.FAIL}), event.checks[1]]
        assert not event.same_outcome(event.model_copy(update={"checks": changed}))

    @pytest.mark.parametrize(
        ("fields", "where"),
        [
            ({"verdict": "maybe"}, "verdict"),
            ({"score": 1.2}, "score"),
            ({"confidence": -0.1}, "confidence"),
            ({"cost": {"usd": -1}}, "cost.usd"),
            ({"flags": [{"id": "f1", "type": "typo", "severity": "critical"}]}, "flags.0.type"),
            ({"surprise": 1}, "surprise"),
        ],
    )
    def test_invalid_event_is_refused(self, fields: dict[str, Any], where: str) -> None:
        """Given an event with a value out of the contract, then validation fails at that field."""
        wire = json.loads(verdict_event().model_dump_json()) | fields
        with pytest.raises(ValidationError) as info:
            VerdictEvent.model_validate(wire)
        assert [".".join(map(str, e["loc"])) for e in info.value.errors()] == [where]


class TestCheckedInSchema:
    def test_checked_in_schemas_match_the_models(self) -> None:
        """Given the JSON Schemas under messages/schema/, then each equals what the models render now;
        otherwise a model changed without `make schema`."""
        rendered = {name: render(schema) for name, schema in schemas().items()}
        assert set(rendered) == {"verify_job.json", "verdict_event.json"}
        on_disk = {p.name for p in SCHEMA_DIR.glob("*.json")}
        assert on_disk == set(rendered), (
            f"messages/schema/ holds {sorted(on_disk)}, the models render {sorted(rendered)}: "
            "run `make schema`"
        )
        for name, text in rendered.items():
            checked_in = (SCHEMA_DIR / name).read_text(encoding="utf-8")
            assert checked_in == text, (
                f"messages/schema/{name} is stale: run `make schema` and commit the result"
            )

    def test_schemas_describe_the_contract(self) -> None:
        """Given the rendered schemas, then they are draft 2020-12 and forbid unknown job fields."""
        rendered = schemas()
        job, verdict = rendered["verify_job.json"], rendered["verdict_event.json"]
        assert job["$schema"] == verdict["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert job["additionalProperties"] is False
        assert {"job_id", "mission_id", "task_id", "output"} <= set(job["required"])
        assert set(job["properties"]) >= set(contract_example())


# JSON-ish values: what a coordinator could send, recursively.
_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=12)
)
_json = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)
_keys = st.sampled_from(sorted(VerifyJob.model_fields)) | st.text(max_size=8)
_paths = [(key,) for key in make_job()] + [
    ("output", "format"),
    ("output", "content"),
    ("output", "language"),
    ("task", "cost_usd"),
    ("criteria", 0, "params"),
]


@st.composite
def _mutated_jobs(draw: st.DrawFn) -> dict[str, Any]:
    """A valid job with one to three values anywhere along known paths replaced by arbitrary JSON."""
    job = copy.deepcopy(make_job())
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths))
        target: Any = job
        try:
            for step in path[:-1]:
                target = target[step]
        except (KeyError, IndexError, TypeError):  # an earlier mutation replaced a parent
            continue
        if isinstance(target, dict):
            target[path[-1]] = draw(_json)
    return job


_documents = _mutated_jobs() | st.dictionaries(_keys, _json, max_size=8)


@st.composite
def _corrupted_bytes(draw: st.DrawFn) -> bytes:
    """A valid job's JSON bytes with a random slice replaced by random bytes."""
    raw = json.dumps(make_job()).encode()
    start = draw(st.integers(0, len(raw)))
    end = draw(st.integers(start, min(len(raw), start + 16)))
    return raw[:start] + draw(st.binary(max_size=8)) + raw[end:]


_raw = (
    st.binary(max_size=64)
    | _corrupted_bytes()
    | _documents.map(lambda d: json.dumps(d).encode())
    | _json.map(lambda v: json.dumps(v).encode())
)


_quick = settings(
    max_examples=250, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


class TestNeverCrashes:
    @pytest.mark.timeout(60)  # 250 examples; 10 s was missed on a loaded 2-core machine
    @_quick
    @given(document=_documents)
    def test_any_dict_parses_or_is_rejected(self, document: dict[str, Any]) -> None:
        """Given any JSON-ish dict, then parse_job returns a VerifyJob or raises a JobRejected subclass,
        nothing else, and peek_identity always routes it."""
        try:
            assert isinstance(parse_job(document), VerifyJob)
        except JobRejected as e:
            assert isinstance(e, JobDecodeError | JobValidationError)
            assert e.message
        assert peek_identity(document)["mode"] in ("inline", "batch")

    @pytest.mark.timeout(60)
    @_quick
    @given(data=_raw)
    def test_any_bytes_parse_or_are_rejected(self, data: bytes) -> None:
        """Given any bytes (random, corrupted job JSON, or JSON of arbitrary shape), then parse_job
        returns a VerifyJob or raises a JobRejected subclass, nothing else."""
        try:
            assert isinstance(parse_job(data), VerifyJob)
        except JobRejected as e:
            assert isinstance(e, JobDecodeError | JobValidationError)
            assert e.message
        assert peek_identity(data)["mode"] in ("inline", "batch")
