"""What every test shares: markers and Hypothesis's profile; conventions for new tests.

The suite runs on every core (`-n auto --dist loadfile` in pyproject.toml's addopts,
pytest-xdist): each test file runs whole on one worker, so a module- or session-scoped
fixture is built once for the file, not once a worker. Conventions (README: the whole suite
stays under 3 minutes on 2 cores):

- Mark a test that drives a real browser `@pytest.mark.browser` (a module:
  `pytestmark = pytest.mark.browser`) and take the `browser` fixture below: one Chromium
  (0.6 GB) a worker, started by the first browser test it runs (starting one costs 1.2 s of
  CPU). Such files skip without /usr/bin/chromium, except in CI (CI=true), where that is a
  failure (chromium.need_chromium() at the module's top does that).
- Mark a test that needs an optional extra `@pytest.mark.extra_dask` and get the module with
  `extras.need("distributed", "dask")`: it skips without the extra; .ci/run installs the
  extras after the README's run and runs `pytest -m extra_dask` with PRINTKIT_EXTRAS=dask,
  where a missing extra fails.
- Keep tests cheap: build what several tests read (a rendered PDF, a kit, a set of
  generated levels) once in a module-scoped fixture; call the CLI in process
  (click.testing.CliRunner) unless a separate process is the point (signals, bytes
  identical across processes, standard streams, the editor's server); Hypothesis
  `max_examples` modest (deadline is off for all, below).
- A test that must stay slow (over ~2 s, and nothing cheaper tests the same) is marked
  `@pytest.mark.slow`; `pytest -m "not slow"` is the quick pass while editing.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from chromium import CHROMIUM
from hypothesis import settings

# The signal tests send SIGINT and SIGHUP to printkit processes (and to this one) and expect
# 130 and 129. A shell without job control starts background jobs with SIGINT ignored, nohup
# ignores SIGHUP, an ignored signal stays ignored in every child, and printkit rightly keeps
# an ignored signal ignored: run that way, those tests would fail for the way the suite was
# started. Tests run as if started from a terminal.
for _signum, _handler in ((signal.SIGINT, signal.default_int_handler), (signal.SIGHUP, signal.SIG_DFL)):
    if signal.getsignal(_signum) is signal.SIG_IGN:
        signal.signal(_signum, _handler)

# A shared, loaded machine must not turn a slow example into a failure (deadline=None). The
# same examples on every run (derandomize): the README's test command and CI give the same
# verdict on the same code, and a failure can be rerun as it was. To search afresh with more
# examples: PRINTKIT_HYPOTHESIS=explore pytest (random examples, 500 where a test sets no
# count of its own; a failure found there becomes an @example of its test).
settings.register_profile("printkit", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("PRINTKIT_HYPOTHESIS", "printkit"))


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright, one a worker (a browser test's file skips
    before asking for it when /usr/bin/chromium is missing)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()
