"""A move's vocabulary (printkit.sinpin.moves.events): health events kept canonically, a total
order on results, and outcomes as `printkit moves` reports them."""

from __future__ import annotations

from printkit.sinpin.moves.events import HURT, MoveResult, Outcome, canonical_events


def test_hearts_between_losses_are_sorted_and_each_counts_once() -> None:
    """S22: a heart is taken once, where first entered; between two losses of health their
    order cannot change health, so they are kept sorted."""
    events = [(5, 1), (2, 1), HURT, (7, 2), (5, 1), (3, 3), HURT]
    assert canonical_events(events) == ((2, 1), (5, 1), HURT, (3, 3), (7, 2), HURT)
    assert canonical_events([]) == () and canonical_events([HURT, HURT]) == (HURT, HURT)


def test_results_have_a_total_order_and_outcomes_report_them() -> None:
    hurt = MoveResult((3, 1), False, (HURT, (2, 1)), 1, frozenset({(2, 1), (3, 1)}), False, ((2, 1), (3, 1)))
    plain = hurt._replace(events=(), trail=None)
    assert sorted([hurt, plain], key=MoveResult.order) == [plain, hurt]
    assert hurt.damage == 1 and hurt.hearts == ((2, 1),)
    assert Outcome.of(hurt).as_json() == {"end": [3, 1], "exit": False, "damage": 1, "gems": 1,
                                          "hearts": [[2, 1]], "passed": [[2, 1], [3, 1]]}
