"""The JSON API answers what the command line's `--format json` prints, and bad input as the command line words it."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from rulings.cli import main
from rulings.web import create_app

YAML = {"content-type": "application/yaml"}
COVER = ["shooter.bs=3", "target.in_soft_cover=true", "target.in_hard_cover=true"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://localhost")


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> object:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def cli_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err.removeprefix("rulings: ").rstrip("\n")


def query(pack: str, quantity: str, given: list[str], **more: str) -> list[tuple[str, str]]:
    return [("pack", pack), ("quantity", quantity), *(("given", g) for g in given), *more.items()]


def givens(given: list[str]) -> list[str]:
    return [w for g in given for w in ("--given", g)]


def test_ask_is_the_command_lines_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/ask", params=query("fantasy", "to_hit", COVER))
    assert r.status_code == 200
    assert r.json() == cli_json(["ask", "fantasy", "to_hit", *givens(COVER), "--format", "json"], capsys)
    assert r.json()["suppressed"] == [{"rule": "soft_cover", "by": "hard_cover", "policy": "cover_never_stacks"}]
    # fantasy.txt: BS 3 hits on 4+, and "if both would apply, use only the -2 for hard cover": 6+, a 1 in 6
    assert (r.json()["display"], r.json()["probability"]) == ("6+", "1/6")
    assert [(a["rule"], a["change"]) for a in r.json()["applied"]] == [("hard_cover", "-2")]


def test_ask_with_a_base(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/ask", params=query("wh40k", "BS", [], base="3+"))
    assert r.status_code == 200
    assert r.json() == cli_json(["ask", "wh40k", "BS", "--base", "3+", "--format", "json"], capsys)
    assert (r.json()["display"], r.json()["applied"]) == ("3+", [])  # nothing in the situation changes a BS of 3+


def test_cases_when_a_fact_is_unknown(client: TestClient) -> None:
    r = client.get("/api/ask", params=query("fantasy", "to_hit", ["shooter.bs=3", "target.lone_model=true"]))
    assert [c["display"] for c in r.json()["cases"]] == ["5+", "4+"]


def test_brief_is_the_ruling_and_the_short_text(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/brief", params=query("fantasy", "to_hit", COVER))
    assert r.json()["ruling"] == cli_json(["ask", "fantasy", "to_hit", *givens(COVER), "--format", "json"], capsys)
    assert main(["ask", "fantasy", "to_hit", *givens(COVER)]) == 0
    assert r.json()["text"] + "\n" == capsys.readouterr().out
    assert [(line["mark"], line["tag"]) for line in r.json()["lines"][1:3]] == [("+", "applied"), ("x", "suppressed")]


ATTACK = ["attacker.to_hit=4", "target.save=5"]


def steps(*pairs: str) -> list[tuple[str, str]]:
    return [("step", p) for p in pairs]


def test_a_whole_attack_is_the_command_lines_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/ask", params=[*query("skirmish", "attack", ATTACK), *steps("attacks=6")])
    assert r.status_code == 200
    assert r.json() == cli_json(["ask", "skirmish", "attack", *givens(ATTACK), "--step", "attacks=6",
                                 "--format", "json"], capsys)
    # by hand: a die hits on 4+ (1/2) and its save on 5+ fails (2/3): unsaved with chance 1/3, so 6 x 1/3 = 2 on
    # average, and at least one of six with chance 1 - (2/3)^6 = 665/729; all six with (1/3)^6 = 1/729
    doc = r.json()
    assert [(s["step"], s["chance"]) for s in doc["steps"]] == [("hit", "1/2"), ("save", "2/3")]
    assert doc["steps"][0]["in"]["mean"] == "6" and doc["steps"][0]["out"]["mean"] == "3"
    assert doc["outcome"]["mean"] == "2"
    assert doc["outcome"]["at_least"]["1"] == "665/729" and doc["outcome"]["at_least"]["6"] == "1/729"


def test_a_whole_attacks_steps_take_targets_rerolls_and_damage(client: TestClient,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    given = ("attacks=6", "hit.target=3", "hit.reroll=ones", "wound.target=4", "save.target=5", "damage=D3")
    r = client.get("/api/ask", params=[*query("wh40k", "attack", []), *steps(*given)])
    assert r.status_code == 200
    assert r.json() == cli_json(["ask", "wh40k", "attack", *(w for g in given for w in ("--step", g)),
                                 "--format", "json"], capsys)
    # by hand: hits on 3+ re-rolling ones, 2/3 + 1/6 x 2/3 = 7/9; wounds on 4+, 1/2; the save on 5+ fails 2/3;
    # 6 x 7/9 x 1/2 x 2/3 = 14/9 unsaved wounds, each a D3 (2 on average): 28/9 damage
    doc = r.json()
    assert [s["chance"] for s in doc["steps"]] == ["7/9", "1/2", "2/3"]
    assert doc["steps"][-1]["out"]["mean"] == "14/9" and doc["outcome"]["mean"] == "28/9"


def test_brief_of_a_whole_attack_is_its_json_and_its_lines(client: TestClient,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    params = [*query("skirmish", "attack", ATTACK), *steps("attacks=6")]
    r = client.get("/api/brief", params=params)
    assert r.status_code == 200
    assert r.json()["sequence"] == client.get("/api/ask", params=params).json()
    assert main(["ask", "skirmish", "attack", *givens(ATTACK), "--step", "attacks=6"]) == 0
    assert r.json()["text"] + "\n" == capsys.readouterr().out
    lines = r.json()["lines"]
    assert [line["tag"] for line in lines[:5]] == ["headline", "chances", "attacks", "step", "step"]
    assert lines[3]["step"] == "hit"
    assert lines[3]["text"].startswith("hit (to_hit): 6 dice") and "chance 1/2 -> 3 hits" in lines[3]["text"]
    assert lines[0]["text"].endswith(": 2 unsaved hits on average")


def test_the_vocabulary_lists_a_packs_sequences_and_what_they_take(client: TestClient) -> None:
    seqs = {s["name"]: s for s in client.get("/api/packs/wh40k").json()["sequences"]}
    attack = seqs["attack"]
    assert attack["takes"] == ["attacks", "weapons", "damage", "models", "wounds"]
    assert [(s["name"], s["takes"]) for s in attack["steps"]] == [
        ("hit", ["target", "reroll"]), ("wound", ["target", "reroll"]), ("save", ["target", "reroll"])]
    assert "weapon.ap" in attack["reads"]
    skirmish = {s["name"]: s for s in client.get("/api/packs/skirmish").json()["sequences"]}
    assert [s["takes"] for s in skirmish["attack"]["steps"]] == [[], []]  # scores: the ruling gives the target
    assert "attacker.to_hit" in skirmish["attack"]["reads"]
    assert "attacks" not in skirmish["close_combat"]["takes"]  # its attacks are the ruling of cc_dice


@pytest.mark.parametrize("more", [
    ["attacks=6"],  # the wh40k hit step needs its target
    ["attacks=lots", "hit.target=3", "wound.target=4", "save.target=4"],
    ["attacks"],
    ["attacks=6", "hit.targte=3"],
    ["atacks=6"],
    ["attacks=6", "hit.target=3", "wound.target=4", "save.target=4", "hit.reroll=twice"],
    ["attacks=301", "hit.target=3", "wound.target=4", "save.target=4"],
])
def test_bad_sequence_input_is_a_400_with_the_command_lines_message(client: TestClient,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    more: list[str]) -> None:
    r = client.get("/api/ask", params=[*query("wh40k", "attack", []), *steps(*more)])
    assert r.status_code == 400
    assert r.json()["error"] == (cli_error(["ask", "wh40k", "attack", *(w for m in more for w in ("--step", m))],
                                           capsys))
    assert client.get("/api/brief", params=[*query("wh40k", "attack", []), *steps(*more)]).json() == r.json()


def test_a_scores_step_refuses_a_target_as_the_command_line_does(client: TestClient,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    more = ["attacks=6", "hit.target=4"]
    r = client.get("/api/ask", params=[*query("skirmish", "attack", ATTACK), *steps(*more)])
    assert r.status_code == 400
    assert r.json()["error"] == (cli_error(["ask", "skirmish", "attack", *givens(ATTACK),
                                            *(w for m in more for w in ("--step", m))], capsys))


def test_why_not_is_the_command_lines_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/why-not", params=query("fantasy", "to_hit", ["shooter.bs=3"], rule="moved"))
    assert r.status_code == 200
    assert r.json() == cli_json(["why-not", "fantasy", "to_hit", "moved", "--given", "shooter.bs=3",
                                 "--format", "json"], capsys)
    assert r.json()["changes"][0]["command"] == "rulings ask fantasy to_hit --given shooter.bs=3 " \
                                                "--given shooter.moved=true"
    assert (r.json()["status"], r.json()["counts"]) == ("failed", False)  # the shooter did not move
    assert r.json()["ruling"]["display"] == "4+"  # BS 3, nothing applied


def test_find_is_the_command_lines_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/find", params=query("fantasy", "to_hit", ["shooter.bs=3"], where="impossible",
                                             max_facts="2"))
    assert r.status_code == 200
    doc = cli_json(["find", "fantasy", "to_hit", "--where", "impossible", "--given", "shooter.bs=3",
                    "--max-facts", "2", "--format", "json"], capsys)
    assert r.json() == doc
    # BS 3 hits on 4+; a score of 10 or more is impossible, and no two facts add the -6 that needs
    assert (doc["situations"], doc["exhaustive"], doc["max_facts"]) == ([], False, 2)
    assert doc["limits"] == ["situations setting more than 2 facts beyond those given were not searched (raise the "
                             "limit with --max-facts)"]


def test_find_names_the_situations_a_judge_would(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    """fantasy.txt: BS 1 hits on 6+, hard cover is -2 (8+), and any two of the six -1 modifiers a fact alone turns on
    (moving, Stand & Shoot, Multiple Shots, Quick to Fire, Sniper, Volley Fire) make 10+: "simply impossible"."""
    given = ["shooter.bs=1", "target.in_hard_cover=true"]
    r = client.get("/api/find", params=query("fantasy", "to_hit", given, where="impossible", max_facts="2"))
    assert r.status_code == 200
    assert r.json() == cli_json(["find", "fantasy", "to_hit", "--where", "impossible", *givens(given),
                                 "--max-facts", "2", "--format", "json"], capsys)
    (found,) = r.json()["situations"]
    assert found["given"] == {"shooter.bs": 1, "target.in_hard_cover": True}
    assert found["any_of"] == [{"count": 2, "of": ["shooter.moved", "shooter.stand_and_shoot", "special.multiple_shots",
                                                   "special.quick_to_fire", "special.sniper", "special.volley_fire"]}]
    assert (found["situations"], found["display"]) == (15, "10+: impossible")  # 6 choose 2


def test_faq_is_the_command_lines_json_and_markdown(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    assert client.get("/api/faq/skirmish").json() == cli_json(["faq", "skirmish", "--format", "json"], capsys)
    md = client.get("/api/faq/skirmish.md")
    assert md.headers["content-type"].startswith("text/markdown")
    assert main(["faq", "skirmish"]) == 0
    assert md.text == capsys.readouterr().out


def test_check_of_the_pack_alone(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    doc = cli_json(["check", "fantasy", "--format", "json"], capsys)
    assert client.post("/api/check/fantasy", headers=YAML).json() == doc
    # a built-in pack is clean: every situation searched, nothing found, no overlay, no reading chosen
    assert {k: v for k, v in doc.items() if k != "searched"} == {"pack": "fantasy", "with": [], "readings": {},
                                                                 "exhaustive": True, "findings": []}
    assert doc["searched"] > 0


def test_check_of_an_uploaded_overlay(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    overlay = "docs/examples/camouflage.yaml"
    with open(overlay, "rb") as f:
        r = client.post("/api/check/fantasy", content=f.read(), headers={"content-type": "application/yaml"})
    assert r.status_code == 200
    main(["check", "fantasy", "--with", overlay, "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert r.json()["with"] == ["overlay.yaml"]
    assert (r.json()["exhaustive"], r.json()["searched"]) == (doc["exhaustive"], doc["searched"])
    assert [(f["kind"], f["key"], f["new"]) for f in r.json()["findings"]] == \
        [(f["kind"], f["key"], f["new"]) for f in doc["findings"]]


def test_an_overlay_with_a_syntax_error_is_a_located_400(client: TestClient) -> None:
    r = client.post("/api/check/fantasy", content=b"modifiers:\n  moved: {quantity: to_hit, change: -1\n",
                    headers=YAML)
    assert r.status_code == 400
    assert r.json()["error"].startswith("overlay.yaml:")


def test_an_overlay_that_is_not_utf8_is_a_located_400(client: TestClient) -> None:
    r = client.post("/api/check/fantasy", content=b"notes:\n  x: caf\xe9\n", headers=YAML)
    assert r.status_code == 400
    assert r.json()["error"].startswith("overlay.yaml:2:")


def test_an_oversized_body_is_refused(client: TestClient) -> None:
    r = client.post("/api/check/fantasy", content=b"#" * 1_000_001, headers=YAML)
    assert r.status_code == 413
    assert "over the limit" in r.json()["error"]


@pytest.mark.parametrize("pack", ["../../etc/passwd", "/etc/passwd", "kb/packs/fantasy.yaml", "fantasy/../wh40k"])
def test_no_path_is_read_through_the_api(client: TestClient, pack: str) -> None:
    r = client.get("/api/ask", params=query(pack, "to_hit", []))
    assert r.status_code == 404
    assert r.json()["error"].startswith(f"unknown pack {pack!r}")


@pytest.mark.parametrize(("params", "argv"), [
    (query("fantasy", "to_hit", ["shooter.bz=3"]), ["ask", "fantasy", "to_hit", "--given", "shooter.bz=3"]),
    (query("fantasy", "to_hit", ["shooter.bs=three"]), ["ask", "fantasy", "to_hit", "--given", "shooter.bs=three"]),
    (query("fantasy", "to_hit", ["shooter.bs"]), ["ask", "fantasy", "to_hit", "--given", "shooter.bs"]),
    (query("fantasy", "to_hti", []), ["ask", "fantasy", "to_hti"]),
    (query("fantasy", "to_hit", [], rule="mooved"), ["why-not", "fantasy", "to_hit", "mooved"]),
    (query("fantasy", "to_hit", [], where="value >>> 3"), ["find", "fantasy", "to_hit", "--where", "value >>> 3"]),
])
def test_bad_input_is_a_400_with_the_command_lines_message(client: TestClient, capsys: pytest.CaptureFixture[str],
                                                           params: list[tuple[str, str]], argv: list[str]) -> None:
    path = {"ask": "/api/ask", "why-not": "/api/why-not", "find": "/api/find"}[argv[0]]
    r = client.get(path, params=params)
    assert r.status_code == 400
    assert r.json()["error"] == cli_error(argv, capsys)


@pytest.mark.parametrize("params", [[("pack", "fantasy")], [("quantity", "to_hit")],
                                    query("fantasy", "to_hit", [], roll="x"),
                                    query("fantasy", "to_hit", [], where="impossible", max_facts="99")])
def test_missing_or_malformed_parameters_are_a_400(client: TestClient, params: list[tuple[str, str]]) -> None:
    path = "/api/find" if ("where", "impossible") in params else "/api/ask"
    r = client.get(path, params=params)
    assert r.status_code == 400 and r.json()["error"]


def test_packs_and_vocabulary(client: TestClient) -> None:
    names = [p["name"] for p in client.get("/api/packs").json()]
    assert names == ["fantasy", "skirmish", "wh40k"]
    vocab = client.get("/api/packs/fantasy").json()
    facts = {f["name"]: f for f in vocab["facts"]}
    assert facts["shooter.moved"]["kind"] == "bool" and facts["shooter.moved"]["text"] == "the shooter moved this turn"
    derived = [f for f in facts.values() if "derive" in f]
    assert derived and all(f["from"] for f in derived)
    assert "moved" in next(q for q in vocab["quantities"] if q["name"] == "to_hit")["rules"]


def test_a_pack_named_on_the_command_line_is_served() -> None:
    client = TestClient(create_app(["tests/kb/folder_pack"]), base_url="http://localhost")
    names = [p["name"] for p in client.get("/api/packs").json()]
    assert len(names) == 4


def test_the_openapi_description_lists_every_endpoint(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert {"/api/ask", "/api/why-not", "/api/find", "/api/faq/{pack}", "/api/check/{pack}"} <= set(doc["paths"])
    for path, ops in doc["paths"].items():
        for op in ops.values():
            assert "200" in op["responses"], path


def test_serve_refuses_an_unknown_pack_before_listening(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "nonesuch", "--port", "0"]) == 2
    assert capsys.readouterr().err.startswith("rulings: unknown pack 'nonesuch'")


def test_every_request_the_docs_show_is_described(client: TestClient) -> None:
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"`(?:GET|POST) (/api/[^?` ]*)", page))
    described = set(client.get("/openapi.json").json()["paths"])
    assert shown and {p.replace("PACK", "{pack}") for p in shown} <= described


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/api/ask", "/api/why-not", "/api/find", "/api/brief"]),
       pack=st.sampled_from(["fantasy", "wh40k", "", "x"]) | st.text(max_size=12),
       quantity=st.sampled_from(["to_hit", "BS", "attack", ""]) | st.text(max_size=12),
       given=st.lists(st.sampled_from(["shooter.bs=3", "shooter.bs=", "=", "shooter.moved=maybe", "a=b=c"])
                      | st.text(max_size=20), max_size=3),
       more=st.dictionaries(st.sampled_from(["base", "roll", "rule", "where", "max_facts", "step"]),
                            st.sampled_from(["3+", "4", "-1", "moved", "impossible", "value >=", "2", "attacks=D6",
                                             "hit.target=3+", "hit=3", "damage=D0"])
                            | st.text(max_size=10), max_size=3))
def test_no_query_gets_a_traceback(client: TestClient, path: str, pack: str, quantity: str, given: list[str],
                                   more: dict[str, str]) -> None:
    r = client.get(path, params=[("pack", pack), ("quantity", quantity), *(("given", g) for g in given),
                                 *more.items()])
    assert r.status_code in (200, 400, 404), r.text
    if r.status_code != 200:
        assert r.json()["error"] and "Traceback" not in r.json()["error"]
