"""printkit.atomicjournal: a commit's journal read back and undone, and the file steps of a
commit (the commits themselves, killed at every step, are tests/test_atomicfile.py's)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from printkit.atomicjournal import OWN, content_digest, read_journal, undo, write_new


def test_own_names_are_the_commit_s_pattern_only() -> None:
    assert OWN.match(".printkit-0123abcd-0.new") and OWN.match(".printkit-0123abcd-s1.old")
    assert OWN.match(".printkit-0123abcd.journal")["id"] == "0123abcd"
    assert not any(OWN.match(name) for name in (".printkit-0123ABCD-0.new", ".printkit-0123abcd-0.new.txt", "map.pdf"))


@pytest.mark.parametrize("record", [
    {"targets": [["../up.pdf", False, "0" * 64]], "stale": []},  # not a plain name in the folder
    {"targets": [["a.pdf", "yes", "0" * 64]], "stale": []},  # not one printkit wrote
    {"targets": [["a.pdf", False, "0" * 64]], "stale": ["sub/b.pdf"]},
    {"targets": []},  # cut short
])
def test_a_journal_printkit_did_not_write_is_not_read(tmp_path: Path, record: dict) -> None:
    journal = tmp_path / ".printkit-0000000a.journal"
    journal.write_text(json.dumps(record), encoding="ascii")
    assert read_journal(journal) is None


def test_undo_puts_a_half_renamed_commit_back(tmp_path: Path) -> None:
    # target 0 replaced (its old kept as -0.old), target 1 new and renamed, target 2 still staged
    (tmp_path / "a.pdf").write_bytes(b"new a")
    (tmp_path / ".printkit-0000000a-0.old").write_bytes(b"old a")
    (tmp_path / "b.pdf").write_bytes(b"new b")
    (tmp_path / "c.pdf").write_bytes(b"old c")
    write_new(tmp_path / ".printkit-0000000a-2.new", b"new c")
    (tmp_path / ".printkit-0000000a-s0.old").write_bytes(b"stale d")
    targets = [["a.pdf", True, content_digest(b"new a")], ["b.pdf", False, content_digest(b"new b")],
               ["c.pdf", True, content_digest(b"new c")]]
    journal = tmp_path / ".printkit-0000000a.journal"
    journal.write_text(json.dumps({"targets": targets, "stale": ["d.pdf"]}), encoding="ascii")
    assert read_journal(journal) == (targets, ["d.pdf"])
    undo(tmp_path, "0000000a", targets, ["d.pdf"])
    assert {name: (tmp_path / name).read_bytes() for name in os.listdir(tmp_path)} == {
        "a.pdf": b"old a", "c.pdf": b"old c", "d.pdf": b"stale d"}
