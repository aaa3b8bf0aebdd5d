"""The order of a sentence's comparison or relation (checks.grounding.roles), read alone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks.grounding.roles import Frame, Order, frames, relate


def frame(plain: str) -> Frame:
    found = frames(plain)
    assert len(found) == 1, found
    return found[0]


def test_a_comparison_keeps_its_sides_and_what_it_compares() -> None:
    got = frame("Harbourside has more residents than Eastfield.")
    assert (got.key, got.sign, got.left, got.right) == ("amount:resid", 1, ("harboursid",), ("eastfield",))
    assert frame("Rents in Cardiff are lower than in Bristol.")[:4] == (
        "level",
        -1,
        ("rent", "cardiff"),
        ("bristol",),
    )


@pytest.mark.parametrize(
    ("claim", "source", "agrees"),
    [
        ("The clinic sees more children than adults.", "The clinic sees more adults than children.", False),
        ("The clinic sees fewer children than adults.", "The clinic sees more adults than children.", True),
        (
            "The library lends more e-books than printed books.",
            "The library lends more printed books than e-books.",
            False,
        ),
    ],
)
def test_two_amounts_compared_the_other_way_round(claim: str, source: str, agrees: bool) -> None:
    """``more children than adults`` against ``more adults than children``: each frame's key is the
    other's right side (``relate`` compared frames of one key only, so the swap went unread)."""
    got = relate(frame(claim), frame(source), frozenset(), frozenset())
    assert got is not None
    assert got.agrees is agrees


def test_a_plural_subjects_verb_is_a_pivot() -> None:
    """``Women outnumber men``: the plural's present, as ``outnumbers`` was (``outnumber`` ends in
    -er, and was read as a comparative wanting ``than``)."""
    got = frame("Women outnumber men on the course.")
    assert (got.key, got.sign, got.left[:1], got.right[:1]) == ("exceed", 1, ("women",), ("men",))


def test_a_passive_puts_its_agent_first() -> None:
    active = frame("Calder Ferries bought Morven Shipping.")
    passive = frame("Morven Shipping was bought by Calder Ferries.")
    assert active[:4] == passive[:4] == ("buy", 1, ("calder", "ferri"), ("morven", "ship"))


def test_the_sides_end_at_the_clause() -> None:
    first, *rest = frames("Harbourside has more residents than Eastfield, and Eastfield has more shops.")
    assert first.right == ("eastfield",) and not rest


@pytest.mark.parametrize(
    "plain",
    [
        "More than 40% of homes have solar panels.",  # a bound: nothing on one side
        "Visitors other than members pay a fee.",
        "The report covers the last year.",
        "",
    ],
)
def test_no_frame(plain: str) -> None:
    assert frames(plain) == ()


@pytest.mark.parametrize(
    ("claim", "source", "expected"),
    [
        (
            "Eastfield has more residents than Harbourside.",
            "Harbourside has more residents than Eastfield.",
            Order(False, True),
        ),
        (
            "Eastfield has fewer residents than Harbourside.",
            "Harbourside has more residents than Eastfield.",
            Order(True, True),
        ),
        (
            "Harbourside has fewer residents than Eastfield.",
            "Harbourside has more residents than Eastfield.",
            Order(False, False),
        ),
        (
            "Harbourside has more residents than Eastfield.",
            "Harbourside has more residents than Eastfield.",
            Order(True, False),
        ),
        (
            "Eastfield has more shops than Harbourside.",
            "Harbourside has more residents than Eastfield.",
            None,
        ),
        ("Corran lost to Ashby.", "Ashby beat Corran.", Order(True, True)),
        (
            "Maria Lund preceded Omar Haddad as director.",
            "Omar Haddad succeeded Maria Lund as director.",
            Order(True, True),
        ),
        # the buses and trains moved, the route stayed: the first term of each side decides
        (
            "Buses run less often than trains on the coastal route.",
            "Trains run more often than buses on the coastal route.",
            Order(True, True),
        ),
    ],
)
def test_relate(claim: str, source: str, expected: Order | None) -> None:
    assert relate(frame(claim), frame(source), frozenset(), frozenset()) == expected


def test_names_decide_when_every_side_has_one() -> None:
    """'received' and 'last year' stay where they are either way; Glasgow and Edinburgh swap."""
    claim, source = (
        frame("Edinburgh received more rainfall than Glasgow last year."),
        frame("Glasgow received more rainfall than Edinburgh last year."),
    )
    names = frozenset({"glasgow", "edinburgh"})
    assert relate(claim, source, names, names) == Order(False, True)


@given(st.text(max_size=300))
def test_any_text_reads_without_error(text: str) -> None:
    for got in frames(text):
        assert got.left and got.right and got.sign in (1, -1)
