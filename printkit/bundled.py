"""Files printkit ships with: the templates/ folder, installed as the printkit.templates package."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_CHECKOUT_TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def template_path(name: str) -> Path:
    """The path of a bundled template such as 'sinpin-deck.yaml'.

    An installed printkit has templates/ as the package printkit.templates; an editable
    install of a checkout does not map that folder, so it is read where it stands.
    """
    try:
        found = Path(str(resources.files("printkit.templates") / name))
    except ModuleNotFoundError:
        found = _CHECKOUT_TEMPLATES / name
    if not found.is_file():
        raise FileNotFoundError(f"printkit's bundled template {name} is missing; reinstall printkit")
    return found
