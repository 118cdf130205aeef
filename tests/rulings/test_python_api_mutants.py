"""`rulings.api` as its docstrings and docs/python-api.md promise it: house rules merged by `load_pack`, the
`situation` mapping honoured by `why_not` and `find`, `find` on a whole attack (a sequence), its `max_facts` limit
and what it says it covered, and the command line's error messages, word for word."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulings
from kb.errors import RulingsError, UnknownName

# a house rule over the skirmish pack: a tired unit rolls one die fewer for every base
TIRED = """\
facts:
  attacker.tired: {type: bool, text: "the attacking unit is tired"}
modifiers:
  tired:
    quantity: cc_dice
    change: -1
    per: attacker.bases
    when: attacker.tired
"""
LIMIT_1 = ("situations setting more than 1 facts beyond those given were not searched "
           "(raise the limit with --max-facts)")


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Loaded packs are cached in a folder of this module's own, never the user's."""
    monkeypatch.setenv("RULINGS_CACHE", str(tmp_path_factory.getbasetemp() / "api-mutants-cache"))


def test_load_pack_merges_the_house_rule_files_over_the_pack(tmp_path: Path) -> None:
    overlay = tmp_path / "tired.yaml"
    overlay.write_text(TIRED, encoding="utf-8")
    pack = rulings.load_pack("skirmish", extra=[str(overlay)])
    assert "attacker.tired" in pack.facts and "tired" in pack.modifiers
    # 2 bases of 3 dice (6 dice), tired: -1 per base, so 4 dice
    r = rulings.ask(pack, "cc_dice", {"attacker.bases": 2, "attacker.dice_per_base": 3, "attacker.tired": True})
    assert r["value"] == 4 and [a["rule"] for a in r["applied"]] == ["tired"]
    # without the house rule the fact is unknown
    with pytest.raises(UnknownName, match=r"^situation: unknown fact 'attacker\.tired'"):
        rulings.ask("skirmish", "cc_dice", {"attacker.tired": True})


def test_why_not_reads_the_facts_of_the_situation_mapping() -> None:
    """Lone model: "-1 to hit a lone model with Unit Strength 2 or less"; BS 3 hits on 7 - 3 = 4+."""
    w = rulings.why_not("fantasy", "to_hit", "lone_model",
                        situation={"given": {"shooter.bs": 3, "target.unit_strength": 5}})
    assert (w["status"], w["counts"]) == ("failed", False)
    assert w["ruling"]["value"] == 4 and w["ruling"]["display"] == "4+"
    assert [(c["given"], c["display"]) for c in w["changes"]] == [
        ({"target.lone_model": True, "target.unit_strength": 2}, "5+")]
    assert "--given shooter.bs=3" in w["changes"][0]["command"]


def test_situation_errors_are_the_commands_messages_word_for_word() -> None:
    with pytest.raises(RulingsError, match=r"^situation: given must be a mapping of facts to values$"):
        rulings.ask("fantasy", "to_hit", {"shooter.bs": 3}, situation={"given": [1]})
    with pytest.raises(RulingsError, match=r"^situation: given must be a mapping of facts to values$"):
        rulings.find("fantasy", "to_hit", "impossible", {"shooter.bs": 3}, situation={"given": "shooter.bs=3"})
    with pytest.raises(UnknownName, match=r"^situation: unknown fact 'shooter\.bz'\n  hint: did you mean 'shooter\.bs"):
        rulings.ask("fantasy", "to_hit", {"shooter.bz": 3})
    with pytest.raises(RulingsError, match=r"^situation: unknown key 'givn' in a situation\n  hint: did you mean"):
        rulings.why_not("fantasy", "to_hit", "lone_model", situation={"givn": {}})
    with pytest.raises(RulingsError, match=r"^situation: shooter\.bs must be an integer, not '3'"):
        rulings.find("fantasy", "to_hit", "impossible", situation={"given": {"shooter.bs": "3"}})


def test_find_on_an_unknown_quantity_says_so_with_a_hint() -> None:
    with pytest.raises(UnknownName, match=r"^unknown quantity 'to_hti'\n  hint: did you mean 'to_hit'\?"):
        rulings.find("fantasy", "to_hti", "impossible", {"shooter.bs": 3})
    with pytest.raises(UnknownName, match=r"^unknown quantity 'save_roll'"):
        rulings.find("skirmish", "save_roll", "value >= 7")


def test_find_reads_the_situation_mapping_and_honours_max_facts() -> None:
    """Skirmish: to_hit 5+, Long Range +1 and Cover +1 make 7+, which never succeeds; nothing else raises it."""
    situation = {"given": {"attacker.to_hit": 5}}
    wide = rulings.find("skirmish", "to_hit", "impossible", situation=situation, max_facts=2)
    assert wide["max_facts"] == 2 and wide["where"] == "impossible" and wide["quantity"] == "to_hit"
    assert wide["situations"] == [{"given": {"attacker.to_hit": 5, "attack.long_range": True,
                                             "target.in_cover": True}, "display": "7+: impossible"}]
    # one fact beyond the given cannot reach 7 from 5: none found, and the answer says the search stopped short
    narrow = rulings.find("skirmish", "to_hit", "impossible", situation=situation, max_facts=1)
    assert narrow["max_facts"] == 1 and narrow["situations"] == []
    assert narrow["exhaustive"] is False and narrow["limits"] == [LIMIT_1] and narrow["searched"] > 0
    # the same through `given`
    assert rulings.find("skirmish", "to_hit", "impossible", {"attacker.to_hit": 5}, max_facts=1) == narrow


def test_find_on_a_sequence_searches_whole_attacks() -> None:
    """6 attacks, target saves on 5+ (a hit goes unsaved with chance 4/6): mean unsaved hits = 6 x (7 - to_hit)/6
    x 2/3 = (7 - to_hit) x 2/3, at least 2 for to_hit 1..4 (4 down to 2); one fact beyond the given only."""
    attack = rulings.find("skirmish", "attack", "mean >= 2", {"target.save": 5}, max_facts=1,
                          situation={"sequence": {"attacks": 6}})
    assert (attack["pack"], attack["quantity"], attack["where"], attack["max_facts"]) == (
        "skirmish", "attack", "mean >= 2", 1)
    assert attack["situations"] == [{"given": {"target.save": 5, "attacker.to_hit": [1, 4]},
                                     "display": "mean 2 to 4 unsaved hits"}]
    assert attack["exhaustive"] is False and attack["limits"] == [LIMIT_1] and attack["searched"] > 0


def test_find_on_a_sequence_with_more_facts_finds_the_bonuses_too() -> None:
    """To-hit 5 with one -1 Bonus (Flanked or a Dash Token) is 4+: (7 - 4) x 2/3 = mean 2, as is 6 with both;
    with no limit the search covers every situation."""
    attack = rulings.find("skirmish", "attack", "mean >= 2", situation={
        "given": {"target.save": 5}, "sequence": {"attacks": 6}}, max_facts=None)
    assert attack["max_facts"] is None and attack["exhaustive"] is True and "limits" not in attack
    assert attack["searched"] > 0
    assert sorted(attack["situations"], key=lambda s: sorted(s["given"])) == sorted([
        {"given": {"target.save": 5, "attacker.to_hit": [1, 4]}, "display": "mean 2 to 4 unsaved hits"},
        {"given": {"target.save": 5, "target.flanked": True, "attacker.to_hit": 5}, "display": "mean 2 unsaved hits"},
        {"given": {"target.save": 5, "target.dash_token": True, "attacker.to_hit": 5},
         "display": "mean 2 unsaved hits"},
        {"given": {"target.save": 5, "target.flanked": True, "target.dash_token": True, "attacker.to_hit": 6},
         "display": "mean 2 unsaved hits"},
    ], key=lambda s: sorted(s["given"]))


def test_find_on_a_sequence_checks_its_where_against_the_sequences_fields() -> None:
    with pytest.raises(RulingsError, match=r"^--where 'value >= 2': unknown field of a sequence 'value'"):
        rulings.find("skirmish", "attack", "value >= 2", {"target.save": 5})
