"""``judge``: the LLM rubric over the criteria that no deterministic check decides.

This module holds the pipeline's side of the judge: which criteria it scores
and what happens when no judge can be asked. The judge client itself (providers,
prompts, budget pricing) plugs in through :class:`checks.judging.Judge`.
"""

from __future__ import annotations

from checks.registry import CheckContext, CheckResult, register
from messages import CheckName, SkipReason


@register(CheckName.JUDGE, paid=True)
def judge(ctx: CheckContext) -> CheckResult:
    # Reached only when the pipeline has no judge to call; a configured judge
    # is run by the pipeline through its Judge object instead.
    return CheckResult.skipped(SkipReason.NO_JUDGE.value)
