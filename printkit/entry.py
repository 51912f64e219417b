"""The `printkit` console script and `python -m printkit` start here.

Importing the CLI (Click, PyYAML, printkit's command table) takes a good part of a second;
a Ctrl-C in that time comes before the CLI handles signals itself (printkit.cli.LazyGroup),
and Python would print a KeyboardInterrupt traceback and die by the signal. Here it ends
quietly with 130, as an interrupted command does (docs/exit-status.md). This module
imports nothing of printkit's at its top, so that the window left is as short as can be.
"""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130  # 128 + SIGINT


def main() -> None:
    try:
        from printkit.cli import main as cli
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    cli()
