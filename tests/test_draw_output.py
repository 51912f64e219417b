"""Writing documents: format by extension, page files, atomicity, identical bytes across runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from drawcheck import pdf_pages, svg_page
from printkit.draw import fonts
from printkit.draw.output import stale_pages, svg_page_path, write_document
from printkit.draw import A4_PORTRAIT, Document, Line, Page, Text

TESTS = Path(__file__).resolve().parent


def three_pages() -> Document:
    return Document([Page(*A4_PORTRAIT, [Line(10, 10 * n, 100, 10 * n)]) for n in (1, 2, 3)], title="three")


def test_pdf_holds_all_pages_in_one_file(tmp_path):
    target = tmp_path / "deck.pdf"
    assert write_document(three_pages(), target) == [target]
    assert len(pdf_pages(target)) == 3


def test_svg_writes_one_file_per_page(tmp_path):
    target = tmp_path / "deck.svg"
    written = write_document(three_pages(), target)
    assert written == [target, tmp_path / "deck-2.svg", tmp_path / "deck-3.svg"]
    assert [svg_page(path).lines[0].y1 for path in written] == [10, 20, 30]
    assert svg_page_path("out/map.svg", 1) == Path("out/map.svg")
    assert svg_page_path("out/map.svg", 12) == Path("out/map-12.svg")


def test_extension_picks_the_format_case_blind(tmp_path):
    assert write_document(three_pages(), tmp_path / "LOUD.PDF")[0].read_bytes().startswith(b"%PDF-")
    for name in ("map.png", "map", "map.pdf.txt"):
        with pytest.raises(ValueError, match=r"must end in \.pdf or \.svg"):
            write_document(three_pages(), tmp_path / name)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["LOUD.PDF"]


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_a_failing_render_leaves_no_partial_output(tmp_path, suffix):
    target = tmp_path / f"deck{suffix}"
    target.write_bytes(b"previous run")
    broken = Document([Page(*A4_PORTRAIT, [Line(0, 0, 1, 1)]), Page(*A4_PORTRAIT, [Text(10, 10, "\U0001d11e", 5)])])
    with pytest.raises(fonts.MissingGlyphError):
        write_document(broken, target)
    assert target.read_bytes() == b"previous run"
    assert sorted(path.name for path in tmp_path.iterdir()) == [target.name]  # no page 2, no .part file


_WRITE_DEMO = """
import sys
from test_draw_demo import demo_document
from printkit.draw import write_document
write_document(demo_document(), sys.argv[1] + ".pdf")
write_document(demo_document(), sys.argv[1] + ".svg")
"""


def test_same_document_gives_identical_bytes_in_separate_processes(tmp_path):
    for run, seed in (("one", "1"), ("two", "2")):
        # different hash seeds: set and dict ordering must not leak into the files
        environment = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
        subprocess.run([sys.executable, "-c", _WRITE_DEMO, str(tmp_path / run)], check=True, env=environment, timeout=60)
    for suffix in (".pdf", ".svg"):
        first, second = (tmp_path / f"one{suffix}").read_bytes(), (tmp_path / f"two{suffix}").read_bytes()
        assert first == second and len(first) > 1000


def test_an_svg_set_replaces_an_older_longer_set_whole(tmp_path):
    fourteen = Document([Page(*A4_PORTRAIT, [Line(10, n, 100, n)]) for n in range(1, 15)], title="long")
    assert len(write_document(fourteen, tmp_path / "x.svg")) == 14
    (tmp_path / "x-2024.svg").write_bytes(b"not a page of the set: after a gap")
    (tmp_path / "x-notes.svg").write_bytes(b"the user's")
    two = Document([Page(*A4_PORTRAIT, [Line(10, 10, 100, 10)])] * 2, title="short")
    assert write_document(two, tmp_path / "x.svg") == [tmp_path / "x.svg", tmp_path / "x-2.svg"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["x-2.svg", "x-2024.svg", "x-notes.svg", "x.svg"]
    assert svg_page(tmp_path / "x-2.svg").lines[0].y1 == 10
    assert stale_pages(tmp_path / "x.svg", 1) == [tmp_path / "x-2.svg"]
