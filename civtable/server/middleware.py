"""ASGI middleware of the server: a body size limit and timeout, and the security headers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from civtable.core import sentence

MAX_BODY = 64 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse request bodies larger than ``limit`` bytes with 413, whether or not a
    Content-Length header announces them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, timeout: float = 30.0) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _too_large(send, self.limit)
                    return
        seen = 0
        refused = False
        timed_out = False

        async def limited() -> Message:
            nonlocal seen, refused, timed_out
            try:
                message = await asyncio.wait_for(receive(), self.timeout)
            except TimeoutError:
                refused = timed_out = True
                raise _BodyTimeout from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    refused = True
                    raise _BodyTooLarge
            return message

        started = False

        async def tracking_send(message: Message) -> None:
            # once the body overflowed, whatever the app answers (often a parse error) becomes 413
            nonlocal started
            if refused:
                if not started:
                    started = True
                    await refuse()
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        async def refuse() -> None:
            if timed_out:
                await _refuse(send, 408, f"the request body did not arrive within {self.timeout:g} s", "timeout")
            else:
                await _too_large(send, self.limit)

        try:
            await self.app(scope, limited, tracking_send)
        except (_BodyTimeout, _BodyTooLarge):
            if not started:
                await refuse()
        except Exception:
            if refused and not started:
                await refuse()
            else:
                raise


class _BodyTooLarge(Exception):
    pass


class _BodyTimeout(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    await _refuse(send, 413, f"the request body is larger than {limit // 1024} KiB", "too_large")


async def _refuse(send: Send, status: int, message: str, code: str) -> None:
    body = json.dumps({"error": sentence(message), "code": code}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
    "script-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
}
class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP answer (the API browser too) and
    ``Cache-Control: no-store`` to API answers. Plain ASGI: it only adds headers to the start
    message, without wrapping the response as ``@app.middleware`` does."""

    _DEFAULT = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        extra = list(self._DEFAULT)
        if path.startswith("/api/"):
            extra.append((b"cache-control", b"no-store"))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in extra if k not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)
