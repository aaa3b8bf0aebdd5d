"""Who said what: the speaker of a claim, and of each side of a source sentence that gives two.

A sentence may give two speakers their say: ``The council said rates relief would help the high
street, but the traders' group Kettlebridge First said parking charges were driving shoppers away``.
Every word of ``Kettlebridge First said rates relief would help the high street`` is there, yet the
source gives those words to the council and has Kettlebridge First say something else. A
:class:`Speech` is one side: its speaker (the words before a verb of saying at the side's start,
``according to`` whom, or who closes it: ``..., the company said``) and what it says; a side with no
speaker is the source's own statement.

Sides are cut at the words that set one speaker against another (``but``, ``although``, ``though``,
``while``, ``whereas``, ``yet``, a semicolon; ``, and`` where a speaker of its own follows), not at
every comma: ``Westcliff Water, the local water company, said`` is one speaker.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final, NamedTuple

from checks.grounding.lexicon import terms

__all__ = ["SPEECH_WORDS", "Speech", "by_pronoun", "same_speaker", "speaker", "speaker_of", "speeches"]

_VERBS: Final = (
    r"said|says|say|told|warned|warns|warn|insisted|insists|insist|confirmed|confirms|claimed|claims"
    r"|argued|argues|admitted|admits|acknowledged|acknowledges|accepted|accepts|estimated|estimates"
    r"|believes|believed|believe|blamed|blames|blame|credited|credits|credit|linked|attributed"
    r"|attributes|expects|expected|expect|predicted|predicts|maintains|maintained|found|finds"
    r"|described|describes|called|calls|dismissed|dismisses|cautioned|cautions"
)
"""Verbs with which a speaker says, or holds, what follows them (``linked the rise to``, ``credits
the removal of two weirs``: what the speaker gives as the cause)."""
SPEECH_WORDS: Final = frozenset((*_VERBS.split("|"), "According"))
"""The words of a claim that names its speaker, one at least (a set test before the patterns)."""
_WHO: Final = r"[^\W\d][^,;\d]{0,60}?(?:,\s(?:[^,;]|(?<=\d),(?=\d)){1,100},)?"
"""A speaker: a name or a noun phrase (no figures), with at most one apposition between commas
(``Westcliff Water, the local water company,``; ``The university, which employs 3,000 staff,``;
``Gareth Pryce, regional organiser for the National Union of Journalists,``)."""
_CONTRASTING: Final = ("but", "although", "though", "while", "whereas", "yet")
"""The words that set one side of a sentence against another (``although`` holds ``though``)."""
_CONTRAST: Final = "|".join(_CONTRASTING)
_OPENING: Final = re.compile(
    rf"^(?:(?i:{_CONTRAST}|and|however,)\s+)?(?P<who>{_WHO})\s+"
    rf"(?:(?:has|have|had)\s+)?(?:also\s+|previously\s+|repeatedly\s+)?(?P<verb>{_VERBS})\b(?:\s+that\b)?",
)
_ACCORDING: Final = re.compile(r"\baccording\s+to\s+(?P<who>[^,;\d]{2,60}?)(?=[,;.]|$)", re.IGNORECASE)
_CLOSING: Final = re.compile(
    r",[\"\u201d\u2019']?\s+(?P<who>(?:the\s+|a\s+|an\s+)?[^,;\d]{2,50}?)\s+(?:said|says|added|warned|claimed|estimated)\W*$"
)
_INVERTED: Final = re.compile(
    r"(?:[\"\u201d\u2019'],?|,)\s+(?:said|says|added|warned|claimed)\s+"
    r"(?P<who>(?:(?:the\s+)?[a-z][\w'-]*\s+){0,3}[A-Z][^,;\d]{2,60}?)(?=,|\s*[.;]?\s*$)"
)
"""A speaker after a closing quotation and the verb (``"... never asked for," said Helen Marsh,
secretary of the boat owners' association``), or after a comma (``..., said boat operator Callum
Reid``)."""
_FIGURE_ASIDE: Final = (
    r"(?:a|an)\s+(?:figure|estimate|number|total|forecast|claim|view|sum)\s+(?:that\s+|which\s+)?"
)
"""An aside on what the side before said, with a speaker of its own (``£2.4 million, | a figure the
chamber of commerce described as conservative``)."""
_SIDES: Final = re.compile(
    rf"\s*(?:[,;]\s*|\s)(?=(?:{_CONTRAST})\s)|;\s+|,\s+(?={_FIGURE_ASIDE}(?:the\s+)?[^\W\d])"
)
_ASIDE: Final = re.compile(_FIGURE_ASIDE)
_CONJUNCTIONS: Final = ("and", "or", *_CONTRASTING)
_AND: Final = re.compile(r",\s+(?=and\s)")
_NOT_SPEAKERS: Final = frozenset(
    ("it", "he", "she", "they", "we", "i", "which", "who", "this", "that", "there", *_CONJUNCTIONS)
)
_NOT_ENDS: Final = frozenset(("is", "are", "was", "were", "be", "been", "being", "not", *_CONJUNCTIONS))
"""A speaker's first and last words are none of these: ``but warned that`` has no speaker of its own
(the clause before's), nor ``'real but fragile' and blamed`` (a quotation's ``but``)."""


class Speech(NamedTuple):
    """One side of a sentence: who says it (empty: the source itself) and what it says."""

    who: str
    """The speaker as written (``the consumer group Parcel Watch``)."""
    names: frozenset[str]
    """The speaker's terms, its apposition's too."""
    head: str
    """The last term of the speaker before any apposition (``watch``; ``water`` of ``Westcliff
    Water, the local water company``)."""
    said: str
    """What the side says, the speaker and the verb aside."""


def _speech(who: str, said: str) -> Speech | None:
    main = who.split(",", maxsplit=1)[0].split()
    if not main or len(main) > 8 or main[0].lower() in _NOT_SPEAKERS or main[-1].lower() in _NOT_ENDS:
        return None
    heads = terms(" ".join(main))
    if not heads:
        return None
    written = " ".join(who.split()).strip(", ")
    if main[0] in ("The", "A", "An"):
        written = written[0].lower() + written[1:]  # "has the union say", mid-sentence
    return Speech(written, frozenset(terms(who)), heads[-1], said)


def _side(text: str) -> Speech:
    """The speaker and what is said of one side (no speaker: the source's own statement)."""
    side = text.strip()
    aside = _ASIDE.match(side)
    if aside is not None:
        side = side[aside.end() :]  # "a figure the chamber of commerce described as": the chamber's
    m = _OPENING.match(side)
    if m is not None:
        got = _speech(m.group("who"), side[m.end() :])
        if got is not None:
            return got
    m = _CLOSING.search(side)
    if m is not None:
        got = _speech(m.group("who"), side[: m.start()])
        if got is not None:
            return got
    m = _ACCORDING.search(side)
    if m is not None:
        got = _speech(m.group("who"), side[: m.start()] + " " + side[m.end() :])
        if got is not None:
            return got
    m = _INVERTED.search(side)
    if m is not None:
        got = _speech(m.group("who"), side[: m.start()])
        if got is not None:
            return got
    return Speech("", frozenset(), "", side)


@lru_cache(maxsize=4096)
def speaker(claim: str) -> Speech | None:
    """The claim's speaker and what the claim says they said (``Parcel Watch said 94% of parcels
    arrived on time``; ``According to the union, ...``), or None when it names no speaker."""
    side = _side(claim.rstrip(" ."))
    return side if side.who else None


def speaker_of(claim: str) -> Speech | None:
    """:func:`speaker`, after a set test of :data:`SPEECH_WORDS` (most claims name no speaker)."""
    return None if SPEECH_WORDS.isdisjoint(claim.split()) else speaker(claim)


@lru_cache(maxsize=4096)
def speeches(sentence: str) -> tuple[Speech, ...]:
    """The sides of a sentence, in order (one when it sets no speaker against another). ``, and``
    cuts one where a speaker of its own follows it (``Helen Marsh said the growth was welcome, and
    the Residents' Association said overcrowding ...``)."""
    if (
        not any(f"{w} " in sentence for w in _CONTRASTING)
        and ";" not in sentence
        and ", and " not in sentence
        and ", a " not in sentence
        and ", an " not in sentence
    ):
        return (_side(sentence),)
    parts = _unquoted([part for part in _SIDES.split(sentence) if part.strip()])
    if ", and " in sentence:
        parts = [piece for part in parts for piece in _and_sides(part)]
    sides = [_side(parts[0])]
    for part in parts[1:]:
        side = _side(part)
        elided = _ELIDED_SPEAKER.match(part.strip()) if not side.who and sides[-1].who else None
        if elided is not None:
            # "Its chair, Ruth Adebayo, said ... | but called the refusal "bitterly disappointing"": the
            # verb with no speaker of its own has the side before's
            side = sides[-1]._replace(said=part.strip()[elided.end() :])
        sides.append(side)
    return tuple(sides)


_ELIDED_SPEAKER: Final = re.compile(rf"(?i:{_CONTRAST}|and)\s+(?:also\s+)?(?:{_VERBS})\b(?:\s+that\b)?")
"""A side that opens with a speech verb and no speaker (``but called it "bitterly disappointing"``)."""


def _unquoted(parts: list[str]) -> list[str]:
    """``parts`` joined again where a cut fell inside a quotation (``said the authority "could not
    justify new posts while front-line services face cuts"``: one side, the speaker's)."""
    if len(parts) < 2 or not any('"' in part or "\u201c" in part for part in parts):
        return parts
    out = [parts[0]]
    for part in parts[1:]:
        opened = out[-1].count('"') % 2 == 1 or out[-1].count("\u201c") > out[-1].count("\u201d")
        if opened:
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _and_sides(part: str) -> list[str]:
    """``part`` cut at each ``, and`` that a speaker of its own follows."""
    out = [part]
    for m in reversed(list(_AND.finditer(part))):
        after = part[m.end() :]
        if _speaker_opens(after):
            head = out.pop(0)
            out[:0] = [head[: m.start()], head[m.end() :]]
    return out


def _speaker_opens(text: str) -> bool:
    m = _OPENING.match(text.strip())
    return m is not None and _speech(m.group("who"), "") is not None


_PRONOUN_CLOSING: Final = re.compile(
    r"[,\"\u201d\u2019']\s+(?:he|she|they)\s+(?:said|says|added|warned|claimed|insisted)\W*$", re.IGNORECASE
)


_PRONOUN_OPENING: Final = re.compile(
    r"^\s*(?:he|she|they)\s+(?:also\s+|later\s+)?(?:said|says|added|warned|claimed|insisted|told)\b",
    re.IGNORECASE,
)


def by_pronoun(text: str) -> bool:
    """Does a side open or close with a pronoun for its speaker (``He said 11 of the college's 64 science
    and maths teachers had left``; ``"The scheme will protect 310 properties once it is complete," she
    said``)? Whose words they are is for the sentence before to say."""
    return ("he " in text or "they " in text or "He " in text or "They " in text) and (
        _PRONOUN_OPENING.match(text) is not None or _PRONOUN_CLOSING.search(text) is not None
    )


def same_speaker(one: Speech, other: Speech) -> bool:
    """Does ``other`` name the speaker ``one`` names (``The agency`` for ``The Coastal Waters Agency``,
    ``Chief executive Fiona Hargreaves`` for ``Fiona Hargreaves``): the head of ``one`` among its
    terms, or all of its terms among those of ``one`` (``the chief executive``)? Not a word they
    only share (``Westcliff Water`` is not ``the Coastal Waters Agency``)."""
    return bool(one.who and other.who) and (one.head in other.names or other.names <= one.names)
