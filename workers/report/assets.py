"""The stylesheet and script inlined into every HTML report, and the page's security policy.

Nothing is fetched: the report is one file that opens from disk. The policy
allows exactly this stylesheet and this script (by hash) and no network at
all, so even text that escaped its escaping could not run or load anything.
"""

from __future__ import annotations

import base64
import hashlib

CSS = """
:root {
  --critical: #cf222e; --critical-bg: #ffebe9;
  --warning: #bf8700; --warning-bg: #fff8c5;
  --info: #0969da; --info-bg: #ddf4ff;
  --ok: #1a7f37; --ok-bg: #dafbe1;
  --error: #8250df; --error-bg: #fbefff;
  --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Hebrew",
    "Noto Sans Arabic", sans-serif;
  color: var(--fg); background: #fff; line-height: 1.5;
}
* { box-sizing: border-box; }
body { margin: 0; }
h1, h2, h3 { line-height: 1.25; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; }
h3 { font-size: 1rem; margin-top: 1rem; }
small, .muted { color: var(--muted); font-weight: normal; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
.banner { padding: 1rem 1.5rem; border-bottom: 4px solid var(--c); background: var(--bg); }
.banner.status-passed { --c: var(--ok); --bg: var(--ok-bg); }
.banner.status-passed_with_warnings { --c: var(--warning); --bg: var(--warning-bg); }
.banner.status-requires_correction { --c: #bc4c00; --bg: #fff1e5; }
.banner.status-failed { --c: var(--critical); --bg: var(--critical-bg); }
.banner.status-error { --c: var(--error); --bg: var(--error-bg); }
.banner .top { display: flex; flex-wrap: wrap; align-items: baseline; gap: .5rem 1.5rem; }
.banner .label { font-size: 1.6rem; font-weight: 700; color: var(--c); }
.banner h1 { font-size: 1rem; font-weight: 600; margin: 0; }
.figures { display: flex; flex-wrap: wrap; gap: .5rem 2rem; margin: .75rem 0 .5rem; }
.figures div { min-width: 8rem; }
.figures dt { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.figures dd { margin: 0; font-weight: 600; }
meter { width: 7rem; height: .7rem; vertical-align: middle; }
.chips { list-style: none; padding: 0; margin: .5rem 0; display: flex; flex-wrap: wrap; gap: .35rem; }
.chip { border: 1px solid var(--line); border-radius: 999px; padding: .05rem .6rem; background: #fff;
  font-size: .85rem; }
.chip.st-pass { border-color: var(--ok); color: var(--ok); }
.chip.st-fail { border-color: var(--critical); color: var(--critical); }
.chip.st-error { border-color: var(--error); color: var(--error); }
.chip.st-skipped { border-style: dashed; color: var(--muted); }
.reason { margin: .25rem 0; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .5rem; }
button { font: inherit; font-size: .9rem; padding: .3rem .8rem; border: 1px solid var(--line);
  border-radius: 6px; background: #fff; cursor: pointer; }
button:hover { background: var(--panel); }
nav.toc { padding: .4rem 1.5rem; border-bottom: 1px solid var(--line); font-size: .9rem; }
nav.toc a { margin-right: 1rem; }
.notes { margin: .75rem 1.5rem; padding: .5rem .75rem; border-left: 4px solid var(--warning);
  background: var(--warning-bg); }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 24rem; gap: 1.5rem; padding: 1rem 1.5rem; }
@media (max-width: 900px) { .layout { grid-template-columns: minmax(0, 1fr); } }
.draft { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 1rem; line-height: 1.7;
  padding: 1rem 1.25rem; border: 1px solid var(--line); border-radius: 6px; background: #fff;
  max-width: 52rem; }
.draft.fmt-html, .draft.fmt-json { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: .85rem; }
.draft p { margin: 0; }
.draft p:empty::before { content: "\\200b"; }
.fl { text-decoration-line: underline; text-decoration-thickness: 2px; text-underline-offset: 3px;
  text-decoration-color: var(--c); background: var(--bg); cursor: help; border-radius: 2px;
  -webkit-box-decoration-break: clone; box-decoration-break: clone; }
.fl.multi { text-decoration-style: double; text-decoration-thickness: 1px; text-underline-offset: 2px;
  background: var(--bg2); }
.sev-critical { --c: var(--critical); --bg: #ffebe9aa; --bg2: #ffcecb; }
.sev-warning { --c: var(--warning); --bg: #fff8c5aa; --bg2: #f5e0a0; }
.sev-info { --c: var(--info); --bg: #ddf4ffaa; --bg2: #b6e3ff; }
.fl.off { text-decoration: none; background: none; cursor: auto; }
.fl.hl, .pin.hl { background: #ffdf5d; outline: 2px solid var(--c); outline-offset: 1px; }
.pin { display: inline-block; width: 0; height: 1em; border-left: 3px solid var(--c); vertical-align: -.1em; }
.pin.off { border-left-color: transparent; }
aside.flags-pane { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto;
  padding-bottom: 1rem; }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .25rem 0 .5rem;
  padding: .5rem; background: var(--panel); border-radius: 6px; font-size: .9rem; }
.filters .sevs { display: flex; gap: .6rem; flex-wrap: wrap; }
.filters label { white-space: nowrap; }
.filters select { font: inherit; }
#flag-list { list-style: none; padding: 0; margin: 0; }
#flag-list li { border: 1px solid var(--line); border-left: 4px solid var(--c); border-radius: 6px;
  margin-bottom: .5rem; background: #fff; }
#flag-list li[aria-current="true"] { box-shadow: 0 0 0 2px var(--c); background: var(--panel); }
#flag-list .jump { display: block; padding: .45rem .6rem; color: inherit; text-decoration: none; }
#flag-list a.jump:hover { background: var(--panel); }
.flag .head { display: flex; flex-wrap: wrap; gap: .3rem; align-items: baseline; font-size: .85rem; }
.badge { color: #fff; background: var(--c); border-radius: 4px; padding: 0 .35rem; font-weight: 600;
  font-size: .75rem; text-transform: uppercase; }
.flag q { display: block; margin: .25rem 0; color: var(--muted); font-style: italic; }
.flag .expl, .flag .sugg, .flag .where { display: block; font-size: .9rem; }
.flag .sugg { color: var(--ok); }
.flag .where { color: var(--muted); font-size: .8rem; }
section.panel { padding: 1rem 1.5rem; border-top: 1px solid var(--line); }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
th { background: var(--panel); }
td.num { text-align: right; white-space: nowrap; }
.st { font-weight: 600; }
.st-pass { color: var(--ok); } .st-fail { color: var(--critical); }
.st-error { color: var(--error); } .st-skipped { color: var(--muted); }
.brief-group ol { margin: .25rem 0 .75rem; }
.refs a { margin-left: .3rem; }
pre.fix { white-space: pre-wrap; background: var(--panel); padding: .75rem; border-radius: 6px; }
footer { padding: 1rem 1.5rem; color: var(--muted); font-size: .8rem; border-top: 1px solid var(--line); }
#tip { position: absolute; z-index: 10; max-width: 28rem; background: #fff; border: 1px solid var(--line);
  border-radius: 6px; box-shadow: 0 6px 18px #0002; padding: .4rem .6rem; font-size: .9rem; }
#tip .tip-flag { border-left: 4px solid var(--c); padding-left: .5rem; margin: .2rem 0; }
#tip .tip-head { font-weight: 600; color: var(--c); }
#tip .tip-sugg { color: var(--ok); }
@media print {
  .actions, .filters, nav.toc, #tip { display: none !important; }
  .layout { display: block; }
  aside.flags-pane { position: static; max-height: none; overflow: visible; }
}
"""

JS = r"""
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("verifleet-data").textContent);
  const flags = data.verdict.flags;
  const draft = document.getElementById("draft");
  const list = document.getElementById("flag-list");
  const tip = document.getElementById("tip");
  const where = new Map();
  if (draft) {
    for (const el of draft.querySelectorAll("[data-f]")) {
      for (const i of el.dataset.f.split(" ")) {
        if (!where.has(i)) where.set(i, []);
        where.get(i).push(el);
      }
    }
  }
  const entries = list ? Array.from(list.querySelectorAll("li[data-i]")) : [];
  const entry = (i) => list && list.querySelector(`li[data-i="${i}"]`);
  let current = null;

  function node(tag, cls, text) {
    const el = document.createElement(tag);
    el.className = cls;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function showTip(target, indices) {
    tip.replaceChildren();
    for (const i of indices) {
      const f = flags[i];
      if (!f) continue;
      const box = node("div", "tip-flag sev-" + f.severity);
      const head = [f.severity, f.type, f.rule, f.section].filter(Boolean).join(" · ");
      box.append(node("div", "tip-head", head));
      if (f.explanation) box.append(node("div", "tip-expl", f.explanation));
      if (f.suggestion) box.append(node("div", "tip-sugg", "Suggestion: " + f.suggestion));
      tip.append(box);
    }
    if (!tip.childElementCount) return hideTip();
    tip.hidden = false;
    const r = target.getBoundingClientRect();
    const t = tip.getBoundingClientRect();
    let top = r.bottom + 6;
    if (top + t.height > innerHeight && r.top - t.height - 6 > 0) top = r.top - t.height - 6;
    const left = Math.max(4, Math.min(r.left, document.documentElement.clientWidth - t.width - 4));
    tip.style.top = top + scrollY + "px";
    tip.style.left = left + scrollX + "px";
  }
  function hideTip() { tip.hidden = true; }

  function clear() {
    if (current === null) return;
    for (const el of where.get(current) || []) el.classList.remove("hl");
    const old = entry(current);
    if (old) old.removeAttribute("aria-current");
    current = null;
    hideTip();
  }

  function select(i, scroll) {
    clear();
    current = i;
    const els = where.get(i) || [];
    for (const el of els) el.classList.add("hl");
    const li = entry(i);
    if (li) li.setAttribute("aria-current", "true");
    if (els.length && scroll) {
      els[0].scrollIntoView({ block: "center", inline: "nearest" });
      els[0].focus({ preventScroll: true });
      history.replaceState(null, "", "#f-" + i);
    }
    if (els.length) showTip(els[0], [Number(i)]);
    if (!scroll && li) li.scrollIntoView({ block: "nearest" });
  }

  if (list) {
    list.addEventListener("click", (e) => {
      const a = e.target.closest("a.jump");
      if (!a) return;
      e.preventDefault();
      select(a.closest("li").dataset.i, true);
    });
  }
  document.addEventListener("click", (e) => {
    const ref = e.target.closest("a[data-jump]");
    if (!ref) {
      if (!e.target.closest("[data-f], a.jump, #tip")) hideTip();
      return;
    }
    e.preventDefault();
    select(ref.dataset.jump, true);
  });
  if (draft) {
    draft.addEventListener("mouseover", (e) => {
      const el = e.target.closest("[data-f]");
      if (el && !el.classList.contains("off")) showTip(el, el.dataset.f.split(" ").map(Number));
    });
    draft.addEventListener("mouseout", (e) => {
      if (e.target.closest("[data-f]")) hideTip();
    });
    draft.addEventListener("click", (e) => {
      const el = e.target.closest("[data-f]");
      if (!el) return;
      const shown = el.dataset.f.split(" ").filter((i) => { const li = entry(i); return li && !li.hidden; });
      if (shown.length) select(shown[0], false);
    });
  }

  const filters = document.getElementById("filters");
  const counter = document.getElementById("filter-count");
  function applyFilters() {
    const sev = new Set(Array.from(filters.querySelectorAll("input[name=sev]:checked"), (c) => c.value));
    const type = filters.querySelector("#type-filter").value;
    const visible = new Set();
    for (const li of entries) {
      const show = sev.has(li.dataset.sev) && (!type || li.dataset.type === type);
      li.hidden = !show;
      if (show) visible.add(li.dataset.i);
    }
    for (const [i, els] of where) {
      for (const el of els) {
        el.classList.toggle("off", !el.dataset.f.split(" ").some((j) => visible.has(j)));
      }
    }
    if (current !== null && !visible.has(current)) clear();
    counter.textContent = `Showing ${visible.size} of ${entries.length} flags`;
  }
  if (filters) {
    filters.addEventListener("change", applyFilters);
    filters.addEventListener("submit", (e) => e.preventDefault());
  }

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
  const base = String(data.verdict.job_id || "verdict").replace(/[^A-Za-z0-9._-]+/g, "_");
  document.getElementById("export-md").addEventListener("click", () =>
    download(base + "-annotated.md", data.annotated_markdown, "text/markdown;charset=utf-8"));
  document.getElementById("export-json").addEventListener("click", () =>
    download(base + "-verdict.json", JSON.stringify(data.verdict, null, 2) + "\n", "application/json"));

  document.addEventListener("keydown", (e) => { if (e.key === "Escape") clear(); });

  const m = /^#f-(\d+)$/.exec(location.hash);
  if (m && where.has(m[1])) select(m[1], true);
  document.documentElement.dataset.ready = "true";
})();
"""


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


CSP = (
    "default-src 'none'; "
    f"style-src '{_sha256(CSS)}'; "
    f"script-src '{_sha256(JS)}'; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)
"""No network, no inline handlers, no script or style but the two above."""
