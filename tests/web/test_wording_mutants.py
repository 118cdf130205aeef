"""An engine message said with the explorer's controls, checked where mutation testing found nothing watching
(`python tools/mutate.py rulings/web/wording.py`): each command-line flag becomes the control that does the same.
"""

from __future__ import annotations

import pytest

from rulings.web.wording import for_the_page


@pytest.mark.parametrize(("message", "page"), [
    ("--reading x=y: the pack fantasy declares no readings", "x=y: the pack fantasy declares no readings"),
    ("unknown: target.in_cover\n  hint: give it: --given target.in_cover=...",
     "unknown: target.in_cover\n  hint: give it: set the fact target.in_cover above"),
    ("--base: not a score", "base: not a score"),
    ("hint: give it --base 3+ or --roll 4", "hint: give it the base field 3+ or the unmodified roll field 4"),
    ("hint: try --with house.yaml (--full lists them)", "hint: try an overlay uploaded beside the pack"),
    ("no flags here", "no flags here"),
    ("", ""),
])
def test_a_flag_becomes_the_control_that_does_the_same(message: str, page: str) -> None:
    assert for_the_page(message) == page


def test_every_flag_of_a_message_is_said_in_turn() -> None:
    """The rules apply one after another: a message with several flags has each said as its control."""
    assert for_the_page("--given a.b=1: unknown\n  hint: give it --target 3+ and --reading cover=strict") == (
        "a.b=1: unknown\n  hint: give it the field “what the roll must reach” 3+ and the reading choice")
