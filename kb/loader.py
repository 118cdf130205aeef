"""Load a rule pack strictly: every problem in the files, each with file:line:column.

A pack is a YAML file or a folder of YAML files whose sections merge. The
loader checks the JSON Schema (shape, unknown keys, types, keys that depend on
an entry's kind), then the meaning: expressions parse and type-check against
the facts (a lookup table becomes the conditional it stands for), names refer
to things that exist, defaults sit in their ranges, and the dependency graph
has no cycles. An entry whose shape is wrong is reported and left out, so
every problem in the files is reported in one pass.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from kb.document import Document, read_document, shorten
from kb.errors import PackError, RulingsError, Span, UnknownName, did_you_mean
from kb.expr import Expr, ExprSyntaxError, FactType, check_expr, parse_expr, problem_hint
from kb.limits import excerpt
from kb.locate import pack_files
from kb.model import (
    NEUTRAL,
    READING,
    RULING_FIELDS,
    STEPS,
    Always,
    Arithmetic,
    Assumption,
    Citation,
    Constraint,
    Example,
    Fact,
    Limit,
    Modifier,
    Pack,
    Policy,
    Quantity,
    Reading,
    Remark,
    Reroll,
    RollSequence,
    split_change,
)
from kb.sequences import build_sequence

BASE = "base"
"""The name a clamp's or cap's limits use for the quantity's unmodified value."""

SECTIONS = (
    "sources", "assumptions", "facts", "quantities", "modifiers", "policies", "constraints", "limits", "readings",
    "notes", "plurals", "sequences",
)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cycle collector paused for a while (a context manager or a decorator).

    Loading or checking a large pack makes many objects and almost no cycles;
    each full collection walks every object made so far, so with it running
    the time grows faster than the pack (10k modifiers: 4.4 s, 2.9 s without).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@gc_paused()
def load_pack(name_or_path: str, *, extra: Sequence[str] = ()) -> Pack:
    """Load a pack (and `extra` files merged over it) or raise `PackError` listing every problem."""
    documents = pack_documents(name_or_path)
    own = len(documents)
    for e in extra:
        documents += [read_document(f, _display_path(f), what="pack file") for f in pack_files(e)]
    default_name = Path(name_or_path).stem if Path(name_or_path).exists() else name_or_path
    return build_pack(documents, default_name, overlay=own if extra else None)


def pack_documents(name_or_path: str) -> list[Document]:
    """The documents of a pack: its file, or the files of its folder but its overlays.

    A file whose top-level `overlay:` says what it changes is an erratum or a
    house rule kept beside the pack: loading the folder leaves it out, and
    `--with FILE` merges it over the pack. A pack named by an overlay's own
    path is refused (`--with` is how an overlay is used).
    """
    files = pack_files(name_or_path)
    documents = [read_document(file, _display_path(file), what="pack file") for file in files]
    if len(files) == 1 and Path(name_or_path).is_file() and _overlay(documents[0]):
        doc = documents[0]
        raise PackError([RulingsError(
            f"{doc.path} is an overlay ({excerpt(str(doc.data['overlay']), 60)}), not a pack",
            where=doc.span(("overlay",), key=True),
            hint=f"merge it over its pack: --with {doc.path} (or remove its overlay: key to load it as a pack)")])
    kept = [doc for doc in documents if not _overlay(doc)]
    if documents and not kept:
        raise RulingsError(f"{shorten(name_or_path)}: every file of the folder is an overlay (overlay:), so there "
                           "is no pack to merge them over", hint="a pack folder needs at least one file without "
                                                                 "overlay:")
    return kept


def _overlay(doc: Document) -> bool:
    return isinstance(doc.data, dict) and "overlay" in doc.data


def _display_path(file: Path) -> str:
    try:
        return str(file.relative_to(Path.cwd()))
    except ValueError:
        return str(file)


def build_pack(documents: list[Document], default_name: str, *, overlay: int | None = None) -> Pack:
    """Check documents against the schema and build a `Pack` from their merged sections.

    With `overlay`, documents from that index on replace same-named entries
    (an errata or house rule); otherwise a name given twice is an error.
    """
    builder = _Builder()
    for index, doc in enumerate(documents):
        builder.add(doc, replace=overlay is not None and index >= overlay)
    return builder.finish(default_name)


_SCHEMA: dict[str, Any] | None = None


def schema() -> dict[str, Any]:
    """The pack JSON Schema shipped with Rulings."""
    global _SCHEMA  # noqa: PLW0603 -- read once per process
    if _SCHEMA is None:
        _SCHEMA = json.loads(resources.files("kb").joinpath("schema.json").read_text(encoding="utf-8"))
    return _SCHEMA


ENTRIES = (*SECTIONS, "examples")
"""The parts of a pack whose entries are checked on their own: a misshapen entry is left out, the rest checked."""
WHOLE = ("arithmetic",)
"""Top-level keys whose value is one entry: a misshapen one is left out (the engine's neutral order stands)."""


def _schema_problems(doc: Document) -> tuple[list[RulingsError], set[tuple[Any, ...]] | None]:
    """Every schema problem, and the entries to leave out of the checks of meaning.

    Unknown keys are removed from the document and a misshapen entry (a
    fact, a rule, an example: `(section, name)` or `("examples", i)`) is left
    out, so the rest of the file is still checked and every error in it is
    reported at once. None instead of the entries: the file's own shape is
    wrong (a section that is not a mapping), so nothing in it can be trusted.
    """
    validator = _strict_validator()(schema())
    problems = []
    unknown: list[tuple[dict[str, Any], str]] = []
    broken: set[tuple[Any, ...]] | None = set()
    for error in sorted(_flat(validator.iter_errors(doc.data)), key=lambda e: [str(p) for p in e.absolute_path]):
        path = tuple(error.absolute_path)
        if error.validator == "additionalProperties":
            allowed = sorted(error.schema.get("properties", {}))
            for key in sorted(set(error.instance) - set(allowed)):
                hint = "; ".join(h for h in (did_you_mean(key, allowed), "allowed: " + ", ".join(allowed),
                                             error.schema.get("$comment")) if h)
                problems.append(RulingsError(f"unknown key {key!r}", where=doc.span((*path, key), key=True), hint=hint))
                unknown.append((error.instance, key))
            continue
        problem = _shape_problem(error, path, doc)
        if not any(p.message == problem.message for p in problems):  # one schema rule broken in several places
            problems.append(problem)
        entry = path[:2] if len(path) >= 2 and path[0] in ENTRIES else path[:1] if (len(path) == 1 and path[
            0] not in ENTRIES) or (path and path[0] in WHOLE) else None
        if entry is None or broken is None:
            broken = None
        else:
            broken.add(entry)
    for mapping, key in unknown:
        mapping.pop(key, None)
    return problems, broken


def _flat(errors: Any) -> Any:
    """Errors as the writer meant the value: a mapping where an expression goes is a lookup table."""
    for error in errors:
        table = any("$ref" in branch for branch in error.validator_value) if error.validator == "anyOf" else False
        if table and isinstance(error.instance, dict) and error.context:
            yield from _flat(e for e in error.context if e.schema_path and e.schema_path[0] == 1)
        else:
            yield error


KIND_KEYS = {"facts": ("fact", "type"), "quantities": ("quantity", "kind"), "policies": ("policy", "kind")}
"""The entries whose keys depend on one of their keys: the schema's `if`/`then` on it."""


def _shape_problem(error: Any, path: tuple[Any, ...], doc: Document) -> RulingsError:
    """One schema error as a located message; keys that depend on an entry's `kind` say which kind.

    A rule of the schema may word its own message (`x-message`, with `{value}` for the value, or one per
    validator) and hint (`x-hint`).
    """
    field = ".".join(str(p) for p in path) or "the pack"
    custom = error.schema.get("x-message") if isinstance(error.schema, dict) else None
    if isinstance(custom, dict):
        custom = custom.get(error.validator)
    if custom:
        owner = ".".join(map(str, path[:2])) if len(path) >= 2 and path[0] in ENTRIES else field
        where, value = path, error.instance
        if "propertyNames" in error.absolute_schema_path:  # the key itself is wrong: point at it
            where = (*path, error.instance)
        elif error.validator == "uniqueItems":  # point at the second of the two
            second = next(i for i, v in enumerate(value) if v in value[:i])
            where, value = (*path, second), value[second]
        return RulingsError(f"{owner}: " + custom.replace("{value}", excerpt(value)),
                            where=doc.span(where, key="propertyNames" in error.absolute_schema_path
                                           or error.validator in ("required", "anyOf")),
                            hint=error.schema.get("x-hint", ""))
    if "then" in error.absolute_schema_path and error.validator in ("not", "required") and path[:1] and path[
            0] in KIND_KEYS:
        entry = path[:-1] if error.validator == "not" else path
        what, by = KIND_KEYS[entry[0]]
        kind = str(_at(doc.data, entry).get(by))
        article = "an" if kind[:1] in "aeiou" else "a"
        owner = ".".join(map(str, entry))
        keys = ", ".join(_kind_keys(what, kind))
        if error.validator == "not":
            return RulingsError(f"{owner}: {article} {kind} {what} takes no {path[-1]!r}",
                                where=doc.span(path, key=True), hint=f"keys of {article} {kind} {what}: {keys}")
        missing = error.message.split("'")[1]
        return RulingsError(f"{owner}: {article} {kind} {what} needs {missing!r}", where=doc.span(path, key=True),
                            hint=f"keys of {article} {kind} {what}: {keys}")
    message = f"{field}: {_plain(error)}"
    if error.validator == "type" and error.validator_value == "integer" and isinstance(error.instance, float):
        hint = f"write {int(error.instance)}, without the decimal point" if error.instance.is_integer() else ""
        return RulingsError(message, where=doc.span(path), hint=hint or "a whole number, such as 3")
    return RulingsError(message, where=doc.span(path),
                        hint=error.schema.get("x-hint", "") if isinstance(error.schema, dict) else "")


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _kind_keys(what: str, kind: str) -> list[str]:
    """The keys an entry of this kind may have: every key of its kind of entry but those of other kinds."""
    definition = schema()["$defs"][what]
    for rule in definition.get("allOf", ()):
        ((_, condition),) = rule["if"]["properties"].items()
        if condition["const"] == kind:
            barred = {k for k, v in rule["then"].get("properties", {}).items() if "not" in v}
            return sorted(set(definition["properties"]) - barred)
    return sorted(definition["properties"])


def _strict_validator() -> Any:
    """Draft 2020-12, except that 1.0 is not an integer: YAML keeps 1.0 a float, and a range needs ints."""
    import jsonschema

    def integer(checker: Any, instance: Any) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", integer)
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)


def _plain(error: Any) -> str:
    if error.validator == "enum":
        return f"{excerpt(error.instance)} is not one of " + ", ".join(map(repr, error.validator_value))
    if error.validator == "type":
        want = error.validator_value if isinstance(error.validator_value, str) else " or ".join(error.validator_value)
        return f"expected {want}, got {excerpt(error.instance)}"
    if error.validator == "required":
        return error.message.replace("is a required property", "is required")
    return str(error.message)


class _Builder:
    """Collects sections from documents, then builds and checks the pack."""

    def __init__(self) -> None:
        self.problems: list[RulingsError] = []
        self.unreadable = False
        """A file whose shape is wrong: its meaning is not checked."""
        self.entries: dict[str, dict[str, tuple[Any, Document, tuple[Any, ...]]]] = {s: {} for s in SECTIONS}
        self.examples: list[tuple[Any, Document, tuple[Any, ...]]] = []
        self.broken: dict[str, set[str]] = {s: set() for s in SECTIONS}
        """Entries left out for their shape: known names, so nothing else is reported for them."""
        self.meta: dict[str, Any] = {}
        self.arithmetic: tuple[Any, Document] | None = None
        """The `arithmetic:` given (the last overlay's, if one gives it), with its file."""
        self.docs: list[Document] = []
        self.first_path = ""
        self.ranges: dict[str, tuple[int, int]] = {}
        self.read: set[str] = set()
        """Every name an expression of the pack reads (for the readings an expression reads)."""
        self.row_cites: dict[str, tuple[tuple[Expr, Citation], ...]] = {}
        """Int facts' declared ranges, for lookup tables' rows."""

    def add(self, doc: Document, *, replace: bool) -> None:
        self.first_path = self.first_path or doc.path
        if doc.data is None:
            return
        if not isinstance(doc.data, dict):
            self.problems.append(RulingsError("a pack file must be a mapping of sections", where=doc.span(()),
                                              hint="the top level of a pack names its sections as keys: "
                                                   "facts:, quantities:, modifiers: ..."))
            self.unreadable = True
            return
        found, broken = _schema_problems(doc)
        self.problems += found
        if broken is None:
            self.unreadable = True
            return
        self.docs.append(doc)
        for entry in sorted(broken, key=str):
            if entry[0] in SECTIONS:
                self.broken[entry[0]].add(entry[1])
                doc.data[entry[0]].pop(entry[1], None)
            elif entry[0] != "examples":
                doc.data.pop(entry[0], None)
        for key in ("pack", "title"):
            if key in doc.data and (key not in self.meta or replace is False):
                self.meta.setdefault(key, doc.data[key])
        if "arithmetic" in doc.data:
            if self.arithmetic is not None and not replace:
                self.error("arithmetic given twice", doc, ("arithmetic",),
                           f"first given at {self.arithmetic[1].span(('arithmetic',), key=True)}", key=True)
            else:
                self.arithmetic = (doc.data["arithmetic"], doc)
        for section in SECTIONS:
            for name, raw in (doc.data.get(section) or {}).items():
                if name in self.entries[section] and not replace:
                    _, first, _ = self.entries[section][name]
                    self.problems.append(
                        RulingsError(
                            f"{section} entry {name!r} given twice",
                            where=doc.span((section, name), key=True),
                            hint=f"first given at {first.span((section, name), key=True)}",
                        )
                    )
                    continue
                self.entries[section][name] = (raw, doc, (section, name))
        for i, raw in enumerate(doc.data.get("examples") or []):
            if ("examples", i) not in broken:
                self.examples.append((raw, doc, ("examples", i)))

    def error(self, message: str, doc: Document, path: tuple[Any, ...], hint: str = "", *, key: bool = False) -> None:
        self.problems.append(RulingsError(message, where=doc.span(path, key=key), hint=hint))

    def finish(self, default_name: str) -> Pack:
        if self.unreadable:
            raise PackError(self.problems)
        if not self.entries["quantities"] and not self.broken["quantities"]:
            self.problems.append(RulingsError("the pack has no quantities, so there is nothing to ask",
                                              where=Span(self.first_path or default_name, 1, 1),
                                              hint="is the file empty? a pack needs quantities: {...}"))
        reading_types = self._reading_types()
        facts = self._facts(reading_types)
        types = {**{name: FactType("?") for name in self.broken["facts"]}, **reading_types,
                 **{n: f.type for n, f in facts.items()}}
        arithmetic = self._arithmetic()
        quantities = {n: self._quantity(n, *e, types, arithmetic) for n, e in self.entries["quantities"].items()}
        modifiers = {n: self._modifier(n, *e, types, quantities) for n, e in self.entries["modifiers"].items()}
        policies = {n: self._policy(n, *e, types, quantities, modifiers) for n, e in self.entries["policies"].items()}
        constraints = {
            n: Constraint(n, self._expr(raw["require"], doc, (*p, "require"), types, "bool"), doc.span(p),
                          raw.get("text", ""), self._cite(raw, doc, p))
            for n, (raw, doc, p) in self.entries["constraints"].items()
        }
        limits = {
            n: Limit(n, self._quantity_names(raw["quantity"], doc, (*p, "quantity"), quantities),
                     self._expr(raw["holds"], doc, (*p, "holds"), RULING_FIELDS, "bool"), doc.span(p),
                     raw.get("text", ""), self._cite(raw, doc, p))
            for n, (raw, doc, p) in self.entries["limits"].items()
        }
        readings = {n: self._reading(n, *e) for n, e in self.entries["readings"].items()}
        facts.update(self._reading_facts(readings))
        sequences = {n: self._sequence(n, *e, types, quantities) for n, e in self.entries["sequences"].items()}
        assumptions = {
            n: Assumption(n, raw["text"], raw["reason"], doc.span(p), raw.get("framing", False), raw.get("for", ""))
            for n, (raw, doc, p) in self.entries["assumptions"].items()
        }
        self._check_references(quantities, modifiers, policies, readings, assumptions)
        self._check_quotes()
        examples = tuple(self._example(raw, doc, p, quantities) for raw, doc, p in self.examples)
        named: dict[str, Example] = {}
        for example in examples:
            if example.name in named:
                self.problems.append(RulingsError(f"example name {example.name!r} given twice", where=example.where,
                                                  hint=f"first given at {named[example.name].where}"))
            named.setdefault(example.name, example)
        pack = Pack(
            name=str(self.meta.get("pack", default_name)),
            title=str(self.meta.get("title", "")),
            path=self.first_path,
            facts=facts,
            quantities=quantities,
            modifiers=modifiers,
            policies=policies,
            constraints=constraints,
            limits=limits,
            sequences=sequences,
            readings=readings,
            assumptions=assumptions,
            examples=examples,
            sources={n: raw for n, (raw, _, _) in self.entries["sources"].items()},
            notes={n: raw for n, (raw, _, _) in self.entries["notes"].items()},
            plurals=self._plurals(),
            row_cites=self.row_cites,
            arithmetic=arithmetic,
        )
        if self.problems:
            raise PackError(self.problems)
        from kb.graph import derivation_order

        order = derivation_order(pack)
        return Pack(**{**{f: getattr(pack, f) for f in pack.__dataclass_fields__}, "order": order})

    # -- sections -----------------------------------------------------------

    def _reading_types(self) -> dict[str, FactType]:
        """`reading.NAME` for each declared reading that settles the pack's own rules: an expression may read which
        of its options a ruling follows."""
        return {READING + name: FactType("enum", tuple(raw["options"]))
                for name, (raw, _, _) in self.entries["readings"].items() if not raw.get("decides")}

    def _reading_facts(self, readings: dict[str, Reading]) -> dict[str, Fact]:
        """The readings an expression reads, each as an enum fact of its options. It has no default: a ruling
        gives it the option it follows (`solver.ask`), and a search that meets it tries every option."""
        read = {name for name in self.read if name.startswith(READING)}
        return {READING + r.name: Fact(READING + r.name, FactType("enum", tuple(dict(r.options))),
                                       f"{_words(r.name)} is read as {{value}}", r.where, cite=r.cite,
                                       value_text=tuple((o, _words(o)) for o, _ in r.options))
                for r in readings.values() if READING + r.name in read}

    def _facts(self, reading_types: dict[str, FactType]) -> dict[str, Fact]:
        types = {name: FactType("?") for name in self.broken["facts"]}  # checked against nothing: no second error
        types.update(reading_types)
        for name, (raw, _, _) in self.entries["facts"].items():
            types[name] = FactType(raw["type"], tuple(raw.get("values", ())))
        facts = {}
        for name, (raw, doc, path) in self.entries["facts"].items():
            kind = raw["type"]
            span = doc.span(path, key=True)
            if name.startswith(READING):
                self.error(f"fact {name!r}: names that begin with {READING!r} are the readings'", doc, path,
                           f"rename the fact; an expression reads a reading's option as {READING}NAME", key=True)
            rng = tuple(raw["range"]) if "range" in raw else None
            if rng is not None and rng[0] <= rng[1]:
                self.ranges[name] = (rng[0], rng[1])
            if rng and rng[0] > rng[1]:
                self.error(f"fact {name!r}: range {list(rng)} is empty", doc, (*path, "range"),
                           f"write the lowest value first: range: [{rng[1]}, {rng[0]}]")
            default = raw.get("default", False if kind == "bool" else None)
            if default is not None and not _fits(default, kind, rng, raw.get("values", ())):
                article = "an" if kind in ("int", "enum") else "a"
                self.error(f"fact {name!r}: default {default!r} is not {article} {kind}"
                           + (f" in {list(rng)}" if rng else ""), doc, (*path, "default"),
                           _default_hint(default, kind, rng, raw.get("values", ())))
            if kind == "keywords" and isinstance(default, list):
                default = frozenset(str(k).upper() for k in default)
            typical = raw.get("typical")
            if typical is not None and (kind != "int" or not _fits(typical, kind, rng, ())):
                self.error(f"fact {name!r}: typical {typical!r} is not an int" + (f" in {list(rng)}" if rng else ""),
                           doc, (*path, "typical"), hint="typical is the value of an int fact searches try first")
                typical = None
            want = types[name] if kind == "enum" else kind  # an enum's texts must be among its values
            derive = self._expr(raw["derive"], doc, (*path, "derive"), types, want) if "derive" in raw else None
            if derive is not None:
                default = None
            facts[name] = Fact(name, types[name], raw.get("text", name), span, rng, default, derive,  # type: ignore[arg-type]
                               self._cite(raw, doc, path), typical, self._value_text(name, raw, doc, path))
        return facts

    def _value_text(self, name: str, raw: dict[str, Any], doc: Document,
                    path: tuple[Any, ...]) -> tuple[tuple[str, str], ...]:
        """An enum fact's display texts, when its `values` map each value to the words a player reads."""
        values = raw.get("values")
        if not isinstance(values, dict):
            return ()
        out = []
        for value, text in values.items():
            if not isinstance(value, str):  # YAML reads `yes:`, `no:`, `1:` as a bool or a number
                self.error(f"fact {name!r}: value {value!r} is not a name", doc, (*path, "values", value),
                           "quote it, e.g. \"yes\": the value's display text", key=True)
                continue
            out.append((value, str(text)))
        return tuple(out)

    def _arithmetic(self) -> Arithmetic:
        """The pack's order of operations (`arithmetic:`), or the engine's neutral one."""
        if self.arithmetic is None:
            return NEUTRAL
        raw, doc = self.arithmetic
        path: tuple[Any, ...] = ("arithmetic",)
        ops = {step: op for op, step in STEPS.items()}
        order = tuple(ops[s] for s in raw.get("order", ())) or NEUTRAL.order
        if order[0] != "=":
            self.error(f"arithmetic: the order starts with {raw['order'][0]!r}, not set", doc, (*path, "order", 0),
                       "a value set to a number is what the other steps modify: set comes first")
        return Arithmetic(order, raw.get("round", NEUTRAL.round), tuple(raw.get("set_ends", ())),
                          _citation(raw["cite"]) if "cite" in raw else None)

    def _quantity(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
                  types: dict[str, FactType], arithmetic: Arithmetic = NEUTRAL) -> Quantity:
        def expr(key: str, kind: str) -> Expr | None:
            return self._expr(raw[key], doc, (*path, key), types, kind) if key in raw else None

        chart = [(int(score), int(then)) for score, then in (raw.get("chart") or {}).items()]  # keys: the schema's
        return Quantity(
            name, raw["kind"], raw.get("text", name), doc.span(path, key=True),
            base=expr("base", "int"), plus=raw.get("plus", "raises"), chart=tuple(sorted(chart)),
            impossible_from=raw.get("impossible_from"), automatic=expr("automatic", "bool"),
            dice=raw.get("dice", "D6"), passes=expr("passes", "int"), characteristic=raw.get("characteristic"),
            effects=bool(raw.get("effects", False)),
            better=raw.get("better", "lower" if raw["kind"] == "score" else "higher"),
            chart_assumption=raw.get("chart_assumption"), assumptions=tuple(raw.get("assumptions", ())),
            cite=self._cite(raw, doc, path),
            cites=tuple((step, _citation(cite)) for step, cite in sorted((raw.get("cites") or {}).items())),
            always=self._always(name, raw, doc, path),
            rerolls=self._rerolls(name, raw, doc, path, types),
            random=Remark(raw["random"]["text"], _citation(raw["random"]["cite"])) if "random" in raw else None,
            weapons=bool(raw.get("weapons", False)), arithmetic=arithmetic,
        )

    def _always(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...]) -> tuple[Always, ...]:
        """A roll's unmodified results that always pass or fail; one result is never said twice."""
        out: dict[int, Always] = {}
        for i, a in enumerate(raw.get("always") or ()):
            said = out.get(a["unmodified"])
            if said is not None:
                clash = "both passes and fails" if said.passes != (a["result"] == "passes") else "is given twice"
                self.error(f"quantity {name!r}: an unmodified {a['unmodified']} {clash}", doc,
                           (*path, "always", i, "unmodified"), hint="keep one always entry for each result")
                continue
            out[a["unmodified"]] = Always(a["unmodified"], a["result"] == "passes", a.get("assumption"),
                                          _citation(a["cite"]) if "cite" in a else None)
        return tuple(out.values())

    def _rerolls(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
                 types: dict[str, FactType]) -> tuple[Reroll, ...]:
        """A roll's re-roll rules; an improved rule must name an earlier rule of the same roll."""
        out: list[Reroll] = []
        for i, r in enumerate(raw.get("rerolls") or ()):
            where = (*path, "rerolls", i)
            if r["name"] in {x.name for x in out}:
                self.error(f"quantity {name!r}: re-roll rule {r['name']!r} given twice", doc, (*where, "name"))
            improves = r.get("improves")
            if improves is not None and improves not in {x.name for x in out}:
                self.error(f"quantity {name!r}: re-roll rule {r['name']!r} improves {improves!r}, which is not an "
                           "earlier re-roll rule of this roll", doc, (*where, "improves"),
                           did_you_mean(improves, [x.name for x in out]))
                improves = None
            out.append(Reroll(r["name"], r["reroll"], self._expr(r.get("when", True), doc, (*where, "when"), types,
                                                                 "bool"),
                              doc.span(where), improves, bool(r.get("instead", True)), r.get("text", ""),
                              _citation(r["cite"]) if "cite" in r else None))
        return tuple(out)

    def _modifier(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
                  types: dict[str, FactType], quantities: dict[str, Quantity]) -> Modifier:
        qs = self._quantity_names(raw["quantity"], doc, (*path, "quantity"), quantities)
        op, amount_text = split_change(raw["change"])  # the schema sees that a change starts with its operation
        return Modifier(
            name, qs, op, self._expr(amount_text, doc, (*path, "change"), types, "int"),
            self._expr(raw.get("when", True), doc, (*path, "when"), types, "bool"), doc.span(path, key=True),
            per=self._expr(raw["per"], doc, (*path, "per"), types, "int") if "per" in raw else None,
            under=tuple(sorted((raw.get("under") or {}).items())), text=raw.get("text", ""),
            assumptions=tuple(raw.get("assumptions", ())), cite=self._cite(raw, doc, path),
        )

    def _policy(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
                types: dict[str, FactType], quantities: dict[str, Quantity],
                modifiers: dict[str, Modifier]) -> Policy:
        kind = raw["kind"]  # the keys each kind needs and takes are the schema's business (if/then)
        for i, rule in enumerate([*raw.get("rules", ()), *raw.get("over", ())]):
            listed = len(raw.get("rules", ()))
            where = (*path, "rules", i) if i < listed else (*path, "over", i - listed)
            self._known("rule", rule, modifiers, doc, where)
        if "rule" in raw:
            self._known("rule", raw["rule"], modifiers, doc, (*path, "rule"))
        low, high = raw.get("min"), raw.get("max")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            self.error(f"policy {name!r}: min {low} is above max {high}, so no value fits", doc, (*path, "min"),
                       f"min is the lowest value allowed and max the highest: min: {high}, max: {low}?")
        qs = self._quantity_names(raw.get("quantity", []), doc, (*path, "quantity"), quantities)
        if raw.get("of", "net") != "net":
            self._share(name, raw, doc, path, [quantities[q] for q in qs if q in quantities])
        elif kind == "cap":  # a cap bounds a roll's net modifier: on anything else it would never bite, unsaid
            for q in (quantities[q] for q in qs if q in quantities):
                if q.kind not in ("roll", "total"):
                    self.error(f"policy {name!r}: a cap bounds the net modifier of a roll or a total, and {q.name} "
                               f"is a {q.kind}", doc, (*path, "quantity"),
                               "clamp the value instead (kind: clamp, with min or max)")

        # a clamp's limits may read `base`, the quantity's unmodified value (a CP cost's +1 limit); a cap's may not:
        # it bounds the net modifier of a roll, which has no base
        limits = {**types, BASE: FactType("int")} if kind == "clamp" else types

        def expr(key: str, want: str) -> Expr | None:
            known = limits if key in ("min", "max") else types
            return self._expr(raw[key], doc, (*path, key), known, want) if key in raw else None

        return Policy(
            name, kind, doc.span(path, key=True), rules=tuple(raw.get("rules", ())), keep=raw.get("keep", "first"),
            rule=raw.get("rule"), over=tuple(raw.get("over", ())), quantities=qs,
            min=expr("min", "int"), max=expr("max", "int"), when=expr("when", "bool"),
            under=tuple(sorted((raw.get("under") or {}).items())), chooser=raw.get("chooser", "the controlling player"),
            label=raw.get("label", name),
            text=raw.get("text", ""), assumption=raw.get("assumption"), cite=self._cite(raw, doc, path),
            symbols=tuple(raw.get("symbols", ())), of=raw.get("of", "net"),
        )

    def _share(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
               quantities: list[Quantity]) -> None:
        """A cap of only the improvements (or worsenings) of a roll: the bound that can bite, on a roll or total.

        Improvements add up to 0 or more on a roll where higher is better (to 0 or less where lower is), so
        only one of `min` and `max` can hold them; the other is refused rather than silently never biting.
        """
        of = raw["of"]
        for q in quantities:
            if q.kind not in ("roll", "total"):
                self.error(f"policy {name!r}: of: {of} bounds the modifiers of a roll or a total, and {q.name} is "
                           f"a {q.kind}", doc, (*path, "of"), "cap a roll's modifiers, or clamp the value instead")
                continue
            up = (of == "improvements") == (q.better == "higher")
            useless = "min" if up else "max"
            if useless in raw:
                sign, side = ("0 or more", "max") if up else ("0 or less", "min")
                verb = "improve" if of == "improvements" else "worsen"
                self.error(f"policy {name!r}: the modifiers that {verb} {q.name} add up to {sign}, so {useless} "
                           "never bounds them",
                           doc, (*path, useless), f"give {side} only: e.g. {side}: {'1' if up else '-1'}", key=True)

    def _reading(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...]) -> Reading:
        options = tuple(raw["options"].items())
        if raw["default"] not in raw["options"]:
            self.error(f"reading {name!r}: default {raw['default']!r} is not one of its options", doc,
                       (*path, "default"), did_you_mean(raw["default"], raw["options"])
                       or "its options: " + ", ".join(raw["options"]))
        return Reading(name, raw["sentence"], options, raw["default"], doc.span(path, key=True),
                       self._cite(raw, doc, path), decides=raw.get("decides", ""))

    def _plurals(self) -> tuple[tuple[str, str], ...]:
        from kb.keywords import irregular_words

        pairs = []
        for singular, (plural, doc, path) in self.entries["plurals"].items():
            try:
                irregular_words([(singular, plural)])
            except ValueError as e:
                self.error(f"plurals: {e}", doc, path, hint="e.g. SPACE WOLF: SPACE WOLVES")
                continue
            pairs.append((str(singular), str(plural)))
        return tuple(pairs)

    def _example(self, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
                 quantities: dict[str, Quantity]) -> Example:
        if raw["quantity"] not in self.entries["sequences"]:  # an example may ask a quantity or a sequence
            self._known("quantity", raw["quantity"], quantities, doc, (*path, "quantity"))
        return Example(raw["name"], raw["quantity"], raw.get("situation") or {}, raw["expect"], doc.span(path),
                       raw.get("quote", ""), raw.get("faq", ""), raw.get("topic", ""))

    # -- checks -------------------------------------------------------------

    def _check_references(self, quantities: dict[str, Quantity], modifiers: dict[str, Modifier],
                          policies: dict[str, Policy], readings: dict[str, Reading],
                          assumptions: dict[str, Assumption]) -> None:
        def under(entries: dict[str, Any], section: str) -> None:
            for name, entry in entries.items():
                _, doc, path = self.entries[section][name]
                for reading, option in entry.under:
                    if reading not in readings:
                        self._known("reading", reading, readings, doc, (*path, "under", reading))
                    elif option not in dict(readings[reading].options):
                        self.error(f"{name!r}: reading {reading!r} has no option {option!r}", doc,
                                   (*path, "under", reading), did_you_mean(option, dict(readings[reading].options)))

        under(modifiers, "modifiers")
        under(policies, "policies")
        for section in ("quantities", "modifiers", "policies", "sequences"):
            for raw, doc, path in self.entries[section].values():
                named = (raw[k] for k in ("assumption", "chart_assumption") if k in raw)
                always = (a["assumption"] for a in raw.get("always") or () if "assumption" in a)
                wanted = [*raw.get("assumptions", ()), *named, *always]
                for a in wanted:
                    self._known("assumption", a, assumptions, doc, path)
        for section in ("facts", "quantities", "modifiers", "policies", "constraints", "limits", "readings",
                        "sequences"):
            for raw, doc, path in self.entries[section].values():
                if "cite" in raw:
                    source = raw["cite"]["source"]
                    self._known("source", source, self.entries["sources"], doc, (*path, "cite", "source"))
                for step, cite in (raw.get("cites") or {}).items():
                    self._known("source", cite["source"], self.entries["sources"], doc,
                                (*path, "cites", step, "source"))
                if section == "quantities" and "cite" in (raw.get("random") or {}):
                    self._known("source", raw["random"]["cite"]["source"], self.entries["sources"], doc,
                                (*path, "random", "cite", "source"))
                for key in ("always", "rerolls") if section == "quantities" else ():
                    for i, entry in enumerate(raw.get(key) or ()):
                        if "cite" in entry:
                            self._known("source", entry["cite"]["source"], self.entries["sources"], doc,
                                        (*path, key, i, "cite", "source"))
        if self.arithmetic is not None and "cite" in self.arithmetic[0]:
            raw, doc = self.arithmetic
            self._known("source", raw["cite"]["source"], self.entries["sources"], doc, ("arithmetic", "cite", "source"))

    def _check_quotes(self) -> None:
        """Every citation names a paragraph its source has and quotes words that paragraph says (without a
        paragraph, and an example's quote: words its source says, paragraphs in order): the product's promise is
        that each step quotes the rule it rests on."""
        paragraphs = {name: {str(k): str(v) for k, v in (raw.get("paragraphs") or {}).items()}
                      for name, (raw, _, _) in self.entries["sources"].items()}
        for doc in self.docs:
            for path, cite in _citations(doc.data):
                if not isinstance(cite, dict) or cite.get("source") not in paragraphs:
                    continue  # an unknown source is reported where it is named
                text = paragraphs[cite["source"]]
                if cite.get("paragraph") is not None and str(cite["paragraph"]) not in text:
                    self.error(f"cite: {cite['source']} has no paragraph {cite['paragraph']}", doc,
                               (*path, "paragraph"), f"its paragraphs: {', '.join(text) or 'none'}")
                    continue
                said = text[str(cite["paragraph"])] if cite.get("paragraph") is not None else " ".join(text.values())
                if cite.get("quote") and not quoted(str(cite["quote"]), said):
                    self.error(f"cite: the quote {excerpt(str(cite['quote']), 60)} is not in {cite['source']}"
                               + (f" ¶{cite['paragraph']}" if cite.get("paragraph") is not None else ""),
                               doc, (*path, "quote"), "quote the paragraph's words as written ('...' joins parts in "
                               "their order)")
            for i, raw in enumerate(doc.data.get("examples") or []):
                quote = raw.get("quote") if isinstance(raw, dict) else None
                if quote and paragraphs and not any(quoted(str(quote), " ".join(p.values()))
                                                    for p in paragraphs.values()):
                    self.error(f"example: the quote {excerpt(str(quote), 60)} is in no source of the pack", doc,
                               ("examples", i, "quote"), "quote the rule text's words as written")

    def _known(self, what: str, name: str, known: Any, doc: Document, path: tuple[Any, ...]) -> bool:
        section = {"rule": "modifiers", "quantity": "quantities", "reading": "readings", "assumption": "assumptions",
                   "source": "sources"}[what]
        if name in known or name in self.broken[section]:
            return True
        error = UnknownName(what, name, known, where=doc.span(path),
                            none_known=f"the pack declares no {section}: declare {name!r} under {section}:")
        self.problems.append(error)
        return False

    def _quantity_names(self, raw: str | list[str], doc: Document, path: tuple[Any, ...],
                        quantities: dict[str, Quantity]) -> tuple[str, ...]:
        names = [raw] if isinstance(raw, str) else list(raw)
        return tuple(n for n in names if self._known("quantity", n, quantities, doc, path))

    def _expr(self, raw: Any, doc: Document, path: tuple[Any, ...], types: dict[str, FactType],
              want: str | FactType) -> Expr:
        if isinstance(raw, dict):  # a lookup table: the conditional it stands for
            text = self._table(raw, doc, path, types, want)
            table = parse_expr(text) if text is not None else parse_expr(0 if want == "int" else True)
            self.read.update(table.names)
            return table
        span = doc.span(path)
        field = ".".join(map(str, path))
        try:
            expr = parse_expr(raw)
        except ExprSyntaxError as e:
            self.problems.append(RulingsError(f"{field}: {e.message} in {excerpt(raw)}",
                                              where=_shift(span, e.offset, raw), hint=e.hint))
            return parse_expr(0 if want == "int" else True)
        for problem, offset in check_expr(expr, types, want):
            self.problems.append(RulingsError(f"{field}: {self._reading_problem(problem)}",
                                              where=_shift(span, offset, raw), hint=problem_hint(problem)))
        self.read.update(expr.names)
        return expr

    def _reading_problem(self, problem: str) -> str:
        """An unknown `reading.NAME` said as a reading, with those an expression can read."""
        if not problem.startswith(f"unknown fact '{READING}"):
            return problem
        readable = [n for n, (raw, _, _) in self.entries["readings"].items() if not raw.get("decides")]
        return (f"{problem.split(chr(39))[1]!r} names no reading an expression can read: "
                + (f"declared ones are {', '.join(readable)}" if readable else "the pack declares none")
                + " (one with decides: settles the engine's own work, not an expression)")

    def _table(self, raw: dict[str, Any], doc: Document, path: tuple[Any, ...], types: dict[str, FactType],
               want: str | FactType) -> str | None:
        """A table's rows as one conditional, `(V1) if KEY == 'a' else (V2) if ... else (DEFAULT)`; None if broken.

        Each row's value is an expression checked where it is written; the
        rows must name values of the fact that picks them, not overlap, and
        cover every value of it unless the table has a `default`.
        """
        key, field = raw["table"], ".".join(map(str, path))
        if key not in types:
            self.problems.append(UnknownName("fact", key, types, where=doc.span((*path, "table"))))
            return None
        kind = types[key]
        if kind.kind not in ("enum", "int", "bool"):
            if kind.kind != "?":
                self.error(f"{field}: a table's rows are picked by a bool, int or enum fact, not {kind.kind}",
                           doc, (*path, "table"))
            return None
        rows: list[tuple[str, str, set[Any] | tuple[int, int]]] = []
        ok = True
        for written, value in raw["rows"].items():
            where, before = (*path, "rows", written), len(self.problems)
            picked = self._row(key, kind, written, doc, where)
            expr = self._expr(value, doc, where, types, want)
            if picked is not None and isinstance(run := picked[1], tuple):
                for _, _, other in rows:
                    if isinstance(other, tuple) and run[0] <= other[1] and other[0] <= run[1]:
                        self.error(f"row {written!r} overlaps another row of {key}", doc, where, key=True,
                                   hint="each value of the fact picks one row")
            ok = ok and picked is not None and len(self.problems) == before
            if picked is not None:
                rows.append((picked[0], expr.text, picked[1]))
        if not ok:
            return None
        conditions = {str(w): cond for w, (cond, _, _) in zip(raw["rows"], rows, strict=True)}  # by key as written
        default = raw.get("default")
        if default is not None:
            otherwise = self._expr(default, doc, (*path, "default"), types, want).text
        else:
            missing = _uncovered(kind, self.ranges.get(key), [r[2] for r in rows])
            if missing:
                self.error(f"{field}: no row for {missing} of {key}", doc, (*path, "rows"), key=True,
                           hint="add the rows, or default: the value for every other case")
                return None
            *rows, (_, otherwise, _) = rows
        text = "".join(f"{_operand(value)} if {cond} else " for cond, value, _ in rows) + _operand(otherwise)
        cited = self._row_cites(raw.get("cites") or {}, conditions, doc, path)
        if cited:
            self.row_cites[text] = cited
        return text

    def _row_cites(self, cites: dict[Any, Any], conditions: dict[str, str], doc: Document,
                   path: tuple[Any, ...]) -> tuple[tuple[Expr, Citation], ...]:
        """Each cited row's condition with its citation; a key that names no row is an error."""
        out = []
        for written, cite in cites.items():
            where = (*path, "cites", written)
            if str(written) not in conditions:
                self.error(f"cites: {written!r} is not a row of this table", doc, where, key=True,
                           hint=did_you_mean(str(written), list(conditions)) or "cite a row by its key in rows")
                continue
            self._known("source", cite["source"], self.entries["sources"], doc, (*where, "source"))
            out.append((parse_expr(conditions[str(written)]), _citation(cite)))
        return tuple(out)

    def _row(self, key: str, kind: FactType, written: Any, doc: Document,
             where: tuple[Any, ...]) -> tuple[str, set[Any] | tuple[int, int]] | None:
        """A row key as a condition on `key`, with the values it picks (a set, or an int run)."""
        if kind.kind == "bool" and str(written).lower() in ("true", "false"):  # a YAML key arrives as text
            value = str(written).lower() == "true"
            return (key if value else f"not {key}"), {value}
        if kind.kind == "enum" and str(written) in kind.values:
            return f"{key} == {str(written)!r}", {str(written)}
        if kind.kind == "int":
            low, _, high = str(written).partition("..")
            try:
                run = (int(low), int(high or low))
            except ValueError:
                run = None
            if run is not None and run[0] <= run[1]:
                cond = f"{key} == {run[0]}" if run[0] == run[1] else f"{run[0]} <= {key} <= {run[1]}"
                return cond, run
        shown = {"bool": "true or false", "int": "an integer or a run such as 3..5",
                 "enum": "one of: " + ", ".join(kind.values)}[kind.kind]
        self.error(f"row {written!r} is not a value of {key} ({shown})", doc, where, key=True,
                   hint=did_you_mean(str(written), kind.values) if kind.kind == "enum" else "")
        return None

    def _sequence(self, name: str, raw: dict[str, Any], doc: Document, path: tuple[Any, ...],
                  types: dict[str, FactType], quantities: dict[str, Quantity]) -> RollSequence:
        def expr(raw_expr: Any, at: tuple[Any, ...], want: str) -> Expr:
            return self._expr(raw_expr, doc, at, types, want)

        sequence, problems = build_sequence(name, raw, doc, path, expr, quantities)
        if name in quantities:
            problems.append((f"sequence {name!r} has the name of a quantity", (*path,), "give it a name of its own"))
        for message, at, hint in problems:
            self.error(message, doc, at, hint, key=at == path)
        return sequence

    def _cite(self, raw: dict[str, Any], doc: Document, path: tuple[Any, ...]) -> Citation | None:
        cite = raw.get("cite")
        return _citation(cite) if cite else None


def _words(name: str) -> str:
    """A reading's or option's name as words: `starting_caps` is "starting caps"."""
    return name.replace("_", " ")


def _citations(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every `cite` (and each of a `cites` map) in a document, with where it is."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "cite":
                yield (*path, key), value
            elif key == "cites" and isinstance(value, dict):
                yield from (((*path, key, step), cite) for step, cite in value.items())
            else:
                yield from _citations(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _citations(value, (*path, i))


def quoted(quote: str, text: str) -> bool:
    """Whether `text` says the words of `quote`: its parts ('...' or '…' between them) in order, without regard to
    case, runs of spaces, typographic quotes and dashes.

    Examples:
        >>> quoted("first roll a 6, then ... A required score of 10", "First roll a 6, then roll again. "
        ...        "A required score of 10 or more is simply impossible")
        True
        >>> quoted("Roll a D8", "Roll a D6.")
        False
    """
    def plain(t: str) -> str:
        for a, b in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", "--"), ("–", "-")):
            t = t.replace(a, b)
        return " ".join(t.split()).lower()

    said, at = plain(text), 0
    for piece in re.split(r"\.\.\.|…", plain(quote)):
        part = piece.strip().strip('"').strip()
        if not part:
            continue
        found = said.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


def _citation(cite: dict[str, Any]) -> Citation:
    return Citation(cite["source"], cite.get("paragraph"), cite.get("quote", ""))


def _operand(text: str) -> str:
    """An expression's text, in parentheses unless it is one name or constant."""
    return text if re.fullmatch(r"-?\d+|[\w.]+|'[^']*'", text) else f"({text})"


def _uncovered(kind: FactType, rng: tuple[int, int] | None, picked: list[Any]) -> str:
    """The values of a table's key that no row picks, in words ('' when every value has a row)."""
    if kind.kind != "int":
        every = list(kind.values) if kind.kind == "enum" else [True, False]
        left = [v for v in every if not any(v in p for p in picked)]
        return ", ".join(str(v).lower() if isinstance(v, bool) else repr(v) for v in left)
    if rng is None:
        return ""
    low, gaps = rng[0], []
    for a, b in sorted(picked):
        if a > low:
            gaps.append((low, a - 1))
        low = max(low, b + 1)
    if low <= rng[1]:
        gaps.append((low, rng[1]))
    return ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in gaps)


def _default_hint(default: Any, kind: str, rng: tuple[int, ...] | None, values: Any) -> str:
    """What a fact's default may be, for one that does not fit it."""
    if kind == "bool":
        return "write default: true or default: false"
    if kind == "enum":
        return "its values: " + ", ".join(map(str, values))
    if kind == "keywords":
        return "a list of keywords, e.g. default: []"
    if rng and rng[0] <= rng[1] and isinstance(default, int) and not isinstance(default, bool):
        return f"pick a default from {rng[0]} to {rng[1]}, or widen the range"
    return f"a whole number, e.g. default: {rng[0] if rng else 0}"


def _fits(value: Any, kind: str, rng: tuple[int, ...] | None, values: Any) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and (not rng or rng[0] <= value <= rng[1])
    if kind == "enum":
        return value in values
    return isinstance(value, list)


def _shift(span: Span, offset: int, raw: Any) -> Span:
    """The span of a character inside a one-line scalar (best effort for quoted scalars)."""
    if not isinstance(raw, str) or "\n" in raw:
        return span
    return Span(span.path, span.line, span.column + offset)

