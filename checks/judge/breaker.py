"""Circuit breakers per provider: stop asking a provider that keeps failing, for a while.

After ``failures`` consecutive failed calls to a provider (default 5) its circuit
opens for ``cooldown_s`` (default 300 s): the judge does not call it, the judge
check is skipped with reason ``circuit_open`` and the verdict says so. When the
cooldown is over the circuit is half-open: one call goes through as a probe
(:meth:`CircuitBreaker.admit` gives it to exactly one caller), its success closes
the circuit and its failure opens it for another cooldown. While the probe is out
the other callers wait for its answer (``admit`` says ``wait``; the judge asks
again until the probe reports or its deadline passes), so the jobs that arrive as
a provider recovers are judged rather than skipped. A probe that never reports
(its worker was killed) lapses after ``probe_s`` (default 120 s) and the next
caller probes instead.

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
Admission = Literal["call", "wait", "refuse"]
"""``call``: send it now; ``wait``: a half-open probe is out, ask again shortly; ``refuse``: open."""


class CircuitBreaker(Protocol):
    def allow(self, key: str) -> bool:
        """Is the circuit of ``key`` not open (closed or half-open)? Free of side effects: asked
        when planning and quoting."""
        ...

    def admit(self, key: str) -> Admission:
        """May a call to ``key`` be sent now? Asked right before sending: in the half-open state
        the first caller takes the one probe (``call``) and the others ``wait`` until it reports."""
        ...

    def record_success(self, key: str) -> None: ...

    def record_failure(self, key: str) -> None: ...


@dataclass
class _Circuit:
    failures: int = 0
    opened_at: float | None = None
    probe_until: float | None = None
    """While half-open: when the probe out now lapses (None: no probe out)."""


class InMemoryBreaker:
    def __init__(
        self,
        *,
        failures: int = 5,
        cooldown_s: float = 300.0,
        probe_s: float = 120.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if failures < 1:
            raise ValueError("a circuit opens after at least one failure")
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.probe_s = probe_s
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

    def admit(self, key: str) -> Admission:
        with self._lock:
            now = self._clock()
            circuit = self._circuits.get(key)
            if circuit is None or circuit.opened_at is None:
                return "call"
            if now - circuit.opened_at < self.cooldown_s:
                return "refuse"
            if circuit.probe_until is not None and now < circuit.probe_until:
                return "wait"
            circuit.probe_until = now + self.probe_s  # half-open: this caller is the probe
            return "call"

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
                circuit.probe_until = None

    def open_circuits(self) -> list[str]:
        """Providers whose circuit is open now (for the ``verifleet_circuit_open`` gauge)."""
        with self._lock:
            keys = list(self._circuits)
        return [k for k in keys if self.state(k) == "open"]


class NoBreaker:
    """Never opens."""

    def allow(self, key: str) -> bool:
        return True

    def admit(self, key: str) -> Admission:
        return "call"

    def record_success(self, key: str) -> None:
        return None

    def record_failure(self, key: str) -> None:
        return None
