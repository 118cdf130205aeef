"""`rulings`' names (`ask`, `find`, `load_pack`, `why_not`, `api`) are imported when first asked for: a fresh
`rulings ask` answered from the answers kept loads none of them (rulings/__init__.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import rulings
import rulings.api


def test_each_name_is_the_api_s_own() -> None:
    assert rulings.api is sys.modules["rulings.api"]
    assert rulings.__getattr__("api") is rulings.api  # what a fresh process's first `rulings.api` gets
    for name in ("ask", "find", "load_pack", "why_not"):
        assert getattr(rulings, name) is getattr(rulings.api, name)


def test_another_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match=r"^no_such_name$"):
        rulings.no_such_name  # noqa: B018


def fresh(code: str) -> list[str]:
    """What `code` prints in a fresh process."""
    environment = dict(os.environ)
    if environment.get("MUTANT_UNDER_TEST") == "stats":  # mutation testing's first pass: a child cannot report to
        environment["MUTMUT_DEPENDENCY_DEPTH"] = "0"  # it, so it runs the code as written without reporting
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env=environment).stdout.split()


def test_importing_rulings_loads_no_engine_until_a_name_is_asked_for() -> None:
    code = ("import sys, rulings; print('rulings.api' in sys.modules, 'solver' in sys.modules); "
            "rulings.ask; print('rulings.api' in sys.modules)")
    assert fresh(code) == ["False", "False", "True"]


def test_the_api_module_asked_for_first_is_the_module() -> None:
    code = "import sys, rulings; api = rulings.api; print(api is sys.modules['rulings.api'], hasattr(api, 'faq'))"
    assert fresh(code) == ["True", "True"]
