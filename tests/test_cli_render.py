"""`printkit render`: single maps, overlays, whole folders, exit statuses, byte-identical output."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from drawcheck import pdf_pages
from test_render_samples import EVERY_TILE, FLOATING_DOOR, PITS, RAGGED, TOO_LARGE, TWO_EXITS, UNKNOWN_CHARACTER, write_level
from processes import run_in_one_process

from printkit.cli import main
from printkit.cli.levelcheck import check_level


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_a_valid_level_becomes_a_pdf_map(tmp_path):
    level = write_level(tmp_path, "every-tile", EVERY_TILE)
    out = tmp_path / "map.pdf"
    result = run("render", str(level), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Every Tile" in pdf_pages(out)[0].text
    assert result.stdout == f"{out}\n"  # the files written are the data, on stdout


def test_the_format_follows_the_file_name(tmp_path):
    level = write_level(tmp_path, "every-tile", EVERY_TILE)
    result = run("render", str(level), "-o", str(tmp_path / "map.svg"))
    assert result.exit_code == 0
    assert (tmp_path / "map.svg").read_bytes().startswith(b"<?xml")
    assert run("render", str(level), "-o", str(tmp_path / "map.png")).exit_code == 2


def test_a_level_can_come_from_standard_input(tmp_path):
    result = run("render", "-", "-o", str(tmp_path / "map.pdf"), input=EVERY_TILE)
    assert result.exit_code == 0
    assert (tmp_path / "map.pdf").exists()


def test_an_invalid_level_writes_nothing_and_exits_1(tmp_path):
    level = write_level(tmp_path, "floating", FLOATING_DOOR)
    out = tmp_path / "map.pdf"
    out.write_bytes(b"the previous map")
    result = run("render", str(level), "-o", str(out))
    assert result.exit_code == 1
    assert out.read_bytes() == b"the previous map"
    # FILE:LINE:COL: RULE: message, pointing at the door's character in the YAML file
    assert f"{level}:7:5: S4: the entry door α at C3 is not supported" in result.stderr
    assert "nothing written" in result.stderr


@pytest.mark.parametrize("text, rule, where", [
    (RAGGED, "S1", ":3:6: "), (UNKNOWN_CHARACTER, "S3", ":3:5: "), (TOO_LARGE, "S2", ":1:6: "),
])
def test_a_broken_grid_gets_no_map(tmp_path, text, rule, where):
    level = write_level(tmp_path, "broken", text)
    out = tmp_path / "map.pdf"
    result = run("render", str(level), "-o", str(out))
    assert result.exit_code == 1
    assert not out.exists() and not list(tmp_path.glob("*.part"))
    assert f"{level}{where}{rule}: " in result.stderr
    assert "--overlay draws its errors" in result.stderr


@pytest.mark.parametrize("text, rule, field", [
    (RAGGED, "S1", (3, 1)), (UNKNOWN_CHARACTER, "S3", (2, 1)), (TOO_LARGE, "S2", None),
])
def test_an_overlay_draws_a_broken_grid_with_its_errors_marked(tmp_path, text, rule, field):
    # Issue 12 item 12: one unknown character or a map beyond S2 is what overlays are for.
    from printkit.render.sinpin.overlay import MARK, overlay_sheet

    level = write_level(tmp_path, "broken", text)
    out = tmp_path / "checked.pdf"
    result = run("render", str(level), "--overlay", "-o", str(out))
    assert result.exit_code == 1 and out.exists(), result.output
    (page, *_) = pdf_pages(out)
    assert (round(page.width_mm), round(page.height_mm)) in ((210, 297), (297, 210))
    assert f"{rule}: " in page.text
    frames = [rect for rect in page.rects if rect.stroke == MARK]
    if field is None:  # beyond S2: shrunk onto A4 and said so, no calibration bar that would lie
        assert "Shrunk to" in page.text and "print at 100 %" not in page.text and not frames
    else:
        sheet, factor = overlay_sheet(*{RAGGED: (4, 3), UNKNOWN_CHARACTER: (5, 3)}[text])
        x, y = sheet.corner(*field)
        assert factor == 1.0 and any(abs(r.x - x - 0.7) < 0.05 and abs(r.y - y - 0.7) < 0.05 for r in frames)


def test_a_map_beyond_a4_is_shrunk_to_fit_with_every_field_drawn(tmp_path):
    from printkit.render.sinpin.overlay import overlay_sheet

    sheet, factor = overlay_sheet(13, 18)
    assert factor == pytest.approx(12 / 13)
    left, top = sheet.corner(0, 0)
    right, bottom = sheet.corner(13, 18)
    assert left * factor >= 5 and right * factor <= 205 and top * factor >= 5 and bottom * factor <= 292


def test_an_overlay_of_an_invalid_level_is_written_and_exits_1(tmp_path):
    level = write_level(tmp_path, "two-exits", TWO_EXITS)
    out = tmp_path / "checked.pdf"
    result = run("render", str(level), "--overlay", "-o", str(out))
    assert result.exit_code == 1
    assert "S3: a second exit" in pdf_pages(out)[0].text


def test_an_overlay_of_a_valid_level_exits_0(tmp_path):
    level = write_level(tmp_path, "pits", PITS)
    result = run("render", str(level), "--overlay", "-o", str(tmp_path / "checked.svg"))
    assert result.exit_code == 0
    assert (tmp_path / "checked.svg").exists()
    assert "S27: warning: 4 soft-locks: rest positions from which the exit Ω cannot be reached" in result.stderr  # one line (issue 19)


def test_an_unreadable_level_exits_2(tmp_path):
    result = run("render", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "map.pdf"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr


@pytest.mark.parametrize("args", [
    [], ["LEVEL", "--all", "DIR"], ["LEVEL", "--format", "svg"],
])
def test_usage_errors_exit_2(tmp_path, args):
    level = write_level(tmp_path, "every-tile", EVERY_TILE)
    args = [str(level) if arg == "LEVEL" else str(tmp_path) if arg == "DIR" else arg for arg in args]
    result = run("render", *args, "-o", str(tmp_path / "map.pdf"))
    assert result.exit_code == 2


def _folder(tmp_path) -> Path:
    levels = tmp_path / "levels"
    levels.mkdir()
    for name, text in [("a-every-tile", EVERY_TILE), ("b-pits", PITS), ("c-floating", FLOATING_DOOR), ("d-ragged", RAGGED)]:
        write_level(levels, name, text)
    (levels / "b-pits.expect.json").write_text("{}")  # golden verdicts beside levels are not levels
    return levels


def test_render_all_writes_one_map_per_valid_level_and_exits_1_for_the_invalid(tmp_path):
    levels, out = _folder(tmp_path), tmp_path / "output" / "maps"
    result = run("render", "--all", str(levels), "-o", str(out))
    assert result.exit_code == 1
    assert sorted(path.name for path in out.iterdir()) == ["a-every-tile.pdf", "b-pits.pdf"]
    assert "2 of 4 levels rendered" in result.stderr and "(2 invalid)" in result.stderr
    assert "c-floating.yaml:7:5: S4:" in result.stderr and "d-ragged.yaml:3:6: S1:" in result.stderr


def test_render_all_with_an_unreadable_level_replaces_nothing_and_exits_2(tmp_path):
    # exit 2 means no output file was replaced (docs/exit-status.md), even with --all
    levels, out = _folder(tmp_path), tmp_path / "maps"
    (levels / "e-broken.yaml").write_text("map: [unclosed\n", encoding="utf-8")
    out.mkdir()
    (out / "a-every-tile.pdf").write_bytes(b"old")
    result = run("render", "--all", str(levels), "-o", str(out))
    assert result.exit_code == 2
    assert sorted(path.name for path in out.iterdir()) == ["a-every-tile.pdf"]
    assert (out / "a-every-tile.pdf").read_bytes() == b"old"
    assert "e-broken.yaml:" in result.stderr and "nothing written: 1 of 5 levels unreadable (2 invalid)" in result.stderr


def test_render_all_as_svg_overlays_draws_invalid_levels_too(tmp_path):
    levels, out = _folder(tmp_path), tmp_path / "checked"
    result = run("render", "--all", str(levels), "-o", str(out), "--format", "svg", "--overlay")
    assert result.exit_code == 1
    names = {path.name for path in out.iterdir()}
    assert {"a-every-tile.svg", "b-pits.svg", "c-floating.svg", "d-ragged.svg"} <= names  # ragged rows drawn too


def test_render_all_of_a_folder_without_levels_is_a_usage_error(tmp_path):
    assert run("render", "--all", str(tmp_path), "-o", str(tmp_path / "out")).exit_code == 2


def test_render_all_into_a_file_is_a_usage_error(tmp_path):
    levels, out = _folder(tmp_path), tmp_path / "maps.pdf"
    out.write_bytes(b"a file")
    assert run("render", "--all", str(levels), "-o", str(out)).exit_code == 2


BUNDLED = Path(__file__).resolve().parent.parent / "levels"


@pytest.mark.skipif(not list(BUNDLED.glob("*.yaml")), reason="no bundled levels yet")
def test_every_valid_bundled_level_gets_a_map(tmp_path):
    result = run("render", "--all", str(BUNDLED), "-o", str(tmp_path))
    valid = {path.stem for path in BUNDLED.glob("*.yaml") if check_level(str(path)).verdict.valid}
    assert {path.stem for path in tmp_path.glob("*.pdf")} == valid
    assert result.exit_code == (0 if len(valid) == len(list(BUNDLED.glob("*.yaml"))) else 1)


@pytest.mark.slow  # other processes: nothing cheaper tests the same
def test_the_same_level_gives_the_same_bytes_in_other_processes(tmp_path: Path) -> None:
    """Maps and overlays, PDF and SVG, come out byte for byte the same from processes with
    other hash seeds. Equally short routes exist on The Chimney; the one its overlay draws
    must not depend on the process either (Python randomises string hashing, so set order
    differs between processes). Several commands share a process (tests/processes.py)."""
    level = write_level(tmp_path, "every-tile", EVERY_TILE)
    chimney = str(Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml")
    outputs = []
    for seed in ("0", "3"):  # two hash seeds: set orders differ between them
        folder = tmp_path / seed
        folder.mkdir()
        commands = [["render", str(level), "-o", str(folder / f"map{suffix}"), *overlay]
                    for suffix in (".pdf", ".svg") for overlay in ([], ["--overlay"])]
        commands = [[*command[:3], command[3].replace("map", "overlay") if command[4:] else command[3], *command[4:]]
                    for command in commands]
        commands.append(["render", chimney, "--overlay", "-o", str(folder / "chimney-overlay.pdf")])
        run_in_one_process(commands, hash_seed=seed)
        outputs.append({path.name: path.read_bytes() for path in sorted(folder.iterdir())})
    assert sorted(outputs[0]) == ["chimney-overlay.pdf", "map.pdf", "map.svg", "overlay.pdf", "overlay.svg"]
    assert all(output == outputs[0] for output in outputs)


UNPRINTABLE_NAME = 'name: "Cave \U0001F987"\nmap: |\n  #####\n  #A.Z#\n  #####\n'


@pytest.mark.parametrize("command", [["render", "-", "-o", "{out}/map.pdf"], ["render", "-", "--overlay", "-o", "{out}/map.svg"],
                                     ["tokens", "-", "--players", "2", "-o", "{out}/t.pdf"], ["kit", "-", "-o", "{out}/kit"]])
def test_a_name_the_font_cannot_print_is_located_and_nothing_is_written(tmp_path: Path, command: list[str]) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, [part.format(out=out) for part in command], input=UNPRINTABLE_NAME)
    assert result.exit_code == 1, result.output
    assert "<stdin>:1:7: format: the level's name has characters the font (DejaVu Sans) cannot print: U+1F987 BAT" in result.output
    assert not out.exists()


@pytest.mark.parametrize("command", [["render", "-", "-o", "{out}/map.pdf"], ["tokens", "-", "--players", "2", "-o", "{out}/t.pdf"],
                                     ["kit", "-", "-o", "{out}/kit"]])
def test_a_right_to_left_name_is_refused_as_an_unprintable_one(tmp_path: Path, command: list[str]) -> None:
    """A review: a Hebrew name passed the glyph check and printed reversed."""
    out = tmp_path / "out"
    level = UNPRINTABLE_NAME.replace("Cave \U0001F987", "\u05de\u05e2\u05e8\u05d4")
    result = CliRunner().invoke(main, [part.format(out=out) for part in command], input=level)
    assert result.exit_code == 1, result.output
    assert ("<stdin>:1:7: format: the level's name has Hebrew text, written right to left (U+05DE HEBREW LETTER MEM"
            in result.output) and "printkit prints left-to-right text only" in result.output
    assert not out.exists()
