"""`printkit editor`: serves the page on a free 127.0.0.1 port, prints the URL, stops cleanly
on Ctrl-C; refuses what it cannot serve."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from printkit.cli import main

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def start(*args: str, browser: str | None = None) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "BROWSER": browser} if browser else None
    process = subprocess.Popen([sys.executable, "-m", "printkit", "editor", *args, *([] if browser else ["--no-browser"])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    url = process.stdout.readline().strip()
    return process, url


def stop(process: subprocess.Popen) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)  # what Ctrl-C sends
    _, err = process.communicate(timeout=20)
    return process.returncode, err


def test_it_serves_the_folder_on_a_free_loopback_port_and_stops_cleanly_on_ctrl_c() -> None:
    process, url = start(str(LEVELS))
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        with urllib.request.urlopen(url, timeout=10) as page:
            assert b"Sinpin level editor" in page.read()
        with urllib.request.urlopen(url + "api/files", timeout=10) as answer:
            files = json.load(answer)
        assert files["folder"] == str(LEVELS) and "01-first-steps.yaml" in files["files"] and files["start"] is None
        request = urllib.request.Request(url + "api/validate", method="POST", data=b'{"level": {"rows": ["#A.Z#", "#####"]}}',
                                         headers={"Content-Type": "application/json", "Origin": url.rstrip("/")})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.load(answer)["valid"] is True
    finally:
        status, err = stop(process)
    assert status == 0
    assert "Traceback" not in err and err.rstrip().endswith("printkit editor: stopped")
    assert f"editing levels in {LEVELS}" in err


def test_a_level_file_opens_its_folder_with_that_level_first() -> None:
    process, url = start(str(LEVELS / "02-ladder-well.yaml"), "--port", "0")
    try:
        with urllib.request.urlopen(url + "api/files", timeout=10) as answer:
            assert json.load(answer)["start"] == "02-ladder-well.yaml"
    finally:
        assert stop(process)[0] == 0


def test_another_host_is_served_with_a_warning() -> None:
    process, url = start(str(LEVELS), "--host", "0.0.0.0")
    try:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url + "api/files", timeout=10) as answer:
            assert answer.status == 200
    finally:
        status, err = stop(process)
    assert status == 0 and "warning: serving on 0.0.0.0" in err


def test_a_port_in_use_is_a_usage_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["editor", str(LEVELS), "--no-browser", "--port", str(port)])
    assert result.exit_code == 2 and f"cannot serve on 127.0.0.1:{port}" in result.output


def test_a_target_that_is_neither_folder_nor_level_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    for target in (str(tmp_path / "notes.txt"), str(tmp_path / "missing" / "a.yaml")):
        result = CliRunner().invoke(main, ["editor", target, "--no-browser"])
        assert result.exit_code == 2 and "neither a folder nor a level file" in result.output


def test_the_default_browser_is_sent_to_the_printed_address(tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    script = tmp_path / "browser.py"
    script.write_text(f"import sys\nopen({str(opened)!r}, 'w').write(sys.argv[1])\n")
    process, url = start(str(LEVELS), browser=f"{sys.executable} {script} %s")
    try:
        for _ in range(100):
            if opened.exists() and opened.read_text():
                break
            time.sleep(0.1)
        assert opened.read_text() == url
    finally:
        assert stop(process)[0] == 0


def test_no_browser_to_open_is_said_and_the_server_runs_on() -> None:
    process, url = start(str(LEVELS), browser="false")
    try:
        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200
    finally:
        status, err = stop(process)
    assert status == 0 and "no browser could be opened here" in err
