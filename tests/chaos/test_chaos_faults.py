"""Chaos, reduced (``make chaos`` runs them larger): the Redis server restarted under load, the
judge going down, throttling and hanging, and poison messages between good jobs.

Each asserts the invariant (every job_id exactly one verdict event) and what the fault must turn
into; times are reported by ``make chaos``, not asserted here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import chaos

pytestmark = [pytest.mark.integration, pytest.mark.slow]


class TestRedisRestart:
    def test_workers_reconnect_and_every_job_gets_its_verdict(self, tmp_path: Path) -> None:
        """Given an appendonly Redis that holds the queues and the verdicts, when it is stopped a third
        of the way through 600 jobs and started again on its port, then the workers reconnect and every
        job gets exactly one verdict: no retry is lost while Redis is away, no prefetched message is
        stranded in a live worker's ack set."""
        outcome = chaos.restart_run(jobs=600, log_dir=tmp_path, timeout=60)
        assert outcome.ok, (outcome.missing[:10], outcome.duplicated[:10])


class TestJudgeOutage:
    def test_the_circuit_opens_verdicts_keep_flowing_and_it_closes_again(self, tmp_path: Path) -> None:
        """Given inline jobs with a judged criterion, when the judge drops connections, answers 429s, or
        hangs past the timeout, then every job still gets a verdict, judged by no one (circuit_open)
        and with lower confidence; when the judge answers again, the circuit closes and jobs are judged."""
        outcome = chaos.judge_run(per_phase=8, log_dir=tmp_path, cooldown_s=1.0, timeout=60)
        assert outcome.ok, (outcome.missing[:10], outcome.duplicated[:10])
        phases = outcome.detail["phases"]
        assert isinstance(phases, dict)
        up = phases["up"]
        assert up["judged"] == up["expected"]
        for fault in ("down", "429 storm", "hang"):
            during, after = phases[fault], phases[f"back after {fault}"]
            assert during["verdicts"] == during["expected"], fault
            assert "circuit_open" in during["judge_reasons"], (fault, during)
            assert during["mean_confidence"] < up["mean_confidence"], (fault, during)
            assert after["judged"] == after["expected"], (fault, after)


class TestPoison:
    def test_poison_becomes_an_error_verdict_or_a_dead_letter_and_the_workers_keep_serving(
        self, tmp_path: Path
    ) -> None:
        """Given undecodable bytes and an invalid-UTF-8 envelope written into the broker's Redis
        structures, and payloads of the wrong shape, 50 MB, 100,000-deep nesting, a lone surrogate,
        NUL bytes and 100,000 criteria, on both queues between good jobs: every good job gets its
        verdict; a poison job with a readable job_id gets a verdict error saying why; the rest are
        dead letters with a log line; both workers are still running."""
        outcome = chaos.poison_run(log_dir=tmp_path, good=20)
        assert outcome.ok, (outcome.missing[:10], outcome.duplicated[:10])
        errors = outcome.detail["errors"]
        assert isinstance(errors, dict)
        assert set(errors) == {
            "poison-wrong-shape",
            "poison-50mb",
            "poison-deep-content",
            "poison-surrogate",
            "poison-nul\x00id",
            "poison-criteria",
        }
        assert "over the limit" in errors["poison-50mb"] and "100000" in errors["poison-criteria"]
        assert "nests too deeply" in errors["poison-deep-content"]  # its job_id is read beside the depth
        # per queue: 2 raw envelopes, and not-json, not-an-object and deep-json (no job_id)
        assert outcome.detail["dead letters"] == "verify-inline 5, verify-batch 5"
        assert outcome.detail["undecodable logged"] == 4
        assert outcome.detail["rejected without id logged"] == 6
        assert outcome.detail["workers alive"] is True
