"""Everyone and always against some and sometimes (checks.grounding.scope), read alone and grounded."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks.grounding.decide import Status
from checks.grounding.engine import ground
from checks.grounding.index import clear_cache
from checks.grounding.lexicon import clause_at
from checks.grounding.scope import none_at_all, restriction, universal, whom
from messages import Source


def status(claim: str, sentence: str) -> str:
    """The claim grounded against a source that holds ``sentence`` between two that say nothing."""
    clear_cache()
    text = f"The notes cover the year. {sentence} They were published in June."
    result = ground(claim, [Source(id="s1", type="web", title="Notes", text=text)])
    assert len(result.claims) == 1, [c.text for c in result.claims]
    return result.claims[0].status.value


@pytest.mark.parametrize(
    ("text", "phrase", "kind"),
    [
        ("The ferry runs every day.", "every day", "time"),
        ("The pool is open every day of the year.", "every day of the year", "time"),
        ("The ferry sails daily.", "daily", "time"),
        ("The service runs all year.", "all year", "time"),
        ("The helpline is staffed around the clock.", "around the clock", "time"),
        ("The gym is open to the public.", "to the public", "group"),
        ("The app is available to everyone.", "to everyone", "group"),
        ("All residents can apply for the grant.", "All residents", "group"),
        ("Everyone can use the pool.", "Everyone", "group"),
        ("Any Kestrel user can delete a project.", "Any Kestrel user", "group"),
        # with how many there are
        ("All three plants passed.", "All three plants", "group"),
        ("All 14 main sites now have charging points.", "All 14 main", "group"),
        ("All 1,200 staff will get a rise.", "All 1,200 staff", "group"),
    ],
)
def test_what_holds_always_or_for_everyone(text: str, phrase: str, kind: str) -> None:
    found = universal(text)
    assert found is not None and (found.text, found.kind) == (phrase, kind)


@pytest.mark.parametrize(
    "text",
    [
        "All three were closed.",
        "It is open all 24 hours.",
        "It is not at all clear.",
        "Above all, it works.",
        "The ferry runs.",
        "The shop does not sell any books.",
    ],
)
def test_all_that_is_no_scope(text: str) -> None:
    """A count with no noun (``all three were``), hours, ``at all``, ``above all``, ``any`` but as a
    sentence's first word."""
    assert universal(text) is None


@pytest.mark.parametrize(
    ("text", "phrase", "kind"),
    [
        ("The gym is open to members only.", "members only", "group"),
        ("Only residents over 65 can apply for the grant.", "only residents over 65", "group"),
        ("The ferry runs every day except Sunday.", "except Sunday", "time"),
        ("The bus runs on weekdays only.", "weekdays only", "time"),
        ("The service runs from April to October.", "from April to October", "time"),
        ("The audit is carried out every two years.", "every two years", "time"),
        (
            "All its sites take cards, except 300 units that are due to be replaced this year.",
            "except 300 units that are due to be replaced this year",
            "group",
        ),
    ],
)
def test_what_limits_it(text: str, phrase: str, kind: str) -> None:
    found = restriction(text)
    assert found is not None and (found.text, found.kind) == (phrase, kind)
    at = text.lower().index(phrase.lower())
    assert at <= found.start < at + len(phrase)


@pytest.mark.parametrize(
    "text", ["It is not only cheap but fast.", "It is the only bridge.", "Only 2 of the 40 sites were open."]
)
def test_only_that_limits_nothing(text: str) -> None:
    """``not only`` adds, ``the only`` singles out, ``only 2 of the 40`` is a figure."""
    assert restriction(text) is None


def test_whom_a_sentence_names() -> None:
    assert whom("The car park is free for blue badge holders.", "for") == "blue badge holders"
    assert whom("Parking is free for season ticket holders.", "for") == "season ticket holders"
    assert whom("The test ran for 30 minutes.", "for") == ""
    assert whom("It is open for two hours.", "for") == ""


def test_the_clause_of_a_limit() -> None:
    """An exception belongs with what it is an exception to; a limit in another clause does not."""
    text = "The station is open every day; the cafe is closed except on weekends."
    assert clause_at(text, text.index("except")) == "the cafe is closed except on weekends."
    park = "The park is open daily, but the playground is for children only."
    assert clause_at(park, park.index("only")) == "but the playground is for children only."


@pytest.mark.parametrize(
    ("claim", "sentence", "expected"),
    [
        ("The ferry runs every day.", "The ferry runs every day except Sunday.", Status.CONTRADICTED),
        ("The ferry sails daily.", "The ferry sails daily except on public holidays.", Status.CONTRADICTED),
        ("The bus runs daily.", "The bus runs on weekdays only.", Status.CONTRADICTED),
        ("The service runs all year.", "The service runs from April to October.", Status.CONTRADICTED),
        ("The gym is open to the public.", "The gym is open to members only.", Status.CONTRADICTED),
        (
            "All residents can apply for the grant.",
            "Only residents over 65 can apply for the grant.",
            Status.CONTRADICTED,
        ),
        ("Everyone can use the pool.", "The pool can be used only by members.", Status.CONTRADICTED),
        (
            "Any Kestrel user can delete a project.",
            "Only admins can delete projects in Kestrel.",
            Status.CONTRADICTED,
        ),
        (
            "The audit is carried out every year.",
            "The audit is carried out every two years.",
            Status.CONTRADICTED,
        ),
        (
            "The car park is free for all visitors.",
            "The car park is free for blue badge holders.",
            Status.UNSOURCED,
        ),
        (
            "Every VoltWay site accepts contactless payment.",
            "All VoltWay sites accept contactless payment, except around 300 older units in Scotland that "
            "are due to be replaced this year.",
            Status.CONTRADICTED,
        ),
        (
            "Toybox will not close any of its stores this year.",
            "Toybox said it would not close any stores this year except the four whose leases expire "
            "in March.",
            Status.CONTRADICTED,
        ),
        (
            "The ferry will not run on any day this week.",
            "The ferry will not run on any day this week except Friday.",
            Status.CONTRADICTED,
        ),
        (
            "Every docking station can be used 24 hours a day.",
            "Docking stations can be used 24 hours a day, except the one inside Central station.",
            Status.CONTRADICTED,
        ),
        # a claim for all that says how many (was inferred: no scope, and the 14 not in the sentence)
        (
            "All 14 main sites in the park now have electric vehicle charging points.",
            "Every main site now has electric vehicle charging except Haweside and Scarrow Tarn.",
            Status.CONTRADICTED,
        ),
    ],
)
def test_a_claim_for_all_against_a_source_for_some(claim: str, sentence: str, expected: Status) -> None:
    """Each was supported, or no claim at all (two content words), before the scope was read."""
    assert status(claim, sentence) == expected.value


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("The library opens every day except Monday.", "The library is open every day except Monday."),
        ("The library opens every day.", "The library opens every day, but only in the mornings."),
        ("All residents can apply for the grant.", "Residents can apply for the grant only until March."),
        (
            "The station is open every day.",
            "The station is open every day; the cafe is closed except on weekends.",
        ),
        ("The park is open to everyone.", "The park is open daily, but the playground is for children only."),
        (
            "The museum is open to the public.",
            "The museum, which is open to the public, only charges for tours.",
        ),
        ("The pool is open all year.", "The pool is open all year round."),
    ],
)
def test_limits_that_do_not_deny(claim: str, sentence: str) -> None:
    """A claim that limits itself as the source does; a limit of the other kind (the hours, not
    the days; a date, not who); a limit in a clause about something else."""
    assert status(claim, sentence) != Status.CONTRADICTED.value


@given(st.text(max_size=200))
def test_scope_reads_any_text(text: str) -> None:
    found = restriction(text)
    assert found is None or 0 <= found.start <= len(text)
    universal(text)
    none_at_all(text)
    whom(text, "for")
    clause_at(text, len(text) // 2)


def test_a_claim_for_all_and_always_has_a_scope_of_each_kind() -> None:
    """The first phrase of the kind asked for: a time's first, unless a group's is wanted."""
    text = "Every docking station is open 24 hours a day."
    assert universal(text) == ("24 hours a day", "time", "", 0)
    assert universal(text, "group") == ("Every docking", "group", "", 0)
    assert universal(text, "time") == ("24 hours a day", "time", "", 0)
    assert universal("Everyone can use the pool.", "time") is None


def test_a_denial_of_every_one_is_a_scope_for_none() -> None:
    """'will not close any of its stores': for none, limited by an exception as 'for all' is; no
    scope for all (:func:`universal`)."""
    found = none_at_all("Toybox will not close any of its stores.")
    assert found is not None and (found.text, found.kind) == ("not close any of its stores", "group")
    found = none_at_all("The ferry will not run on any day.", "time")
    assert found is not None and (found.text, found.kind) == ("not run on any day", "time")
    assert none_at_all("Is there any news?") is None
    assert universal("Toybox will not close any of its stores.") is None
