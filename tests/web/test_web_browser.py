"""The explorer page driven in headless Chromium: `rulings serve` started on a free loopback port.

Needs the distribution's Chromium at /usr/bin/chromium (`.ci/run` installs it); no browser is
downloaded (the `browser` and `page` fixtures are in conftest.py). Screenshots go to pytest's temporary
folder, outside the repository.
"""

from __future__ import annotations

import pytest

COVER = "pack=fantasy&quantity=to_hit&given=shooter.bs=3"


def ruling_shows(page: object, text: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator("#ruling")).to_contain_text(text)  # type: ignore[attr-defined]


def test_toggling_cover_updates_the_ruling(page: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/?{COVER}")  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("4+")  # type: ignore[attr-defined]
    # cover is derived (from Line of Sight values), and may be given: a select, not a plain toggle
    page.locator('[data-fact="target.in_soft_cover"]').select_option("true")  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("5+")  # type: ignore[attr-defined]
    page.locator('[data-fact="target.in_hard_cover"]').select_option("true")  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("6+")  # type: ignore[attr-defined]
    ruling_shows(page, "soft_cover does not count, hard_cover counts instead")
    ruling_shows(page, "only hard cover counts")
    ruling_shows(page, "use only the -2 for hard cover")  # the seed quote
    assert "given=target.in_hard_cover%3Dtrue" in page.url or "given=target.in_hard_cover=true" in page.url  # type: ignore[attr-defined]
    expect(page.locator("#command")).to_have_text(  # type: ignore[attr-defined]
        "rulings ask fantasy to_hit --given shooter.bs=3 --given target.in_soft_cover=true "
        "--given target.in_hard_cover=true")
    page.screenshot(path=str(page.shots / "cover.png"), full_page=True)  # type: ignore[attr-defined]


def test_a_shared_url_opens_the_same_state(page: object, browser: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/?{COVER}")  # type: ignore[attr-defined]
    page.locator('[data-fact="shooter.moved"]').check()  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("5+")  # type: ignore[attr-defined]
    shared = page.url  # type: ignore[attr-defined]
    other = browser.new_context().new_page()  # type: ignore[attr-defined]
    other.goto(shared)
    expect(other.locator("#display")).to_have_text("5+")
    expect(other.locator('[data-fact="shooter.moved"]')).to_be_checked()
    expect(other.locator("#ruling")).to_contain_text("the shooter moved this turn")
    other.context.close()


def test_cases_table_when_a_fact_is_unknown(page: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/?{COVER}&given=target.lone_model=true")  # type: ignore[attr-defined]
    rows = page.locator("table.cases tr")  # type: ignore[attr-defined]
    expect(rows).to_have_count(3)
    expect(rows.nth(1)).to_contain_text("the target has Unit Strength 0 to 2")
    expect(rows.nth(1)).to_contain_text("5+")
    expect(rows.nth(1)).to_contain_text("-1 lone_model")
    expect(rows.nth(2)).to_contain_text("4+")


def test_a_why_not_change_link_applies_the_change(page: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/?{COVER}")  # type: ignore[attr-defined]
    row = page.locator('li[data-rule="moved"]')  # type: ignore[attr-defined]
    row.get_by_role("button", name="why not?").click()
    expect(row).to_contain_text("the shooter moved this turn: no")
    link = row.locator("a.change").first
    expect(link).to_have_text("shooter.moved = true")
    link.click()
    expect(page.locator("#display")).to_have_text("5+")  # type: ignore[attr-defined]
    expect(page.locator('[data-fact="shooter.moved"]')).to_be_checked()  # type: ignore[attr-defined]
    assert "shooter.moved" in page.url  # type: ignore[attr-defined]


def test_a_narrow_viewport_stacks_the_ruling_under_the_controls(browser: object, server: str,
                                                                  tmp_path_factory: pytest.TempPathFactory) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(f"{server}/?{COVER}")
    expect(page.locator("#display")).to_have_text("4+")
    controls, ruling = page.locator("#controls").bounding_box(), page.locator("#ruling").bounding_box()
    assert ruling["y"] >= controls["y"] + controls["height"] - 1
    assert ruling["width"] <= 390 and controls["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path_factory.mktemp("screenshots") / "phone.png"), full_page=True)
    context.close()


def test_wh40k_and_the_faq_and_graph_pages(page: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/")  # type: ignore[attr-defined]
    page.locator("#pack").select_option("wh40k")  # type: ignore[attr-defined]
    expect(page.locator("#quantity")).to_have_value("M")  # type: ignore[attr-defined]
    page.get_by_role("link", name="FAQ").click()  # type: ignore[attr-defined]
    expect(page.locator("h1")).to_contain_text("frequently asked questions")  # type: ignore[attr-defined]
    page.goto(f"{server}/graph/fantasy?focus=hard_cover")  # type: ignore[attr-defined]
    expect(page.locator("svg.rule-graph")).to_be_visible()  # type: ignore[attr-defined]
    node = page.locator("svg.rule-graph g.node", has_text="hard_cover")  # type: ignore[attr-defined]
    expect(node.first).to_be_visible()  # Graphviz's node, in the neighbourhood the focus draws
    expect(page.locator("svg.rule-graph g.node", has_text="moved")).to_have_count(0)  # type: ignore[attr-defined]


ATTACK_URL = "pack=skirmish&quantity=attack&given=attacker.to_hit=4&given=target.save=5&step=attacks%3D6"


def test_a_whole_attack_with_its_chart_in_the_url(page: object, browser: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/?pack=wh40k")  # type: ignore[attr-defined]
    expect(page.locator("#quantity")).to_have_value("M")  # type: ignore[attr-defined]
    page.locator("#quantity").select_option("attack")  # type: ignore[attr-defined]
    expect(page.locator("#inputs legend").first).to_have_text("whole attack: attack")  # type: ignore[attr-defined]
    for key, value in [("attacks", "6"), ("hit.target", "3"), ("wound.target", "4"), ("save.target", "4+")]:
        box = page.locator(f'[data-step="{key}"]')  # type: ignore[attr-defined]
        box.fill(value)
        box.press("Tab")
    # by hand: 6 dice x 2/3 (hit on 3+) x 1/2 (wound on 4+) x 1/2 (the save on 4+ fails) = 1 unsaved wound
    expect(page.locator("#display")).to_have_text("1")  # type: ignore[attr-defined]
    ruling_shows(page, "1 unsaved wounds on average")
    hit = page.locator('#ruling li[data-step="hit"]')  # type: ignore[attr-defined]
    for part in ("hit (hit_roll): 6 dice", "3+", "chance 2/3", "-> 4 hits"):  # dice in, chance per die, dice out
        expect(hit).to_contain_text(part)
    bars = page.locator('figure[data-chart="outcome"] svg rect.chance-bar')  # type: ignore[attr-defined]
    expect(bars).to_have_count(6)
    # each attack ends unsaved with chance 1/6: at least one of six is 1 - (5/6)^6 = 31031/46656
    expect(bars.first).to_have_attribute("data-chance", "31031/46656")
    expect(page.locator("svg.at-least-chart")).to_have_attribute(  # type: ignore[attr-defined]
        "aria-label", "unsaved wounds, at least N: 1: 66.5%, 2: 26.3%, 3: 6.2%, 4: 0.9%, 5: 0.1%, 6: 0.0021%")
    url = page.url  # type: ignore[attr-defined]
    assert "step=attacks%3D6&step=hit.target%3D3&step=wound.target%3D4&step=save.target%3D4%2B" in url
    expect(page.locator("#command")).to_have_text(  # type: ignore[attr-defined]
        "rulings ask wh40k attack --step attacks=6 --step hit.target=3 --step wound.target=4 --step save.target=4+")
    page.screenshot(path=str(page.shots / "attack.png"), full_page=True)  # type: ignore[attr-defined]

    page.locator('[data-step="hit.reroll"]').select_option("ones")  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("1.17")  # type: ignore[attr-defined]  # 6 x 7/9 x 1/4 = 7/6
    page.go_back()  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("1")  # type: ignore[attr-defined]
    expect(page.locator('[data-step="hit.reroll"]')).to_have_value("")  # type: ignore[attr-defined]
    page.go_forward()  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("1.17")  # type: ignore[attr-defined]

    other = browser.new_context().new_page()  # type: ignore[attr-defined]
    other.goto(url)
    expect(other.locator("#quantity")).to_have_value("attack")
    expect(other.locator('[data-step="attacks"]')).to_have_value("6")
    expect(other.locator('[data-step="save.target"]')).to_have_value("4+")
    expect(other.locator("#display")).to_have_text("1")
    expect(other.locator('figure[data-chart="outcome"] svg rect.chance-bar')).to_have_count(6)
    other.context.close()


def test_a_shared_whole_attack_opens_with_its_facts(page: object, server: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/?{ATTACK_URL}")  # type: ignore[attr-defined]
    # by hand: unsaved with chance 1/2 x 2/3 = 1/3 a die, 6 x 1/3 = 2
    expect(page.locator("#display")).to_have_text("2")  # type: ignore[attr-defined]
    expect(page.locator('[data-fact="attacker.to_hit"]')).to_have_value("4")  # type: ignore[attr-defined]
    expect(page.locator("#ruling table").last).to_contain_text("665/729")  # type: ignore[attr-defined]
    page.locator('[data-fact="target.in_cover"]').check()  # type: ignore[attr-defined]
    expect(page.locator("#display")).to_have_text("1.33")  # type: ignore[attr-defined]  # hit on 5+: 6 x 1/3 x 2/3
    assert "given=target.in_cover" in page.url  # type: ignore[attr-defined]


def test_a_pack_chosen_while_another_loads_wins(page: object, server: str) -> None:
    """The first pack's vocabulary answers late (held back here); the pack chosen meanwhile is the one shown."""
    from playwright.sync_api import expect

    held: list[object] = []

    def hold(route: object) -> None:  # Playwright needs a function of its own here, not a bound method
        held.append(route)

    page.route("**/api/packs/fantasy", hold)  # type: ignore[attr-defined]
    page.goto(f"{server}/", wait_until="domcontentloaded")  # type: ignore[attr-defined]
    expect(page.locator("#pack option[value=wh40k]")).to_have_count(1)  # type: ignore[attr-defined]
    page.locator("#pack").select_option("wh40k")  # type: ignore[attr-defined]
    expect(page.locator("#quantity")).to_have_value("M")  # type: ignore[attr-defined]
    assert len(held) == 1
    held[0].continue_()  # type: ignore[attr-defined]  # fantasy's answer arrives now, after wh40k's
    page.wait_for_load_state("networkidle")  # type: ignore[attr-defined]
    expect(page.locator("#quantity")).to_have_value("M")  # type: ignore[attr-defined]
    expect(page.locator("#pack")).to_have_value("wh40k")  # type: ignore[attr-defined]
