"""The HTTP protocol ``civtable serve`` runs uvicorn with: uvicorn's httptools protocol plus a
*header timeout*, so a client that opens connections and sends its request headers slowly (or not
at all) cannot hold them open: the connection is closed when a request's headers have not all
arrived within the timeout after the connection opened or the request began."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger("civtable.server")


def http_protocol(header_timeout: float) -> Any:
    """The protocol class for ``uvicorn.run(http=...)``, or ``"auto"`` when httptools is missing."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
        log.warning("httptools is not installed: requests have no header timeout")
        return "auto"

    class HeaderTimeoutProtocol(HttpToolsProtocol):
        timeout = header_timeout
        _header_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(self.timeout, self._headers_too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            super().handle_websocket_upgrade()

    return HeaderTimeoutProtocol
