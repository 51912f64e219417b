"""printkit.play.matches: a record's header sets up the game it was played in. A Sinoda
record replays on the set-up its header names (`setup`, docs/sinoda.md "The record"), not on
whatever board spec of the same name is found where it is replayed (N2, N3, N11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.play.matches import rules_of_header
from printkit.play.replay import ReplayError, load_record, replay_of
from printkit.play.steps import ReplayInputError
from printkit.sinoda.board import make_setup

# A spec of the user's own, named as the bundled `sinoda-4` (4 players, no teams) is.
TEAMS_SPEC = "game: sinoda\nplayers: 4\nteams: 2\n"


@pytest.fixture(scope="module")
def team_record(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    folder = tmp_path_factory.mktemp("spec")
    (folder / "sinoda-4.yaml").write_text(TEAMS_SPEC)
    record = folder / "games.jsonl"
    result = CliRunner().invoke(main, ["simulate", str(folder / "sinoda-4.yaml"), "--games", "1", "--seed", "3",
                                       "--record", str(record), "--json"])
    assert result.exit_code == 0, result.output
    return load_record(record.read_text())[0]


def test_a_record_of_an_own_spec_replays_on_its_set_up_not_the_bundled_one(team_record, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the spec is not here: the header alone must do
    head = team_record[0]
    assert head["board"] == "sinoda-4" and head["setup"] == "4-teams"
    replay = replay_of(team_record)
    assert replay.match.rules.setup == make_setup(4, teams=2)  # N11: teammates opposite
    last = replay.steps[-1].state
    assert last.is_terminal() and list(last.winners()) == team_record[-1]["winners"]


def test_the_set_up_comes_from_the_header_for_every_set_up():
    for name, players in (("3-small", 3), ("6-three-teams", 6), ("2", 2)):
        head = {"record": "sinoda-game", "board": "nowhere", "setup": name, "players": [{}] * players}
        assert rules_of_header(head).setup.name == name


def test_a_header_that_contradicts_itself_does_not_replay(team_record):
    lines = json.loads(json.dumps(team_record))
    lines[0]["teams"] = []
    with pytest.raises(ReplayError, match="teams"):
        replay_of(lines)
    lines[0]["setup"] = "5-huge"
    with pytest.raises(ReplayError, match="no Sinoda set-up"):
        replay_of(lines)


def test_an_old_header_without_its_set_up_needs_its_spec_else_exit_2(team_record, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = json.loads(json.dumps(team_record))
    del lines[0]["setup"]
    lines[0]["board"] = "my-board"
    with pytest.raises(ReplayInputError, match="'my-board' cannot be read"):
        replay_of(lines)
    record = tmp_path / "old.jsonl"
    record.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = CliRunner().invoke(main, ["replay", str(record), "--no-browser"])
    assert result.exit_code == 2 and "cannot be read here" in result.stderr
    (tmp_path / "my-board.yaml").write_text(TEAMS_SPEC)  # found as it was named: replays
    assert replay_of(lines).match.rules.setup == make_setup(4, teams=2)


def test_a_record_cut_short_or_ending_with_other_winners_does_not_replay(team_record):
    cut = [*team_record[:6], team_record[-1]]
    with pytest.raises(ReplayError, match="before the game does"):
        replay_of(cut)
    lines = json.loads(json.dumps(team_record))
    lines[-1]["winners"] = [seat for seat in range(4) if seat not in team_record[-1]["winners"]]
    with pytest.raises(ReplayError, match="winners"):
        replay_of(lines)


@pytest.mark.parametrize("spoil", [
    lambda lines: lines[0].pop("seed"), lambda lines: lines[0].update(seed="three"),
    lambda lines: lines[0].update(players=["a", "b"]), lambda lines: lines.__setitem__(1, {**lines[1], "action": [1]}),
    lambda lines: lines[0].update(rules=5)])
def test_a_record_line_of_the_wrong_shape_is_a_replay_error_not_a_crash(team_record, spoil):
    lines = json.loads(json.dumps(team_record))
    spoil(lines)
    with pytest.raises(ReplayError):
        replay_of(lines)


@pytest.mark.parametrize("text, words", [("5\n", "JSON object, not int"), ("null\n", "JSON object, not NoneType"),
                                         ('{"n": ' + "1" * 5000 + "}\n", "a number too long")])
def test_a_record_file_of_other_json_is_a_replay_error(text, words):
    with pytest.raises(ReplayError, match=words):
        load_record(text)
