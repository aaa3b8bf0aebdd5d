"""Who said what (checks.grounding.speakers): a claim's speaker against the sides of a source sentence
that gives two speakers their say, read alone and grounded."""

from __future__ import annotations

import pytest

from checks.grounding.decide import Status
from checks.grounding.engine import ground
from checks.grounding.index import clear_cache
from checks.grounding.speakers import same_speaker, speaker, speeches
from messages import Source

OTHER = Source(
    id="s2",
    type="web",
    title="Regional economy notes",
    text="Unemployment in the region fell to 5.1% last year. Two new factories opened near the coast.",
)


def grounded(claim: str, text: str) -> tuple[Status, str]:
    """The claim's status against a source of ``text`` (and one that says nothing of it), with the
    deciding sentence's detail."""
    clear_cache()
    result = ground(claim, [Source(id="s1", type="web", title="Local news", text=text), OTHER])
    assert len(result.claims) == 1, [c.text for c in result.claims]
    decision = result.claims[0].decision
    return decision.status, decision.evidence.detail if decision.evidence else ""


RATES = (
    "Kettlebridge Borough Council said business rates relief and a £4.2 million regeneration grant would "
    "help to turn the high street around, but the traders' group Kettlebridge First said parking charges, "
    "which rose from £1.20 to £2 an hour in 2023, were driving shoppers away."
)
JOBS = (
    "Northmoor Airport will launch nine new routes this summer. Chief executive Fiona Hargreaves said the "
    "expansion would create around 240 jobs, although the Transport Workers' Guild said most of the roles "
    "would be seasonal. About 60% of the airport's passengers travel for leisure."
)
REPAIRS = (
    "Harbourside Homes had 6,240 outstanding repairs at the end of March. The average time to complete a "
    "non-urgent repair fell from 94 days to 61 days, although the tenants' group Harbourside Voice said "
    "many of its members were still waiting more than six months."
)
BAY = (
    "The Coastal Waters Agency rated two of the town's five beaches poor this year. The agency linked "
    "the rise to storm overflows, which discharged sewage into the bay on 117 occasions last year, "
    "but Westcliff Water, the local water company, said heavy rainfall and farm run-off were also to blame."
)


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # another speaker's words
        (
            "Kettlebridge First said business rates relief and a regeneration grant would help revive "
            "the high street.",
            RATES,
            Status.CONTRADICTED,
        ),
        ("Fiona Hargreaves said most of the new jobs would be seasonal.", JOBS, Status.CONTRADICTED),
        (
            "The Coastal Waters Agency blamed heavy rainfall and farm run-off for the rise.",
            BAY,
            Status.CONTRADICTED,
        ),
        # the source's own statement, given to a speaker that said something else
        (
            "The tenants' group Harbourside Voice said the average time for a non-urgent repair had "
            "fallen to 61 days.",
            REPAIRS,
            Status.CONTRADICTED,
        ),
        # the speaker's own words
        (
            "Kettlebridge First said parking charges were driving shoppers away from the high street.",
            RATES,
            None,  # inferred: the other side's "would help" reads as a plan
        ),
        ("The council said rates relief and a regeneration grant would help the high street.", RATES, None),
        ("Hargreaves said the expansion would create around 240 jobs.", JOBS, Status.SUPPORTED),
        ("Westcliff Water said heavy rainfall and farm run-off were also to blame.", BAY, Status.SUPPORTED),
        (
            "Harbourside Voice said many of its members were still waiting more than six months.",
            REPAIRS,
            Status.SUPPORTED,
        ),
        # no speaker: the source's statement
        ("The average time to complete a non-urgent repair fell to 61 days.", REPAIRS, Status.SUPPORTED),
    ],
)
def test_words_given_to_another_speaker_contradict(claim: str, text: str, expected: Status | None) -> None:
    """Every word of the claim is in the sentence, but on the side of another speaker (or the source's
    own, before the claim's speaker says something else): contradicted, where it was supported. The
    claim's speaker's own side stays supported."""
    status, detail = grounded(claim, text)
    if expected is None:
        assert status is not Status.CONTRADICTED
    else:
        assert status is expected, detail
    if expected is Status.CONTRADICTED:
        assert detail.startswith("the source gives it ")


def test_a_speaker_that_closes_the_sentence_says_all_of_it() -> None:
    """'Sales rose 5% in 2023, the company said': one side, the company's; a claim that the company
    said so is theirs, and no side is another's."""
    (side,) = speeches("Sales rose 5% in 2023, the company said.")
    assert (side.who, side.head, side.said.strip()) == ("the company", "compani", "Sales rose 5% in 2023")
    assert grounded("The company said sales rose 5% in 2023.", "Sales rose 5% in 2023, the company said.")[
        0
    ] is (Status.SUPPORTED)


def test_a_claim_that_sets_one_view_against_another_is_no_other_speakers() -> None:
    """'argued that cheaper rivals mattered more than small businesses holding off': the claim names
    the other side's view to compare with it; its words on both sides are no misattribution."""
    text = (
        'Chief executive Omar Siddiqui said small businesses were "holding off on new software spending", '
        "but analysts at the broker Fenwick Hale said competition from cheaper rivals was a bigger factor."
    )
    status, detail = grounded(
        "Analysts at Fenwick Hale argued that cheaper rivals mattered more than small businesses holding "
        "off on spending.",
        text,
    )
    assert not detail.startswith("the source gives it ")
    assert status is not Status.CONTRADICTED


@pytest.mark.parametrize(
    ("sentence", "sides"),
    [
        (
            RATES,
            [("Kettlebridge Borough Council", "council"), ("the traders' group Kettlebridge First", "first")],
        ),
        (
            "The agency linked the rise to storm overflows, but Westcliff Water, the local water company, "
            "said heavy rainfall was to blame.",
            [("the agency", "agenc"), ("Westcliff Water, the local water company", "water")],
        ),
        (
            "The university, which employs 3,000 staff, said no redundancies would be compulsory, but the "
            "union claims 90 job losses are planned.",
            [("the university, which employs 3,000 staff", "universiti"), ("the union", "union")],
        ),
        # "but warned" has the speaker of the side before; a quotation's "but" cuts no speaker
        (
            "Lorna Baptiste said the company was in good shape, but warned that returns would peak.",
            [("Lorna Baptiste", "baptist"), ("Lorna Baptiste", "baptist")],
        ),
        (
            "Maria Kendall said the improvement was 'real but fragile' and blamed a shortage of plumbers.",
            [("Maria Kendall", "kendal"), ("", "")],
        ),
        ("Sales rose 5%, according to the union.", [("the union", "union")]),
        # ", and" cuts a side only where a speaker of its own follows
        (
            "Helen Marsh said the growth was welcome, and the Residents' Association said it was too much.",
            [("Helen Marsh", "marsh"), ("the Residents' Association", "associ")],
        ),
        ("Sales rose 5%, and profits fell.", [("", "")]),
        ("Sales rose 5% while costs fell.", [("", ""), ("", "")]),
        # an aside on what the side before said, with a speaker of its own
        (
            "Paul Etherington said the event had generated £2.4 million, a figure the chamber of commerce "
            "described as conservative.",
            [("Paul Etherington", "etherington"), ("the chamber of commerce", "commerc")],
        ),
        ("Sales rose to £2.4 million, a record for the firm.", [("", "")]),
    ],
)
def test_the_sides_of_a_sentence_and_their_speakers(sentence: str, sides: list[tuple[str, str]]) -> None:
    assert [(s.who, s.head) for s in speeches(sentence)] == sides


@pytest.mark.parametrize(
    ("claim", "theirs", "same"),
    [
        ("The Coastal Waters Agency said it.", "The agency said it.", True),
        ("Fiona Hargreaves said it.", "Chief executive Fiona Hargreaves said it.", True),
        ("Chief executive Fiona Hargreaves said it.", "The chief executive said it.", True),
        ("The government confirmed it.", "A government spokesperson said it.", True),
        ("The Coastal Waters Agency said it.", "Westcliff Water, the local water company, said it.", False),
        ("Council officials warned it.", "Opposition councillors warn it.", False),
    ],
)
def test_speakers_the_same_by_their_head_or_all_their_words(claim: str, theirs: str, same: bool) -> None:
    mine = speaker(claim)
    (side,) = speeches(theirs)
    assert mine is not None
    assert same_speaker(mine, side) is same


@pytest.mark.parametrize(
    "claim",
    [
        "It said sales rose.",  # a pronoun names no one
        "Sales rose 5% in 2023.",
        "The scheme is expected to cost £4m.",  # a passive's subject is no speaker
        "Which firms said so?",
    ],
)
def test_claims_that_name_no_speaker(claim: str) -> None:
    assert speaker(claim) is None


FOOTFALL = (
    "The Kingsbridge Chamber of Commerce said the removal of 420 on-street parking spaces would hurt shops "
    "on Mill Road, but the council said its own footfall study found that 64% of Mill Road shoppers "
    "arrived on foot, by bike or by bus."
)
CALLS = (
    "A software fault left 2.1 million customers without service for up to 11 hours. Around 9,300 "
    "attempted emergency calls failed during the outage, although the review said most callers were able "
    "to get through on a second attempt using another network."
)


@pytest.mark.parametrize(
    ("claim", "text", "contradicted"),
    [
        # "found" names a speaker (was inferred)
        (
            "The Chamber of Commerce found that 64% of Mill Road shoppers arrived on foot, by bike or by "
            "bus.",
            FOOTFALL,
            True,
        ),
        # a claim that joins the source's own statement to the speaker's words gives it to no one else
        (
            "The review found that most callers whose emergency calls failed could not get through on a "
            "second attempt.",
            CALLS,
            False,
        ),
    ],
)
def test_found_and_joined(claim: str, text: str, contradicted: bool) -> None:
    _, detail = grounded(claim, text)
    assert detail.startswith("the source gives it ") is contradicted


CAP = (
    "The energy regulator will lower its price cap by 7% from 1 April. Energy minister Clare Whitby said "
    "the fall showed the government's plan was working, although analysts at Cornhill Economics said the "
    "cap was likely to rise again in October."
)
GRANT = (
    "The orchestra will lose £1.8 million of its annual grant. The arts council said the cut reflected a "
    "shift of money towards community groups in areas with little cultural provision, though the "
    "orchestra disputes claims that it reaches few deprived neighbourhoods."
)


@pytest.mark.parametrize(
    ("claim", "text", "supported"),
    [
        # the claim gives the view to its holder: not "a view stated as fact" (was inferred)
        ("Analysts at Cornhill Economics expect the cap to go up again in October.", CAP, True),
        # the holder disputes it: still no support
        ("The orchestra accepts that it reaches few deprived neighbourhoods.", GRANT, False),
    ],
)
def test_a_view_given_to_its_holder(claim: str, text: str, supported: bool) -> None:
    status, _ = grounded(claim, text)
    assert (status is Status.SUPPORTED) is supported


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        (
            "The chamber of commerce estimated that the show generated £2.4 million for the local economy.",
            "Show director Paul Etherington said the event had generated an estimated £2.4 million for the "
            'local economy, a figure the town\'s chamber of commerce described as "conservative".',
        ),
        (
            "Campaigner Lorna Pye called the reopening a vote of confidence in local care.",
            "Dr Sanjay Mehta, the trust's medical director, said the reopening was \"a vote of confidence in "
            'local care", but Lorna Pye of campaign group Keep Ellerby Births said families had been '
            '"forced to travel 40 miles to give birth".',
        ),
    ],
)
def test_asides_and_verbs_of_describing(claim: str, text: str) -> None:
    """Found by bench/probes/mixed217 and mixed203: the first was supported (the aside's speaker not
    read), the second inferred (``called`` no verb of saying)."""
    status, detail = grounded(claim, text)
    assert status is Status.CONTRADICTED
    assert "the source gives it to" in detail


class TestSaidByAnotherNamedBefore:
    """A claim that gives its speaker words a sentence gives another named speaker, where only the
    sentence before names the claim's speaker (found by ``bench/probes/mixed221``): was supported."""

    TEXT = (
        "Chief executive Margaret Oyelaran said supporters had been generous in a very hard year. "
        "Hospice UK, the national charity, warned that one in five hospices was cutting services "
        'because government funding "has not kept pace with need".'
    )

    @pytest.mark.parametrize(
        ("claim", "expected"),
        [
            (
                "Margaret Oyelaran warned that government funding had not kept pace with need.",
                Status.CONTRADICTED,
            ),
            ("Hospice UK warned that government funding had not kept pace with need.", Status.SUPPORTED),
            ("Margaret Oyelaran said supporters had been generous in a very hard year.", Status.SUPPORTED),
        ],
    )
    def test_grounded(self, claim: str, expected: Status) -> None:
        status, detail = grounded(claim, self.TEXT)
        assert status is expected
        if expected is Status.CONTRADICTED:
            assert detail == "the source gives it to Hospice UK, the national charity, not Margaret Oyelaran"

    @pytest.mark.parametrize(
        "claim",
        [
            "Inbound calls to the helpline doubled in March.",  # "calls" says nothing
            "A disability group said wheelchair users had to travel 11 miles.",  # no name: may be the Forum
        ],
    )
    def test_not_a_named_speaker(self, claim: str) -> None:
        text = (
            "Outbound calls to the helpline doubled in March. Network Rail said the lifts were late. The "
            "Kelsworth Disability Forum said wheelchair users had to travel 11 miles."
        )
        _, detail = grounded(claim, text)
        assert "the source gives it to" not in detail


class TestSpeakersWrittenOtherwise:
    """Speakers the sides of a sentence missed: after a closing quotation and its verb (``"...," said
    Helen Marsh, secretary of the boat owners' association``), and before an apposition of up to 100
    characters (``Angela Rhys, who milks 180 cows near Lydford Cross and sits on the cooperative's
    members' council, said``). Found by ``bench/probes/mixed277`` and ``mixed274``."""

    def test_after_the_quotation(self) -> None:
        (side,) = speeches(
            '"Boaters are being asked to pay for a restoration they never asked for," said Helen Marsh, '
            "secretary of the Fellbrook Boat Owners' Association."
        )
        assert side.who == "Helen Marsh" and "restoration they never asked for" in side.said

    def test_a_long_apposition(self) -> None:
        (side,) = speeches(
            "Angela Rhys, who milks 180 cows near Lydford Cross and sits on the cooperative's members' "
            'council, said many farmers would be "producing milk at a loss for the rest of the year".'
        )
        assert side.who.startswith("Angela Rhys") and side.said.startswith(" many farmers")


class TestNoSynthesisOfAnotherSpeakersWords:
    """``Chairman Graham Pettifer warned that many farmers would be producing milk at a loss`` against a
    source whose chairman says something else and whose member of the council says those words: the
    two sentences cover the claim between them, yet they do not make it (it was inferred from them,
    not ambiguous: no judge was asked). It is the judge's now."""

    TEXT = (
        "Vale Dairies is to cut the price it pays its farmers from 38.5p to 35.2p a litre from 1 August. "
        "Angela Rhys, who milks 180 cows near Lydford Cross and sits on the cooperative's members' council, "
        'said many farmers would be "producing milk at a loss for the rest of the year". Chairman Graham '
        'Pettifer said the decision was "painful but necessary" to keep the cooperative competitive, and he '
        "insisted that prices would recover by the spring."
    )

    def test_ambiguous(self) -> None:
        clear_cache()
        result = ground(
            "Chairman Graham Pettifer warned that many farmers would be producing milk at a loss for the "
            "rest of the year.",
            [Source(id="s1", type="web", title="Vale Dairies cuts milk price", text=self.TEXT), OTHER],
        )
        decision = result.claims[0].decision
        assert decision.status is not Status.SUPPORTED
        assert decision.ambiguous or decision.status is Status.CONTRADICTED
