"""``cite_integrity``: every URL the output cites was seen by the researcher.

``seen_urls`` is the ground truth: a URL the agent did not see in a tool
result was made up or copied from memory. URLs are compared after
:func:`checks.text.normalize_url` (case of scheme and host, default ports,
fragments and a lone trailing slash do not matter). URLs inside code are
examples, not citations, and are not checked. The source list's own URLs
count as seen only when they are in ``seen_urls`` too.

For the five structured drafts every URL anywhere in the draft is checked:
URL fields (``anchor_url``, ``sources[].url``, item and reading-list
``url``), and inline links and bare URLs inside every text field. The reason
names the first unseen URL in reading order, exactly ``URL <url> not found in
tool results.``. A ``linkedin_post``'s ``anchor_url`` must also be its first
source (``sources[0].url``, compared in normalized form).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

from checks.citations_ids import checks_source_ids
from checks.drafts import DraftView, read_draft
from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from checks.text import find_urls, normalize_url
from messages import CheckName, Flag, FlagType, OutputFormat, Severity


class CiteIntegrityParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    allow: list[str] = []
    """Extra URLs (or prefixes ending in ``*``) that may be cited without having been seen."""


@register(CheckName.CITE_INTEGRITY, params=CiteIntegrityParams)
@checks_source_ids  # text, markdown and HTML: citations must name ids in job.sources
def cite_integrity(ctx: CheckContext) -> CheckResult:
    params = ctx.params if isinstance(ctx.params, CiteIntegrityParams) else CiteIntegrityParams()
    draft = read_draft(ctx.job, ctx.text)
    if draft is not None:
        return _cite_draft(ctx, draft, _known(ctx, params))
    seen = {normalize_url(u) for u in ctx.job.seen_urls}
    exact = {normalize_url(a) for a in params.allow if not a.endswith("*")}
    prefixes = tuple(a[:-1] for a in params.allow if a.endswith("*"))
    urls = find_urls(ctx.text)
    flags = []
    missing: list[str] = []
    for span in urls:
        key = normalize_url(span.text)
        if key in seen or key in exact or (prefixes and span.text.startswith(prefixes)):
            continue
        if span.text not in missing:
            missing.append(span.text)
        flags.append(
            flag(
                FlagType.CITATION_ERROR,
                Severity.CRITICAL,
                check=CheckName.CITE_INTEGRITY.value,
                explanation=f"URL {span.text} not found in tool results.",
                suggestion=(
                    f"Replace {span.text} with a URL from the research results, "
                    "or remove the claim it supports. Keep all other text."
                ),
                start=span.start,
                end=span.end,
                text=ctx.text,
            )
        )
    details = {"urls": len(urls), "unseen": len(missing)}
    if not missing:
        return CheckResult.passed(details=details)
    fixes = [
        f"Replace the URL {url} with one from the research results, or remove the claim it "
        "supports. Cite only pages the researcher saw. Keep all other text."
        for url in missing
    ]
    verified = len(urls) - len(flags)
    return CheckResult.failed(
        f"URL {missing[0]} not found in tool results."
        + (f" ({len(missing) - 1} more)" if len(missing) > 1 else ""),
        score=round(verified / len(urls), 4),
        flags=flags,
        fixes=fixes,
        details=details,
    )


def _known(ctx: CheckContext, params: CiteIntegrityParams) -> Callable[[str], bool]:
    """Was a URL seen by the researcher (or allowed by the criterion)?"""
    seen = {normalize_url(u) for u in ctx.job.seen_urls}
    seen |= {normalize_url(a) for a in params.allow if not a.endswith("*")}
    prefixes = tuple(a[:-1] for a in params.allow if a.endswith("*"))
    return lambda url: normalize_url(url) in seen or bool(prefixes and url.startswith(prefixes))


def _draft_urls(draft: DraftView) -> list[tuple[int, int, str, str]]:
    """(start, end, url, field path) of every URL in a draft, in reading order."""
    found: list[tuple[int, int, str, str]] = []
    for leaf in draft.leaves():
        if leaf.is_url:
            url = leaf.value.strip()
            if url:
                start, end = draft.locate(leaf.path, 0, len(leaf.value))
                found.append((start, end, html.unescape(url) if "&" in url else url, leaf.path))
        elif leaf.is_prose:
            for span in find_urls(leaf.value):
                start, end = draft.locate(leaf.path, span.start, span.end)
                found.append((start, end, span.text, leaf.path))
    return sorted(found)


def _cite_draft(ctx: CheckContext, draft: DraftView, known: Callable[[str], bool]) -> CheckResult:
    flags = []
    fixes: list[str] = []
    reasons: list[str] = []
    urls = _draft_urls(draft)
    unseen = 0
    for start, end, url, path in urls:
        if known(url):
            continue
        unseen += 1
        explanation = f"URL {url} not found in tool results."
        fix = (
            f"Replace the URL {url} in {path} with one from the research results, or remove the "
            "claim it supports. Cite only pages the researcher saw. Keep all other text."
        )
        if explanation not in reasons:
            reasons.append(explanation)
            fixes.append(fix)
        flags.append(_flag(ctx, start, end, path, explanation=explanation, fix=fix, rule="cite.unseen_url"))
    checked = len(urls)
    anchor = draft.get("anchor_url")
    if draft.format is OutputFormat.LINKEDIN_POST and isinstance(anchor, str):
        checked += 1
        first = draft.get("sources.0.url")
        explanation = fix = ""
        if not isinstance(first, str):
            explanation = f"anchor_url {anchor} must be sources[0].url, but the post lists no sources."
            fix = f"Add the page {anchor} as the first entry of sources. Keep all other text."
        elif normalize_url(anchor) != normalize_url(first):
            explanation = f"anchor_url {anchor} does not equal sources[0].url {first}."
            fix = (
                f"Set anchor_url to {first} (sources[0].url), or move the source for {anchor} to the "
                "top of sources. The anchor link must be the first source. Keep all other text."
            )
        if explanation:
            reasons.append(explanation)
            fixes.append(fix)
            start, end = draft.locate("anchor_url", 0, len(anchor))
            flags.append(
                _flag(ctx, start, end, "anchor_url", explanation=explanation, fix=fix, rule="cite.anchor_url")
            )
    details = {"urls": len(urls), "unseen": unseen}
    if not flags:
        return CheckResult.passed(details=details)
    return CheckResult.failed(
        reasons[0],
        score=round((checked - len(flags)) / checked, 4) if checked else 0.0,
        flags=flags,
        fixes=fixes,
        details=details,
    )


def _flag(
    ctx: CheckContext, start: int, end: int, path: str, *, explanation: str, fix: str, rule: str
) -> Flag:
    return flag(
        FlagType.CITATION_ERROR,
        Severity.CRITICAL,
        check=CheckName.CITE_INTEGRITY.value,
        explanation=explanation,
        suggestion=fix,
        start=start,
        end=end,
        text=ctx.text,
        rule=rule,
        section=path,
    )
