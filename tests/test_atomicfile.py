"""Atomic output: a failed run leaves neither a half-written file nor a temporary one."""

import errno
import json
import os
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import atomicfile
from printkit.atomicfile import AtomicBatch, OutputError, recover, write_atomic


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "out.pdf"
    write_atomic(target, b"first")
    write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert os.listdir(target.parent) == ["out.pdf"]
    assert target.stat().st_mode & 0o644 == 0o644


def test_a_failing_write_keeps_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")

    real_replace = os.replace

    def broken_replace(source: str, destination: str) -> None:
        if str(source).endswith(".new"):  # installing fails; undoing still works
            raise OSError(28, "No space left on device")
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.pdf"]


def test_an_existing_target_is_never_missing_while_it_is_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 5: where the file system has hard links the old file is kept by a second name
    (os.link), so at no point of the commit is an existing target missing; the rename in
    `_keep` is only the fallback for file systems without them."""
    for name in ("a.pdf", "b.pdf"):
        (tmp_path / name).write_bytes(b"old " + name.encode())
    existing = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    linked: list[Path] = []
    gaps: list[str] = []
    real_link, real_replace, real_unlink = os.link, os.replace, os.unlink

    def check(step: str) -> None:
        gaps.extend(f"{path.name} missing after {step}" for path in existing if not os.path.lexists(path))

    def link(source, destination, **kwargs) -> None:
        real_link(source, destination, **kwargs)
        linked.append(Path(source))
        check("link")

    def replace(source, destination) -> None:
        real_replace(source, destination)
        check(f"replace {Path(source).name}")

    def unlink(path, **kwargs) -> None:
        real_unlink(path, **kwargs)
        check(f"unlink {Path(path).name}")

    monkeypatch.setattr(os, "link", link)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "unlink", unlink)
    batch = AtomicBatch()
    for path in (*existing, tmp_path / "c.pdf"):
        batch.add(path, b"new " + path.name.encode())
    batch.commit()
    assert linked == existing  # the hard link, not the rename fallback, kept each old file
    assert gaps == []
    assert files(tmp_path) == {name: b"new " + name.encode() for name in ("a.pdf", "b.pdf", "c.pdf")}


def test_a_batch_writes_nothing_until_committed(tmp_path: Path) -> None:
    batch = AtomicBatch()
    batch.add(tmp_path / "a.pdf", b"a")
    batch.add(tmp_path / "b.pdf", b"b")
    assert list(tmp_path.iterdir()) == []
    batch.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.pdf"]


def test_a_batch_that_cannot_write_one_file_replaces_none(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").write_bytes(b"old a")
    (tmp_path / "b.pdf").mkdir()  # a folder where the second file should go
    batch = AtomicBatch()
    batch.add(tmp_path / "a.pdf", b"new a")
    batch.add(tmp_path / "b.pdf", b"new b")
    with pytest.raises(OutputError, match="b.pdf: cannot write: it is a folder"):
        batch.commit()
    assert (tmp_path / "a.pdf").read_bytes() == b"old a"
    assert sorted(os.listdir(tmp_path)) == ["a.pdf", "b.pdf"]


def test_a_file_in_the_way_of_a_folder_is_named(tmp_path: Path) -> None:
    (tmp_path / "level.yaml").write_text("")
    with pytest.raises(OutputError, match="a file is in the way of its folder"):
        write_atomic(tmp_path / "level.yaml" / "map.pdf", b"x")


def test_a_250_character_file_name_can_be_written(tmp_path: Path) -> None:
    target = tmp_path / ("m" * 246 + ".pdf")  # 250 bytes; the file system allows 255
    write_atomic(target, b"one")
    write_atomic(target, b"two")  # replacing it too: temporaries are short, whatever the name
    assert target.read_bytes() == b"two" and os.listdir(tmp_path) == [target.name]


def test_on_a_full_disk_nothing_changes_and_a_folder_the_batch_made_is_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = atomicfile.write_new

    def full_disk(path: Path, data: bytes) -> None:
        if data == b"second":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, data)

    monkeypatch.setattr(atomicfile, "write_new", full_disk)  # as the commit calls it
    batch = AtomicBatch()
    batch.add(tmp_path / "made" / "deeper" / "a.pdf", b"first")
    batch.add(tmp_path / "made" / "deeper" / "b.pdf", b"second")
    with pytest.raises(OutputError, match=r"b\.pdf: cannot write: No space left on device"):
        batch.commit()
    assert os.listdir(tmp_path) == []  # both folders it made are gone again
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "a.pdf").write_bytes(b"old")
    batch = AtomicBatch()
    batch.add(tmp_path / "kept" / "a.pdf", b"first")
    batch.add(tmp_path / "kept" / "b.pdf", b"second")
    with pytest.raises(OutputError):
        batch.commit()
    assert files(tmp_path / "kept") == {"a.pdf": b"old"}  # a folder that was there stays


def test_a_failing_announcement_replaces_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.pdf").write_bytes(b"old")
    batch = AtomicBatch()
    batch.add(tmp_path / "a.pdf", b"new")

    def announce() -> None:
        raise OutputError("standard output is full")

    with pytest.raises(OutputError):
        batch.commit(announce)
    assert files(tmp_path) == {"a.pdf": b"old"}


def test_stale_files_go_in_the_same_commit_and_come_back_on_failure(tmp_path: Path) -> None:
    for name in ("x.svg", "x-2.svg", "x-3.svg"):
        (tmp_path / name).write_bytes(b"old " + name.encode())
    batch = AtomicBatch()
    batch.add(tmp_path / "x.svg", b"new")
    batch.add_stale(lambda: [tmp_path / "x-2.svg", tmp_path / "x-3.svg", tmp_path / "x.svg", tmp_path / "x-9.svg"])
    batch.commit()
    assert files(tmp_path) == {"x.svg": b"new"}  # its own target and a missing name are no stale files


def test_one_batch_writes_one_folder_and_each_name_once(tmp_path: Path) -> None:
    batch = AtomicBatch()
    batch.add(tmp_path / "a" / "x.pdf", b"1")
    batch.add(tmp_path / "b" / "x.pdf", b"2")
    with pytest.raises(ValueError, match="one folder"):
        batch.commit()
    batch = AtomicBatch()
    batch.add(tmp_path / "x.pdf", b"1")
    batch.add(tmp_path / "x.pdf", b"2")
    with pytest.raises(OutputError, match="two outputs of this command have this name"):
        batch.commit()
    assert os.listdir(tmp_path) == []


def test_recovery_removes_only_printkit_s_own_leftovers(tmp_path: Path) -> None:
    own = [".printkit-0123abcd-0.new", ".printkit-0123abcd-s2.old", ".printkit-deadbeef.journal", ".map.pdf.k2j_9xq1.part"]
    users = ["map.pdf", ".printkit-notes", ".printkit-0123abcd-0.new.txt", "printkit-0123abcd-0.new", ".other.pdf.k2j_9xq1.part",
             ".printkit-0123ABCD-0.new", ".map.pdf.part"]
    for name in own + users:
        (tmp_path / name).write_bytes(b"x")
    assert recover(tmp_path, ["map.pdf"]) == len(own)  # a cut-short journal counts as a leftover
    assert sorted(os.listdir(tmp_path)) == sorted(users)


class Killed(BaseException):
    """The process dies here: nothing after it runs, not even clean-ups."""


OLD_NAMES = st.sampled_from(["a.pdf", "b.pdf", "c.svg", "c-2.svg", "c-3.svg"])


@settings(max_examples=60, deadline=None)
@given(
    old=st.dictionaries(OLD_NAMES, st.binary(min_size=1, max_size=3), max_size=5),
    new=st.dictionaries(OLD_NAMES, st.binary(min_size=1, max_size=3), min_size=1, max_size=5),
    retire=st.booleans(),
    kill_at=st.integers(0, 30),
)
def test_a_commit_killed_at_any_step_is_the_old_or_the_new_set_after_recovery(old, new, retire, kill_at) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for name, data in old.items():
            (folder / name).write_bytes(b"old" + data)
        (folder / "user.txt").write_bytes(b"mine")
        stale = {name for name in old if name not in new} if retire else set()
        expected_new = {**{n: b"old" + d for n, d in old.items() if n not in stale}, **{n: b"new" + d for n, d in new.items()}}
        expected_old = {name: b"old" + data for name, data in old.items()}
        steps: list[str] = []
        real = {name: getattr(os, name) for name in ("replace", "link", "unlink", "fsync")}

        def dying(name: str):
            def operation(*args, **kwargs):
                if len(steps) >= kill_at:
                    raise Killed
                steps.append(f"{name} {args[0]}")
                return real[name](*args, **kwargs)
            return operation

        batch = AtomicBatch()
        for name, data in new.items():
            batch.add(folder / name, b"new" + data)
        batch.add_stale(lambda: [folder / name for name in stale])
        with mock.patch.multiple(os, **{name: dying(name) for name in real}):
            try:
                batch.commit()
                finished = True
            except Killed:
                finished = False
        committed = finished or any(step.startswith("unlink") and step.endswith(".journal") for step in steps)
        recover(folder)
        after = {path.name: path.read_bytes() for path in folder.iterdir()}
        assert after == {**(expected_new if committed else expected_old), "user.txt": b"mine"}


def test_recovery_never_removes_a_file_that_a_journal_names_but_the_commit_did_not_write(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (tmp_path / "outside.txt").write_bytes(b"elsewhere")
    (folder / "map.pdf").write_bytes(b"the user's map, written after the killed run")
    journals = {
        ".printkit-0000000a.journal": {"targets": [["map.pdf", False, "0" * 64]], "stale": []},  # not the staged content
        ".printkit-0000000b.journal": {"targets": [["../outside.txt", False, "0" * 64]], "stale": []},  # not in the folder
        ".printkit-0000000c.journal": {"targets": [["map.pdf", "yes", 1]], "stale": ["../outside.txt"]},  # not one printkit wrote
    }
    for name, record in journals.items():
        (folder / name).write_text(json.dumps(record), encoding="ascii")
    (folder / ".printkit-0000000c-s0.old").write_bytes(b"planted")
    recover(folder)
    assert files(folder) == {"map.pdf": b"the user's map, written after the killed run"}
    assert (tmp_path / "outside.txt").read_bytes() == b"elsewhere"
