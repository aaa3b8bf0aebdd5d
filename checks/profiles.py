"""Profiles choose and order the checks (CONTRACT.md section 3).

``plan`` turns a job into an ordered list of :class:`Planned` checks: free
checks first in the profile's order, then paid ones. Each criterion with a
``check`` becomes one planned check carrying its validated params; criteria
without one are scored together by the ``judge``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ValidationError

from checks import registry
from checks.markers import extract_markers
from checks.registry import NoParams
from messages import CheckName, Criterion, JobValidationError, OutputFormat, Profile, VerifyJob

OPENMARK = (CheckName.CITE_INTEGRITY, CheckName.VOICE, CheckName.WORD_COUNT, CheckName.SCHEMA)
INTEGRITY = (CheckName.SOURCE_MARKERS,)
FACTCHECK = (
    CheckName.GROUNDING,
    CheckName.CITE_INTEGRITY,
    CheckName.PROHIBITED_PHRASES,
    CheckName.READING_LEVEL,
    CheckName.STRUCTURE,
)


@dataclass(frozen=True)
class Planned:
    name: CheckName
    params: BaseModel = field(default_factory=NoParams)
    criterion: Criterion | None = None
    paid: bool = False
    judged: tuple[Criterion, ...] = ()
    """For the judge: the criteria it scores."""


def choose_profile(job: VerifyJob, default: Profile) -> Profile:
    """The profile that verifies ``job``: its own, else the workspace's ``default``; ``auto`` resolved.

    ``auto`` picks ``integrity`` for HTML holding source markers in any of the forms
    :func:`checks.markers.extract_markers` reads (a comment, a ``<cite>`` with or without
    brackets, inline text), outside code.
    """
    profile = job.policy.profile or default
    if profile is not Profile.AUTO:
        return profile
    fmt = job.output.format
    if fmt.structured:
        return Profile.OPENMARK
    if fmt is OutputFormat.HTML and extract_markers(job.output.text):
        return Profile.INTEGRITY
    return Profile.CRITERIA


def plan(job: VerifyJob, profile: Profile, *, default: Profile = Profile.AUTO) -> list[Planned]:
    """The ordered checks for a job; bad criterion params raise JobValidationError.

    ``profile`` is the one :func:`choose_profile` chose; ``default`` the workspace's, which it
    chose from when the job names none: ``criteria`` reached through ``auto`` adds the fact-check
    checks the job gives material for, ``criteria`` asked for (by the job or the workspace) does not.
    """
    planned: list[Planned] = []
    if profile is Profile.OPENMARK:
        planned += [_profile_check(name) for name in OPENMARK]
    elif profile is Profile.INTEGRITY:
        planned += [_profile_check(name) for name in INTEGRITY]
    elif profile is Profile.FACTCHECK:
        planned += [_profile_check(name) for name in FACTCHECK]
    planned += _criteria_checks(job)
    if profile is Profile.CRITERIA and (job.policy.profile or default) is Profile.AUTO:
        planned += _auto_extras(job, already={p.name for p in planned})
    judged = tuple(c for c in job.criteria if c.check is None)
    if judged:
        planned.append(Planned(CheckName.JUDGE, paid=True, judged=judged))
    # Free checks first, paid last, each group in the order planned.
    return [p for p in planned if not p.paid] + [p for p in planned if p.paid]


def _profile_check(name: CheckName) -> Planned:
    spec = registry.get(name)
    return Planned(name, paid=bool(spec and spec.paid))


def _criteria_checks(job: VerifyJob) -> list[Planned]:
    planned = []
    for index, criterion in enumerate(job.criteria):
        if criterion.check is None:
            continue
        spec = registry.get(criterion.check)
        if spec is None:
            raise JobValidationError(
                f"check {criterion.check.value!r} is not available in this version of verifleet",
                where=f"criteria.{index}.check",
                job_id=job.job_id,
            )
        try:
            params = spec.params.model_validate(criterion.params)
        except ValidationError as e:
            problem = e.errors(include_url=False, include_input=False)[0]
            loc = ".".join(str(p) for p in problem["loc"])
            raise JobValidationError(
                problem["msg"].removeprefix("Value error, "),
                where=f"criteria.{index}.params" + (f".{loc}" if loc else ""),
                job_id=job.job_id,
            ) from e
        planned.append(Planned(criterion.check, params=params, criterion=criterion, paid=spec.paid))
    return planned


def _auto_extras(job: VerifyJob, already: set[CheckName]) -> list[Planned]:
    """``auto`` on plain outputs adds the fact-check checks the job gives material for."""
    wanted: list[CheckName] = []
    if job.seen_urls or any(s.url for s in job.sources):
        wanted.append(CheckName.CITE_INTEGRITY)
    if any(s.text for s in job.sources):
        wanted.append(CheckName.GROUNDING)
    if job.voice and job.voice.prohibited_phrases:
        wanted.append(CheckName.PROHIBITED_PHRASES)
    if job.voice and job.voice.reading_level:
        wanted.append(CheckName.READING_LEVEL)
    available = registry.available()
    return [_profile_check(name) for name in wanted if name not in already and name in available]
