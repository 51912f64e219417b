"""The play app served in a thread of the test process, for the play page's browser tests
(import the fixture `served` into a test module; `browser` comes from tests/conftest.py).
Import this only after the module has skipped when /usr/bin/chromium is missing."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from printkit.editor.guard import allowed_hosts
from printkit.editor.server import bind
from printkit.play.app import create_app


class Served:
    """One play app at a time on a free 127.0.0.1 port, in a thread of the test process."""

    def __init__(self) -> None:
        self.sock = bind("127.0.0.1", 0)
        port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}/"
        self.hosts = allowed_hosts("127.0.0.1", port)
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="off", interface="asgi3")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()

    async def app(self, scope, receive, send) -> None:
        await self.current(scope, receive, send)

    def serve(self, **what) -> None:
        """Serve a new app: `session=` a game being played, or `replay=` a record's game."""
        self.current = create_app(self.hosts, **what)

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served()
    deadline = time.monotonic() + 10
    while not server.server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield server
    server.close()


