"""The editor's JSON API (printkit.editor.app) through Starlette's test client: validate,
moves, open, save (atomic, the stale-file check), new, downloads, and every refusal."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from printkit.editor.app import create_app
from printkit.sinpin.loader import read_level

LEVELS = Path(__file__).resolve().parent.parent / "levels"
ORIGIN = {"Origin": "http://testserver"}
# Door on rock at B2, exit at F2: solvable in one turn with a 4 (S6, S24).
STRIP = {"rows": ["#######", "#A...Z#", "#######"], "name": "Strip", "author": "", "players": [2, 4], "rules": {}}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in ("01-first-steps.yaml", "03-spike-pit.yaml"):
        shutil.copy(LEVELS / name, tmp_path / name)
    return tmp_path


@pytest.fixture
def client(folder: Path) -> TestClient:
    return TestClient(create_app(folder, frozenset({"testserver"})), headers=ORIGIN)


def post(client: TestClient, path: str, body: object):
    return client.post(path, json=body)


def test_the_page_its_modules_and_the_palette_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/main.js">' in page.text
    for module in ("main.js", "grid.js", "panel.js", "preview.js", "api.js", "history.js", "editor.css"):
        assert client.get(f"/static/{module}").status_code == 200, module
    palette = client.get("/api/palette").json()
    assert [tile["char"] for tile in palette["tiles"]] == list("#.AZH^!wSOCh*?")
    assert palette["columns"][:3] == ["A", "B", "C"] and palette["field_mm"] == 15.0


def test_files_lists_the_levels_of_the_folder_only(client: TestClient, folder: Path) -> None:
    (folder / "notes.txt").write_text("x")
    (folder / "01-first-steps.expect.json").write_text("{}")
    assert client.get("/api/files").json()["files"] == ["01-first-steps.yaml", "03-spike-pit.yaml"]


def test_validate_gives_the_verdict_of_printkit_validate(client: TestClient) -> None:
    opened = post(client, "/api/open", {"file": "03-spike-pit.yaml"}).json()
    verdict = post(client, "/api/validate", {"level": opened["level"]}).json()
    golden = json.loads((LEVELS / "03-spike-pit.expect.json").read_text())
    for key in ("valid", "solvable", "min_turns", "rest_positions", "soft_locks", "unreachable_items"):
        assert verdict[key] == golden[key], key
    assert len(verdict["route"]) == golden["min_turns"] and verdict["route"][-1]["exited"]
    assert verdict == opened["verdict"]


def test_validate_reports_form_problems_on_their_fields(client: TestClient) -> None:
    level = {**STRIP, "players": [4, 2], "rules": {"blade_points": 9, "max_rounds": None}}
    verdict = post(client, "/api/validate", {"level": level}).json()
    assert not verdict["valid"]
    assert set(verdict["fields"]) == {"players", "rules.blade_points", "rules.max_rounds"}
    assert "from 0 to 6, not 9" in verdict["fields"]["rules.blade_points"][0]
    assert {error["field"] for error in verdict["errors"]} == {"players", "rules.blade_points", "rules.max_rounds"}


def test_validate_marks_soft_locks_and_errors_with_their_fields(client: TestClient) -> None:
    # a pit left of the door: a move that falls into it never leaves (S27)
    pit = {**STRIP, "rows": ["#######", "#..A.Z#", "#.#####", "#.#####", "#######"]}
    verdict = post(client, "/api/validate", {"level": pit}).json()
    assert verdict["valid"] and verdict["soft_locks"] == [[1, 3]]
    assert verdict["warnings"][0]["rule"] == "S27" and verdict["warnings"][0]["where"] == "B4"
    no_exit = {**STRIP, "rows": ["#######", "#A....#", "#######"]}
    errors = post(client, "/api/validate", {"level": no_exit}).json()["errors"]
    assert [error["rule"] for error in errors] == ["S3"]


def test_validate_explains_an_unreachable_exit_with_reach_on_the_s26_error(client: TestClient) -> None:
    # the editor's page shades `positions` and names `nearest` from here (issue 19 item 6)
    level = read_level(str(Path(__file__).resolve().parent / "data" / "missing-rung.yaml")).level()
    draft = {"rows": list(level.rows), "name": "Missing Rung", "author": "", "players": [2, 3, 4], "rules": {}}
    verdict = post(client, "/api/validate", {"level": draft}).json()
    (s26,) = [error for error in verdict["errors"] if error["rule"] == "S26"]
    assert s26["reach"]["nearest"] == "B7" and s26["reach"]["x"] == 1 and s26["reach"]["y"] == 6
    assert len(s26["reach"]["positions"]) == 10 == len(verdict["soft_locks"])
    assert s26["message"].endswith("the nearest to Ω is B7, 5 fields below it") and s26["where"] is None
    assert all("reach" not in warning for warning in verdict["warnings"])


def test_moves_lists_every_outcome_like_printkit_moves(client: TestClient) -> None:
    answer = post(client, "/api/moves", {"level": STRIP, "from": [1, 1], "card": 4}).json()
    assert answer["health"] == 3 and answer["supported"]
    assert {"end": [5, 1], "exit": True, "damage": 0, "gems": 0, "hearts": [],
            "passed": [[2, 1], [3, 1], [4, 1], [5, 1]], "knocked_out": False} in answer["outcomes"]
    for body, words in (({"from": [0, 0], "card": 4}, "is rock"), ({"from": [1, 1], "card": 7}, "1 to 6"),
                        ({"from": [9, 1], "card": 2}, "outside"), ({"from": "B2", "card": 2}, "[x, y]")):
        refused = post(client, "/api/moves", {"level": STRIP, **body})
        assert refused.status_code == 400 and words in refused.json()["error"]


def test_new_gives_a_walled_blank_map_within_s2(client: TestClient) -> None:
    answer = post(client, "/api/new", {"width": 18, "height": 12}).json()
    rows = answer["level"]["rows"]
    assert len(rows) == 12 and rows[0] == "#" * 18 and rows[1] == "#" + "." * 16 + "#"
    assert answer["level"]["players"] == [2, 3, 4]  # New ticks every player count (level-format.md)
    assert not answer["verdict"]["valid"]  # no door, no exit yet (S3)
    assert post(client, "/api/new", {"width": 13, "height": 13}).status_code == 400


def test_open_returns_the_draft_its_version_and_x_keys(client: TestClient, folder: Path) -> None:
    answer = post(client, "/api/open", {"file": "01-first-steps.yaml"}).json()
    assert answer["level"]["rows"][1] == "#..Z##"
    assert answer["level"]["players"] == [2, 3] and answer["level"]["name"] == "First Steps"
    assert list(answer["level"]["extras"]) == ["x-description"]
    assert answer["notes"] == [] and len(answer["version"]) == 64


def test_open_mends_a_ragged_map_and_says_so(client: TestClient, folder: Path) -> None:
    (folder / "ragged.yaml").write_text("map: |\n  #####\n  #AZ\n  ##X##\n", encoding="utf-8")
    answer = post(client, "/api/open", {"file": "ragged.yaml"}).json()
    assert answer["level"]["rows"] == ["#####", "#AZ##", "#####"]
    assert any("S1" in note for note in answer["notes"]) and any("S3" in note for note in answer["notes"])


def test_open_shows_a_blank_map_for_an_empty_one_and_x_keys_json_has_no_number_for(client: TestClient,
                                                                                    folder: Path) -> None:
    (folder / "empty.yaml").write_text('map: ""\nx-a: .nan\nx-b: [-.inf, 2]\n', encoding="utf-8")
    answer = post(client, "/api/open", {"file": "empty.yaml"})
    assert answer.status_code == 200
    level = answer.json()["level"]
    assert level["rows"] == ["########"] * 6 and any("no usable map" in note for note in answer.json()["notes"])
    assert level["extras"] == {"x-a": ".nan", "x-b": ["-.inf", 2]}  # as YAML spells them: JSON has no NaN


def test_a_draft_the_loader_cannot_read_is_refused_and_not_saved(client: TestClient, folder: Path) -> None:
    nul = {**STRIP, "rows": ["#######", "#A.\u0000.Z#", "#######"]}
    answer = post(client, "/api/save", {"file": "new.yaml", "level": nul, "version": None})
    assert answer.status_code == 422 and not (folder / "new.yaml").exists()


def test_open_refuses_unreadable_and_missing_files(client: TestClient, folder: Path) -> None:
    (folder / "broken.yaml").write_text("map: [unclosed\n", encoding="utf-8")
    broken = post(client, "/api/open", {"file": "broken.yaml"})
    assert broken.status_code == 422 and "not valid YAML" in broken.json()["error"]
    assert post(client, "/api/open", {"file": "nothing.yaml"}).status_code == 404


def test_save_writes_a_level_file_that_validate_reads_the_same(client: TestClient, folder: Path) -> None:
    saved = post(client, "/api/save", {"file": "strip.yaml", "level": STRIP, "version": None}).json()
    assert saved["valid"] and saved["file"] == "strip.yaml"
    level_file = read_level(str(folder / "strip.yaml"))
    assert level_file.problems == [] and level_file.rows == STRIP["rows"] and level_file.title == "Strip"
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temporary left behind


def test_save_keeps_x_keys_and_saves_invalid_work_in_progress(client: TestClient, folder: Path) -> None:
    opened = post(client, "/api/open", {"file": "01-first-steps.yaml"}).json()
    level = {**opened["level"], "rows": ["#####", "#...#", "#####"]}
    saved = post(client, "/api/save", {"file": "01-first-steps.yaml", "level": level, "version": opened["version"]})
    assert saved.status_code == 200 and saved.json()["valid"] is False
    text = (folder / "01-first-steps.yaml").read_text(encoding="utf-8")
    assert 'x-description: "Walk, jump one field up and fall;' in text and "  #...#" in text  # as written


def test_save_keeps_the_files_comments_and_layout(client: TestClient, folder: Path) -> None:
    """A designer's notes in the file were lost at the first save from the editor."""
    path = folder / "notes.yaml"
    path.write_text("sinpin: 1\n# for Sunday's club\nname: Strip   # working title\nmap: |\n  #####\n  #A.Z#\n"
                    "  #####\n\n# try a spring at C2\n", encoding="utf-8")
    opened = post(client, "/api/open", {"file": "notes.yaml"}).json()
    level = {**opened["level"], "rows": ["#####", "#AZ.#", "#####"]}
    saved = post(client, "/api/save", {"file": "notes.yaml", "level": level, "version": opened["version"]})
    assert saved.status_code == 200
    assert path.read_text(encoding="utf-8") == ("sinpin: 1\n# for Sunday's club\nname: Strip   # working title\n"
                                                "map: |\n  #####\n  #AZ.#\n  #####\n\n# try a spring at C2\n")


def test_save_keeps_rules_written_at_their_defaults_with_their_comments(client: TestClient, folder: Path) -> None:
    """Knobs at their default are left out of a fresh file: a save of a new map dropped the
    `rules:` a designer had written out, and the notes in it."""
    path = folder / "knobs.yaml"
    written = "sinpin: 1\nrules:\n  blade_points: 3  # was 2\n  # start_health tried 5\nplayers: [2, 3, 4]\nmap: |\n"
    path.write_text(written + "  #####\n  #A.Z#\n  #####\n", encoding="utf-8")
    opened = post(client, "/api/open", {"file": "knobs.yaml"}).json()
    level = {**opened["level"], "rows": ["#####", "#AZ.#", "#####"]}
    saved = post(client, "/api/save", {"file": "knobs.yaml", "level": level, "version": opened["version"]})
    assert saved.status_code == 200
    assert path.read_text(encoding="utf-8") == written + "  #####\n  #AZ.#\n  #####\n"


def test_changing_one_knob_keeps_the_other_knobs_lines_and_comments(client: TestClient, folder: Path) -> None:
    path = folder / "knobs.yaml"
    path.write_text("sinpin: 1\nrules:\n  max_rounds: 150  # tried 200\n  blade_points: 3\nmap: |\n"
                    "  #####\n  #A.Z#\n  #####\n", encoding="utf-8")
    opened = post(client, "/api/open", {"file": "knobs.yaml"}).json()
    level = {**opened["level"], "rules": {**opened["level"]["rules"], "blade_points": 4}}
    saved = post(client, "/api/save", {"file": "knobs.yaml", "level": level, "version": opened["version"]})
    assert saved.status_code == 200
    assert path.read_text(encoding="utf-8") == ("sinpin: 1\nrules:\n  max_rounds: 150  # tried 200\n  blade_points: 4\n"
                                                "map: |\n  #####\n  #A.Z#\n  #####\n")


def test_save_over_a_file_notepad_wrote_keeps_its_byte_order_mark_and_line_ends(client: TestClient, folder: Path) -> None:
    """Windows Notepad begins a UTF-8 file with a byte order mark: a save dropped it."""
    path = folder / "notepad.yaml"
    path.write_bytes("\ufeffsinpin: 1\r\n# for Sunday\r\nname: Strip\r\nmap: |\r\n  #####\r\n  #A.Z#\r\n  #####\r\n"
                     .encode("utf-8"))
    opened = post(client, "/api/open", {"file": "notepad.yaml"}).json()
    assert opened["level"]["name"] == "Strip"
    level = {**opened["level"], "rows": ["#####", "#AZ.#", "#####"]}
    saved = post(client, "/api/save", {"file": "notepad.yaml", "level": level, "version": opened["version"]})
    assert saved.status_code == 200 and saved.json()["valid"]
    assert path.read_bytes() == ("\ufeffsinpin: 1\r\n# for Sunday\r\nname: Strip\r\nmap: |\r\n  #####\r\n  #AZ.#\r\n"
                                 "  #####\r\n").encode("utf-8")
    again = post(client, "/api/open", {"file": "notepad.yaml"}).json()
    assert again["level"]["rows"] == level["rows"] and read_level(str(path)).problems == []


def test_save_keeps_the_notes_inside_a_changed_list_and_on_the_maps_key_line(client: TestClient, folder: Path) -> None:
    """A player count taken out lost every note in `players:` written as a list, and a new map
    the note after `map: |`."""
    path = folder / "notes.yaml"
    path.write_text("sinpin: 1\nplayers:  # not 4: too crowded\n  - 2  # best with two\n  - 3\n  - 4\n"
                    "map: |  # drawn on Sunday\n  #####\n  #A.Z#\n  #####\n", encoding="utf-8")
    opened = post(client, "/api/open", {"file": "notes.yaml"}).json()
    level = {**opened["level"], "players": [2, 3], "rows": ["#####", "#AZ.#", "#####"]}
    saved = post(client, "/api/save", {"file": "notes.yaml", "level": level, "version": opened["version"]})
    assert saved.status_code == 200
    assert path.read_text(encoding="utf-8") == ("sinpin: 1\nplayers:  # not 4: too crowded\n  - 2  # best with two\n"
                                                "  - 3\nmap: |  # drawn on Sunday\n  #####\n  #AZ.#\n  #####\n")


def test_save_refuses_a_file_changed_on_disk_unless_asked(client: TestClient, folder: Path) -> None:
    opened = post(client, "/api/open", {"file": "01-first-steps.yaml"}).json()
    path = folder / "01-first-steps.yaml"
    path.write_text(path.read_text() + "# changed elsewhere\n")
    body = {"file": "01-first-steps.yaml", "level": opened["level"], "version": opened["version"]}
    refused = post(client, "/api/save", body)
    assert refused.status_code == 409 and "changed" in refused.json()["error"]
    assert path.read_text().endswith("# changed elsewhere\n")
    forced = post(client, "/api/save", {**body, "overwrite": True})
    assert forced.status_code == 200 and "# changed" not in path.read_text()
    again = post(client, "/api/save", {**body, "version": forced.json()["version"]})
    assert again.status_code == 200  # the new version is the one to save over next


ODD_X = "x-value: .nan\nx-big: .inf  # no limit\nx-when: 2024-05-01\nx-list: [1, -.inf]\nx-text: '.nan'\n"


def _odd_x_opened(client: TestClient, folder: Path) -> dict:
    """A level whose x- keys JSON can carry only as text, opened and renamed on the page."""
    (folder / "odd.yaml").write_text(ODD_X + "name: Odd\nmap: |\n  #####\n  #A.Z#\n  #####\n", encoding="utf-8")
    opened = post(client, "/api/open", {"file": "odd.yaml"}).json()
    opened["level"]["name"] = "Even"
    return opened


def _saved_x(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return "".join(line + "\n" for line in text.splitlines() if not line.startswith(("name", "map", "  #", "sinpin")))


def test_every_save_keeps_the_x_values_the_page_sent_back_as_it_was_given_them(client: TestClient,
                                                                             folder: Path) -> None:
    """A review: a save over the opened file kept `x-value: .nan`, but Save As (and every save
    with no file to save over) wrote the text the page held, `x-value: '.nan'`. The server
    remembers the x- entries it gave the page ('opened': the version the level came from) and
    keeps the values and lines of those sent back unchanged, a note after one too."""
    opened = _odd_x_opened(client, folder)
    body = {"level": opened["level"], "opened": opened["version"]}
    # Save As a new name
    as_new = post(client, "/api/save", {**body, "file": "new.yaml", "version": None})
    assert as_new.status_code == 200 and _saved_x(folder / "new.yaml") == ODD_X
    # Save As over another file, asked to overwrite it
    over = post(client, "/api/save", {**body, "file": "03-spike-pit.yaml", "version": None, "overwrite": True})
    assert over.status_code == 200 and _saved_x(folder / "03-spike-pit.yaml") == ODD_X
    # the opened file changed on disk since, overwritten whole
    (folder / "odd.yaml").write_text((folder / "odd.yaml").read_text() + "# changed elsewhere\n")
    forced = post(client, "/api/save", {**body, "file": "odd.yaml", "version": opened["version"], "overwrite": True})
    assert forced.status_code == 200 and _saved_x(folder / "odd.yaml") == ODD_X
    # after a Save As the page's level comes from what it saved: a next Save As keeps them too
    again = post(client, "/api/save", {**body, "file": "newer.yaml", "version": None, "opened": as_new.json()["version"]})
    assert again.status_code == 200 and _saved_x(folder / "newer.yaml") == ODD_X
    # a value the page changed is saved as the page has it; without 'opened' (a new level) as sent
    opened["level"]["extras"]["x-big"] = 2
    post(client, "/api/save", {**body, "file": "changed.yaml", "version": None})
    assert _saved_x(folder / "changed.yaml") == ODD_X.replace(".inf  # no limit", "2", 1)
    post(client, "/api/save", {"level": opened["level"], "file": "unknown.yaml", "version": None, "opened": None})
    assert "x-value: '.nan'\n" in (folder / "unknown.yaml").read_text()


def test_a_new_level_saves_and_opened_must_be_a_version(client: TestClient, folder: Path) -> None:
    level = post(client, "/api/new", {"width": 5, "height": 4}).json()["level"]
    saved = post(client, "/api/save", {"file": "blank.yaml", "level": level, "version": None, "opened": None})
    assert saved.status_code == 200 and "x-" not in (folder / "blank.yaml").read_text()
    refused = post(client, "/api/save", {"file": "other.yaml", "level": level, "version": None, "opened": 3})
    assert refused.status_code == 400 and "'opened'" in refused.json()["error"]
    assert not (folder / "other.yaml").exists()


def test_save_as_refuses_an_existing_file_unless_asked(client: TestClient, folder: Path) -> None:
    before = (folder / "03-spike-pit.yaml").read_bytes()
    refused = post(client, "/api/save", {"file": "03-spike-pit.yaml", "level": STRIP, "version": None})
    assert refused.status_code == 409 and "already exists" in refused.json()["error"]
    assert (folder / "03-spike-pit.yaml").read_bytes() == before


@pytest.mark.parametrize("name", ["../escape.yaml", "/tmp/escape.yaml", "sub/level.yaml", "..\\escape.yaml",
                                  "level.txt", ".hidden.yaml", "", None, 7, "a\x00b.yaml"])
def test_file_names_cannot_leave_the_folder(client: TestClient, folder: Path, name: object) -> None:
    for path, body in (("/api/save", {"file": name, "level": STRIP, "version": None}), ("/api/open", {"file": name})):
        answer = post(client, path, body)
        assert answer.status_code == 400, (path, name)
        assert answer.json()["error"]
    assert not (folder.parent / "escape.yaml").exists() and not Path("/tmp/escape.yaml").exists()


def test_symlinks_out_of_the_folder_are_refused(client: TestClient, folder: Path, tmp_path_factory) -> None:
    outside = tmp_path_factory.mktemp("outside") / "secret.yaml"
    outside.write_text("map: |\n  #A.Z#\n")
    (folder / "link.yaml").symlink_to(outside)
    assert post(client, "/api/open", {"file": "link.yaml"}).status_code == 403
    assert post(client, "/api/save", {"file": "link.yaml", "level": STRIP, "version": None, "overwrite": True}).status_code == 403
    assert outside.read_text() == "map: |\n  #A.Z#\n"
    assert "link.yaml" not in client.get("/api/files").json()["files"]


@pytest.mark.parametrize("raw", [b"{bad", b"", b"[1, 2]", b"\xff\xfe", b"[" * 100000,
                                 b'{"width": ' + b"1" * 5000 + b"}",  # past Python's 4,300 digits
                                 b'{"file": "\\ud800.yaml"}', b'{"level": {"rows": ["\\udfff##", "#AZ"]}}'])
def test_malformed_json_gets_a_400_with_a_message(client: TestClient, raw: bytes) -> None:
    answer = client.post("/api/validate", content=raw, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["error"] and "Traceback" not in answer.text


@pytest.mark.parametrize("level, words", [
    (None, "JSON object"), ({"rows": []}, "'rows'"), ({"rows": ["#A.Z#", 5]}, "'rows'"),
    ({"rows": ["#A\nZ#"]}, "line break"), ({"rows": ["#" * 41]}, "40 x 40"), ({**STRIP, "name": 5}, "'name'"),
    ({**STRIP, "players": "2-4"}, "'players'"), ({**STRIP, "rules": {"blade_points": [1]}}, "'rules'"),
    ({**STRIP, "extras": {"comment": "x"}}, "'x-'"),
])
def test_a_request_without_a_draft_gets_a_400_naming_the_problem(client: TestClient, level: object, words: str) -> None:
    answer = post(client, "/api/validate", {"level": level})
    assert answer.status_code == 400 and words in answer.json()["error"]


def test_json_must_be_sent_as_json(client: TestClient) -> None:
    answer = client.post("/api/validate", content=json.dumps({"level": STRIP}), headers={"Content-Type": "text/plain"})
    assert answer.status_code == 415


def test_downloads_are_pdfs_and_an_invalid_level_gets_only_the_checked_map(client: TestClient) -> None:
    for kind in ("map", "checked", "kit"):
        answer = post(client, "/api/download", {"kind": kind, "level": STRIP, "file": "strip.yaml"})
        assert answer.status_code == 200 and answer.content.startswith(b"%PDF"), kind
        assert answer.headers["content-type"] == "application/pdf"
    assert 'filename="strip-kit.pdf"' in answer.headers["content-disposition"]
    broken = {**STRIP, "rows": ["#####", "#A..#", "#####"]}
    assert post(client, "/api/download", {"kind": "checked", "level": broken}).status_code == 200
    refused = post(client, "/api/download", {"kind": "map", "level": broken})
    assert refused.status_code == 422 and "S27a" in refused.json()["error"]
    assert post(client, "/api/download", {"kind": "map", "level": STRIP, "file": "../x.yaml"}).status_code == 400


def test_foreign_hosts_and_origins_are_refused(client: TestClient) -> None:
    assert client.get("/api/files", headers={"Host": "evil.example:80"}).status_code == 403
    cross = client.post("/api/validate", json={"level": STRIP}, headers={"Origin": "http://evil.example"})
    assert cross.status_code == 403 and "evil.example" in cross.json()["error"]


def test_bodies_over_1_mb_are_refused(client: TestClient) -> None:
    big = json.dumps({"level": STRIP, "padding": "x" * 1_000_001})
    answer = client.post("/api/validate", content=big, headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and "1 MB" in answer.json()["error"]


def test_an_internal_error_reaches_the_page_as_json(client: TestClient, monkeypatch, capsys) -> None:
    import printkit.editor.app as app

    def explode(draft):
        raise RuntimeError("boom")

    monkeypatch.setattr(app, "check", explode)
    answer = TestClient(app.create_app(Path(LEVELS), frozenset({"testserver"})), raise_server_exceptions=False).post(
        "/api/validate", json={"level": STRIP})
    assert answer.status_code == 500 and answer.json() == {"error": "internal error: RuntimeError: boom"}
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py", "/static/nothing.js"])
def test_static_files_stay_in_the_static_folder(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404 and "create_app" not in answer.text
