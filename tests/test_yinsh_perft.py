"""Golden perft counts: positions 1, 2, 3 actions away from fixed positions
(tests/data/yinsh/perft/NAME.position, counts in NAME.perft, one a line). Every count was
also worked out by hand, as below; PRINTKIT_UPDATE_GOLDEN=1 rewrites the files.

empty (the empty board, white to place): 85 points, then 84, then 83 vacant ones:
    85; 85·84 = 7140; 85·84·83 = 592,620.

lone-rings (white ring a2, black ring k10, nothing else; rows_to_win 5, four rings off each):
    depth 1: a2 goes up column a to a3 a4 a5 (3), along number 2 to b2 … g2 (6) and up its
      diagonal to b3 c4 d5 e6 f7 g8 h9 i10 j11 (9): 18.
    depth 2: k10 likewise has 3 (k9-k7) + 6 (j10-e10) + 9 (j9 … b1) = 18 after any white
      move, except where white's ring stands on one of those lines: on c2 (number 2 meets
      k10's diagonal) it loses c2 and b1 (16); on i10 (a2's diagonal meets number 10) it
      keeps only j10 of that line (13). The marker left on a2 is on none of k10's lines.
      16·18 + 16 + 13 = 317.

jumps (white ring e5; black ring e3; white markers e7 f5 g7, black e8 h8 d4; rows_to_win 5):
    depth 1: e5 reaches e6 and e9 (behind e7 e8), e4 (e3 is a ring), g5 (behind f5),
      d5 c5 b5 a5, f6 and i9 (behind g7 h8), c3 (behind d4): 11.
    depth 2: e3 then has e4 and e6 (over the new marker on e5) up, e2 e1 down, f3 g3 h3,
      d3 c3 b3 a3, f4 g5 h6 i7 j8 k9 and d2 c1: 19, less where white's ring went:
      e4 blocks both upward points (17), e6 the one behind e5 (18), g5 cuts its diagonal
      to f4 (14), c3 cuts number 3 to d3 (16); e9, d5, c5, b5, a5, f6, i9 leave 19.
      17 + 18 + 14 + 16 + 7·19 = 198.

row-choices (white ring d4, white markers a4 b4 c4 e4 f4; black ring k10; rows_to_win 5):
    depth 1: d4 reaches d5-d9 (5), d3 d2 d1 (3), g4 behind e4 f4 (1), nothing toward
      a4 (the markers run to the edge), e5 … j10 (6), c3 b2 (2): 17.
    depth 2: every move but d4-g4 leaves a white marker on d4, so a4-f4 is a run of six:
      white takes a4-e4 or b4-f4 with its one ring (2 each, Y5). d4-g4 flips e4 f4 to
      black; then k10 has k9-k7 (3), j10-e10 (6), j9 i8 h7 g6 f5 and d3 behind e4 (6): 15.
      16·2 + 15 = 47.
    depth 3: each row taken is white's fifth ring: over (0). After d4-g4, white's ring on
      g4 has g5-g11 (7), g3 g2 (2), h4 i4 (2), nothing toward a4, h5 i6 j7 k8 (4), f3 e2
      d1 (3): 18, less where black's ring went: k8 (17), g10 (16), g6 (12); and k10-d3
      flips e4 back to white, making white's row a4-e4 (Y6): 1 action. 11·18 + 17 + 16 +
      12 + 1 = 244.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printkit.yinsh.perft import perft, perft_made
from printkit.yinsh.position import read_position

FOLDER = Path(__file__).parent / "data" / "yinsh" / "perft"
POSITIONS = sorted(FOLDER.glob("*.position"))
UPDATE = os.environ.get("PRINTKIT_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_perft_counts_match_the_golden_files(path: Path) -> None:
    golden = path.with_suffix(".perft")
    expected = [int(line) for line in golden.read_text().split()]
    counts = perft(read_position(path.read_text()), len(expected))
    if UPDATE:
        golden.write_text("".join(f"{count}\n" for count in counts))
    assert counts == expected


def test_every_position_has_golden_counts() -> None:
    assert len(POSITIONS) == 4
    for path in POSITIONS:
        assert path.with_suffix(".perft").exists()


def test_counting_without_making_the_last_level_changes_nothing() -> None:
    state = read_position((FOLDER / "row-choices.position").read_text())
    assert [perft_made(state, depth) for depth in (1, 2, 3)] == perft(state, 3)



def test_perft_to_depth_0_counts_nothing() -> None:
    from printkit.yinsh.perft import perft
    from printkit.yinsh.state import initial_state

    assert perft(initial_state(), 0) == []
