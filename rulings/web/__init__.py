"""`rulings serve`: the explorer page, FAQ and rule-graph pages, and a JSON API, over HTTP.

Needs the `web` extra (`pip install "rulings[web]"`): Starlette and uvicorn.
"""

from __future__ import annotations

from rulings.web.app import create_app
from rulings.web.serve import run_serve

__all__ = ("create_app", "run_serve")
