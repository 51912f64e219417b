"""docs/ and the README agree with the code and with each other, and point only at what a
clone or an install has."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from printkit.sinpin.moves.events import Outcome
from printkit.sinpin.rules import KNOB_RANGES, Rules
from printkit.sinpin.moves.validator import unsearchable
from printkit.cli.moveto import way_json
from printkit.sinpin.findings import Finding
from printkit.sinpin.level import Level
from printkit.sinpin.moves.reach import Leg, Reach, Way

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
# Pages linked before they were written (none now: every page exists).
COMING: set[str] = set()


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _json_examples(page: Path) -> list[object]:
    return [json.loads(block) for block in re.findall(r"```json\n(.+?)\n```", _text(page), re.DOTALL)]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_nothing_points_outside_the_project(page: Path) -> None:
    assert "../shared" not in _text(page) and "shared/rules" not in _text(page)


def test_nothing_shipped_points_outside_the_project() -> None:
    for folder, pattern in (("printkit", "*.py"), ("templates", "*.yaml"), ("levels", "*.yaml")):
        for path in (ROOT / folder).rglob(pattern):
            assert "../shared" not in _text(path) and "shared/rules" not in _text(path), path


def test_every_install_hint_installs_from_printkit_s_folder() -> None:
    """printkit is not on PyPI (the PyPI package called printkit is another project's): no
    page, message or help says `pip install 'printkit[...]'`; the pages that tell how to
    install an extra say it as the messages do (printkit.wording.install_hint)."""
    from printkit.wording import install_hint

    shipped = [*PAGES, ROOT / "pyproject.toml", *(ROOT / "printkit").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]
    wrong = re.compile(r"install\s+['\"]?printkit\[")
    assert [str(path) for path in shipped if wrong.search(_text(path))] == []
    for page, extra in (("exit-status.md", "scan"), ("scan.md", "scan")):
        text = re.sub(r"\s+", " ", _text(DOCS / page).replace("`", ""))
        assert install_hint(extra) in text, page


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_leads_somewhere(page: Path) -> None:
    for target in re.findall(r"\]\(([^)\s]+)\)", _text(page)):
        if target.startswith(("http://", "https://")):
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        if path.name in COMING and path.parent == DOCS and not path.exists():
            continue
        assert path.exists(), f"{page.name}: {target}"
        if anchor:
            anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", _text(path), re.MULTILINE)}
            assert anchor in anchors, f"{page.name}: {target}"


def test_the_index_links_every_page() -> None:
    index = _text(DOCS / "README.md")
    for name in {path.name for path in DOCS.glob("*.md")} - {"README.md"} | COMING:
        assert f"]({name})" in index, name


def test_the_rules_give_every_knob_its_default() -> None:
    text = re.sub(r"\s+", " ", _text(DOCS / "rules.md"))
    stated = dict((name, int(value)) for value, name in re.findall(r"\*\*(\d+)(?: [a-z]+)? \(knob `(\w+)`\)\*\*", text))
    # S28's three set-up knobs are stated together
    setup = re.search(r"\*\*(\d+) webs, (\d+) gems and (\d+) question marks \(knobs `setup_webs` 0–(\d+),"
                      r" `setup_gems` 0–(\d+), `setup_marks` 0–(\d+)\)\*\*", text)
    assert setup is not None
    webs, gems, marks, *limits = (int(value) for value in setup.groups())
    stated |= {"setup_webs": webs, "setup_gems": gems, "setup_marks": marks}
    assert stated == dataclasses.asdict(Rules())
    assert limits == [KNOB_RANGES[name][1] for name in ("setup_webs", "setup_gems", "setup_marks")]


def test_the_knob_table_is_the_code_s() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+)–(\d+) \|", _text(DOCS / "level-format.md"), re.MULTILINE)
    table = {name: (int(default), (int(low), int(high))) for name, default, low, high in rows}
    assert table == {name: (getattr(Rules(), name), KNOB_RANGES[name]) for name in KNOB_RANGES}


def test_the_verdict_and_moves_examples_have_the_code_s_keys_in_order() -> None:
    verdict, _, s26, moves, way = _json_examples(DOCS / "level-format.md")
    assert list(verdict) == list(unsearchable([]).as_json("x"))
    outcome = Outcome(end=(1, 1), exit=False, damage=0, gems=0, hearts=(), passed=())
    assert list(moves) == ["file", "from", "card", "outcomes"]
    assert list(moves["outcomes"][0]) == list(outcome.as_json())
    reach = Reach((1, 1), (2, 1), ((1, 1),), (1, 1))
    assert list(s26) == [*Finding("S26", "x").as_json(), "reach"] and list(s26["reach"]) == list(reach.as_json())
    level = Level.from_text("####\n#AZ#\n####")
    leg = Leg(1, 1, (1, 1), (2, 1), 1, ((2, 1),), 0, True)
    example = way_json(level, "x", (1, 1), (2, 1), Way((leg,), reach, True))
    assert list(way) == list(example) and list(way["route"][0]) == list(example["route"][0])


def test_the_level_format_outputs_are_what_the_commands_print(tmp_path: Path, monkeypatch) -> None:
    """Review: the verdict and `moves --json` examples named levels/crystal-cave.yaml, the
    page's example level, but showed figures of another map (7 turns, a soft-lock, a gem
    taken on a row with no gem). Each example that names a level file is the output of the
    command the page gives just before it, run on the page's levels as written."""
    from click.testing import CliRunner

    from printkit.cli import main

    text = _text(DOCS / "level-format.md")
    levels = tmp_path / "levels"
    levels.mkdir()
    yamls = [block for block in re.findall(r"```yaml\n(.+?)\n```", text, re.DOTALL) if "map: |" in block]
    (levels / "crystal-cave.yaml").write_text(yamls[0] + "\n", encoding="utf-8")
    (levels / "pit.yaml").write_text(next(b for b in yamls if "The Pit" in b) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    checked = 0
    for match in re.finditer(r"```json\n(.+?)\n```", text, re.DOTALL):
        shown = json.loads(match.group(1))
        if not str(shown.get("file", "")).startswith("levels/"):
            continue
        before = " ".join(text[:match.start()].split())
        command = re.findall(r"`printkit ([^`]+ --json)`", before)[-1]
        result = CliRunner().invoke(main, command.split())
        assert json.loads(result.stdout) == shown, command
        checked += 1
    assert checked == 4


def test_every_rule_id_in_the_docs_is_a_rule() -> None:
    ids = set(re.findall(r"^### (S\d+[ab]?) ", _text(DOCS / "rules.md"), re.MULTILINE))
    for page in PAGES:
        for rule in re.findall(r"\bS\d+[ab]?\b", _text(page)):
            assert rule in ids, f"{page.name}: {rule}"


@pytest.mark.parametrize("page", [ROOT / "README.md", DOCS / "level-format.md"], ids=lambda page: page.name)
def test_the_example_level_is_valid_with_no_warning_and_for_every_player_count(page: Path, tmp_path: Path) -> None:
    """Issue 19: the example had a lone teleporter (an S20 warning) and `players: [2, 4]`,
    which reads as a range; a newcomer copies it first."""
    from printkit.cli.levelcheck import check_level

    example = next(block for block in re.findall(r"```yaml\n(.+?)\n```", _text(page), re.DOTALL) if "map: |" in block)
    level_file = tmp_path / "example.yaml"
    level_file.write_text(example + "\n", encoding="utf-8")
    checked = check_level(str(level_file))
    assert checked.verdict.valid and not checked.errors and not checked.warnings, checked.warnings
    assert checked.level is not None and checked.level.players == (2, 3, 4)


def test_sinoda_page_has_every_rule_and_the_code_s_knobs_and_record() -> None:
    from printkit.sinoda.rules import ENDINGS, SinodaRules

    text = _text(DOCS / "sinoda.md")
    assert re.findall(r"^### (N\d+) ", text, re.MULTILINE) == [f"N{i}" for i in range(1, 13)]
    for page in PAGES:
        for rule in re.findall(r"\bN(\d+)\b", _text(page)):
            assert 1 <= int(rule) <= 12, f"{page.name}: N{rule}"
    rows = dict(re.findall(r"^\| `(\w+)` \| (\w+) \|", text, re.MULTILINE))
    assert rows == {name: str(value).lower() for name, value in dataclasses.asdict(SinodaRules()).items()}
    head, turn, end = _json_examples(DOCS / "sinoda.md")
    assert head["rules"] == dataclasses.asdict(SinodaRules())
    assert list(turn) == ["turn", "seat", "action"] and list(end) == ["end", "winners", "scores"]
    for ending in ENDINGS:
        assert f"`{ending}`" in text


def test_sinoda_perft_table_is_the_engine_s() -> None:
    from printkit.sinoda.game import make_game
    from printkit.sinoda.perft import perft

    rows = re.findall(r"^\| (\d) players(, small board)?[^|]*\| (\d+) \| (\d+) \| (\d+) \|",
                      _text(DOCS / "sinoda.md"), re.MULTILINE)
    assert len(rows) == 5
    for players, small, *counts in rows:
        game = make_game(int(players), "small" if small else None)
        assert perft(game.start_position(0), 3) == [int(c) for c in counts]


def test_the_readme_scan_example_reads_the_bundled_photo_as_shown(tmp_path: Path) -> None:
    """The README's `printkit scan` example is run on the photo the repository ships
    (bench/scan_picture.py made it and docs/scan.png): the level drawn comes back exactly, with
    the verdict, the unsure fields and their count the README shows."""
    from click.testing import CliRunner

    from printkit.cli import main
    from printkit.sinpin.loader import read_level

    readme = _text(ROOT / "README.md")
    block = re.search(r"\$ printkit scan (\S+) -o my-level.yaml --review\n(.+?)\n```", readme, re.DOTALL)
    assert block, "the README's scan example"
    photo, shown = block.groups()
    out = tmp_path / "my-level.yaml"
    result = CliRunner().invoke(main, ["scan", str(ROOT / photo), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert read_level(str(out)).rows == read_level(str(ROOT / "levels" / "07-the-chimney.yaml")).rows
    lines = shown.splitlines()
    assert result.stdout.startswith(lines[0].replace("my-level.yaml", str(out)) + "\n")
    listed = [line for line in result.stdout.splitlines() if line.startswith("unsure: ")]
    assert listed[:len(lines) - 2] == lines[1:-1]  # the first ones, as the README shows them
    count = int(re.search(r"# (\d+) fields listed in all", lines[-1]).group(1))
    assert len(listed) == count
    assert f"all 216 fields right, {count} listed as unsure" in readme  # the picture's words


def test_the_readme_generate_example_is_what_generate_writes(tmp_path: Path) -> None:
    """Review: the README showed index 5 of `generate --seed 1` as "Mossy Hollow" with figures
    of an older generator. The run is made as the README shows it (without --render): its
    first file, its summary, and the named file's x-metrics line for line, the README's
    comments aside."""
    from click.testing import CliRunner

    from printkit.cli import main

    readme = _text(ROOT / "README.md")
    command = re.search(r"\$ printkit generate (--seed \d+ --count \d+) -o output/generated/ --render\n"
                        r"output/generated/(\S+)\.yaml\n.+?\n(\d+ levels of .+?), in [\d.]+ s\n```", readme, re.DOTALL)
    assert command, "the README's generate example"
    options, first, summary = command.groups()
    result = CliRunner().invoke(main, ["generate", *options.split(), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == str(tmp_path / f"{first}.yaml")
    assert f"{summary}, in " in result.output
    named = re.search(r'The file gets a name \("([^"]+)", `(\S+\.yaml)` of the run above\)', readme)
    assert named, "the README's generated file"
    name, file = named.groups()
    written = (tmp_path / file).read_text(encoding="utf-8")
    assert f'name: "{name}"' in written
    shown = re.search(r"```yaml\n(x-metrics:\n.+?)```", readme, re.DOTALL).group(1)
    metrics = re.search(r"^x-metrics:\n(?:  .*\n)+", written, re.MULTILINE).group(0)
    assert [re.sub(r"\s+#.*", "", line) for line in shown.splitlines()] == metrics.splitlines()


def _record_the_page_names(page: str, pattern: str, tmp_path: Path) -> list[dict]:
    """The lines of the record that the `simulate` command a page names (`pattern`'s group)
    writes, run as written with `--record`."""
    from click.testing import CliRunner

    from printkit.cli import main

    command = re.search(pattern, " ".join(_text(DOCS / page).split()))
    assert command, f"{page}: the record example's command"
    record = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, [*command.group(1).split(), "--record", str(record), "-q"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]


def test_the_sinoda_record_example_is_what_simulate_writes(tmp_path: Path) -> None:
    """Review: docs/sinoda.md showed `"board": "sinoda-2"` where simulate writes "sinoda-2
    (bundled)". The command the page names is run and its header, fourth turn and end are
    the page's three examples."""
    lines = _record_the_page_names("sinoda.md", r"Of `printkit (simulate [^`]+) --record games\.jsonl`, the header,", tmp_path)
    head, turn, end = _json_examples(DOCS / "sinoda.md")
    assert [head, turn, end] == [lines[0], next(line for line in lines if line.get("turn") == 4), lines[-1]]


def test_the_game_record_example_is_what_simulate_writes(tmp_path: Path) -> None:
    """Review: docs/game-record.md's example turn was made up: it was hurt on a field and
    drew a question mark on that same field (one tile a field, S3), and its key order was not
    the record's. The command the page names is run: the last game's header (its `map` and
    `rules` cut short at "..."), first set-up line, first turn and end line are the page's."""
    lines = _record_the_page_names("game-record.md", r"of `printkit (simulate [^`]+) --record games\.jsonl`, the last", tmp_path)
    game = lines[max(i for i, line in enumerate(lines) if "record" in line):]
    head, setup, turn, end = _json_examples(DOCS / "game-record.md")[:4]
    assert head["map"][-1] == "..." and head["map"][:-1] == game[0]["map"][:len(head["map"]) - 1]
    assert head["rules"].pop("...") == 0 and head["rules"].items() <= game[0]["rules"].items()
    assert list(head) == list(game[0])
    assert {**head, "map": game[0]["map"], "rules": game[0]["rules"]} == game[0]
    first = next(line for line in game if line.get("turn") == 1)
    assert [setup, turn, end] == [game[1], first, game[-1]] and list(turn) == list(first)  # the key order too


# What exit 1 still writes (behaviour: tests/test_cli_render.py, test_cli_scan.py, and
# test_cli_generate.py's and test_cli_survey.py's runs that make fewer than --count).
WRITES_ON_EXIT_1 = {"render --overlay", "render --all", "scan -o", "generate", "survey"}


@pytest.mark.parametrize(("page", "start", "end"), [
    ("exit-status.md", "Exit 1 writes nothing either", "(`render --all` with an unreadable"),
    ("outputs.md", "Exit 1 reports a finding", "- **Checked before the work.**"),
])
def test_both_pages_list_every_command_that_writes_on_exit_1(page: str, start: str, end: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    passage = text[text.index(start):text.index(end)]
    named = {" ".join(name.split()) for name in re.findall(r"`([a-z][^`]*)`", passage)} - {"--count"}
    assert named == WRITES_ON_EXIT_1


# Options a command needs in one of its modes only: the README gives each mode its own row,
# and the command says which is missing (`moves FILE --from E4 --card N`, `moves --to`).
_MODE_OPTIONS = {("moves", "--from"), ("moves", "--card"), ("moves", "--to"), ("render", "--all"), ("board", "--all"),
                 ("kit", "--random")}


def _synopses() -> list[tuple[str, str]]:
    """(page, synopsis) for every command line the docs write out as a synopsis: each row of
    a command table, and a code span in prose that shows an option in brackets (an example
    such as `printkit simulate sinoda-4 --games 2000` is no synopsis)."""
    found = []
    for page in PAGES:
        text = _text(page)
        if page.name == "README.md":  # its table of commands (limits.md's table names options, not synopses)
            found += [(page.name, span) for span in re.findall(r"^\| `(printkit [^`]*)`", text, re.MULTILINE)]
        prose = re.sub(r"\s*\n\s*", " ", re.sub(r"^\|.*$", "", text, flags=re.MULTILINE))  # a synopsis may wrap
        found += [(page.name, span) for span in re.findall(r"`(printkit [a-z]+ [^`]*?)`", prose) if " [-" in span]
    return found


def _shown_required(synopsis: str) -> set[str]:
    """The options a synopsis writes outside brackets, as needed."""
    outside = synopsis.replace("\\|", "|")
    while re.search(r"\[[^\[\]]*\]", outside):
        outside = re.sub(r"\[[^\[\]]*\]", "", outside)
    return set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", outside))


@pytest.mark.parametrize(("page", "synopsis"), _synopses(), ids=lambda value: value[:60])
def test_command_synopses_show_optional_options_in_brackets_and_needed_ones_without(page: str, synopsis: str) -> None:
    """Each command line the docs write shows an option bare only when the command needs it
    and in brackets when it may be left out, as `--help` says (the README's kit row once
    wrote `--players N` bare, optional as it is)."""
    import click

    from printkit.cli import main

    command = main.get_command(click.Context(main), synopsis.split()[1])
    options = {opt: param for param in command.params if isinstance(param, click.Option) for opt in param.opts}
    shown = _shown_required(synopsis)
    for option in sorted(shown & set(options)):
        assert options[option].required or (command.name, option) in _MODE_OPTIONS, (
            f"{page}: `{synopsis}` shows {option} as needed; it may be left out: write [{option} …]")
    if "--all" not in synopsis and "--random" not in synopsis:  # those modes have needs of their own
        for param in command.params:
            if isinstance(param, click.Option) and param.required:
                assert set(param.opts) & shown, f"{page}: `{synopsis}` leaves out {param.opts[0]}, which is needed"
