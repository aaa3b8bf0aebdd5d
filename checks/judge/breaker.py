"""Circuit breakers per provider: stop asking a provider that keeps failing, for a while.

After ``failures`` consecutive failed calls to a provider (default 5) its circuit
opens for ``cooldown_s`` (default 300 s): the judge does not call it, the judge
check is skipped with reason ``circuit_open`` and the verdict says so. When the
cooldown is over the circuit is half-open: calls go through again, the first
success closes it and the first failure opens it for another cooldown.

A failure is a call that ended in a provider error after its retries (timeouts,
5xx, 429, refused connections, 4xx such as a bad key); a malformed answer is not
(the provider is up; the model misbehaved). :class:`InMemoryBreaker` serves one
process; a fleet shares one through Redis behind the same protocol.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

State = Literal["closed", "open", "half_open"]


class CircuitBreaker(Protocol):
    def allow(self, key: str) -> bool:
        """May a call to ``key`` start now? Free of side effects: asked when quoting and when judging."""
        ...

    def record_success(self, key: str) -> None: ...

    def record_failure(self, key: str) -> None: ...


@dataclass
class _Circuit:
    failures: int = 0
    opened_at: float | None = None


class InMemoryBreaker:
    def __init__(
        self, *, failures: int = 5, cooldown_s: float = 300.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if failures < 1:
            raise ValueError("a circuit opens after at least one failure")
        self.failures = failures
        self.cooldown_s = cooldown_s
        self._clock = clock
        self._circuits: dict[str, _Circuit] = {}
        self._lock = threading.Lock()

    def state(self, key: str) -> State:
        with self._lock:
            circuit = self._circuits.get(key)
            if circuit is None or circuit.opened_at is None:
                return "closed"
            return "open" if self._clock() - circuit.opened_at < self.cooldown_s else "half_open"

    def allow(self, key: str) -> bool:
        return self.state(key) != "open"

    def record_success(self, key: str) -> None:
        with self._lock:
            self._circuits.pop(key, None)

    def record_failure(self, key: str) -> None:
        with self._lock:
            circuit = self._circuits.setdefault(key, _Circuit())
            now = self._clock()
            half_open = circuit.opened_at is not None and now - circuit.opened_at >= self.cooldown_s
            circuit.failures += 1
            if half_open or circuit.failures >= self.failures:
                circuit.opened_at = now

    def open_circuits(self) -> list[str]:
        """Providers whose circuit is open now (for the ``verifleet_circuit_open`` gauge)."""
        with self._lock:
            keys = list(self._circuits)
        return [k for k in keys if self.state(k) == "open"]


class NoBreaker:
    """Never opens."""

    def allow(self, key: str) -> bool:
        return True

    def record_success(self, key: str) -> None:
        return None

    def record_failure(self, key: str) -> None:
        return None
