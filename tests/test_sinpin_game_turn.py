"""Whole games as records (game-record.md), replayed and checked against the rules.

`replay` knows only sinpin.md and the record format: it rebuilds the map from the header,
the set-up lines and each turn's events, asks a fresh MoveEngine whether the recorded move
is one of the card's outcomes from that field on that map, follows hands (S5), health,
gems and the ghost (S30), and checks the end (S33). Hypothesis plays a few short games on
small random solvable levels with every bot and checks every record that way.
"""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.batch import Chunk
from printkit.sinpin.game.bots import BOTS, Knowledge, make_bots
from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.game.ghost import fields_under
from printkit.sinpin.game.turn import play_game
from printkit.sinpin.level import Level
from printkit.sinpin.rules import FULL_HAND, Rules, next_hand
from printkit.sinpin.game.simulate import SimulationPlan, record_text, simulate_chunk
from printkit.sinpin.moves.validator import validate

TILES = ".......##H^!wSOC*h?"
PLACED = {"web": "w", "gem": "*", "mark": "?"}


def _set(rows: list[str], at, char: str) -> None:
    x, y = at
    rows[y] = rows[y][:x] + char + rows[y][x + 1:]


@lru_cache(maxsize=64)
def solvable_level(seed: int) -> Level:
    """A small random level that the validator finds solvable (S26), from one seed."""
    rng = random.Random(seed)
    while True:
        width, height = rng.randint(4, 7), rng.randint(2, 4)
        inner = [[rng.choice(TILES) for _ in range(width)] for _ in range(height)]
        door = (rng.randrange(width), rng.randrange(height))
        if door[1] < height - 1:
            inner[door[1] + 1][door[0]] = "#"  # the door is supported (S4)
        # Mostly an exit on or below the door's row, where the ghost can follow down (S30);
        # with an exit above the door it walks only sideways along the door's rows.
        low = door[1] if rng.random() < 0.8 else 0
        exit_ = (rng.randrange(width), rng.randint(low, height - 1))
        if exit_ == door or exit_ == (door[0], door[1] + 1):
            continue
        inner[door[1]][door[0]], inner[exit_[1]][exit_[0]] = "A", "Z"
        rows = ("#" * (width + 2),) + tuple("#" + "".join(r) + "#" for r in inner) + ("#" * (width + 2),)
        rules = Rules(setup_webs=rng.randint(0, 3), setup_gems=rng.randint(0, 5), setup_marks=rng.randint(0, 3),
                      box_hearts=rng.randint(0, 4), max_rounds=rng.randint(3, 12), start_health=rng.randint(1, 3),
                      max_health=3, blade_points=rng.choice((2, 3)))
        level = Level(rows, rules=rules)
        if validate(level).solvable:
            return level


@lru_cache(maxsize=64)
def knowledge(seed: int) -> Knowledge:
    return Knowledge(solvable_level(seed))


def replay(level: Level, lines: list[dict]) -> None:
    """Check a record step by step against the rules; AssertionError names the first breach."""
    rules = level.rules
    header, setup, turns, end = lines[0], [l for l in lines if "setup" in l], [l for l in lines if "turn" in l], lines[-1]
    assert header["record"] == "sinpin-game" and header["version"] == 1 and "end" in end
    assert lines[1:len(setup) + 1] == setup  # set-up before the turns
    players = len(header["players"])
    rows = list(header["map"])
    width, height = len(rows[0]), len(rows)
    door = next((x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "A")
    exit_ = next((x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "Z")
    for index, line in enumerate(setup):  # S28: seat order from the first, on vacant fields
        assert line["seat"] == (header["first"] + index) % players
        assert rows[line["at"][1]][line["at"][0]] == ".", line
        _set(rows, line["at"], PLACED[line["setup"]])
    kinds = [line["setup"] for line in setup]
    assert kinds == sorted(kinds, key=["web", "gem", "mark"].index)  # webs, then gems, then marks
    box_gems = 16 - sum(r.count("*") for r in rows)
    health = [rules.start_health] * players
    gems = [0] * players
    hands = [FULL_HAND] * players
    at: list = [door] * players
    ghost = (3 * door[0], 3 * door[1] + 1)  # S30
    bound = 3 * exit_[1] + 2
    drawn_gems = exits = 0
    assert len(turns) <= rules.max_rounds * players  # S33
    for number, line in enumerate(turns):
        seat, card = line["seat"], line["card"]
        assert line["turn"] == number + 1 and seat == (header["first"] + number) % players  # S29a
        assert line["round"] == number // players + 1 <= rules.max_rounds
        assert card in hands[seat], line  # S5
        hands[seat] = next_hand(hands[seat], card)
        assert line["hand"] == sorted(hands[seat])
        events = line["events"]
        kinds = [event[0] for event in events]
        if at[seat] is None:  # S29a: out, it plays a card and moves the ghost only
            assert line["from"] is None and line["move"] is None and not set(kinds) - {"caught"}
        else:
            assert line["from"] == list(at[seat])
            move = line["move"]
            trail = [tuple(p) for p in move["trail"]]
            knocked = "knocked_out" in kinds
            engine = MoveEngine(Level(tuple(rows), rules=rules))
            ways = {(r.trail, r.end, r.exited): r.knocked_out
                    for r in engine.moves(at[seat], card, health=health[seat], trail=True)}
            way = (tuple(trail), tuple(move["end"]), move["exit"])
            assert way in ways, line
            # S25's choice is made for a knock-out, unless the ghost caught the avatar first (S32).
            assert ways[way] == knocked or seat in line["caught"] and not knocked, line
            # S29b: items taken and marks drawn go, webs entered go; then drawn webs and chests.
            gained = 0
            entered_webs = {p for p in trail if rows[p[1]][p[0]] == "w"}
            for event in events:
                kind = event[0]
                if kind in ("gem", "heart", "draw"):
                    assert tuple(event[1]) in trail
                    _set(rows, event[1], ".")
                gained += {"gem": 1, "payout": event[-1] if kind == "payout" else 0, "exit": event[-1] if kind == "exit" else 0}.get(kind, 0)
                if kind == "draw" and event[2] == "gem":
                    gained += 1
                    drawn_gems += 1
                if kind == "knocked_out" and event[2] == "pay":
                    gained -= 3  # S25: paid gems leave the game
                if kind == "exit":  # S24: N for the first out, then N-1, ..., plus health
                    assert event[2] == max(0, players - exits) + line["health"], line
                    exits += 1
            for p in entered_webs:
                _set(rows, p, ".")
            for event in events:
                if event[0] == "place":
                    assert rows[event[1][1]][event[1][0]] == ".", line
                    _set(rows, event[1], "w" if event[2] == "web" else "C")
            gems[seat] += gained
            if knocked and events[kinds.index("knocked_out")][2] == "door":
                assert line["at"] == list(door) and line["health"] == rules.max_health
            at[seat] = None if move["exit"] else tuple(line["at"]) if line["at"] is not None else None
            health[seat] = line["health"]
        assert 0 <= line["health"] <= rules.max_health
        assert line["gems"] == gems[seat], line  # gems are conserved
        for entry in line["ghost"]:  # S30: exactly `card` squares, never up, within the bound
            for step in map(tuple, entry["path"]):
                assert (step[0] - ghost[0], step[1] - ghost[1]) in ((-1, 0), (1, 0), (0, 1))
                assert 0 <= step[0] <= 3 * width - 2 and 0 <= step[1] <= 3 * height - 2
                if step[1] != ghost[1]:  # the bound limits steps down only (S30 as settled)
                    assert step[1] + 1 <= bound
                ghost = step
            assert len(entry["path"]) == card  # a sideways step is always left (S30)
        assert [e["by"] for e in line["ghost"]][-1] == "turn"
        for caught in line["caught"]:
            at[caught] = None
            health[caught] = 0
        # S32: after every ghost move nobody left on the board (off the door) is under it.
        under = fields_under(ghost)
        assert not [s for s, where in enumerate(at) if where is not None and where != door and where in under], line
    assert box_gems >= drawn_gems
    assert end["gems"] == gems
    assert end["winners"] == [s for s, count in enumerate(gems) if count == max(gems)]  # S33
    assert end["end"] == ("out" if all(where is None for where in at) else "max_rounds")
    if end["end"] == "max_rounds":
        assert len(turns) == rules.max_rounds * players


GAMES = st.tuples(st.integers(0, 10_000), st.integers(2, 4), st.lists(st.sampled_from(sorted(BOTS)), min_size=1, max_size=4),
                  st.integers(0, 2**32))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_every_recorded_game_replays_under_the_rules(game) -> None:
    level_seed, players, names, seed = game
    level = solvable_level(level_seed % 40)
    lines = play_game(level, make_bots(names, players, knowledge(level_seed % 40)), seed)
    replay(level, lines)
    # The same seed gives the same record: on one example in four (a second game costs as much
    # as the first; whole runs are byte-identical in test_records_do_not_depend_on_how_games_are_chunked
    # and test_cli_simulate's two --jobs)
    if seed % 4 == 0:
        assert play_game(level, make_bots(names, players, knowledge(level_seed % 40)), seed) == lines


def test_the_replayer_notices_a_forged_move() -> None:
    level = solvable_level(1)
    lines = play_game(level, make_bots(["greedy"], 2, knowledge(1)), 3)
    turn = next(line for line in lines if "turn" in line and line["move"])
    turn["move"]["end"] = [0, 0]
    try:
        replay(level, lines)
    except AssertionError:
        return
    raise AssertionError("a move into rock was accepted")


def test_records_do_not_depend_on_how_games_are_chunked() -> None:
    level = solvable_level(7)
    plan = SimulationPlan(level, "tiny", ("greedy", "random"), 3, 5, keep_records=True)
    whole = simulate_chunk(plan, Chunk(0, 0, 4))
    parts = [simulate_chunk(plan, Chunk(0, 0, 2)), simulate_chunk(plan, Chunk(1, 2, 2))]
    assert whole.records == parts[0].records + parts[1].records
    assert whole.stats.games == 4
    merged = parts[0].stats
    merged.merge(parts[1].stats)
    assert merged == whole.stats


def test_record_text_is_one_json_object_a_line() -> None:
    level = solvable_level(3)
    lines = play_game(level, make_bots(["cautious"], 2, knowledge(3)), 1)
    text = record_text(lines)
    assert text.count("\n") == len(lines) and text.endswith("}\n")
