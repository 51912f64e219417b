"""Where the test suite's time goes, in CPU seconds (a shared machine inflates wall time).

    python bench/suite_cpu.py [PYTEST ARGS...]

Runs pytest as the README does (every core, `-n auto`) with a small plugin that charges
each test the CPU its worker spent on it (setup, call and teardown) plus the CPU of the
child processes that ended during it (printkit started as a command, a served app;
Chromium's when its file's browser closes). Prints the whole run's wall and CPU time, the
ten costliest files and tests, and the machine's speed (a plain 10-million-step loop).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

TOP = int(os.environ.get("SUITE_CPU_TOP", "10"))
PLUGIN = '''
import json, os, resource, time
import pytest

def _cpu():
    own = time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = _cpu()
    yield
    with open(os.environ["SUITE_CPU_OUT"], "a", encoding="utf-8") as out:
        out.write(json.dumps([item.nodeid, _cpu() - start]) + "\\n")
'''


def loop_seconds() -> float:
    start = time.perf_counter()
    for _ in range(10_000_000):
        pass
    return time.perf_counter() - start


def main(args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "suite_cpu_plugin.py").write_text(PLUGIN, encoding="utf-8")
        out = Path(folder, "times.jsonl")
        env = dict(os.environ, SUITE_CPU_OUT=str(out),
                   PYTHONPATH=os.pathsep.join(filter(None, [folder, os.environ.get("PYTHONPATH")])))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "pytest", "-p", "suite_cpu_plugin", "-p", "no:cacheprovider", *args], env=env)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] if out.exists() else []
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    tests = Counter({nodeid: seconds for nodeid, seconds in rows})
    files = Counter()
    for nodeid, seconds in rows:
        files[nodeid.split("::")[0]] += seconds
    print(f"pytest exit {result.returncode}: {len(rows)} tests, {wall:.0f} s wall, {cpu:.0f} s CPU in all "
          f"({sum(tests.values()):.0f} s charged to tests; the rest is starting workers and collecting)")
    print("costliest files (CPU s):")
    for name, seconds in files.most_common(TOP):
        print(f"  {seconds:6.1f}  {name}")
    print("costliest tests (CPU s):")
    for name, seconds in tests.most_common(TOP):
        print(f"  {seconds:6.1f}  {name}")
    print(f"machine: a plain 10-million-step Python loop takes {loop_seconds():.2f} s; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
