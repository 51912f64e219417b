"""printkit.yamledit: new values written in the file's own layout, comments kept."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.loader import level_text
from printkit.yamledit import laid_like, relaid
from printkit.yamlsource import Source, load_document, parse_document


def _document(text: str):
    return parse_document(Source("level.yaml", text))


COMMENTED = ('sinpin: 1\n# drawn for the club, March\nname: "Crystal Cave"   # after the real one\n'
             'map: |\n  #A\n  Z#\n\n# the chests were too easy\nx-notes: tried on Sunday\n')


def test_a_new_map_keeps_the_comments_order_and_layout_of_the_rest() -> None:
    fresh = level_text(["##A", "Z.#"], name="Crystal Cave", extras={"x-notes": "tried on Sunday"})
    assert relaid(_document(COMMENTED), fresh) == (
        'sinpin: 1\n# drawn for the club, March\nname: "Crystal Cave"   # after the real one\n'
        'map: |\n  ##A\n  Z.#\n\n# the chests were too easy\nx-notes: tried on Sunday\n')


def test_changed_entries_are_replaced_in_place_dropped_ones_go_new_ones_go_before_the_map() -> None:
    old = "sinpin: 1\nname: Cave  # working title\nx-old: 1\n# mine\nmap: |\n  #A\n  Z#\n"
    fresh = level_text(["#A", "Z#"], name="Deep Cave", author="Ada")
    assert relaid(_document(old), fresh) == (
        'sinpin: 1\nname: "Deep Cave"  # working title\n# mine\nauthor: "Ada"\nmap: |\n  #A\n  Z#\n')


def test_kept_keys_stay_as_written_whatever_the_new_text_says() -> None:
    old = "sinpin: 1\nrules:\n  blade_points: 1   # as printed\nx-notes: hi\nmap: |\n  #A\n  Z#\n"
    fresh = level_text(["A#", "#Z"], extras={"x-scan-unsure": [{"x": 0, "y": 0}]})
    text = relaid(_document(old), fresh, keep={"sinpin", "rules", "x-notes"})
    assert text == ("sinpin: 1\nrules:\n  blade_points: 1   # as printed\nx-notes: hi\n"
                    "x-scan-unsure:\n- {x: 0, y: 0}\nmap: |\n  A#\n  #Z\n")


def test_a_level_begun_without_a_map_gets_it_at_the_end() -> None:
    fresh = level_text(["#A", "Z#"], name="Cave")
    assert relaid(_document("name: Cave  # no map yet\n"), fresh, keep={"name"}) == (
        "name: Cave  # no map yet\nsinpin: 1\nmap: |\n  #A\n  Z#\n")


def test_one_and_true_are_different_values() -> None:
    """Python calls 1 == True; kept as written, a knob of 1 would stay where true was asked."""
    old = "sinpin: 1\nrules:\n  ghost: 1\nmap: |\n  #A\n  Z#\n"
    fresh = level_text(["#A", "Z#"], knobs={"ghost": True})
    assert yaml.safe_load(relaid(_document(old), fresh))["rules"] == {"ghost": True}


@pytest.mark.parametrize("text", ["{sinpin: 1, map: \"#A\\nZ#\"}\n", "sinpin: 1\rmap: |\r  #A\r  Z#\r",
                                  "- a list\n", "sinpin: 1\n"])
def test_what_cannot_be_edited_line_by_line_is_written_afresh(text: str) -> None:
    fresh = level_text(["#A", "Z#"], name="Cave")
    if text == "sinpin: 1\n":  # nothing of the old file but what the new one also says
        assert relaid(_document(text), fresh) == 'sinpin: 1\nname: "Cave"\nmap: |\n  #A\n  Z#\n'
    else:
        assert relaid(_document(text), fresh) == fresh


PARTS = ["# a note", "", "name: Cave", "author: Ada  # me", "x-k: [1, 2]", "rules:\n  blade_points: 2",
         "map: |\n  #A\n  Z#", "x-scan-unsure: []", "players: [2]"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=7, unique=True), st.sampled_from(["Cave", "Deep"]),
       st.sampled_from([(2, 3, 4), (2,)]))
def test_the_result_reads_back_as_the_new_values_and_keeps_every_comment(parts, name, players) -> None:
    text = "sinpin: 1\n" + "".join(part + "\n" for part in parts)
    fresh = level_text(["A.", ".Z"], name=name, players=players)
    out = relaid(_document(text), fresh)
    assert yaml.safe_load(out) == yaml.safe_load(fresh)
    if out != fresh:
        comments = [line for line in text.splitlines() if line.startswith("#")]
        assert [line for line in out.splitlines() if line.startswith("#")] == comments


def test_an_alias_value_is_written_afresh_instead_of_looping_forever() -> None:
    """`author: *n` has the anchor's node, lines above its key: the save once spun forever."""
    import threading

    old = "sinpin: 1\nname: &n Strip\nauthor: *n\nmap: |\n  #A\n  Z#\n"
    fresh = level_text(["A#", "#Z"], name="Strip", author="Strip")
    out: list[str] = []
    worker = threading.Thread(target=lambda: out.append(relaid(_document(old), fresh)), daemon=True)
    worker.start()
    worker.join(5)
    assert out == [fresh]


def test_windows_line_ends_keep_the_comments_and_the_line_ends() -> None:
    """A level saved with Notepad (\\r\\n throughout) was written afresh: its comments lost."""
    old = "sinpin: 1\r\n# for the club\r\nname: Cave  # working title\r\nmap: |\r\n  #A\r\n  Z#\r\n"
    fresh = level_text(["A#", "#Z"], name="Cave")
    assert relaid(_document(old), fresh) == (
        "sinpin: 1\r\n# for the club\r\nname: Cave  # working title\r\nmap: |\r\n  A#\r\n  #Z\r\n")


def test_a_changed_mapping_keeps_the_lines_of_its_entries_left_alike() -> None:
    """A knob changed in the editor lost every comment under `rules:` (the whole entry was rewritten)."""
    old = ("sinpin: 1\nrules:  # knobs\n  max_rounds: 150   # tried 200\n# the blades hurt\n  blade_points: 2\n"
           "map: |\n  #A\n  Z#\n")
    fresh = level_text(["#A", "Z#"], knobs={"max_rounds": 150, "blade_points": 4, "ghost": True})
    assert relaid(_document(old), fresh) == (
        "sinpin: 1\nrules:  # knobs\n  max_rounds: 150   # tried 200\n  # the blades hurt\n  blade_points: 4\n"
        "  ghost: true\nmap: |\n  #A\n  Z#\n")


@pytest.mark.parametrize("rules", ["rules: {max_rounds: 150, blade_points: 2}\n", "rules:\n    max_rounds: 150\n  # odd\n"
                                   "    blade_points: 2\n"])
def test_a_changed_mapping_in_another_layout_reads_back_right(rules: str) -> None:
    old = "sinpin: 1\n" + rules + "map: |\n  #A\n  Z#\n"
    fresh = level_text(["#A", "Z#"], knobs={"max_rounds": 150, "blade_points": 4})
    assert yaml.safe_load(relaid(_document(old), fresh)) == yaml.safe_load(fresh)


def test_keys_of_several_kinds_inside_a_value_do_not_break_it() -> None:
    old = "sinpin: 1\nx-odd: {1: a, b: 2}  # mine\nmap: |\n  #A\n  Z#\n"
    fresh = level_text(["A#", "#Z"], extras={"x-odd": {1: "a", "b": 2}})
    assert yaml.safe_load(relaid(_document(old), fresh)) == yaml.safe_load(fresh)


KNOBS = {"blade_points": (2, 4), "max_rounds": (150, 250), "setup_gems": (10, 12)}  # none the default


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(KNOBS)), st.integers(0, 1), max_size=3),
       st.dictionaries(st.sampled_from(sorted(KNOBS)), st.integers(0, 1), max_size=3))
def test_changed_knobs_read_back_right_and_the_unchanged_keep_their_notes(old_knobs, new_knobs) -> None:
    old_values = {key: KNOBS[key][pick] for key, pick in old_knobs.items()}
    new_values = {key: KNOBS[key][pick] for key, pick in new_knobs.items()}
    rules = "".join(f"  {key}: {value}  # note {key}\n" for key, value in old_values.items())
    old = "sinpin: 1\n" + ("rules:\n" + rules if rules else "") + "map: |\n  #A\n  Z#\n"
    fresh = level_text(["#A", "Z#"], knobs=new_values)
    out = relaid(_document(old), fresh)
    assert yaml.safe_load(out) == yaml.safe_load(fresh)
    for key, value in old_values.items():
        if new_values.get(key) == value:
            assert f"  {key}: {value}  # note {key}\n" in out


def test_a_one_line_entry_changed_keeps_its_note() -> None:
    old = 'sinpin: 1\nname: Cave   # working title\nplayers: [2, 3]  # not 4: too crowded\nmap: |\n  #A\n  Z#\n'
    fresh = level_text(["#A", "Z#"], name="Deep Cave", players=(2,))
    assert relaid(_document(old), fresh) == (
        'sinpin: 1\nname: "Deep Cave"   # working title\nplayers: [2]  # not 4: too crowded\nmap: |\n  #A\n  Z#\n')


def test_a_byte_order_mark_stays(tmp_path) -> None:
    """Notepad begins a UTF-8 file with a byte order mark; a rewrite dropped it."""
    path = tmp_path / "level.yaml"
    path.write_bytes("\ufeffsinpin: 1\r\n# for the club\r\nmap: |\r\n  #A\r\n  Z#\r\n".encode("utf-8"))
    fresh = level_text(["A#", "#Z"])
    assert relaid(load_document(str(path)), fresh) == "\ufeffsinpin: 1\r\n# for the club\r\nmap: |\r\n  A#\r\n  #Z\r\n"
    path.write_bytes(b"\xef\xbb\xbf{sinpin: 1, map: \"#A\\nZ#\"}\n")  # written afresh: the mark all the same
    assert relaid(load_document(str(path)), fresh) == "\ufeff" + fresh


def test_a_changed_map_keeps_the_note_on_its_key_line() -> None:
    """`map: |  # drawn on Sunday`: every scan and every save of a new map lost the note."""
    old = "sinpin: 1\nmap: |  # drawn on Sunday\n  #A\n  Z#\n"
    assert relaid(_document(old), level_text(["A#", "#Z"])) == "sinpin: 1\nmap: |  # drawn on Sunday\n  A#\n  #Z\n"


def test_a_changed_block_list_keeps_the_lines_of_the_items_left_alike() -> None:
    """A player count taken out in the editor lost every note in a `players:` written as a list."""
    old = ("sinpin: 1\nplayers:   # not 4: too crowded\n  - 2  # best with two\n  # three is fine too\n  - 3\n"
           "  - 4  # crowded\nmap: |\n  #A\n  Z#\n")
    assert relaid(_document(old), level_text(["#A", "Z#"], players=(2, 3))) == (
        "sinpin: 1\nplayers:   # not 4: too crowded\n  - 2  # best with two\n  # three is fine too\n  - 3\n"
        "map: |\n  #A\n  Z#\n")
    assert relaid(_document(old), level_text(["#A", "Z#"], players=(3, 4))) == (
        "sinpin: 1\nplayers:   # not 4: too crowded\n  # three is fine too\n  - 3\n  - 4  # crowded\n"
        "map: |\n  #A\n  Z#\n")


def test_an_item_added_to_a_block_list_is_written_as_a_list_item() -> None:
    old = "sinpin: 1\nx-tried:\n- Ada  # too hard\n# then the spring moved\n- Bo\nmap: |\n  #A\n  Z#\n"
    fresh = level_text(["#A", "Z#"], extras={"x-tried": ["Ada", "Cy", "Bo", "Di"]})
    assert relaid(_document(old), fresh) == (
        "sinpin: 1\nx-tried:\n- Ada  # too hard\n# then the spring moved\n- Cy\n- Bo\n- Di\nmap: |\n  #A\n  Z#\n")


def test_a_changed_item_of_a_list_of_mappings_keeps_the_notes_on_its_keys_left_alike() -> None:
    """The scan's doubts (x-scan-unsure) annotated, then scanned again: one changed field lost them all."""
    old = ("sinpin: 1\nx-scan-unsure:\n- x: 3  # a chest really\n  y: 4\n  text: 'D5: chest or gem? 60 %'\n"
           "# the rest is fine\nmap: |\n  #A\n  Z#\n")
    fresh = level_text(["#A", "Z#"], extras={"x-scan-unsure": [{"x": 3, "y": 4, "text": "D5: chest or gem? 70 %"}]})
    assert relaid(_document(old), fresh) == (
        "sinpin: 1\nx-scan-unsure:\n- x: 3  # a chest really\n  y: 4\n  text: 'D5: chest or gem? 70 %'\n"
        "# the rest is fine\nmap: |\n  #A\n  Z#\n")


def test_a_changed_doubt_on_one_line_keeps_its_note() -> None:
    """The scan writes its doubts one to a line (`- {x: 3, ...}`); one annotated, then scanned
    again with its text changed: the note stays after the new line."""
    old = ("sinpin: 1\nx-scan-unsure:\n- {x: 3, y: 4, text: 'D5: chest or gem? 60 %'}  # a chest really\n"
           "- {x: 1, y: 1, text: 'B2: rock or web? 50 %'}  # kept\nmap: |\n  #A\n  Z#\n")
    fresh = level_text(["#A", "Z#"], extras={"x-scan-unsure": [{"x": 3, "y": 4, "text": "D5: chest or gem? 70 %"},
                                                                {"x": 1, "y": 1, "text": "B2: rock or web? 50 %"}]})
    assert relaid(_document(old), fresh) == (
        "sinpin: 1\nx-scan-unsure:\n- {x: 3, y: 4, text: 'D5: chest or gem? 70 %'}  # a chest really\n"
        "- {x: 1, y: 1, text: 'B2: rock or web? 50 %'}  # kept\nmap: |\n  #A\n  Z#\n")


def test_a_note_never_moves_to_another_doubt() -> None:
    """The first doubt annotated, then gone in a new scan that changed the second: which new
    doubt replaces which old one is a guess, so no note is carried (it was put on the second)."""
    old = ("sinpin: 1\nx-scan-unsure:\n- {x: 0, y: 0, text: 'A1: rock or spring? 60 %'}  # really rock, drawn badly\n"
           "- {x: 1, y: 0, text: 'B1: rock or spring? 60 %'}\n- {x: 2, y: 0, text: 'C1: rock or web? 60 %'}\n"
           "map: |\n  #A\n  Z#\n")
    fresh = level_text(["#A", "Z#"], extras={"x-scan-unsure": [{"x": 1, "y": 0, "text": "B1: rock or spring? 70 %"},
                                                                {"x": 2, "y": 0, "text": "C1: rock or web? 60 %"}]})
    assert relaid(_document(old), fresh) == fresh


def test_an_older_scans_doubts_take_the_one_line_layout_but_where_annotated() -> None:
    """Doubts as an older printkit wrote them (five lines each) take the one-line layout when
    the file is rewritten, changed or not; one the designer annotated keeps its lines."""
    old = ("sinpin: 1\nx-scan-unsure:\n- x: 3\n  y: 4\n  text: 'D5: chest or gem? 60 %'\n- x: 1  # mine\n  y: 1\n"
           "  text: kept\n- x: 2\n  y: 2\n  text: same\nmap: |\n  #A\n  Z#\n")
    fresh = level_text(["#A", "Z#"], extras={"x-scan-unsure": [{"x": 3, "y": 4, "text": "D5: chest or gem? 70 %"},
                                                                {"x": 1, "y": 1, "text": "kept"},
                                                                {"x": 2, "y": 2, "text": "same"}]})
    assert relaid(_document(old), fresh) == (
        "sinpin: 1\nx-scan-unsure:\n- {x: 3, y: 4, text: 'D5: chest or gem? 70 %'}\n- x: 1  # mine\n  y: 1\n"
        "  text: kept\n- {x: 2, y: 2, text: same}\nmap: |\n  #A\n  Z#\n")


@pytest.mark.parametrize(("old", "new"), [
    ("name: >-  # working title\n  Crystal\n  Cave\n", 'name: "Deep Cave"  # working title\n'),
    ("name: Crystal\n  Cave  # working title\n", 'name: "Deep Cave"  # working title\n'),
    ("name:\n  Crystal Cave  # working title\n", 'name: "Deep Cave"  # working title\n'),
    ("name:  # to do\n", 'name: "Deep Cave"  # to do\n'),
    ("players: [2,  # best\n  3, 4]  # crowded\n", "players: [2, 3]  # crowded\n"),  # inside the brackets: lost
])
def test_a_changed_value_over_several_lines_keeps_the_note_after_it(old: str, new: str) -> None:
    fresh = level_text(["#A", "Z#"], **({"players": (2, 3)} if "players" in old else {"name": "Deep Cave"}))
    assert relaid(_document("sinpin: 1\n" + old + "map: |\n  #A\n  Z#\n"), fresh) == (
        "sinpin: 1\n" + new + "map: |\n  #A\n  Z#\n")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), unique=True, max_size=6), st.lists(st.integers(0, 9), unique=True, max_size=6),
       st.sampled_from(["", "  "]), st.booleans())
def test_a_changed_list_reads_back_right_and_the_items_left_keep_their_notes(old_items, new_items, indent, between):
    old_items, new_items = sorted(old_items), sorted(new_items)  # the order kept: every item in both is left alike
    items = "".join(f"{indent}- {item}  # note {item}\n" + (f"{indent}# after {item}\n" if between else "")
                    for item in old_items)
    old = "sinpin: 1\nx-list:" + (" []\n" if not old_items else "\n" + items) + "map: |\n  #A\n  Z#\n"
    out = relaid(_document(old), level_text(["#A", "Z#"], extras={"x-list": new_items}))
    assert yaml.safe_load(out)["x-list"] == new_items
    for item in old_items:
        assert (f"{indent}- {item}  # note {item}\n" in out) == (item in new_items)
        if new_items or not between:  # (an emptied list is `[]`: the lines between its items go with them)
            assert (f"{indent}# after {item}\n" in out) == between


def test_laid_like_takes_only_the_named_entries_alike_from_the_old_lines() -> None:
    old = parse_document(Source("x", "x-a: 2024-05-01  # when\nx-b: [1, 2]\nname: Old  # note\nx-c: 3\n"))
    fresh = "name: Old\nx-a: '2024-05-01'\nx-b:\n- 1\n- 2\nx-c: 4\nmap: |\n  #A.Z#\n"
    assert laid_like(old, fresh, ["x-a", "x-b", "x-c"]) == \
        "name: Old\nx-a: 2024-05-01  # when\nx-b: [1, 2]\nx-c: 4\nmap: |\n  #A.Z#\n"
    assert laid_like(old, fresh, []) == fresh
