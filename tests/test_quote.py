"""Messages quote short excerpts of user text."""

from hypothesis import given
from hypothesis import strategies as st

from printkit.quote import EXCERPT, MESSAGE_LINE, bounded, excerpt


def test_short_text_is_quoted_whole_and_long_text_as_its_start() -> None:
    assert excerpt("Fox") == "Fox"
    assert excerpt("x" * 100_000) == "x" * (EXCERPT - 1) + "…"
    assert bounded("short") == "short"
    assert bounded("y" * 200_000) == "y" * MESSAGE_LINE + "… (199000 more characters left out)"


@given(st.text(max_size=3000))
def test_no_quote_or_message_line_is_longer_than_its_limit(text: str) -> None:
    assert len(excerpt(text)) <= EXCERPT and excerpt(text).startswith(text[: EXCERPT - 1])
    assert len(bounded(text)) <= MESSAGE_LINE + 40
