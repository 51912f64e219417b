"""printkit.editor.drafts: the page's level checked as the file it saves to, form problems
tied to their fields, files opened for editing, and move previews from the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli import main
from printkit.cli.levelcheck import check_level
from printkit.editor.drafts import (Draft, DraftError, check, draft_of_file, moves_json, parse_draft, verdict_json,
                                    x_entries)
from printkit.sinpin.rules import KNOB_RANGES, Rules
from printkit.sinpin.tiles import Tile

LEVELS = Path(__file__).resolve().parent.parent / "levels"
TILES = "".join(tile.char for tile in Tile)


@st.composite
def drafts(draw) -> Draft:
    width, height = draw(st.integers(3, 7)), draw(st.integers(3, 6))
    rows = [draw(st.text(alphabet=TILES, min_size=width, max_size=width)) for _ in range(height)]
    knobs = {name: draw(st.one_of(st.integers(-2, 12), st.none(), st.just("3"))) for name in
             draw(st.lists(st.sampled_from(sorted(KNOB_RANGES)), unique=True, max_size=3))}
    players = draw(st.lists(st.one_of(st.integers(1, 5), st.just("two")), max_size=3))
    name = draw(st.text(alphabet="ab :'\"#-é\\", max_size=8))
    return Draft(tuple(rows), name, draw(st.sampled_from(["", "Ada", "x: y"])), tuple(players), knobs,
                 {"x-note": draw(st.sampled_from(["kept", "a: b", ""]))})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(draft=drafts())
def test_the_saved_file_gets_the_verdict_the_page_showed(tmp_path: Path, draft: Draft) -> None:
    path = tmp_path / "level.yaml"
    path.write_text(draft.text(), encoding="utf-8")
    on_disk = check_level(str(path))
    checked = check(draft)
    assert checked.verdict.as_json("f") == on_disk.verdict.as_json("f")
    assert [f.message for f in checked.verdict.errors] == [p.message for p in on_disk.errors]


@settings(max_examples=40, deadline=None)
@given(draft=drafts())
def test_every_form_problem_is_tied_to_a_field(draft: Draft) -> None:
    checked = check(draft)
    format_errors = [f for f in checked.verdict.errors if f.rule == "format"]
    shown = [message for messages in checked.field_problems.values() for message in messages]
    assert sorted(f.message for f in format_errors) == sorted(shown)
    assert set(checked.field_problems) <= {"name", "author", "players"} | {f"rules.{k}" for k in KNOB_RANGES}


def test_knob_and_player_problems_land_on_their_own_fields() -> None:
    draft = Draft(("#####", "#A.Z#", "#####"), players=(3, 2), rules={"blade_points": 2, "max_health": 0})
    assert set(check(draft).field_problems) == {"players", "rules.max_health"}


def test_a_name_the_font_cannot_print_is_shown_on_the_name_field() -> None:
    checked = check(Draft(("#####", "#A.Z#", "#####"), name="Cave \u4e2d"))
    assert checked.verdict.valid and not verdict_json(checked)["printable"]
    assert "U+4E2D" in checked.field_problems["name"][0]


@pytest.mark.parametrize("path", sorted(LEVELS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_level_opens_unchanged_and_saves_to_the_same_level(path: Path, tmp_path: Path) -> None:
    draft, notes = draft_of_file(path.name, path.read_bytes())
    assert notes == []
    golden = json.loads(path.with_suffix("").with_suffix(".expect.json").read_text())
    assert check(draft).verdict.as_json(golden["file"]) == golden
    again, _ = draft_of_file(path.name, draft.text().encode())
    assert again == draft
    assert "x-description" in draft.extras


def test_a_file_with_a_wrong_players_entry_opens_with_a_note() -> None:
    draft, notes = draft_of_file("l.yaml", b"players: [9]\nmap: |\n  #A.Z#\n  #####\n")
    assert draft.players == (2, 3, 4) and len(notes) == 1 and "players" in notes[0]
    assert draft.rules == {name: getattr(Rules(), name) for name in KNOB_RANGES}


def test_x_keys_with_yaml_only_values_become_text() -> None:
    draft, _ = draft_of_file("l.yaml", b"x-when: 2024-05-01\nx-list: [1, {a: 2}]\nmap: |\n  #A.Z#\n  #####\n")
    assert draft.extras == {"x-when": "2024-05-01", "x-list": [1, {"a": 2}]}
    assert "x-list:\n- 1\n- a: 2\n" in draft.text()


def test_x_keys_the_page_carried_as_text_are_saved_as_the_file_had_them() -> None:
    """A review: `x-value: .nan` opened as the text ".nan" (JSON has no NaN), and a save that
    changed the level wrote `x-value: '.nan'`, text. The page's extras come back as JSON; where
    they are what the file's own values became, the file's values (and lines) are kept:
    .nan, .inf, -.inf, a date, inside a list too, while a text ".nan" stays text."""
    old = ("x-value: .nan\nx-big: .inf  # no limit\nx-small: -.inf\nx-when: 2024-05-01\nx-list: [1, .nan]\n"
           "x-text: '.nan'\nname: Old\nmap: |\n  #A.Z#\n  #####\n")
    draft, _ = draft_of_file("l.yaml", old.encode())
    payload = json.loads(json.dumps(draft.as_json(), allow_nan=False))  # to the page and back
    payload["name"] = "New"
    saved = parse_draft(payload).text_over(old.encode())
    assert saved.startswith(old.split("name:")[0]) and 'name: "New"' in saved  # every x- line as it was
    # a key the page changed is saved as the page has it
    payload["extras"]["x-value"] = 2
    assert "x-value: 2\n" in parse_draft(payload).text_over(old.encode())


def test_x_keys_the_page_was_given_are_saved_as_given_with_no_file_to_save_over() -> None:
    """A review: Save As (no file to save over) wrote `x-value: '.nan'`. The x- entries the
    page was given (x_entries of the file it came from, kept by the server) are put back."""
    old = b"x-value: .nan\r\nx-when: 2024-05-01  # drawn\r\nname: Old\r\nmap: |\r\n  #A.Z#\r\n  #####\r\n"
    given = x_entries(old)
    assert given == "x-value: .nan\nx-when: 2024-05-01  # drawn\n"
    draft, _ = draft_of_file("l.yaml", old)
    payload = json.loads(json.dumps(draft.as_json(), allow_nan=False))
    payload["name"] = "New"
    saved = parse_draft(payload).text_over(None, given)
    assert saved.startswith("sinpin: 1\nname: \"New\"\n" + given)
    assert parse_draft(payload).text_over(None) == parse_draft(payload).text()  # nothing given: as sent
    assert x_entries(b"x-a: &a 1\nx-b: [*a]\n") == "x-a: &a 1\nx-b: [*a]\n" and x_entries(b"{x-a: 1}") == ""
    assert x_entries(b"name: &n N\nx-b: *n\n") == ""  # an alias to a key left out: no lines to give


def test_a_space_in_a_row_is_open_cave() -> None:
    assert parse_draft({"rows": ["#A Z#", "#####"]}).rows == ("#A.Z#", "#####")


def test_moves_are_the_outcomes_printkit_moves_reports(tmp_path: Path) -> None:
    path = LEVELS / "05-teleport-tangle.yaml"
    draft, _ = draft_of_file(path.name, path.read_bytes())
    checked = check(draft)
    start = list(checked.verdict.route[0].start)
    for card in (1, 4, 6):
        mine = moves_json(checked, start, card, None)
        cli = CliRunner().invoke(main, ["moves", str(path), "--from", f"{start[0]},{start[1]}", "--card", str(card), "--json"])
        expected = json.loads(cli.output)["outcomes"]
        assert [{k: v for k, v in o.items() if k != "knocked_out"} for o in mine["outcomes"]] == expected


def test_moves_need_a_sound_grid() -> None:
    broken = check(Draft(("#####", "#A.Z", "#####")))
    with pytest.raises(DraftError, match="sound grid"):
        moves_json(broken, [1, 1], 2, None)


def test_a_file_opened_with_a_row_indented_less_says_why() -> None:
    """The editor opens a file as the CLI reads it: a YAML error in its map with the hint."""
    from printkit.sourceproblems import UnreadableSource

    with pytest.raises(UnreadableSource, match="; a map row indented less than the map's first row ends the block"):
        draft_of_file("x.yaml", b"name: X\nmap: |\n  #####\n  #A..#\n .#Z.#\n  #####\n")
