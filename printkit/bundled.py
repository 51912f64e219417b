"""Files printkit ships with, and the one resolver that lets a command name them.

Three folders of the repository are installed inside the package (pyproject.toml maps them):
`levels/` as printkit.levels, `templates/` (the Sinpin deck and the board specs) as
printkit.templates and `docs/` as printkit.docs. An editable install of a checkout does not
map them, so there they are read where they stand in the checkout.

Commands that read a level, a deck or a board spec pass their argument through `resolve`:
a path that exists always wins, so a file of the user's own is never shadowed by a bundled
one; otherwise a bare name (`first-steps`, `07-the-chimney`, `yinsh`, `sinpin-deck`) names
the bundled file of that kind.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from printkit.wording import did_you_mean

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent

# kind -> (package, checkout folder, what the kind is called in messages)
KINDS: dict[str, tuple[str, str, str]] = {
    "level": ("printkit.levels", "levels", "level"),
    "deck": ("printkit.templates", "templates", "card deck"),
    "board": ("printkit.templates", "templates", "board spec"),
}
GAME_NAMES = {"sinoda": "Sinoda", "yinsh": "YINSH"}
READERS = {"level": "validate, moves, render, tokens, kit", "deck": "cards, kit --deck", "board": "board"}


@dataclass(frozen=True)
class Bundled:
    """One bundled file: its kind, the name commands accept, where it is, what it is."""

    kind: str  # "level", "deck" or "board"
    name: str  # the file name without .yaml: "01-first-steps", "yinsh"
    path: Path
    about: str  # one line for `printkit examples`

    @property
    def names(self) -> tuple[str, ...]:
        """Every name that picks this file: "01-first-steps" and "first-steps" (a level's
        number prefix may be left out)."""
        number, _, rest = self.name.partition("-")
        return (self.name, rest) if number.isdigit() and rest else (self.name,)


class BundledPath(str):
    """Where a bundled file lies, for a command given its name: it opens as any path does,
    and messages, the --log header and the game record show it as `shown`, the name the
    user typed ("the-chimney (bundled)"), never the folder printkit is installed in
    (printkit.yamlsource.display_name)."""

    shown: str

    def __new__(cls, path: Path, typed: str) -> BundledPath:
        made = super().__new__(cls, str(path))
        made.shown = f"{typed} (bundled)"
        return made


class NotBundled(LookupError):
    """A name that is neither an existing file nor a bundled one of the kind asked for."""


def folder(package: str, checkout_folder: str) -> Path:
    """The installed package folder (printkit/levels beside this module), or the checkout's
    folder (levels/) under an editable install, which does not map it into the package."""
    installed = _PACKAGE / package.rpartition(".")[2]
    return installed if installed.is_dir() else _CHECKOUT / checkout_folder


def template_path(name: str) -> Path:
    """The path of a bundled template such as 'sinpin-deck.yaml'."""
    found = folder("printkit.templates", "templates") / name
    if not found.is_file():
        raise FileNotFoundError(f"printkit's bundled template {name} is missing; reinstall printkit")
    return found


def default_deck() -> BundledPath:
    """The deck `cards` and `kit` print when none is named: the bundled Sinpin deck, shown
    in messages as `sinpin-deck (bundled)`."""
    return BundledPath(template_path("sinpin-deck.yaml"), "sinpin-deck")


def docs_path(name: str) -> Path:
    """The path of a bundled document such as 'rules.md'."""
    found = folder("printkit.docs", "docs") / name
    if not found.is_file():
        raise FileNotFoundError(f"printkit's bundled document {name} is missing; reinstall printkit")
    return found


def catalogue(kind: str | None = None) -> list[Bundled]:
    """Every bundled file (of one kind), levels first, each kind sorted by name."""
    items: list[Bundled] = []
    for each, (package, checkout_folder, _) in KINDS.items():
        if kind not in (None, each):
            continue
        for path in sorted(folder(package, checkout_folder).glob("*.yaml")):
            data = _data(path)
            if _kind_of(data) == each:
                items.append(Bundled(each, path.stem, path, _about(each, data)))
    return items


def _data(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))  # our own files: small and trusted
    return data if isinstance(data, dict) else {}


def _kind_of(data: dict) -> str | None:
    if "map" in data:
        return "level"
    if "deck" in data:
        return "deck"
    if "game" in data:
        return "board"
    return None


def _about(kind: str, data: dict) -> str:
    if kind == "level":
        rows = str(data["map"]).rstrip("\n").split("\n")
        # (every bundled level names its players; this base module knows no level default)
        players = "/".join(str(count) for count in data.get("players", ()))
        counts = f", {players} players" if players else ""
        return f"{data.get('name', 'Sinpin level')}: {len(rows[0])} x {len(rows)} fields{counts}"
    if kind == "deck":
        return f"the {data['deck']} deck ({sum(int(card.get('count', 1)) * _copies(card) for card in data['cards'])} cards)"
    board = data.get("board")
    teams = data.get("teams")
    extra = f", {board} board" if board else ""
    extra += f", {teams} teams" if teams else ""
    return f"{GAME_NAMES.get(str(data['game']), str(data['game']))} for {data.get('players', 2)} players{extra}"


def _copies(card: dict) -> int:
    value = card.get("value")
    return len(value) if isinstance(value, list) else 1


def find(name: str, kind: str) -> Bundled | None:
    """The bundled file of `kind` that `name` picks (with or without .yaml), or None."""
    wanted = name[: -len(".yaml")] if name.endswith(".yaml") else name
    for item in catalogue(kind):
        if wanted in item.names:
            return item
    return None


def looks_like_name(argument: str) -> bool:
    """A bare word such as `yinsh` or `first-steps.yaml`; anything with a folder in it is a path."""
    return argument not in ("", "-") and os.sep not in argument and "/" not in argument


def file_exists(argument: str) -> bool:
    """Whether the file is there; a name too long for the file system is not (the reader
    then says so), rather than an OSError out of Path.exists."""
    try:
        return Path(argument).exists()
    except OSError:
        return False


def resolve(argument: str, kind: str) -> str:
    """The file a command should read for `argument`: the argument itself when it exists, is
    `-` or is a path; the bundled file it names otherwise. NotBundled for a bare word that
    names no bundled file of this kind (a missing `*.yaml` is left to the reader, which says
    "no such file" in its usual way, a `--json` verdict included)."""
    if argument == "-" or file_exists(argument) or not looks_like_name(argument):
        return argument
    item = find(argument, kind)
    if item is not None:
        return BundledPath(item.path, argument)
    other = next((each for each in KINDS if each != kind and find(argument, each)), None)
    what = KINDS[kind][2]
    if other is None and Path(argument).suffix.lower() in (".yaml", ".yml"):
        return argument  # a file name: the reader reports "no such file" as for any path
    if other is not None:
        raise NotBundled(f"'{argument}' is a bundled {KINDS[other][2]}, not a {what};"
                         f" it is read by printkit {READERS[other]}")
    names = ", ".join(item.names[-1] for item in catalogue(kind))
    meant = did_you_mean(argument, [name for item in catalogue(kind) for name in item.names])
    raise NotBundled(f"no such file, and no bundled {what} is called '{argument}'{meant} (bundled: {names};"
                     f" `printkit examples` lists them)")
