"""The fact-check checks: prohibited_phrases, reading_level, structure, json_schema and
citations by source id (CONTRACT.md section 3, the ``factcheck`` profile).

Each class specifies one unit with tables of passing and failing cases. Every flag
must carry offsets into the output text so a report can underline it; the helper
``assert_spans`` checks that for every result produced here.
"""

from __future__ import annotations

import sys
import threading
import unicodedata
from types import SimpleNamespace
from typing import Any

import pytest

from checks import verify, warm_up
from checks.citations_ids import checks_source_ids, citations, merge, unknown_citation_flags
from checks.config import DEFAULT_CONFIG
from checks.library import prohibited_phrases as pp
from checks.library.json_schema import locate
from checks.library.prohibited_phrases import find_phrases
from checks.library.structure import find_headings, heading_key
from checks.readability import Readability, measure, sentences, syllable_counter
from checks.registry import CheckContext, CheckResult, get
from messages import (
    CheckName,
    CheckStatus,
    FlagType,
    JobValidationError,
    Severity,
    Source,
    Status,
    Strictness,
    VerifyJob,
    parse_job,
)

EASY = "The cat sat on the mat. " * 10
"""60 one-syllable words in 10 sentences: FK -1.45, SMOG 3.13, Fog 2.4."""
HARD = (
    "The implementation of comprehensive regulatory requirements necessitates considerable "
    "organizational investment, particularly regarding documentation, verification, and continuous "
    "monitoring of algorithmic decision-making systems. "
) * 3
"""63 words in 3 long sentences of long words: every metric well above grade 20."""


def make(
    content: Any,
    *,
    fmt: str = "markdown",
    language: str = "en",
    voice: dict[str, Any] | None = None,
    strictness: str = "standard",
    sources: list[dict[str, Any]] | None = None,
    seen_urls: list[str] | None = None,
    criteria: list[dict[str, Any]] | None = None,
    profile: str | None = None,
) -> VerifyJob:
    document: dict[str, Any] = {
        "job_id": "fc-1",
        "mission_id": "m1",
        "task_id": "t1",
        "output": {"format": fmt, "content": content, "language": language},
        "policy": {"strictness": strictness, **({"profile": profile} if profile else {})},
        "sources": sources or [],
        "seen_urls": seen_urls or [],
        "criteria": criteria or [],
    }
    if voice is not None:
        document["voice"] = voice
    return parse_job(document)


def run(name: CheckName, job: VerifyJob, params: dict[str, Any] | None = None) -> CheckResult:
    """Run one registered check the way the pipeline does, params validated by its model."""
    spec = get(name)
    assert spec is not None
    extra: dict[str, Any] = {}
    if params is not None:
        extra["params"] = spec.params.model_validate(params)
    ctx = CheckContext(job=job, policy=DEFAULT_CONFIG.resolve(job), text=job.output.text, **extra)
    result = spec.fn(ctx)
    assert_spans(result, job.output.text)
    return result


def assert_spans(result: CheckResult, text: str) -> None:
    """Every flag has offsets inside the text, start <= end."""
    for f in result.flags:
        assert f.start is not None and f.end is not None, f
        assert 0 <= f.start <= f.end <= len(text), (f.start, f.end, len(text))


def spans(result: CheckResult, text: str) -> list[str]:
    return [text[f.start or 0 : f.end or 0] for f in result.flags]


def plan_error(criterion: dict[str, Any]) -> JobValidationError:
    """The validation error a criterion's params raise when the job is planned."""
    job = make("text", criteria=[{"id": "c1", "text": "rule", **criterion}])
    with pytest.raises(JobValidationError) as caught:
        verify(job)
    return caught.value


# --- prohibited_phrases -----------------------------------------------------------------------


HIT_CASES = [
    # (text, phrases, expected flagged slices)
    ("We leverage synergy here.", ["synergy"], ["synergy"]),
    ("SYNERGY and Synergy.", ["synergy"], ["SYNERGY", "Synergy"]),
    ("A synergystic desynergy.", ["synergy"], []),
    ("In today's\n  fast-paced world", ["in today's fast-paced world"], ["In today's\n  fast-paced world"]),
    ("It\u2019s important to note this.", ["it's important to note"], ["It\u2019s important to note"]),
    ("We use C++ daily; C++17 too.", ["C++"], ["C++", "C++"]),
    ("A game-changer, not a game.", ["game-changer", "game"], ["game-changer", "game"]),
    ("Truly a game-changer.", ["game", "game-changer"], ["game-changer"]),
    ("Delve, delves, delving.", ["delve", "delves", "delving"], ["Delve", "delves", "delving"]),
    ("هذا تآزر رائع", ["تآزر"], ["تآزر"]),
    ("وتآزرنا كبير", ["تآزر"], []),
    ("كَتَبَ الطالب", ["كتب"], []),
    ("זה סינרגיה אמיתית", ["סינרגיה"], ["סינרגיה"]),
    ("ובסינרגיה", ["סינרגיה"], []),
    ("Nothing to see.", ["synergy"], []),
    ("", ["synergy"], []),
]


class TestProhibitedPhrases:
    @pytest.mark.parametrize(("text", "phrases", "expected"), HIT_CASES)
    def test_hits_table(self, text: str, phrases: list[str], expected: list[str]) -> None:
        """Case-insensitive whole-word hits in any script, each with its exact span."""
        job = make(text, fmt="text", voice={"prohibited_phrases": phrases})
        result = run(CheckName.PROHIBITED_PHRASES, job)
        assert spans(result, text) == expected
        assert result.status is (CheckStatus.FAIL if expected else CheckStatus.PASS)

    @pytest.mark.parametrize("strictness", list(Strictness))
    def test_every_hit_is_critical_voice_violation(self, strictness: Strictness) -> None:
        """A prohibited phrase is a critical voice_violation in strict, standard and relaxed."""
        job = make("Pure synergy.", voice={"prohibited_phrases": ["synergy"]}, strictness=strictness.value)
        result = run(CheckName.PROHIBITED_PHRASES, job)
        assert [(f.type, f.severity) for f in result.flags] == [(FlagType.VOICE_VIOLATION, Severity.CRITICAL)]
        assert result.status is CheckStatus.FAIL

    def test_fix_is_surgical(self) -> None:
        """The fix names the phrase, its line and characters, and keeps all other text."""
        text = "Intro line.\nWe love synergy."
        result = run(CheckName.PROHIBITED_PHRASES, make(text, voice={"prohibited_phrases": ["synergy"]}))
        assert result.fixes == [
            "Replace 'synergy' at line 2 (characters 20-27) with plain wording that the voice profile "
            "allows; it prohibits 'synergy'. Keep all other text."
        ]
        assert result.flags[0].suggestion == result.fixes[0]

    def test_section_is_the_enclosing_heading(self) -> None:
        """Each hit names the heading it sits under, so the correction brief groups by section."""
        text = "# Summary\nsynergy\n\n## Findings\nmore synergy"
        result = run(CheckName.PROHIBITED_PHRASES, make(text, voice={"prohibited_phrases": ["synergy"]}))
        assert [f.section for f in result.flags] == ["Summary", "Findings"]

    def test_code_is_not_prose(self) -> None:
        """Hits inside fenced code, inline code and <code> are examples, not violations."""
        text = "Use `synergy()`.\n\n```\nsynergy = 1\n```\n<code>synergy</code> and synergy."
        result = run(CheckName.PROHIBITED_PHRASES, make(text, voice={"prohibited_phrases": ["synergy"]}))
        assert len(result.flags) == 1
        assert result.flags[0].start == text.rindex("synergy")

    def test_html_entities_are_decoded_and_spans_stay_raw(self) -> None:
        """``in&nbsp;conclusion`` and ``it&rsquo;s`` match; the span covers the raw entity text."""
        text = "<p>In&nbsp;conclusion, it&rsquo;s important to note &amp; more.</p>"
        job = make(
            text, fmt="html", voice={"prohibited_phrases": ["in conclusion", "it's important to note"]}
        )
        result = run(CheckName.PROHIBITED_PHRASES, job)
        assert spans(result, text) == ["In&nbsp;conclusion", "it&rsquo;s important to note"]

    def test_entities_shift_later_offsets_correctly(self) -> None:
        """A hit after several entities still points at its raw position."""
        text = "&lt;b&gt; &eacute;t&eacute; &#233; synergy"
        hits = find_phrases(text, ["synergy", "été"], decode_entities=True)
        assert [text[h.start : h.end] for h in hits] == ["&eacute;t&eacute;", "synergy"]

    def test_params_phrases_add_to_the_voice_profile(self) -> None:
        """Criterion params ``phrases`` and the voice profile's list both apply."""
        job = make("synergy and leverage", voice={"prohibited_phrases": ["synergy"]})
        result = run(CheckName.PROHIBITED_PHRASES, job, {"phrases": ["leverage"]})
        assert spans(result, job.output.text) == ["synergy", "leverage"]

    def test_no_phrases_is_not_applicable(self) -> None:
        """Without phrases the check is skipped as not_applicable, never passed vacuously."""
        result = run(CheckName.PROHIBITED_PHRASES, make("synergy"))
        assert (result.status, result.reason) == (CheckStatus.SKIPPED, "not_applicable")

    @pytest.mark.parametrize(
        ("params", "where"),
        [
            ({"phrases": ["  "]}, "criteria.0.params.phrases"),
            ({"phrases": [""]}, "criteria.0.params.phrases.0"),
            ({"phrases": ["x"] * 2001}, "criteria.0.params.phrases"),
            ({"words": ["x"]}, "criteria.0.params.words"),
        ],
    )
    def test_bad_params_are_validation_errors(self, params: dict[str, Any], where: str) -> None:
        """Blank, empty, too many phrases or an unknown field fail at plan time, naming the field."""
        error = plan_error({"check": "prohibited_phrases", "params": params})
        assert error.where == where

    def test_thousands_of_phrases_on_a_huge_text(self) -> None:
        """2,000 phrases over about 1 MB find every hit (one trie-shaped regex; speed is benchmarked)."""
        words = [f"w{i}x{i * 7 % 13}" for i in range(5000)]
        phrases = [f"{words[i]} {words[(i * 31) % 5000]}" for i in range(1999)] + ["needle"]
        text = ((" ".join(words[:1000]) + " ") * 20 + "the needle here. ") * 6
        assert len(text) > 800_000
        hits = find_phrases(text, phrases)
        assert [h.phrase for h in hits].count("needle") == 6

    def test_prefix_chains_do_not_overflow_the_regex_engine(self) -> None:
        """Phrases that are prefixes of each other nest groups; the matcher splits instead of crashing."""
        phrases = [" ".join(["a"] * n) for n in range(1, 200)]
        hits = find_phrases("a " * 150 + "b", phrases)
        assert len(hits) == 1 and hits[0].phrase == " ".join(["a"] * 150)

    def test_empty_text_passes(self) -> None:
        """An empty output has nothing prohibited."""
        result = run(CheckName.PROHIBITED_PHRASES, make("", voice={"prohibited_phrases": ["x"]}))
        assert result.status is CheckStatus.PASS

    def test_flags_are_capped_on_huge_inputs(self) -> None:
        """125,000 hits: the first 1,000 are flagged, details and reason count them all."""
        text = "synergy " * 125_000
        result = run(CheckName.PROHIBITED_PHRASES, make(text, voice={"prohibited_phrases": ["synergy"]}))
        assert len(result.flags) == len(result.fixes) == 1000
        assert result.details["hits"] == 125_000 and "(the first 1000 flagged)" in result.reason


# --- readability formulas ---------------------------------------------------------------------


class TestPhraseMatcherTables:
    def test_threads_meeting_their_first_phrase_list_together_build_the_word_class_once(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Given eight threads asking for the word class at once in a fresh process, then every code
        point's category is read once in all (it used to be once per thread) and all get the same class."""
        built = pp._build_word_class()
        calls = [0]

        def category(ch: str) -> str:
            calls[0] += 1
            return unicodedata.category(ch)

        monkeypatch.setattr(pp, "unicodedata", SimpleNamespace(category=category))
        pp._build_word_class.cache_clear()
        start = threading.Barrier(8)
        got: list[str] = []

        def ask() -> None:
            start.wait()
            got.append(pp._word_class())

        threads = [threading.Thread(target=ask) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert calls[0] == sys.maxunicode + 1
        assert got == [built] * 8

    def test_warm_up_leaves_nothing_for_the_first_job_to_build(self) -> None:
        pp._build_word_class.cache_clear()
        pp._word_re.cache_clear()
        warm_up()
        assert pp._build_word_class.cache_info().currsize == 1 and pp._word_re.cache_info().currsize == 1
        assert find_phrases("A real game-changer.", ["game-changer"])


class TestReadabilityFormulas:
    def test_published_formulas(self) -> None:
        """FK, SMOG and Fog follow their published definitions on known counts."""
        counts = Readability(words=100, sentences=5, syllables=150, polysyllables=10, complex_words=8)
        assert counts.score("flesch_kincaid_grade") == 9.91
        assert counts.score("smog_index") == 11.21
        assert counts.score("gunning_fog") == 11.2

    def test_easy_text_counts(self) -> None:
        """Sixty one-syllable words in ten sentences."""
        counter = syllable_counter("en")
        assert counter is not None
        counts = measure(EASY, counter)
        assert (counts.words, counts.sentences, counts.syllables, counts.polysyllables) == (60, 10, 60, 0)
        assert counts.score("flesch_kincaid_grade") == -1.45

    @pytest.mark.parametrize(
        ("word", "syllables"),
        [("cat", 1), ("table", 2), ("beautiful", 3), ("organization", 5), ("strengths", 1), ("2026", 1)],
    )
    def test_syllables(self, word: str, syllables: int) -> None:
        """pyphen's hyphenation points + 1, capped by vowel groups in English."""
        counter = syllable_counter("en")
        assert counter is not None
        assert counter(word) == syllables

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("One. Two! Three? Four", ["One. ", "Two! ", "Three? ", "Four"]),
            ("See e.g. this case. Next", ["See e.g. this case. ", "Next"]),
            ("Pi is 3.14 today.", ["Pi is 3.14 today."]),
            ("# Heading\nBody text here.", ["# Heading", "Body text here."]),
            ("Intro\n- item one\n- item two", ["Intro", "- item one", "- item two"]),
            ("Para one\n\nPara two", ["Para one", "Para two"]),
            ("هل هذا صحيح؟ نعم.", ["هل هذا صحيح؟ ", "نعم."]),
            ("", []),
        ],
    )
    def test_sentences(self, text: str, expected: list[str]) -> None:
        """Sentence ends: terminal punctuation before a non-lowercase start, blank lines, block starts."""
        assert sentences(text) == expected

    @pytest.mark.parametrize("language", ["ar", "ar-msa", "ar-egt", "ar-shami", "he"])
    def test_no_dictionary_for_arabic_and_hebrew(self, language: str) -> None:
        """pyphen has no Arabic or Hebrew dictionary, so no syllable counter is offered."""
        assert syllable_counter(language) is None

    @pytest.mark.parametrize("language", ["en", "en-GB", "en-US", "de", "fr"])
    def test_dictionaries_ship_with_pyphen(self, language: str) -> None:
        """English and other pyphen languages load from the installed package, offline."""
        assert syllable_counter(language) is not None


# --- reading_level ----------------------------------------------------------------------------


def level_job(text: str, *, metric: str = "flesch_kincaid_grade", target: float = 10, **kw: Any) -> VerifyJob:
    return make(
        text, fmt=kw.pop("fmt", "text"), voice={"reading_level": {"metric": metric, "max": target}}, **kw
    )


class TestReadingLevel:
    @pytest.mark.parametrize("metric", ["flesch_kincaid_grade", "smog_index", "gunning_fog"])
    def test_easy_text_passes_every_metric(self, metric: str) -> None:
        """Simple sentences are under grade 10 on every metric, with no flag."""
        result = run(CheckName.READING_LEVEL, level_job(EASY, metric=metric))
        assert result.status is CheckStatus.PASS and not result.flags
        assert result.details["metric"] == metric

    @pytest.mark.parametrize(
        ("strictness", "severity", "status"),
        [
            (Strictness.STRICT, Severity.CRITICAL, CheckStatus.FAIL),
            (Strictness.STANDARD, Severity.WARNING, CheckStatus.PASS),
            (Strictness.RELAXED, Severity.INFO, CheckStatus.PASS),
        ],
    )
    @pytest.mark.parametrize("metric", ["flesch_kincaid_grade", "smog_index", "gunning_fog"])
    def test_above_target_severity_follows_strictness(
        self, metric: str, strictness: Strictness, severity: Severity, status: CheckStatus
    ) -> None:
        """Above the target: critical in strict (fail), warning in standard, info in relaxed (pass)."""
        result = run(CheckName.READING_LEVEL, level_job(HARD, metric=metric, strictness=strictness.value))
        assert [(f.type, f.severity) for f in result.flags] == [(FlagType.READING_LEVEL, severity)]
        assert result.status is status
        assert result.details["grade"] > 10
        assert bool(result.fixes) is (status is CheckStatus.FAIL)

    def test_flag_spans_the_output(self) -> None:
        """The reading-level flag underlines the whole output and names grade and target."""
        job = level_job(HARD, strictness="strict")
        flag = run(CheckName.READING_LEVEL, job).flags[0]
        assert (flag.start, flag.end) == (0, len(HARD))
        assert "Flesch-Kincaid grade" in flag.explanation and "at most 10" in flag.explanation

    def test_params_override_the_voice_profile(self) -> None:
        """A criterion's metric and max win over the voice profile's."""
        job = level_job(HARD, target=10, strictness="strict")
        result = run(CheckName.READING_LEVEL, job, {"metric": "gunning_fog", "max": 40})
        assert result.status is CheckStatus.PASS and result.details["metric"] == "gunning_fog"

    def test_params_alone_are_enough(self) -> None:
        """Without a voice profile the criterion's params give the target."""
        result = run(CheckName.READING_LEVEL, make(HARD, fmt="text", strictness="strict"), {"max": 8})
        assert result.status is CheckStatus.FAIL

    def test_no_target_is_not_applicable(self) -> None:
        """No max anywhere: skipped, not_applicable, with why."""
        result = run(CheckName.READING_LEVEL, make(HARD))
        assert (result.status, result.reason) == (CheckStatus.SKIPPED, "not_applicable")
        assert "target" in result.details["why"]

    @pytest.mark.parametrize(("words", "applies"), [(29, False), (30, True)])
    def test_short_texts_are_not_measured(self, words: int, applies: bool) -> None:
        """Under 30 words (the default min_words) the check is not applicable; at 30 it measures."""
        text = " ".join(["cat"] * words) + "."
        result = run(CheckName.READING_LEVEL, level_job(text))
        assert (result.status is CheckStatus.SKIPPED) is not applies
        if not applies:
            assert result.details["why"].startswith("29 words is too short")

    def test_min_words_can_be_lowered(self) -> None:
        """A criterion may measure shorter texts by lowering min_words."""
        result = run(CheckName.READING_LEVEL, level_job("The cat sat."), {"min_words": 1})
        assert result.status is CheckStatus.PASS and result.details["words"] == 3

    @pytest.mark.parametrize(("repeat", "applies"), [(2, False), (3, True)])
    def test_smog_needs_three_sentences(self, repeat: int, applies: bool) -> None:
        """SMOG under 3 sentences is not applicable; from 3 sentences it is computed."""
        sentence = "The cat sat on the mat with the dog and the bird and the fox. " * 1
        text = (sentence.strip() + " ") * repeat + "Then " + " ".join(["cat"] * 20)
        text = text.replace("Then", "then")  # keep the tail inside the last sentence
        result = run(CheckName.READING_LEVEL, level_job(text, metric="smog_index"))
        assert (result.status is not CheckStatus.SKIPPED) is applies
        if not applies:
            assert "SMOG needs at least 3 sentences" in result.details["why"]

    @pytest.mark.parametrize(
        ("text", "language"),
        [("هذا نص عربي طويل. " * 20, "ar-msa"), ("זה טקסט ארוך בעברית. " * 20, "he")],
    )
    def test_arabic_and_hebrew_are_not_applicable(self, text: str, language: str) -> None:
        """No syllable dictionary for Arabic or Hebrew: skipped with why, never a made-up grade."""
        result = run(CheckName.READING_LEVEL, level_job(text, language=language))
        assert (result.status, result.reason) == (CheckStatus.SKIPPED, "not_applicable")
        assert "dictionary" in result.details["why"]

    def test_empty_text_is_not_applicable(self) -> None:
        """No prose, no grade."""
        result = run(CheckName.READING_LEVEL, level_job(""))
        assert result.status is CheckStatus.SKIPPED and "no prose" in result.details["why"]

    def test_code_urls_and_markup_are_not_measured(self) -> None:
        """Fenced code, URLs and HTML tags do not change the grade of the prose around them."""
        noise = (
            "\n```\ninternationalization_configuration = organizational_responsibility()\n```\n"
            "See https://example.org/extraordinarily/incomprehensible/documentation and "
            "<span class='characteristically'>x</span>\n"
        )
        plain = run(CheckName.READING_LEVEL, level_job(EASY, fmt="markdown"))
        noisy = run(CheckName.READING_LEVEL, level_job(EASY + noise, fmt="markdown"))
        assert noisy.details["grade"] <= plain.details["grade"] + 0.5

    def test_html_entities_are_prose(self) -> None:
        """``&amp;`` and friends decode before measuring; a hard HTML text still fails in strict."""
        html = "<p>" + HARD.replace(" and ", " &amp; ") + "</p>"
        result = run(CheckName.READING_LEVEL, level_job(html, fmt="html", strictness="strict"))
        assert result.status is CheckStatus.FAIL

    def test_object_content_measures_its_strings(self) -> None:
        """For JSON outputs the string values are the prose."""
        job = level_job({"parts": [EASY, {"more": EASY}]}, fmt="json")
        result = run(CheckName.READING_LEVEL, job)
        assert result.status is CheckStatus.PASS and result.details["words"] == 120

    def test_huge_input(self) -> None:
        """About 100,000 words are measured."""
        job = level_job((EASY + HARD) * 800)
        result = run(CheckName.READING_LEVEL, job)
        assert result.details["words"] > 90_000

    def test_relaxed_verdict_reports_only_critical(self) -> None:
        """In relaxed strictness the info flag is dropped from the verdict (only critical findings)."""
        job = make(
            HARD,
            fmt="text",
            strictness="relaxed",
            profile="criteria",
            criteria=[{"id": "c1", "text": "readable", "check": "reading_level", "params": {"max": 8}}],
        )
        verdict = verify(job)
        assert verdict.flags == []
        assert verdict.status is Status.PASSED

    @pytest.mark.parametrize(
        ("params", "where"),
        [
            ({"metric": "ari"}, "criteria.0.params.metric"),
            ({"max": -1}, "criteria.0.params.max"),
            ({"max": 41}, "criteria.0.params.max"),
            ({"min_words": 0}, "criteria.0.params.min_words"),
        ],
    )
    def test_bad_params_are_validation_errors(self, params: dict[str, Any], where: str) -> None:
        """An unknown metric or an out-of-range number fails at plan time, naming the field."""
        assert plan_error({"check": "reading_level", "params": params}).where == where


# --- structure --------------------------------------------------------------------------------

REPORT = """# Report

## Summary
One two three four five six seven eight nine ten.

## Findings
{findings}

### Detail
Sub section words count towards Findings.

## Sources
- https://example.org/a
"""


def report(findings_words: int = 20) -> str:
    return REPORT.format(findings=" ".join(["word"] * findings_words))


SECTIONS = [{"heading": "Summary"}, {"heading": "Findings"}, {"heading": "Sources"}]


class TestStructure:
    def test_all_sections_in_order_pass(self) -> None:
        """Required sections present in the listed order, within limits: pass, no flags."""
        result = run(CheckName.STRUCTURE, make(report()), {"sections": SECTIONS})
        assert result.status is CheckStatus.PASS and not result.flags

    def test_missing_section_is_critical_with_insertion_point(self) -> None:
        """A missing required section flags the heading it should precede and names the section."""
        text = report()
        params = {"sections": [SECTIONS[0], {"heading": "Risks"}, *SECTIONS[1:]]}
        result = run(CheckName.STRUCTURE, make(text), params)
        assert result.status is CheckStatus.FAIL
        (f,) = result.flags
        assert (f.type, f.severity, f.section) == (FlagType.STRUCTURE_VIOLATION, Severity.CRITICAL, "Risks")
        assert text[f.start or 0 : f.end or 0] == "## Findings"
        assert result.fixes == [
            "Add a section headed 'Risks' before the section 'Findings' (line 6). Keep all other text."
        ]

    def test_missing_last_section_points_after_the_previous_one(self) -> None:
        """With no later section to precede, the insertion point is the end of the previous section."""
        text = "## Summary\nshort text\n"
        result = run(
            CheckName.STRUCTURE, make(text), {"sections": [{"heading": "Summary"}, {"heading": "End"}]}
        )
        (f,) = result.flags
        assert f.start == f.end == text.index("short text") + len("short text")

    def test_optional_section_may_be_absent(self) -> None:
        """required: false sections are not flagged when missing."""
        params = {"sections": [*SECTIONS, {"heading": "Appendix", "required": False}]}
        assert run(CheckName.STRUCTURE, make(report()), params).status is CheckStatus.PASS

    def test_out_of_order_flags_only_the_misplaced_section(self) -> None:
        """The longest in-order run stays; only the section out of it is flagged, at its heading."""
        text = report()
        params = {"sections": [SECTIONS[2], SECTIONS[0], SECTIONS[1]]}
        result = run(CheckName.STRUCTURE, make(text), params)
        (f,) = result.flags
        assert f.section == "Sources" and text[f.start or 0 : f.end or 0] == "## Sources"
        assert result.fixes[0].startswith(
            "Move the section 'Sources' (line 12) to before the section 'Summary'"
        )

    def test_order_false_ignores_order(self) -> None:
        """With order: false, presence and word limits are all that count."""
        params = {"sections": [SECTIONS[2], SECTIONS[0], SECTIONS[1]], "order": False}
        assert run(CheckName.STRUCTURE, make(report()), params).status is CheckStatus.PASS

    @pytest.mark.parametrize(
        ("words", "max_words", "tolerance", "ok"),
        [(20, 20, 0.0, True), (21, 20, 0.0, False), (22, 20, 0.1, True), (23, 20, 0.1, False)],
    )
    def test_max_words_within_tolerance(self, words: int, max_words: int, tolerance: float, ok: bool) -> None:
        """max_words widened by tolerance; the body includes its subsection (7 more words, heading too)."""
        params = {
            "sections": [{"heading": "Findings", "max_words": max_words}],
            "tolerance": tolerance,
        }
        text = report(words - 7)
        result = run(CheckName.STRUCTURE, make(text), params)
        assert (result.status is CheckStatus.PASS) is ok
        if not ok:
            (f,) = result.flags
            body = text[f.start or 0 : f.end or 0]
            assert body.startswith("word") and body.endswith("towards Findings.")
            assert f.section == "Findings"

    @pytest.mark.parametrize(("min_words", "ok"), [(10, True), (12, False)])
    def test_min_words(self, min_words: int, ok: bool) -> None:
        """min_words (tolerance 0) on the ten-word summary."""
        params = {"sections": [{"heading": "Summary", "min_words": min_words}], "tolerance": 0}
        result = run(CheckName.STRUCTURE, make(report()), params)
        assert (result.status is CheckStatus.PASS) is ok
        if not ok:
            assert result.fixes == [
                "Lengthen the section 'Summary' (line 3) from 10 to at least 12 words. Keep all other text."
            ]

    def test_html_headings(self) -> None:
        """<h1>-<h6> count as headings, entities decoded, inner tags removed."""
        text = "<h2>Q&amp;A</h2><p>a b c</p><h2><em>Findings</em>:</h2><p>d e</p>"
        params = {"sections": [{"heading": "Q&A", "max_words": 3}, {"heading": "findings"}]}
        result = run(CheckName.STRUCTURE, make(text, fmt="html"), params)
        assert result.status is CheckStatus.PASS

    def test_setext_headings(self) -> None:
        """Underlined headings (=== level 1, --- level 2) are headings."""
        text = "Summary\n=======\nbody\n\nFindings\n--------\nmore\n"
        result = run(
            CheckName.STRUCTURE, make(text), {"sections": [{"heading": "Summary"}, {"heading": "Findings"}]}
        )
        assert result.status is CheckStatus.PASS

    def test_headings_in_code_do_not_count(self) -> None:
        """A '## Sources' line inside a fenced block is code, not a heading."""
        text = "## Summary\nx\n```\n## Sources\n```\n"
        result = run(
            CheckName.STRUCTURE, make(text), {"sections": [{"heading": "Summary"}, {"heading": "Sources"}]}
        )
        assert [f.section for f in result.flags] == ["Sources"]

    @pytest.mark.parametrize(
        ("written", "listed"),
        [
            ("  ## SUMMARY  ", "summary"),
            ("## 2. Findings:", "Findings"),
            ("## **Key** `risks` ##", "key risks"),
            ("## [Sources](#s)", "Sources"),
            ("## ملخص", "ملخص"),
            ("## סיכום", "סיכום"),
        ],
    )
    def test_heading_matching_is_forgiving(self, written: str, listed: str) -> None:
        """Case, surrounding space, numbering, a trailing colon and inline markup do not matter."""
        text = f"{written}\nbody words\n"
        assert (
            run(CheckName.STRUCTURE, make(text), {"sections": [{"heading": listed}]}).status
            is CheckStatus.PASS
        )

    def test_arabic_and_hebrew_sections_count_words(self) -> None:
        """Arabic and Hebrew words count by whitespace tokens; over the limit is flagged with offsets."""
        text = "## ملخص\nهذا نص عربي قصير جدا\n\n## סיכום\nזה טקסט קצר\n"  # noqa: RUF001  (Arabic on purpose)
        params = {
            "sections": [{"heading": "ملخص", "max_words": 3}, {"heading": "סיכום", "max_words": 3}],
            "tolerance": 0,
        }
        result = run(CheckName.STRUCTURE, make(text, language="ar-msa"), params)
        (f,) = result.flags
        assert f.section == "ملخص" and text[f.start or 0 : f.end or 0] == "هذا نص عربي قصير جدا"

    def test_empty_output_misses_every_section(self) -> None:
        """An empty draft misses each required section."""
        result = run(CheckName.STRUCTURE, make(""), {"sections": SECTIONS})
        assert [f.section for f in result.flags] == ["Summary", "Findings", "Sources"]
        assert result.score == 0.0

    def test_object_content_is_not_applicable(self) -> None:
        """JSON outputs have no headings; their shape is json_schema's business."""
        result = run(CheckName.STRUCTURE, make({"a": 1}, fmt="json"), {"sections": SECTIONS})
        assert (result.status, result.reason) == (CheckStatus.SKIPPED, "not_applicable")

    def test_no_params_is_not_applicable(self) -> None:
        """In the factcheck profile without a template the check does not apply."""
        assert run(CheckName.STRUCTURE, make(report())).status is CheckStatus.SKIPPED

    def test_score_is_share_of_sound_sections(self) -> None:
        """One broken section of three scores 2/3."""
        params = {"sections": [{"heading": "Summary", "max_words": 0}, *SECTIONS[1:]], "tolerance": 0}
        result = run(CheckName.STRUCTURE, make(report()), params)
        assert result.score == round(2 / 3, 4)

    def test_huge_document(self) -> None:
        """Thousands of headings and a megabyte of text are checked."""
        text = "".join(f"## Part {i}\n" + "word " * 30 + "\n" for i in range(3000))
        params = {"sections": [{"heading": f"Part {i}", "max_words": 40} for i in range(0, 3000, 20)]}
        result = run(CheckName.STRUCTURE, make(text), params)
        assert result.status is CheckStatus.PASS

    @pytest.mark.parametrize(
        ("params", "where"),
        [
            ({"sections": []}, "criteria.0.params.sections"),
            (
                {"sections": [{"heading": "A", "min_words": 5, "max_words": 2}]},
                "criteria.0.params.sections.0",
            ),
            ({"sections": [{"heading": "A"}, {"heading": " a "}]}, "criteria.0.params"),
            ({"sections": [{"heading": "**"}]}, "criteria.0.params.sections.0"),
            ({"sections": [{"heading": "A"}], "tolerance": 2}, "criteria.0.params.tolerance"),
            ({"order": True}, "criteria.0.params.sections"),
        ],
    )
    def test_bad_params_are_validation_errors(self, params: dict[str, Any], where: str) -> None:
        """Empty, contradictory, duplicated or blank sections fail at plan time, naming the field."""
        assert plan_error({"check": "structure", "params": params}).where == where

    def test_find_headings_levels_and_keys(self) -> None:
        """ATX, setext and HTML headings with their levels and matching keys, in order."""
        text = "# One\nTwo\n---\n<h3>Three</h3>\n#### Four ####\n"
        found = [(h.title, h.level) for h in find_headings(text)]
        assert found == [("One", 1), ("Two", 2), ("Three", 3), ("Four", 4)]
        assert heading_key(" 1.2 **Risks**: ") == "risks"


# --- json_schema ------------------------------------------------------------------------------

SCHEMA = {
    "type": "object",
    "required": ["title", "items"],
    "properties": {
        "title": {"type": "string"},
        "items": {"type": "array", "items": {"type": "object", "properties": {"price": {"type": "number"}}}},
    },
}


class TestJsonSchema:
    def test_valid_string_output_passes(self) -> None:
        """A JSON string that satisfies the schema passes."""
        job = make('{"title": "ok", "items": [{"price": 3}]}', fmt="json")
        assert run(CheckName.JSON_SCHEMA, job, {"schema": SCHEMA}).status is CheckStatus.PASS

    def test_valid_object_output_passes(self) -> None:
        """Object content is validated as sent."""
        job = make({"title": "ok", "items": []}, fmt="json")
        assert run(CheckName.JSON_SCHEMA, job, {"schema": SCHEMA}).status is CheckStatus.PASS

    def test_each_error_is_a_critical_flag_naming_its_path_and_span(self) -> None:
        """Every validation error: critical schema_violation, JSON path named, value underlined."""
        text = '{"title": 5, "items": [{"price": 1}, {"price": "cheap"}]}'
        result = run(CheckName.JSON_SCHEMA, make(text, fmt="json"), {"schema": SCHEMA})
        assert result.status is CheckStatus.FAIL
        got = [
            (f.type, f.severity, f.explanation.split(":")[0], text[f.start or 0 : f.end or 0])
            for f in result.flags
        ]
        assert got == [
            (FlagType.SCHEMA_VIOLATION, Severity.CRITICAL, "$.title", "5"),
            (FlagType.SCHEMA_VIOLATION, Severity.CRITICAL, "$.items[1].price", '"cheap"'),
        ]
        assert "$.items[1].price" in result.fixes[1]

    def test_missing_property_underlines_the_object(self) -> None:
        """A required property that is absent flags the enclosing object."""
        text = '{"title": "x"}'
        (f,) = run(CheckName.JSON_SCHEMA, make(text, fmt="json"), {"schema": SCHEMA}).flags
        assert (f.start, f.end) == (0, len(text)) and "'items' is a required property" in f.explanation

    def test_object_output_spans_index_the_rendered_text(self) -> None:
        """For object content, spans index the indented JSON text the pipeline uses."""
        job = make({"title": "x", "items": [{"price": "no"}]}, fmt="json")
        (f,) = run(CheckName.JSON_SCHEMA, job, {"schema": SCHEMA}).flags
        assert job.output.text[f.start or 0 : f.end or 0] == '"no"'

    @pytest.mark.parametrize(
        ("text", "why"),
        [
            ("not json", "Expecting value at line 1 column 1"),
            ("```json\n{}\n```", "wrapped in a code fence"),
            ("[NaN]", "NaN is not JSON"),
            ("", "Expecting value"),
            ('{"a": 1} trailing', "Extra data"),
        ],
    )
    def test_not_json_fails_with_a_clear_reason(self, text: str, why: str) -> None:
        """Output that does not parse fails with one flag where the parser stopped."""
        result = run(CheckName.JSON_SCHEMA, make(text, fmt="json"), {"schema": {"type": "object"}})
        assert result.status is CheckStatus.FAIL and why in result.reason
        assert result.reason.startswith("The output is not JSON")
        assert [f.type for f in result.flags] == [FlagType.SCHEMA_VIOLATION]

    @pytest.mark.parametrize(
        "schema",
        [{"type": "foo"}, {"pattern": "("}, {"$schema": "http://example.org/unknown"}, {"$schema": 5}],
    )
    def test_invalid_schema_is_a_plan_time_error(self, schema: dict[str, Any]) -> None:
        """A broken schema is a validation error naming criteria.N.params.schema, never a failed output."""
        error = plan_error({"check": "json_schema", "params": {"schema": schema}})
        assert error.where == "criteria.0.params.schema"

    def test_missing_schema_is_a_plan_time_error(self) -> None:
        """The schema param is required."""
        assert plan_error({"check": "json_schema", "params": {}}).where == "criteria.0.params.schema"

    def test_dialect_follows_dollar_schema(self) -> None:
        """A draft-07 schema is read as draft-07 (items as a list is a tuple there)."""
        schema = {"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}]}
        result = run(CheckName.JSON_SCHEMA, make("[1]", fmt="json"), {"schema": schema})
        assert result.status is CheckStatus.FAIL

    def test_remote_refs_are_never_fetched(self) -> None:
        """A $ref to a URL errors with a reason instead of going to the network."""
        result = run(
            CheckName.JSON_SCHEMA, make("{}", fmt="json"), {"schema": {"$ref": "https://example.org/s"}}
        )
        assert result.status is CheckStatus.ERROR and "not fetched" in result.reason

    def test_local_refs_resolve(self) -> None:
        """$defs references inside the schema work."""
        schema = {"$defs": {"n": {"type": "number"}}, "items": {"$ref": "#/$defs/n"}}
        result = run(CheckName.JSON_SCHEMA, make('[1, "x"]', fmt="json"), {"schema": schema})
        assert [f.explanation.split(":")[0] for f in result.flags] == ["$[1]"]

    def test_max_errors_caps_the_flags(self) -> None:
        """Only max_errors flags are raised; details count them all."""
        result = run(
            CheckName.JSON_SCHEMA,
            make("[1,2,3,4,5]", fmt="json"),
            {"schema": {"items": {"type": "string"}}, "max_errors": 2},
        )
        assert len(result.flags) == 2 and result.details["errors"] == 5

    @pytest.mark.parametrize(
        ("check_formats", "status"), [(False, CheckStatus.PASS), (True, CheckStatus.FAIL)]
    )
    def test_formats_are_asserted_only_on_request(self, check_formats: bool, status: CheckStatus) -> None:
        """format is an annotation unless check_formats is true."""
        params = {"schema": {"type": "string", "format": "email"}, "check_formats": check_formats}
        assert run(CheckName.JSON_SCHEMA, make('"nope"', fmt="json"), params).status is status

    def test_arabic_and_hebrew_values_get_exact_spans(self) -> None:
        """Spans count characters, so right-to-left values are underlined exactly."""
        text = '{"title": "عنوان", "items": [{"price": "מחיר"}]}'
        result = run(CheckName.JSON_SCHEMA, make(text, fmt="json", language="he"), {"schema": SCHEMA})
        assert spans(result, text) == ['"מחיר"']

    def test_empty_array_and_huge_array(self) -> None:
        """An empty array passes; 50,000 items validate."""
        schema = {"type": "array", "items": {"type": "integer"}}
        assert (
            run(CheckName.JSON_SCHEMA, make("[]", fmt="json"), {"schema": schema}).status is CheckStatus.PASS
        )
        big = "[" + ",".join(["1"] * 50_000) + ',"x"]'
        result = run(CheckName.JSON_SCHEMA, make(big, fmt="json"), {"schema": schema})
        assert [f.explanation.split(":")[0] for f in result.flags] == ["$[50000]"]

    @pytest.mark.parametrize(
        ("text", "path", "expected"),
        [
            ('{"a": {"b": [1, {"c": true}]}}', ["a", "b", 1, "c"], "true"),
            ('{"a": 1, "a": 2}', ["a"], "2"),
            ('  [ 1 , "x" ]', [1], '"x"'),
            ('{"a": 1}', ["b"], None),
            ("[1]", ["a"], None),
            ("not json", [0], None),
        ],
    )
    def test_locate(self, text: str, path: list[str | int], expected: str | None) -> None:
        """The value at a JSON path is found in the raw text (last duplicate key wins)."""
        span = locate(text, path)
        assert (text[span[0] : span[1]] if span else None) == expected


# --- citations by source id -------------------------------------------------------------------

SOURCES = [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}]

CITATION_CASES = [
    # (text, unknown ids flagged)
    ("Claim [s1]. Claim [s2, s3].", []),
    ("Claim [s9].", ["s9"]),
    ("Claims [s1, s7] and [s1; s8].", ["s7", "s8"]),
    ("Adjacent [s1][s9].", ["s9"]),
    ("Explicit [source: s4] and [Sources: s1, s5].", ["s4", "s5"]),
    ("Marker [Source: web:docs/a:1] is not an id.", []),
    ("Link [s2](https://x.org) and [s8](https://y.org).", ["s8"]),
    ("Anchor [text](#s5) and [ok](#s3).", ["s5"]),
    ("# Findings\nSee [Findings](#findings) and [x](#s1).", []),
    ("Task [x], [see above], [2024] and a footnote[^1].", []),
    ("Code `[s9]` and\n```\n[s9]\n```\n<!-- [s9] -->", []),
    ("Use [s11] as a ref.\n\n[s11]: https://example.org", []),
    ("Case [S1] is known.", []),
    ('<a href="#s6">here</a> and <a href="https://z.org">s10</a>', ["s6", "s10"]),
    ("عربي [s9] ونص", ["s9"]),
    ("עברית [s9] וטקסט", ["s9"]),
    ("Entities &amp; [s9] &lt;", ["s9"]),
    ("", []),
]


class TestCitationIds:
    @pytest.mark.parametrize(("text", "unknown"), CITATION_CASES)
    def test_citations_table(self, text: str, unknown: list[str]) -> None:
        """Bracket, explicit, link-text and anchor citations; unknown ids are flagged at their span."""
        sources = [Source(**s) for s in SOURCES]
        flags, _, _ = unknown_citation_flags(text, sources, check="cite_integrity")
        assert [text[f.start or 0 : f.end or 0] for f in flags] == unknown
        assert all((f.type, f.severity) == (FlagType.CITATION_ERROR, Severity.CRITICAL) for f in flags)

    def test_numeric_ids_take_numeric_citations(self) -> None:
        """When sources are numbered, [3] is a citation and [9] an unknown one."""
        sources = [Source(id="1"), Source(id="2"), Source(id="3")]
        assert [(c.name, c.known) for c in citations("A [3]. B [9].", sources)] == [("3", True), ("9", False)]

    def test_without_sources_common_id_shapes_are_citations(self) -> None:
        """With no sources at all, [s1] or [ref-2] cite something that does not exist."""
        flags, cited, unknown = unknown_citation_flags(
            "A [s1] and [ref-2] and [note].", [], check="cite_integrity"
        )
        assert cited == unknown == len(flags) == 2

    def test_ids_without_digits_only_count_when_explicit(self) -> None:
        """Ids like 'alpha' give no shape: only [source: x] forms are checked."""
        sources = [Source(id="alpha")]
        flags, _, _ = unknown_citation_flags("[beta] and [source: gamma]", sources, check="cite_integrity")
        assert [f.claim for f in flags] == ["gamma"]

    def test_flags_are_capped_and_counted(self) -> None:
        """200,000 unknown citations: 1,000 flags, every one counted in details."""
        sources = [Source(**s) for s in SOURCES]
        flags, cited, unknown = unknown_citation_flags("[s9] " * 200_000, sources, check="cite_integrity")
        assert (len(flags), cited, unknown) == (1000, 200_000, 200_000)

    def test_fix_names_the_real_ids(self) -> None:
        """The fix names the line and the ids the writer may use instead."""
        sources = [Source(**s) for s in SOURCES]
        flags, _, _ = unknown_citation_flags("x\nClaim [s9].", sources, check="cite_integrity")
        assert flags[0].suggestion == (
            "Replace the citation 's9' at line 2 with the id of one of the job's sources (s1, s2, s3), "
            "or remove the claim it supports. Keep all other text."
        )

    def _ctx(self, text: str, fmt: str = "markdown") -> CheckContext:
        job = make(text, fmt=fmt, sources=SOURCES, seen_urls=["https://example.org/a"])
        return CheckContext(job=job, policy=DEFAULT_CONFIG.resolve(job), text=job.output.text)

    def test_merge_turns_a_pass_into_a_fail(self) -> None:
        """A URL pass with an unknown id becomes a fail scored by the share of known ids."""
        merged = merge(CheckResult.passed(), self._ctx("[s1] and [s9]"))
        assert merged.status is CheckStatus.FAIL and merged.score == 0.5
        assert merged.reason == "Citation 's9' names a source id that is not in sources."
        assert merged.details == {"cited_ids": 2, "unknown_ids": 1}

    def test_merge_keeps_url_failures_first(self) -> None:
        """A URL failure keeps its reason and flags; the id problem is appended."""
        url_fail = CheckResult.failed("URL https://x not found in tool results.", score=0.5)
        merged = merge(url_fail, self._ctx("[s9]"))
        assert merged.reason.startswith("URL https://x not found in tool results.; Citation 's9'")
        assert merged.score == 0.0

    def test_merge_leaves_results_alone_without_citations(self) -> None:
        """No id citations: the URL result is returned untouched."""
        original = CheckResult.passed(details={"urls": 1})
        assert merge(original, self._ctx("no citations here")) is original

    def test_decorator_only_applies_to_text_formats(self) -> None:
        """Structured and JSON outputs are left to the wrapped check."""
        wrapped = checks_source_ids(lambda ctx: CheckResult.passed())
        job = make({"note": "[s9]"}, fmt="json", sources=SOURCES)
        ctx = CheckContext(job=job, policy=DEFAULT_CONFIG.resolve(job), text=job.output.text)
        assert wrapped(ctx).status is CheckStatus.PASS
        assert wrapped(self._ctx("[s9]", fmt="html")).status is CheckStatus.FAIL

    def test_cite_integrity_flags_unknown_source_ids(self) -> None:
        """cite_integrity on markdown: a seen URL passes, an id not in sources is a citation_error."""
        text = "Fact ([s1](https://example.org/a)). Another fact [s9]."
        job = make(text, sources=SOURCES, seen_urls=["https://example.org/a"])
        result = run(CheckName.CITE_INTEGRITY, job)
        assert result.status is CheckStatus.FAIL
        assert spans(result, text) == ["s9"]
        assert [f.type for f in result.flags] == [FlagType.CITATION_ERROR]

    def test_cite_integrity_passes_known_ids_and_seen_urls(self) -> None:
        """Known ids and seen URLs: pass."""
        job = make(
            "Fact [s1] from https://example.org/a.", sources=SOURCES, seen_urls=["https://example.org/a"]
        )
        assert run(CheckName.CITE_INTEGRITY, job).status is CheckStatus.PASS


# --- hostile inputs ---------------------------------------------------------------------------

HOSTILE = {
    "a run of stops then spaces": "." * 200_000 + " " * 200_000 + "a",
    "one long heading of spaces": "# " + " " * 400_000 + "x",
    "unclosed html headings": "<h2>" * 100_000,
    "unclosed html links": "<a " * 130_000,
    "unclosed comments": "<!--" * 100_000,
    "a long punctuation token": "!" * 400_000 + "a",
    "many entities": "&amp;" * 80_000,
    "a long bracket run": "[" * 400_000,
    "link titles never closed": '[x](y "' * 50_000,
}


class TestHostileInputs:
    @pytest.mark.parametrize("text", list(HOSTILE.values()), ids=list(HOSTILE))
    def test_own_patterns_stay_linear(self, text: str) -> None:
        """Inputs built to make backtracking regexes quadratic finish in about a second (no prose pass)."""
        find_phrases(text, ["synergy", "a b"], decode_entities=True)
        find_headings(text)
        unknown_citation_flags(text, [Source(id="s1")], check="cite_integrity")
        counter = syllable_counter("en")
        assert counter is not None
        measure(text, counter)
