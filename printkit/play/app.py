"""`printkit play`'s and `printkit replay`'s web app: one page, its modules, and the API of
docs/play.md, behind the editor's guard (loopback, Host and Origin checks, 1 MB bodies).

    GET  /                  the page
    GET  /api/game          {game, seats, geometry}
    GET  /api/state         the state answer (who acts, the legal actions and their words)
    POST /api/act           {turn, action} -> the state answer; 409 stale turn, 422 not legal
    POST /api/bot           {turn} -> one bot's turn played; the state answer
    GET  /api/replay        the recorded game's index (steps, turns, rounds); 409 while playing
    GET  /api/replay/<k>    step k of it: a state answer with the record's line
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from printkit.editor.app import STATIC as EDITOR_STATIC
from printkit.editor.app import BadRequest
from printkit.editor.app import _body as json_body  # the editor's reading of a JSON body (415, 400)
from printkit.editor.guard import Guard
from printkit.play.geometry import endings_of, geometry_of, seats_of
from printkit.play.replay import Replay, ReplayError, replay_of
from printkit.play.session import Refused, Session

STATIC = Path(str(resources.files("printkit.play") / "static"))


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _handled(endpoint):
    async def wrapped(request: Request) -> Response:
        try:
            return await endpoint(request)
        except (Refused, BadRequest) as error:
            return _error(error.message, error.status)

    return wrapped


class Replays:
    """The replay the page shows: a record's game, or the game just played once it is over."""

    def __init__(self, session: Session | None, replay: Replay | None):
        self.session, self.replay = session, replay

    def current(self) -> Replay:
        if self.replay is None:
            record = self.session.record if self.session is not None else None
            if record is None:
                raise Refused("the game is not over yet: its replay comes at the end", 409)
            try:
                self.replay = replay_of(record)
            except ReplayError as error:
                raise Refused(str(error), 500) from None
        return self.replay


def create_app(hosts: frozenset[str], *, session: Session | None = None, replay: Replay | None = None) -> Guard:
    """The page for a game being played (`session`) or a recorded one (`replay`)."""
    replays = Replays(session, replay)
    # what the page asks for first is made before the server listens: the map's icons take
    # a fifth of a second to draw once, which would otherwise fall on the page's load
    info = session.info() if session is not None else _replay_info(replay) if replay is not None else None

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def game(request: Request) -> Response:
        if info is None:
            raise Refused("nothing to show", 404)
        return JSONResponse(info)

    async def state(request: Request) -> Response:
        if session is None:
            return JSONResponse(replays.current().step(0))
        return JSONResponse(session.view())

    async def act(request: Request) -> Response:
        if session is None:
            raise Refused("a replay takes no actions", 409)
        body = await json_body(request)
        if "action" not in body:
            raise Refused("send {turn, action}", 400)
        return JSONResponse(session.act(body.get("turn"), body["action"]))

    async def bot(request: Request) -> Response:
        if session is None:
            raise Refused("a replay takes no actions", 409)
        body = await json_body(request)
        return JSONResponse(session.bot_turn(body.get("turn")))

    async def replay_index(request: Request) -> Response:
        return JSONResponse(replays.current().index())

    async def replay_step(request: Request) -> Response:
        shown = replays.current()
        number = request.path_params["step"]
        if not 0 <= number < len(shown.steps):
            raise Refused(f"the game has steps 0 to {len(shown.steps) - 1}", 404)
        return JSONResponse(shown.step(number))

    routes = [
        Route("/", page),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/game", _handled(game)),
        Route("/api/state", _handled(state)),
        Route("/api/act", _handled(act), methods=["POST"]),
        Route("/api/bot", _handled(bot), methods=["POST"]),
        Route("/api/replay", _handled(replay_index)),
        Route("/api/replay/{step:int}", _handled(replay_step)),
        Mount("/static/editor", StaticFiles(directory=EDITOR_STATIC), name="editor"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Guard(Starlette(routes=routes, exception_handlers={Exception: _internal_error}), hosts)


def _replay_info(shown: Replay) -> dict[str, Any]:
    return {"game": shown.match.rules.name, "seed": shown.head.get("seed"), "replay": True,
            "seats": seats_of(shown.match.rules, shown.match.players),
            "endings": endings_of(shown.match.rules),
            "geometry": geometry_of(shown.match.rules, shown.match.colours)}


async def _internal_error(request: Request, error: Exception) -> Response:
    return _error(f"internal error: {type(error).__name__}: {error}", 500)
