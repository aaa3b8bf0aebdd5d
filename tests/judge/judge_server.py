"""A real HTTP server on loopback that speaks OpenAI chat completions and Anthropic messages.

Replies are scripted, request by request: ``server.push(answer(...), status(429, ...))``
queues replies for any model, ``server.push(..., model="gpt-4o-mini")`` for one model;
``server.default`` answers when a queue is empty. Every request is recorded
(path, headers, JSON body) so tests can say what the judge sent, or that it sent
nothing. Standard library only (``http.server`` in threads).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    kind: str
    """``answer``: 200 in the provider's shape; ``status``: any status and body;
    ``disconnect``: close the connection without a response."""
    text: str = ""
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    usage: tuple[int, int] = (1000, 100)
    delay_s: float = 0.0
    logprobs: list[dict[str, Any]] | None = None


def answer(
    content: dict[str, Any] | str,
    *,
    usage: tuple[int, int] = (1000, 100),
    delay_s: float = 0.0,
    logprobs: list[dict[str, Any]] | None = None,
) -> Reply:
    text = content if isinstance(content, str) else json.dumps(content)
    return Reply("answer", text=text, usage=usage, delay_s=delay_s, logprobs=logprobs)


def status(code: int, body: Any = None, headers: dict[str, str] | None = None) -> Reply:
    return Reply("status", status=code, body=body, headers=dict(headers or {}))


def disconnect() -> Reply:
    return Reply("disconnect")


def scores(
    criteria: dict[str, int], *, confidence: float = 0.8, quality: int = 4, reasoning: str = "scripted"
) -> dict[str, Any]:
    """A valid answer in the contract's shape."""
    return {
        "reasoning": reasoning,
        "criteria": [
            {"id": cid, "reasoning": f"{cid} scored {s}", "score": s} for cid, s in criteria.items()
        ],
        "quality": dict.fromkeys(("completeness", "accuracy", "clarity", "relevance"), quality),
        "confidence": confidence,
    }


@dataclass(frozen=True)
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def prompt(self) -> str:
        """Every message's text, the system prompt included."""
        parts = [self.body.get("system", "")] if "system" in self.body else []
        parts += [m["content"] for m in self.body.get("messages", [])]
        return "\n".join(str(p) for p in parts)


class JudgeServer:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.default: Reply | None = None
        self._queues: dict[str | None, deque[Reply]] = {}
        self._lock = threading.Lock()
        self._httpd = _Server(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01}, name="judge-server", daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def base_url(self) -> str:
        return self.url + "/v1"

    def push(self, *replies: Reply, model: str | None = None) -> JudgeServer:
        with self._lock:
            self._queues.setdefault(model, deque()).extend(replies)
        return self

    def next_reply(self, model: str) -> Reply | None:
        with self._lock:
            for key in (model, None):
                queue = self._queues.get(key)
                if queue:
                    return queue.popleft()
        return self.default

    def record(self, recorded: Recorded) -> None:
        with self._lock:
            self.requests.append(recorded)

    def start(self) -> JudgeServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that timed out and left is expected here


def _handler(server: JudgeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", "0"))
            raw = self.rfile.read(length)
            body = json.loads(raw) if raw else {}
            recorded = Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            server.record(recorded)
            reply = server.next_reply(recorded.model)
            if reply is None:
                self._send(500, {"error": {"message": "no scripted reply"}}, {})
                return
            if reply.delay_s:
                time.sleep(reply.delay_s)
            if reply.kind == "disconnect":
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if reply.kind == "status":
                self._send(reply.status, reply.body, reply.headers)
                return
            if self.path.endswith("/messages"):
                self._send(200, _anthropic(recorded, reply), {})
            else:
                self._send(200, _openai(recorded, reply), {})

        def _send(self, code: int, body: Any, headers: dict[str, str]) -> None:
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(code)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler


def _openai(recorded: Recorded, reply: Reply) -> dict[str, Any]:
    choice: dict[str, Any] = {
        "index": 0,
        "message": {"role": "assistant", "content": reply.text},
        "finish_reason": "stop",
        "logprobs": {"content": reply.logprobs} if reply.logprobs is not None else None,
    }
    tokens_in, tokens_out = reply.usage
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "model": recorded.model,
        "choices": [choice],
        "usage": {
            "prompt_tokens": tokens_in,
            "completion_tokens": tokens_out,
            "total_tokens": tokens_in + tokens_out,
        },
    }


def _anthropic(recorded: Recorded, reply: Reply) -> dict[str, Any]:
    tokens_in, tokens_out = reply.usage
    return {
        "id": "msg_test",
        "type": "message",
        "role": "assistant",
        "model": recorded.model,
        "content": [{"type": "text", "text": reply.text}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": tokens_in, "output_tokens": tokens_out},
    }


@contextmanager
def running() -> Iterator[JudgeServer]:
    server = JudgeServer().start()
    try:
        yield server
    finally:
        server.stop()
