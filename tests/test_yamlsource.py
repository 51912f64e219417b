"""Safe YAML reading with positions, shared by the level, deck and board loaders."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.boards.spec import read_spec
from printkit.cards.loader import read_deck
from printkit.sinpin.loader import interpret
from printkit.sourceproblems import SpecError, UnreadableSource
from printkit.yamlsource import MAX_BYTES, Source, parse_document, read_source


@pytest.mark.parametrize("start, kind", [(b"\xff\xd8\xff\xe0", "a JPEG image"), (b"\x89PNG\r\n\x1a\n", "a PNG image"),
                                         (b"%PDF-1.4\n", "a PDF document"),
                                         (b"\x00\x00\x00\x18ftypheic", "a HEIC photo or a video")])
def test_a_photo_or_a_pdf_given_for_a_yaml_file_says_what_it_is_and_what_reads_it(
        tmp_path: Path, start: bytes, kind: str) -> None:
    photo = tmp_path / "level.jpg"
    photo.write_bytes(start + b"\x00" * (MAX_BYTES + 10))  # a photo is mostly over 1 MB: said before its size
    with pytest.raises(UnreadableSource) as caught:
        read_source(str(photo))
    assert caught.value.problem.message == (f"is {kind}, not YAML text; a photo or scan of a drawn design sheet is"
                                            " read by `printkit scan`")


def test_read_source_limits_size_and_encoding(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * (MAX_BYTES + 1))
    with pytest.raises(UnreadableSource, match="larger than 1 MB"):
        read_source(str(big))
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(UnreadableSource) as caught:
        read_source(str(latin))
    assert (caught.value.problem.line, caught.value.problem.column) == (1, 10)


# -- hostile values (issue 13) --------------------------------------------------------------
MAP = "map: |\n  ######\n  #..Z##\n  #*...#\n  #.#.A#\n  ######\n"


def document(text: str):
    return parse_document(Source("spec.yaml", text))


_digits = st.integers(0, 9999).map(str)
DATES = st.builds(lambda y, m, d, rest: f"{int(y):04d}-{int(m) % 100:02d}-{int(d) % 100:02d}{rest}", _digits, _digits, _digits,
                  st.sampled_from(["", " 10:00:00", "T25:61:61Z", "t21:59:43.10-05:00", " 1:2:3 +1"]))
TAGGED = st.builds("{} {}".format, st.sampled_from(["!!int", "!!float", "!!bool", "!!timestamp", "!!null", "!!str", "!!binary"]),
                   st.one_of(DATES, st.from_regex(r"[-+0-9a-zA-Z_.:]{0,12}", fullmatch=True), st.just("''")))
HUGE = st.builds(lambda prefix, n: prefix + "7" * n, st.sampled_from(["", "-", "0x", "0b", "0", "1_", "1:"]), st.integers(90, 6000))
SEXAGESIMAL = st.lists(st.integers(0, 59).map(str), min_size=2, max_size=60).map(lambda parts: "1" + ":".join(["", *parts]))
SCALARS = st.one_of(DATES, TAGGED, HUGE, SEXAGESIMAL, st.floats(allow_nan=True).map(repr), st.integers().map(str))

S = "<scalar>"  # where the scalar goes
LEVEL_SLOTS = [f"name: {S}\n{MAP}", f"author: {S}\n{MAP}", f"x-any: {S}\n{MAP}", f"sinpin: {S}\n{MAP}",
               f"players: [2, {S}]\n{MAP}", f"rules: {{blade_points: {S}}}\n{MAP}"]
DECK = "deck: D\nbacks:\n  box: {title: B}\ncards:\n  - {title: T, count: 1, text: t}\n"
DECK_SLOTS = [DECK.replace("deck: D", f"deck: {S}"), DECK.replace("title: B", f"title: {S}"), DECK.replace("title: T", f"title: {S}"),
              DECK.replace("count: 1", f"count: {S}"), DECK.replace("text: t", f"text: {S}"), f"x-when: {S}\n{DECK}"]
BOARD_SLOTS = [f"game: yinsh\nplayers: 2\nspacing_mm: {S}\n", f"game: yinsh\nplayers: 2\nx-made: {S}\n", f"game: sinoda\nplayers: {S}\n",
               f"game: sinoda\nplayers: 2\nedge_mm: {S}\n", f"game: yinsh\nplayers: 2\ncolours: [{S}, black]\n"]
READERS = [(interpret, LEVEL_SLOTS), (read_deck, DECK_SLOTS), (read_spec, BOARD_SLOTS)]


@settings(max_examples=200, deadline=None)
@given(scalar=SCALARS, reader_index=st.integers(0, len(READERS) - 1), slot=st.integers(0, 5))
def test_every_reader_takes_any_scalar_or_names_the_file_and_the_place(scalar: str, reader_index: int, slot: int) -> None:
    """Dates, explicit tags with any value, numbers of thousands of digits, in every reader:
    a result, or problems that name the file and can all be printed; never another exception."""
    read, slots = READERS[reader_index]
    text = slots[slot % len(slots)].replace(S, scalar)
    try:
        result = read(document(text))
    except UnreadableSource as error:
        assert error.problem.file == "spec.yaml" and error.problem.line is not None
        return
    except SpecError as error:
        problems = error.problems
        assert problems
    else:
        problems = getattr(result, "problems", [])
    assert all(problem.file == "spec.yaml" and str(problem) for problem in problems)


@settings(max_examples=60, deadline=None)
@given(DATES)
def test_a_level_named_like_a_date_has_that_name(scalar: str) -> None:
    level = interpret(document(f"name: {scalar}\n{MAP}"))
    assert level.title == scalar and not level.problems
