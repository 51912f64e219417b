"""printkit.editor.server: the socket is bound before serving, so the port is known."""

from __future__ import annotations

import socket

import pytest

from printkit.editor.server import bind, url_for


def test_bind_takes_a_free_port_and_listens() -> None:
    sock = bind("127.0.0.1", 0)
    try:
        host, port = sock.getsockname()
        assert host == "127.0.0.1" and port > 0
        with socket.create_connection((host, port), timeout=5):
            pass  # accepted into the backlog before any server runs
        with pytest.raises(OSError):
            bind("127.0.0.1", port)
    finally:
        sock.close()


@pytest.mark.parametrize("host, url", [
    ("127.0.0.1", "http://127.0.0.1:8000/"), ("0.0.0.0", "http://127.0.0.1:8000/"),
    ("::", "http://[::1]:8000/"), ("::1", "http://[::1]:8000/"), ("192.168.1.5", "http://192.168.1.5:8000/"),
])
def test_the_printed_url_is_one_a_browser_on_this_machine_can_open(host: str, url: str) -> None:
    assert url_for(host, 8000) == url
