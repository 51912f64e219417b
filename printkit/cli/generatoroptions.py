"""The options that say what to generate, shared by `printkit generate`, `printkit survey`
(and, in part, `printkit kit --random`), and the generator's Request made from them.

Every mistake is a usage error (exit 2) that names the option and what to write instead.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from printkit.bundled import NotBundled, catalogue, resolve
from printkit.cli.batchoptions import batch_options
from printkit.cli.common import message, note
from printkit.sinpin.generate.generator import MIN_SIZE, Request
from printkit.sinpin.level import DEFAULT_PLAYERS, Level, fits_paper
from printkit.sinpin.generate.metrics import FEATURES
from printkit.sinpin.loader import problems_of_grid, read_level
from printkit.sinpin.generate.route import STORIES
from printkit.sinpin.rules import MAX_LONG_SIDE, MAX_SHORT_SIDE
from printkit.sinpin.generate.targets import LARGEST_SIDE, LENIENCY_WORDS, MAX_TURNS, TURN_WORDS, parse_target
from printkit.sourceproblems import UnreadableSource
from printkit.wording import counted

ANY_SIZE_LIMIT = LARGEST_SIDE  # --any-size: at most this a side (printkit.sinpin.generate.targets says why)
DEFAULT_SIZE = (12, 18)  # the largest portrait map one A4 sheet holds (S2), when --like gives no size
_TURNS = re.compile(r"\s*(\d*)\s*(\.\.)?\s*(\d*)\s*")


def _size(text: str, any_size: bool) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise click.BadParameter(f"'{text}' is not a size: write WIDTHxHEIGHT in fields, such as 12x18", param_hint="'--size'")
    width, height = int(match[1]), int(match[2])
    problem = _size_problem(width, height, any_size)
    if problem:
        raise click.BadParameter(f"{width}x{height} {problem}", param_hint="'--size'")
    return width, height


def _size_problem(width: int, height: int, any_size: bool) -> str | None:
    """Why the generator cannot make caves of this size (said after "WxH"), or None."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return f"is too small: a cave needs at least {MIN_SIZE[0]}x{MIN_SIZE[1]} fields"
    if any_size:
        if max(width, height) > ANY_SIZE_LIMIT:
            return f"is too big even with --any-size (at most {ANY_SIZE_LIMIT} a side)"
    elif not fits_paper(width, height):
        return (f"does not fit one A4 sheet (S2: at most {MAX_SHORT_SIDE}x{MAX_LONG_SIDE} portrait or"
                f" {MAX_LONG_SIDE}x{MAX_SHORT_SIDE} landscape); --any-size makes bigger caves that cannot be printed")
    return None


def like_size(levels: Sequence[Level] | None, any_size: bool) -> tuple[int, int]:
    """The size of the caves when --size is not given: the examples' size with --like (a user
    who says "like this level" means its size too), the most common one when they differ,
    the larger (more fields, then the taller) on a tie, told in a note; DEFAULT_SIZE without
    --like. A size the generator cannot make is a usage error that asks for --size: the
    caves would not be like the examples at another size, so none is chosen for the user."""
    if not levels:
        return DEFAULT_SIZE
    sizes = Counter((level.width, level.height) for level in levels)
    ranked = sorted(sizes, key=lambda size: (sizes[size], size[0] * size[1], size[1]), reverse=True)
    width, height = ranked[0]
    problem = _size_problem(width, height, any_size)
    if problem:
        whose = "the examples are" if len(sizes) == 1 else "the examples' most common size is"
        raise click.BadParameter(f"{whose} {width}x{height}, which {problem}; --size WxH asks for caves of another size",
                                 param_hint="'--like'")
    if len(sizes) > 1:
        shown = ", ".join(f"{w}x{h}" + (f" in {sizes[w, h]} levels" if sizes[w, h] > 1 else "") for w, h in ranked)
        note(f"--like: the examples come in {len(sizes)} sizes: {shown}; the caves are {width}x{height}, the most"
             " common size (the larger on a tie); --size WxH asks for another")
    return width, height


def like_players(levels: Sequence[Level] | None) -> tuple[int, ...]:
    """The player counts of the caves when --players is not given: the examples' with --like
    when they all agree, else the level format's default (2, 3, 4), with a note."""
    counts = Counter(level.players for level in levels or ())
    if len(counts) == 1:
        return next(iter(counts))
    if len(counts) > 1:
        shown = ", ".join(f"{_listed(players)} in {counted(counts[players], 'level')}" for players in sorted(counts))
        note(f"--like: the examples are for different players ({shown}); the caves are for"
             f" {_listed(DEFAULT_PLAYERS)}, the default; --players asks for others")
    return DEFAULT_PLAYERS


def _features(text: str | None) -> frozenset[str] | None:
    if text is None:
        return None
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in FEATURES]
    if unknown or not names:
        what = f"unknown feature{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}" if unknown else "no features named"
        raise click.BadParameter(f"{what}; the features are {','.join(FEATURES)}", param_hint="'--features'")
    return frozenset(names)


def _players(text: str) -> tuple[int, ...]:
    match = re.fullmatch(r"\s*([234])\s*(?:\.\.\s*([234])\s*)?", text)
    if not match or (match[2] and int(match[2]) < int(match[1])):
        raise click.BadParameter(f"'{text}' is not a player count: write 3, or a range such as 2..4 (from 2 to 4)", param_hint="'--players'")
    low, high = int(match[1]), int(match[2] or match[1])
    return tuple(range(low, high + 1))


def _turns(text: str | None, min_turns: int | None, max_turns: int | None) -> tuple[int | None, int | None]:
    """--turns MIN..MAX (either end may be left out, or one number for both); the old
    --min-turns and --max-turns still work, with a note."""
    if text is None:
        for name, value in (("--min-turns", min_turns), ("--max-turns", max_turns)):
            if value is not None:
                written = f"{value}.." if name == "--min-turns" else f"..{value}"
                message(f"note: {name} {value} is now written --turns {written}; {name} still works")
        if min_turns is not None and max_turns is not None and min_turns > max_turns:
            raise click.BadParameter(f"--min-turns {min_turns} is above --max-turns {max_turns}", param_hint="'--min-turns'")
        return min_turns, max_turns
    if min_turns is not None or max_turns is not None:
        raise click.BadParameter("give --turns or the old --min-turns/--max-turns, not both", param_hint="'--turns'")
    match = _TURNS.fullmatch(text)
    if not match or not (match[1] or match[3]) or (not match[2] and match[3]):
        raise click.BadParameter(f"'{text}' is not a turn range: write MIN..MAX such as 5..9, 5.. or ..9, or one number",
                                 param_hint="'--turns'")
    low = _turn_count(match[1]) if match[1] else None
    high = _turn_count(match[3]) if match[3] else (low if not match[2] else None)
    if low == 0 or high == 0:
        raise click.BadParameter("a level takes at least 1 turn", param_hint="'--turns'")
    if low is not None and high is not None and low > high:
        raise click.BadParameter(f"'{text}': {low} is above {high}", param_hint="'--turns'")
    return low, high


def _turn_count(digits: str) -> int:
    """A number of --turns, at most MAX_TURNS (the digits counted first: int() refuses more
    than 4,300 of them)."""
    number = digits.lstrip("0") or "0"
    if len(number) > len(str(MAX_TURNS)) or int(number) > MAX_TURNS:
        shown = number if len(number) <= 12 else f"{number[:6]}… ({len(number)} digits)"
        raise click.BadParameter(f"{shown} turns is more than any cave can need: at most {MAX_TURNS}, the fields inside"
                                 f" the border of the biggest cave --any-size makes ({LARGEST_SIDE}x{LARGEST_SIDE}),"
                                 " since a route walks at least one field a turn", param_hint="'--turns'")
    return int(number)


def _readable(path: Path) -> tuple[Level | None, str]:
    """The level in a file, or None and why not (its first problem, located) when it is
    unreadable, has format problems or a map that is no grid of S3 characters (S1, S3)."""
    try:
        level_file = read_level(str(path))
    except UnreadableSource as error:
        return None, str(error.problem)
    problems = level_file.problems or problems_of_grid(level_file)
    try:
        return level_file.level(), ""
    except ValueError:
        # the grid's findings list a ragged row or an unknown character (what Level
        # refuses) before door, exit and size ones (grid_findings)
        more = f" (1 of {len(problems)} problems: `printkit validate {path}` lists them)" if len(problems) > 1 else ""
        return None, (str(problems[0]) if problems else f"{path}: no map") + more


def _has_inside(level: Level) -> bool:
    """Whether a map has a field inside its rock border: the look is learned from those
    fields alone (printkit.sinpin.generate.patterns), so a valid map under 3 rows or 3
    columns (door and exit side by side) teaches nothing."""
    return len(level.rows) >= 3 and len(level.rows[0]) >= 3


_NO_INSIDE = "no field inside its border, where the look is learned (a map of 3 rows and 3 columns at least)"


def _level_or_folder(path: str) -> str:
    """--like's file or folder, or a bundled level's name (`first-steps`), as every option that
    reads a level takes one (printkit.bundled.resolve: a file or folder there wins)."""
    try:
        return resolve(path, "level")
    except NotBundled as error:
        raise click.BadParameter(str(error), param_hint="'--like'") from None


def example_levels(paths: Sequence[str], *, tell: bool = False) -> list[Level]:
    """The levels named by --like: files, or folders of .yaml levels (files that are no
    readable level in a folder are passed over, and so are maps with nothing inside the
    border); the bundled levels when none was named. `tell`: say on stderr (a note, which
    --quiet leaves out) which files of a folder were left out and why, one line each, and
    how many levels taught the look."""
    if not paths:
        return [read_level(str(item.path)).level() for item in catalogue("level")]
    found: list[Level] = []
    left_out: list[str] = []
    for path in paths:
        where = Path(_level_or_folder(path))
        if where.is_dir():
            readable = []
            for file in sorted(where.glob("*.yaml")):
                level, why = _readable(file)
                if level is None:
                    left_out.append(why)
                elif not _has_inside(level):
                    left_out.append(f"{file}: its map has {_NO_INSIDE}")
                readable += [level] if level is not None else []
            if not readable:
                raise click.BadParameter(f"the folder {path} holds no readable level (.yaml)", param_hint="'--like'")
            if not any(map(_has_inside, readable)):
                raise click.BadParameter(f"the folder {path} holds no level to learn from: each map has {_NO_INSIDE}",
                                         param_hint="'--like'")
            found.extend(filter(_has_inside, readable))
        elif where.is_file():
            level, _ = _readable(where)
            if level is None:
                raise click.BadParameter(f"{path} is no level to learn from: `printkit validate {path}` says why",
                                         param_hint="'--like'")
            if not _has_inside(level):
                raise click.BadParameter(f"{path} is no level to learn from: its map has {_NO_INSIDE}", param_hint="'--like'")
            found.append(level)
        else:
            raise click.BadParameter(f"{path} is neither a level file nor a folder", param_hint="'--like'")
    if tell and left_out:
        for why in left_out:
            note(f"--like: left out {why}")
        note(f"--like: {counted(len(found), 'level')} taught the look, {counted(len(left_out), 'file')} left out")
    return found


def generator_options(command: Callable) -> Callable:
    """The options that say what to generate (generate, survey)."""
    decorators = [
        click.option("--seed", type=click.IntRange(0), default=None,
                     help="Seed of the run; the same seed and options give the same files. Default: a fresh one, reported."),
        click.option("--size", "size_text", default=None, metavar="WxH",
                     help="Width x height in fields; at most 12x18 or 18x12 (S2) unless --any-size. Default: 12x18, or"
                          " with --like the examples' size (the most common one, the larger on a tie)."),
        click.option("--turns", "turns_text", default=None, metavar="MIN..MAX",
                     help="Least turns to win, such as 5..9, 5.. or ..9 (default: by size, 2..20 on 12x18;"
                          f" at most {MAX_TURNS})."),
        click.option("--min-turns", type=click.IntRange(1, MAX_TURNS), default=None, hidden=True),
        click.option("--max-turns", type=click.IntRange(1, MAX_TURNS), default=None, hidden=True),
        click.option("--target", "target_text", default=None, metavar="CELL",
                     help=f"Only levels in one cell of the survey's range: least turns ({', '.join(TURN_WORDS)} or"
                          f" a range such as 9..12) and leniency ({', '.join(LENIENCY_WORDS)} or a range such as -4..-3),"
                          " e.g. long,hazardous."),
        click.option("--exit", "story", type=click.Choice(STORIES), default="below", show_default=True,
                     help="Where the exit lies from the door: below it (the dungeon descends), above it (a climb), or either."),
        click.option("--features", "features_text", default=None, metavar="LIST",
                     help=f"Comma list of the special fields the levels may have, each on the route: {','.join(FEATURES)}."
                          " Default: what the examples have."),
        click.option("--like", "like", multiple=True, metavar="DIR|FILE",
                     help="Learn the look from these levels (files, folders of .yaml or bundled levels' names; repeat the option)."
                          " Default: the bundled levels."),
        click.option("--players", "players_text", default=None, metavar="N|A..B",
                     help="The player counts the levels are for. Default: 2..4, or with --like the examples' counts"
                          " when they all agree."),
        click.option("--any-size", is_flag=True, help="Allow sizes beyond one A4 sheet (up to 60 a side; not printable)."),
        batch_options,  # --jobs J or --dask ADDRESS: the command gets an `executor`
    ]
    for decorate in reversed(decorators):
        command = decorate(command)
    return command


def _listed(players: tuple[int, ...]) -> str:
    """`players` as a level file writes it: [2, 3, 4]."""
    return f"[{', '.join(map(str, players))}]"


def request_from(size_text: str | None, turns_text: str | None, min_turns: int | None, max_turns: int | None,
                 target_text: str | None, story: str, features_text: str | None, like: Sequence[str],
                 players_text: str | None, any_size: bool) -> Request:
    """The generator's request from the options; a usage error (exit 2) names what is wrong.
    Without --size or --players, --like's examples give them (like_size, like_players)."""
    size = _size(size_text, any_size) if size_text is not None else None
    low, high = _turns(turns_text, min_turns, max_turns)
    features = _features(features_text)
    if story == "above" and features is not None and "ladder" not in features:
        raise click.BadParameter("an exit above the door needs ladders to climb (S11): add ladder to --features",
                                 param_hint="'--exit'")
    players = _players(players_text) if players_text is not None else None
    levels = example_levels(like, tell=True) if like else None  # None: the bundled ones
    width, height = size or like_size(levels, any_size)
    examples = tuple(level.rows for level in levels) if levels is not None else None
    request = Request(width, height, low, high, features, players or like_players(levels), any_size=any_size, exit=story,
                      examples=examples)
    if target_text is None:
        return request
    try:
        target = parse_target(target_text, request.turn_range())
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--target'") from None
    if target.turns is not None:
        lowest, highest = request.turn_range()
        if target.turns[1] < lowest or target.turns[0] > highest:
            raise click.BadParameter(f"{target.describe()} lies outside the least turns asked ({lowest}..{highest})",
                                     param_hint="'--target'")
    return Request(width, height, low, high, features, request.players, any_size=any_size, exit=story,
                   target=target, examples=request.examples)
