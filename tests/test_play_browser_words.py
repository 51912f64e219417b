"""What the play and replay page says, in a real browser: one name for a seat everywhere
("Player 2 (Goat, greedy)", Player 1 being seat 0), how a game ended in words with its rule
rather than the record's code, a replay's seed exactly as recorded, and whose move a
replay's step shows and who plays next, alike in the bar and the panel, and in a game being
played the seat that moved last. Screenshots go to
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

from playserved import SHOTS, open_page, served  # noqa: E402,F401
from printkit.games.record import dumps  # noqa: E402
from printkit.play.matches import sinoda_match, sinpin_match, yinsh_match  # noqa: E402
from printkit.play.replay import load_record, replay_of  # noqa: E402
from printkit.play.session import Session  # noqa: E402

expect.set_options(timeout=10_000)

ROOT = Path(__file__).resolve().parent.parent
LEVEL = check_level(str(ROOT / "levels" / "01-first-steps.yaml")).level
SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)  # the protocol's 0-based numbers, never shown


def bots_play(session: Session) -> None:
    while not session.state.is_terminal():
        session.bot_turn(session.turn)


def shown_text(page: Page) -> str:
    return page.locator("#status").inner_text() + "\n" + page.locator("#view").inner_text()


def test_the_top_bar_names_seats_as_the_panel_does(open_page):
    session = Session(sinpin_match(LEVEL, "first-steps", ["human", "greedy"], 3))
    while session.state.to_act() != 1:
        session.bot_turn(session.turn) if session.state.to_act() else session.act(session.turn, session.view()["legal"][0])
    page = open_page((1280, 800), session=session)
    expect(page.locator("#status")).to_have_text("Player 2 (Goat, greedy) is playing…")
    bots_turn = session.turn
    page.evaluate("() => { document.querySelector('#speed').value = 0; }")
    expect(page.locator("#status")).to_have_text("Your turn, Player 1 (Fox, human).", timeout=20_000)
    assert session.turn > bots_turn
    expect(page.locator(".seat[data-seat='0'] .who")).to_have_text("Player 1 (Fox, human)")
    assert not SEAT_NUMBER.search(shown_text(page))


def test_the_end_of_a_sinpin_game_in_words_and_its_replay_with_the_exact_seed(open_page):
    seed = 6203671518339364155  # past 2^53: as a JSON number a browser reads 6203671518339364000
    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "greedy"], seed))
    bots_play(session)
    page = open_page((1280, 800), session=session)
    winners = " and ".join(f"Player {s + 1} ({['Fox', 'Goat'][s]}, greedy)" for s in session.state.winners())
    words = {"out": "no avatar is left on the board (S33)", "max_rounds": "the last round was played (S33)"}[session.state.ended]
    said = f"The game is over: {words}. Winner{'s' if len(session.state.winners()) > 1 else ''}: {winners}."
    expect(page.locator("#status")).to_have_text(said)
    expect(page.locator(".ended")).to_have_text(said)
    assert not SEAT_NUMBER.search(shown_text(page))
    replay = open_page((1280, 800), replay=replay_of(load_record(dumps(session.record))[0]))
    expect(replay.locator("#status")).to_have_text("Replaying game 0 (seed 6203671518339364155).")
    expect(replay.locator("body")).to_have_attribute("data-step", "0")
    replay.keyboard.press("End")
    expect(replay.locator("#status")).to_have_text(f"The end: {words}. Winner{'s' if len(session.state.winners()) > 1 else ''}: {winners}.")
    expect(replay.locator("#step-text")).to_contain_text(re.compile(r"turn \d+ \(round \d+\): Player [12] \((Fox|Goat), greedy\) played · the game is over"))
    assert not SEAT_NUMBER.search(shown_text(replay) + replay.locator("#step-text").inner_text())


@pytest.mark.parametrize("game", ["sinoda", "yinsh"])
def test_the_end_of_a_sinoda_or_yinsh_game_in_the_engines_words(open_page, game):
    if game == "yinsh":
        from printkit.yinsh.actions import ENDING_WORDS
        from printkit.yinsh.game import YinshGame
        from printkit.yinsh.knobs import BLITZ

        session = Session(yinsh_match(YinshGame(BLITZ), ["random", "greedy"], 9))
    else:
        from printkit.sinoda.game import make_game
        from printkit.sinoda.rules import ENDING_WORDS

        session = Session(sinoda_match(make_game(2), "sinoda-2", ["random", "greedy"], 9))
    bots_play(session)
    page = open_page((1280, 800), session=session)
    words = ENDING_WORDS[session.state.ended]
    expect(page.locator("#status")).to_contain_text(f"The game is over: {words}. ")
    expect(page.locator("#view")).to_contain_text(words)  # the board's prompt says it the same way
    assert f"({session.state.ended})" not in shown_text(page)  # the record's code, as the page said it before
    page.click("#watch")
    expect(page.locator("body")).to_have_attribute("data-step", "0")  # the replay's keys are bound
    page.keyboard.press("End")
    expect(page.locator("#status")).to_contain_text(f"The end: {words}. ")
    assert not SEAT_NUMBER.search(shown_text(page) + page.locator("#step-text").inner_text())


def replay_of_simulated(args: list[str], folder: Path):
    record = folder / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", *args, "--games", "1", "--seed", "1", "--record", str(record)])
    assert result.exit_code == 0, result.output
    return replay_of(load_record(record.read_text())[0])


def marked(page: Page, mark: str) -> list[tuple[str, str]]:
    """The panel's seat lines marked `mark` ("moved", "acting"): each one's seat and text."""
    return page.eval_on_selector_all(f"#view aside [data-seat].{mark}", "els => els.map((e) => [e.dataset.seat, e.innerText])")


@pytest.mark.parametrize("game, args", [("sinpin", ["first-steps", "--players", "3"]), ("sinoda", ["sinoda-2"]),
                                        ("yinsh", ["yinsh", "--blitz"])])
def test_a_replay_step_says_who_played_and_who_is_next_as_the_panel_marks_them(open_page, tmp_path, game, args):
    """The bar named the seat whose move a step shows while the panel highlighted the seat
    to play next: a viewer could not tell whose turn a line was about. Now the bar says both
    ("Player 2 (…) played · next: Player 3 (…)") and the panel marks both alike."""
    replay = replay_of_simulated(args, tmp_path)
    page = open_page((1280, 800), replay=replay)
    bar = page.locator("#step-text")
    expect(bar).to_contain_text("before set-up" if game == "sinpin" else "before the first move")
    expect(bar.locator(".next")).to_have_text(re.compile(rf"^next: Player {replay.steps[0].state.to_act() + 1}\b"))
    assert marked(page, "moved") == []
    # a turn whose player is not the next one: the case where the two disagreed
    step = next(k for k, s in enumerate(replay.steps) if s.line and "turn" in s.line
                and not s.state.is_terminal() and s.state.to_act() != s.line["seat"])
    page.locator("#scrubber").fill(str(step))
    expect(page.locator("body")).to_have_attribute("data-step", str(step))
    mover, nxt = replay.steps[step].line["seat"], replay.steps[step].state.to_act()
    played = bar.locator(".moved").inner_text()
    assert re.fullmatch(rf"Player {mover + 1} \(.+\) played", played), played
    upcoming = bar.locator(".next").inner_text()
    assert re.fullmatch(rf"next: Player {nxt + 1} \(.+\)", upcoming), upcoming
    (moved_seat, moved_text), = marked(page, "moved")
    (next_seat, next_text), = marked(page, "acting")
    assert (int(moved_seat), int(next_seat)) == (mover, nxt)
    # the same names, and the marks said in words
    assert played.removesuffix(" played") in moved_text and "just played" in moved_text
    assert upcoming.removeprefix("next: ") in next_text and "next" in next_text.split(upcoming.removeprefix("next: "))[1]
    if game == "sinpin":  # a set-up line names its player too
        setup = next(k for k, s in enumerate(replay.steps) if s.line and "setup" in s.line)
        page.locator("#scrubber").fill(str(setup))
        expect(bar.locator(".moved")).to_have_text(re.compile(
            rf"^Player {replay.steps[setup].line['seat'] + 1} \(.+\) placed a {replay.steps[setup].line['setup']}$"))
    page.keyboard.press("End")
    expect(bar).to_contain_text("· the game is over")
    assert marked(page, "acting") == [] and len(marked(page, "moved")) == 1


def session_of(game: str, players: list[str]) -> Session:
    if game == "sinpin":
        return Session(sinpin_match(LEVEL, "first-steps", players, 0))
    if game == "sinoda":
        from printkit.sinoda.game import make_game

        return Session(sinoda_match(make_game(2), "sinoda-2", players, 0))
    from printkit.yinsh.game import YinshGame

    return Session(yinsh_match(YinshGame(), players, 0))


@pytest.mark.parametrize("game", ["sinpin", "sinoda", "yinsh"])
def test_while_playing_the_seat_that_moved_last_is_marked_just_played(open_page, game):
    """The play page marked no mover: after the bots' turns a person could not see at a
    glance who had moved last. The panel marks the last action's seat as a replay does."""
    session = session_of(game, ["human", "greedy"])
    page = open_page((1280, 800), session=session)
    if session.state.to_act() == 0:  # the person acts first: nobody has moved yet
        expect(page.locator("#status")).to_have_text(re.compile("^Your turn"))
        assert marked(page, "moved") == []
        while session.state.to_act() == 0:  # the person's turn, played for them (Sinpin's has several steps)
            session.act(session.turn, session.view()["legal"][0])
        page.reload()
    page.evaluate("() => { document.querySelector('#speed').value = 0; }")
    expect(page.locator("#status")).to_have_text(re.compile("^Your turn"), timeout=20_000)
    assert session.last is not None and session.last["seat"] == 1  # the bot's move came last
    (moved_seat, moved_text), = marked(page, "moved")
    (acting_seat, acting_text), = marked(page, "acting")
    assert (moved_seat, acting_seat) == ("1", "0")
    assert "just played" in moved_text and "Player 2 (" in moved_text and "next" in acting_text
    page.locator("#view aside").screenshot(path=str(SHOTS / f"just-played-{game}.png"))
