"""Atomic output: a failed run leaves neither a half-written file nor a temporary one."""

import os
from pathlib import Path

import pytest

from printkit.atomicfile import AtomicBatch, OutputError, write_atomic


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
