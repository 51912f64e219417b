"""A stand-in for `printkit play` while it is being built: the contract's three routes
(GET /api/game, GET /api/state, POST /api/action) over the game protocol, and a page that
loads a game's board view from printkit/play/static/games/. Test-only."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from printkit.games.protocol import IllegalAction, apply_json, take_turn

STATIC = Path(__file__).resolve().parent.parent / "printkit" / "play" / "static"

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>harness</title>
<style>html,body{margin:0;height:100%} #board{height:calc(100vh - 16px);padding:8px}</style></head>
<body><div id="board"></div><script type="module">
const info = await (await fetch("/api/game")).json();
const { createView } = await import(`/static/games/${info.game}.js`);
let view;
async function refresh() {
  const state = await (await fetch("/api/state")).json();
  view.show(state);
  window.lastView = state;
}
view = createView(document.getElementById("board"), info, { onAction: async (action) => {
  window.sent = (window.sent || []).concat([action]);
  await fetch("/api/action", { method: "POST", body: JSON.stringify({ action }) });
  await refresh();
}});
await refresh();
window.ready = true;
</script></body></html>"""


class Harness:
    """One game: `humans` are the seats clicked on the page; the other seats are bots,
    which play at once after each human action (and at the start)."""

    def __init__(self, game, geometry: dict, bots: dict, humans: set[int], seed: int = 1, seat_names=None):
        self.game, self.geometry, self.bots, self.humans = game, geometry, bots, humans
        self.state = game.initial_state(seed)
        self.last = None
        self.turn = 0
        self.seat_names = seat_names or ["human" if s in humans else bots[s].name for s in range(game.seats)]
        self.bots_play()

    def bots_play(self) -> None:
        while not self.state.is_terminal() and self.state.to_act() not in self.humans:
            seat = self.state.to_act()
            actions = self.state.legal_actions()
            action, self.state = take_turn(self.bots[seat], self.state, actions)
            self.last = {"seat": seat, "action": self.game.action_json(self.state, action)}
            self.turn += 1

    def view(self) -> dict:
        state, game = self.state, self.game
        human = not state.is_terminal() and state.to_act() in self.humans
        actions = state.legal_actions() if human else ()
        return {
            "turn": self.turn, "state": game.state_json(state), "to_act": state.to_act(), "human": human,
            "legal": [game.action_json(state, a) for a in actions],
            "labels": [game.action_label(state, a) for a in actions],
            "terminal": state.is_terminal(), "scores": list(state.scores()), "winners": list(state.winners()),
            "last": self.last,
        }

    def app(self) -> Starlette:
        async def game_info(request: Request) -> JSONResponse:
            seats = [{"seat": s, "player": name} for s, name in enumerate(self.seat_names)]
            return JSONResponse({"game": self.game.name, "seats": seats, "geometry": self.geometry})

        async def state(request: Request) -> JSONResponse:
            return JSONResponse(self.view())

        async def action(request: Request) -> JSONResponse:
            data = json.loads(await request.body())["action"]
            seat = self.state.to_act()
            try:
                before = self.state
                self.state = apply_json(self.game, self.state, data)
            except IllegalAction as error:
                return JSONResponse({"error": str(error)}, status_code=409)
            self.last = {"seat": seat, "action": self.game.action_json(before, self.game.action_from_json(before, data))}
            self.turn += 1
            self.bots_play()
            return JSONResponse({"ok": True})

        async def page(request: Request) -> HTMLResponse:
            return HTMLResponse(PAGE)

        return Starlette(routes=[
            Route("/", page), Route("/api/game", game_info), Route("/api/state", state),
            Route("/api/action", action, methods=["POST"]), Mount("/static", StaticFiles(directory=STATIC)),
        ])
