"""`printkit play -o`: the record's file checked as `simulate --record` checks it, before the
game is served (printkit.cli.play with printkit.cli.simulate.check_game_outputs); `printkit
replay`'s Sinoda seats in the colours of the board spec the record names."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main


@pytest.fixture
def never_served(monkeypatch):
    """The game must not start: a served game would wait for its players."""
    def serve(*args, **kwargs):
        raise AssertionError("the game was served")
    monkeypatch.setattr("printkit.cli.play._serve", serve)


@pytest.mark.parametrize("target, seats", [("first-steps", "greedy,greedy"), ("yinsh", "greedy,greedy")])
def test_a_record_that_cannot_be_written_is_exit_2_before_the_game(tmp_path: Path, never_served, target, seats) -> None:
    """A newcomer's review: with -o under a file the server started, the whole game was
    played, and only then did the terminal say the record was not written."""
    (tmp_path / "game.jsonl").write_text("", encoding="utf-8")
    record = tmp_path / "game.jsonl" / "g.jsonl"
    result = CliRunner().invoke(main, ["play", target, "--seats", seats, "-o", str(record), "--no-browser"])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"printkit: {record}: cannot write: a file is in the way of its folder\n"  # as simulate says it
    simulated = CliRunner().invoke(main, ["simulate", "first-steps", "--games", "1", "--record", str(record)])
    assert simulated.exit_code == 2 and simulated.stderr == result.stderr


def test_a_folder_or_a_name_not_jsonl_is_refused_before_the_game(tmp_path: Path, never_served) -> None:
    (tmp_path / "game.jsonl").mkdir()
    folder = CliRunner().invoke(main, ["play", "first-steps", "-o", str(tmp_path / "game.jsonl"), "--no-browser"])
    assert folder.exit_code == 2 and "game.jsonl: cannot write: it is a folder" in folder.stderr
    text = CliRunner().invoke(main, ["play", "first-steps", "-o", str(tmp_path / "game.txt"), "--no-browser"])
    assert text.exit_code == 2 and "Invalid value for '-o': " in text.stderr and "must end in .jsonl" in text.stderr


SINODA_2 = Path(__file__).resolve().parent.parent / "templates" / "sinoda-2.yaml"


@pytest.mark.parametrize("change, exit_code", [
    (lambda text: text + "zzz: 1\n", 1),  # an unknown key
    (lambda text: text.replace("game: sinoda", "game: sinodaX"), 1),  # a game printkit does not play
    (lambda text: text + "x: [\n", 2)])  # not YAML
def test_a_spec_with_a_problem_is_said_as_board_says_it(tmp_path: Path, never_served, change, exit_code) -> None:
    """A review: `play` on a spec whose game was misspelt gave a traceback (KeyError:
    'sinodaX'), and on a spec that is not YAML "is no Sinpin level and no Sinoda or YINSH board
    spec" where board and simulate name the YAML error's place."""
    spec = tmp_path / "board.yaml"
    spec.write_text(change(SINODA_2.read_text(encoding="utf-8")), encoding="utf-8")
    played = CliRunner().invoke(main, ["play", str(spec), "--no-browser"])
    board = CliRunner().invoke(main, ["board", str(spec), "--json"])
    assert (played.exit_code, played.stderr) == (board.exit_code, board.stderr) and played.exit_code == exit_code
    assert played.stderr.startswith(f"{spec}:") and "Traceback" not in played.output


def replay_page_seats(record: Path, monkeypatch) -> list[dict]:
    """The seats of `/api/game` of the page `printkit replay RECORD` serves (made, not served)."""
    from starlette.testclient import TestClient

    from printkit.editor.guard import allowed_hosts

    apps = []
    monkeypatch.setattr("printkit.cli.play._serve", lambda app_for, *args: apps.append(app_for))
    result = CliRunner().invoke(main, ["replay", str(record), "--no-browser"])
    assert result.exit_code == 0, result.output
    client = TestClient(apps[0](allowed_hosts("127.0.0.1", 8765)), base_url="http://127.0.0.1:8765")
    return client.get("/api/game").json()["geometry"]["seats"]


def simulated(spec: str, record: Path) -> Path:
    result = CliRunner().invoke(main, ["simulate", spec, "--games", "1", "--seed", "1", "--record", str(record)])
    assert result.exit_code == 0, result.output
    return record


def test_a_sinoda_replay_takes_the_colours_of_the_board_its_record_names(tmp_path: Path, monkeypatch) -> None:
    """A record names its board, not its colours (docs/sinoda.md, the record): the replay
    showed every game in the default colours, sinoda-4-teams' orange and cyan players 3 and 4
    in green and orange. Now a bundled spec's colours, or those of the spec file of that
    name beside the record; the defaults when there is none, or it is another set-up's."""
    from printkit.boards.spec import DEFAULT_COLOURS, load_spec
    from printkit.draw.colours import parse_colour, text_on

    bundled = str(SINODA_2.parent / "sinoda-4-teams.yaml")
    printed = [player.colour for player in load_spec(bundled).players]
    defaults = list(DEFAULT_COLOURS["sinoda"][:4])
    assert printed != defaults
    seats = replay_page_seats(simulated("sinoda-4-teams", tmp_path / "bundled.jsonl"), monkeypatch)
    assert [seat["colour"] for seat in seats] == printed
    assert [seat["ink"] for seat in seats] == [text_on(colour) for colour in printed]  # as the print inks them

    # a spec file of the user's: found beside the record, wherever `replay` is run from
    own = ["yellow", "navy", "pink", "brown"]
    boards = tmp_path / "boards"
    boards.mkdir()
    text = Path(bundled).read_text(encoding="utf-8").replace("[vermillion, blue, orange, cyan]", f"[{', '.join(own)}]")
    (boards / "mine.yaml").write_text(text, encoding="utf-8")
    record = simulated(str(boards / "mine.yaml"), boards / "games.jsonl")
    assert '"board": "mine"' in record.read_text(encoding="utf-8")
    assert [seat["colour"] for seat in replay_page_seats(record, monkeypatch)] == [parse_colour(name) for name in own]

    # not beside it: the defaults, as for a spec of that name that is another board
    elsewhere = tmp_path / "games.jsonl"
    elsewhere.write_text(record.read_text(encoding="utf-8"), encoding="utf-8")
    assert [seat["colour"] for seat in replay_page_seats(elsewhere, monkeypatch)] == defaults
    (boards / "mine.yaml").write_text(SINODA_2.read_text(encoding="utf-8").replace("[vermillion, blue]", "[navy, pink]"),
                                      encoding="utf-8")
    assert [seat["colour"] for seat in replay_page_seats(record, monkeypatch)] == defaults


def test_a_record_naming_its_board_without_bundled_reads_one_spec_for_set_up_and_colours(tmp_path: Path,
                                                                                         monkeypatch) -> None:
    """A review: the set-up and the colours each read the record's `board` their own way.
    Named without " (bundled)" (a record from before the suffix), the set-up came from the
    bundled spec and the colours were the defaults. Now one reading (matches._spec_of_board):
    no spec file of that name beside the record, the bundled one, for both."""
    from printkit.boards.spec import load_spec

    printed = [player.colour for player in load_spec(str(SINODA_2.parent / "sinoda-4-teams.yaml")).players]
    record = simulated("sinoda-4-teams", tmp_path / "games.jsonl")
    text = record.read_text(encoding="utf-8")
    assert '"board": "sinoda-4-teams (bundled)"' in text
    record.write_text(text.replace('"board": "sinoda-4-teams (bundled)"', '"board": "sinoda-4-teams"'), encoding="utf-8")
    assert [seat["colour"] for seat in replay_page_seats(record, monkeypatch)] == printed


def test_a_record_without_its_set_up_replays_on_the_spec_beside_it_from_any_folder(tmp_path: Path,
                                                                                    monkeypatch) -> None:
    """A review: a Sinoda record without `setup` (from before it was written) took its
    set-up from the spec its `board` names where the command ran, and its colours from the
    spec beside the record: replayed from another folder it was refused ("cannot be read
    here"), or set up from another spec of that name found there. Now both come from the
    spec beside the record (docs/sinoda.md, the record; N2, N11: teammates opposite)."""
    import json

    from printkit.draw.colours import parse_colour
    from printkit.play.replay import load_record, replay_of
    from printkit.sinoda.board import make_setup

    own = ["yellow", "navy", "pink", "brown"]
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "mine.yaml").write_text(f"game: sinoda\nplayers: 4\nteams: 2\ncolours: [{', '.join(own)}]\n",
                                      encoding="utf-8")
    record = simulated(str(boards / "mine.yaml"), boards / "games.jsonl")
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["board"] == "mine" and lines[0].pop("setup") == "4-teams"  # an old record's header
    record.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert [seat["colour"] for seat in replay_page_seats(record, monkeypatch)] == [parse_colour(name) for name in own]

    # a spec of that name where the command runs is another board: neither set-up nor colours from it
    (elsewhere / "mine.yaml").write_text("game: sinoda\nplayers: 4\ncolours: [red, green, blue, black]\n",
                                         encoding="utf-8")
    assert [seat["colour"] for seat in replay_page_seats(record, monkeypatch)] == [parse_colour(name) for name in own]
    assert replay_of(load_record(record.read_text(encoding="utf-8"))[0], boards).match.rules.setup == make_setup(4, teams=2)
