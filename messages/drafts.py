"""The five structured draft formats that profile ``openmark`` verifies.

A job whose ``output.format`` is one of these carries the draft as an object
in ``output.content``. The job itself only requires an object: whether the
object is a valid draft is what the ``schema`` check decides, so a broken draft
gets a verdict that names the broken field instead of being rejected.

``language`` is a plain string here, not a closed set, for the same reason: a
draft in an unsupported language instantiates and the ``schema`` check fails it
with a clear reason. When the draft leaves ``language`` out, the job's
``output.language`` is used.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from messages.enums import OutputFormat

DRAFT_LANGUAGES = ("en", "ar-msa", "ar-egt", "ar-shami", "he")
"""The languages a draft may be written in."""
HUMANIZED_LANGUAGES = frozenset({"ar-msa", "ar-egt", "ar-shami", "he"})
"""Languages whose drafts must have been through a humanizer (``humanizer_applied`` true)."""

Text = Annotated[str, Field(min_length=1)]
Url = Annotated[str, Field(pattern=r"^https?://\S+$", max_length=8_192)]


class _Draft(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DraftSource(_Draft):
    url: Url
    title: Text


class _DraftBase(_Draft):
    language: str
    sources: list[DraftSource]
    word_count: Annotated[int, Field(ge=1)] | None = None
    """The body's word count as the writer states it; checked within 10%."""
    humanizer_applied: bool | None = None
    """Required true for Arabic and Hebrew drafts (checked by ``schema``)."""


class DraftSection(_Draft):
    heading: Text
    body: Text


class LinkedInPost(_DraftBase):
    hook: Text
    body: Text
    closer: Text
    anchor_url: Url
    """The link the post is about; must equal ``sources[0].url``."""


class NewsletterEssay(_DraftBase):
    title: Text
    thesis: Text
    """Rendered as a blockquote under the title."""
    sections: list[DraftSection]
    counter: Text
    """The strongest objection to the thesis, answered."""


class RoundupItem(_Draft):
    title: Text
    url: Url
    so_what: Text
    """Why the reader should care, in one sentence."""


class Bucket(_Draft):
    name: Text
    items: list[RoundupItem]


class NewsletterRoundup(_DraftBase):
    intro: Text
    buckets: list[Bucket]


class ComparisonRow(_Draft):
    criterion: Text
    values: list[str]
    """One value per entry of ``items``, in the same order."""


class NewsletterComparison(_DraftBase):
    items: list[Text]
    """The names of the things compared (the table's columns)."""
    rows: list[ComparisonRow]
    recommendation: Text


class ReadingEntry(_Draft):
    title: Text
    url: Url


class NewsletterAnalytical(_DraftBase):
    hook: Text
    sections: list[DraftSection]
    what_im_reading: list[ReadingEntry]


DRAFT_MODELS: dict[OutputFormat, type[BaseModel]] = {
    OutputFormat.LINKEDIN_POST: LinkedInPost,
    OutputFormat.NEWSLETTER_ESSAY: NewsletterEssay,
    OutputFormat.NEWSLETTER_ROUNDUP: NewsletterRoundup,
    OutputFormat.NEWSLETTER_COMPARISON: NewsletterComparison,
    OutputFormat.NEWSLETTER_ANALYTICAL: NewsletterAnalytical,
}
