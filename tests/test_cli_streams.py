"""Standard output and error of real printkit processes: any encoding, faults of stdout
(a full disk, a closed or broken pipe), Ctrl-C. The CLI group guards them for all commands."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.cli.streams import FALLBACKS, _fallback, json_line

ROOT = Path(__file__).resolve().parent.parent
FIRST = str(ROOT / "levels" / "01-first-steps.yaml")
YINSH = str(ROOT / "templates" / "yinsh.yaml")
DECK = str(ROOT / "templates" / "sinpin-deck.yaml")
NO_EXIT = "name: Ωmega cave\nmap: |\n  #####\n  #A..#\n  #####\n"


def printkit(*args: str, encoding: str | None = None, stdin: str = "", **kwargs) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding} if encoding else None
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run([sys.executable, "-m", "printkit", *args], input=stdin.encode(), env=env, timeout=120, **streams)


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "cp437"])  # (ascii: click writes UTF-8)
def test_human_text_degrades_in_any_encoding(encoding: str) -> None:
    validated = printkit("validate", FIRST, "-", stdin=NO_EXIT, encoding=encoding)
    assert validated.returncode == 1 and validated.stderr == b""
    lines = validated.stdout.decode(encoding).splitlines()
    assert lines[0].startswith(f"ok {FIRST}: solvable in 2 turns")  # ✓
    assert lines[1].startswith("x <stdin>: invalid, 1 error; not searched")  # ✗
    omega = "Ω" if encoding == "cp437" else "Omega"  # cp437 has Ω
    assert f"there is no exit {omega} ('Z') on the map" in lines[2]
    moved = printkit("moves", FIRST, "--from", "1,1", "--card", "1", encoding=encoding)
    assert moved.returncode == 0
    assert "  -> C3 (x=2, y=2)" in moved.stdout.decode(encoding)  # →


def test_json_stays_valid_and_lossless_in_any_encoding() -> None:
    result = printkit("validate", "--json", "-", stdin=NO_EXIT, encoding="cp1252")
    assert result.returncode == 1
    verdict = json.loads(result.stdout.decode("cp1252"))
    assert verdict["errors"][0]["message"].startswith("there is no exit Ω ('Z')")
    assert b"\\u03a9" in result.stdout
    utf8 = printkit("validate", "--json", "-", stdin=NO_EXIT, encoding="utf-8")
    assert "Ω" in utf8.stdout.decode("utf-8")  # as it is where the encoding has it


def test_the_fallback_names_what_it_replaces() -> None:
    assert "✓ é ü → Ω ☃ \U0001F600".encode("ascii", errors="printkit-fallback") == b"ok e u -> Omega ? ?"
    assert "caf\udce9".encode("utf-8", errors="printkit-fallback") == b"caf\xe9"  # a file name's raw byte
    assert all(stand_in.isascii() for stand_in in FALLBACKS.values())
    with pytest.raises(UnicodeDecodeError):
        b"\xff".decode("utf-8", errors="printkit-fallback")
    assert json_line({"a": "Ω"}) in ('{"a": "Ω"}', '{"a": "\\u03a9"}')
    assert _fallback(UnicodeEncodeError("ascii", "→", 0, 1, "x")) == ("->", 1)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_standard_output_is_one_message_exit_2_and_no_file_changed(tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        result = printkit("board", YINSH, "--json", stdout=full, stderr=subprocess.PIPE)
        assert result.returncode == 2
        assert result.stderr.decode() == "printkit: cannot write to standard output: No space left on device\n"
        old = tmp_path / "cards.pdf"
        old.write_bytes(b"old")
        result = printkit("cards", DECK, "-o", str(old), stdout=full, stderr=subprocess.PIPE)
        assert result.returncode == 2 and old.read_bytes() == b"old"
        assert result.stderr.decode().startswith("printkit: nothing written: cannot list the files on standard output")
        result = printkit("paper", "-o", str(tmp_path / "new" / "sheet.pdf"), stdout=full, stderr=subprocess.PIPE)
        assert result.returncode == 2
        result = printkit("board", YINSH, "--json", "-o", str(tmp_path / "board.pdf"), stdout=full, stderr=subprocess.PIPE)
        assert result.returncode == 2  # the JSON did not arrive, so the board is not written either
    assert sorted(os.listdir(tmp_path)) == ["cards.pdf"]  # no temporaries, and no folder 'new' left behind


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args, written", [
    (["simulate", "first-steps", "--games", "2", "--json", "--record", "{out}/games.jsonl"], "games.jsonl"),
    (["simulate", "sinoda-2", "--games", "2", "--json", "--record", "{out}/games.jsonl"], "games.jsonl"),
    (["scan", "{photo}", "-o", "{out}/level.yaml"], "level.yaml"),
])
def test_standard_output_failing_after_the_work_leaves_the_output_file_unwritten(tmp_path: Path, args: list[str],
                                                                                  written: str) -> None:
    """Exit 2 says no output file was replaced (docs/exit-status.md): the JSON or the verdict
    goes out first, the file is written only once it did."""
    photo = Path(__file__).resolve().parent.parent / "docs" / "scan-example.jpg"
    args = [arg.format(out=tmp_path, photo=photo) for arg in args]
    with open("/dev/full", "wb") as full:
        result = printkit(*args, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 2 and "cannot write to standard output" in result.stderr.decode()
    assert os.listdir(tmp_path) == []


def test_a_closed_standard_output_is_an_error_not_success(tmp_path: Path) -> None:
    def close_stdout() -> None:  # as `printkit ... >&-` starts it
        os.close(1)

    result = printkit("board", YINSH, "--json", preexec_fn=close_stdout)
    assert result.returncode == 2
    assert result.stderr.decode() == "printkit: cannot write to standard output: standard output is closed\n"
    result = printkit("paper", "-o", str(tmp_path / "sheet.pdf"), preexec_fn=close_stdout)
    assert result.returncode == 2 and os.listdir(tmp_path) == []  # nothing written, and the temporary never was fd 1
    closed_later = "import os, runpy, sys; os.close(1); sys.argv[0] = 'printkit'; runpy.run_module('printkit', run_name='__main__')"
    result = subprocess.run([sys.executable, "-c", closed_later, "board", YINSH, "--json"], stderr=subprocess.PIPE, timeout=120)
    assert result.returncode == 2 and result.stderr.decode().endswith("standard output is closed\n")


def test_a_broken_pipe_ends_quietly(tmp_path: Path) -> None:
    levels = sorted(str(path) for path in (ROOT / "levels").glob("*.yaml")) * 40  # more than a pipe buffers
    process = subprocess.Popen([sys.executable, "-m", "printkit", "validate", *levels], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    assert process.wait(timeout=120) == 141  # 128 + SIGPIPE, as a shell reports `yes | head`
    assert process.stderr.read() == b""
    for args in (["--help"], ["validate", "--help"]):  # click's own output too
        process = subprocess.Popen([sys.executable, "-m", "printkit", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        process.stdout.close()
        assert process.wait(timeout=120) == 141 and process.stderr.read() == b""


def test_ctrl_c_exits_130_quietly() -> None:
    process = subprocess.Popen([sys.executable, "-m", "printkit", "validate", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wchan = Path(f"/proc/{process.pid}/wchan")
    deadline = time.monotonic() + 60
    while "pipe" not in (wchan.read_text() if wchan.exists() else ""):  # waiting for its standard input
        if not wchan.exists() or time.monotonic() > deadline:
            process.kill()
            pytest.skip("cannot tell when the process waits for input")
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == b"" and out == b""  # no "Aborted!", no traceback
