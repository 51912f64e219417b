"""The collector pause: it restores the collector, and the work it covers makes no cycles.

Simulated games run with the cyclic garbage collector off (printkit.gcpause); that is
only sound while a game leaves no reference cycles behind, which the last test checks.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from printkit.batch import Chunk
from printkit.gcpause import collector_paused
from printkit.sinpin.loader import read_level
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk, tools_for

LEVELS = Path(__file__).resolve().parent.parent / "levels"


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_pause_turns_the_collector_off_and_back_on(collector_on) -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: still off after the inner one ends
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_pause_leaves_a_disabled_collector_disabled(collector_on) -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_pause_restores_after_an_error(collector_on) -> None:
    with pytest.raises(RuntimeError):
        with collector_paused():
            raise RuntimeError("boom")
    assert gc.isenabled()


def test_overlapping_pauses_in_threads_end_with_the_last(collector_on) -> None:
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            release.wait(5)

    thread = threading.Thread(target=other)
    thread.start()
    inside.wait(5)
    with collector_paused():
        pass
    assert not gc.isenabled()  # the other thread's pause still runs
    release.set()
    thread.join(5)
    assert gc.isenabled()


def test_a_freezing_pause_freezes_what_is_alive(collector_on) -> None:
    gc.unfreeze()
    kept = [[index] for index in range(1000)]
    with collector_paused(freeze=True):
        assert not gc.isenabled()
    assert gc.isenabled() and gc.get_freeze_count() >= len(kept)
    gc.unfreeze()


# Run in a fresh interpreter: other tests' threads (servers, clusters) may make cycles of
# their own while these games run, and those are not the games'.
CYCLES_CHECK = """
import gc, json, sys
from printkit.batch import Chunk
from printkit.sinpin.game.bots import Knowledge
from printkit.sinpin.loader import read_level
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk, tools_for
from printkit.sinpin.tiles import Tile

def cycles_left_by(work):
    gc.unfreeze()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # whatever the collector finds is kept in gc.garbage
    try:
        work()
        gc.unfreeze()  # frozen objects are looked at too: a freeze must hold no garbage
        gc.collect()
        return [repr(found)[:100] for found in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()

report = {}
for name, players in (("05-teleport-tangle", 4), ("07-the-chimney", 4), ("01-first-steps", 3)):
    level = read_level(sys.argv[1] + "/" + name + ".yaml").level()
    tools_for(level)  # made once per process, outside the games
    plan = SimulationPlan(level, "x", ("greedy", "random", "rusher", "cautious"), players, 7, keep_records=True, log_game=1)
    report[name] = cycles_left_by(lambda: simulate_chunk(plan, Chunk(0, 0, 12)))
level = read_level(sys.argv[1] + "/05-teleport-tangle.yaml").level()
knowledge = Knowledge(level)
knowledge.gem_distance(frozenset(level.positions[Tile.GEM]))
gc.collect()  # the search behind it leaves cycles; the knowledge itself must not be one
def drop():
    global knowledge
    del knowledge
report["knowledge"] = cycles_left_by(drop)
print(json.dumps(report))
"""


@pytest.mark.slow  # separate processes or a thousand moves: nothing cheaper tests the same
def test_games_and_the_bots_knowledge_leave_no_reference_cycles() -> None:
    done = subprocess.run([sys.executable, "-c", CYCLES_CHECK, str(LEVELS)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"05-teleport-tangle", "07-the-chimney", "01-first-steps", "knowledge"}
    for what, found in report.items():
        assert found == [], f"{what}: {len(found)} objects in reference cycles, e.g. {found[:3]}"


def test_a_chunk_freezes_only_on_the_main_thread(collector_on) -> None:
    level = read_level(str(LEVELS / "01-first-steps.yaml")).level()
    plan = SimulationPlan(level, "x", ("greedy",), 2, 1)
    tools_for(level)
    gc.unfreeze()
    done = []
    thread = threading.Thread(target=lambda: done.append(simulate_chunk(plan, Chunk(0, 0, 2))))
    thread.start()
    thread.join(60)
    assert done and gc.get_freeze_count() == 0 and gc.isenabled()  # as on a Dask worker's thread
    simulate_chunk(plan, Chunk(0, 0, 2))
    assert gc.get_freeze_count() > 0 and gc.isenabled()
    gc.unfreeze()
