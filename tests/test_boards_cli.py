"""`printkit board SPEC --json`: the geometry on stdout, problems on stderr, exit 2."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from printkit.cli import main

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def _run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, ["board", *args], input=stdin)


def _json(path: Path) -> dict:
    result = _run(str(path), "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def _inside_margins(data: dict, xy: list[float]) -> bool:
    page = data["page"]
    margin = page["margin"]
    return margin <= xy[0] <= page["width"] - margin and margin <= xy[1] <= page["height"] - margin


@pytest.mark.parametrize(
    ("template", "spaces", "players"),
    [
        ("sinoda-2.yaml", 24, 2),
        ("sinoda-3.yaml", 54, 3),
        ("sinoda-3-small.yaml", 24, 3),
        ("sinoda-4-teams.yaml", 54, 4),
        ("sinoda-6-three-teams.yaml", 54, 6),
    ],
)
def test_sinoda_json(template: str, spaces: int, players: int) -> None:
    data = _json(TEMPLATES / template)
    assert data["game"] == "sinoda" and data["format"] == 1 and data["units"] == "mm"
    assert data["page"] == {
        "paper": "A4", "orientation": "portrait", "width": 210.0, "height": 297.0,
        "margin": 10.0, "origin": "top-left", "y_axis": "down",
    }  # fmt: skip
    assert set(data["board"]) == {"setup", "size", "n", "edge_mm", "rotation_deg", "centre", "outline_radius"}
    assert data["board"]["centre"] == [105.0, 148.5]
    assert len(data["players"]) == players
    assert set(data["players"][0]) == {"number", "colour", "pattern", "team"}

    by_name = {space["name"]: space for space in data["spaces"]}
    assert len(by_name) == spaces
    r = data["board"]["edge_mm"]
    for space in data["spaces"]:
        assert set(space) == {"name", "lattice", "centre", "corners", "neighbours"}
        assert len(space["corners"]) == 3 and 2 <= len(space["neighbours"]) <= 3
        for corner in space["corners"]:
            assert _inside_margins(data, corner)
            assert math.dist(corner, space["centre"]) == pytest.approx(r / math.sqrt(3), abs=0.01)
        for other in space["neighbours"]:
            assert space["name"] in by_name[other]["neighbours"]
            shared = {tuple(c) for c in space["corners"]} & {tuple(c) for c in by_name[other]["corners"]}
            assert len(shared) == 2

    start = data["start"]
    assert [flower["player"] for flower in start] == list(range(1, players + 1))
    taken = [name for flower in start for name in flower["spaces"]]
    assert len(taken) == 6 * players == len(set(taken)) and set(taken) <= set(by_name)
    for flower in start:
        corners = [set(map(tuple, by_name[name]["corners"])) for name in flower["spaces"]]
        assert tuple(flower["centre"]) in set.intersection(*corners)
    assert len(data["petals"]) == {2: 42, 3: 90}[data["board"]["n"]]


def test_sinoda_player_one_sits_at_the_bottom() -> None:
    data = _json(TEMPLATES / "sinoda-2.yaml")
    (one, two) = (flower["centre"] for flower in data["start"])
    assert one[0] == pytest.approx(two[0]) and one[1] > two[1]  # y grows downward


def test_teams_in_json() -> None:
    data = _json(TEMPLATES / "sinoda-6-three-teams.yaml")
    assert data["teams"] == [[1, 4], [2, 5], [3, 6]]
    centre = data["board"]["centre"]
    flowers = {flower["player"]: flower["centre"] for flower in data["start"]}
    for a, b in data["teams"]:  # teammates opposite: the centre is their midpoint
        middle = [(flowers[a][i] + flowers[b][i]) / 2 for i in (0, 1)]
        assert middle == pytest.approx(centre, abs=0.002)


@pytest.mark.parametrize(("text", "rules"), [
    # the spec's knobs over the defaults, every knob named (N10, N12; Y12)
    ("game: sinoda\nplayers: 2\nrules:\n  win_by_sinoda: false\n", {"max_turns": 400, "win_by_sinoda": False}),
    ("game: sinoda\nplayers: 3\n", {"max_turns": 400, "win_by_sinoda": True}),
    ("game: yinsh\nrules:\n  rows_to_win: 2\n", {"rows_to_win": 2, "max_moves": 300}),
    ("game: yinsh\n", {"rows_to_win": 3, "max_moves": 300}),
])
def test_json_carries_the_rule_knobs_of_the_spec(tmp_path: Path, text: str, rules: dict) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(text, encoding="utf-8")
    assert _json(spec)["rules"] == rules


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_yinsh_json(tmp_path: Path, orientation: str) -> None:
    spec = tmp_path / "y.yaml"
    spec.write_text(f"game: yinsh\norientation: {orientation}\npaper: Letter\n", encoding="utf-8")
    data = _json(spec)
    assert data["game"] == "yinsh"
    assert len(data["points"]) == 85 and len(data["lines"]) == 33
    lines = {line["name"]: line for line in data["lines"]}
    for p in data["points"]:
        assert set(p) == {"name", "centre", "lines", "neighbours"}
        assert len(p["lines"]) == 3 and all(p["name"] in lines[name]["points"] for name in p["lines"])
        assert _inside_margins(data, p["centre"])
    centres = {p["name"]: p["centre"] for p in data["points"]}
    for line in data["lines"]:
        assert line["from"] == centres[line["points"][0]] and line["to"] == centres[line["points"][-1]]
    assert len(data["labels"]) == 33
    assert data["rings_per_player"] == 5 and data["fixed_start_points"] == []
    # the printed shape (its hull grown by `reach`) is what `content` is made to hold
    shape, box = data["board"]["shape"], data["content"]
    reach = shape["reach"]
    assert reach == 3.5  # 0.75 of the 4 mm labels, and 0.5 mm
    xs, ys = [x for x, _ in shape["corners"]], [y for _, y in shape["corners"]]
    assert box["left"] <= min(xs) - reach + 0.001 and max(xs) + reach <= box["right"] + 0.001
    assert box["top"] <= min(ys) - reach + 0.001 and max(ys) + reach <= box["bottom"] + 0.001
    rows = data["start"]
    assert [row["player"] for row in rows] == [1, 2]
    for row in rows:
        assert len(row["ring_slots"]) == 3
        for centre in row["ring_slots"]:
            half = row["slot_diameter"] / 2
            assert _inside_margins(data, [centre[0] - half, centre[1] - half])
            assert _inside_margins(data, [centre[0] + half, centre[1] + half])
    # The players sit at the short edges of the page.
    one, two = rows[0]["ring_slots"][1], rows[1]["ring_slots"][1]
    axis = 1 if orientation == "portrait" else 0
    assert abs(one[axis] - two[axis]) > 200


def test_bad_spec_exit_1(tmp_path: Path) -> None:
    spec = tmp_path / "bad.yaml"
    spec.write_text("game: sinoda\nplayers: 5\nsize: big\ncolours: [red, blu]\n", encoding="utf-8")
    result = _run(str(spec), "--json")
    assert result.exit_code == 1  # a readable spec with problems is a finding, as for levels
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{spec}:2:10: format: 'players' must be 2, 3, 4 or 6 (Sinoda has no 5-player game), not 5",
        f"{spec}:3:1: format: unknown key 'size' in the file (known keys: board, colours, edge_mm,"
        " game, ink_saving, labels, margin_mm, orientation, paper, players, rotation, rules, teams)",
        f"{spec}:4:16: format: colour of player 2 must be #rrggbb, #rgb or a name (black, blue,"
        " brown, cyan, gold, gray, green, grey, lime, magenta, maroon, navy, olive, orange, pink,"
        " purple, red, silver, teal, vermillion, white, yellow), not 'blu'",
    ]


def test_unreadable_spec_exit_2(tmp_path: Path) -> None:
    result = _run(str(tmp_path / "missing.yaml"), "--json")
    assert result.exit_code == 2
    assert result.stderr == f"{tmp_path / 'missing.yaml'}: format: no such file\n"
    result = _run("-", "--json", stdin="game: [yinsh\n")
    assert result.exit_code == 2 and result.stderr.startswith("<stdin>:2:1: format: not valid YAML")


def test_stdin() -> None:
    result = _run("-", "--json", stdin="game: yinsh\n")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["spec"] == "<stdin>"


def test_neither_json_nor_output_is_a_usage_error() -> None:
    result = _run(str(TEMPLATES / "yinsh.yaml"))
    assert result.exit_code == 2
    assert "--json" in result.stderr and result.stdout == ""


def test_render_writes_the_board_and_says_where(tmp_path: Path) -> None:
    out = tmp_path / "board.pdf"
    result = _run(str(TEMPLATES / "sinoda-2.yaml"), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{out}\n" and result.stderr == ""
    assert out.read_bytes().startswith(b"%PDF")
    result = _run(str(TEMPLATES / "yinsh.yaml"), "-o", str(tmp_path / "y.svg"), "--duplex", "short")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == [str(tmp_path / name) for name in ("y.svg", "y-2.svg", "y-3.svg", "y-4.svg")]  # the rules last


def test_render_and_json_together(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = _run(str(TEMPLATES / "yinsh.yaml"), "--json", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["game"] == "yinsh"  # stdout holds the JSON only
    assert out.exists()


def test_bad_output_name_or_spec_writes_nothing(tmp_path: Path) -> None:
    result = _run(str(TEMPLATES / "sinoda-2.yaml"), "-o", str(tmp_path / "board.png"))
    assert result.exit_code == 2 and "must end in .pdf or .svg" in result.stderr
    spec = tmp_path / "bad.yaml"
    spec.write_text("game: sinoda\nplayers: 5\n", encoding="utf-8")
    out = tmp_path / "board.pdf"
    result = _run(str(spec), "-o", str(out))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{spec}:2:10: format: 'players' must be 2, 3, 4 or 6")
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


def _folder(tmp_path: Path) -> Path:
    """The shipped templates plus YAML that is no board: a card deck and a broken file."""
    folder = tmp_path / "templates"
    folder.mkdir()
    boards = sorted(p for p in TEMPLATES.glob("*.yaml") if p.name.startswith(("sinoda-", "yinsh")))
    for path in boards:
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "deck.yaml").write_text("deck: Sinpin\ncards: []\n", encoding="utf-8")
    (folder / "level.yml").write_text("rows: [\n", encoding="utf-8")  # not even YAML
    (folder / "notes.txt").write_text("game: sinoda\n", encoding="utf-8")
    return folder


def test_all_renders_every_board_spec_and_skips_other_yaml(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    out = tmp_path / "output" / "boards"
    result = _run("--all", str(folder), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""  # other YAML is skipped quietly
    boards = sorted(p.stem for p in folder.glob("*.yaml") if p.stem != "deck")
    assert sorted(p.stem for p in out.iterdir()) == boards
    names = sorted(p.name for p in folder.glob("*.yaml") if p.stem != "deck")  # in file order
    assert result.stdout.split() == [str(out / f"{Path(name).stem}.pdf") for name in names]
    # --format svg: one board is enough (every board as SVG: test_boards_render); the deck is skipped
    for path in folder.glob("sinoda-*.yaml"):
        path.unlink()
    result = _run("--all", str(folder), "-o", str(tmp_path / "svg"), "--format", "svg")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "svg").iterdir()) == ["yinsh-2.svg", "yinsh-3.svg", "yinsh-4.svg", "yinsh.svg"]


def test_all_shows_a_progress_bar_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import printkit.cli.common as common

    monkeypatch.setattr(common, "show_progress", lambda: True)
    folder = tmp_path / "few"
    folder.mkdir()
    (folder / "yinsh.yaml").write_bytes((TEMPLATES / "yinsh.yaml").read_bytes())
    result = _run("--all", str(folder), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.stderr
    assert "Rendering boards" in result.stderr and "Rendering" not in result.stdout


def test_all_with_a_bad_board_spec_writes_nothing(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "sinoda-broken.yaml").write_text("game: sinoda\nplayers: 2\nedge_mm: 90\n", encoding="utf-8")
    (folder / "yinsh-broken.yaml").write_text("game: yinsh\nspacing_mm: [20\n", encoding="utf-8")
    out = tmp_path / "out"
    result = _run("--all", str(folder), "-o", str(out))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{folder / 'sinoda-broken.yaml'}:3:10: format: the board needs")
    assert lines[1].startswith(f"{folder / 'yinsh-broken.yaml'}:3:1: format: not valid YAML")
    assert not out.exists()


def test_all_usage_errors(tmp_path: Path) -> None:
    assert "needs -o DIR" in _run("--all", str(TEMPLATES)).stderr
    assert _run("--all", str(TEMPLATES), str(TEMPLATES / "yinsh.yaml"), "-o", str(tmp_path)).exit_code == 2
    assert "not a folder" in _run("--all", str(tmp_path / "none"), "-o", str(tmp_path)).stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result = _run("--all", str(empty), "-o", str(tmp_path / "out"))
    assert result.exit_code == 2 and "no board specs" in result.stderr
    result = _run()
    assert result.exit_code == 2 and "--all DIR" in result.stderr



def test_format_without_all_is_a_usage_error_not_ignored(tmp_path: Path) -> None:
    """As render's: the -o name says a single board's format; --format svg with -o x.pdf wrote a PDF."""
    result = _run("yinsh", "-o", str(tmp_path / "x.pdf"), "--format", "svg")
    assert result.exit_code == 2 and "--format is for --all" in result.output and not (tmp_path / "x.pdf").exists()
