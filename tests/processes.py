"""printkit commands run in fresh Python processes, several commands in each.

A byte-identity test needs other processes (another hash seed, another import order), not a
process per output: starting Python and importing printkit and reportlab was most of what the
old one-process-per-file tests cost (issue 19: the slowest tests made cheaper)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

_SCRIPT = """
import json, sys
from printkit.cli import main
for argv in json.loads(sys.argv[1]):
    try:
        main(argv, standalone_mode=False)
    except SystemExit as stop:
        if stop.code:
            raise
"""


def run_in_one_process(commands: list[list[str]], hash_seed: str | None = None) -> None:
    """Run each `printkit` command line in order in one new process; fail on any error."""
    env = {**os.environ, **({"PYTHONHASHSEED": hash_seed} if hash_seed is not None else {})}
    done = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps(commands)], capture_output=True, env=env, text=True)
    assert done.returncode == 0, done.stderr


def run_held(args: list[str], memory: int = 1 << 30, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`printkit ARGS` in a new process held to `memory` bytes of address space, so that a
    command that would take the machine's memory fails with a MemoryError instead."""
    import resource

    def hold() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, timeout=timeout,
                          preexec_fn=hold)
