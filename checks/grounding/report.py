"""From decisions to what a writer reads: flags, fix instructions and the score.

Severities, by strictness (S = strict, D = standard, R = relaxed):

=============  ===========  ========  ========  ===================================
flag type      rule         S         D         R
=============  ===========  ========  ========  ===================================
contradicted   GR-002       critical  critical  critical
unsourced      GR-001       critical  warning   warning (dropped by the pipeline)
inferred       GR-003       warning   info      info (dropped by the pipeline)
citation_error GR-004       critical  warning   warning; critical when the cited
                                                source contradicts the claim
=============  ===========  ========  ========  ===================================

Every flag carries the claim as written, its offsets, its section, the source
that decided it and, in the explanation, the deciding source sentence. A
``citation_error`` underlines the citation itself.

The score is the weighted share of supported claims: each claim weighs its
type's weight (metric 1.5, capability 1.2, architecture 1.0, general 0.8) and
earns all of it when supported, half when inferred, none when unsourced or
contradicted. A draft with no claims scores 1.0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from checks.flags import flag
from checks.grounding.assess import Evidence
from checks.grounding.decide import CREDIT, Basis, Decision, Status
from checks.grounding.engine import CitationCheck, GroundedClaim, Grounding
from messages import CheckName, Flag, FlagType, Severity, Strictness

__all__ = ["RULES", "fixes", "flags", "score", "severity", "summary"]

RULES: Final = {
    Status.UNSOURCED: "GR-001",
    Status.CONTRADICTED: "GR-002",
    Status.INFERRED: "GR-003",
}
CITATION_RULE: Final = "GR-004"
_TYPES: Final = {
    Status.UNSOURCED: FlagType.UNSOURCED,
    Status.CONTRADICTED: FlagType.CONTRADICTED,
    Status.INFERRED: FlagType.INFERRED,
}
_CHECK = CheckName.GROUNDING.value
_QUOTE: Final = 160


def severity(status: Status, strictness: Strictness) -> Severity | None:
    """The severity of a claim's flag; None for a supported claim."""
    strict = strictness is Strictness.STRICT
    if status is Status.CONTRADICTED:
        return Severity.CRITICAL
    if status is Status.UNSOURCED:
        return Severity.CRITICAL if strict else Severity.WARNING
    if status is Status.INFERRED:
        return Severity.WARNING if strict else Severity.INFO
    return None


def score(grounding: Grounding) -> tuple[float, float, float]:
    """(score, weighted credit, weighted total)."""
    total = sum((g.claim.weight for g in grounding.claims), 0.0)
    credit = sum((g.claim.weight * CREDIT[g.status] for g in grounding.claims), 0.0)
    return (round(credit / total, 4) if total else 1.0), round(credit, 4), round(total, 4)


def flags(grounding: Grounding) -> list[Flag]:
    out: list[Flag] = []
    for g in grounding.claims:
        level = severity(g.status, grounding.strictness)
        if level is not None:
            out.append(_claim_flag(g, level))
        for check in g.citations:
            problem = _citation_flag(g, check, grounding.strictness)
            if problem is not None:
                out.append(problem)
    return out


def fixes(grounding: Grounding) -> list[str]:
    """One instruction per claim that needs work (critical or warning), in draft order."""
    out: dict[str, None] = {}
    for g in grounding.claims:
        level = severity(g.status, grounding.strictness)
        quoted = _excerpt(g.claim.plain, 90)
        source = _decider(g.decision)
        if g.status is Status.CONTRADICTED and source is not None:
            out[
                f'Correct "{quoted}" to agree with source {source.sentence.source_id}, which says '
                f'"{_excerpt(source.sentence.text, 120)}", or remove the claim. Keep all other text.'
            ] = None
        elif g.status is Status.UNSOURCED and level is not Severity.INFO:
            out[
                f'Back "{quoted}" with a statement from the sources of its section and cite it, or '
                "soften or remove the claim. Keep all other text."
            ] = None
        elif g.status is Status.INFERRED and level is Severity.WARNING:
            out[
                f'Restate "{quoted}" as its sources state it, citing them, or mark it as your own '
                "inference. Keep all other text."
            ] = None
        for check in g.citations:
            if _citation_problem(check) is not None:
                out[
                    f'The citation of {check.cite.source_id} after "{quoted}" does not back it: cite the '
                    "source that states it, or correct the claim to what the cited source says. "
                    "Keep all other text."
                ] = None
    return list(out)


# --- claims ------------------------------------------------------------------


def _claim_flag(g: GroundedClaim, level: Severity) -> Flag:
    source = _decider(g.decision)
    return flag(
        _TYPES[g.status],
        level,
        check=_CHECK,
        rule=RULES[g.status],
        start=g.claim.start,
        end=g.claim.end,
        claim=g.claim.text,
        section=g.claim.section,
        source_id=(g.ruling.source_id if g.ruling and g.ruling.source_id else None)
        or (source.sentence.source_id if source else None),
        explanation=_explain(g),
        suggestion=_suggest(g),
    )


def _decider(decision: Decision) -> Evidence | None:
    return decision.evidence


def _explain(g: GroundedClaim) -> str:
    d = g.decision
    e, second = d.evidence, d.second
    said = f" {_says(e)}" if e else ""
    scope = f'the sources mapped to section "{g.section}"' if g.section else "the sources"
    if d.basis is Basis.JUDGE and g.ruling is not None:
        why = g.ruling.reasoning.strip() or "no reasoning given"
        if g.ruling.status.strip().lower() != g.status.value:
            # the source-map rule over the ruling (engine._mapped)
            return (
                f"The judge ruled this claim {g.ruling.status.strip().lower()} on {g.ruling.source_id}, a "
                f'source not mapped to section "{g.section}": {_sentence(why)} Only the sources of a '
                f"claim's section can support or contradict it, so it stays {g.status.value}.{said}"
            )
        return f"The judge ruled this claim {g.status.value}: {_sentence(why)}{said}"
    if d.basis is Basis.NUMERIC_CONFLICT and e is not None:
        return f"Contradicted on a figure:{said} For the same subject, {e.detail}."
    if d.basis is Basis.POLARITY and e is not None:
        return f"Contradicted:{said} On the same statement, {e.detail}."
    if d.basis is Basis.STATED:
        return f"Supported.{said}"
    if d.basis is Basis.SYNTHESIS and e is not None and second is not None:
        return f"Not stated in one place; it combines two source sentences:{said} And {_says(second)}"
    if d.basis is Basis.FIGURE_MISSING and e is not None:
        return f"The figure is not in {scope}:{said} But {e.detail}, and no other source sentence does."
    if d.basis is Basis.OTHER_SECTION and e is not None:
        rule = (
            "In strict mode, support from another section's sources does not count."
            if g.status is Status.UNSOURCED
            else "Support from another section's sources counts as inferred, never as supported."
        )
        return f"Stated only by a source that is not mapped to this claim's section:{said} {rule}"
    if d.basis is Basis.PARTIAL and e is not None:
        text = f"Only partly stated by {scope}:{said}"
        if e.detail:
            text += f" Possibly in conflict: {e.detail}."
        return text + _not_escalated(g)
    text = f"No sentence in {scope} states this claim."
    return text + _not_escalated(g)


def _not_escalated(g: GroundedClaim) -> str:
    if not g.decision.ambiguous:
        return ""
    if g.not_escalated:
        return f" Left {g.status.value}, not escalated to a judge: {g.not_escalated}."
    return f" Left {g.status.value}: no judge was asked."


def _suggest(g: GroundedClaim) -> str:
    e = g.decision.evidence
    if g.status is Status.CONTRADICTED and e is not None:
        return (
            f'Correct the claim to agree with {e.sentence.source_id} ("{_excerpt(e.sentence.text, 100)}"), '
            "or cite a source that supports it."
        )
    if g.status is Status.UNSOURCED:
        return "Cite a source of this section that states the claim, or soften or remove it."
    if g.decision.basis is Basis.OTHER_SECTION:
        return "Map the source to this section in the source map, or cite a source of this section."
    return "Cite the source sentences the claim rests on, or state it as they do."


# --- citations ---------------------------------------------------------------


def _citation_problem(check: CitationCheck) -> str | None:
    """``contradicts`` or ``unrelated`` when the cited source does not back the claim."""
    status = check.decision.status
    if status is Status.CONTRADICTED:
        return "contradicts"
    if status is Status.UNSOURCED or check.decision.basis is Basis.NO_MATCH:
        return "unrelated"
    return None


def _citation_flag(g: GroundedClaim, check: CitationCheck, strictness: Strictness) -> Flag | None:
    problem = _citation_problem(check)
    if problem is None:
        return None
    sid = check.cite.source_id
    e = check.decision.evidence
    if problem == "contradicts" and e is not None:
        level = Severity.CRITICAL
        why = f"The claim cites {sid}, which contradicts it: {_says(e)} {_sentence(e.detail.capitalize())}"
    else:
        level = Severity.CRITICAL if strictness is Strictness.STRICT else Severity.WARNING
        why = f"The claim cites {sid}, which says something else"
        why += f'; the nearest sentence is "{_excerpt(e.sentence.text)}"' if e else "."
    backing = _decider(g.decision)
    if g.status is Status.SUPPORTED and backing is not None and backing.sentence.source_id != sid:
        why += f" The support comes from another source: {_says(backing)}"
    return flag(
        FlagType.CITATION_ERROR,
        level,
        check=_CHECK,
        rule=CITATION_RULE,
        start=check.cite.start,
        end=check.cite.end,
        claim=g.claim.text,
        section=g.claim.section,
        source_id=sid,
        explanation=why,
        suggestion="Cite the source that states the claim, or correct the claim to what its source says.",
    )


def _says(e: Evidence) -> str:
    """``s3 says "..."``, the sentence quoted as written (shortened past 160 characters)."""
    quoted = f'"{_excerpt(e.sentence.text)}"'
    return f"{e.sentence.source_id} says {quoted}" + ("" if quoted[-2] in ".!?…" else ".")


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?…" else text + "."


def _excerpt(text: str, limit: int = _QUOTE) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def summary(grounding: Grounding, citation_flags: Sequence[Flag]) -> str:
    n = len(grounding.claims)
    parts = [f"{grounding.count(Status.SUPPORTED)} of {n} claims supported"]
    for status in (Status.INFERRED, Status.UNSOURCED, Status.CONTRADICTED):
        count = grounding.count(status)
        if count:
            parts.append(f"{count} {status.value}")
    if citation_flags:
        parts.append(f"{len(citation_flags)} citation error{'s' if len(citation_flags) != 1 else ''}")
    return ", ".join(parts)
