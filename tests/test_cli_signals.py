"""A real `printkit` process interrupted in the middle of its commit: the folder then holds
the old set or the new set of files, never a mix, and no temporaries after the next run.

The commit's test hook (PRINTKIT_TEST_COMMIT_PAUSE=STEP:FILE, printkit.atomicfile) makes
the process touch FILE at STEP and wait there; the test then signals it.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.atomicfile import PAUSE_VARIABLE, recover

pytestmark = pytest.mark.slow  # real processes signalled mid-commit: the point of these tests

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "templates" / "sinpin-deck.yaml"
LEVEL = ROOT / "levels" / "07-the-chimney.yaml"
# old: the deck with backs, 14 SVG pages; new: fronts only, 7 pages, so a new set must
# also remove the old one's pages 8-14
OLD = ("cards", str(DECK))
NEW = ("cards", str(DECK), "--no-backs")


def printkit(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "printkit", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, **(env or {})})


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def make(args: tuple[str, ...], output: Path) -> dict[str, bytes]:
    process = printkit(*args, "-o", str(output))
    assert process.wait(timeout=120) == 0, process.stderr.read() if process.stderr else ""
    return files(output.parent)


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The folder after the old command alone, and after the new command alone."""
    old = make(OLD, tmp_path_factory.mktemp("old") / "deck.svg")
    new = make(NEW, tmp_path_factory.mktemp("new") / "deck.svg")
    assert len(old) == 14 and len(new) == 7 and set(new) < set(old)
    return old, new


def interrupted(folder: Path, step: str, signum: int, args: tuple[str, ...] = NEW, name: str = "deck.svg") -> int:
    """Run `args` into `folder`, stop it with `signum` when its commit reaches `step`."""
    flag = folder.parent / f"{folder.name}.paused"
    process = printkit(*args, "-o", str(folder / name), env={PAUSE_VARIABLE: f"{step}:{flag}"})
    deadline = time.monotonic() + 120
    while not flag.exists():
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        assert time.monotonic() < deadline, "the commit never reached its pause"
        time.sleep(0.02)
    process.send_signal(signum)
    status = process.wait(timeout=60)
    assert process.stderr is not None
    assert b"Traceback" not in process.stderr.read()
    return status


def old_folder(tmp_path: Path, old: dict[str, bytes]) -> Path:
    folder = tmp_path / "out"
    folder.mkdir()
    for name, data in old.items():
        (folder / name).write_bytes(data)
    (folder / "notes.txt").write_bytes(b"the user's own file")  # never touched
    return folder


def with_notes(files_: dict[str, bytes]) -> dict[str, bytes]:
    return {**files_, "notes.txt": b"the user's own file"}


@pytest.mark.parametrize(
    ("step", "signum", "expected"),
    [
        ("staged", signal.SIGINT, "old"),  # files written aside, none renamed: nothing changed
        ("renamed-1", signal.SIGINT, "old"),  # mid-rename: rolled back
        ("renamed-4", signal.SIGTERM, "old"),
        ("committed", signal.SIGTERM, "new"),  # past the commit point: completed
    ],
)
def test_sigint_and_sigterm_leave_the_old_or_the_new_set_whole(tmp_path, sets, step, signum, expected) -> None:
    old, new = sets
    folder = old_folder(tmp_path, old)
    assert interrupted(folder, step, signum) == 128 + signum  # 130, 143
    assert files(folder) == with_notes(old if expected == "old" else new)  # whole, and no temporaries


@pytest.mark.parametrize(("step", "rolled_back"), [("staged", True), ("renamed-3", True), ("committed", False)])
def test_after_sigkill_the_next_run_restores_or_completes_and_leaves_no_temporaries(tmp_path, sets, step, rolled_back) -> None:
    old, new = sets
    folder = old_folder(tmp_path, old)
    assert interrupted(folder, step, signal.SIGKILL) == -signal.SIGKILL
    assert any(name.startswith(".printkit-") for name in os.listdir(folder))  # what the kill left
    # recovery alone puts back the old set (the commit had not reached its commit point)
    # or finishes the new one (it had)
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    recover(copy)
    assert files(copy) == with_notes(old if rolled_back else new)
    # the next run of a command into the folder recovers first, then commits its own set
    process = printkit(*NEW, "-o", str(folder / "deck.svg"))
    assert process.wait(timeout=120) == 0
    assert files(folder) == with_notes(new)


def test_a_kit_interrupted_while_being_replaced_is_the_old_kit(tmp_path) -> None:
    kit = tmp_path / "kit"
    assert printkit("kit", str(LEVEL), "--players", "2", "-o", str(kit)).wait(timeout=120) == 0
    old = files(kit)
    assert sorted(old) == ["cards.pdf", "kit.pdf", "map.pdf", "rules.pdf", "tokens.pdf"]
    status = interrupted(kit, "renamed-2", signal.SIGINT, ("kit", str(LEVEL), "--players", "4"), name="")
    assert status == 130 and files(kit) == old
