"""``source_markers``: the integrity review, rules SV-001 to SV-005.

Every factual sentence of an HTML or markdown draft must carry a
``[Source: type:path:detail]`` marker (see :mod:`checks.markers` for the three
forms and the parsing rule) that names an entry of the research brief
(``job.sources``). Sentences come from :mod:`checks.claims`; a claim is a
sentence that is factual or carries a marker (questions and headings never
are). Each claim is weighed by its type: metric 1.5, capability 1.2,
architecture 1.0, general 0.8.

Rules, by strictness (S = strict, D = standard, R = relaxed):

======  ===================  ========  =====  ==========================================
rule    flag type            severity  where  what
======  ===================  ========  =====  ==========================================
SV-001  unsourced            critical  S D R  a factual claim with no marker; in strict
                                              mode qualifying language also makes a
                                              sentence factual ("fastest", "seamless")
SV-002  broken_ref           critical  S D R  the marker matches no entry of the brief
SV-003  invalid_type         critical  S D R  the type is not source_code, documentation,
                                              web or analytics
SV-004  low_reliability      warning   S D    the claim's best cited source has a
                                              reliability under 0.5 (defaults: web 0.6,
                                              source_code 0.9, documentation 0.8,
                                              analytics 0.7)
SV-005  indirect_citation    info      S      a web source is cited where a source_code or
                                              documentation source backs the same claim
                                              (cited on it too, or mapped to its section
                                              in ``source_map``); still verified
======  ===================  ========  =====  ==========================================

SV-001 is critical: an unsourced claim contributes nothing to the score, so
three verified metrics and one unsourced metric score exactly
``4.5 / 6 = 0.75``. A claim takes the worst severity of its findings.

``integrity_score = weighted_verified / weighted_total``: a verified claim (no
finding, or info only) counts its full weight, a warning half, a critical
zero. A draft with no claims scores 1.0. The check fails when it raised at
least one critical flag; its score is the integrity score, which the
``integrity`` profile compares with 0.95 / 0.85 / 0.70. Markers that attach to
no claim (orphans, or on a question) are still looked up, and a broken or
invalid one is flagged, but they do not enter the score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from checks.claims import Claim, parse_prose, to_claim
from checks.flags import flag
from checks.markers import (
    Outcome,
    Resolution,
    SourceIndex,
    attach,
    extract_markers,
    reliability,
)
from checks.registry import CheckContext, CheckResult, register
from checks.text import code_spans
from messages import (
    CheckName,
    Flag,
    FlagType,
    Severity,
    Source,
    SourceMapEntry,
    SourceType,
    Strictness,
)

MIN_RELIABILITY = 0.5
SUGGESTIONS: Mapping[FlagType, str] = {
    FlagType.BROKEN_REF: (
        "Verify the source path/detail and correct the marker, "
        "or remove the claim if no matching source exists."
    ),
    FlagType.INVALID_TYPE: (
        "Replace the type with a valid one, "
        "or escape the marker text in a code block if it appears in example prose."
    ),
    FlagType.UNSOURCED: (
        "Add a source marker citing a real entry from the brief, or soften the claim to non-factual framing."
    ),
    FlagType.LOW_RELIABILITY: "Add qualifying language or replace with a higher-reliability source.",
    FlagType.INDIRECT_CITATION: (
        "Cite the source code or documentation entry directly instead of the web page."
    ),
}
_RULE = {
    FlagType.UNSOURCED: "SV-001",
    FlagType.BROKEN_REF: "SV-002",
    FlagType.INVALID_TYPE: "SV-003",
    FlagType.LOW_RELIABILITY: "SV-004",
    FlagType.INDIRECT_CITATION: "SV-005",
}
_NOUN = {
    FlagType.UNSOURCED: ("unsourced claim", "unsourced claims"),
    FlagType.BROKEN_REF: ("broken reference", "broken references"),
    FlagType.INVALID_TYPE: ("invalid source type", "invalid source types"),
    FlagType.LOW_RELIABILITY: ("low-reliability source", "low-reliability sources"),
    FlagType.INDIRECT_CITATION: ("indirect citation", "indirect citations"),
}
_PRIMARY = frozenset({SourceType.SOURCE_CODE.value, SourceType.DOCUMENTATION.value})
# Weights in tenths, so that the score is one exact integer division.
_TENTHS = {"metric": 15, "capability": 12, "architecture": 10, "general": 8}
_RANK = {Severity.INFO: 1, Severity.WARNING: 2, Severity.CRITICAL: 3}
_CHECK = CheckName.SOURCE_MARKERS.value
_VALID = "source_code, documentation, web, analytics"


class SourceMarkersParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    strictness: Strictness | None = None
    """Overrides the job's strictness for this check."""


@dataclass(frozen=True, slots=True)
class ClaimReview:
    claim: Claim
    resolutions: tuple[Resolution, ...]
    severity: Severity | None
    """The worst finding on the claim; None when it is verified without remark."""

    @property
    def verified(self) -> bool:
        return self.severity is None or self.severity is Severity.INFO


@dataclass(frozen=True, slots=True)
class Review:
    claims: tuple[ClaimReview, ...]
    flags: tuple[Flag, ...]
    fixes: tuple[str, ...]
    markers: int
    orphans: int
    weighted_verified: float
    weighted_total: float
    score: float

    @property
    def critical(self) -> bool:
        return any(f.severity is Severity.CRITICAL for f in self.flags)


def review(
    text: str,
    sources: Sequence[Source],
    *,
    strictness: Strictness = Strictness.STANDARD,
    source_map: Iterable[SourceMapEntry] = (),
) -> Review:
    """Apply SV-001..SV-005 to a draft; pure, no job needed."""
    strict = strictness is Strictness.STRICT
    code = code_spans(text)
    prose = parse_prose(text, code=code)
    markers = extract_markers(text, code=code)
    attached, orphans = attach(markers, prose)
    index = SourceIndex(sources)
    primary_by_section = _primary_sources(sources, source_map) if strict else {}
    claims: list[ClaimReview] = []
    flags: list[Flag] = []
    fixes: dict[str, None] = {}  # ordered, deduplicated
    earned = total = 0
    for i, sentence in enumerate(prose.sentences):
        cited = attached.get(i, [])
        if sentence.question:
            orphans.extend(cited)
            continue
        claim = to_claim(sentence)
        if not cited and not claim.is_factual(strict=strict):
            continue
        resolutions = tuple(index.resolve(m) for m in cited)
        found = _review_claim(claim, resolutions, strictness, primary_by_section)
        severity = _worst(f.severity for _, f in found)
        claims.append(ClaimReview(claim, resolutions, severity))
        for resolution, finding in found:
            flags.append(finding)
            fixes[_fix(finding, claim.plain, resolution)] = None
        weight = _TENTHS[claim.type.value]
        total += 2 * weight
        if severity is None or severity is Severity.INFO:
            earned += 2 * weight
        elif severity is Severity.WARNING:
            earned += weight
    for marker in sorted(orphans, key=lambda m: m.start):
        resolution = index.resolve(marker)
        written = text[marker.start : marker.end]
        orphan_flag = _marker_flag(resolution, marker.start, marker.end, written, None)
        if orphan_flag is not None:
            flags.append(orphan_flag)
            fixes[_fix(orphan_flag, marker.label, resolution)] = None
    flags.sort(key=lambda f: (f.start or 0, f.rule or ""))
    return Review(
        claims=tuple(claims),
        flags=tuple(flags),
        fixes=tuple(f for f in fixes if f),
        markers=len(markers),
        orphans=len(orphans),
        weighted_verified=round(earned / 20, 4),
        weighted_total=round(total / 20, 4),
        score=round(earned / total, 4) if total else 1.0,
    )


@register(CheckName.SOURCE_MARKERS, params=SourceMarkersParams)
def source_markers(ctx: CheckContext) -> CheckResult:
    params = ctx.params if isinstance(ctx.params, SourceMarkersParams) else SourceMarkersParams()
    strictness = params.strictness or ctx.policy.strictness
    r = review(ctx.text, ctx.job.sources, strictness=strictness, source_map=ctx.job.source_map)
    verified = sum(c.verified for c in r.claims)
    details = {
        "strictness": strictness.value,
        "claims": len(r.claims),
        "verified": verified,
        "markers": r.markers,
        "orphan_markers": r.orphans,
        "weighted_verified": r.weighted_verified,
        "weighted_total": r.weighted_total,
        "by_rule": _by_rule(r.flags),
    }
    summary = f"{verified} of {len(r.claims)} claims verified"
    findings = _summarise(r.flags)
    reason = f"{summary}; {findings}" if findings else summary
    if r.critical:
        return CheckResult.failed(
            reason, score=r.score, flags=list(r.flags), fixes=list(r.fixes), details=details
        )
    return CheckResult.passed(
        score=r.score, reason=reason, flags=list(r.flags), fixes=list(r.fixes), details=details
    )


# --- rules -------------------------------------------------------------------


def _review_claim(
    claim: Claim,
    resolutions: Sequence[Resolution],
    strictness: Strictness,
    primary_by_section: Mapping[str, str],
) -> list[tuple[Resolution | None, Flag]]:
    """Each finding on one claim with the resolution it concerns (SV-001 has none)."""
    if not resolutions:
        return [(None, _flag(FlagType.UNSOURCED, Severity.CRITICAL, claim, _unsourced_why(claim)))]
    out: list[tuple[Resolution | None, Flag]] = []
    for r in resolutions:
        finding = _marker_flag(r, claim.start, claim.end, claim.text, claim.section)
        if finding is not None:
            out.append((r, finding))
    verified = [(r, r.source) for r in resolutions if r.verified and r.source is not None]
    if not verified or strictness is Strictness.RELAXED:
        return out
    best, source = max(verified, key=lambda pair: reliability(pair[1]))
    score = reliability(source)
    if score < MIN_RELIABILITY:
        why = (
            f"The best source cited for this claim, {source.id} ({best.marker.label}), has "
            f"reliability {score:.2f}, under {MIN_RELIABILITY}."
        )
        out.append((best, _flag(FlagType.LOW_RELIABILITY, Severity.WARNING, claim, why, source.id)))
    if strictness is Strictness.STRICT:
        primary = next(
            (s.id for _, s in verified if s.type.strip().lower() in _PRIMARY),
            primary_by_section.get((claim.section or "").casefold()),
        )
        if primary is not None:
            for r, s in verified:
                if s.type.strip().lower() == SourceType.WEB.value:
                    why = (
                        f"Web source {s.id} ({r.marker.label}) is cited where {primary}, a source code or "
                        "documentation entry, backs the same claim. The claim still counts as verified."
                    )
                    out.append((r, _flag(FlagType.INDIRECT_CITATION, Severity.INFO, claim, why, s.id)))
    return out


def _marker_flag(r: Resolution, start: int, end: int, claim: str, section: str | None) -> Flag | None:
    if r.outcome is Outcome.INVALID_TYPE:
        kind = FlagType.INVALID_TYPE
        why = f"Marker {r.marker.label} has type {r.marker.type!r}, which is not one of {_VALID}."
    elif r.outcome is Outcome.BROKEN:
        kind = FlagType.BROKEN_REF
        why = f"Marker {r.marker.label} matches no entry of the research brief: {r.hint}."
    else:
        return None
    return flag(
        kind,
        Severity.CRITICAL,
        check=_CHECK,
        rule=_RULE[kind],
        start=start,
        end=end,
        claim=claim,
        section=section,
        explanation=why,
        suggestion=SUGGESTIONS[kind],
    )


def _flag(kind: FlagType, severity: Severity, claim: Claim, why: str, source_id: str | None = None) -> Flag:
    return flag(
        kind,
        severity,
        check=_CHECK,
        rule=_RULE[kind],
        start=claim.start,
        end=claim.end,
        claim=claim.text,
        section=claim.section,
        source_id=source_id,
        explanation=why,
        suggestion=SUGGESTIONS[kind],
    )


def _unsourced_why(claim: Claim) -> str:
    why = f"This {claim.type.value} claim (weight {claim.weight}) has no source marker in or right after it."
    if not claim.factual:
        why += " In strict mode qualifying language such as 'fastest' or 'seamless' is a factual assertion."
    return why


def _fix(finding: Flag, claim: str, r: Resolution | None) -> str:
    """One surgical instruction per critical or warning finding."""
    quoted = _excerpt(claim)
    if finding.type is FlagType.UNSOURCED:
        return (
            f'Add a [Source: type:path:detail] marker after "{quoted}" citing a real entry from the brief, '
            "or soften it to non-factual framing. Every factual claim needs a source. Keep all other text."
        )
    if r is None:
        return ""
    if finding.type is FlagType.BROKEN_REF:
        return (
            f'Correct the marker {r.marker.label} on "{quoted}": {r.hint}. Cite an entry that exists in the '
            "brief, or remove the claim. Keep all other text."
        )
    if finding.type is FlagType.INVALID_TYPE:
        return (
            f"Replace the type {r.marker.type!r} in {r.marker.label} with one of {_VALID}, or put the "
            "marker in a code block if it is an example. Keep all other text."
        )
    if finding.type is FlagType.LOW_RELIABILITY and r.source is not None:
        return (
            f'Replace source {r.source.id} (reliability {reliability(r.source):.2f}) behind "{quoted}" with '
            "a source of reliability 0.5 or more, or add qualifying language. Keep all other text."
        )
    return ""


# --- helpers -----------------------------------------------------------------


def _primary_sources(sources: Sequence[Source], source_map: Iterable[SourceMapEntry]) -> dict[str, str]:
    """Section title (case-folded) -> the first source_code/documentation source mapped to it."""
    kinds = {s.id: s.type.strip().lower() for s in sources}
    out: dict[str, str] = {}
    for entry in source_map:
        for sid in entry.source_ids:
            if kinds.get(sid) in _PRIMARY:
                out.setdefault(entry.section.strip().casefold(), sid)
                break
    return out


def _worst(severities: Iterable[Severity]) -> Severity | None:
    worst: Severity | None = None
    for s in severities:
        if worst is None or _RANK[s] > _RANK[worst]:
            worst = s
    return worst


def _by_rule(flags: Sequence[Flag]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for f in flags:
        if f.rule:
            counts[f.rule] = counts.get(f.rule, 0) + 1
    return dict(sorted(counts.items()))


def _summarise(flags: Sequence[Flag]) -> str:
    counts: dict[FlagType, int] = {}
    for f in flags:
        counts[f.type] = counts.get(f.type, 0) + 1
    parts = []
    for kind, rule in _RULE.items():
        n = counts.get(kind, 0)
        if n:
            parts.append(f"{n} {_NOUN[kind][n != 1]} ({rule})")
    return ", ".join(parts)


def _excerpt(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
