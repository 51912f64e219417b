"""What keeps a web page elsewhere from driving the editor, and errors out of the terminal.

A server on 127.0.0.1 is still reachable from any page the user's browser opens: a foreign
page can POST to it (cross-site request) or, by pointing its own host name at 127.0.0.1,
read from it (DNS rebinding). So every request must name this server in its Host header,
any Origin it carries must be this server, and a browser's own word that a request is
cross-site (Sec-Fetch-Site) is believed. Bodies over 1 MB are refused before they are read
whole. An exception inside the app becomes one line on the terminal and, unless the app
answered already, a JSON error for the page; never a traceback.
"""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

MAX_BODY = 1_000_000

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The Host values that name this server.

    A loopback server answers to its loopback names; one on a given address to that
    address and this machine's names; one on every interface (0.0.0.0) to this machine's
    names and addresses as far as the system knows them.
    """
    names = set(LOOPBACK)
    if host not in LOOPBACK:
        names |= {host, socket.gethostname(), socket.getfqdn()} - set(WILDCARD)
        if host in WILDCARD:
            try:
                names |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)}
            except OSError:
                pass  # a machine that does not know its own name: loopback and the name then
    return frozenset(f"[{name}]:{port}" if ":" in name else f"{name}:{port}" for name in names)


async def _json_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware around the editor's app."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], max_body: int = MAX_BODY):
        self.app = app
        self.hosts = frozenset(hosts)
        self.origins = frozenset(f"http://{host}" for host in self.hosts)
        self.max_body = max_body

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """(status, message) for a request to refuse before the app sees it, or None."""
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        host = headers.get("host", "")
        if host not in self.hosts:
            return 403, f"refused: Host '{host}' is not this editor (open it at http://{min(self.hosts)}/)"
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins:
            return 403, f"refused: a page from '{origin}' may not use this editor"
        if headers.get("sec-fetch-site") == "cross-site":
            return 403, "refused: a cross-site request may not use this editor"
        length = headers.get("content-length")
        if length is not None and (not length.isdecimal() or int(length) > self.max_body):
            return 413, self.too_large
        return None

    @property
    def too_large(self) -> str:
        return f"the request is larger than {self.max_body // 1_000_000} MB"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # the editor has none to offer
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is not None:
            await _json_error(send, *refused)
            return
        # the whole body is read here, at most 1 MB of it, before the app sees any of it
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.max_body:
                await _json_error(send, 413, self.too_large)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # after the body: wait for a disconnect
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, replay, watched)
        except Exception as error:  # noqa: BLE001 - the page and the terminal get one line, not a traceback
            print(f"printkit editor: {scope['method']} {scope['path']}: internal error: {type(error).__name__}: {error}",
                  file=sys.stderr)
            if not started:
                await _json_error(send, 500, f"internal error: {type(error).__name__}: {error}")
