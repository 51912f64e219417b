"""printkit.editor.folder: names that cannot leave the folder, atomic saves, the stale-file check."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.editor.folder import FolderError, LevelFolder, portable_problem, version_of


@pytest.fixture
def folder(tmp_path: Path) -> LevelFolder:
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "a.yaml").write_text("map: |\n  #A.Z#\n")
    return LevelFolder(tmp_path / "levels")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("./\\a-_ :~\x00yaml")), max_size=30))
def test_no_name_reaches_a_file_outside_the_folder(tmp_path_factory, name: str) -> None:
    root = tmp_path_factory.mktemp("root")
    levels = LevelFolder(root)
    try:
        target = levels.path(name)
    except FolderError as error:
        assert error.status in (400, 403)
        return
    assert target.resolve().parent == root.resolve() and target.suffix == ".yaml"


def test_a_symlink_inside_the_folder_is_followed_one_out_of_it_refused(folder: LevelFolder, tmp_path: Path) -> None:
    (folder.root / "alias.yaml").symlink_to(folder.root / "a.yaml")
    assert folder.read("alias.yaml")[1] == b"map: |\n  #A.Z#\n"
    (tmp_path / "outside.yaml").write_text("secret")
    (folder.root / "out.yaml").symlink_to(tmp_path / "outside.yaml")
    with pytest.raises(FolderError) as refused:
        folder.read("out.yaml")
    assert refused.value.status == 403
    assert folder.names() == ["a.yaml", "alias.yaml"]


def test_a_folder_of_its_own_started_through_a_symlink_works(tmp_path: Path, folder: LevelFolder) -> None:
    (tmp_path / "link").symlink_to(folder.root)
    assert LevelFolder(tmp_path / "link").read("a.yaml")[0] == "a.yaml"


def test_save_is_atomic_and_leaves_no_temporary(folder: LevelFolder, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = folder.save("b.yaml", b"map: |\n  #AZ#\n", None)
    assert saved.version == version_of(b"map: |\n  #AZ#\n")
    assert sorted(os.listdir(folder.root)) == ["a.yaml", "b.yaml"]

    def no_rename(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(FolderError) as failed:
        folder.save("b.yaml", b"new", saved.version)
    assert failed.value.status == 500 and "No space left" in failed.value.message
    assert (folder.root / "b.yaml").read_bytes() == b"map: |\n  #AZ#\n"
    assert sorted(os.listdir(folder.root)) == ["a.yaml", "b.yaml"]


def test_save_refuses_what_changed_or_vanished_since_it_was_read(folder: LevelFolder) -> None:
    _, data = folder.read("a.yaml")
    version = version_of(data)
    (folder.root / "a.yaml").write_text("changed")
    with pytest.raises(FolderError, match="changed by something else") as refused:
        folder.save("a.yaml", b"mine", version)
    assert refused.value.status == 409 and (folder.root / "a.yaml").read_text() == "changed"
    (folder.root / "a.yaml").unlink()
    with pytest.raises(FolderError, match="was deleted"):
        folder.save("a.yaml", b"mine", version)
    assert folder.save("a.yaml", b"mine", version, overwrite=True).name == "a.yaml"
    assert (folder.root / "a.yaml").read_bytes() == b"mine"


def test_save_as_does_not_replace_an_existing_file_unless_asked(folder: LevelFolder) -> None:
    with pytest.raises(FolderError, match="already exists"):
        folder.save("a.yaml", b"mine", None)
    folder.save("a.yaml", b"mine", None, overwrite=True)
    assert (folder.root / "a.yaml").read_bytes() == b"mine"


def test_read_refuses_missing_big_and_folder_entries(folder: LevelFolder) -> None:
    with pytest.raises(FolderError) as missing:
        folder.read("none.yaml")
    assert missing.value.status == 404
    (folder.root / "big.yaml").write_bytes(b"#" * 1_000_001)
    with pytest.raises(FolderError) as big:
        folder.read("big.yaml")
    assert big.value.status == 413
    (folder.root / "dir.yaml").mkdir()
    with pytest.raises(FolderError) as directory:
        folder.read("dir.yaml")
    assert directory.value.status == 400
    assert "dir.yaml" not in folder.names()


@pytest.mark.parametrize("name", ["CON.yaml", "lpt1.yaml", "nul.level.yaml", "a:b.yaml", "what?.yaml", 'say "hi".yaml',
                                  "pipe|d.yaml", " lead.yaml", "trail .yaml", "dot..yaml", "x" * 96 + ".yaml"])
def test_a_new_name_some_system_cannot_hold_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(FolderError) as refused:
        LevelFolder(tmp_path).save(name, b"map: |\n  #\n", None)
    assert refused.value.status == 400
    assert not list(tmp_path.iterdir())


def test_portable_names_are_saved(tmp_path: Path) -> None:
    for name in ("my level.yaml", "Höhle-2.yaml", "console.yaml", "x" * 95 + ".yaml"):
        assert portable_problem(name) is None
        LevelFolder(tmp_path).save(name, b"map: |\n  #\n", None)
