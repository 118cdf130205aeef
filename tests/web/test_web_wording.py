"""An error on the explorer names the page's controls, never a command-line flag the player cannot type there."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from rulings.web.app import create_app

FLAG = re.compile(r"(?<![\w-])--[a-z]")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://localhost")


@pytest.mark.parametrize(("query", "control"), [
    ("pack=wh40k&quantity=attack", "fill in the attacks field"),
    ("pack=wh40k&quantity=attack&step=attacks%3D3", "what hit's roll must reach"),
    ("pack=wh40k&quantity=charge_roll&reroll=failed", "fill in what the roll must reach"),
    ("pack=fantasy&quantity=to_hit&reading=x%3Dy", "x=y: the pack fantasy declares no readings"),
])
def test_an_error_on_the_page_names_the_control_to_use(client: TestClient, query: str, control: str) -> None:
    doc = client.get(f"/api/ask?{query}").json()
    assert control in doc["page"] and not FLAG.search(doc["page"]), doc
    assert doc["error"] != doc["page"]  # the API's own message keeps the command line's words

