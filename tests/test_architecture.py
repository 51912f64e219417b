"""The house keeps its map: every import in printkit is one that docs/architecture.md's table
allows (imports inside functions, relative imports and modules imported by name too),
nothing imports a floor above it, and no modules import each other in a circle."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "printkit"
MAP = ROOT / "docs" / "architecture.md"


@lru_cache(maxsize=1)
def table() -> tuple[dict[str, set[str]], list[str], dict[str, int]]:
    """{room: rooms it may import} from the map, the base modules in their order, and each
    room's row (rooms of one row share a floor and may import each other)."""
    rows = re.findall(r"^\| (.+?) \| (.+?) \| (.+?) \|$", MAP.read_text(encoding="utf-8"), re.MULTILINE)
    allowed: dict[str, set[str]] = {}
    row_of: dict[str, int] = {}
    base: list[str] = []
    for rooms, holds, _ in rows:
        if rooms == "base":  # the base modules are listed in their order, each above the next
            base = re.findall(r"`(printkit[\w.]*)`", holds)
    for number, (rooms, _, may) in enumerate(rows):
        if rooms in ("package", "---", "base"):
            continue
        names = set(re.findall(r"`(printkit[\w.]*)`", may)) | (set(base) if re.search(r"\bbase\b", may) else set())
        together = re.findall(r"`(printkit[\w.]*)`", rooms)
        for room in together:
            allowed[room] = names | set(together) - {room}
            row_of[room] = number
    for index, module in enumerate(base):
        allowed[module] = set(base[index + 1:])
        row_of[module] = len(rows) + index
    return allowed, base, row_of


def room_of(module: str) -> str:
    """The row of the map a module belongs to: the longest room that contains it."""
    allowed, _, _ = table()
    found = [room for room in allowed if module == room or module.startswith(room + ".")]
    if module != "printkit":
        found = [room for room in found if room != "printkit"]
    assert found, f"{module} is in no row of docs/architecture.md"
    return max(found, key=len)


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@lru_cache(maxsize=1)
def modules() -> dict[str, Path]:
    return {module_of(path): path for path in PACKAGE.rglob("*.py")}


# A string that is exactly a printkit module's dotted name (or "module:attribute") names that
# module: how importlib imports by name (cli/commands.py's table, cli/games.py's and
# play/geometry.py's modules of each game) and how importlib.resources finds package data.
NAMED = re.compile(r"(printkit(?:\.\w+)+)(?::\w+)?")


def imports_in(source: str, module: str, is_package: bool = False) -> frozenset[str]:
    """The printkit modules the source of `module` imports, anywhere in it: absolute imports,
    relative ones (resolved against its package) and modules named by a string (NAMED). A
    name imported from a package counts as the module of that name when there is one."""
    names = modules()
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                assert node.level <= len(package), f"{module}: a relative import above printkit"
                parent = ".".join(package[:len(package) - node.level + 1])
                source_module = f"{parent}.{node.module}" if node.module else parent
            else:
                source_module = node.module or ""
            for alias in node.names:
                full = f"{source_module}.{alias.name}"
                found.add(full if full in names else source_module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = NAMED.fullmatch(node.value)
            if named and named.group(1) in names:
                found.add(named.group(1))
    return frozenset(name for name in found if name == "printkit" or name.startswith("printkit."))


@lru_cache(maxsize=None)
def imports(path: Path) -> frozenset[str]:
    """The printkit modules a file imports (imports_in)."""
    return imports_in(path.read_text(encoding="utf-8"), module_of(path), path.name == "__init__.py")


def test_every_import_is_one_the_map_allows() -> None:
    allowed, _, _ = table()
    wrong = []
    for module, path in sorted(modules().items()):
        here = room_of(module)
        for target in sorted(imports(path)):
            there = room_of(target)
            if there != here and there not in allowed[here]:
                wrong.append(f"{module} imports {target} ({here} may not import {there})")
    assert not wrong, "\n".join(wrong)


def test_the_map_names_rooms_that_exist_and_has_no_circle() -> None:
    allowed, base, row_of = table()
    known = modules()
    assert base and all(room in known for room in allowed), [room for room in allowed if room not in known]
    # No row may reach back to itself through the rows its rooms may import.
    floors: dict[int, set[int]] = {}
    for room, names in allowed.items():
        floors.setdefault(row_of[room], set()).update(row_of[name] for name in names)
    for start, following in floors.items():
        seen, frontier = set(), list(following - {start})
        while frontier:
            row = frontier.pop()
            assert row != start, f"row {start} of the map can reach itself"
            if row not in seen:
                seen.add(row)
                frontier += floors.get(row, set()) - {row}


def test_no_modules_import_each_other_in_a_circle() -> None:
    known = modules()
    edges = {module: {target for target in imports(path) if target in known and target != module
                      and not module.startswith(target + ".") and known[target].name != "__init__.py"}
             for module, path in known.items()}
    # Tarjan's strongly connected components
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    assert not circles


def test_the_checks_can_fail() -> None:
    """The checks see an import from a floor above and one inside a function."""
    assert room_of("printkit.sinpin.moves.engine") == "printkit.sinpin.moves"
    assert room_of("printkit.sinpin.tiles") == "printkit.sinpin"
    assert room_of("printkit") == "printkit"
    allowed, _, _ = table()
    assert "printkit.cli" not in allowed["printkit.editor"]
    assert "printkit.sinpin.game" not in allowed["printkit.sinpin.moves"]
    assert "printkit.draw" not in allowed["printkit.sinpin.game"]
    source = PACKAGE / "cli" / "board.py"  # imports the drawing layer inside functions
    assert "printkit.draw.output" in imports(source)
    # relative imports, resolved against the module's package
    relative = "from . import engine\nfrom .. import tiles\nfrom ..level import Level\nfrom .bits import Reach\n"
    assert imports_in(relative, "printkit.sinpin.moves.search") == {
        "printkit.sinpin.moves.engine", "printkit.sinpin.tiles", "printkit.sinpin.level", "printkit.sinpin.moves.bits"}
    assert imports_in("from .moves import engine\n", "printkit.sinpin", is_package=True) == {"printkit.sinpin.moves.engine"}
    # modules imported by name (importlib), as the command table and the games' hooks name them
    assert "printkit.cli.validate" in imports(PACKAGE / "cli" / "commands.py")
    assert "printkit.cli.yinsh" in imports(PACKAGE / "cli" / "games.py")
    assert "printkit.play.sinoda_view" in imports(PACKAGE / "play" / "geometry.py")
    assert imports_in('x = "printkit.games.record"\ny = "printkit is fine"\n', "printkit.yinsh.game") == {
        "printkit.games.record"}
