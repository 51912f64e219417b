"""`printkit play` and `printkit replay`: whole games in the browser, played by people and
bots through the game protocol (printkit.games.protocol), and records stepped through.

The server is the authority: it keeps the state (`session.py`), offers only what the
state's `legal_actions()` lists and refuses anything else; the page only draws and asks.
Each game's view is a module of `static/games/<game>.js`; a game without one is played in
the generic view (`static/fallback.js`). docs/play.md describes the page's API.
"""
