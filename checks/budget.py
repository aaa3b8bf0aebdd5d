"""The verification budget of one job: a fraction of what the task cost.

Before a paid check runs, the pipeline reserves the check's worst-case price;
a check that does not fit is skipped with reason ``budget``. After it ran, the
reservation is settled at the actual price. The fleet replaces this in-process
ledger with one backed by Redis so that retries of a task count too.
"""

from __future__ import annotations

import threading
from typing import Protocol


class BudgetLike(Protocol):
    @property
    def limit_usd(self) -> float: ...

    @property
    def spent_usd(self) -> float: ...

    def try_reserve(self, usd: float) -> bool:
        """Hold ``usd`` if it fits in what is left; False (and nothing held) otherwise."""
        ...

    def settle(self, reserved_usd: float, actual_usd: float) -> None:
        """Replace a reservation by the amount actually spent (never more than reserved)."""
        ...


class Budget:
    def __init__(self, limit_usd: float) -> None:
        self._limit = max(0.0, limit_usd)
        self._spent = 0.0
        self._held = 0.0
        self._lock = threading.Lock()

    @property
    def limit_usd(self) -> float:
        return self._limit

    @property
    def spent_usd(self) -> float:
        return self._spent

    def try_reserve(self, usd: float) -> bool:
        if usd < 0:
            raise ValueError("a reservation is never negative")
        with self._lock:
            if self._spent + self._held + usd > self._limit + 1e-12:
                return False
            self._held += usd
            return True

    def settle(self, reserved_usd: float, actual_usd: float) -> None:
        with self._lock:
            self._held = max(0.0, self._held - reserved_usd)
            self._spent += min(max(actual_usd, 0.0), reserved_usd)
