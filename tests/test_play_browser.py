"""The play and replay page in a real browser: Debian's Chromium driven by Playwright.

A whole Sinpin game on first-steps played by clicks against two bots to its end; the
record it saves replays with the same states; an action the game does not list is refused
even when the page sends it; the replay viewer steps through a `simulate --record` file
(keys, scrubber, jumps, the other outcomes); Sinoda in the generic view. Screenshots go to
output/test-results/play/. Skipped without /usr/bin/chromium, except in CI (CI=true).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chromium import need_chromium
from click.testing import CliRunner

from printkit.cli import main
from printkit.cli.levelcheck import check_level

pytestmark = pytest.mark.browser  # one worker runs this file, with one browser (conftest.py)

need_chromium()

from playwright.sync_api import Page, expect  # noqa: E402

from heldfetch import hold_fetches, let_go, wait_for_held  # noqa: E402
from playdriver import click_choice, play_to_end  # noqa: E402
from playserved import open_page, served  # noqa: E402,F401  (fixtures shared with the board views' tests)
from printkit.games.record import dumps  # noqa: E402
from printkit.play.matches import sinoda_match, sinpin_match  # noqa: E402
from printkit.play.replay import load_record, replay_of  # noqa: E402
from printkit.play.session import Session  # noqa: E402

expect.set_options(timeout=10_000)

ROOT = Path(__file__).resolve().parent.parent
LEVEL = check_level(str(ROOT / "levels" / "01-first-steps.yaml")).level


def fast(page: Page) -> None:
    page.fill("#speed", "0")
    page.dispatch_event("#speed", "input")


def test_a_whole_game_by_clicks_against_two_bots_then_its_replay(open_page, served, tmp_path):
    saved: list[list[dict]] = []
    session = Session(sinpin_match(LEVEL, "first-steps", ["human", "greedy", "greedy"], 1), on_record=saved.append)
    page = open_page(session=session)
    expect(page.locator(".seat")).to_have_count(3)
    fast(page)
    decisions = play_to_end(page, served.url)
    assert decisions >= 3  # set-up placements and moves, each by clicks
    expect(page.locator(".ended")).to_contain_text("The game is over")
    assert session.state.is_terminal() and saved == [session.record]
    assert {line["bot"] for line in session.record[0]["players"]} == {"human", "greedy"}
    # the record replays with the same states: each step is the state the game passed
    replay = replay_of(load_record(dumps(saved[0]))[0])
    rules = session.rules
    reached = {}
    for state in session.states:
        reached.setdefault(len(state.lines()), state)
    assert [rules.state_json(step.state) for step in replay.steps] == [
        rules.state_json(reached[number]) for number in range(len(replay.steps))]
    # the same view inside play, once the game is over
    page.click("#watch")
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    page.keyboard.press("End")
    expect(page.locator("body")).to_have_attribute("data-step", str(len(replay.steps) - 1))
    expect(page.locator("#status")).to_contain_text("The end")


def test_an_action_not_listed_is_refused_even_from_the_page(open_page):
    session = Session(sinpin_match(LEVEL, "first-steps", ["human", "greedy"], 3))
    while session.state.to_act() != 0:
        session.bot_turn(session.turn)
    page = open_page(session=session)
    expect(page.locator(".choice.place").first).to_be_visible()
    offered = {(int(x), int(y)) for x, y in page.eval_on_selector_all(
        ".choice.place", "els => els.map(e => [e.dataset.x, e.dataset.y])")}
    assert offered == {action[1:] for action in session.state.legal_actions()}
    answer = page.evaluate("""async (turn) => {
        const r = await fetch('/api/act', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                           body: JSON.stringify({turn, action: {place: [0, 0], item: 'web'}})});
        return [r.status, (await r.json()).error];
    }""", session.turn)
    assert answer[0] == 422 and "S28" in answer[1]
    turn = session.turn
    page.locator(".choice.place").first.click()
    expect(page.locator("body")).not_to_have_attribute("data-turn", str(turn))
    assert session.turn > turn


def test_the_replay_viewer_steps_through_a_simulate_record(open_page, tmp_path):
    record = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", "first-steps", "--games", "2", "--bots", "greedy,rusher",
                                       "--seed", "5", "--record", str(record)])
    assert result.exit_code == 0, result.output
    lines = load_record(record.read_text())[1]
    replay = replay_of(lines)
    page = open_page(replay=replay)
    expect(page.locator("#replay-bar")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    first_turn = next(number for number, line in enumerate(lines[1:-1], start=1) if "turn" in line and line["move"])
    for _ in range(first_turn):
        page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-step", str(first_turn))
    expect(page.locator("#step-text")).to_contain_text("turn 1 (round 1): ")
    # the bar names the turn just played, the panel the next one, each saying which
    expect(page.locator(".box")).to_have_text(re.compile(r"^Next: turn 2 \(round 1\) · the box: "))
    expect(page.locator(".last-move")).to_have_count(1)  # the trail of the move
    expect(page.locator(".line")).to_contain_text(f"plays a {lines[first_turn]['card']}")
    page.check("#alternatives")
    expect(page.locator(".alternative")).to_have_count(len(replay.steps[first_turn].alternatives))
    # the other outcomes in the play page's outcome colour, far from every avatar's (colourdiff.py)
    from colourdiff import OUTCOME_APART, hex_of, nearest, sinpin_marks
    drawn = set(page.eval_on_selector_all(".alternative polyline:last-of-type", "lines => lines.map((l) => l.getAttribute('stroke'))"))
    assert len(drawn) == 1 and nearest(hex_of(drawn.pop()), sinpin_marks())[0] >= OUTCOME_APART
    page.keyboard.press("ArrowLeft")
    expect(page.locator("body")).to_have_attribute("data-step", str(first_turn - 1))
    page.fill("#jump-round", "2")
    page.dispatch_event("#jump-round", "change")
    expect(page.locator("#step-text")).to_contain_text("round 2")
    page.locator("#scrubber").fill(str(len(replay.steps) - 1))
    expect(page.locator("#status")).to_contain_text("The end")
    fast(page)
    page.locator("#scrubber").fill(str(len(replay.steps) - 6))
    page.click("#autoplay")
    expect(page.locator("body")).to_have_attribute("data-step", str(len(replay.steps) - 1))



def test_the_panel_names_the_box_at_set_up_and_the_last_round_at_the_end(open_page, tmp_path):
    """At set-up the box is not made yet (S29), not "empty"; a game over names the round and
    turn it ended in, as the end line does, not a next turn that never comes."""
    record = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", "first-steps", "--games", "1", "--seed", "5", "--record", str(record)])
    assert result.exit_code == 0, result.output
    lines = load_record(record.read_text())[0]
    page = open_page(replay=replay_of(lines))
    expect(page.locator(".box")).to_contain_text("the box: made when set-up is over (S29)")
    page.keyboard.press("End")
    expect(page.locator("#status")).to_contain_text("The end")
    turns = sum(1 for line in lines[1:-1] if "turn" in line)
    expect(page.locator(".box")).to_have_text(re.compile(
        rf"^Ended after turn {turns} \(round {lines[-1]['rounds']}\) · the box: "))
    expect(page.locator("#step-text")).to_contain_text(f"turn {turns} (round {lines[-1]['rounds']}): ")


def test_autoplay_paused_while_a_step_is_on_its_way_stays_paused(open_page, tmp_path):
    """The pause pressed while autoplay fetches a step (its timer has fired) holds: the step
    arrives and is shown, and no further one is asked for."""
    record = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", "first-steps", "--games", "1", "--seed", "5", "--record", str(record)])
    assert result.exit_code == 0, result.output
    page = open_page(replay=replay_of(load_record(record.read_text())[0]))
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    fast(page)
    hold_fetches(page)  # every step answer waits until let go: the pause surely lands while one is on its way
    page.click("#autoplay")
    wait_for_held(page)  # autoplay's timer fired: a step asked for
    page.click("#autoplay")
    expect(page.locator("#autoplay")).to_have_text("▶ play")
    let_go(page)  # it comes, after the pause; a step asked for later would come too
    expect(page.locator("body")).to_have_attribute("data-step", "1")  # the step asked for before the pause
    page.wait_for_timeout(1200)  # three more steps' time, had autoplay gone on
    expect(page.locator("body")).to_have_attribute("data-step", "1")
    expect(page.locator("#autoplay")).to_have_text("▶ play")

@pytest.mark.parametrize("viewport", [(1400, 900), (1000, 700)])
def test_the_map_and_the_panel_fit_the_window(open_page, viewport):
    session = Session(sinpin_match(check_level(str(ROOT / "levels" / "07-the-chimney.yaml")).level, "the-chimney",
                                   ["human", "greedy", "greedy", "greedy"], 2))
    page = open_page(viewport, session=session)
    expect(page.locator(".choice.place").first).to_be_visible()
    width, height = viewport
    for selector in ("#map", ".sinpin aside"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    rows = page.locator("#map .cell").count()
    assert rows == session.rules.level.width * session.rules.level.height


def test_sinoda_is_playable_in_the_generic_view(open_page):
    # ?view=generic: the view every game has, whether or not games/sinoda.js exists
    from printkit.sinoda.game import make_game

    session = Session(sinoda_match(make_game(2), "sinoda-2", ["human", "random"], 0))
    page = open_page(query="?view=generic", session=session)
    fast(page)
    expect(page.locator(".generic button.action").first).to_be_visible()
    turn = session.turn
    page.locator(".generic button.action").first.click()
    expect(page.locator("body")).not_to_have_attribute("data-turn", str(turn))
    assert session.turn > turn


def test_a_way_is_chosen_when_several_lead_to_one_end(open_page):
    session = Session(sinpin_match(LEVEL, "first-steps", ["human", "greedy"], 1))
    while not (session.state.to_act() == 0 and session.state.decision.kind == "move"):
        if session.state.to_act() == 0:
            session.act(session.turn, session.view()["legal"][0])
        else:
            session.bot_turn(session.turn)
    legal = session.view()["legal"]
    ways = [move for move in legal if move["card"] == 4 and move["end"] == [3, 3]]
    assert len(ways) == 4  # a 4 from the door reaches D4 in four ways
    page = open_page(session=session)
    page.keyboard.press("4")
    expect(page.locator(".outcome")).to_have_count(sum(move["card"] == 4 for move in legal))
    page.keyboard.press("Escape")
    expect(page.locator(".outcome")).to_have_count(0)
    page.locator(".cards button[data-card='4']").click()
    page.locator(".choice.end[data-x='3'][data-y='3']").click()
    expect(page.locator(".way")).to_have_count(4)
    page.locator(".way").nth(2).hover()
    expect(page.locator(".hovered")).to_have_count(1)
    turn = session.turn
    page.locator(".way").nth(2).click()
    expect(page.locator("body")).not_to_have_attribute("data-turn", str(turn))
    assert session.turns[turn]["action"] == ways[2]


def test_the_ghost_is_walked_square_by_square_and_an_out_player_plays_cards(open_page, served):
    level = check_level(str(ROOT / "levels" / "03-spike-pit.yaml")).level
    session = Session(sinpin_match(level, "spike-pit", ["human", "greedy"], 0))
    page = open_page(session=session)
    fast(page)
    # the ghost's first decision: each click one square, only the squares some path goes on
    while True:
        page.wait_for_function("() => document.querySelector('.prompt')")
        if session.state.to_act() == 0 and session.state.decision.kind == "ghost":
            break
        turn = session.turn
        click_choice(page, served.url, list(level.exit))
        page.wait_for_function(f"() => document.body.dataset.turn !== '{turn}'")
    paths = page.request.get(served.url + "api/state").json()["ghost_paths"]
    expect(page.locator(".choice.ghost-step")).to_have_count(len({tuple(path[0]) for path in paths}))
    turn = session.turn
    for step in range(len(paths[0])):
        if session.turn != turn:
            break
        page.locator(".choice.ghost-step").first.click()
    expect(page.locator("body")).not_to_have_attribute("data-turn", str(turn))
    assert "ghost" in session.turns[turn]["action"] and session.turns[turn]["seat"] == 0
    play_to_end(page, served.url)
    mine = [line["action"] for line in session.turns if line["seat"] == 0]
    assert any("card" in action and "move" not in action for action in mine)  # out, it still plays cards (S29a)
