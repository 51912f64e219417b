"""printkit.play's session, app and replays, without a browser: the server is the authority
(only listed actions pass, stale and out-of-turn requests are refused), a played game's
record is the frame `simulate --record` writes, and records replay through the protocol."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from printkit.cli import main
from printkit.cli.levelcheck import check_level
from printkit.editor.guard import allowed_hosts
from printkit.games.record import dumps
from printkit.play.app import create_app
from printkit.play.matches import sinpin_match
from printkit.play.replay import ReplayError, load_record, replay_of
from printkit.play.session import Session

HOSTS = allowed_hosts("127.0.0.1", 8765)
LEVEL = check_level("levels/01-first-steps.yaml").level


def client_for(session: Session | None = None, replay=None) -> TestClient:
    return TestClient(create_app(HOSTS, session=session, replay=replay), base_url="http://127.0.0.1:8765")


def bots_play(session: Session) -> None:
    while not session.state.is_terminal():
        session.bot_turn(session.turn)


@pytest.fixture
def human_first() -> tuple[Session, TestClient]:
    session = Session(sinpin_match(LEVEL, "first-steps", ["human", "greedy"], 3))
    return session, client_for(session)


def test_game_names_the_seats_and_the_map(human_first):
    _, client = human_first
    info = client.get("/api/game").json()
    assert info["game"] == "sinpin"
    assert info["seats"] == [{"seat": 0, "player": "human", "avatar": "Fox"}, {"seat": 1, "player": "greedy", "avatar": "Goat"}]
    # the end line's codes in words (S33), shown by the page instead of "out"
    assert info["endings"] == {"out": "no avatar is left on the board (S33)", "max_rounds": "the last round was played (S33)"}
    assert info["geometry"]["map"] == list(LEVEL.rows) and info["geometry"]["width"] == 6
    assert "sym-tile" in info["geometry"]["palette"]["icons"]


def test_a_person_is_offered_exactly_the_legal_actions_with_words(human_first):
    session, client = human_first
    while session.state.to_act() != 0:
        session.bot_turn(session.turn)
    view = client.get("/api/state").json()
    assert view["human"] and view["to_act"] == 0 and view["turn"] == session.turn
    assert len(view["legal"]) == len(view["labels"]) == len(session.state.legal_actions())
    assert view["state"]["decision"]["kind"] == "place" and view["labels"][0].startswith("web on ")


def test_last_is_the_persons_own_move_while_they_walk_the_ghost():
    """A person's ghost decision comes after their move: "recent" is that turn so far (its
    card, trail and events), not the line before it (an old set-up placement)."""
    level = check_level("levels/05-teleport-tangle.yaml").level
    session = Session(sinpin_match(level, "teleport-tangle", ["human", "greedy", "greedy"], 2))
    moved = None
    while not (session.state.to_act() == 0 and session.state.decision.kind == "ghost"):
        if session.state.to_act() != 0:
            session.bot_turn(session.turn)
            continue
        legal = session.view()["legal"]
        action = next((a for a in legal if a.get("card") == 6), legal[0])
        moved = action if "move" in action else moved
        session.act(session.turn, action)
    recent = session.view()["recent"]
    assert recent["under_way"] and recent["seat"] == 0 and recent["card"] == moved["card"]
    assert recent["move"]["end"] == moved["end"] and recent["move"]["trail"] == moved["trail"]
    assert "setup" not in recent
    # the ghost's ends in words, each its own (the list of legal actions in words offers them)
    labels = session.view()["labels"]
    assert len(set(labels)) == len(labels) > 1 and all(re.fullmatch(
        r"the ghost (\d+ squares? (left|right|up|down)(, \d+ (up|down))?|round and back to where it stands) \(S30\)", label)
        for label in labels), labels
    before = session.turn
    session.act(before, session.view()["legal"][0])  # the walk done: the turn is whole
    while session.state.to_act() not in (0, None):
        session.bot_turn(session.turn)
    assert "under_way" not in session.view()["recent"]  # a finished line again


def test_an_action_not_listed_is_refused_with_its_rule(human_first):
    session, client = human_first
    while session.state.to_act() != 0:
        session.bot_turn(session.turn)
    turn = session.turn
    rock = client.post("/api/act", json={"turn": turn, "action": {"place": [0, 0], "item": "web"}})
    assert rock.status_code == 422 and "S28" in rock.json()["error"]
    nonsense = client.post("/api/act", json={"turn": turn, "action": {"fly": True}})
    assert nonsense.status_code == 422 and "not a Sinpin action" in nonsense.json()["error"]
    assert session.turn == turn  # nothing happened
    legal = client.get("/api/state").json()["legal"][0]
    stale = client.post("/api/act", json={"turn": turn - 1, "action": legal})
    assert stale.status_code == 409 and "past" in stale.json()["error"]
    bot = client.post("/api/bot", json={"turn": turn})
    assert bot.status_code == 409 and "person's" in bot.json()["error"]
    taken = client.post("/api/act", json={"turn": turn, "action": legal})
    assert taken.status_code == 200 and taken.json()["turn"] == turn + 1
    assert taken.json()["last"] == {"seat": 0, "action": legal}


def test_a_person_cannot_play_a_bots_turn():
    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "human"], 1))
    client = client_for(session)
    while session.state.to_act() != 0:
        session.act(session.turn, client.get("/api/state").json()["legal"][0])
    anything = session.rules.action_json(session.state, session.state.legal_actions()[0])
    refused = client.post("/api/act", json={"turn": session.turn, "action": anything})
    assert refused.status_code == 409 and "greedy" in refused.json()["error"]


def test_the_guard_refuses_other_hosts_and_origins(human_first):
    _, client = human_first
    assert client.get("/api/state", headers={"Host": "evil.example:8765"}).status_code == 403
    assert client.post("/api/bot", json={"turn": 0}, headers={"Origin": "http://evil.example"}).status_code == 403


def test_a_bots_game_records_what_simulate_records():
    from printkit.sinpin.game.bots import make_bots
    from printkit.sinpin.game.simulate import tools_for
    from printkit.sinpin.game.turn import play_game

    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "rusher", "cautious"], 11))
    bots_play(session)
    moves, knowledge = tools_for(LEVEL)
    tuned = play_game(LEVEL, make_bots(["greedy", "rusher", "cautious"], 3, knowledge), 11, level_name="first-steps",
                      moves=moves)
    assert session.record == tuned
    assert session.view()["terminal"] and session.view()["winners"] == tuned[-1]["winners"]


def test_a_played_record_replays_with_the_same_states():
    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "random", "rusher"], 5))
    bots_play(session)
    replay = replay_of(load_record(dumps(session.record))[0])
    rules = session.rules
    assert len(replay.steps) == len(session.record) - 1
    written = [len(state.lines()) for state in session.states]
    for number, step in enumerate(replay.steps):
        played = session.states[written.index(number)] if number in written else None
        if played is not None:
            assert rules.state_json(step.state) == rules.state_json(played)
    assert replay.steps[-1].state.is_terminal()


def test_a_simulate_record_replays_and_its_steps_are_served(tmp_path):
    record = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", "first-steps", "--games", "3", "--bots", "greedy,random", "--seed", "2",
                                       "--record", str(record)])
    assert result.exit_code == 0, result.output
    games = load_record(record.read_text())
    assert [lines[0]["game"] for lines in games] == [0, 1, 2]
    replay = replay_of(games[2])
    client = client_for(replay=replay)
    index = client.get("/api/replay").json()
    assert index["steps"] == len(games[2]) - 1 and index["end"] == games[2][-1]
    turn = next(mark for mark in index["marks"] if mark["turn"] == 1)
    step = client.get(f"/api/replay/{turn['step']}").json()
    assert step["line"] == games[2][turn["step"]] and step["legal"] == [] and not step["human"]
    assert all(other["card"] == step["line"]["card"] for other in step["alternatives"])
    assert client.get(f"/api/replay/{index['steps']}").status_code == 404
    assert client.post("/api/act", json={"turn": 0, "action": {}}).status_code == 409


def test_a_changed_record_does_not_replay():
    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "greedy"], 2))
    bots_play(session)
    lines = json.loads(json.dumps(session.record))
    turn = next(line for line in lines if line.get("move"))
    turn["gems"] += 5
    with pytest.raises(ReplayError, match="does not replay"):
        replay_of(lines)


def test_the_replay_index_gives_the_seed_as_text_a_browser_cannot_round():
    seed = 6203671518339364155  # past 2^53: JSON.parse in a browser reads 6203671518339364000
    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "greedy"], seed))
    bots_play(session)
    index = client_for(replay=replay_of(load_record(dumps(session.record))[0])).get("/api/replay").json()
    assert index["seed"] == "6203671518339364155" and index["header"]["seed"] == seed


def test_replay_during_play_waits_for_the_end():
    session = Session(sinpin_match(LEVEL, "first-steps", ["greedy", "greedy"], 4))
    client = client_for(session)
    assert client.get("/api/replay").status_code == 409
    bots_play(session)
    assert client.get("/api/replay").json()["steps"] == len(session.record) - 1


@pytest.mark.parametrize("game", ["yinsh", "sinoda"])
def test_other_games_play_in_the_generic_frame_and_replay(game):
    from printkit.play.matches import sinoda_match, yinsh_match
    from printkit.sinoda.rules import ENDINGS
    from printkit.yinsh.actions import ENDS

    if game == "yinsh":
        from printkit.yinsh.game import YinshGame, play_game
        from printkit.yinsh.knobs import BLITZ

        match = yinsh_match(YinshGame(BLITZ), ["random", "random"], 9)
    else:
        from printkit.sinoda.game import make_game

        match = sinoda_match(make_game(2), "sinoda-2", ["random", "random"], 9)
    session = Session(match)
    client = client_for(session)
    info = client.get("/api/game").json()
    assert info["game"] == game and info["seats"] == [{"seat": 0, "player": "random"}, {"seat": 1, "player": "random"}]
    bots_play(session)
    # every way the game can end has words with its rule (the page shows them, not the code)
    assert set(info["endings"]) == set(ENDS if game == "yinsh" else ENDINGS)
    assert info["endings"][session.state.ended].endswith(")")
    if game == "yinsh":
        assert session.record == play_game(YinshGame(BLITZ), [bot for bot in match.bots()], 9)
    replay = replay_of(session.record)
    assert len(replay.steps) == len(session.record) - 1
    assert replay.steps[-1].state.is_terminal()
    assert match.rules.state_json(replay.steps[-1].state) == match.rules.state_json(session.state)


def test_play_refuses_unknown_seats_and_replay_a_broken_record(tmp_path):
    runner = CliRunner()
    bad = runner.invoke(main, ["play", "first-steps", "--seats", "human,wizard", "--no-browser"])
    assert bad.exit_code == 2 and "wizard" in bad.output
    too_many = runner.invoke(main, ["play", "first-steps", "--seats", "human,greedy,greedy,greedy", "--no-browser"])
    assert too_many.exit_code == 2 and "4" in too_many.output
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"record": "sinpin-game", "game": 0}\n')
    result = runner.invoke(main, ["replay", str(broken), "--no-browser"])
    assert result.exit_code == 1 and "no end line" in result.output



def test_replay_of_a_missing_game_says_every_game_the_record_has(tmp_path):
    """Review: of a 100-game record replay said "it has 0, 1, …, 19", cut at 20 unsaid. Now
    a range when the numbers run on, else the first few and how many there are."""
    runner = CliRunner()
    record = tmp_path / "games.jsonl"
    simulated = runner.invoke(main, ["simulate", "first-steps", "--players", "2", "--games", "25", "--seed", "1",
                                     "--record", str(record), "-q"])
    assert simulated.exit_code == 0, simulated.output
    result = runner.invoke(main, ["replay", str(record), "--game", "150", "--no-browser"])
    assert result.exit_code == 2 and "has no game 150 (it has games 0 to 24)" in " ".join(result.output.split())
    # game 3 left out: no range, the first ten numbers and the count
    lines = record.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if '"record"' in line] + [len(lines)]
    kept = [line for start, end in zip(starts, starts[1:]) if json.loads(lines[start])["game"] != 3
            for line in lines[start:end]]
    record.write_text("\n".join(kept) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["replay", str(record), "--game", "3", "--no-browser"])
    assert "(it has games 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, … (24 games))" in " ".join(result.output.split())

def test_malformed_requests_are_refused(human_first):
    _, client = human_first
    assert client.post("/api/act", content=b"turn=0", headers={"Content-Type": "text/plain"}).status_code == 415
    assert client.post("/api/act", content=b"{turn", headers={"Content-Type": "application/json"}).status_code == 400
    assert client.post("/api/act", json={"turn": 0}).status_code == 400
    assert client.post("/api/bot", json={"turn": "zero"}).status_code == 400


def test_printkit_play_then_replay_as_a_user_runs_them(tmp_path):
    """`printkit play` in its own process, its bots' turns asked as the page asks, the record
    written at the end; then `printkit replay` serves that record (the issue's "done when")."""
    import subprocess
    import sys
    import urllib.request

    def ask(url: str, body: dict | None = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=20) as answer:
            return json.loads(answer.read())

    record = tmp_path / "game.jsonl"
    served = subprocess.Popen([sys.executable, "-m", "printkit", "play", "first-steps", "--seats", "greedy,rusher",
                               "--seed", "8", "--no-browser", "-o", str(record)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        url = served.stdout.readline().strip()
        view = ask(url + "api/state")
        while not view["terminal"]:
            view = ask(url + "api/bot", {"turn": view["turn"]})
    finally:
        served.terminate()
        assert "stopped" in served.communicate(timeout=20)[1]
    lines = load_record(record.read_text())[0]
    assert lines[0]["level"] == "first-steps (bundled)" and lines[-1]["winners"] == view["winners"]
    replayed = subprocess.Popen([sys.executable, "-m", "printkit", "replay", str(record), "--no-browser"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = replayed.stdout.readline().strip()
        index = ask(url + "api/replay")
        assert index["steps"] == len(lines) - 1 and ask(url + f"api/replay/{index['steps'] - 1}")["terminal"]
    finally:
        replayed.terminate()
        replayed.wait(20)


def test_a_turn_not_yet_come_is_refused_as_such_not_as_past():
    session = Session(sinpin_match(LEVEL, "first-steps", ["human", "greedy"], 3))
    client = client_for(session)
    ahead = client.post("/api/act", json={"turn": session.turn + 5, "action": client.get("/api/state").json()["legal"][0]})
    assert ahead.status_code == 409 and "has not come" in ahead.json()["error"]


def test_play_o_that_cannot_write_the_record_says_so_and_the_game_stands(tmp_path, capsys):
    """The page saw the game end; a record that cannot be written is told on the terminal,
    not a 500 that left the page on the turn before."""
    from printkit.cli.play import record_saver

    (tmp_path / "file").write_text("")
    save = record_saver(str(tmp_path / "file" / "game.jsonl"))
    save([{"record": "sinpin-game"}, {"end": "out", "winners": [0]}])  # no exception
    assert "the record was not written" in capsys.readouterr().err
    record_saver(str(tmp_path / "game.jsonl"))([{"record": "sinpin-game"}])
    assert (tmp_path / "game.jsonl").read_text().startswith('{"record": "sinpin-game"}')


@pytest.mark.parametrize("args, spec, rows", [([], None, 3), (["--blitz"], None, 1), ([], "rules: {rows_to_win: 5}\n", 5),
                                              (["--blitz"], "rules: {rows_to_win: 5}\n", 1)])
def test_play_yinsh_plays_the_specs_knobs_or_blitz_and_the_page_has_a_slot_a_ring(tmp_path, monkeypatch, args, spec, rows):
    """Y7, Y12: `play yinsh` played rows_to_win 3 whatever the spec's `rules:` said, had no
    --blitz, and the page drew 3 slots a seat. Now the game and its slots follow the knob."""
    target = "yinsh"
    if spec is not None:
        target = str(tmp_path / "mine.yaml")
        (tmp_path / "mine.yaml").write_text("game: yinsh\n" + spec)
    apps: list = []
    monkeypatch.setattr("printkit.cli.play._serve", lambda app_for, port, no_browser, what: apps.append(app_for(HOSTS)))
    result = CliRunner().invoke(main, ["play", target, *args, "--no-browser"])
    assert result.exit_code == 0, result.output
    client = TestClient(apps[0], base_url="http://127.0.0.1:8765")
    assert client.get("/api/state").json()["state"]["rules"]["rows_to_win"] == rows
    assert [len(row["centres"]) for row in client.get("/api/game").json()["geometry"]["slots"]] == [rows, rows]


def test_play_blitz_is_refused_for_a_game_other_than_yinsh():
    result = CliRunner().invoke(main, ["play", "first-steps", "--blitz", "--no-browser"])
    assert result.exit_code == 2 and "blitz is a YINSH rule (Y7)" in result.output
