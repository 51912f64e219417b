"""Tests that need an optional extra of printkit (pyproject's [project.optional-dependencies]).

The README's `pip install '.[test]' && pytest` has none of them: such tests skip there.
.ci/run then installs the extras and runs the tests marked for them with PRINTKIT_EXTRAS
naming the extras installed, where a missing one is a failure, not a quiet skip.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

from printkit.wording import install_hint

EXTRAS_VARIABLE = "PRINTKIT_EXTRAS"  # "dask": the extras this run must have


def required(extra: str) -> bool:
    return extra in os.environ.get(EXTRAS_VARIABLE, "").replace(",", " ").split()


def need(module: str, extra: str) -> ModuleType:
    """`module` (of the optional `extra`), or skip the test (the whole module at module level)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if required(extra):
            raise RuntimeError(f"{EXTRAS_VARIABLE} says the {extra!r} extra is installed, but {module} cannot be imported")
        pytest.skip(f"needs the {extra} extra: {install_hint(extra)}", allow_module_level=True)
