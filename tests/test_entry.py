"""printkit.entry: the console script's start, a Ctrl-C while the CLI is imported (issue 19)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A Ctrl-C that lands while Click is imported, made certain: the import itself raises it.
INTERRUPTED_IMPORT = """
import sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            raise KeyboardInterrupt

sys.meta_path.insert(0, CtrlC())
from printkit.entry import main
main()
"""


def test_ctrl_c_while_importing_is_exit_130_without_a_traceback() -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT, "validate", "first-steps"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (130, "", "")


def test_the_console_script_and_python_m_start_at_the_entry() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"printkit": "printkit.entry:main"}
    assert "from printkit.entry import main" in (ROOT / "printkit" / "__main__.py").read_text(encoding="utf-8")
