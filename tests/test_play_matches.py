"""printkit.play.matches: a record's header sets up the game it was played in. A Sinoda
record replays on the set-up its header names (`setup`, docs/sinoda.md "The record"), not on
whatever board spec of the same name is found where it is replayed (N2, N3, N11). And a
Sinpin move's words (the list of legal actions in words) tell each way of a card apart by its
trail and what it meets, as the record then tells the move played (S15-S25)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from playdriver import at_own_decision

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
    assert result.exit_code == 2 and f"cannot be read beside the record ({tmp_path})" in result.stderr
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


# -- Sinpin moves in words ------------------------------------------------------------------------
FIELD_AND_MET = re.compile(r"([A-Z]+\d+)(?: \(([^)]*)\))?")
# What the words say after a field, for each event a record line has (game-record.md)
SAID = {"gem": lambda e: "gem", "heart": lambda e: "heart", "hurt": lambda e: "-1 health",
        "draw": lambda e: "question mark", "payout": lambda e: f"chest pays {e[2]} gem{'' if e[2] == 1 else 's'}"}


def way_said(label: str) -> list[tuple[str, list[str]]]:
    """The trail a move's words name: each field, with what they say acts there."""
    return [(name, met.split(", ") if met else []) for name, met in FIELD_AND_MET.findall(label.split(": ", 1)[1])]


def field(at: list[int]) -> str:
    from printkit.sinpin.tiles import field_name

    return field_name(*at)


def test_every_way_of_a_card_has_its_own_words_naming_its_trail():
    # first-steps, you and greedy, seed 0, your first move: card 6 reached B4 four ways, all
    # "card 6 to B4, +1 gems" (and C3 four ways, card 5's C3 three) in the page's list
    view = at_own_decision("first-steps", ["human", "greedy"], 0, "move").view()
    labels = view["labels"]
    assert len(set(labels)) == len(labels) == 37
    to_b4 = [label for label in labels if label.startswith("card 6 to B4, +1 gem: ")]
    assert len(to_b4) == 4
    assert "card 6 to B4, +1 gem: D4, D3, C3, C2 (web), B2 (web), B3 (gem), B4 (web)" in to_b4
    for action, label in zip(view["legal"], labels):
        assert [name for name, _ in way_said(label)] == [field(at) for at in action["trail"]]


def _eventful(view: dict, met: set[str]) -> dict:
    """The move whose words say the most, what has not been met yet first."""
    def score(label: str) -> tuple:
        new = sum(1 for kind, words in SAID.items() if kind not in met and words([0, 0, 2]).split(" 2")[0] in label)
        return (new, label.count("("), len(label))

    return max(zip(view["legal"], view["labels"]), key=lambda pair: score(pair[1]))[0]


def _own_moves(session, steps: int):
    """The view at each of seat 0's move decisions in the next `steps` steps of the game: the
    bots play their turns, seat 0 its first legal action at other decisions; the caller acts."""
    for _ in range(steps):
        state = session.state
        if state.is_terminal():
            return
        if state.to_act() != 0:
            session.bot_turn(session.turn)
            continue
        view = session.view()
        if state.decision.kind != "move":
            session.act(session.turn, view["legal"][0])
            continue
        yield view


def _played_in_words(level_name: str, seed: int, met: set[str]) -> None:
    """A game of you and two greedy bots: at each of your moves the most eventful way is
    played, and the record's line of it must be what its words said."""
    session = at_own_decision(level_name, ["human", "greedy", "greedy"], seed, "move")
    for view in _own_moves(session, 150):
        assert len(set(view["labels"])) == len(view["labels"]), view["labels"]
        chosen = _eventful(view, met)
        label = view["labels"][view["legal"].index(chosen)]
        session.act(session.turn, chosen)
        line = session.state.turn_so_far() or session.state.lines()[-1]
        assert [name for name, _ in way_said(label)] == [field(at) for at in line["move"]["trail"]]
        told = [(field(e[1]), SAID[e[0]](e)) for e in line["events"] if e[0] in SAID]
        said = [(name, met) for name, mets in way_said(label) for met in mets if met not in ("web", "teleported")]
        assert said == told, label
        met.update(e[0] for e in line["events"])


def test_the_words_of_a_move_are_what_the_record_then_tells_of_it():
    met: set[str] = set()
    for level_name, seed in [("the-chimney", 0), ("treasure-vault", 1), ("teleport-tangle", 4)]:  # S16-S25 all met
        _played_in_words(level_name, seed, met)
    assert set(SAID) <= met, f"only {sorted(met)} met on the way: the words of the rest untested"


def test_a_teleport_s_arrival_is_said_so_and_only_there():
    """A review: the words listed a move's trail field by field, so a teleport (S20) read as a
    leap across the map ("B7, K7"). The arrival is marked where the engine's trail has it (its
    ARRIVE event, kept by game.suffixmemo): on teleport-tangle, you and greedy, seed 0, walking
    to the teleporter at B7, the next move lists ways that teleport from it, each once (S20)."""
    from printkit.sinpin.tiles import parse_field

    session = at_own_decision("teleport-tangle", ["human", "greedy"], 0, "move")
    for view in _own_moves(session, 60):
        if any("teleported" in label for label in view["labels"]):
            break
        session.act(session.turn, min(view["legal"], key=lambda a: abs(a["end"][0] - 1) + abs(a["end"][1] - 6)))
    else:
        pytest.fail("no move that teleports came up")
    labels = view["labels"]
    assert "card 1 to K7: B7, K7 (teleported)" in labels  # the pocket has no way in on foot
    assert "card 2 to D3: B7, E3 (teleported), D3 (web)" in labels
    rows = session.state.replayed.game.state.rows
    for label in labels:
        trail = way_said(label)
        arrivals = [index for index, (_, met) in enumerate(trail) if "teleported" in met]
        assert len(arrivals) <= 1, label  # S20: a move teleports at most once
        for index in arrivals:  # from a teleporter entered to another (S20), never where the move starts (S15)
            assert index > 0, label
            for name in (trail[index - 1][0], trail[index][0]):
                x, y = parse_field(name)
                assert rows[y][x] == "O", label
    assert sum("teleported" in label for label in labels) == 20
