"""Playing a Sinpin game on the play page by clicks, as a person would (the tests and
bench/play_page.py share it). The clicks are real; which one to make is read from the
state the page shows (GET /api/state): a move that leaves by the exit when there is one,
else the one that ends nearest to it, so that a game ends in a few rounds. And a game taken
on the server to a person's decision of a kind (at_own_decision), for the page to open at."""

from __future__ import annotations

from pathlib import Path

from printkit.cli.levelcheck import check_level
from printkit.play.matches import sinpin_match
from printkit.play.session import Session

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def at_own_decision(level_name: str, seats: list[str], seed: int, kind: str) -> Session:
    """A game played up to seat 0's first decision of `kind`: seat 0 takes its first legal
    action (a 6 when it can), the bots theirs."""
    level = check_level(str(next(LEVELS.glob(f"*-{level_name}.yaml")))).level
    session = Session(sinpin_match(level, level_name, seats, seed))
    while not (session.state.to_act() == 0 and session.state.decision.kind == kind):
        if session.state.to_act() != 0:
            session.bot_turn(session.turn)
            continue
        legal = session.view()["legal"]
        session.act(session.turn, next((a for a in legal if a.get("card") == 6), legal[0]))
    return session


def _best_move(answer: dict, exit_at: list[int]) -> dict:
    moves = answer["legal"]
    return min(moves, key=lambda m: (not m["exit"], m["knocked_out"], abs(m["end"][0] - exit_at[0]) + abs(m["end"][1] - exit_at[1]),
                                     -m["gems"]))


def click_choice(page, url: str, exit_at: list[int]) -> None:
    """One person's decision on the page: a placement, a card and an end (and a way), the
    S25 choice, a card played while out, or the ghost's walk to its end."""
    answer = page.request.get(url + "api/state").json()
    kind = answer["state"]["decision"]["kind"]
    if kind == "place":
        page.locator(".choice.place").first.click()
    elif kind == "ghost":
        # The last step's click sends the walk a moment later: ask the page, not the server,
        # whether the walk goes on, or a click would wait for arrows that are gone.
        turn = page.evaluate("() => document.body.dataset.turn")
        while True:
            page.wait_for_function(f"() => document.body.dataset.turn !== '{turn}' || document.querySelector('.choice.ghost-step')")
            if page.evaluate("() => document.body.dataset.turn") != turn:
                break
            page.locator(".choice.ghost-step").first.click()
    elif kind == "move":
        best = _best_move(answer, exit_at)
        page.locator(f".cards button[data-card='{best['card']}']").click()
        x, y = best["end"]
        page.locator(f".choice.end[data-x='{x}'][data-y='{y}']").click()
        ways = page.locator(".way")
        if page.locator(".ways").count():
            index = [m for m in answer["legal"] if m["card"] == best["card"] and m["end"] == best["end"]].index(best)
            ways.nth(index).click()
    else:
        page.locator(".prompt .cards button, .prompt .choices button").first.click()


def play_to_end(page, url: str, limit: int = 300) -> int:
    """Click through a whole game (bots play at the page's speed); the decisions it took."""
    exit_at = page.request.get(url + "api/game").json()["geometry"]["exit"]
    for clicks in range(limit):
        page.wait_for_function("() => document.body.dataset.terminal === 'true' || document.querySelector('.prompt')")
        if page.evaluate("() => document.body.dataset.terminal") == "true":
            return clicks
        turn = page.evaluate("() => document.body.dataset.turn")
        click_choice(page, url, exit_at)
        page.wait_for_function(f"() => document.body.dataset.turn !== '{turn}'")
    raise AssertionError(f"no end after {limit} decisions")
