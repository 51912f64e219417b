"""Do printkit's commands still write the same bytes? Runs a set of commands, hashes every
file and every standard output they write, and saves or compares the hashes. Not a test (it
takes a minute or two): run it before a change that must not change any output, and after.

    python bench/same_outputs.py --save /tmp/before.json     # before the change
    python bench/same_outputs.py --check /tmp/before.json    # after: lists what differs

The set: validate --json of every bundled level, moves of a bundled level, render (PDF, SVG,
overlay), paper, cards, tokens, kit, every board spec (PDF, SVG, JSON), generate, survey, a
random kit, and simulate with its JSON, record, log and heatmap.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = sorted(str(path) for path in (ROOT / "levels").glob("*.yaml"))
CHIMNEY = str(ROOT / "levels" / "07-the-chimney.yaml")
FIRST = str(ROOT / "levels" / "01-first-steps.yaml")

# (name, arguments); files written go under a folder of the name; "{out}" is that folder.
COMMANDS: list[tuple[str, list[str]]] = [
    ("validate", ["validate", "--json", *LEVELS]),
    ("moves", ["moves", FIRST, "--from", "4,3", "--card", "2", "--json"]),
    ("moves-text", ["moves", CHIMNEY, "--from", "E17", "--card", "4", "--health", "2"]),
    ("render", ["render", "--all", str(ROOT / "levels"), "-o", "{out}/maps/"]),
    ("render-svg", ["render", CHIMNEY, "-o", "{out}/chimney.svg"]),
    ("overlay", ["render", str(ROOT / "levels" / "05-teleport-tangle.yaml"), "--overlay", "-o", "{out}/overlay.pdf"]),
    ("paper", ["paper", "-o", "{out}/sheet.pdf", "--landscape"]),
    ("cards", ["cards", "-o", "{out}/cards.pdf"]),
    ("tokens", ["tokens", CHIMNEY, "--players", "3", "-o", "{out}/tokens.svg"]),
    ("kit", ["kit", CHIMNEY, "--players", "4", "-o", "{out}/kit/"]),
    ("boards", ["board", "--all", str(ROOT / "templates"), "-o", "{out}/boards/"]),
    ("board-svg", ["board", "yinsh", "-o", "{out}/yinsh.svg"]),
    ("board-json", ["board", "sinoda-4", "--json"]),
    ("generate", ["generate", "--seed", "1", "--count", "5", "-o", "{out}/generated/", "--render"]),
    ("survey", ["survey", "--seed", "1", "--count", "20", "--json", "-o", "{out}/survey.pdf"]),
    ("kit-random", ["kit", "--random", "--seed", "3", "-o", "{out}/kit-random/"]),
    ("simulate", ["simulate", CHIMNEY, "--players", "4", "--games", "50", "--seed", "1", "--json",
                  "--bots", "greedy,rusher,cautious,random",
                  "--record", "{out}/games.jsonl", "--log", "{out}/game.txt", "--heatmap", "{out}/heat.pdf"]),
    ("simulate-svg", ["simulate", FIRST, "--games", "30", "--seed", "2", "--heatmap", "{out}/heat.svg"]),
]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def run_all(only: set[str] | None = None) -> dict[str, str]:
    """name/part -> hash of every output, standard output as name/stdout."""
    found: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, arguments in COMMANDS:
            if only and name not in only:
                continue
            out = Path(scratch) / name
            out.mkdir()
            command = [sys.executable, "-m", "printkit", *(a.replace("{out}", str(out)) for a in arguments)]
            done = subprocess.run(command, cwd=scratch, capture_output=True, env={**os.environ, "COLUMNS": "100"})
            found[f"{name}/exit"] = str(done.returncode)
            found[f"{name}/stdout"] = digest(done.stdout.replace(scratch.encode(), b"TMP"))
            for path in sorted(out.rglob("*")):
                if path.is_file():
                    found[f"{name}/{path.relative_to(out)}"] = digest(path.read_bytes())
            print(f"{name}: exit {done.returncode}, {sum(1 for key in found if key.startswith(name + '/')) - 2} files",
                  file=sys.stderr)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    parser.add_argument("--only", nargs="*", help="only these commands (names as in COMMANDS)")
    args = parser.parse_args()
    found = run_all(set(args.only) if args.only else None)
    if args.save:
        Path(args.save).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"{len(found)} outputs saved to {args.save}")
        return
    before = json.loads(Path(args.check).read_text())
    if args.only:
        before = {key: value for key, value in before.items() if key.split("/")[0] in args.only}
    differ = sorted(key for key in before.keys() | found.keys() if before.get(key) != found.get(key))
    for key in differ:
        print(f"differs: {key}: {before.get(key)} -> {found.get(key)}")
    print(f"{len(found)} outputs, {len(differ)} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
