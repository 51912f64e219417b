"""Atomic output: a failed run leaves neither a half-written file nor a temporary one."""

import os
from pathlib import Path

import pytest

from printkit.atomicfile import AtomicBatch, write_atomic


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

    def broken_replace(source: str, destination: str) -> None:
        raise OSError("disk full")

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
