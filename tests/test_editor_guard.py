"""printkit.editor.guard: Host and Origin checks (DNS rebinding, cross-site requests), the
1 MB body limit, and errors as one JSON line instead of a traceback."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient

from printkit.editor.guard import Guard, allowed_hosts


async def echo(request: Request) -> JSONResponse:
    return JSONResponse({"length": len(await request.body())})


async def broken(request: Request) -> JSONResponse:
    raise RuntimeError("the app broke")


async def talk(websocket) -> None:
    await websocket.accept()
    await websocket.send_text("hello")
    await websocket.close()


APP = Starlette(routes=[Route("/echo", echo, methods=["GET", "POST"]), Route("/broken", broken), WebSocketRoute("/ws", talk)])
HOSTS = allowed_hosts("127.0.0.1", 8765)


def client() -> TestClient:
    return TestClient(Guard(APP, HOSTS), base_url="http://127.0.0.1:8765", raise_server_exceptions=False)


def test_a_loopback_server_answers_to_its_loopback_names_only() -> None:
    assert HOSTS == {"127.0.0.1:8765", "localhost:8765", "[::1]:8765"}
    assert "192.168.1.5:8765" in allowed_hosts("192.168.1.5", 8765)
    assert "0.0.0.0:8765" not in allowed_hosts("0.0.0.0", 8765)


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"])
def test_requests_to_this_server_pass(host: str) -> None:
    answer = client().get("/echo", headers={"Host": host})
    assert answer.status_code == 200


@pytest.mark.parametrize("host", ["rebound.example:8765", "127.0.0.1:9999", "127.0.0.1", "", "localhost.evil:8765"])
def test_a_foreign_host_is_refused_against_dns_rebinding(host: str) -> None:
    answer = client().get("/echo", headers={"Host": host})
    assert answer.status_code == 403 and "refused: Host" in answer.json()["error"]


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:9999", "null", "https://127.0.0.1:8765"])
def test_a_foreign_origin_is_refused(origin: str) -> None:
    answer = client().post("/echo", content=b"{}", headers={"Origin": origin})
    assert answer.status_code == 403 and origin in answer.json()["error"]


def test_the_own_origin_passes_and_a_browser_saying_cross_site_is_believed() -> None:
    assert client().post("/echo", content=b"{}", headers={"Origin": "http://localhost:8765"}).status_code == 200
    assert client().post("/echo", content=b"{}", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403


def test_a_body_over_1_mb_is_refused_by_its_length() -> None:
    assert client().post("/echo", content=b"x" * 1_000_000).json() == {"length": 1_000_000}
    answer = client().post("/echo", content=b"x" * 1_000_001)
    assert answer.status_code == 413


def test_a_streamed_body_over_1_mb_is_refused_as_it_arrives() -> None:
    def chunks():
        for _ in range(12):
            yield b"x" * 100_000

    answer = client().post("/echo", content=chunks())  # no Content-Length: chunked
    assert answer.status_code == 413 and "1 MB" in answer.json()["error"]


async def raw_broken(scope, receive, send) -> None:
    raise ValueError("no answer at all")


def test_an_error_in_the_app_is_one_line_on_the_terminal_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    answer = client().get("/broken")
    assert answer.status_code == 500  # Starlette answered; the guard only reports
    assert capsys.readouterr().err == "printkit editor: GET /broken: internal error: RuntimeError: the app broke\n"


def test_an_app_that_did_not_answer_gets_a_json_500_from_the_guard(capsys: pytest.CaptureFixture[str]) -> None:
    answer = TestClient(Guard(raw_broken, HOSTS), base_url="http://127.0.0.1:8765", raise_server_exceptions=False).get("/x")
    assert answer.status_code == 500 and answer.json() == {"error": "internal error: ValueError: no answer at all"}
    assert "Traceback" not in capsys.readouterr().err


def test_websockets_are_refused() -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect):
        with client().websocket_connect("/ws", headers={"Host": "127.0.0.1:8765"}) as socket:
            socket.receive_text()
