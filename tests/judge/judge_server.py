"""A real HTTP server on loopback that speaks OpenAI chat completions and Anthropic messages,
and both providers' batch APIs (OpenAI files and batches, Anthropic message batches).

Replies are scripted, request by request: ``server.push(answer(...), status(429, ...))``
queues replies for any model, ``server.push(..., model="gpt-4o-mini")`` for one model;
``server.default`` answers when a queue is empty. Every request is recorded
(method, path, headers, JSON body) so tests can say what the judge sent, or that it sent
nothing. Standard library only (``http.server`` in threads).

**Batches.** Each request inside a batch takes the next scripted reply, as a direct
request would: ``answer`` succeeds, ``status`` is an errored item, ``expired()`` an item
the provider did not get to. A batch ends ``server.batch_delay_s`` after it was created
(0: at the first look); cancelled before that, it stays cancelling and gives nothing.
Requests that came inside a batch are recorded in ``server.batched``.

**Usage.** ``answer(..., usage=MEASURED)`` reports tokens counted from the request itself
(about 4 bytes of UTF-8 per token, 4 per message, as tokenizers run on English), so that
token figures follow the prompt a judge really sent.
"""

from __future__ import annotations

import json
import math
import re
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import default as email_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MEASURED = None
"""``usage=MEASURED``: count the tokens of the request and of the answer."""


@dataclass(frozen=True)
class Reply:
    kind: str
    """``answer``: 200 in the provider's shape; ``status``: any status and body;
    ``disconnect``: close the connection without a response; ``expire``: (in a batch) not done."""
    text: str = ""
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    usage: tuple[int, int] | None = (1000, 100)
    delay_s: float = 0.0
    logprobs: list[dict[str, Any]] | None = None


def answer(
    content: dict[str, Any] | str,
    *,
    usage: tuple[int, int] | None = (1000, 100),
    delay_s: float = 0.0,
    logprobs: list[dict[str, Any]] | None = None,
) -> Reply:
    text = content if isinstance(content, str) else json.dumps(content)
    return Reply("answer", text=text, usage=usage, delay_s=delay_s, logprobs=logprobs)


def status(code: int, body: Any = None, headers: dict[str, str] | None = None) -> Reply:
    return Reply("status", status=code, body=body, headers=dict(headers or {}))


def disconnect() -> Reply:
    return Reply("disconnect")


def expired() -> Reply:
    """In a batch: an item the provider did not get to before the batch ended."""
    return Reply("expire")


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
    method: str = "POST"

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def prompt(self) -> str:
        """Every message's text, the system prompt included."""
        parts = [self.body.get("system", "")] if "system" in self.body else []
        parts += [m["content"] for m in self.body.get("messages", [])]
        return "\n".join(str(p) for p in parts)


def measured_usage(request: Recorded, text: str) -> tuple[int, int]:
    """Tokens of a request's messages and of an answer, about as a tokenizer counts English."""
    parts = [request.body["system"]] if "system" in request.body else []
    parts += [m["content"] for m in request.body.get("messages", [])]
    tokens_in = sum(math.ceil(len(str(p).encode()) / 4) + 4 for p in parts) + 3
    return tokens_in, max(1, math.ceil(len(text.encode()) / 4))


@dataclass
class Batch:
    id: str
    provider: str
    """``openai`` or ``anthropic``."""
    ready_at: float
    items: list[tuple[str, Recorded, Reply]]
    """(custom_id, the request inside the batch, its scripted reply)."""
    cancelled: bool = False
    files: tuple[str | None, str | None] = (None, None)
    """OpenAI: the output and error file ids, once ended."""

    def ended(self) -> bool:
        return not self.cancelled and time.monotonic() >= self.ready_at


class JudgeServer:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.batched: list[Recorded] = []
        self.default: Reply | None = None
        self.batch_delay_s = 0.0
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, Batch] = {}
        self._queues: dict[str | None, deque[Reply]] = {}
        self._lock = threading.Lock()
        self._ids = 0
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

    def new_id(self, prefix: str) -> str:
        with self._lock:
            self._ids += 1
            return f"{prefix}{self._ids}"

    def start(self) -> JudgeServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    # Batches ------------------------------------------------------------------------------------

    def open_batch(self, provider: str, requests: list[tuple[str, dict[str, Any]]], path: str) -> Batch:
        items = []
        for custom_id, body in requests:
            inner = Recorded(path, {}, body)
            with self._lock:
                self.batched.append(inner)
            reply = self.batch_reply(inner) or status(500, {"error": {"message": "no scripted reply"}})
            items.append((custom_id, inner, reply))
        prefix = "batch_" if provider == "openai" else "msgbatch_"
        batch = Batch(self.new_id(prefix), provider, time.monotonic() + self.batch_delay_s, items)
        with self._lock:
            self.batches[batch.id] = batch
        return batch

    def batch_reply(self, inner: Recorded) -> Reply | None:
        """The reply to one request inside a batch: the next scripted one, as for a direct request."""
        return self.next_reply(inner.model)

    def openai_batch(self, batch: Batch) -> dict[str, Any]:
        state = "cancelling" if batch.cancelled else "in_progress"
        if batch.ended():
            if batch.files == (None, None):
                batch.files = self._openai_files(batch)
            expired_any = any(reply.kind == "expire" for _, _, reply in batch.items)
            state = "expired" if expired_any else "completed"
        failed = sum(1 for _, _, reply in batch.items if reply.kind != "answer")
        return {
            "id": batch.id,
            "object": "batch",
            "endpoint": "/v1/chat/completions",
            "completion_window": "24h",
            "status": state,
            "output_file_id": batch.files[0],
            "error_file_id": batch.files[1],
            "request_counts": {
                "total": len(batch.items),
                "completed": len(batch.items) - failed if batch.ended() else 0,
                "failed": failed if batch.ended() else 0,
            },
        }

    def _openai_files(self, batch: Batch) -> tuple[str | None, str | None]:
        output, errors = [], []
        for custom_id, inner, reply in batch.items:
            line: dict[str, Any] = {"id": self.new_id("batch_req_"), "custom_id": custom_id}
            if reply.kind == "answer":
                body = _openai(inner, reply)
                output.append({**line, "response": {"status_code": 200, "body": body}, "error": None})
            elif reply.kind == "expire":
                error = {"code": "batch_expired", "message": "not executed before the window expired"}
                errors.append({**line, "response": None, "error": error})
            else:
                response = {"status_code": reply.status, "body": reply.body}
                errors.append({**line, "response": response, "error": None})
        ids: list[str | None] = []
        for lines in (output[::-1], errors[::-1]):  # results come in any order: map them by custom_id
            if not lines:
                ids.append(None)
                continue
            file_id = self.new_id("file-")
            self.files[file_id] = "".join(json.dumps(x) + "\n" for x in lines).encode()
            ids.append(file_id)
        return ids[0], ids[1]

    def anthropic_batch(self, batch: Batch) -> dict[str, Any]:
        ended = batch.ended()
        state = "ended" if ended else ("canceling" if batch.cancelled else "in_progress")
        kinds = [reply.kind for _, _, reply in batch.items]
        return {
            "id": batch.id,
            "type": "message_batch",
            "processing_status": state,
            "request_counts": {
                "processing": 0 if ended else len(kinds),
                "succeeded": kinds.count("answer") if ended else 0,
                "errored": sum(1 for k in kinds if k not in ("answer", "expire")) if ended else 0,
                "canceled": 0,
                "expired": kinds.count("expire") if ended else 0,
            },
            "results_url": f"{self.base_url}/messages/batches/{batch.id}/results" if ended else None,
        }

    def anthropic_results(self, batch: Batch) -> bytes:
        lines = []
        for custom_id, inner, reply in batch.items[::-1]:  # in any order: mapped by custom_id
            if reply.kind == "answer":
                result: dict[str, Any] = {"type": "succeeded", "message": _anthropic(inner, reply)}
            elif reply.kind == "expire":
                result = {"type": "expired"}
            else:
                error = (reply.body or {}).get("error") or {"type": "api_error", "message": "failed"}
                result = {"type": "errored", "error": {"type": "error", "error": error}}
            lines.append(json.dumps({"custom_id": custom_id, "result": result}) + "\n")
        return "".join(lines).encode()


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that timed out and left is expected here


_OPENAI_BATCH = re.compile(r"^/v1/batches/([\w-]+)(/cancel)?$")
_ANTHROPIC_BATCH = re.compile(r"^/v1/messages/batches/([\w-]+)(/cancel|/results)?$")
_FILE = re.compile(r"^/v1/files/([\w-]+)/content$")


def _handler(server: JudgeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            server.record(Recorded(path, self._headers(), {}, "GET"))
            if match := _OPENAI_BATCH.match(path):
                self._batch(match.group(1), server.openai_batch)
            elif match := _FILE.match(path):
                content = server.files.get(match.group(1))
                if content is None:
                    self._send(404, {"error": {"message": "no such file"}}, {})
                else:
                    self._raw(200, content, "application/octet-stream")
            elif (match := _ANTHROPIC_BATCH.match(path)) and match.group(2) == "/results":
                batch = server.batches.get(match.group(1))
                if batch is None or not batch.ended():
                    self._send(404, {"type": "error", "error": {"message": "no results yet"}}, {})
                else:
                    self._raw(200, server.anthropic_results(batch), "application/binary")
            elif match := _ANTHROPIC_BATCH.match(path):
                self._batch(match.group(1), server.anthropic_batch)
            else:
                self._send(404, {"error": {"message": f"no route for GET {path}"}}, {})

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", "0"))
            raw = self.rfile.read(length)
            path = self.path.split("?", 1)[0]
            if path == "/v1/files":
                self._upload(path, raw)
                return
            body = json.loads(raw) if raw else {}
            recorded = Recorded(path, self._headers(), body)
            server.record(recorded)
            if path == "/v1/batches":
                content = server.files.get(str(body.get("input_file_id")), b"").decode()
                lines = [json.loads(x) for x in content.splitlines() if x.strip()]
                requests = [(x["custom_id"], x["body"]) for x in lines]
                batch = server.open_batch("openai", requests, _url_of(lines))
                self._send(200, {**server.openai_batch(batch), "status": "validating"}, {})
            elif path == "/v1/messages/batches":
                requests = [(r["custom_id"], r["params"]) for r in body.get("requests", [])]
                batch = server.open_batch("anthropic", requests, "/v1/messages")
                self._send(200, {**server.anthropic_batch(batch), "processing_status": "in_progress"}, {})
            elif (match := _OPENAI_BATCH.match(path) or _ANTHROPIC_BATCH.match(path)) and match.group(2):
                render = server.openai_batch if path.startswith("/v1/batches") else server.anthropic_batch
                self._batch(match.group(1), lambda b: _cancel(b, render))
            else:
                self._complete(recorded)

        def _complete(self, recorded: Recorded) -> None:
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

        def _upload(self, path: str, raw: bytes) -> None:
            ctype = self.headers.get("content-type", "")
            message = BytesParser(policy=email_policy).parsebytes(
                b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + raw
            )
            fields: dict[str, Any] = {}
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                payload = part.get_payload(decode=True)
                fields[str(name)] = payload.decode() if isinstance(payload, bytes) else payload
            server.record(Recorded(path, self._headers(), fields))
            if fields.get("purpose") != "batch" or "file" not in fields:
                self._send(400, {"error": {"message": "expected purpose=batch and a file"}}, {})
                return
            file_id = server.new_id("file-")
            server.files[file_id] = str(fields["file"]).encode()
            self._send(200, {"id": file_id, "object": "file", "purpose": "batch"}, {})

        def _batch(self, batch_id: str, render: Any) -> None:
            batch = server.batches.get(batch_id)
            if batch is None:
                self._send(404, {"error": {"message": "no such batch"}}, {})
            else:
                self._send(200, render(batch), {})

        def _headers(self) -> dict[str, str]:
            return {k.lower(): v for k, v in self.headers.items()}

        def _raw(self, code: int, data: bytes, ctype: str) -> None:
            self.send_response(code)
            self.send_header("content-type", ctype)
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

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


def _url_of(lines: list[dict[str, Any]]) -> str:
    return str(lines[0].get("url", "/v1/chat/completions")) if lines else "/v1/chat/completions"


def _cancel(batch: Batch, render: Any) -> Any:
    if not batch.ended():
        batch.cancelled = True
    return render(batch)


def _usage(recorded: Recorded, reply: Reply) -> tuple[int, int]:
    return reply.usage if reply.usage is not None else measured_usage(recorded, reply.text)


def _openai(recorded: Recorded, reply: Reply) -> dict[str, Any]:
    choice: dict[str, Any] = {
        "index": 0,
        "message": {"role": "assistant", "content": reply.text},
        "finish_reason": "stop",
        "logprobs": {"content": reply.logprobs} if reply.logprobs is not None else None,
    }
    tokens_in, tokens_out = _usage(recorded, reply)
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
    tokens_in, tokens_out = _usage(recorded, reply)
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
