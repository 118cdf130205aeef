"""The explorer's script (rulings/web/static/explorer.js) held to what it does, control by control: what each
control sends to the API (the `/api/brief` request it makes, caught on its way out), what it writes into the URL,
and what the page then shows. The expected rulings are worked out by hand from the packs' rule texts (fantasy's
score needed to hit is 7 minus Ballistic Skill, each -1 shooting modifier raises it by one; a D6 shows each face
with chance 1/6), never copied from the page.

The fixtures (`server`, `browser`, `page`) are in conftest.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from math import comb
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

FANTASY = "pack=fantasy&quantity=to_hit"
BS3 = f"{FANTASY}&given=shooter.bs=3"
HIT_ROLL = "pack=wh40k&quantity=hit_roll"
ATTACK = "pack=skirmish&quantity=attack&given=attacker.to_hit=4&given=target.save=5&step=attacks%3D6"

# Counts the answers of /api/brief the page has read (after its JSON is parsed). The explorer goes on from the
# parsed answer without waiting for anything else, so once the count moves the page has done with that answer.
COUNT_ANSWERS = """
(() => {
  const real = window.fetch.bind(window);
  window.briefAnswers = 0;
  window.fetch = async (url, ...rest) => {
    const response = await real(url, ...rest);
    if (String(url).startsWith("/api/brief")) {
      const json = response.json.bind(response);
      response.json = () => json().then((doc) => { window.briefAnswers += 1; return doc; },
                                        (e) => { window.briefAnswers += 1; throw e; });
    }
    return response;
  };
})();
"""


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def pairs_of(url: str) -> list[str]:
    """A URL's query as `key=value` strings, in order, decoded."""
    return [f"{k}={v}" for k, v in parse_qsl(urlsplit(url).query, keep_blank_values=True)]


def sent(page: Any, action: Callable[[], object], path: str = "/api/brief") -> list[str]:
    """The query of the request to `path` that `action` makes, as `key=value` strings in order."""
    with page.expect_request(lambda r: urlsplit(r.url).path == path) as request:
        action()
    return pairs_of(request.value.url)


def typed(page: Any, selector: str, text: str) -> Callable[[], None]:
    """Typing `text` into a box and leaving it (its change event)."""

    def action() -> None:
        box = page.locator(selector)
        box.fill(text)
        box.press("Tab")

    return action


def shows(page: Any, display: str) -> None:
    expect(page.locator("#display")).to_have_text(display)


def opened(page: Any, server: str, query: str, display: str) -> None:
    page.goto(f"{server}/?{query}")
    shows(page, display)


def url_is(page: Any, expected: list[str]) -> None:
    """The URL the page wrote holds exactly `expected`, in order: no empty key, no key the situation lacks."""
    assert pairs_of(page.url) == expected


def fact(page: Any, name: str) -> Any:
    return page.locator(f'[data-fact="{name}"]')


# --- fact controls: toggles, selects, steppers, keyword boxes ---------------------------------------------------


def test_a_toggle_checked_sends_true_and_unchecked_back_to_its_default_sends_nothing(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")
    moved = fact(page, "shooter.moved")
    asked = sent(page, moved.check)
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3", "given=shooter.moved=true"]
    shows(page, "5+")  # 7 - 3 = 4, and the -1 for moving raises it to 5
    url_is(page, asked)
    asked = sent(page, moved.uncheck)  # back to the fact's default (no): the fact leaves the situation
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3"]
    shows(page, "4+")
    url_is(page, asked)
    expect(page.locator("#command")).to_have_text("rulings ask fantasy to_hit --given shooter.bs=3")


def test_a_toggle_whose_default_is_yes_sends_false_and_rechecked_sends_nothing(page: Any, server: str) -> None:
    """wh40k's `target.visible` defaults to yes: unchecking it says no; checking it again is the default."""
    base = [f"given={g}" for g in ("attack.ranged=true", "weapon.indirect_fire=true")]
    query = f"{HIT_ROLL}&roll=4&{'&'.join(base)}"
    opened(page, server, query, "4")  # a 4 rolled, no modifier: the target is visible
    visible = fact(page, "target.visible")
    expect(visible).to_be_checked()
    asked = sent(page, visible.uncheck)
    assert asked == ["pack=wh40k", "quantity=hit_roll", *base, "given=target.visible=false", "roll=4"]
    shows(page, "3")  # Indirect Fire at an unseen target: -1 to hit
    url_is(page, asked)
    asked = sent(page, visible.check)
    assert asked == ["pack=wh40k", "quantity=hit_roll", *base, "roll=4"]
    shows(page, "4")
    url_is(page, asked)


def test_a_derived_fact_is_given_by_its_select_and_taken_back_by_as_derived(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")
    cover = fact(page, "target.in_soft_cover")
    expect(cover.locator("option").first).to_have_text("— as derived —")
    asked = sent(page, lambda: cover.select_option("true"))
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3", "given=target.in_soft_cover=true"]
    shows(page, "5+")  # soft cover: -1
    asked = sent(page, lambda: cover.select_option("false"))
    assert asked[-1] == "given=target.in_soft_cover=false"
    shows(page, "4+")
    asked = sent(page, lambda: cover.select_option(""))
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3"]
    url_is(page, asked)


def test_a_choice_fact_is_a_select_and_its_default_option_sends_nothing(page: Any, server: str) -> None:
    """wh40k's FAQ: W 2 models, 1 wound lost, 2 models and a W 4 leader destroyed, 12 wounds healed."""
    given = [
        f"given={g}"
        for g in ("heal.wounds=12", "unit.model_w=2", "unit.lost_wounds=1", "unit.destroyed_models=2", "leader.w=4")
    ]
    query = f"pack=wh40k&quantity=wounds_regained&{'&'.join(given)}"
    opened(page, server, query, "5")  # no leader: 1 + 2 x 2 = 5
    leader = fact(page, "unit.leader")
    expect(leader.locator("option").first).to_have_text("— default: none —")
    asked = sent(page, lambda: leader.select_option("destroyed"))
    assert asked == ["pack=wh40k", "quantity=wounds_regained", *given, "given=unit.leader=destroyed"]
    shows(page, "9")  # the leader's 4 wounds too: 1 + 2 x 2 + 4
    asked = sent(page, lambda: leader.select_option(""))
    assert asked == ["pack=wh40k", "quantity=wounds_regained", *given]
    shows(page, "5")
    url_is(page, asked)


def test_a_number_stepper_stays_within_the_facts_range(page: Any, server: str) -> None:
    """shooter.bs is 1 to 10, target.unit_strength 0 to 99: a step past either end stays at the end."""
    opened(page, server, BS3, "4+")
    bs = fact(page, "shooter.bs")
    sent(page, typed(page, '[data-fact="shooter.bs"]', "10"))
    shows(page, "2+")  # 7 - 10 is below 2: a natural 1 always misses
    asked = sent(page, page.get_by_role("button", name="more shooter.bs").click)
    assert "given=shooter.bs=10" in asked
    expect(bs).to_have_value("10")
    sent(page, typed(page, '[data-fact="shooter.bs"]', "2"))
    shows(page, "5+")
    asked = sent(page, page.get_by_role("button", name="less shooter.bs").click)
    assert "given=shooter.bs=1" in asked
    shows(page, "6+")
    asked = sent(page, page.get_by_role("button", name="less shooter.bs").click)
    assert "given=shooter.bs=1" in asked
    expect(bs).to_have_value("1")
    # a range that starts at 0: the floor holds there too
    strength = fact(page, "target.unit_strength")
    sent(page, typed(page, '[data-fact="target.unit_strength"]', "0"))
    asked = sent(page, page.get_by_role("button", name="less target.unit_strength").click)
    assert "given=target.unit_strength=0" in asked
    expect(strength).to_have_value("0")
    sent(page, typed(page, '[data-fact="target.unit_strength"]', "99"))
    asked = sent(page, page.get_by_role("button", name="more target.unit_strength").click)
    assert "given=target.unit_strength=99" in asked
    expect(strength).to_have_value("99")
    assert not any("NaN" in p or "=-" in p for p in pairs_of(page.url))


def test_an_emptied_number_box_is_unknown_again(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")
    asked = sent(page, typed(page, '[data-fact="shooter.bs"]', "4"))
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=4"]
    shows(page, "3+")
    asked = sent(page, typed(page, '[data-fact="shooter.bs"]', ""))
    assert asked == ["pack=fantasy", "quantity=to_hit"]
    shows(page, "depends on shooter.bs")
    url_is(page, asked)


def test_the_roll_stepper_stays_on_the_dice(page: Any, server: str) -> None:
    """A charge roll is 2D6: 2 to 12, and an empty box starts at 2."""
    opened(page, server, "pack=wh40k&quantity=charge_roll", "2D6")
    roll = page.locator("#roll")
    less, more = (page.get_by_role("button", name=f"{w} roll") for w in ("less", "more"))
    asked = sent(page, more.click)  # an empty box starts at the least two dice show
    assert asked == ["pack=wh40k", "quantity=charge_roll", "roll=2"]
    expect(roll).to_have_value("2")
    asked = sent(page, less.click)
    assert asked == ["pack=wh40k", "quantity=charge_roll", "roll=2"]
    expect(roll).to_have_value("2")
    sent(page, typed(page, "#roll", "11"))
    asked = sent(page, more.click)
    assert asked == ["pack=wh40k", "quantity=charge_roll", "roll=12"]
    shows(page, "12")
    asked = sent(page, more.click)
    assert asked == ["pack=wh40k", "quantity=charge_roll", "roll=12"]
    expect(roll).to_have_value("12")
    shows(page, "12")


def test_a_keywords_box_sends_the_list_and_its_command_line_is_quoted(page: Any, server: str) -> None:
    """Big Guns Never Tire: -1 to hit for a VEHICLE's ranged attack within Engagement Range."""
    given = ["given=attack.ranged=true", "given=attacker.in_engagement_range=true"]
    opened(page, server, f"{HIT_ROLL}&roll=4&{'&'.join(given)}", "4")
    asked = sent(page, typed(page, '[data-fact="attacker.keywords"]', "  [Vehicle, Imperium] "))
    assert asked == ["pack=wh40k", "quantity=hit_roll", *given, "given=attacker.keywords=[Vehicle, Imperium]", "roll=4"]
    shows(page, "3")
    expect(page.locator("#command")).to_have_text(
        "rulings ask wh40k hit_roll --given attack.ranged=true --given attacker.in_engagement_range=true "
        "--given 'attacker.keywords=[Vehicle, Imperium]' --roll 4"
    )
    asked = sent(page, typed(page, '[data-fact="attacker.keywords"]', ""))
    assert asked == ["pack=wh40k", "quantity=hit_roll", *given, "roll=4"]
    shows(page, "4")


def test_the_other_facts_open_when_one_of_them_is_given(page: Any, server: str) -> None:
    opened(page, server, "pack=wh40k&quantity=T&base=4", "4")
    other = page.locator("#facts details.other-facts")
    expect(other).not_to_have_attribute("open", "")
    opened(page, server, "pack=wh40k&quantity=T&base=4&given=heal.wounds=3", "4")
    expect(other).to_have_attribute("open", "")
    expect(other.locator('[data-fact="heal.wounds"]')).to_have_value("3")


# --- what a quantity takes beyond facts -------------------------------------------------------------------------


def test_each_quick_effect_chip_and_the_add_button(page: Any, server: str) -> None:
    opened(page, server, "pack=wh40k&quantity=T&base=4", "4")
    for chip, value in [("+1", "5"), ("-1", "3"), ("x2", "8"), ("/2", "2")]:
        asked = sent(page, page.get_by_role("button", name=f"add effect {chip}").click)
        assert asked == ["pack=wh40k", "quantity=T", "base=4", f"effects={chip}"], chip
        shows(page, value)  # T 4 with that one effect
        expect(page.locator(".chip")).to_have_count(1)
        sent(page, page.get_by_role("button", name=f"remove effect {chip}").click)
        shows(page, "4")
        expect(page.locator(".chip")).to_have_count(0)
    page.locator("#effect-new").fill("  ")
    page.get_by_role("button", name="add", exact=True).click()  # nothing to add: no chip
    expect(page.locator(".chip")).to_have_count(0)
    page.locator("#effect-new").fill(" =6 ")
    asked = sent(page, page.get_by_role("button", name="add", exact=True).click)
    assert asked == ["pack=wh40k", "quantity=T", "base=4", "effects==6"]
    shows(page, "6")
    expect(page.locator('.chip[data-effect="=6"]')).to_have_count(1)
    expect(page.locator("#effect-new")).to_be_focused()


def test_removing_one_chip_keeps_the_others(page: Any, server: str) -> None:
    opened(page, server, "pack=wh40k&quantity=T&base=4&effects=%2B1&effects=-1&effects=x2", "8")  # 4 x 2 + 1 - 1
    asked = sent(page, page.get_by_role("button", name="remove effect -1").click)
    assert asked == ["pack=wh40k", "quantity=T", "base=4", "effects=+1", "effects=x2"]
    shows(page, "9")  # 4 x 2 + 1
    expect(page.locator(".chip")).to_have_count(2)


def test_an_emptied_base_is_not_sent(page: Any, server: str) -> None:
    opened(page, server, "pack=wh40k&quantity=T&base=4", "4")
    asked = sent(page, typed(page, "#base", " 5 "))
    assert asked == ["pack=wh40k", "quantity=T", "base=5"]
    shows(page, "5")
    asked = sent(page, typed(page, "#base", ""))
    assert asked == ["pack=wh40k", "quantity=T"]
    url_is(page, asked)


def test_each_reroll_box_adds_and_removes_its_reroll(page: Any, server: str) -> None:
    opened(page, server, f"{HIT_ROLL}&target=4%2B", "D6")
    fraction = page.locator("#ruling .fraction")
    expect(fraction).to_contain_text("chance 1/2")
    asked = sent(page, page.locator('[data-reroll="ones"]').check)
    assert asked == ["pack=wh40k", "quantity=hit_roll", "target=4+", "reroll=ones"]
    expect(fraction).to_contain_text("chance 7/12")  # 1/2, and a 1 (1/6) re-rolled passes half the time
    asked = sent(page, page.locator('[data-reroll="all"]').check)
    assert asked == ["pack=wh40k", "quantity=hit_roll", "target=4+", "reroll=ones", "reroll=all"]
    asked = sent(page, page.locator('[data-reroll="ones"]').uncheck)
    assert asked == ["pack=wh40k", "quantity=hit_roll", "target=4+", "reroll=all"]
    expect(fraction).to_contain_text("chance 3/4")  # any failure re-rolled: 1/2 + 1/2 x 1/2
    asked = sent(page, page.locator('[data-reroll="all"]').uncheck)
    assert asked == ["pack=wh40k", "quantity=hit_roll", "target=4+"]
    expect(fraction).to_contain_text("chance 1/2")
    url_is(page, asked)


def test_unmodified_results_are_sent_one_by_one(page: Any, server: str) -> None:
    opened(page, server, f"{HIT_ROLL}&target=4%2B", "D6")
    asked = sent(page, typed(page, "#unmodified", " 6, 5 ,"))
    assert asked == ["pack=wh40k", "quantity=hit_roll", "target=4+", "unmodified=6", "unmodified=5"]
    expect(page.locator("#ruling")).to_contain_text("an unmodified 5 or 6: chance 1/3")  # two faces of six
    expect(page.locator("#command")).to_have_text(
        """echo '{"unmodified":[6,5]}' | rulings ask wh40k hit_roll --target 4+ --situation -"""
    )
    asked = sent(page, typed(page, "#unmodified", "6"))
    assert asked[-1] == "unmodified=6"
    expect(page.locator("#command")).to_have_text(
        """echo '{"unmodified":6}' | rulings ask wh40k hit_roll --target 4+ --situation -"""
    )
    asked = sent(page, typed(page, "#unmodified", ""))
    assert asked == ["pack=wh40k", "quantity=hit_roll", "target=4+"]
    expect(page.locator("#command")).to_have_text("rulings ask wh40k hit_roll --target 4+")


def test_a_bad_target_says_why_and_a_good_one_brings_the_ruling_back(page: Any, server: str) -> None:
    opened(page, server, f"{HIT_ROLL}&roll=3", "3")
    asked = sent(page, typed(page, "#target", "banana"))
    assert asked == ["pack=wh40k", "quantity=hit_roll", "roll=3", "target=banana"]
    expect(page.locator("#ruling .error")).to_contain_text("'banana' is not what a roll must reach")
    expect(page.locator("#answer")).to_have_text("not a ruling: see below")
    expect(page.locator("#ruling")).to_have_attribute("data-display", "")
    asked = sent(page, typed(page, "#target", " 4+ "))
    assert asked == ["pack=wh40k", "quantity=hit_roll", "roll=3", "target=4+"]
    expect(page.locator("#verdict")).to_have_text("FAILED")  # 3 does not reach 4+
    expect(page.locator("#verdict")).to_have_class("failed")
    expect(page.locator("#ruling .error")).to_have_count(0)
    expect(page.locator("#answer")).to_have_text("hit_roll: 3 FAILED")
    expect(page.locator("#ruling")).not_to_have_class("busy")


def test_a_reading_set_back_to_the_default_is_not_sent(page: Any, server: str) -> None:
    shaken = (
        "pack=skirmish&quantity=cc_dice&given=attacker.bases=2&given=attacker.dice_per_base=3"
        "&given=attacker.shaken=true&given=attacker.flanked=true"
    )
    opened(page, server, f"{shaken}&reading=cc_penalties=once", "4 dice")  # once: 6 dice, -1 per base
    select = page.locator('select[data-reading="cc_penalties"]')
    expect(select).to_have_value("once")
    asked = sent(page, lambda: select.select_option("cumulative"))
    assert not any(p.startswith("reading=") for p in asked)
    shows(page, "2 dice")  # each penalty its own -1 per base: 6 - 2 - 2
    url_is(page, asked)
    asked = sent(page, lambda: select.select_option("once"))
    assert asked[-1] == "reading=cc_penalties=once"
    shows(page, "4 dice")


def test_a_reading_the_quantity_does_not_take_is_kept_but_not_sent(page: Any, server: str) -> None:
    given = "given=attacker.bases=2&given=attacker.dice_per_base=3&given=attacker.shaken=true"
    opened(page, server, f"pack=skirmish&quantity=cc_dice&{given}&reading=cc_penalties=once", "4 dice")
    asked = sent(page, lambda: page.locator("#quantity").select_option("to_hit"))
    assert asked == [
        "pack=skirmish",
        "quantity=to_hit",
        "given=attacker.bases=2",
        "given=attacker.dice_per_base=3",
        "given=attacker.shaken=true",
    ]
    asked = sent(page, lambda: page.locator("#quantity").select_option("cc_dice"))
    assert asked[-1] == "reading=cc_penalties=once"
    shows(page, "4 dice")  # 2 bases of 3 dice, -1 per base for being shaken: 6 - 2


def test_ignoring_more_modifiers_sends_them_sorted_and_the_solver_may_choose_again(page: Any, server: str) -> None:
    opened(
        page, server, "pack=wh40k&quantity=T&base=4&effects=-1&effects=%2B2&given=unit.ignores_modifiers%3Dtrue", "6"
    )  # the best choice: ignore the -1, keep the +2
    boxes = page.locator("fieldset.ignore [data-ignore]")
    expect(boxes).to_have_count(2)
    expect(page.locator("fieldset.ignore legend")).to_contain_text("the best choice")
    asked = sent(page, page.locator('[data-ignore="+2"]').check)
    assert [p for p in asked if p.startswith("ignore=")] == ["ignore=+2", "ignore=-1"]
    shows(page, "4")
    expect(page.locator("fieldset.ignore legend")).to_have_text("Ignored (your choice)")
    asked = sent(page, page.locator('[data-ignore="-1"]').uncheck)
    assert [p for p in asked if p.startswith("ignore=")] == ["ignore=+2"]
    shows(page, "3")
    asked = sent(page, page.get_by_role("button", name="let the solver choose").click)
    assert not any(p.startswith("ignore") for p in asked)
    shows(page, "6")
    expect(page.locator("fieldset.ignore legend")).to_contain_text("the best choice")


def test_the_ignore_choice_is_offered_only_where_a_policy_permits_it(page: Any, server: str) -> None:
    opened(page, server, "pack=wh40k&quantity=T&base=4&effects=-1", "3")
    expect(page.locator("fieldset.ignore")).to_have_count(0)
    # permitted, and the best choice ignores nothing (a +2 helps): the choice is still offered
    opened(page, server, "pack=wh40k&quantity=T&base=4&effects=%2B2&given=unit.ignores_modifiers%3Dtrue", "6")
    expect(page.locator("fieldset.ignore [data-ignore]")).to_have_count(1)
    expect(page.locator('fieldset.ignore [data-ignore="+2"]')).not_to_be_checked()
    asked = sent(page, page.locator('fieldset.ignore [data-ignore="+2"]').check)
    assert asked[-1] == "ignore=+2"
    shows(page, "4")


# --- pack, quantity, reset, history ------------------------------------------------------------------------------


def test_choosing_another_pack_clears_the_situation(page: Any, server: str) -> None:
    opened(page, server, f"{BS3}&given=shooter.moved=true", "5+")
    asked = sent(page, lambda: page.locator("#pack").select_option("skirmish"))
    assert asked == ["pack=skirmish", "quantity=to_hit"]  # the pack's first quantity, nothing of fantasy's
    expect(page.locator("#quantity")).to_have_value("to_hit")
    shows(page, "depends on attacker.to_hit")
    expect(fact(page, "attacker.to_hit")).to_have_count(1)
    expect(fact(page, "shooter.bs")).to_have_count(0)
    url_is(page, asked)
    expect(page.get_by_role("link", name="FAQ")).to_have_attribute("href", "/faq/skirmish")
    expect(page.get_by_role("link", name="Rule graph")).to_have_attribute("href", "/graph/skirmish")
    page.go_back()
    shows(page, "5+")
    expect(page.locator("#pack")).to_have_value("fantasy")
    expect(fact(page, "shooter.moved")).to_be_checked()


def test_another_quantity_keeps_the_facts_and_sends_only_what_it_takes(page: Any, server: str) -> None:
    given = ["given=weapon.heavy=true", "given=attacker.remained_stationary=true"]
    opened(page, server, f"{HIT_ROLL}&{'&'.join(given)}&roll=3&target=3%2B&effects=%2B1&base=5", "4")  # Heavy: +1
    asked = sent(page, lambda: page.locator("#quantity").select_option("T"))
    assert asked == ["pack=wh40k", "quantity=T", *given, "base=5", "effects=+1"]
    shows(page, "6")  # T 5, +1
    expect(page.locator("#roll")).to_have_count(0)
    url_is(page, asked)
    asked = sent(page, lambda: page.locator("#quantity").select_option("hit_roll"))
    assert asked == ["pack=wh40k", "quantity=hit_roll", *given, "roll=3", "target=3+", "effects=+1"]
    shows(page, "4")  # the +1 effect and Heavy's +1 are capped at +1 in all
    expect(page.locator("#roll")).to_have_value("3")
    page.go_back()  # each quantity chosen is a step in the history
    expect(page.locator("#quantity")).to_have_value("T")
    shows(page, "6")


def test_clearing_the_situation_keeps_the_pack_and_quantity(page: Any, server: str) -> None:
    opened(page, server, f"{BS3}&given=shooter.moved=true&given=target.in_soft_cover=true", "6+")
    asked = sent(page, page.get_by_role("button", name="Clear the situation").click)
    assert asked == ["pack=fantasy", "quantity=to_hit"]
    shows(page, "depends on shooter.bs")
    expect(fact(page, "shooter.moved")).not_to_be_checked()
    expect(fact(page, "shooter.bs")).to_have_value("")
    expect(fact(page, "target.in_soft_cover")).to_have_value("")
    expect(page.locator("#command")).to_have_text("rulings ask fantasy to_hit")
    url_is(page, asked)
    page.go_back()  # the cleared situation is a step of its own in the history
    shows(page, "6+")
    expect(fact(page, "shooter.moved")).to_be_checked()


def test_back_and_forward_step_through_the_situations(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")
    page.locator('[data-fact="shooter.moved"]').check()
    shows(page, "5+")
    page.locator('[data-fact="special.sniper"]').check()
    shows(page, "6+")
    page.go_back()
    shows(page, "5+")
    expect(fact(page, "special.sniper")).not_to_be_checked()
    expect(fact(page, "shooter.moved")).to_be_checked()
    page.go_back()
    shows(page, "4+")
    expect(fact(page, "shooter.moved")).not_to_be_checked()
    url_is(page, ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3"])
    page.go_forward()
    shows(page, "5+")
    expect(page).to_have_title("the score needed to hit on a D6: 5+ — Rulings")


# --- the URL --------------------------------------------------------------------------------------------------------


JUNK = [
    "given=",
    "given==true",
    "given=nameless",
    "reading=",
    "reading==once",
    "step=",
    "step==4",
    "step=weapons=",
    "effects=",
    "reroll=",
    "unmodified=",
]


@pytest.mark.parametrize(
    ("query", "kept", "display"),
    [
        (BS3, ["given=shooter.bs=3"], "4+"),
        ("pack=wh40k&quantity=T&base=4&effects=-1", ["base=4", "effects=-1"], "3"),
        (f"{HIT_ROLL}&target=4%2B", ["target=4+"], "D6"),
        (
            "pack=skirmish&quantity=cc_dice&given=attacker.bases=2&given=attacker.dice_per_base=3"
            "&given=attacker.shaken=true&reading=cc_penalties=once",
            [
                "given=attacker.bases=2",
                "given=attacker.dice_per_base=3",
                "given=attacker.shaken=true",
                "reading=cc_penalties=once",
            ],
            "4 dice",
        ),
        (ATTACK, ["given=attacker.to_hit=4", "given=target.save=5", "step=attacks=6"], "2"),
    ],
)
def test_a_url_with_empty_names_is_written_back_without_them(
    page: Any, server: str, query: str, kept: list[str], display: str
) -> None:
    head = pairs_of(f"/?{query}")[:2]
    asked = sent(page, lambda: page.goto(f"{server}/?{query}&{'&'.join(JUNK)}"))
    assert asked == [*head, *kept]
    shows(page, display)
    url_is(page, asked)
    assert "&=" not in page.url and "==" not in page.url


def test_the_url_holds_no_defaults_and_a_reload_restores_the_same_state(page: Any, server: str) -> None:
    """Every kind of control set, some set and then put back to their defaults: the URL keeps only what differs
    from the defaults, with no empty key, and opening it again asks the same question and shows the same."""
    opened(page, server, f"{HIT_ROLL}&roll=4", "4")
    page.locator('[data-fact="attack.ranged"]').check()
    page.locator('[data-fact="attacker.in_engagement_range"]').check()
    page.locator('[data-fact="weapon.pistol"]').check()  # then back to the default
    page.locator('[data-fact="weapon.pistol"]').uncheck()
    page.locator('[data-fact="target.visible"]').uncheck()  # default yes
    typed(page, '[data-fact="attacker.keywords"]', "[Vehicle]")()
    typed(page, "#target", "3+")()
    page.locator('[data-reroll="failed"]').check()
    typed(page, "#unmodified", "6")()
    page.get_by_role("button", name="add effect +1").click()
    page.get_by_role("button", name="add effect -1").click()
    page.get_by_role("button", name="remove effect +1").click()
    asked = sent(page, page.locator('[data-fact="unit.ignores_modifiers"]').check)
    expected = [
        "pack=wh40k",
        "quantity=hit_roll",
        "given=attack.ranged=true",
        "given=attacker.in_engagement_range=true",
        "given=target.visible=false",
        "given=attacker.keywords=[Vehicle]",
        "given=unit.ignores_modifiers=true",
        "roll=4",
        "target=3+",
        "reroll=failed",
        "unmodified=6",
        "effects=-1",
    ]
    assert asked == expected
    shows(page, "4")  # Big Guns' -1 and the -1 effect ignored: the best choice for a hit
    url_is(page, expected)
    again = sent(page, page.reload)
    assert again == expected
    shows(page, "4")
    expect(fact(page, "attacker.keywords")).to_have_value("[Vehicle]")
    for name, on in [
        ("attack.ranged", True),
        ("attacker.in_engagement_range", True),
        ("weapon.pistol", False),
        ("target.visible", False),
        ("unit.ignores_modifiers", True),
    ]:
        expect(fact(page, name)).to_be_checked(checked=on)
    for selector, value in [("#roll", "4"), ("#target", "3+"), ("#unmodified", "6")]:
        expect(page.locator(selector)).to_have_value(value)
    expect(page.locator('[data-reroll="failed"]')).to_be_checked()
    expect(page.locator('[data-reroll="ones"]')).not_to_be_checked()
    expect(page.locator(".chip")).to_have_count(1)
    expect(page.locator('.chip[data-effect="-1"]')).to_have_count(1)
    expect(page.locator("#verdict")).to_have_text("PASSED")  # 4 reaches 3+
    url_is(page, expected)


def test_an_explicit_empty_ignore_round_trips(page: Any, server: str) -> None:
    """`ignore=` (ignore nothing, the player's choice) differs from no `ignore` (the solver's choice)."""
    query = "pack=wh40k&quantity=T&base=4&effects=-1&given=unit.ignores_modifiers%3Dtrue&ignore="
    opened(page, server, query, "3")
    expect(page.locator('fieldset.ignore [data-ignore="-1"]')).not_to_be_checked()
    expect(page.locator("fieldset.ignore legend")).to_have_text("Ignored (your choice)")
    assert pairs_of(page.url)[-1] == "ignore="


def test_weapons_in_the_url_are_sent_and_go_in_the_situation_file(page: Any, server: str) -> None:
    asked = sent(page, lambda: page.goto(f"{server}/?{BS3}&weapons=2"))
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3", "weapons=2"]
    shows(page, "4+")
    expect(page.locator("#command")).to_have_text(
        """echo '{"weapons":2}' | rulings ask fantasy to_hit --given shooter.bs=3 --situation -"""
    )


# --- the ruling: stale answers, cases, charts, why-not ----------------------------------------------------------


@pytest.fixture
def counted(browser: Any) -> Iterator[Any]:
    """A page that counts the /api/brief answers the explorer has read (`window.briefAnswers`)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(COUNT_ANSWERS)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def hold_the_next_brief(page: Any) -> list[Any]:
    """From now on the first /api/brief request is held (its route kept, to be answered later), the rest go on."""
    held: list[Any] = []

    def route(r: Any) -> None:
        if held:
            r.continue_()
        else:
            held.append(r)

    page.route(lambda url: urlsplit(url).path == "/api/brief", route)
    return held


def test_an_older_answer_arriving_late_never_replaces_a_newer_one(counted: Any, server: str) -> None:
    page = counted
    opened(page, server, BS3, "4+")
    held = hold_the_next_brief(page)
    page.locator('[data-fact="shooter.moved"]').check()  # asks for 5+: held back
    page.locator('[data-fact="shooter.stand_and_shoot"]').check()  # asks for 6+: answered at once
    shows(page, "6+")
    assert len(held) == 1 and "shooter.stand_and_shoot" not in held[0].request.url
    answers = page.evaluate("window.briefAnswers")
    held[0].continue_()  # the older answer (5+) arrives now
    page.wait_for_function("(before) => window.briefAnswers > before", arg=answers)
    shows(page, "6+")
    expect(page.locator("#answer")).to_have_text("to_hit: 6+")
    expect(page.locator("#ruling")).not_to_have_class("busy")
    expect(page.locator("#ruling")).to_contain_text("stand_and_shoot")


def test_an_older_error_arriving_late_never_replaces_a_newer_ruling(counted: Any, server: str) -> None:
    page = counted
    opened(page, server, BS3, "4+")
    held = hold_the_next_brief(page)
    page.locator('[data-fact="shooter.moved"]').check()
    page.locator('[data-fact="shooter.stand_and_shoot"]').check()
    shows(page, "6+")
    answers = page.evaluate("window.briefAnswers")
    held[0].fulfill(status=400, content_type="application/json", body='{"error": "an old question"}')
    page.wait_for_function("(before) => window.briefAnswers > before", arg=answers)
    expect(page.locator("#ruling .error")).to_have_count(0)
    expect(page.locator("#answer")).to_have_text("to_hit: 6+")
    shows(page, "6+")


def test_many_cases_show_their_table_on_request(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=skirmish&quantity=cc_dice")
    button = page.get_by_role("button", name="Show all 200 cases")
    expect(button).to_be_visible()
    expect(page.locator("#ruling table.cases")).to_have_count(0)
    button.click()
    expect(page.locator("#ruling table.cases tr")).to_have_count(201)  # a header and a row a case
    expect(button).to_have_count(0)


def test_the_odds_chart_has_a_bar_for_each_result_of_2d6(page: Any, server: str) -> None:
    opened(page, server, "pack=wh40k&quantity=charge_roll&target=7", "2D6")
    bars = page.locator("#ruling ol.dist li")
    expect(bars).to_have_count(11)  # 2 to 12
    for total in range(2, 13):
        ways = 6 - abs(total - 7)  # the ways two dice make the total
        expect(bars.nth(total - 2)).to_have_attribute("title", f"{total}: {Fraction(ways, 36)}")
    tallest = bars.nth(5).locator(".col")  # 7, the likeliest, is the full height
    expect(tallest).to_have_attribute("style", "height:3.00em")
    expect(bars.nth(0).locator(".col")).to_have_attribute("style", "height:0.50em")  # 1/36 of 6/36 of 3em
    expect(page.locator("#ruling .fraction")).to_contain_text("chance 7/12")  # 21 of 36 make 7 or more
    expect(page.locator("#ruling .meter span")).to_have_attribute("style", "width:58.3%")


def test_the_odds_chart_of_a_characteristic_says_its_average_and_a_certain_one_has_none(page: Any, server: str) -> None:
    page.goto(f"{server}/?pack=wh40k&quantity=A&base=D6")
    bars = page.locator("#ruling ol.dist li")
    expect(bars).to_have_count(6)
    expect(page.locator("#ruling figure.odds figcaption")).to_have_text("The odds (average 7/2):")  # (1 + ... + 6) / 6
    # D3 multiplied by 0 is 0, and D cannot be less than 1: always 1, one result, no chart
    page.goto(f"{server}/?pack=wh40k&quantity=D&base=D3&effects=x0")
    expect(page.locator("#display")).to_be_visible()
    expect(page.locator("#ruling .reasons")).to_be_visible()
    expect(page.locator("#ruling figure.odds")).to_have_count(0)


def test_a_why_not_link_points_at_the_situation_it_makes_and_asks_nothing_else(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")
    row = page.locator('li[data-rule="moved"]')
    asked = sent(page, row.get_by_role("button", name="why not?").click, "/api/why-not")
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3", "rule=moved"]
    link = row.locator("a.change").first
    expect(link).to_have_text("shooter.moved = true")
    expect(row).to_contain_text("to_hit becomes 5+")
    href = link.get_attribute("href")
    assert href is not None
    assert pairs_of(href) == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3", "given=shooter.moved=true"]
    # working out the link changes nothing of the situation: the next question is without it
    asked = sent(page, page.locator('[data-fact="special.sniper"]').check)
    assert asked == ["pack=fantasy", "quantity=to_hit", "given=shooter.bs=3", "given=special.sniper=true"]
    shows(page, "5+")


def test_a_why_not_link_applies_its_change(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")
    row = page.locator('li[data-rule="lone_model"]')
    row.get_by_role("button", name="why not?").click()
    link = row.locator("a.change").first
    expect(link).to_have_text("target.lone_model = true, target.unit_strength = 0 to 2")
    asked = sent(page, link.click)
    assert asked == [
        "pack=fantasy",
        "quantity=to_hit",
        "given=shooter.bs=3",
        "given=target.lone_model=true",
        "given=target.unit_strength=2",
    ]
    shows(page, "5+")  # a lone model of Unit Strength 2: -1
    expect(fact(page, "target.lone_model")).to_be_checked()
    expect(fact(page, "target.unit_strength")).to_have_value("2")
    url_is(page, asked)
    expect(page.locator("#ruling")).to_be_focused()


def test_a_why_not_link_that_gives_keywords_gives_a_list(page: Any, server: str) -> None:
    opened(page, server, f"{HIT_ROLL}&roll=4", "4")
    row = page.locator('li[data-rule="big_guns_never_tire"]')
    row.get_by_role("button", name="why not?").click()
    link = row.locator("a.change").first
    expect(link).to_be_visible()
    asked = sent(page, link.click)
    keywords = [p for p in asked if p.startswith("given=attacker.keywords=")]
    assert keywords == ["given=attacker.keywords=[MONSTER]"]
    shows(page, "3")  # Big Guns Never Tire: -1
    expect(page.locator("#ruling .error")).to_have_count(0)


def test_a_why_not_answer_without_changes_says_so(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")

    def no_change(route: Any) -> None:  # the server's own answer, with no change that makes the rule count
        answer = route.fetch().json()
        answer["changes"] = []
        route.fulfill(json=answer)

    page.route(lambda url: urlsplit(url).path == "/api/why-not", no_change)
    row = page.locator('li[data-rule="moved"]')
    row.get_by_role("button", name="why not?").click()
    expect(row.locator(".answer")).to_contain_text("No change of up to three facts makes it count.")
    expect(row.locator(".answer")).to_contain_text("moved counts when the shooter moved this turn.")
    expect(row.locator("a.change")).to_have_count(0)


def test_a_failed_why_not_question_is_said_in_the_rules_box(page: Any, server: str) -> None:
    opened(page, server, BS3, "4+")

    def refuse(route: Any) -> None:
        route.fulfill(status=400, content_type="application/json", body='{"error": "no such question"}')

    page.route(lambda url: urlsplit(url).path == "/api/why-not", refuse)
    row = page.locator('li[data-rule="sniper"]')
    row.get_by_role("button", name="why not?").click()
    expect(row.locator(".answer .error")).to_have_text("no such question")


# --- a whole attack ---------------------------------------------------------------------------------------------


def chance_unsaved(n: int, k: int) -> Fraction:
    """Of n dice, exactly k hit (4+: 1/2) and are then not saved (5+ saves: 2/3 fail): each with chance 1/3."""
    p = Fraction(1, 3)
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def test_a_whole_attacks_damage_models_and_wounds(page: Any, server: str) -> None:
    opened(page, server, ATTACK, "2")  # 6 dice, each unsaved with chance 1/3
    for key, value in [("damage", "2"), ("models", "3")]:
        sent(page, typed(page, f'[data-step="{key}"]', value))
    asked = sent(page, typed(page, '[data-step="wounds"]', "2"))
    assert asked == [
        "pack=skirmish",
        "quantity=attack",
        "given=attacker.to_hit=4",
        "given=target.save=5",
        "step=attacks=6",
        "step=damage=2",
        "step=models=3",
        "step=wounds=2",
    ]
    # each unsaved hit does 2 damage, a model's 2 wounds: it destroys one of the 3 models, beyond that it is lost
    destroyed = sum(min(k, 3) * chance_unsaved(6, k) for k in range(7))
    shows(page, f"{float(2 * destroyed):.2f}")
    expect(page.locator("#destroyed")).to_have_text(f"{float(destroyed):.2f}")
    expect(page.locator("#display")).to_have_attribute("title", f"exactly {2 * destroyed}")
    bars = page.locator('figure[data-chart="models_destroyed"] rect.chance-bar')
    expect(bars).to_have_count(3)
    for n in (1, 2, 3):
        at_least = sum(chance_unsaved(6, k) for k in range(n, 7))
        expect(bars.nth(n - 1)).to_have_attribute("data-chance", str(at_least))
    expect(page.locator("#command")).to_have_text(
        "rulings ask skirmish attack --given attacker.to_hit=4 --given target.save=5 --step attacks=6 "
        "--step damage=2 --step models=3 --step wounds=2"
    )
    url_is(page, asked)


def test_a_whole_attacks_weapons_and_an_emptied_input(page: Any, server: str) -> None:
    opened(page, server, ATTACK, "2")
    asked = sent(page, typed(page, '[data-step="weapons"]', "2"))
    assert asked[-2:] == ["step=attacks=6", "step=weapons=2"]
    shows(page, "4")  # two weapons, 12 dice, each unsaved with chance 1/3
    bars = page.locator('figure[data-chart="outcome"] rect.chance-bar')
    expect(bars.first).to_have_attribute("data-chance", str(1 - Fraction(2, 3) ** 12))
    asked = sent(page, typed(page, '[data-step="attacks"]', ""))
    assert not any(p.startswith("step=attacks") for p in asked)
    assert asked[-1] == "step=weapons=2"
    url_is(page, asked)


def test_a_whole_attack_sends_its_own_readings_only(page: Any, server: str) -> None:
    """A Flanked target with a Dash Token: each a -1 Bonus to the Hit requirement (4+ to 2+), or one in all (3+)."""
    tokens = "given=target.flanked=true&given=target.dash_token=true"
    each = 6 * Fraction(5, 6) * Fraction(2, 3)  # 6 dice, hit on 2+, not saved on 5+
    opened(page, server, f"{ATTACK}&{tokens}&reading=cc_penalties=once", f"{float(each):.2f}")
    asked = sent(page, lambda: page.locator('select[data-reading="hit_bonuses"]').select_option("one_bonus"))
    assert [p for p in asked if p.startswith("reading=")] == ["reading=hit_bonuses=one_bonus"]
    shows(page, f"{float(6 * Fraction(4, 6) * Fraction(2, 3)):.2f}")  # hit on 3+
    expect(page.locator("#command")).to_contain_text("--reading hit_bonuses=one_bonus")
    expect(page.locator("#command")).not_to_contain_text("cc_penalties")


def test_a_sequence_is_named_in_the_title_and_the_answer_bar(page: Any, server: str) -> None:
    opened(page, server, ATTACK, "2")
    expect(page.locator("#answer")).to_have_text("attack: 2 unsaved hits on average")
    expect(page).to_have_title(
        "an attack, from the dice cast at the target to the hits it does not save: 2 unsaved hits on average — Rulings"
    )


# --- copying --------------------------------------------------------------------------------------------------------


@pytest.fixture
def clipboard_page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def test_copy_the_link_and_the_command_line(clipboard_page: Any, server: str) -> None:
    page = clipboard_page
    opened(page, server, BS3, "4+")
    page.locator('[data-fact="shooter.moved"]').check()
    shows(page, "5+")
    copied = page.locator("#copied")
    page.get_by_role("button", name="Copy the link").click()
    expect(copied).to_have_text("copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    assert pairs_of(page.url)[-1] == "given=shooter.moved=true"
    expect(copied).to_have_text("")  # the word goes after a moment
    page.get_by_role("button", name="Copy the command line").click()
    expect(copied).to_have_text("copied")
    assert page.evaluate("navigator.clipboard.readText()") == (
        "rulings ask fantasy to_hit --given shooter.bs=3 --given shooter.moved=true"
    )
