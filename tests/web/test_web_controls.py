"""Every control of the explorer driven in headless Chromium, each checked by what it sends (the URL) and what
the ruling then says; the page's words, its phone and print layouts, keyboard use, and an axe-core check.

The fixtures (`server`, `browser`, `page`) are in conftest.py; axe-core is vendored in vendor/ (README there).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BS3 = "pack=fantasy&quantity=to_hit&given=shooter.bs=3"


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def given_of(page: Any) -> list[str]:
    """The situation keys of the page's URL, as `key=value` (decoded)."""
    from urllib.parse import parse_qsl, urlsplit

    return [f"{k}={v}" for k, v in parse_qsl(urlsplit(page.url).query, keep_blank_values=True)]


def test_the_steppers_send_numbers_by_click_and_by_keyboard(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=fantasy&quantity=to_hit")
    expect(page.locator("#display")).to_have_text("depends on shooter.bs")
    more, less = (page.get_by_role("button", name=f"{w} shooter.bs") for w in ("more", "less"))
    more.click()  # an empty box steps from the fact's typical value
    expect(page.locator("#display")).to_have_text("4+")
    assert "given=shooter.bs=3" in given_of(page)
    more.click()  # a better Ballistic Skill hits on a lower score
    expect(page.locator("#display")).to_have_text("3+")
    assert "given=shooter.bs=4" in given_of(page)
    less.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#display")).to_have_text("4+")
    page.keyboard.press("Space")
    expect(page.locator("#display")).to_have_text("5+")
    assert "given=shooter.bs=2" in given_of(page)
    box = page.locator('[data-fact="shooter.bs"]')
    box.fill("1")
    box.press("Tab")
    expect(page.locator("#display")).to_have_text("6+")
    less.click()  # the range's floor: stays at 1
    expect(box).to_have_value("1")
    assert "NaN" not in page.url and "given=shooter.bs=1" in given_of(page)
    expect(page.locator("#command")).to_have_text("rulings ask fantasy to_hit --given shooter.bs=1")


def test_a_rolls_stepper_and_target_say_passed_or_failed(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=hit_roll")
    page.locator("#target").fill("3+")
    page.locator("#target").press("Tab")
    more = page.get_by_role("button", name="more roll")
    more.click()  # an empty roll steps from the lowest a die shows
    expect(page.locator("#display")).to_have_text("1")
    expect(page.locator("#verdict")).to_have_text("FAILED")
    more.click()
    more.click()
    expect(page.locator("#display")).to_have_text("3")
    expect(page.locator("#verdict")).to_have_text("PASSED")
    expect(page.locator("#verdict")).to_have_class("passed")
    assert {"roll=3", "target=3+"} <= set(given_of(page))
    expect(page.locator("#command")).to_have_text("rulings ask wh40k hit_roll --roll 3 --target 3+")


def test_a_characteristic_takes_a_base_and_effects_chips(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=T")
    expect(page.locator("#roll")).to_have_count(0)  # a characteristic is not rolled
    expect(page.locator("#target")).to_have_count(0)
    page.locator("#base").fill("4")
    page.locator("#base").press("Tab")
    expect(page.locator("#display")).to_have_text("4")
    page.get_by_role("button", name="add effect -1").click()
    expect(page.locator("#display")).to_have_text("3")
    expect(page.locator('.chip[data-effect="-1"]')).to_have_count(1)
    assert {"base=4", "effects=-1"} <= set(given_of(page))
    # a penalty is said to count, never shown with a "+"
    line = page.locator("#ruling li.applied")
    expect(line).to_contain_text("an effect gives -1")
    expect(line.locator(".mark")).to_have_text("✓")
    page.locator("#effect-new").fill("x2")
    page.locator("#effect-new").press("Enter")
    expect(page.locator("#display")).to_have_text("7")  # in the game's order: multiply first, 4 x 2 - 1
    expect(page.locator("#effect-new")).to_be_focused()
    page.get_by_role("button", name="remove effect -1").click()
    expect(page.locator("#display")).to_have_text("8")
    assert "effects=-1" not in given_of(page) and "effects=x2" in given_of(page)
    expect(page.locator("#command")).to_have_text(
        """echo '{"effects":["x2"]}' | rulings ask wh40k T --base 4 --situation -""")


def test_only_the_controls_a_quantity_takes_are_offered(page: Any, server: str) -> None:
    page.goto(f"{server}/?{BS3}&base=5&roll=3&effects=%2B1")  # keys fantasy's to_hit does not take
    expect(page.locator("#display")).to_have_text("4+")
    for control in ("#base", "#roll", "#target", "#effect-new", "[data-reroll]"):
        expect(page.locator(control)).to_have_count(0)
    assert set(given_of(page)) == {"pack=fantasy", "quantity=to_hit", "given=shooter.bs=3"}
    page.goto(f"{server}/?pack=wh40k&quantity=hit_roll")
    expect(page.locator("#roll")).to_have_count(1)
    expect(page.locator("#base")).to_have_count(0)  # the pack gives a roll no base


def test_a_reroll_is_chosen_and_kept_in_the_url(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=hit_roll&target=4%2B")
    expect(page.locator("#ruling .fraction")).to_contain_text("chance 1/2")
    page.locator('[data-reroll="failed"]').check()
    expect(page.locator("#ruling .fraction")).to_contain_text("chance 3/4")  # 1/2 + 1/2 x 1/2
    assert "reroll=failed" in given_of(page)
    page.reload()
    expect(page.locator('[data-reroll="failed"]')).to_be_checked()
    expect(page.locator("#ruling .fraction")).to_contain_text("chance 3/4")


def test_a_reading_is_chosen_from_the_select_and_the_table(page: Any, server: str) -> None:
    shaken = ("pack=skirmish&quantity=cc_dice&given=attacker.bases=2&given=attacker.dice_per_base=3"
              "&given=attacker.shaken=true&given=attacker.flanked=true")
    page.goto(f"{server}/?{shaken}")
    expect(page.locator("#display")).to_have_text("2 dice")  # cumulative: -1 per base for each, 6 - 2 - 2
    page.locator('select[data-reading="cc_penalties"]').select_option("once")
    expect(page.locator("#display")).to_have_text("4 dice")  # once: -1 per base, 6 - 2
    assert "reading=cc_penalties=once" in given_of(page)
    expect(page.locator("#command")).to_contain_text("--reading cc_penalties=once")
    page.locator('button.use-reading[data-reading="cc_penalties=cumulative"]').click()
    expect(page.locator("#display")).to_have_text("2 dice")
    assert not any(k.startswith("reading=") for k in given_of(page))  # the default reading is not sent
    expect(page.locator('select[data-reading="cc_penalties"]')).to_have_value("cumulative")


def test_ignoring_a_modifier_is_the_solvers_choice_or_yours(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=T&base=4&effects=-1&given=unit.ignores_modifiers%3Dtrue")
    expect(page.locator("#display")).to_have_text("4")  # the best choice: ignore the -1
    box = page.locator('fieldset.ignore [data-ignore="-1"]')
    expect(box).to_be_checked()
    box.uncheck()
    expect(page.locator("#display")).to_have_text("3")
    assert "ignore=" in given_of(page)
    expect(page.locator("#command")).to_contain_text('"ignore":[]')
    page.get_by_role("button", name="let the solver choose").click()
    expect(page.locator("#display")).to_have_text("4")
    assert not any(k.startswith("ignore=") for k in given_of(page))


def test_the_ruling_has_no_null_and_no_command_line_hint(page: Any, server: str) -> None:
    for query, display in [("pack=wh40k&quantity=T&base=4", "4"), (BS3, "4+"),
                           ("pack=skirmish&quantity=to_hit", "depends on attacker.to_hit")]:
        page.goto(f"{server}/?{query}")
        expect(page.locator("#display")).to_have_text(display)
        text = page.locator("#ruling").inner_text()
        assert "null" not in text and "undefined" not in text and "NaN" not in text, query
        assert "--" not in text, query
        assert "null" not in page.locator("#quantity").evaluate("box => box.textContent"), query
        assert "null" not in page.locator("#answer").evaluate("bar => bar.textContent"), query
    expect(page.locator("#ruling")).to_contain_text("give those facts above for one ruling")


def test_why_not_words_the_condition_and_a_change_link_keeps_focus(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=hit_roll")
    row = page.locator('li[data-rule="heavy"]')
    row.get_by_role("button", name="why not?").click()
    expect(row.locator("ul.because li").first).to_contain_text("heavy does not apply: its condition is not met")
    expect(row).to_contain_text("the weapon has the Heavy ability: no")
    expect(row).not_to_contain_text("weapon.heavy and")
    expect(row).not_to_contain_text("null")
    link = row.locator("a.change").first
    link.focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-fact="weapon.heavy"]')).to_be_checked()
    expect(page.locator("#ruling")).to_be_focused()  # focus goes to the new ruling, not to the page's top


def test_unknown_fits_in_a_number_box(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=fantasy&quantity=to_hit")
    expect(page.locator("#display")).to_have_text("depends on shooter.bs")
    cut = page.evaluate("""() => [...document.querySelectorAll('.stepper input')].filter((box) => {
        const style = getComputedStyle(box);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return ctx.measureText(box.placeholder).width > room;
    }).map((box) => box.placeholder)""")
    assert cut == []


def test_the_facts_that_bear_on_the_quantity_come_first(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=Sv")
    first = page.locator("#facts > fieldset")
    expect(first).to_have_count(1)
    expect(first).to_contain_text("ignore modifiers")
    expect(page.locator("#facts details.other-facts")).not_to_have_attribute("open", "")
    expect(page.locator("#base")).to_be_visible()
    page.goto(f"{server}/?pack=skirmish&quantity=cc_dice")
    expect(page.locator("#ruling .many-cases")).to_contain_text("200 cases")
    expect(page.locator("#ruling table.cases")).to_have_count(0)  # the table on request only


def test_on_a_phone_the_answer_stays_in_view(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/?pack=wh40k&quantity=hit_roll&roll=3&target=3%2B")
    expect(page.locator("#display")).to_have_text("3")
    bar = page.locator("#answer")
    expect(bar).to_have_text("hit_roll: 3 PASSED")
    page.locator("#command").scroll_into_view_if_needed()
    page.wait_for_timeout(100)
    box = bar.bounding_box()
    assert box is not None and box["y"] == 0 and box["height"] < 80
    assert page.evaluate("document.scrollingElement.scrollTop") > 800
    page.goto(f"{server}/?{BS3}")  # no roll, no verdict: the bar says the ruling alone, never "null"
    expect(page.locator("#display")).to_have_text("4+")
    expect(bar).to_have_text("to_hit: 4+")
    context.close()


def test_print_shows_the_ruling_not_the_controls(page: Any, server: str) -> None:
    page.goto(f"{server}/?{BS3}")
    expect(page.locator("#display")).to_have_text("4+")
    page.emulate_media(media="print")
    expect(page.locator("#controls")).to_be_hidden()
    expect(page.locator("#ruling .headline")).to_be_visible()
    ruling = page.locator("#ruling").bounding_box()
    assert ruling is not None and ruling["y"] < 50
    assert page.locator("#ruling button:visible").count() == 0


def test_the_skip_link_is_the_first_stop_and_leads_to_the_ruling(page: Any, server: str) -> None:
    page.goto(f"{server}/?{BS3}")
    expect(page.locator("#display")).to_have_text("4+")
    expect(page.locator("h1")).to_have_count(1)
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the ruling")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("#ruling")).to_be_focused()  # the next Tab goes on from the ruling


@pytest.mark.parametrize("path", [f"/?{BS3}", "/?pack=wh40k&quantity=hit_roll&roll=3&target=3%2B",
                                  "/?pack=skirmish&quantity=attack&step=attacks%3D6&given=attacker.to_hit=4&given=target.save=5",
                                  "/faq/fantasy", "/graph/fantasy", "/faq/nope"])
def test_axe_finds_nothing_serious(browser: Any, server: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server}{path}")
    if path.startswith("/?"):
        expect(page.locator("#display")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => JSON.stringify((await axe.run(document)).violations)")
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in json.loads(result)
               if v["impact"] in ("serious", "critical")]
    context.close()
    assert serious == []


DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_docs_screenshots(browser: Any, server: str, tmp_path: Path) -> None:
    """The screenshots docs/web.md shows, desktop and phone, are current: taken of the explorer as it is now.

    Each run takes them again (into a temporary folder) and compares what decides their look with the record kept
    beside them: the explorer's page, script and style, and the ruling each shows. With RULINGS_DOC_SCREENSHOTS=1
    the run writes them, and the record, into docs/."""
    import hashlib
    import os

    write = os.environ.get("RULINGS_DOC_SCREENSHOTS") == "1"
    folder = DOCS if write else tmp_path
    record = DOCS / "web-screenshots.json"
    static = Path(__file__).resolve().parents[2] / "rulings" / "web" / "static"
    taken: dict[str, Any] = {"explorer": {f.name: hashlib.sha256(f.read_bytes()).hexdigest()
                                          for f in [*sorted(static.glob("explorer.*")), static / "style.css"]}}
    url = f"{server}/?{BS3}&given=shooter.moved=true&given=target.in_soft_cover=true"
    for name, viewport, mobile in [("web-explorer.png", {"width": 1200, "height": 820}, False),
                                   ("web-phone.png", {"width": 390, "height": 844}, True)]:
        context = browser.new_context(viewport=viewport, is_mobile=mobile, device_scale_factor=1)
        page = context.new_page()
        page.goto(url)
        expect(page.locator("#display")).to_have_text("6+")
        if mobile:  # the answer bar over the controls, as a player scrolling them sees it
            page.locator('[data-fact="target.in_soft_cover"]').scroll_into_view_if_needed()
            expect(page.locator("#answer")).to_contain_text("to_hit: 6+")
        page.screenshot(path=str(folder / name))
        taken[name] = page.locator("#ruling").inner_text()
        context.close()
        assert (folder / name).stat().st_size > 10_000
    if write:
        record.write_text(json.dumps(taken, indent=1, sort_keys=True) + "\n")
    assert json.loads(record.read_text()) == taken, (
        "docs/web.md's screenshots show an older explorer: take them again with "
        "RULINGS_DOC_SCREENSHOTS=1 python3 -m pytest tests/web/test_web_controls.py -k screenshots")
