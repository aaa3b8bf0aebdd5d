"""Numbers that name things (checks.grounding.identifiers), read alone: versions, models, standards,
codes and times of day, and the clash of a claim's with a sentence's."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks.grounding.identifiers import CLOCK, acted_by_another, clash, identifiers


def read(plain: str) -> list[tuple[str, str]]:
    return [(i.key, i.text) for i in identifiers(plain)]


@pytest.mark.parametrize(
    ("plain", "expected"),
    [
        ("The module is written in Python 3.8.", [("python", "Python 3.8")]),
        ("The app requires iOS 16 or later.", [("ios", "iOS 16")]),
        ("The flaw is tracked as CVE-2024-3094.", [("cve", "CVE-2024-3094")]),
        ("It was built with GPT-4 and Llama 3.1.", [("gpt", "GPT-4"), ("llama", "Llama 3.1")]),
        ("The library dropped Node 16 in version 5.0.", [("node", "Node 16"), ("version", "version 5.0")]),
        ("The vendor is certified to ISO 27001.", [("iso", "ISO 27001")]),
        ("The window ends at 14:30 UTC.", [(CLOCK, "14:30")]),
        ("Doors open at 6.30 pm and the bar closes at 11 p.m.", [(CLOCK, "6.30 pm"), (CLOCK, "11 p.m.")]),
    ],
)
def test_numbers_that_name_things_are_read_with_their_key(
    plain: str, expected: list[tuple[str, str]]
) -> None:
    assert read(plain) == expected


@pytest.mark.parametrize(
    "plain",
    [
        "In 2024 sales rose by 12%.",  # a stopword before it
        "The store reopened on May 3.",  # a month
        "Osprey carries 3,000 riders a day and Kestrel 5,500.",  # thousands separators name nothing
        "Alto Verde's 1,250 members voted.",  # a possessive
        "The screen has a 16:9 ratio.",  # no time of day
        "The team grew to 40 engineers.",  # a count
        "The release notes list 3.8 as the minimum.",  # no word names it
    ],
)
def test_figures_dates_and_ratios_are_no_identifiers(plain: str) -> None:
    assert identifiers(plain) == ()


@pytest.mark.parametrize(
    ("claim", "sentence", "expected"),
    [
        ("written in Python 3.11", "written in Python 3.8", ("Python 3.11", "Python 3.8")),
        ("dropped in version 4.0", "dropped in version 5.0", ("version 4.0", "version 5.0")),
        ("ends at 15:30", "ends at 14:30", ("15:30", "14:30")),
        ("ends at 3:30 pm", "ends at 14:30", ("3:30 pm", "14:30")),
        ("returns HTTP 500", "returns HTTP 401 or HTTP 403", ("HTTP 500", "HTTP 401")),
    ],
)
def test_a_claim_clashes_with_another_value_of_the_same_thing(
    claim: str, sentence: str, expected: tuple[str, str]
) -> None:
    got = clash(identifiers(claim), sentence)
    assert got is not None
    assert (got[0].text, got[1].text) == expected


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        ("version 5", "version 5.0"),  # trailing zeros dropped
        ("ends at 2:30 pm", "ends at 14:30"),  # the same minute
        ("ends at 2:30", "ends at 14:30"),  # no half of the day named: either
        ("closes at 5 pm", "open from 9:00 to 17:00"),
        ("supports Python 3.11", "supports Python 3.10, 3.11 and 3.12"),  # the value, its name left out
        ("runs on Python 3.12", "runs on Python 3.9 or later"),  # a bound
        ("runs on Python 3.12", "runs on Python 3.9+"),
        ("runs on Python 3.11", "supports Python 3.9-3.12"),  # a range
        ("runs on Python 3.11", "supports Python 3.9 to 3.12"),
        ("available in version 2.4", "available since version 2.0"),
        ("written in Python 3.11", "written in Go 1.22"),  # another thing named
        ("written in Python 3.11", "written in Python"),  # no value to disagree with
        # the sentence's Harbor 2.4 is the claim's version 2.4; its subject, Harbor 3.0, left implicit
        (
            "Harbor 3.0 uses 20% less memory than version 2.4",
            "Memory use is down 20% compared with Harbor 2.4",
        ),
    ],
)
def test_the_same_value_a_range_or_another_key_is_no_clash(claim: str, sentence: str) -> None:
    assert clash(identifiers(claim), sentence) is None


def test_versions_compare_by_their_parts() -> None:
    assert clash(identifiers("written in Python 3.10"), "written in Python 3.1") is not None


def test_a_bound_in_the_claim_is_no_clash_either() -> None:
    assert clash(identifiers("runs on Python 3.9 or later"), "runs on Python 3.12") is None


@given(st.text(alphabet=st.sampled_from(list("Python iOS CVE version 0123456789.:-+ apm,")), max_size=80))
def test_a_sentence_never_clashes_with_itself(plain: str) -> None:
    assert clash(identifiers(plain), plain) is None


@pytest.mark.parametrize(
    ("claim", "sentence", "expected"),
    [
        (
            "Version 2.3 fixed the memory leak.",
            "Version 2.4 fixed the memory leak reported in version 2.3.",
            ("Version 2.3 fixed", "Version 2.4 fixed"),
        ),
        (
            "Version 2.4 fixed the memory leak.",
            "Version 2.4 fixed the memory leak reported in version 2.3.",
            None,
        ),
        # the claim's own value acts too; no verb (a stopword); the identifier not leading the claim
        ("Kestrel 5 added plugins.", "Kestrel 4 added themes and Kestrel 5 added plugins.", None),
        (
            "Version 3 of the app has 55 screens.",
            "Version 2 of the app has 40 screens, and Version 3 has 55.",
            None,
        ),
        ("The leak that version 2.3 fixed was old.", "Version 2.4 fixed the leak.", None),
    ],
)
def test_the_version_that_did_it(claim: str, sentence: str, expected: tuple[str, str] | None) -> None:
    """'Version 2.3 fixed the memory leak' against 'Version 2.4 fixed the memory leak reported in
    version 2.3': no clash (the sentence writes 2.3), but the version that fixed it is another."""
    assert acted_by_another(identifiers(claim), claim, sentence) == expected
