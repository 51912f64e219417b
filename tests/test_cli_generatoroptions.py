"""The options of generate and survey: turn ranges, the old turn options, the example
levels of --like, the request they make."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from printkit.cli.generatoroptions import _turns, example_levels, like_players, like_size, request_from
from printkit.sinpin.generate.generator import Request
from printkit.sinpin.level import Level
from printkit.sinpin.generate.targets import MAX_TURNS

TOWERS = Path(__file__).parent / "data" / "towers"
DEFAULTS = dict(size_text="12x18", turns_text=None, min_turns=None, max_turns=None, target_text=None, story="below",
                features_text=None, like=(), players_text="2..4", any_size=False)


@pytest.mark.parametrize(("text", "expected"), [("5..9", (5, 9)), ("5..", (5, None)), ("..9", (None, 9)), ("7", (7, 7)),
                                                (" 3 .. 4 ", (3, 4))])
def test_turn_ranges(text: str, expected) -> None:
    assert _turns(text, None, None) == expected


@pytest.mark.parametrize("text", ["..", "a..b", "0..3", "9..4", "5..9..12"])
def test_bad_turn_ranges_are_usage_errors(text: str) -> None:
    with pytest.raises(click.BadParameter):
        _turns(text, None, None)


@pytest.mark.parametrize("text", ["..100000000", "1..99999999999999999999", "1.." + "9" * 5000, "3365", "3..3365"])
def test_more_turns_than_any_cave_can_need_is_a_usage_error_naming_the_most(text: str) -> None:
    # ..100000000 died with a MemoryError and 1..(20 digits) never ended (the aims listed a
    # cell for every two turns); 5,000 digits are more than int() reads
    assert MAX_TURNS == 58 * 58
    with pytest.raises(click.BadParameter, match=f"at most {MAX_TURNS}, the fields inside the border"):
        _turns(text, None, None)
    assert _turns(f"..{MAX_TURNS}", None, None) == (None, MAX_TURNS)
    assert _turns(f"000{MAX_TURNS}", None, None) == (MAX_TURNS, MAX_TURNS)


def test_the_old_options_still_give_the_range() -> None:
    assert _turns(None, 4, None) == (4, None) and _turns(None, None, 8) == (None, 8)


def test_example_levels_from_files_folders_or_the_bundled_ones(tmp_path: Path) -> None:
    assert [level.name for level in example_levels([str(TOWERS)])] == ["Three Towers", "Ladder Spire", "Shaft Maze"]
    assert len(example_levels([str(TOWERS / "01-three-towers.yaml"), str(TOWERS)])) == 4
    assert len(example_levels([])) == 8  # the bundled levels
    (tmp_path / "notes.yaml").write_text("deck: x\ncards: []\n", encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("map: [\n", encoding="utf-8")
    with pytest.raises(click.BadParameter, match="no readable level"):
        example_levels([str(tmp_path)])


def test_like_takes_a_bundled_level_s_name_as_every_level_argument_does() -> None:
    # README: "Wherever a command reads a level ... it also takes the name of a bundled one";
    # `--like first-steps` was "neither a level file nor a folder"
    assert [level.name for level in example_levels(["first-steps", "02-ladder-well"])] == ["First Steps", "Ladder Well"]
    with pytest.raises(click.BadParameter, match="did you mean 'first-steps'"):
        example_levels(["frist-steps"])
    with pytest.raises(click.BadParameter, match="neither a level file nor a folder"):
        example_levels(["no/such/folder"])  # a path is never taken for a name


def test_the_request_carries_every_option() -> None:
    request = request_from(**{**DEFAULTS, "turns_text": "6..12", "target_text": "long", "story": "any",
                              "features_text": "ladder,gem", "like": (str(TOWERS),), "players_text": "3"})
    assert (request.min_turns, request.max_turns, request.exit, request.players) == (6, 12, "any", (3,))
    assert request.target is not None and request.target.turns == (11, 12)
    assert request.features == frozenset({"ladder", "gem"}) and len(request.examples) == 3
    assert request_from(**DEFAULTS).examples is None  # the bundled levels, read where they are needed


def test_a_broken_example_file_is_a_usage_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("map: [\n", encoding="utf-8")
    with pytest.raises(click.BadParameter, match="no level to learn from"):
        example_levels([str(broken)])


NARROW = {"two-columns.yaml": "map: |\n  ##\n  AZ\n  ##\n", "one-row.yaml": "map: |\n  AZ\n"}


@pytest.mark.parametrize("name", sorted(NARROW))
def test_a_map_with_nothing_inside_its_border_is_no_level_to_learn_from(tmp_path: Path, name: str) -> None:
    # a valid level (door and exit side by side), but the look is learned inside the border
    # only: it taught nothing, and ladder_taste then failed with KeyError: ()
    (tmp_path / name).write_text(NARROW[name], encoding="utf-8")
    with pytest.raises(click.BadParameter, match="is no level to learn from: its map has no field inside its border"):
        example_levels([str(tmp_path / name)])


def test_a_folder_passes_over_maps_with_nothing_inside_and_must_hold_another(tmp_path: Path) -> None:
    for name, text in NARROW.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(click.BadParameter, match="holds no level to learn from"):
        example_levels([str(tmp_path)])
    (tmp_path / "towers.yaml").write_bytes((TOWERS / "01-three-towers.yaml").read_bytes())
    assert [level.name for level in example_levels([str(tmp_path)])] == ["Three Towers"]


def _level(width: int, height: int, players: tuple[int, ...] = (2, 3, 4)) -> Level:
    rows = ["#" * width, "#A" + "." * (width - 3) + "#", *["#" + "." * (width - 2) + "#"] * (height - 4),
            "#" + "." * (width - 3) + "Z#", "#" * width]
    return Level(rows, players=players)


def _size_of(request: Request) -> tuple[int, int]:
    return request.width, request.height


def test_without_size_like_gives_the_examples_size_and_size_wins() -> None:
    # `generate --like a-12x11-level.yaml` made 12x18 caves: --size's default won over the example
    one = (str(TOWERS / "03-shaft-maze.yaml"),)  # 12x11
    assert _size_of(request_from(**{**DEFAULTS, "size_text": None, "like": one})) == (12, 11)
    assert _size_of(request_from(**{**DEFAULTS, "size_text": "10x8", "like": one})) == (10, 8)
    assert _size_of(request_from(**{**DEFAULTS, "size_text": None})) == (12, 18)  # no --like: the bundled levels


def test_mixed_sizes_take_the_most_common_then_the_larger(capsys: pytest.CaptureFixture[str]) -> None:
    assert like_size([_level(10, 8), _level(12, 18), _level(10, 8)], False) == (10, 8)
    assert capsys.readouterr().err == ("--like: the examples come in 2 sizes: 10x8 in 2 levels, 12x18; the caves are 10x8,"
                                       " the most common size (the larger on a tie); --size WxH asks for another\n")
    assert like_size([_level(10, 10), _level(18, 12), _level(12, 18)], False) == (12, 18)  # as many fields: the taller
    assert "come in 3 sizes: 12x18, 18x12, 10x10; the caves are 12x18" in capsys.readouterr().err
    assert like_size([_level(9, 7)] * 3, False) == (9, 7) and capsys.readouterr().err == ""  # one size: no note


@pytest.mark.parametrize(("size", "any_size", "said"), [((5, 5), True, "is too small: a cave needs at least 6x5"),
                                                        ((20, 12), False, "does not fit one A4 sheet"),
                                                        ((61, 20), True, "is too big even with --any-size")])
def test_an_example_size_the_generator_cannot_make_asks_for_size(size: tuple[int, int], any_size: bool, said: str) -> None:
    with pytest.raises(click.BadParameter, match=f"the examples are {size[0]}x{size[1]}, which {said}.*--size WxH"):
        like_size([_level(*size)], any_size)
    assert like_size([_level(20, 12)], True) == (20, 12)


def test_players_are_the_examples_when_they_agree(capsys: pytest.CaptureFixture[str]) -> None:
    one = (str(TOWERS / "03-shaft-maze.yaml"),)
    assert like_players([_level(8, 6, (2,)), _level(10, 8, (2,))]) == (2,) and capsys.readouterr().err == ""
    assert like_players([_level(8, 6, (2,)), _level(10, 8, (3, 4)), _level(10, 8, (3, 4))]) == (2, 3, 4)
    assert capsys.readouterr().err == ("--like: the examples are for different players ([2] in 1 level, [3, 4] in 2 levels);"
                                       " the caves are for [2, 3, 4], the default; --players asks for others\n")
    assert like_players(None) == (2, 3, 4)
    assert request_from(**{**DEFAULTS, "players_text": "3", "like": one}).players == (3,)  # --players wins
