"""Size limits are enforced on the raw bytes, before any parsing: a 50 MB job is refused by its
length and never reaches ``json.loads`` (nor pydantic)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from factories import make_job

import messages.parse
from messages import JobDecodeError, Limits, parse_job, peek_identity
from workers.client import prepare

FIFTY_MB = 50 * 1024 * 1024


def oversize() -> str:
    job = make_job(job_id="huge", output={"format": "text", "content": "x" * FIFTY_MB})
    return json.dumps(job)


@pytest.fixture
def loads_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every call of json.loads in messages.parse, by the size of what it was given."""
    calls: list[int] = []
    real = json.loads

    def recording(text: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(messages.parse.json, "loads", recording)
    return calls


class TestRefusedByLength:
    @pytest.mark.parametrize("as_bytes", [True, False], ids=["bytes", "str"])
    def test_a_50mb_job_is_refused_before_json_loads(self, loads_calls: list[int], as_bytes: bool) -> None:
        raw = oversize()
        with pytest.raises(JobDecodeError, match=r"over the limit of 8388608 bytes"):
            parse_job(raw.encode() if as_bytes else raw)
        assert loads_calls == []

    def test_the_limit_is_the_deployments(self, loads_calls: list[int]) -> None:
        """VERIFLEET_MAX_JOB_BYTES (here 4 KiB) is applied the same way."""
        small = Limits(max_job_bytes=4_096)
        doc = json.dumps(make_job(output={"format": "text", "content": "y" * 5_000}))
        with pytest.raises(JobDecodeError, match="over the limit of 4096 bytes"):
            parse_job(doc, limits=small)
        assert loads_calls == []
        parse_job(json.dumps(make_job()), limits=small)
        assert len(loads_calls) == 1

    def test_the_client_refuses_it_before_anything_is_sent(self, loads_calls: list[int]) -> None:
        with pytest.raises(JobDecodeError):
            prepare(oversize(), validate=True, limits=Limits())
        assert loads_calls == []

    @pytest.mark.parametrize("as_bytes", [True, False], ids=["bytes", "str"])
    def test_peeking_for_a_job_id_reads_only_the_first_max_job_bytes(
        self, loads_calls: list[int], as_bytes: bool
    ) -> None:
        """The error verdict's address of a 50 MB job is read member by member from its first
        max_job_bytes, never by parsing the document: json.loads is not called."""
        raw = oversize()
        assert peek_identity(raw.encode() if as_bytes else raw)["job_id"] == "huge"
        assert peek_identity("x" * (8 * Limits().max_job_bytes + 1)) == {"mode": "batch"}
        assert loads_calls == []
