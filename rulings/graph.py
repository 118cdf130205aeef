"""`rulings graph PACK [QUANTITY] [--focus NAME] [--format mermaid|dot|svg]`: a picture of how the rules connect.

Mermaid and DOT are written by `explain.diagram`; SVG is DOT drawn by
Graphviz's `dot` program, which must be on PATH (it is not a Python
dependency: most users never need it).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess

from kb.errors import RulingsError

DOT_SECONDS = 60
"""How long Graphviz may take to draw a pack's graph (the largest built-in pack takes well under a second)."""


def run_graph(args: argparse.Namespace) -> int:
    """The `graph` command."""
    from explain.diagram import diagram, to_dot, to_mermaid
    from rulings.options import load_named, parse_readings

    pack = load_named(args)
    d = diagram(pack, args.quantity, args.focus, parse_readings(args.readings, pack))
    if args.format == "mermaid":
        print(to_mermaid(d))
    elif args.format == "dot":
        print(to_dot(d))
    else:
        print(svg(to_dot(d) + "\n"), end="")
    return 0


def svg(dot_text: str) -> str:
    """DOT drawn as SVG by Graphviz's `dot` program.

    Raises:
        RulingsError: `dot` is not on PATH, fails, or takes too long.
    """
    program = shutil.which("dot")
    if program is None:
        raise RulingsError("--format svg needs Graphviz's dot program, which is not on PATH",
                           hint="install Graphviz (e.g. apt install graphviz, brew install graphviz), or use "
                                "--format dot or --format mermaid")
    try:
        done = subprocess.run([program, "-Tsvg"], input=dot_text, capture_output=True, text=True,
                              timeout=DOT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise RulingsError(f"Graphviz's dot took more than {DOT_SECONDS} seconds",
                           hint="draw less: give a QUANTITY or --focus NAME") from None
    except OSError as e:
        raise RulingsError(f"cannot run Graphviz's dot: {e.strerror}", hint="use --format dot or --format mermaid") \
            from None
    if done.returncode != 0 or "<svg" not in done.stdout:
        reason = (done.stderr.strip().splitlines() or ["no SVG"])[0][:200]
        raise RulingsError(f"Graphviz's dot failed: {reason}", hint="use --format dot or --format mermaid")
    return done.stdout
