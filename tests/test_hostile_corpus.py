"""Hostile input (issue 13): every file of tests/data/hostile/ through every command that
reads that kind of file: the exit status its first lines promise, one message naming the
file (and line:column), no traceback, and on a refusal no file written and an old one intact.

A corpus file starts with `# expect: STATUS [at LINE:COL]`, optionally followed by
`; COMMAND STATUS` for a command that answers differently (a deck nobody's avatars use is
refused by `kit` only). Status 0 files are the other half of the promise: a date, a huge
number under an `x-` key or `name: 007` are read, not crashed on.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "data" / "hostile"
GOOD_LEVEL = ROOT / "levels" / "01-first-steps.yaml"  # players [2, 3]
GOOD_BOARD = ROOT / "templates" / "sinoda-2.yaml"
_EXPECT = re.compile(r"# expect: (\d)(?: at (\d+):(\d+))?((?:; \S+ \d)*)\n")


@dataclass(frozen=True)
class Expectation:
    status: int
    where: tuple[int, int] | None
    overrides: dict[str, int]

    def status_for(self, command: str) -> int:
        return self.overrides.get(command, self.status)


def expectation(path: Path) -> Expectation:
    match = _EXPECT.match(path.read_text(encoding="utf-8"))
    assert match, f"{path.name} must start with '# expect: STATUS [at LINE:COL]'"
    where = (int(match.group(2)), int(match.group(3))) if match.group(2) else None
    overrides = {command: int(status) for command, status in re.findall(r"; (\S+) (\d)", match.group(4))}
    return Expectation(int(match.group(1)), where, overrides)


# The commands that read each kind of file: name -> (its arguments, given the file and an output
# folder; the file it writes there). Before each run that file is an old one to be left alone.

LEVEL_COMMANDS = {
    "validate": (lambda file, out: ["validate", file], None),
    "moves": (lambda file, out: ["moves", file, "--from", "4,3", "--card", "2"], None),
    "render": (lambda file, out: ["render", file, "-o", str(out / "map.pdf")], "map.pdf"),
    "kit": (lambda file, out: ["kit", file, "-o", str(out / "kit")], "kit/kit.pdf"),
    "tokens": (lambda file, out: ["tokens", file, "--players", "2", "-o", str(out / "tokens.pdf")], "tokens.pdf"),
}
DECK_COMMANDS = {
    "cards": (lambda file, out: ["cards", file, "-o", str(out / "cards.pdf")], "cards.pdf"),
    "kit": (lambda file, out: ["kit", str(GOOD_LEVEL), "--deck", file, "-o", str(out / "kit")], "kit/kit.pdf"),
}


def _board_folder(file: str, out: Path) -> list[str]:
    """`board --all` over a folder holding the file beside a good spec."""
    folder = out.parent / "specs"
    folder.mkdir(exist_ok=True)
    shutil.copy(file, folder / Path(file).name)
    shutil.copy(GOOD_BOARD, folder / GOOD_BOARD.name)
    return ["board", "--all", str(folder), "-o", str(out / "boards")]


BOARD_COMMANDS = {
    "board": (lambda file, out: ["board", file, "-o", str(out / "board.pdf")], "board.pdf"),
    "board --all": (_board_folder, f"boards/{GOOD_BOARD.stem}.pdf"),
}
KINDS = {"levels": LEVEL_COMMANDS, "decks": DECK_COMMANDS, "boards": BOARD_COMMANDS}

CASES = [
    pytest.param(path, command, id=f"{kind}/{path.stem}/{command}")
    for kind, commands in KINDS.items()
    for path in sorted((CORPUS / kind).glob("*.yaml"))
    for command in commands
]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("path, command", CASES)
def test_every_command_refuses_or_reads_each_hostile_file(path: Path, command: str, tmp_path: Path) -> None:
    kind = path.parent.name
    arguments, writes = KINDS[kind][command]
    expected = expectation(path)
    status = expected.status_for(command)
    out = tmp_path / "out"
    out.mkdir()
    if writes:
        (out / writes).parent.mkdir(parents=True, exist_ok=True)
        (out / writes).write_bytes(b"an old file, to be left alone by a failed command\n")
    before = snapshot(out)

    result = CliRunner().invoke(main, arguments(str(path), out))

    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code == status, result.output
    if status == 0:
        if writes:
            assert snapshot(out)[writes] != before[writes], "a command that succeeds writes its file"
        return
    where = f"{path.name}:{expected.where[0]}:{expected.where[1]}: " if expected.where else f"{path.name}: "
    assert where in result.output, result.output  # validate's verdicts are its data: stdout
    assert len(result.output) < 20_000, "one message per problem, not a flood"
    assert snapshot(out) == before, "a refused file writes nothing and leaves the old file as it was"


def test_the_corpus_covers_every_kind_of_hostile_scalar() -> None:
    texts = {path.stem: path.read_text(encoding="utf-8") for path in CORPUS.rglob("*.yaml")}
    for needle in ("!!int abc", "!!float abc", "!!timestamp nope", "2024-13-45", "9" * 5000, "*gem", '\\n'):
        assert any(needle in text for text in texts.values()), needle
    assert len(texts) >= 40
