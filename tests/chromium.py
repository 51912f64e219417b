"""Debian's Chromium, which the browser tests drive (nothing here may download a browser):
where it is, and what a browser test's module does first without it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")


def need_chromium() -> None:
    """At the top of a browser test's module, before Playwright is imported: without
    Chromium the module skips, except in CI (CI=true), where that is a failure."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI") == "true":
        raise RuntimeError("CI must run the browser tests: /usr/bin/chromium is missing (.ci/run installs it with apt-get)")
    pytest.skip("the browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
                allow_module_level=True)
