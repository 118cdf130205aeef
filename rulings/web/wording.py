"""A message as the explorer says it: the command line's flags and situation-file keys become the page's controls.

The engine's errors speak to whoever asked, and most ask from the command line
("give it: --given target.in_cover=..."). A player on the page has no flags:
each is named as the control that does the same ("set target.in_cover above").
"""

from __future__ import annotations

import re

CONTROLS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), words) for p, words in (
    (r"(?m)^--(given|step|reading) (\S+?):", r"\2:"),  # what a message is about: the value, not the flag
    (r"(?m)^--(base|roll|target|where)\b", r"\1"),
    (r"give (it|them|some of them, starting with)[:,]? --given ([\w.]+)=\S+",
     r"give \1: set the fact \2 above"),
    (r"--given (FACT=VALUE|[\w.]+=\S+)", "the facts above"),
    (r"give it: sequence: \{.*?\}\}?, or --step ([\w]+)\.target=\S+", r"give it: fill in what \1's roll must reach"),
    (r"(sequence: \{[^}]*\}(\}| \(or [^)]*\))?, or )?--step (\w+)\.target=\S+", r"what \3's roll must reach"),
    (r"(sequence: \{[^}]*\}(\}| \(or [^)]*\))?, or )?--step (\w+)=\S+", r"fill in the \3 field"),
    (r"--step \S+", "the whole attack's fields"),
    (r"--reading \S+", "the reading choice"),
    (r"--base\b", "the base field"),
    (r"--roll\b", "the unmodified roll field"),
    (r"--target\b", "the field “what the roll must reach”"),
    (r"give target: in the situation, e\.g\. target: \"3\+\"", "fill in what the roll must reach, e.g. 3+"),
    (r"--with \S+", "an overlay uploaded beside the pack"),
    (r" \(--full lists them\)", ""),
))
"""(a command-line way to say it, the page's way), tried in order."""


def for_the_page(message: str) -> str:
    """`message` with every command-line flag said as the explorer's control for it.

    Examples:
        >>> for_the_page("--reading x=y: the pack fantasy declares no readings")
        'x=y: the pack fantasy declares no readings'
        >>> for_the_page("unknown: target.in_cover\\n  hint: give it: --given target.in_cover=...")
        'unknown: target.in_cover\\n  hint: give it: set the fact target.in_cover above'
        >>> for_the_page('hint: give it: sequence: {hit: {target: "3+"}}, or --step hit.target=3')
        "hint: give it: fill in what hit's roll must reach"
        >>> for_the_page("hint: give it: sequence: {attacks: 10} (or dice: D6), or --step attacks=10")
        'hint: give it: fill in the attacks field'
        >>> for_the_page('hint: give target: in the situation, e.g. target: "3+"')
        'hint: fill in what the roll must reach, e.g. 3+'
    """
    for pattern, words in CONTROLS:
        message = pattern.sub(words, message)
    return message
