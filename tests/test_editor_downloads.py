"""printkit.editor.downloads: the page's PDFs are the files `render` and `kit` write."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.editor.downloads import NotPrintable, make
from printkit.editor.drafts import Draft, check, draft_of_file

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "02-ladder-well.yaml"


def opened() -> Draft:
    return draft_of_file(LEVEL.name, LEVEL.read_bytes())[0]


def test_the_map_and_the_checked_map_are_the_bytes_printkit_render_writes(tmp_path: Path) -> None:
    checked = check(opened())
    for kind, flags, name in (("map", [], "02-ladder-well.pdf"), ("checked", ["--overlay"], "02-ladder-well-checked.pdf")):
        out = tmp_path / f"{kind}.pdf"
        assert CliRunner().invoke(main, ["render", str(LEVEL), *flags, "-o", str(out)]).exit_code == 0
        made = make(kind, checked, LEVEL.name)
        assert made.filename == name and made.data == out.read_bytes(), kind


def test_the_kit_is_kit_pdf_of_printkit_kit(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["kit", str(LEVEL), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert make("kit", check(opened()), LEVEL.name).data == (tmp_path / "kit.pdf").read_bytes()


def test_an_invalid_level_gets_no_map_and_a_broken_one_nothing() -> None:
    invalid = check(Draft(("#####", "#A..#", "#####")))
    with pytest.raises(NotPrintable, match="S27a"):
        make("map", invalid)
    assert make("checked", invalid).filename == "level-checked.pdf"
    with pytest.raises(NotPrintable, match="too broken"):
        make("checked", check(Draft(("#####", "#A.Z", "#####"))))
    with pytest.raises(NotPrintable, match="too broken"):
        make("checked", check(Draft(("#" * 19,) * 13)))  # S2
    with pytest.raises(NotPrintable, match="unknown download"):
        make("poster", invalid)


def test_download_names_are_safe_for_a_header() -> None:
    draft = Draft(("#####", "#A.Z#", "#####"), name='Crystal "Cave"; X: 1')
    assert make("map", check(draft)).filename == "crystal--cave---x--1.pdf"
    assert make("map", check(draft), 'we"ird.yaml').filename == "we-ird.pdf"
