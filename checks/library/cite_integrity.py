"""``cite_integrity``: every URL the output cites was seen by the researcher.

``seen_urls`` is the ground truth: a URL the agent did not see in a tool
result was made up or copied from memory. URLs are compared after
:func:`checks.text.normalize_url` (case of scheme and host, default ports,
fragments and a lone trailing slash do not matter). URLs inside code are
examples, not citations, and are not checked. The source list's own URLs
count as seen only when they are in ``seen_urls`` too.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from checks.flags import flag
from checks.registry import CheckContext, CheckResult, register
from checks.text import find_urls, normalize_url
from messages import CheckName, FlagType, Severity


class CiteIntegrityParams(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    allow: list[str] = []
    """Extra URLs (or prefixes ending in ``*``) that may be cited without having been seen."""


@register(CheckName.CITE_INTEGRITY, params=CiteIntegrityParams)
def cite_integrity(ctx: CheckContext) -> CheckResult:
    params = ctx.params if isinstance(ctx.params, CiteIntegrityParams) else CiteIntegrityParams()
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
