"""Serving the editor (and `printkit play`) with uvicorn on a socket bound before the server starts, so the port
(a free one by default) is known to the Host check and printed before the browser opens."""

from __future__ import annotations

import socket
import webbrowser
from collections.abc import Callable
from pathlib import Path

import uvicorn

from printkit.editor.app import create_app
from printkit.editor.guard import allowed_hosts


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0: a free one); OSError when taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family in (socket.AF_INET, socket.AF_INET6):
        # Accepted connections inherit this: without it every answer after the first on a
        # kept-alive connection waited ~40 ms (Nagle's algorithm meeting delayed ACKs, as
        # uvicorn writes the head and the body apart); the page's verdicts came that late.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    return sock


def url_for(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(sock: socket.socket, folder: Path, start_file: str | None, *, open_browser: bool,
          announce: Callable[[str], None], announce_note: Callable[[str], None]) -> None:
    """Run until Ctrl-C (KeyboardInterrupt then reaches the caller, after a clean shutdown)."""
    host, port = sock.getsockname()[:2]
    run_app(sock, create_app(folder, allowed_hosts(host, port), start_file), open_browser=open_browser,
            announce=announce, announce_note=announce_note)


def run_app(sock: socket.socket, app: Callable, *, open_browser: bool, announce: Callable[[str], None],
            announce_note: Callable[[str], None], path: str = "") -> None:
    """Serve a guarded app (the editor's, `printkit play`'s) on a bound socket until Ctrl-C."""
    host, port = sock.getsockname()[:2]
    url = url_for(host, port) + path
    # access lines for every request would bury the URL; warnings still show
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", interface="asgi3",
                            proxy_headers=False)  # no proxy stands in front: X-Forwarded-* are not believed
    server = uvicorn.Server(config)
    announce(url)
    if open_browser and not webbrowser.open(url):  # the socket listens: the browser's request waits
        announce_note("no browser could be opened here; open the address above in one")
    server.run(sockets=[sock])
