"""Which side is which: the order of a sentence's comparison or relation between two things.

Terms are a bag: ``Eastfield has more residents than Harbourside`` holds every word of
``Harbourside has more residents than Eastfield``, and ``Morven Shipping bought Calder Ferries`` every
word of ``Calder Ferries bought Morven Shipping``. A :class:`Frame` keeps what the bag loses: a
*pivot* (a comparative with ``than``, ``twice those in``, ``before``/``after``, or a verb whose two
sides are not interchangeable: ``bought``, ``beat``, ``succeeded``, ``outsold``), what it compares
or relates (:attr:`Frame.key`), which way (:attr:`Frame.sign`: ``more``/``fewer``, ``beat``/``lost
to``), and the terms on either side of it within its clause, the agent first in a passive (``was
bought by``).

:func:`relate` reads a claim's frame against a source sentence's of the same key: the sides the same
way round or swapped (names when both sides hold one, else every distinctive term), and, with the
signs, whether the two agree. ``Buses run less often than trains`` agrees with ``Trains run more
often than buses`` (swapped, opposite ways); ``Corran beat Ashby`` disagrees with ``Ashby beat
Corran`` (swapped, same way). A sentence has no frame where a side has no terms of its own; frames
whose sides match both ways round are told apart by the first term of each side, or decide nothing.

Frames are read from a sentence's whitespace pieces, their terms through the per-piece memo of
:func:`checks.grounding.lexicon.piece_terms`: a sentence without a pivot word costs one set test,
and only claims with a frame have their candidates' frames read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain
from typing import Final, NamedTuple

from checks.grounding.lexicon import piece_terms, sentence_names, terms

__all__ = ["MAX_PIVOTS", "Frame", "Order", "agents", "frames", "other_agent", "relate", "wrong_winner"]

# Comparatives: (what is compared, which way). ``more``/``less``/``fewer`` take the words between
# them and ``than`` into the key (``more residents than``), the others keep them apart from it.
_COMPARATIVES: Final[dict[str, tuple[str, int]]] = {
    "more": ("amount", 1),
    "less": ("amount", -1),
    "fewer": ("amount", -1),
    "greater": ("amount", 1),
    "higher": ("level", 1),
    "lower": ("level", -1),
    "larger": ("size", 1),
    "bigger": ("size", 1),
    "smaller": ("size", -1),
    "longer": ("length", 1),
    "shorter": ("length", -1),
    "faster": ("speed", 1),
    "quicker": ("speed", 1),
    "slower": ("speed", -1),
    "older": ("age", 1),
    "younger": ("age", -1),
    "newer": ("age", -1),
    "earlier": ("time", -1),
    "sooner": ("time", -1),
    "later": ("time", 1),
    "cheaper": ("cost", -1),
    "dearer": ("cost", 1),
    "costlier": ("cost", 1),
    "heavier": ("weight", 1),
    "lighter": ("weight", -1),
    "wider": ("width", 1),
    "narrower": ("width", -1),
    "deeper": ("depth", 1),
    "shallower": ("depth", -1),
    "warmer": ("heat", 1),
    "hotter": ("heat", 1),
    "colder": ("heat", -1),
    "cooler": ("heat", -1),
    "wetter": ("wet", 1),
    "drier": ("wet", -1),
    "dryer": ("wet", -1),
    "richer": ("wealth", 1),
    "poorer": ("wealth", -1),
    "busier": ("busy", 1),
    "quieter": ("busy", -1),
    "stronger": ("strength", 1),
    "weaker": ("strength", -1),
    "better": ("quality", 1),
    "worse": ("quality", -1),
}
_AMOUNTS: Final = frozenset(("more", "less", "fewer"))
"""Comparatives whose key takes what they count (``more residents than``)."""
_NOT_COMPARATIVE: Final = frozenset(
    ("other", "rather", "whether", "never", "ever", "either", "neither", "over", "under", "after", "number")
)

# Relations whose sides are not interchangeable: the active forms, the passive participles (their
# agent follows ``by``), and the key and way of each.
_ACTIVE: Final[dict[str, tuple[str, int]]] = {
    **dict.fromkeys(
        ("bought", "buys", "acquired", "acquires", "purchased", "purchases", "took over", "takes over"),
        ("buy", 1),
    ),
    **dict.fromkeys(("beat", "beats", "defeated", "defeats", "overcame"), ("beat", 1)),
    **dict.fromkeys(("lost to", "loses to"), ("beat", -1)),
    **dict.fromkeys(
        ("succeeded", "succeeds", "replaced", "replaces", "took over from", "takes over from"), ("succeed", 1)
    ),
    **dict.fromkeys(("preceded", "precedes"), ("succeed", -1)),
    **dict.fromkeys(
        (
            "overtook",
            "overtakes",
            "outsold",
            "outsells",
            "outperformed",
            "outperforms",
            "outnumbered",
            "outnumbers",
            "outpaced",
            "outweighed",
            "outweighs",
            "exceeded",
            "exceeds",
            "surpassed",
            "surpasses",
            # the plural's present: "Women outnumber men"
            "overtake",
            "outsell",
            "outperform",
            "outnumber",
            "outpace",
            "outpaces",
            "outweigh",
            "exceed",
            "surpass",
        ),
        ("exceed", 1),
    ),
    **dict.fromkeys(("trailed", "trails", "trail"), ("exceed", -1)),
    **dict.fromkeys(("owns",), ("own", 1)),
}
_PASSIVE: Final[dict[str, tuple[str, int]]] = {
    **dict.fromkeys(("bought", "acquired", "purchased", "taken over"), ("buy", 1)),
    **dict.fromkeys(("beaten", "defeated", "overcome"), ("beat", 1)),
    **dict.fromkeys(("succeeded", "replaced"), ("succeed", 1)),
    **dict.fromkeys(("preceded",), ("succeed", -1)),
    **dict.fromkeys(
        (
            "overtaken",
            "outsold",
            "outperformed",
            "outnumbered",
            "outpaced",
            "outweighed",
            "exceeded",
            "surpassed",
        ),
        ("exceed", 1),
    ),
    **dict.fromkeys(("owned",), ("own", 1)),
}


_PARTICIPLE: Final[dict[str, tuple[str, int]]] = {
    **dict.fromkeys(("replacing", "succeeding"), ("succeed", 1)),
    **dict.fromkeys(("beating", "defeating"), ("beat", 1)),
    **dict.fromkeys(("buying", "acquiring", "purchasing"), ("buy", 1)),
    **dict.fromkeys(("overtaking", "outselling", "surpassing", "outperforming"), ("exceed", 1)),
}
"""Relations said by a participle after a comma, whose agent is the sentence's subject (``Tamsin
Oyelaran became chief executive in May, replacing Greg Hill``)."""
_BE: Final = frozenset(("was", "were", "is", "are", "been", "being", "be", "get", "gets", "got"))
_MULTIPLES: Final = {"twice": 1, "double": 1, "thrice": 1, "half": -1}
_COUNTS: Final = frozenset(("two", "three", "four", "five", "ten"))
_CUT_WORDS: Final = frozenset(("and", "but", "while", "whereas", "although", "though"))
_CUT_MARKS: Final = ",;:)"
_EDGES: Final = ".,;:!?()[]\"'\u201c\u201d\u2018\u2019"
_CUES: Final = frozenset(
    (
        "than",
        "times",
        "before",
        "after",
        *_MULTIPLES,
        *(w.split()[0] for w in _ACTIVE),
        *(w.split()[0] for w in _PASSIVE),
        *_PARTICIPLE,
    )
)
"""A word every pivot holds: a sentence without one has no frame (most sentences)."""
_ACTIVE_FIRST: Final = frozenset(w.split()[0] for w in _ACTIVE)
_STARTS = _BE | _ACTIVE_FIRST | _AMOUNTS | _COUNTS | {"before", "after", *_MULTIPLES, *_PARTICIPLE}
"""Words a pivot may start with, besides a comparative in -er and a number before ``times``."""
MAX_PIVOTS: Final = 16
"""Pivots read in one sentence (more make a list, not a comparison; pairing frames is quadratic)."""
_SIDE_WORDS: Final = 40
"""Words of a side read at most, each way from its pivot (a side is a clause's, not a page's)."""
_THAN_WITHIN: Final = 4
"""A comparative and its ``than``: at most this many words apart (``more slowly than``)."""


class Frame(NamedTuple):
    key: str
    """What is compared or related: a dimension (``amount:resident``, ``length``) or a relation (``buy``)."""
    sign: int
    """Which way: +1 (``more``, ``longer``, ``after``, ``beat``), -1 (``fewer``, ``shorter``, ``lost to``)."""
    left: tuple[str, ...]
    """Terms of the subject side (the agent of a relation), not also on the other side, in order."""
    right: tuple[str, ...]
    """Terms of the other side (``than ...``, the object), not also on the subject side, in order."""
    said: frozenset[str]
    """The pivot's own terms (``shorter``, ``take``): stated when the source says the same in other words."""
    text: str
    """The pivot as written, for explanations."""


def frames(plain: str) -> tuple[Frame, ...]:
    """The frames of a sentence, one per pivot with terms on both sides of it (within its clause)."""
    if _CUES.isdisjoint(plain.lower().split()):
        return ()  # a pivot word ends with punctuation only where a side would be empty
    pieces = plain.split()
    words = [p.strip(_EDGES).lower() for p in pieces]
    out: list[Frame] = []
    pivots = 0
    after = 0  # the word after the last pivot: pivots do not overlap
    for i, w in enumerate(words):
        if i < after or not (w in _STARTS or w[-2:] == "er" or w[:1].isdigit()):
            continue
        found = _pivot(words, i)
        if found is None or (w in _PARTICIPLE and not (i and pieces[i - 1][-1] == ",")):
            continue
        pivots += 1
        if pivots > MAX_PIVOTS:
            break
        last, key, sign, passive = found
        if w in _PARTICIPLE:  # the sentence's first clause does what the participle says
            first = pieces[: _clause_end(pieces, words, 0)]
        else:
            first = pieces[_clause_start(pieces, words, i) : i]
        ahead, behind = _sides(_terms(first), _terms(pieces[last + 1 : _clause_end(pieces, words, last)]))
        left, right = (behind, ahead) if passive else (ahead, behind)
        if left and right:
            text = " ".join(pieces[i : last + 1]).strip(_EDGES)
            out.append(Frame(key, sign, left, right, _said(text), text))
        after = last + 1
    return tuple(out)


def _terms(pieces: list[str]) -> list[str]:
    return list(chain.from_iterable(piece_terms(pieces)))


def _clause_start(pieces: list[str], words: list[str], i: int) -> int:
    """The first piece of the clause that piece ``i`` is in: after a comma, semicolon, colon or
    bracket, or a conjunction (``and``, ``while``)."""
    first = max(0, i - _SIDE_WORDS)
    while (
        i > first
        and pieces[i - 1][-1] not in _CUT_MARKS
        # (not "and" before a preposition: "the benefits for the climate and for the local economy
        # outweighed": one side, of two parts)
        and (words[i - 1] not in _CUT_WORDS or (words[i - 1] in _AND_OR and words[i] in _PARTS_OF_A_SIDE))
        and pieces[i][0] != "("
    ):
        i -= 1
    return i


_AND_OR: Final = frozenset(("and", "or"))
_PARTS_OF_A_SIDE: Final = frozenset(("for", "of", "in", "on", "to", "from", "with", "at"))
"""Prepositions after ``and`` that join a second part to a side (``for the climate and for the local
economy``), not a clause."""


def _clause_end(pieces: list[str], words: list[str], last: int) -> int:
    """The piece after the last one of the clause that piece ``last`` is in."""
    if pieces[last][-1] in _CUT_MARKS:
        return last + 1
    end = last + 1
    stop = min(len(pieces), end + _SIDE_WORDS)
    while end < stop and words[end] not in _CUT_WORDS and pieces[end][0] != "(":
        end += 1
        if pieces[end - 1][-1] in _CUT_MARKS:
            break
    return end


def _sides(before: list[str], after: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The distinct terms of each side that the other side lacks, in order."""
    return (
        tuple(dict.fromkeys(t for t in before if t not in after)),
        tuple(dict.fromkeys(t for t in after if t not in before)),
    )


def _pivot(words: list[str], i: int) -> tuple[int, str, int, bool] | None:
    """The pivot that starts at word ``i``: (its last word, key, sign, passive), or None."""
    w = words[i]
    n = len(words)
    if w in _BE:
        j = i + 1
        if j + 1 < n and words[j].endswith("ly"):
            j += 1  # "was later bought by"
        if j + 2 < n and words[j + 2] == "by" and (two := f"{words[j]} {words[j + 1]}") in _PASSIVE:
            return j + 2, *_PASSIVE[two], True
        if j + 1 < n and words[j + 1] == "by" and words[j] in _PASSIVE:
            return j + 1, *_PASSIVE[words[j]], True
        return None
    if w in ("before", "after"):
        return i, "time", (1 if w == "after" else -1), False
    if w in _MULTIPLES or ((w in _COUNTS or w[:1].isdigit()) and i + 1 < n and words[i + 1] == "times"):
        # "twice those in", "three times that of", "half as many visitors as"
        j = i + 1 if w in _MULTIPLES else i + 2
        if j < n and words[j] in ("those", "that"):
            return j, "times", _MULTIPLES.get(w, 1), False
        if j < n and words[j] == "as":
            ends = [k for k in (j + 2, j + 3) if k < n and words[k] == "as"]
            if ends:
                return ends[0], "times", _MULTIPLES.get(w, 1), False
        return None
    if w in _AMOUNTS or (len(w) >= 5 and w[-2:] == "er" and w not in _ACTIVE):
        than = next((k for k in range(i + 1, min(n, i + 1 + _THAN_WITHIN)) if words[k] == "than"), None)
        if than is None:
            return None
        known = _COMPARATIVES.get(w)
        between = terms(" ".join(words[i + 1 : than])) if than > i + 1 else []
        if known is None:
            if w in _NOT_COMPARATIVE or between or not w.isalpha():
                return None
            return than, f"er:{w}", 1, False
        key, sign = known
        # "more residents than", "higher rents than": what is compared is part of the key, so that
        # "more residents" never meets "more shops".
        return than, (f"{key}:{'-'.join(sorted(between))}" if between else key), sign, False
    if w in _PARTICIPLE:
        return i, *_PARTICIPLE[w], False
    if (i and words[i - 1] in _BE) or (i > 1 and words[i - 2] in _BE and words[i - 1].endswith("ly")):
        return None  # "was replaced as head": a passive with no agent
    for size in (3, 2, 1):
        if i + size <= n and (phrase := " ".join(words[i : i + size])) in _ACTIVE:
            return i + size - 1, *_ACTIVE[phrase], False
    return None


@lru_cache(maxsize=4096)
def _said(text: str) -> frozenset[str]:
    return frozenset(terms(text))


class Order(NamedTuple):
    agrees: bool
    """The source frame says what the claim frame says."""
    swapped: bool
    """It has the two sides the other way round (``B less than A`` for ``A more than B``)."""


def relate(
    claim: Frame, source: Frame, claim_names: frozenset[str], source_names: frozenset[str]
) -> Order | None:
    """Does the source frame say what the claim frame says? None when the two do not compare the
    same thing, or their sides cannot be told apart.

    The sides are matched by name when each side of both frames names something (``Glasgow``,
    ``Edinburgh``), else by every term: terms that moved to the other side both ways say swapped,
    terms that stayed on both sides say not. When both happen (``Buses run less often than trains
    on the coastal route``: the buses and trains moved, ``run`` and the route stayed), the first
    term of each side decides, where the subject and what it is measured against stand. Swapped
    sides turn the way round: ``A more than B`` is ``B less than A``.
    """
    if claim.key != source.key:
        return _objects_swapped(claim, source)
    sides = (claim.left, claim.right, source.left, source.right)
    named = [
        frozenset(side).intersection(names)
        for side, names in zip(sides, (claim_names, claim_names, source_names, source_names), strict=True)
    ]
    cl, cr, sl, sr = named if all(named) else [frozenset(side) for side in sides]
    crossed = bool(cl & sr) and bool(cr & sl)
    straight = bool(cl & sl) and bool(cr & sr)
    if crossed == straight:
        if not crossed:
            return None
        first = [side[0] for side in sides]
        if first[0] == first[3] and first[1] == first[2]:
            straight = False
        elif first[0] == first[2] and first[1] == first[3]:
            crossed = False
        else:
            return None
    return Order((claim.sign == source.sign) != crossed, crossed)


def _objects_swapped(claim: Frame, source: Frame) -> Order | None:
    """``The clinic sees more children than adults`` against ``... more adults than children``: two
    amounts compared by one subject, each the other's key (the left sides alike), swapped; the
    way round turned (``fewer adults than children`` agrees). None for anything else."""
    if claim.key[:7] != "amount:" or source.key[:7] != "amount:" or claim.left != source.left:
        return None
    # A key may be of two terms ("more e-books than printed books": amount:book-e).
    mine, theirs = frozenset(claim.key[7:].split("-")), frozenset(source.key[7:].split("-"))
    if mine <= frozenset(source.right) and theirs <= frozenset(claim.right):
        return Order(claim.sign != source.sign, True)
    return None


# Who did what: the agent of each deed a sentence names (``written by the Audit Office``, ``Dr Ana
# Ruiz led the study``, ``which Professor Tom Hale reviewed``). A name is capitalised words, with
# ``of`` or ``de`` between two of them (``Bank of England``).
_NAME: Final = r"(?:[A-Z][\w'\u2019.-]*)(?:\s+(?:of\s+|de\s+)?[A-Z][\w'\u2019.-]*){0,5}"
_DEED: Final = (
    r"(?:[a-z]{3,}ed|wrote|written|led|built|ran|run|made|won|held|drew|drawn|took|taken|gave|given"
    r"|sold|bought|paid|chose|chosen|began|begun|found|shot|sung|sang|spoke|spoken|told|brought|kept)"
)
_BY: Final = re.compile(rf"\b(?P<deed>{_DEED})(?:\s+(?:out|up|off))?\s+by\s+(?:the\s+)?(?P<agent>{_NAME})")
_FIRST: Final = re.compile(
    rf"^(?:The\s+)?(?P<agent>{_NAME})\s+(?P<deed>{_DEED})(?=\s+(?:the|a|an|its|their|his|her)\b)"
)
_WHICH: Final = re.compile(
    rf"\b(?:which|that|whom)\s+(?:(?:the|his|her|their|its)\s+(?:[a-z]+\s+){{0,2}})?(?P<agent>{_NAME})"
    rf"\s+(?:now\s+|still\s+|later\s+)?(?P<deed>{_DEED}|[a-z]{{3,}}s)\b"
)


_TITLES: Final = frozenset(
    ("dr", "professor", "prof", "mr", "mrs", "ms", "sir", "dame", "lord", "ladi", "mayor")
)
"""Titles before a name: ``Dr Ana Ruiz`` and ``Ana Ruiz`` are one agent."""


class Deed(NamedTuple):
    deed: str
    """The deed's term (``write`` for ``written``)."""
    who: frozenset[str]
    """The agent's names, titles aside."""
    said: str
    """The deed and its agent as written."""


@lru_cache(maxsize=4096)
def agents(plain: str) -> tuple[Deed, ...]:
    """Each deed the sentence gives an agent by name: a passive's ``by`` (``written by the Audit
    Office``), the subject that opens the sentence (``Dr Ana Ruiz led the study``), a relative
    clause's (``which Professor Tom Hale reviewed``)."""
    patterns = [_FIRST] if plain[:1].isupper() else []
    if " by " in plain:
        patterns.append(_BY)
    if "which " in plain or "that " in plain or "whom " in plain:
        patterns.append(_WHICH)
    found = []
    for pattern in patterns:
        for m in pattern.finditer(plain):
            deed = terms(m.group("deed"))
            who = sentence_names(f"x {m.group('agent')}") - _TITLES
            if len(deed) == 1 and who:
                found.append(Deed(deed[0], who, " ".join(m.group().split()).rstrip(".,;:")))
    return tuple(found)


def other_agent(claim: str, sentence: str) -> str:
    """Why the sentence says someone else did what the claim says its agent did, having that agent
    do something else (``The Treasury wrote the report`` against ``written by the Audit Office and
    published by the Treasury``), or "". Nothing when the sentence does not name the claim's agent
    at all (another name in its place is a name no source gives), nor when it gives the deed no agent."""
    mine = agents(claim)
    if len(mine) != 1:
        return ""
    deed, who, _ = mine[0]
    theirs = agents(sentence)
    doers = [d for d in theirs if d.deed == deed]
    if not doers or any(who <= d.who or d.who <= who for d in doers):
        return ""  # one of them ("Ruiz" is "Dr Ana Ruiz"; "Daniel Lopez" is not "Maria Lopez")
    other = next((d for d in theirs if d.deed != deed and who <= d.who), None)
    if other is None:
        return ""
    return f"the source says '{doers[0].said}' and '{other.said}'"


_WON: Final = re.compile(rf"^(?:The\s+)?(?P<who>{_NAME})\s+(?P<verb>won|wins|lost|loses)\b")


def wrong_winner(claim: str, sentence: str) -> str:
    """Why the sentence says the claim's winner lost, or its loser won (``Ashby Town won the match``
    against ``Corran Rovers beat Ashby Town 3-1``), or "": the claim's subject on the side of the
    sentence's ``beat`` (``beat``, ``defeated``, ``lost to``) that the claim's verb does not give it."""
    m = _WON.match(claim)
    if m is None:
        return ""
    who = sentence_names(f"x {m.group('who')}")
    if not who:
        return ""
    won = m.group("verb").startswith("w")
    for frame in frames(sentence):
        if frame.key != "beat":
            continue
        winner, loser = (frame.left, frame.right) if frame.sign > 0 else (frame.right, frame.left)
        theirs, other = (
            (frozenset(loser), frozenset(winner)) if won else (frozenset(winner), frozenset(loser))
        )
        if who <= theirs and who.isdisjoint(other):
            return f"the source says '{frame.text}' of the other side"
    return ""
