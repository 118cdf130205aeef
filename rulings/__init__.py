"""The application layer: the `rulings` command line, and the same answers from Python (`rulings.api`).

`ask`, `find`, `load_pack` and `why_not` are re-exported here; `check` and
`faq` are reached as `rulings.api.check` and `rulings.api.faq`, because
`rulings.check` and `rulings.faq` are the modules of those commands.
"""

from rulings import api
from rulings.api import ask, find, load_pack, why_not

__all__ = ["api", "ask", "find", "load_pack", "why_not"]
