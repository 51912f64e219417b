"""An ASGI app served on a free 127.0.0.1 port in a thread of the test process, for the
browser tests of the editor (editorserved.py) and the play page (playserved.py): each swaps
the app it serves (`current`) between tests, the server staying up for the module."""

from __future__ import annotations

import threading
import time

import uvicorn

from printkit.editor.guard import allowed_hosts
from printkit.editor.server import bind


class ThreadServed:
    current: object  # the ASGI app answering now, set by the subclass's serve()

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
        await self.current(scope, receive, send)  # type: ignore[operator]

    def wait_started(self, seconds: float = 10) -> None:
        deadline = time.monotonic() + seconds
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()
