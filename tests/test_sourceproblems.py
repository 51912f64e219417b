"""A file's problems: the first MAX_REPORTED kept, the rest counted."""

from test_specreader import reader

from printkit.sourceproblems import MAX_REPORTED


def test_a_file_keeps_its_first_problems_and_counts_the_rest_in_constant_time() -> None:
    spec, problems = reader("".join(f"k{n}: 1\n" for n in range(1000)))
    spec.check_keys(set())
    assert len(problems) == MAX_REPORTED + 1 and problems[MAX_REPORTED - 1].line == MAX_REPORTED
    assert str(problems[-1]) == (f"spec.yaml:{MAX_REPORTED + 1}:1: format: and {1000 - MAX_REPORTED:,} more problems from here on"
                                 f" (printkit shows the first {MAX_REPORTED} of a file)")
