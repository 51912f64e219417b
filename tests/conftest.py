"""What every test shares: markers, the browser tests' one xdist worker, Hypothesis's profile.

The suite runs on every core (`-n auto` in pyproject.toml's addopts, pytest-xdist); each
worker imports the tests and builds session fixtures once for itself. Conventions for new
tests (README: the whole suite stays under 3 minutes on 2 cores):

- Mark a test that drives a real browser `@pytest.mark.browser` (a module:
  `pytestmark = pytest.mark.browser`): those all run on one worker, so one Chromium is
  launched, not one a worker (0.6 GB each).
- Mark a test that needs an optional extra `@pytest.mark.extra_dask` and get the module with
  `extras.need("distributed", "dask")`: it skips without the extra; .ci/run installs the
  extras after the README's run and runs `pytest -m extra_dask` with PRINTKIT_EXTRAS=dask.
- Keep tests cheap: build what several tests read (a rendered PDF, a kit, a set of
  generated levels) once in a session- or module-scoped fixture; call the CLI in process
  (click.testing.CliRunner) unless a separate process is the point (signals, byte-identical
  output across processes, standard streams); Hypothesis `max_examples` modest.
- A test that must stay slow (over ~2 s, and nothing cheaper tests the same) is marked
  `@pytest.mark.slow`; `pytest -m "not slow"` is the quick pass while editing.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

# A shared, loaded machine must not turn a slow example into a failure (the brief: deadline=None).
settings.register_profile("printkit", deadline=None)
settings.load_profile("printkit")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.xdist_group("browser"))  # one worker, one browser
