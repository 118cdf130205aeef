"""A shared explorer link names its ruling before it is opened: the page title and the link preview."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from rulings.web.app import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://localhost")


def preview(client: TestClient, query: str) -> tuple[str, str]:
    page = client.get(f"/?{query}").text
    title = re.search(r"<title>(.*?)</title>", page)
    og = re.search(r'<meta property="og:title" content="(.*?)">', page)
    assert title and og
    return title.group(1), og.group(1)


def test_a_link_to_a_ruling_names_it(client: TestClient) -> None:
    """BS 3 moved: "A model that moved ... suffering a -1 shooting modifier", so 4+ becomes 5+."""
    title, og = preview(client, "pack=fantasy&quantity=to_hit&given=shooter.bs=3&given=shooter.moved=true")
    assert og == "The score needed to hit on a D6: 5+ (chance 1/3)"
    assert title == f"{og} — Rulings"


@pytest.mark.parametrize("query", ["", "pack=fantasy", "pack=fantasy&quantity=to_hit&given=shooter.bs=%3Cb%3E"])
def test_a_link_that_asks_nothing_or_nonsense_keeps_the_plain_title(client: TestClient, query: str) -> None:
    assert preview(client, query) == ("Rulings explorer", "Rulings explorer")
