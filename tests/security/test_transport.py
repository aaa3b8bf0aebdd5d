"""Redis AUTH and TLS: the fleet submits and verifies through a redis-server that wants a password
on its plain port and TLS (``rediss://``, a CA made at test time) on another.

Skips only when no redis-server here serves TLS, and never in CI where /usr/bin/redis-server
exists (Debian's is built with TLS): there it fails instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import tls_support
from factories import make_job
from fleet_support import WorkerPair
from redis.backoff import NoBackoff
from redis.retry import Retry

from messages import Verdict
from workers.client import Client
from workers.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def secure(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tls_support.SecureRedis]:
    server, reasons = tls_support.start(tmp_path_factory.mktemp("tls"))
    if server is None:
        why = "; ".join(reasons) or "no redis-server found"
        if tls_support.in_ci() and Path("/usr/bin/redis-server").exists():
            pytest.fail(f"CI: /usr/bin/redis-server exists but no redis-server served TLS: {why}")
        pytest.skip(f"no redis-server here serves TLS: {why}")
    yield server
    server.stop()


class TestThroughAuthAndTls:
    @pytest.mark.parametrize("kind", ["auth", "tls"])
    def test_jobs_are_submitted_and_verified(
        self, kind: str, secure: tls_support.SecureRedis, tmp_path: Path
    ) -> None:
        """Given VERIFLEET_REDIS_URL with a password (and rediss:// with the CA), when inline and batch
        jobs are submitted, then real worker processes verify them and the client reads the verdicts;
        the password is in none of the workers' logs."""
        url = secure.auth_url if kind == "auth" else secure.tls_url
        redis.Redis.from_url(url).flushdb()
        settings = Settings(redis_url=url)
        jobs = [make_job(job_id=f"{kind}-{i}", has_dependents=i % 2 == 0) for i in range(6)]
        with Client(settings) as client:
            pair = WorkerPair(settings, tmp_path).start()
            try:
                verdicts = client.wait_all(client.submit_many(jobs), timeout=60)
            finally:
                pair.stop()
        assert sorted(verdicts) == sorted(j["job_id"] for j in jobs)
        assert {v.verdict for v in verdicts.values()} == {Verdict.PASS}
        assert tls_support.PASSWORD not in pair.logs()

    def test_without_the_password_nothing_is_served(self, secure: tls_support.SecureRedis) -> None:
        client = redis.Redis(port=secure.plain_port, socket_connect_timeout=1, retry=Retry(NoBackoff(), 0))
        with pytest.raises(redis.AuthenticationError):
            client.ping()
        client.close()

    def test_a_server_the_client_cannot_verify_is_refused(self, secure: tls_support.SecureRedis) -> None:
        """rediss:// without the CA: the self-signed chain does not verify, nothing is sent."""
        url = f"rediss://:{tls_support.PASSWORD}@127.0.0.1:{secure.tls_port}/0"
        client = redis.Redis.from_url(url, socket_connect_timeout=1, retry=Retry(NoBackoff(), 0))
        with pytest.raises(redis.ConnectionError, match="certificate verify failed"):
            client.ping()
        client.close()

    def test_plain_text_to_the_tls_port_gets_nothing(self, secure: tls_support.SecureRedis) -> None:
        client = redis.Redis(
            port=secure.tls_port,
            password=tls_support.PASSWORD,
            socket_connect_timeout=1,
            socket_timeout=0.5,
            retry=Retry(NoBackoff(), 0),
        )
        with pytest.raises(redis.ConnectionError):
            client.ping()
        client.close()
