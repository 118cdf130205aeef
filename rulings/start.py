"""The `rulings` command's first step: a plain ask asked before is answered from the answers kept
(`rulings.answers`) with nothing of the engine imported; anything else goes to `rulings.cli`."""

from __future__ import annotations

import sys


def main() -> int:
    """Run the command line; returns the exit code."""
    words = sys.argv[1:]
    if words[:1] == ["ask"]:
        from rulings.answers import recall

        output = recall(words)
        if output is not None:
            try:
                sys.stdout.write(output)
                sys.stdout.flush()
            except BrokenPipeError:
                pass
            return 0
    from rulings.cli import main as run

    return run(words)
