"""The Sinoda rules sheet (printkit/render/boards/sinoda_rules.py, sinoda_diagrams.py), read
back from the written PDF: A4, no text under 8 pt, no rule ids, the words the spec needs,
the set-up picture where the board puts the flowers, and a worked example the engine agrees with."""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from drawcheck import A4_PT, pdf_pages

from printkit.boards.layout import Page as PaperPage
from printkit.boards.layout import sinoda_layout
from printkit.boards.spec import load_spec
from printkit.cli import main
from printkit.draw import Document, bounding_box, write_document
from printkit.draw.colours import pattern_ink
from printkit.render.boards import board_document
from printkit.render.boards.sinoda import BOARD_FILL
from printkit.render.boards.sinoda_diagrams import EXAMPLE_MARKS, EXAMPLE_PATH, EXAMPLE_PIECES
from printkit.render.boards.sinoda_rules import MIN_TEXT_MM, SETUP_EDGE_MM, rules_page

from sinodahelp import named, position

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
SPECS = ["sinoda-2", "sinoda-3", "sinoda-4", "sinoda-4-teams", "sinoda-6-two-teams", "sinoda-6-three-teams"]


@cache
def sheet(name: str, folder: str):
    """The rules page alone, written as `printkit board` writes it (the board document's last page)."""
    spec = load_spec(str(TEMPLATES / f"{name}.yaml"))
    page = board_document(spec).pages[-1]
    assert page == rules_page(spec)
    (path,) = write_document(Document([page]), Path(folder) / f"{name}.pdf")
    return spec, pdf_pages(path)[0]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("sheets"))


@pytest.mark.parametrize("name", SPECS)
def test_a4_no_text_under_8_pt_and_no_rule_ids(name: str, folder: str) -> None:
    spec, page = sheet(name, folder)
    assert (page.width_pt, page.height_pt) == pytest.approx(A4_PT, abs=0.001)
    assert min(char.size for char in page.chars) >= MIN_TEXT_MM - 1e-6
    assert not re.search(r"\b[NSY]\d+\b", page.text)
    for words in ("Setting up", "change a die or move it", "Capturing", "The end", "Who wins"):
        assert words in page.text


@pytest.mark.parametrize(("name", "present", "absent"), [
    ("sinoda-2", ["Win by Sinoda", "5 + 3 = 8"], ["partner", "nearer the middle"]),
    ("sinoda-4", ["nearer the middle", "Draw lots for who sits where"], ["Win by Sinoda", "partner"]),
    ("sinoda-4-teams", ["team A: players 1 and 3", "draw lots for which team", "partner's die"], ["Win by Sinoda"]),
    ("sinoda-6-three-teams", ["team C: players 3 and 6", "Partners' points are never added"], ["nearer the middle"]),
    ("sinoda-6-two-teams", ["at every other flower (team A: players 1, 3 and 5;"], ["opposite each other"]),
])
def test_the_words_follow_the_spec(name: str, present: list[str], absent: list[str], folder: str) -> None:
    _, page = sheet(name, folder)
    text = "".join(page.text.split())  # lines are read back without the space at a break

    def has(words: str) -> bool:
        return "".join(words.split()) in text

    assert all(has(words) for words in present), [w for w in present if not has(w)]
    assert not any(has(words) for words in absent), [w for w in absent if has(w)]


def _centroid(points) -> tuple[float, float]:
    corners = {(round(x, 3), round(y, 3)) for x, y in points}  # a closed path repeats its start
    return (sum(p[0] for p in corners) / len(corners), sum(p[1] for p in corners) / len(corners))


@pytest.mark.parametrize("name", SPECS)
def test_the_set_up_picture_puts_six_dice_on_each_start_flower(name: str, folder: str) -> None:
    spec, page = sheet(name, folder)
    setup = spec.options.setup
    edge = SETUP_EDGE_MM[setup.board]
    # The board's sand disc gives the picture's centre; the flowers must sit where the
    # board page's layout puts them, at the picture's scale.
    (disc,) = [c for c in page.curves if c.fill == BOARD_FILL
               and max(p[0] for p in c.points) - min(p[0] for p in c.points) > 50]
    xs, ys = [p[0] for p in disc.points], [p[1] for p in disc.points]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    assert (max(xs) - min(xs)) / 2 == pytest.approx((setup.n + 0.4) * edge, abs=0.05)
    lay = sinoda_layout(setup, PaperPage(), edge, spec.options.rotation_deg)
    for flower in lay.flowers:
        player = spec.players[flower.player - 1]
        expected = (centre[0] + flower.centre[0] - lay.centre[0], centre[1] + flower.centre[1] - lay.centre[1])
        dice = [_centroid(c.points) for c in page.curves if c.fill == player.colour and len(c.points) <= 4]
        near = [d for d in dice if math.dist(d, expected) < edge]
        assert len(near) == 6, (name, player.number)
        for d in near:  # each on its own space, a sixth of a turn apart round the flower's point
            assert math.dist(d, expected) == pytest.approx(edge / math.sqrt(3), abs=0.1)
        ink = pattern_ink(player.colour)
        marks = [seg for seg in page.lines if seg.stroke == ink and math.dist((seg.x1, seg.y1), expected) < edge]
        marks += [c for c in page.curves if c.fill == ink and math.dist(c.points[0], expected) < edge]
        assert marks, (name, player.number)  # patterned as on the board page
    numbers = [char.text for char in page.chars if char.size > 4.0 and char.text.isdigit()]
    assert sorted(numbers) == [str(n) for n in range(1, setup.players + 1)]


def test_the_worked_example_is_what_the_engine_says() -> None:
    (mover, value), = [(space, v) for space, v in EXAMPLE_PIECES.items() if v == 2]
    blocker = next(space for space in EXAMPLE_PIECES if space != mover)
    p = position(f"to move: 1; 1: {mover}=2 {blocker}=1 | ; 2: B12=1 B13=1 |")
    moves = {n.split(">")[1] for n in named(p, p.legal_actions()) if n.startswith(f"{mover}>")}
    assert moves == {EXAMPLE_MARKS["A"]} == {EXAMPLE_PATH[-1]}  # A: the only move
    reach = p.game.reach
    index = reach.index_of
    assert EXAMPLE_PATH[1] == EXAMPLE_MARKS["B"] and index["B3"] in reach.neighbours[index[mover]]  # B: one step
    assert any(reach.names[path[-1]] == EXAMPLE_MARKS["C"] for path in reach.paths(index[mover], 3))  # C: three
    assert index[EXAMPLE_MARKS["D"]] in reach.neighbours[index[blocker]]  # D: beyond the 1


def test_the_sheet_stays_inside_its_margins() -> None:
    for name in SPECS:
        page = rules_page(load_spec(str(TEMPLATES / f"{name}.yaml")))
        left, top, right, bottom = bounding_box(page.items, {})
        assert left >= 10 and top >= 10 and right <= 200 and bottom <= 287, name


def test_no_rules_leaves_the_sheet_out(tmp_path: Path) -> None:
    spec = load_spec(str(TEMPLATES / "sinoda-2.yaml"))
    assert board_document(spec, rules=False).pages == board_document(spec).pages[:-1]
    out = tmp_path / "board.pdf"
    assert CliRunner().invoke(main, ["board", "sinoda-2", "-o", str(out), "--no-rules"]).exit_code == 0
    pages = pdf_pages(out)
    assert len(pages) == 2 and "howtoplay" not in pages[-1].text.replace(" ", "")
