"""The in-memory circuit breaker: consecutive failures open it, the cooldown half-opens it."""

from __future__ import annotations

import pytest

from checks.judge import InMemoryBreaker


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


class TestInMemoryBreaker:
    def test_it_opens_after_n_consecutive_failures(self, clock: Clock) -> None:
        breaker = InMemoryBreaker(failures=3, cooldown_s=60, clock=clock)
        for _ in range(2):
            breaker.record_failure("openai")
        assert breaker.allow("openai") and breaker.state("openai") == "closed"
        breaker.record_failure("openai")
        assert not breaker.allow("openai") and breaker.open_circuits() == ["openai"]
        assert breaker.allow("anthropic"), "circuits are per provider"

    def test_a_success_resets_the_count(self, clock: Clock) -> None:
        breaker = InMemoryBreaker(failures=2, cooldown_s=60, clock=clock)
        breaker.record_failure("openai")
        breaker.record_success("openai")
        breaker.record_failure("openai")
        assert breaker.allow("openai")

    def test_after_the_cooldown_one_success_closes_it(self, clock: Clock) -> None:
        breaker = InMemoryBreaker(failures=1, cooldown_s=60, clock=clock)
        breaker.record_failure("openai")
        clock.now += 59.9
        assert not breaker.allow("openai")
        clock.now += 0.2
        assert breaker.state("openai") == "half_open" and breaker.allow("openai")
        assert breaker.allow("openai"), "allow() has no side effect: quote and judge both ask"
        breaker.record_success("openai")
        assert breaker.state("openai") == "closed"

    def test_half_open_admits_one_probe_at_a_time(self, clock: Clock) -> None:
        breaker = InMemoryBreaker(failures=1, cooldown_s=60, probe_s=30, clock=clock)
        assert breaker.admit("openai") == breaker.admit("openai") == "call", "closed: every call goes"
        breaker.record_failure("openai")
        assert breaker.admit("openai") == "refuse"
        clock.now += 61
        assert breaker.admit("openai") == "call", "the first caller takes the probe"
        assert breaker.admit("openai") == "wait", "the others wait until it reports"
        assert breaker.allow("openai") and breaker.state("openai") == "half_open"
        clock.now += 30
        assert breaker.admit("openai") == "call", "a probe that never reported lapses"
        breaker.record_failure("openai")
        assert breaker.state("openai") == "open" and breaker.admit("openai") == "refuse"
        clock.now += 61
        assert breaker.admit("openai") == "call"
        breaker.record_success("openai")
        assert breaker.admit("openai") == breaker.admit("openai") == "call"
        assert breaker.state("openai") == "closed"

    def test_a_failure_while_half_open_opens_it_for_another_cooldown(self, clock: Clock) -> None:
        breaker = InMemoryBreaker(failures=5, cooldown_s=60, clock=clock)
        for _ in range(5):
            breaker.record_failure("openai")
        clock.now += 61
        breaker.record_failure("openai")
        assert breaker.state("openai") == "open"
        clock.now += 61
        assert breaker.state("openai") == "half_open"

    def test_defaults_are_five_failures_and_five_minutes(self) -> None:
        breaker = InMemoryBreaker()
        assert (breaker.failures, breaker.cooldown_s) == (5, 300.0)
