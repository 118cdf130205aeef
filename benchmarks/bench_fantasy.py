"""Benchmark: fantasy rulings against plain Python references, and a fresh `rulings ask`.

Kept for its old name: it runs the `warm` and `cold` sections of `run.py`,
which measures everything (`python3 benchmarks/run.py --help`).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import main

if __name__ == "__main__":
    main(["--only", "warm,cold", *sys.argv[1:]])
