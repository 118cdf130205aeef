"""The API's OpenAPI 3.1 description, served at `/openapi.json`.

The answers are the command line's `--format json` documents (SPEC 3.2 for a
ruling), so their schemas here stay open (`type: object`) rather than repeat
the specification.
"""

from __future__ import annotations

from typing import Any


def _query(name: str, description: str, *, required: bool = False, many: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "array", "items": {"type": "string"}} if many else {"type": "string"}
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema,
            **({"style": "form", "explode": True} if many else {})}


def _pack_path() -> dict[str, Any]:
    return {"name": "pack", "in": "path", "required": True, "schema": {"type": "string"},
            "description": "a served pack's name (built-in, or named on the command line)"}


_SITUATION = [
    _query("pack", "a served pack's name", required=True),
    _query("quantity", "the quantity asked about, e.g. to_hit, or a sequence of the pack (a whole attack), "
                       "e.g. attack", required=True),
    _query("given", "a fact value, FACT=VALUE (repeatable), as --given", many=True),
    _query("base", "the quantity's base where the pack does not derive it, as --base"),
    _query("roll", "the unmodified roll, as --roll"),
    _query("step", "for a sequence: KEY=VALUE (repeatable), as --step: attacks=6, damage=D3, models=5, wounds=2, "
                   "weapons=2, or a step's hit.target=3, hit.reroll=ones", many=True),
]

_ERROR = {"description": "bad input: the command line's message",
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _answer(summary: str, parameters: list[dict[str, Any]], *, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    responses = {"200": {"description": "the answer, as the command line's --format json",
                         "content": {"application/json": {"schema": {"type": ["object", "array"]}}}},
                 "400": _ERROR, "404": {**_ERROR, "description": "no pack is served under that name"}}
    return {"summary": summary, "parameters": parameters, "responses": responses, **(extra or {})}


OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Rulings", "version": "1", "description": "Rulings for tabletop wargame rules, and why."},
    "paths": {
        "/api/packs": {"get": _answer("the served packs (rulings packs --format json)", [])},
        "/api/packs/{pack}": {"get": _answer("a pack's facts, quantities, rules and readings", [_pack_path()])},
        "/api/ask": {"get": _answer("a ruling, or a sequence's resolution (rulings ask --format json)", _SITUATION)},
        "/api/brief": {"get": _answer("the ruling's JSON with the short ruling rulings ask prints, line by line "
                                      "(what the explorer page shows)", _SITUATION)},
        "/api/why-not": {"get": _answer("why a rule did not count, and the smallest changes that make it count "
                                        "(rulings why-not --format json)",
                                        [*_SITUATION, _query("rule", "the rule", required=True)])},
        "/api/find": {"get": _answer("the minimal situations whose ruling satisfies an expression "
                                     "(rulings find --format json)",
                                     [*_SITUATION, _query("where", "e.g. impossible, value >= 7", required=True),
                                      _query("max_facts", "facts set beyond those given, 0 to 5 (default 5)")])},
        "/api/faq/{pack}": {"get": _answer("the generated FAQ (rulings faq --format json)", [_pack_path()])},
        "/api/faq/{pack}.md": {"get": {"summary": "the generated FAQ as Markdown (rulings faq)",
                                       "parameters": [_pack_path()],
                                       "responses": {"200": {"description": "Markdown",
                                                             "content": {"text/markdown": {"schema": {
                                                                 "type": "string"}}}}, "404": _ERROR}}},
        "/api/check/{pack}": {"post": _answer(
            "check a pack, or an overlay (house rule, errata) merged over it (rulings check --with --format json)",
            [_pack_path()],
            extra={"requestBody": {"required": False, "description": "the overlay's YAML (empty: the pack alone)",
                                   "content": {"application/yaml": {"schema": {"type": "string"}}}},
                   })},
    },
    "components": {"schemas": {"Error": {"type": "object", "required": ["error"],
                                         "properties": {"error": {"type": "string"}}}}},
}
OPENAPI["paths"]["/api/check/{pack}"]["post"]["responses"]["413"] = {**_ERROR, "description": "the upload is too large"}
