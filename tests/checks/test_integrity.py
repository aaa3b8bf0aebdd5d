"""Source-marker integrity (profile ``integrity``): markers, lookup, SV-001..SV-005, score, rendering.

A draft's factual sentences must carry ``[Source: type:path:detail]`` markers that
name entries of the research brief. The score weighs each claim by its type
(metric 1.5, capability 1.2, architecture 1.0, general 0.8): verified counts in
full, a warning half, a critical zero. Pass at 0.95 / 0.85 / 0.70 by strictness.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import checks
from checks import findings_report, render_citations, verify, verify_document
from checks.claims import parse_prose
from checks.library.source_markers import SUGGESTIONS, review
from checks.markers import Outcome, SourceIndex, attach, extract_markers, reliability
from messages import (
    Action,
    CheckStatus,
    FlagType,
    Profile,
    Severity,
    Source,
    SourceMapEntry,
    Status,
    Strictness,
    Verdict,
    VerifyJob,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "integrity"

WEB = Source(id="w1", type="web", url="https://example.org/a", detail="web-1", title="Example A")
CODE = Source(id="c1", type="source_code", path="src/app.py", detail="main")
DOCS = Source(id="d1", type="documentation", path="docs/guide.md", detail="setup")
STATS = Source(id="a1", type="analytics", path="dash/latency", detail="p95")
WEAK = Source(id="x1", type="web", url="https://blog.example/post", detail="b1", reliability=0.3)
SOURCES = [WEB, CODE, DOCS, STATS, WEAK]

M_WEB = "<!-- [Source: web:https://example.org/a:web-1] -->"
M_CODE = "<!-- [Source: source_code:src/app.py:main] -->"
M_DOCS = "<!-- [Source: documentation:docs/guide.md:setup] -->"
M_WEAK = "<!-- [Source: web:https://blog.example/post:b1] -->"
M_BROKEN = "<!-- [Source: web:https://example.org/a:web-9] -->"
M_INVALID = "<!-- [Source: blog:https://example.org/a:web-1] -->"

METRIC = "Median latency is {n} ms."
ARCH = "Sessions live in Redis number {w}."


def html(*sentences: str) -> str:
    return "<html><body><p>" + " ".join(sentences) + "</p></body></html>"


def job(
    content: str, *, strictness: str = "standard", sources: list[Source] | None = None, **extra: Any
) -> VerifyJob:
    return VerifyJob.model_validate(
        {
            "job_id": "j1",
            "mission_id": "m1",
            "task_id": "t1",
            "output": {"format": "html", "content": content},
            "sources": [s.model_dump() for s in (SOURCES if sources is None else sources)],
            "policy": {"strictness": strictness, "profile": "integrity"},
            **extra,
        }
    )


def metric(n: int, marker: str = M_CODE) -> str:
    return METRIC.format(n=n) + marker


class TestMarkerExtraction:
    def test_three_forms(self) -> None:
        """Comments, <cite> elements and raw inline text all hold markers, found in order."""
        draft = (
            "<p>One is 1%.<!-- [Source: web:https://example.org/a:web-1] --> "
            "Two is 2%.<cite>[Source: source_code:src/app.py:main]</cite> "
            "Three is 3% [Source: documentation:docs/guide.md:setup]. "
            "Four is 4%.<cite>Source: analytics:dash/latency:p95</cite></p>"
        )
        markers = extract_markers(draft)
        assert [m.form for m in markers] == ["comment", "cite", "inline", "cite"]
        assert [m.type for m in markers] == ["web", "source_code", "documentation", "analytics"]
        assert draft[markers[0].outer_start : markers[0].outer_end].startswith("<!--")
        assert draft[markers[3].start : markers[3].end] == "Source: analytics:dash/latency:p95"

    def test_deduplicated_by_position(self) -> None:
        """A bracketed marker inside a comment or cite is one marker, not two."""
        draft = "A.<!-- [Source: web:x] --> B.<cite>[Source: web:y]</cite> C. [Source: web:z]"
        assert [m.body for m in extract_markers(draft)] == ["web:x", "web:y", "web:z"]

    def test_several_markers_in_one_comment(self) -> None:
        """One comment may cite several sources; each is its own marker sharing the comment span."""
        draft = "A.<!-- [Source: web:x] [Source: web:y] -->"
        markers = extract_markers(draft)
        assert [m.body for m in markers] == ["web:x", "web:y"]
        assert {(m.outer_start, m.outer_end) for m in markers} == {(2, len(draft))}

    @pytest.mark.parametrize(
        "draft",
        [
            "```\n[Source: web:x]\n```",
            "Use `[Source: web:x]` to cite.",
            "<pre><!-- [Source: web:x] --></pre>",
            "<code><cite>Source: web:x</cite></code>",
        ],
    )
    def test_markers_in_code_are_examples(self, draft: str) -> None:
        """Markers inside code are not citations."""
        assert extract_markers(draft) == []

    def test_case_whitespace_and_entities(self) -> None:
        """``source`` in any case, spaces around the colon, entities decoded in the body."""
        (marker,) = extract_markers("x [ SOURCE :  web:https://example.org/a?x=1&amp;y=2 ]")
        assert marker.type == "web"
        assert marker.rest == "https://example.org/a?x=1&y=2"

    def test_cite_without_marker_is_a_title(self) -> None:
        """An ordinary <cite> (a work's title) is not a marker."""
        assert extract_markers("<p><cite>The Mythical Man-Month</cite></p>") == []


class TestLookup:
    @pytest.mark.parametrize(
        ("body", "outcome", "source", "tier"),
        [
            pytest.param("web:https://example.org/a:web-1", Outcome.VERIFIED, "w1", "full", id="full-key"),
            pytest.param("web:https://example.org/a", Outcome.VERIFIED, "w1", "partial", id="detail-omitted"),
            pytest.param(
                "web:HTTPS://Example.org/a/:web-1", Outcome.VERIFIED, "w1", "full", id="url-normalised"
            ),
            pytest.param("web:https://example.org/a:web-2", Outcome.BROKEN, None, None, id="detail-mismatch"),
            pytest.param("web:https://example.org/b:web-1", Outcome.BROKEN, None, None, id="path-mismatch"),
            pytest.param("source_code:./src/app.py:main", Outcome.VERIFIED, "c1", "full", id="dot-slash"),
            pytest.param("documentation:src/app.py:main", Outcome.BROKEN, None, None, id="type-mismatch"),
            pytest.param("blog:https://example.org/a:web-1", Outcome.INVALID_TYPE, None, None, id="invalid"),
            pytest.param("Web:https://example.org/a", Outcome.VERIFIED, "w1", "partial", id="type-any-case"),
            pytest.param("web:", Outcome.BROKEN, None, None, id="no-path"),
            pytest.param("", Outcome.INVALID_TYPE, None, None, id="empty"),
        ],
    )
    def test_two_tier_lookup(self, body: str, outcome: Outcome, source: str | None, tier: str | None) -> None:
        """Full key type:path:detail first, then type:path when the marker omits the detail."""
        (marker,) = extract_markers(f"[Source: {body}]")
        r = SourceIndex(SOURCES).resolve(marker)
        assert r.outcome is outcome
        assert (r.source.id if r.source else None) == source
        assert r.tier == tier

    @pytest.mark.parametrize(
        ("path", "detail", "body"),
        [
            pytest.param(
                "https://example.org:8443/a", "web-7", "web:https://example.org:8443/a:web-7", id="port"
            ),
            pytest.param(
                "https://example.org:8443/a", None, "web:https://example.org:8443/a", id="port-no-detail"
            ),
            pytest.param("src/app.py:42", None, "web:src/app.py:42", id="colon-in-path"),
            pytest.param("src/app.py", "main:loop", "web:src/app.py:main:loop", id="colon-in-detail"),
        ],
    )
    def test_colons_in_paths_and_details(self, path: str, detail: str | None, body: str) -> None:
        """The brief's own index decides where a path with colons ends."""
        source = Source(
            id="s",
            type="web",
            url=path if path.startswith("http") else None,
            path=None if path.startswith("http") else path,
            detail=detail,
        )
        (marker,) = extract_markers(f"[Source: {body}]")
        assert SourceIndex([source]).resolve(marker).source == source

    def test_broken_hint_names_what_the_brief_has(self) -> None:
        """A detail mismatch says which details the brief has for that path."""
        (marker,) = extract_markers("[Source: web:https://example.org/a:web-2]")
        r = SourceIndex(SOURCES).resolve(marker)
        assert "'web-1'" in r.hint and "'web-2'" in r.hint

    def test_source_without_path_or_url_is_keyed_by_id(self) -> None:
        """A source with neither path nor url is cited by its id."""
        source = Source(id="kb-12", type="documentation", detail="faq")
        (marker,) = extract_markers("[Source: documentation:kb-12:faq]")
        assert SourceIndex([source]).resolve(marker).source == source

    @pytest.mark.parametrize(
        ("source", "expected"),
        [
            (Source(id="s", type="web"), 0.6),
            (Source(id="s", type="source_code"), 0.9),
            (Source(id="s", type="documentation"), 0.8),
            (Source(id="s", type="analytics"), 0.7),
            (Source(id="s", type="web", reliability=0.2), 0.2),
        ],
    )
    def test_default_reliability(self, source: Source, expected: float) -> None:
        """Reliability defaults by type when the brief gives none."""
        assert reliability(source) == expected


class TestAttach:
    @pytest.mark.parametrize(
        ("draft", "expected"),
        [
            pytest.param("Claim one [Source: web:x] here. Claim two.", {0: ["web:x"]}, id="inside"),
            pytest.param("Claim one.<!-- [Source: web:x] --> Claim two.", {0: ["web:x"]}, id="follows"),
            pytest.param(
                "<p>Claim one.</p>\n<!-- [Source: web:x] -->\n<p>Claim two.</p>",
                {0: ["web:x"]},
                id="own-line",
            ),
            pytest.param(
                "# H\n\n<!-- [Source: web:x] -->\nClaim one.", {0: ["web:x"]}, id="precedes-after-heading"
            ),
        ],
    )
    def test_marker_attaches_to_its_sentence(self, draft: str, expected: dict[int, list[str]]) -> None:
        """A marker belongs to the sentence it sits in, else the one it follows, else the one it precedes."""
        attached, orphans = attach(extract_markers(draft), parse_prose(draft))
        assert {i: [m.body for m in ms] for i, ms in attached.items()} == expected
        assert orphans == []

    def test_marker_under_a_heading_with_no_claim_is_an_orphan(self) -> None:
        """A marker cut off by a heading on both sides attaches to nothing."""
        draft = "Claim one.\n\n# H\n\n<!-- [Source: web:x] -->\n\n# I"
        attached, orphans = attach(extract_markers(draft), parse_prose(draft))
        assert attached == {}
        assert [m.body for m in orphans] == ["web:x"]


class TestRules:
    @pytest.mark.parametrize(
        ("draft", "strictness", "rules"),
        [
            pytest.param(html(metric(1)), "standard", [], id="SV-001-pass"),
            pytest.param(html(METRIC.format(n=1)), "standard", ["SV-001"], id="SV-001-fail"),
            pytest.param(html("Thanks for reading."), "strict", [], id="SV-001-not-factual"),
            pytest.param(html("The fastest tool anywhere."), "standard", [], id="SV-001-boast-standard"),
            pytest.param(html("The fastest tool anywhere."), "strict", ["SV-001"], id="SV-001-boast-strict"),
            pytest.param(html(metric(1, M_WEB)), "relaxed", [], id="SV-002-pass"),
            pytest.param(html(metric(1, M_BROKEN)), "relaxed", ["SV-002"], id="SV-002-fail"),
            pytest.param(html(metric(1, M_WEB)), "relaxed", [], id="SV-003-pass"),
            pytest.param(html(metric(1, M_INVALID)), "relaxed", ["SV-003"], id="SV-003-fail"),
            pytest.param(html(metric(1, M_WEB)), "standard", [], id="SV-004-pass"),
            pytest.param(html(metric(1, M_WEAK)), "standard", ["SV-004"], id="SV-004-fail"),
            pytest.param(html(metric(1, M_WEAK)), "strict", ["SV-004"], id="SV-004-strict"),
            pytest.param(html(metric(1, M_WEAK)), "relaxed", [], id="SV-004-off-in-relaxed"),
            pytest.param(html(metric(1, M_WEAK + M_CODE)), "standard", [], id="SV-004-best-source-counts"),
            pytest.param(html(metric(1, M_WEB)), "strict", [], id="SV-005-pass"),
            pytest.param(html(metric(1, M_WEB + M_DOCS)), "strict", ["SV-005"], id="SV-005-fail"),
            pytest.param(html(metric(1, M_WEB + M_DOCS)), "standard", [], id="SV-005-off-in-standard"),
        ],
    )
    def test_each_rule(self, draft: str, strictness: str, rules: list[str]) -> None:
        """Each rule passes a clean case and flags a failing one, at the strictness levels it runs in."""
        r = review(draft, SOURCES, strictness=Strictness(strictness))
        assert [f.rule for f in r.flags] == rules

    @pytest.mark.parametrize(
        ("marker", "rule", "kind", "severity"),
        [
            (None, "SV-001", FlagType.UNSOURCED, Severity.CRITICAL),
            (M_BROKEN, "SV-002", FlagType.BROKEN_REF, Severity.CRITICAL),
            (M_INVALID, "SV-003", FlagType.INVALID_TYPE, Severity.CRITICAL),
            (M_WEAK, "SV-004", FlagType.LOW_RELIABILITY, Severity.WARNING),
        ],
    )
    def test_flag_fields(self, marker: str | None, rule: str, kind: FlagType, severity: Severity) -> None:
        """A flag carries rule, type, severity, the claim's offsets and text, and the auto-fix suggestion."""
        claim = METRIC.format(n=7)
        draft = "<h2>Speed</h2><p>Intro text. " + claim + (marker or "") + "</p>"
        (f,) = review(draft, SOURCES).flags
        assert (f.rule, f.type, f.severity, f.section) == (rule, kind, severity, "Speed")
        assert f.start is not None and f.end is not None
        assert draft[f.start : f.end] == claim == f.claim
        assert f.suggestion == SUGGESTIONS[kind]
        assert f.check == "source_markers" and f.explanation

    def test_suggestions_keyed_by_finding_type(self) -> None:
        """The auto-fix texts of the seed, verbatim."""
        assert SUGGESTIONS[FlagType.BROKEN_REF] == (
            "Verify the source path/detail and correct the marker, "
            "or remove the claim if no matching source exists."
        )
        assert SUGGESTIONS[FlagType.INVALID_TYPE] == (
            "Replace the type with a valid one, "
            "or escape the marker text in a code block if it appears in example prose."
        )
        assert SUGGESTIONS[FlagType.UNSOURCED].startswith(
            "Add a source marker citing a real entry from the brief, or soften the claim"
        )
        assert "higher-reliability source" in SUGGESTIONS[FlagType.LOW_RELIABILITY]

    @pytest.mark.parametrize(("value", "rules"), [(0.5, []), (0.49, ["SV-004"])])
    def test_reliability_boundary(self, value: float, rules: list[str]) -> None:
        """A reliability of exactly 0.5 is not low; just under it is."""
        source = Source(id="r", type="web", url="https://example.org/r", reliability=value)
        draft = html(METRIC.format(n=1) + "[Source: web:https://example.org/r]")
        assert [f.rule for f in review(draft, [source]).flags] == rules

    def test_source_ids_on_reliability_and_indirect_flags(self) -> None:
        """SV-004 names the weak source, SV-005 the web source cited instead of the primary one."""
        weak = review(html(metric(1, M_WEAK)), SOURCES).flags[0]
        assert weak.source_id == "x1"
        indirect = review(html(metric(1, M_WEB + M_CODE)), SOURCES, strictness=Strictness.STRICT).flags[0]
        assert (indirect.rule, indirect.source_id, indirect.severity) == ("SV-005", "w1", Severity.INFO)

    def test_indirect_citation_through_source_map(self) -> None:
        """A documentation source mapped to the claim's section makes a lone web citation indirect."""
        draft = "<h2>Setup</h2><p>" + metric(1, M_WEB) + "</p>"
        mapped = [SourceMapEntry(section="Setup", source_ids=["d1"])]
        r = review(draft, SOURCES, strictness=Strictness.STRICT, source_map=mapped)
        assert [(f.rule, f.source_id) for f in r.flags] == [("SV-005", "w1")]
        assert r.score == 1.0

    def test_orphan_and_question_markers_are_still_checked(self) -> None:
        """A broken marker on a question or under no claim is flagged at its own or the sentence's offsets."""
        draft = "# A\n\n[Source: web:nope]\n\n# B\n\nIs Redis fast? [Source: blog:x]"
        r = review(draft, SOURCES)
        assert [f.rule for f in r.flags] == ["SV-002", "SV-003"]
        orphan = r.flags[0]
        assert orphan.start is not None and draft[orphan.start : orphan.end] == "[Source: web:nope]"
        assert r.claims == () and r.score == 1.0

    def test_one_fix_per_failure(self) -> None:
        """Fixes are surgical: one per critical or warning finding, none for info."""
        draft = html(
            METRIC.format(n=1),
            metric(2, M_BROKEN),
            metric(3, M_INVALID),
            metric(4, M_WEAK),
            metric(5, M_WEB + M_DOCS),
        )
        r = review(draft, SOURCES, strictness=Strictness.STRICT)
        assert [f.rule for f in r.flags] == ["SV-001", "SV-002", "SV-003", "SV-004", "SV-005"]
        assert len(r.fixes) == 4
        assert all(fix.endswith("Keep all other text.") for fix in r.fixes)
        assert "Median latency is 1 ms." in r.fixes[0]
        assert "web-9" in r.fixes[1] and "'web-1'" in r.fixes[1]
        assert "'blog'" in r.fixes[2]
        assert "x1" in r.fixes[3]


class TestScore:
    def test_three_verified_metrics_and_one_unsourced_score_exactly_075(self) -> None:
        """The contract's example: 4.5 / 6.0 = 0.75 exactly."""
        r = review(html(metric(1), metric(2), metric(3), METRIC.format(n=4)), SOURCES)
        assert r.score == 0.75
        assert (r.weighted_verified, r.weighted_total) == (4.5, 6.0)

    @pytest.mark.parametrize(
        ("sentences", "score"),
        [
            pytest.param([metric(1), metric(2, M_WEAK)], 0.75, id="warning-counts-half"),
            pytest.param([metric(1), metric(2, M_BROKEN)], 0.5, id="critical-counts-zero"),
            pytest.param([metric(1, M_WEB + M_CODE)], 1.0, id="info-counts-full"),
            pytest.param(
                ["The API supports SSO." + M_CODE, METRIC.format(n=1)], round(1.2 / 2.7, 4), id="weighted"
            ),
            pytest.param(["Thanks for reading."], 1.0, id="no-claims"),
        ],
    )
    def test_weights(self, sentences: list[str], score: float) -> None:
        """Verified full, warning half, critical zero, each at its claim type's weight."""
        assert review(html(*sentences), SOURCES, strictness=Strictness.STRICT).score == score


class TestCheck:
    def test_fails_on_a_critical_flag(self) -> None:
        """The check's status is fail when it raised a critical flag; its score is the integrity score."""
        v = verify(job(html(metric(1), metric(2), metric(3), METRIC.format(n=4))))
        (outcome,) = v.checks
        assert (outcome.name, outcome.status, outcome.score) == ("source_markers", CheckStatus.FAIL, 0.75)
        assert "SV-001" in outcome.reason and outcome.details["by_rule"] == {"SV-001": 1}
        assert v.score == 0.75 and v.verdict is Verdict.FAIL
        assert v.flags[0].id == "f1" and v.fix_instructions

    def test_passes_with_warnings(self) -> None:
        """Warnings alone do not fail the check."""
        v = verify(job(html(*(metric(n) for n in range(9)), metric(9, M_WEAK))))
        assert v.checks[0].status is CheckStatus.PASS
        assert (v.score, v.verdict, v.status) == (0.95, Verdict.PASS, Status.PASSED_WITH_WARNINGS)

    def test_params_override_strictness(self) -> None:
        """A criterion may run the check at its own strictness."""
        criterion = {
            "id": "c1",
            "text": "sourced",
            "check": "source_markers",
            "params": {"strictness": "strict"},
        }
        v = verify(
            job(html("The fastest tool anywhere."), criteria=[criterion], policy={"profile": "criteria"})
        )
        assert v.checks[0].status is CheckStatus.FAIL

    def test_auto_profile_picks_integrity_for_html_with_markers(self) -> None:
        """``auto`` routes an HTML draft holding markers to the integrity profile."""
        v = verify(job(html(metric(1)), policy={"profile": "auto"}))
        assert v.profile is Profile.INTEGRITY and v.verdict is Verdict.PASS


class TestThresholds:
    @pytest.mark.parametrize(
        ("strictness", "verified", "weak", "score", "verdict"),
        [
            pytest.param("strict", 9, 1, 0.95, Verdict.PASS, id="strict-at-0.95"),
            pytest.param("strict", 8, 1, 0.9444, Verdict.FAIL, id="strict-under"),
            pytest.param("standard", 7, 3, 0.85, Verdict.PASS, id="standard-at-0.85"),
            pytest.param("standard", 9, 4, 0.8462, Verdict.FAIL, id="standard-under"),
        ],
    )
    def test_warning_boundaries(
        self, strictness: str, verified: int, weak: int, score: float, verdict: Verdict
    ) -> None:
        """Strict passes at 0.95, standard at 0.85; just under fails."""
        sentences = [metric(n) for n in range(verified)] + [metric(100 + n, M_WEAK) for n in range(weak)]
        v = verify(job(html(*sentences), strictness=strictness))
        assert (v.score, v.verdict) == (score, verdict)

    @pytest.mark.parametrize(
        ("verified", "unsourced", "score", "verdict"),
        [
            pytest.param(7, 2, 0.7, Verdict.PARTIAL, id="relaxed-at-0.70"),
            pytest.param(6, 2, 0.6667, Verdict.FAIL, id="relaxed-under"),
        ],
    )
    def test_relaxed_boundary(self, verified: int, unsourced: int, score: float, verdict: Verdict) -> None:
        """Relaxed clears at 0.70 (partial: critical flags stand) and fails under it."""
        sentences = [ARCH.format(w=n) + M_CODE for n in range(verified)]
        sentences += [METRIC.format(n=n) for n in range(unsourced)]
        v = verify(job(html(*sentences), strictness="relaxed"))
        assert (v.score, v.verdict) == (score, verdict)
        assert v.status is Status.REQUIRES_CORRECTION and v.action is Action.RETRY_WITH_FEEDBACK


class TestStrictness:
    def test_strictness_changes_the_findings(self) -> None:
        """strict flags boasts and indirect citations; relaxed drops the low-reliability warning."""
        draft = html("The fastest tool anywhere.", metric(1, M_WEAK), metric(2, M_WEB + M_CODE))
        rules = {s: [f.rule for f in review(draft, SOURCES, strictness=s).flags] for s in Strictness}
        assert rules == {
            Strictness.STRICT: ["SV-001", "SV-004", "SV-005"],
            Strictness.STANDARD: ["SV-004"],
            Strictness.RELAXED: [],
        }


class TestInputs:
    @pytest.mark.parametrize(
        "content", ["", "   ", "<html><body></body></html>", "```\n[Source: web:x]\n```"]
    )
    def test_empty_drafts_pass(self, content: str) -> None:
        """Nothing to source scores 1.0 and passes."""
        r = review(content, SOURCES)
        assert (r.score, r.flags, r.claims) == (1.0, (), ())

    def test_html_entities(self) -> None:
        """Entities in prose and in marker bodies are decoded; offsets still index the raw HTML."""
        source = Source(id="q", type="web", url="https://example.org/q?a=1&b=2", detail="r&d")
        marker = "<!-- [Source: web:https://example.org/q?a=1&amp;b=2:r&amp;d] -->"
        draft = f"<p>R&amp;D spend rose 12&#37;.{marker}</p>"
        r = review(draft, [source])
        assert r.flags == () and r.score == 1.0
        assert r.claims[0].claim.text == "R&amp;D spend rose 12&#37;."

    def test_nested_code_fences_hide_markers(self) -> None:
        """A marker in a fence nested inside a longer fence is an example, not a citation."""
        draft = (
            "Redis handles 1M ops/s."
            + M_CODE
            + "\n\n````md\n```\nIt is 9x faster [Source: blog:x].\n```\n````\n"
        )
        r = review(draft, SOURCES)
        assert r.flags == () and len(r.claims) == 1

    @pytest.mark.parametrize(
        "draft",
        [
            pytest.param(
                "<p>يدعم النظام PostgreSQL بنسبة 40٪." + M_CODE + " هل هو سريع؟ يعمل بسرعة 45 ms.</p>",
                id="arabic",
            ),
            pytest.param(
                "<p>המערכת תומכת ב-Redis." + M_CODE + " האם זה מהיר? זמן תגובה 45 ms.</p>", id="hebrew"
            ),
        ],
    )
    def test_arabic_and_hebrew(self, draft: str) -> None:
        """Right to left: a sourced claim verifies, an unsourced metric is flagged, a question is not."""
        r = review(draft, SOURCES)
        assert [f.rule for f in r.flags] == ["SV-001"]
        f = r.flags[0]
        assert f.start is not None and draft[f.start : f.end] == f.claim
        assert "45 ms" in (f.claim or "")

    def test_huge_draft(self) -> None:
        """A 100,000-word draft with 10,000 markers reviews in seconds, score exact."""
        unit = "<p>" + metric(1) + " The team met on Tuesday and discussed plans.</p>\n"
        draft = unit * 10_000
        r = review(draft, SOURCES)
        assert (len(r.claims), r.score, r.markers) == (10_000, 1.0, 10_000)


_PIECES = st.sampled_from(
    [
        "Latency is 45 ms.",
        "It supports SSO.",
        "The fastest one.",
        "Why?",
        " ",
        "\n\n",
        "<p>",
        "</p>",
        "<h2>T</h2>",
        "# H\n",
        "```\n",
        "`",
        "<!--",
        "-->",
        M_WEB,
        M_CODE,
        M_BROKEN,
        M_INVALID,
        M_WEAK,
        "[Source: web:https://example.org/a]",
        "[Source: ",
        "<cite>",
        "</cite>",
        "Source: web:x",
        "&amp;",
        "Dr. ",
        "3.5",
        "هل؟",
        "שלום.",
    ]
)


class TestProperties:
    @settings(max_examples=200, deadline=None)
    @given(st.lists(_PIECES, max_size=30).map("".join), st.sampled_from(list(Strictness)))
    def test_review_never_crashes_and_offsets_hold(self, draft: str, strictness: Strictness) -> None:
        """Every failure is a flag; every flag's offsets slice back to its claim; the score is in [0, 1]."""
        r = review(draft, SOURCES, strictness=strictness)
        assert 0.0 <= r.score <= 1.0
        for f in r.flags:
            assert f.start is not None and f.end is not None
            assert draft[f.start : f.end] == f.claim
        assert render_citations(draft, SOURCES).count("[Source:") <= draft.count("[Source:")

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=200))
    def test_any_text(self, draft: str) -> None:
        """No text crashes the review or the renderer."""
        review(draft, SOURCES, strictness=Strictness.STRICT)
        render_citations(draft, SOURCES)


class TestRenderCitations:
    def test_numbered_by_first_use_and_deduplicated(self) -> None:
        """The same source keeps its number; the Sources list names each source once."""
        draft = html(metric(1, M_CODE), metric(2, M_WEB), metric(3, M_CODE))
        out = render_citations(draft, SOURCES)
        assert "[Source:" not in out
        assert out.count('href="#source-1"') == 2 and out.count('href="#source-2"') == 1
        assert out.count('<li id="source-') == 2
        assert out.index('<li id="source-1">src/app.py: main') < out.index(
            '<li id="source-2"><a href="https://example.org/a">Example A</a>'
        )
        assert out.rstrip().endswith("</body></html>")
        assert "1 ms.<sup" in out  # the marker's leading space is absorbed

    def test_markdown(self) -> None:
        """Markdown drafts get [n] footnotes and a ## Sources section."""
        draft = (
            "Latency is 45 ms. [Source: web:https://example.org/a:web-1]\n\n"
            "- It uses Redis [Source: source_code:src/app.py]\n"
        )
        out = render_citations(draft, SOURCES)
        assert out.startswith("Latency is 45 ms.[1]\n\n- It uses Redis[2]\n")
        assert out.endswith(
            "## Sources\n\n1. [Example A](https://example.org/a): web-1 (reliability: 0.6)\n"
            "2. src/app.py: main (reliability: 0.9)\n"
        )

    def test_unresolved_markers_are_dropped_and_code_untouched(self) -> None:
        """A marker that resolves to nothing gets no number; markers in code stay as written."""
        draft = "A is 1%. [Source: web:nope] B is 2%.\n\n```\n[Source: web:https://example.org/a]\n```\n"
        out = render_citations(draft, SOURCES)
        assert out.startswith("A is 1%. B is 2%.")
        assert "```\n[Source: web:https://example.org/a]\n```" in out
        assert "## Sources" not in out

    def test_no_markers_no_change(self) -> None:
        """A draft without markers comes back as it was."""
        assert render_citations("<p>Plain.</p>", SOURCES) == "<p>Plain.</p>"

    def test_exported_from_checks(self) -> None:
        """Both helpers are part of the checks package surface."""
        assert {"render_citations", "findings_report"} <= set(checks.__all__)


class TestFindingsReport:
    def test_grouped_by_severity(self) -> None:
        """Critical first, then warning, then info; each finding with rule, claim, why and suggestion."""
        draft = "<h2>Speed</h2>" + html(metric(5, M_WEB + M_DOCS), metric(4, M_WEAK), METRIC.format(n=3))
        report = findings_report(review(draft, SOURCES, strictness=Strictness.STRICT).flags)
        assert report.index("## Critical (1)") < report.index("## Warning (1)") < report.index("## Info (1)")
        assert "**SV-001** `unsourced` in section *Speed*" in report
        assert '- Claim: "Median latency is 3 ms."' in report
        assert "- Suggestion: " + SUGGESTIONS[FlagType.UNSOURCED] in report
        assert report.startswith("# Integrity findings\n\n3 findings: 1 critical, 1 warning, 1 info.")

    def test_no_findings(self) -> None:
        """An empty report says so."""
        assert findings_report([]) == "# Integrity findings\n\nNo findings.\n"


class TestGoldenExamples:
    @pytest.mark.parametrize(
        ("name", "expected", "rules"),
        [
            ("html_pass", (Verdict.PASS, Status.PASSED, Action.CONTINUE, 1.0), []),
            (
                "html_fail",
                (Verdict.FAIL, Status.REQUIRES_CORRECTION, Action.RETRY_WITH_FEEDBACK, 0.2885),
                ["SV-002", "SV-001", "SV-003"],
            ),
        ],
    )
    def test_examples(
        self, name: str, expected: tuple[Verdict, Status, Action, float], rules: list[str]
    ) -> None:
        """The example jobs under examples/integrity get their expected verdicts."""
        data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
        v = verify_document(data)
        assert v.profile is Profile.INTEGRITY
        assert (v.verdict, v.status, v.action, v.score) == expected
        assert [f.rule for f in v.flags] == rules
