"""A value on the command line reads as the same value in a YAML file would, with or without the shortcut."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.document import _plain_scalar, read_scalar, read_yaml
from kb.errors import PackError


def _outcome(read: Callable[[str], object], text: str) -> object:
    try:
        return read(text)
    except PackError:
        return PackError


@given(st.one_of(st.from_regex(r"[+-]?[0-9_]{1,20}", fullmatch=True),
                 st.sampled_from(["true", "True", "TRUE", "false", "False", "FALSE", "yes", "No", "on", "OFF",
                                  "0", "00", "007", "0x1F", "0o17", "1:20", "1_000", "٣", "3+", "-", "1e3"])))
@settings(max_examples=300)
def test_the_shortcut_reads_what_yaml_reads(text: str) -> None:
    """Digits and true/false skip the YAML parser; every value is still the one the parser gives, and for
    numbers and booleans the one a file gives."""
    value = _outcome(lambda t: read_scalar(t, "--given v"), text)
    parsed = _outcome(lambda t: _plain_scalar(t, "--given v"), text)
    assert (value, type(value)) == (parsed, type(parsed))
    if isinstance(value, int):
        in_a_file = _outcome(lambda t: read_yaml(f"v: {t}\n", "x.yaml").data["v"], text)
        assert (value, type(value)) == (in_a_file, type(in_a_file))
