"""The report as one self-contained HTML page.

The draft is shown as text: every character of it goes through
:func:`html.escape`, so markup in a draft (``<script>``, ``onerror=``) reads as
what it is and never runs. It is laid out one ``<p dir="auto">`` per line,
each line finding its own direction (the whole draft takes ``dir`` from
``output.language``), and each run of flagged text is one ``<span>`` carrying
the indices of every flag over it (``data-f="0 3"``) and the colour of the most
severe; nothing is emitted per character, so a 2 MB draft stays a light page.

The verdict travels as JSON in a ``<script type="application/json">`` block
(:func:`embed_json`), from which the page's script builds tooltips and the
exports. The page loads nothing and its policy (``assets.CSP``) forbids any
script or style but its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from html import escape
from typing import Any

from messages import CheckStatus, FlagType
from workers.report.assets import CSP, CSS, JS
from workers.report.markdown import annotated_markdown
from workers.report.segments import SEVERITY_ORDER
from workers.report.view import DASH, Report, check_name, excerpt, fraction, progress_line, usd

_LETTER = re.compile(r"[^\W\d_]")
MET = {True: '<span class="st st-pass">yes</span>', False: '<span class="st st-fail">no</span>', None: DASH}
CHECK_MARK = {CheckStatus.PASS: "✓", CheckStatus.FAIL: "✗", CheckStatus.SKIPPED: "○", CheckStatus.ERROR: "!"}
_JSON_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_JSON_UNSAFE_RE = re.compile("[<>&\u2028\u2029]")


def embed_json(value: Any) -> str:
    """``value`` as JSON that cannot end the ``<script>`` block holding it.

    ``<``, ``>`` and ``&`` become ``\\u003c`` and friends (so ``</script>`` and
    ``<!--`` cannot appear), U+2028 and U+2029 are escaped too; ``JSON.parse``
    reads the same value back.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return _JSON_UNSAFE_RE.sub(lambda m: _JSON_UNSAFE[m.group()], text)


def render_html(report: Report) -> str:
    v = report.verdict
    data = {"verdict": v.model_dump(mode="json"), "annotated_markdown": annotated_markdown(report)}
    page = [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{escape(CSP)}">',
        '<meta name="referrer" content="no-referrer">',
        '<meta name="generator" content="verifleet report">',
        f"<title>{escape(report.title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        *_banner(report),
        '<nav class="toc"><a href="#draft-section">Draft</a><a href="#flags">Flags</a>'
        '<a href="#criteria">Criteria</a><a href="#brief">Correction brief</a>'
        '<a href="#checks">Checks</a></nav>',
        *(f'<p class="notes">{escape(note)}</p>' for note in report.notes),
        '<main class="layout">',
        *_draft_section(report),
        *_flag_list(report),
        "</main>",
        *_criteria(report),
        *_brief(report),
        *_checks(report),
        f"<footer>verifleet report, written {escape(datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC'))}; "
        f"verdict completed {escape(v.completed_at.isoformat())}. This file works offline.</footer>",
        '<div id="tip" role="tooltip" hidden></div>',
        f'<script type="application/json" id="verifleet-data">{embed_json(data)}</script>',
        f"<script>{JS}</script>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(page)


def _banner(report: Report) -> list[str]:
    v = report.verdict
    sub = f"verdict {v.verdict.value} · action {v.action.value}"
    sub += f" · profile {v.profile.value}" if v.profile else ""
    sub += f" · mode {v.mode.value}" if v.mode else ""
    ident = f"{v.job_id} · mission {v.mission_id or DASH} · task {v.task_id or DASH} · attempt {v.attempt}"
    cost = v.cost
    out = [
        f'<header class="banner status-{v.status.value}" id="banner">',
        '<div class="top">',
        f'<span class="label" id="status">{escape(report.status_label)}</span>',
        f'<h1>{escape(ident)}</h1><span class="muted">{escape(sub)}</span>',
        "</div>",
        '<dl class="figures">',
        f"<div><dt>Score</dt><dd>{fraction(v.score)} {_meter(v.score)}</dd></div>",
        f"<div><dt>Confidence</dt><dd>{fraction(v.confidence)} {_meter(v.confidence)}</dd></div>",
        f"<div><dt>Cost against budget</dt><dd>{escape(report.cost_line())} "
        f"{_meter(cost.usd / cost.budget_usd if cost.budget_usd else 0.0, high=0.8)}</dd></div>",
        f"<div><dt>Checks</dt><dd>{escape(report.checks_line())}</dd></div>",
    ]
    progress = progress_line(v)
    if progress is not None:
        out.append(f'<div id="progress"><dt>Corrections</dt><dd>{escape(progress)}</dd></div>')
    out += [
        "</dl>",
    ]
    if report.job is not None and report.job.task.description:
        model = report.job.task.executor_model
        by = f" <span class='muted'>by {escape(model)}</span>" if model else ""
        out.append(f'<p class="reason">Task: {escape(report.job.task.description)}{by}</p>')
    if v.reason:
        out.append(f'<p class="reason"><strong>Reason:</strong> {escape(v.reason)}</p>')
    if v.checks:
        out.append('<ul class="chips" aria-label="checks">')
        for c in v.checks:
            label = check_name(c) + (f": {c.reason}" if c.status is CheckStatus.SKIPPED else "")
            tip = f' title="{escape(c.reason)}"' if c.reason else ""
            out.append(
                f'<li class="chip st-{c.status.value}"{tip}>{CHECK_MARK[c.status]} {escape(label)}</li>'
            )
        out.append("</ul>")
    out += [
        '<div class="actions">',
        '<button type="button" id="export-md">Download annotated draft (.md)</button>',
        '<button type="button" id="export-json">Download verdict (.json)</button>',
        "</div>",
        "</header>",
    ]
    return out


def _meter(value: float, high: float = 2.0) -> str:
    value = min(max(value, 0.0), 1.0)
    if high <= 1.0:  # a cost: fuller is worse
        return f'<meter min="0" max="1" low="0.5" high="{high}" optimum="0" value="{value:.4f}"></meter>'
    return f'<meter min="0" max="1" low="0.5" high="0.75" optimum="1" value="{value:.4f}"></meter>'


def _draft_section(report: Report) -> list[str]:
    if report.job is None:
        return ['<section id="draft-section"><h2>Draft</h2><p class="muted">No job given.</p></section>']
    lang = escape(report.language)
    info = f"{report.format} · {report.language} · {len(report.text):,} characters"
    return [
        '<section id="draft-section">',
        f"<h2>Draft <small>{escape(info)}</small></h2>",
        f'<div id="draft" class="draft fmt-{report.format}" dir="{report.direction}" lang="{lang}">'
        f"{''.join(draft_html(report))}</p></div>",
        "</section>",
    ]


def draft_html(report: Report) -> Iterable[str]:
    """The draft's lines and flagged runs, from the first line's ``<p>`` to the last line's text."""
    text = report.text
    places = report.places
    openers = _line_openers(text)
    yield next(openers)
    for seg in report.segments:
        if not seg.flags:
            first, *rest = escape(text[seg.start : seg.end].replace("\r", ""), quote=False).split("\n")
            yield first
            for line in rest:
                yield "</p>"
                yield next(openers)
                yield line
            continue
        severity = seg.severity.value if seg.severity else "info"
        ids = " ".join(map(str, seg.flags))
        starting = [i for i in seg.flags if (p := places[i]) is not None and p[0] == seg.start]
        if seg.start == seg.end:
            yield f'<span class="pin sev-{severity}" id="f-{ids}" data-f="{ids}" tabindex="-1"></span>'
            continue
        cls = f"fl sev-{severity}" + (" multi" if len(seg.flags) > 1 else "")
        for n, line in enumerate(text[seg.start : seg.end].replace("\r", "").split("\n")):
            if n:
                yield "</p>"
                yield next(openers)
            if not line:
                continue
            anchor = ""
            if starting:
                # Flags opening here beyond the first get an empty anchor of their own.
                yield "".join(f'<span id="f-{i}"></span>' for i in starting[1:])
                anchor = f' id="f-{starting[0]}" tabindex="-1"'
                starting = []
            yield f'<span class="{cls}" data-f="{ids}"{anchor}>{escape(line, quote=False)}</span>'
        for i in starting:  # a flag over line breaks only: a pin keeps its place
            yield f'<span class="pin sev-{severity}" id="f-{i}" data-f="{i}" tabindex="-1"></span>'


def _line_openers(text: str) -> Iterator[str]:
    """Per line, its ``<p>``: a line with a letter finds its own direction (``dir="auto"``); a blank
    line or one of digits and punctuation keeps the draft's (``auto`` would make it left to right)."""
    for line in text.split("\n"):
        yield '<p dir="auto">' if _LETTER.search(line) else "<p>"


def _flag_list(report: Report) -> list[str]:
    flags = report.verdict.flags
    out = [
        '<aside class="flags-pane" id="flags">',
        f"<h2>Flags <small>{len(flags)}</small></h2>",
    ]
    if not flags:
        return [*out, '<p class="muted">No flags.</p>', "</aside>"]
    out += ['<form class="filters" id="filters"><div class="sevs" role="group" aria-label="Severity">']
    for s in SEVERITY_ORDER:
        n = sum(f.severity is s for f in flags)
        out.append(
            f'<label class="sev-{s.value}"><input type="checkbox" name="sev" value="{s.value}" checked> '
            f"{s.value} ({n})</label>"
        )
    types = sorted({f.type for f in flags}, key=list(FlagType).index)
    options = "".join(
        f'<option value="{t.value}">{t.value} ({sum(f.type is t for f in flags)})</option>' for t in types
    )
    out += [
        "</div>",
        f'<label>Type <select id="type-filter"><option value="">all types</option>{options}</select></label>',
        "</form>",
        f'<p id="filter-count" class="muted" aria-live="polite">'
        f"Showing {len(flags)} of {len(flags)} flags</p>",
        '<ol id="flag-list">',
    ]
    for n, f in enumerate(flags):
        place = report.places[n]
        head = [
            f'<span class="badge">{f.severity.value}</span>',
            f"<code>{f.type.value}</code>",
            *([f"<span>{escape(f.rule)}</span>"] if f.rule else []),
            f'<span class="muted">{escape(f.id)}</span>',
            *([f'<span class="muted">in {escape(f.section)}</span>'] if f.section else []),
        ]
        quoted = report.flagged_text(n)
        body = [f'<span class="head">{" ".join(head)}</span>']
        if quoted:
            body.append(f'<q dir="auto">{escape(excerpt(quoted))}</q>')
        if f.explanation:
            body.append(f'<span class="expl" dir="auto">{escape(f.explanation)}</span>')
        if f.suggestion:
            body.append(f'<span class="sugg" dir="auto">Suggestion: {escape(f.suggestion)}</span>')
        if f.source_id:
            body.append(f'<span class="where">source {escape(f.source_id)}</span>')
        at = f"characters {place[0]:,}{DASH}{place[1]:,}" if place else "not located in the draft"
        body.append(f'<span class="where">{at}</span>')
        inner = "".join(body)
        link = f'<a class="jump" href="#f-{n}">{inner}</a>' if place else f'<div class="jump">{inner}</div>'
        out.append(
            f'<li class="flag sev-{f.severity.value}" data-i="{n}" data-sev="{f.severity.value}" '
            f'data-type="{f.type.value}">{link}</li>'
        )
    return [*out, "</ol>", "</aside>"]


def _criteria(report: Report) -> list[str]:
    v = report.verdict
    out = ['<section class="panel" id="criteria">', "<h2>Criteria</h2>"]
    if not v.criteria and v.quality is None:
        return [*out, '<p class="muted">No criteria were scored.</p>', "</section>"]
    if v.criteria:
        out.append(
            "<table><thead><tr><th>Criterion</th><th>Score</th><th>Met</th><th>Judged by</th>"
            "<th>Reasoning</th></tr></thead><tbody>"
        )
        for c in v.criteria:
            text = report.criterion_text(c.id)
            met = MET[c.met]
            score = DASH if c.score is None else f"{c.score:.2f} {_meter(c.score)}"
            out.append(
                f"<tr><td><strong>{escape(c.id)}</strong> <span dir='auto'>{escape(text)}</span></td>"
                f'<td class="num">{score}</td><td>{met}</td>'
                f"<td>{escape(c.judge or c.check or '')}</td>"
                f'<td dir="auto">{escape(c.reasoning)}</td></tr>'
            )
        out.append("</tbody></table>")
    if v.quality is not None:
        out.append('<h3>Quality</h3><dl class="figures">')
        for name, value in v.quality.model_dump().items():
            out.append(f"<div><dt>{escape(name)}</dt><dd>{value:.2f} {_meter(value)}</dd></div>")
        out.append("</dl>")
    return [*out, "</section>"]


def _brief(report: Report) -> list[str]:
    v = report.verdict
    out = ['<section class="panel" id="brief">', "<h2>Correction brief</h2>"]
    if not v.correction_brief and not v.fix_instructions:
        return [*out, '<p class="muted">Nothing to correct.</p>', "</section>"]
    for section, items in report.brief_groups():
        out += ['<div class="brief-group">', f'<h3 dir="auto">{escape(section)}</h3>', "<ol>"]
        for item in items:
            refs = "".join(_flag_ref(report, flag_id) for flag_id in item.flag_ids)
            refs = f' <span class="refs muted">flags{refs}</span>' if refs else ""
            out.append(f'<li><span dir="auto">{escape(item.instruction)}</span>{refs}</li>')
        out += ["</ol>", "</div>"]
    if v.fix_instructions:
        out += [
            "<h3>Fix instructions for the writer</h3>",
            f'<pre class="fix">{escape(v.fix_instructions)}</pre>',
        ]
    return [*out, "</section>"]


def _flag_ref(report: Report, flag_id: str) -> str:
    n = report.index_of.get(flag_id)
    if n is None or report.places[n] is None:
        return f" <span>{escape(flag_id)}</span>"
    return f' <a href="#f-{n}" data-jump="{n}">{escape(flag_id)}</a>'


def _checks(report: Report) -> list[str]:
    v = report.verdict
    out = ['<section class="panel" id="checks">', "<h2>Checks</h2>"]
    if not v.checks:
        return [*out, '<p class="muted">No checks were planned.</p>', "</section>"]
    out.append(
        "<table><thead><tr><th>Check</th><th>Status</th><th>Score</th><th>Reason</th><th>Cost</th>"
        "<th>Time</th></tr></thead><tbody>"
    )
    for c in v.checks:
        out.append(
            f"<tr><td>{escape(check_name(c))}</td>"
            f'<td><span class="st st-{c.status.value}">{CHECK_MARK[c.status]} {c.status.value}</span></td>'
            f'<td class="num">{fraction(c.score)}</td><td dir="auto">{escape(c.reason)}</td>'
            f'<td class="num">{usd(c.cost_usd)}</td><td class="num">{c.duration_ms:.1f} ms</td></tr>'
        )
    return [*out, "</tbody></table>", "</section>"]
