"""Bounded time and memory on hostile input (issue 13): `python bench/hostile_limits.py`.

Runs every command on every file of tests/data/hostile/ (as tests/test_hostile_corpus.py
does, but as real processes), then the big cases a corpus file cannot hold: decks asking
for 100,000 and 66 million cards, an alias-amplified deck, a card text of 500,000
characters, level names and authors of 10,000 to 100,000 characters, 1 MB files of broken
entries, `paper --fields` of 5,000 digits, and the largest inputs printkit takes (1,000
cards, 200-character names) made in full.

Each process is measured by the kernel (os.wait4): wall time, CPU time and peak memory
(max RSS), printed one line a case. Asserted: the exit status, no traceback, peak memory
under LIMIT_RSS_MB, and CPU time under LIMIT_CPU_S for a refused file, LIMIT_CPU_FULL_S
for the largest inputs made in full (1,000 cards are 224 pages of real work). CPU rather
than wall time, so that a busy machine does not fail the bench. Exit status 1 when any
case fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_hostile_corpus import CORPUS, GOOD_LEVEL, KINDS, expectation  # noqa: E402

LIMIT_CPU_S = 5.0  # "a few seconds": start-up (about 0.3 s) and the 1 MB worst cases included
LIMIT_CPU_FULL_S = 15.0  # the most printkit takes, printed: 1,000 cards to 224 SVG pages
LIMIT_RSS_MB = 300.0  # a good kit takes about 60 MB; the issue saw 800 MB
PRINTKIT = [sys.executable, "-m", "printkit"]
GOOD_MAP = GOOD_LEVEL.read_text(encoding="utf-8").split("map: |", 1)[1]
BACKS = "backs:\n  box: {title: Box, emblem: question}\n"


@dataclass(frozen=True)
class Measured:
    status: int
    wall_s: float
    cpu_s: float
    rss_mb: float
    output: str


def measure(arguments: list[str]) -> Measured:
    """Run printkit once as a child process; the kernel's figures for that child alone."""
    with tempfile.TemporaryFile() as output:
        start = time.perf_counter()
        process = subprocess.Popen([*PRINTKIT, *arguments], stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, cwd=ROOT)
        _, wait_status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(wait_status)
        output.seek(0)
        text = output.read().decode("utf-8", errors="replace")
    return Measured(process.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text)


def big_cases(folder: Path) -> list[tuple[str, list[str], int]]:
    """(name, arguments, expected status) of the cases too big for the corpus."""
    def write(name: str, text: str) -> str:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    def level(name: str, head: str) -> str:
        return write(name, f"{head}map: |{GOOD_MAP}")

    def deck(name: str, cards: str, head: str = "") -> str:
        return write(name, f"{head}deck: Big\n{BACKS}cards:\n{cards}")

    out = folder / "out"
    cases: list[tuple[str, list[str], int]] = []
    hundred_thousand = deck("deck-100000.yaml", "  - {title: Gem, item: gem, count: 200}\n" * 500)
    # 55,000 aliases of a card with 6 values and a count of 200: 66 million cards in 1 MB
    sixty_six_million = deck("deck-66-million.yaml", "  - &fox {title: Fox, value: [1, 2, 3, 4, 5, 6], count: 200}\n" + "  - *fox\n" * 55_000)
    nested = "x-a: &a [" + ", ".join(["1"] * 99) + "]\n" + "x-b: &b [" + ", ".join(["*a"] * 99) + "]\n"
    amplified = deck("deck-amplified.yaml", "  - &c {title: Fox, value: *a, count: 200}\n" + "  - *c\n" * 10_000, head=nested)
    long_text = deck("deck-text-500000.yaml", "  - {title: Gem, item: gem, text: " + "Keep it. " * 55_556 + "}\n")
    broken_entries = deck("deck-150000-broken.yaml", "  - 1\n" * 150_000)
    duplicates = write("deck-duplicate-backs.yaml", "deck: D\nbacks:\n" + "  b: {title: B}\n" * 60_000 + "cards:\n  - {title: A}\n")
    for name, path in (("100,000 cards", hundred_thousand), ("66 million cards", sixty_six_million),
                       ("alias-amplified deck", amplified), ("card text of 500,000 characters", long_text),
                       ("1 MB: 150,000 broken cards", broken_entries), ("1 MB: 60,000 duplicate backs", duplicates)):
        cases.append((f"cards: {name}", ["cards", path, "-o", str(out / "cards.pdf")], 2))
        cases.append((f"kit --deck: {name}", ["kit", str(GOOD_LEVEL), "--deck", path, "-o", str(out / "kit")], 2))
    long_name = level("level-name-100000.yaml", "name: " + "Cave " * 20_000 + "\n")
    long_author = level("level-author-10000.yaml", "name: Fine\nauthor: " + "A" * 10_000 + "\n")
    duplicate_keys = write("level-duplicate-keys.yaml", "x-a: 1\n" * 49_000 + f"map: |{GOOD_MAP}")
    too_many_values = write("level-too-many-values.yaml", "x-a: 1\n" * 140_000 + f"map: |{GOOD_MAP}")
    for name, path, status in (("name of 100,000 characters", long_name, 1), ("author of 10,000 characters", long_author, 1),
                               ("49,000 duplicate keys", duplicate_keys, 1), ("1 MB: 280,000 values", too_many_values, 2)):
        cases.append((f"validate: {name}", ["validate", path], status))
        cases.append((f"render: {name}", ["render", path, "-o", str(out / "map.pdf")], status))
        cases.append((f"tokens: {name}", ["tokens", path, "--players", "2", "-o", str(out / "tokens.pdf")], status))
        cases.append((f"kit: {name}", ["kit", path, "-o", str(out / "kit")], status))
    cases.append(("paper: --fields of 5,000 digits", ["paper", "--fields", "9" * 5000 + "x12", "-o", str(out / "paper.pdf")], 2))
    # the most printkit takes, made in full
    widest = level("level-name-200.yaml", "name: " + "Wide " * 40 + "\nauthor: " + "W" * 200 + "\n")
    thousand = deck("deck-1000.yaml", "".join(f"  - {{title: Card {n}, item: gem, text: {'Keep it. ' * 20}Card {n}.}}\n" for n in range(1000)))
    fox_thousand = deck("deck-1000-fox.yaml", "".join(f"  - {{title: Fox {n}, value: {n % 100}, back: box}}\n" for n in range(1000)))
    cases += [
        ("render: 200-character name and author", ["render", widest, "-o", str(out / "map.pdf")], 0),
        ("tokens: 200-character name and author", ["tokens", widest, "--players", "2", "-o", str(out / "tokens.pdf")], 0),
        ("kit: 200-character name and author", ["kit", widest, "-o", str(out / "kit-wide")], 0),
        ("cards: 1,000 cards of 180 characters", ["cards", thousand, "-o", str(out / "cards-1000.pdf")], 0),
        ("cards: 1,000 cards as SVG", ["cards", thousand, "-o", str(out / "svg" / "cards.svg")], 0),
        ("kit --deck: 1,000 movement cards", ["kit", str(GOOD_LEVEL), "--deck", fox_thousand, "-o", str(out / "kit-1000")], 0),
    ]
    return cases


def corpus_cases(folder: Path) -> list[tuple[str, list[str], int]]:
    cases = []
    for kind, commands in KINDS.items():
        for path in sorted((CORPUS / kind).glob("*.yaml")):
            expected = expectation(path)
            for command, (arguments, _) in commands.items():
                out = folder / f"{kind}-{path.stem}-{command.replace(' ', '')}" / "out"
                out.mkdir(parents=True)
                cases.append((f"{command}: {kind}/{path.name}", arguments(str(path), out), expected.status_for(command)))
    return cases


def main() -> int:
    failures = 0
    worst_cpu, worst_rss = 0.0, 0.0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "corpus").mkdir()
        cases = big_cases(folder) + corpus_cases(folder / "corpus")
        print(f"{'case':<62} {'exit':>4} {'wall s':>7} {'cpu s':>6} {'max MB':>7}")
        for name, arguments, status in cases:
            result = measure(arguments)
            problems = []
            if result.status != status:
                problems.append(f"exit {result.status}, expected {status}")
            if "Traceback" in result.output:
                problems.append("traceback")
            limit = LIMIT_CPU_S if status else LIMIT_CPU_FULL_S
            if result.cpu_s > limit:
                problems.append(f"over {limit:g} s of CPU")
            if result.rss_mb > LIMIT_RSS_MB:
                problems.append(f"over {LIMIT_RSS_MB:g} MB")
            if status:
                worst_cpu = max(worst_cpu, result.cpu_s)
            worst_rss = max(worst_rss, result.rss_mb)
            flag = "  FAIL: " + ", ".join(problems) if problems else ""
            print(f"{name[:62]:<62} {result.status:>4} {result.wall_s:>7.2f} {result.cpu_s:>6.2f} {result.rss_mb:>7.1f}{flag}", flush=True)
            if problems:
                failures += 1
                print("    " + result.output[-600:].replace("\n", "\n    "))
            for made in ("out/kit", "out/kit-wide", "out/kit-1000", "out/svg"):  # keep the scratch folder small
                shutil.rmtree(folder / made, ignore_errors=True)
    print(f"\n{len(cases)} cases, {failures} failed; worst CPU of a refusal {worst_cpu:.2f} s (limit {LIMIT_CPU_S:g}),"
          f" worst peak memory {worst_rss:.0f} MB (limit {LIMIT_RSS_MB:g})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
