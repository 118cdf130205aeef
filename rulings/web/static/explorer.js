// The explorer: controls built from a pack's facts, the live ruling beside them, the situation in the URL.
// Plain JavaScript, no build step; every answer comes from the JSON API (/openapi.json). The URL's keys are
// the API's: the command line's given, base, roll, target, reading, and the situation file's effects,
// reroll, unmodified, ignore, weapons. A pack's sequences (whole attacks) are offered beside its quantities;
// their inputs go in the URL as the command line's --step: step=attacks%3D6&step=hit.target%3D3.
"use strict";

const $ = (id) => document.getElementById(id);
const REROLLS = ["ones", "failed", "all"];
const REROLL_TEXT = { ones: "re-roll ones", failed: "re-roll failed dice", all: "re-roll any die" };
const SVG = "http://www.w3.org/2000/svg";
const MAX_BARS = 60;
const QUICK_EFFECTS = ["+1", "-1", "x2", "/2"];
const MANY_CASES = 12;
const MARKS = { "+": ["✓", "counts"], x: ["✗", "does not count"], "~": ["~", "ignored"], "!": ["!", "limited"] };
const state = blank();
let vocab = null;
let asked = 0;

function blank() {
  return { pack: "", quantity: "", given: new Map(), base: "", roll: "", target: "", reroll: [], unmodified: "",
    effects: [], reading: new Map(), ignore: null, weapons: "", step: new Map() };
}

function clearSituation() {
  const { pack, quantity } = state;
  Object.assign(state, blank(), { pack, quantity });
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function fill(node, ...children) {
  // replaceChildren without the missing parts (it would write null as the text "null")
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

function pairs(values) {
  const out = new Map();
  for (const pair of values) {
    const i = pair.indexOf("=");
    if (i > 0) out.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return out;
}

function readUrl() {
  const q = new URLSearchParams(location.search);
  Object.assign(state, blank());
  state.pack = q.get("pack") || "";
  state.quantity = q.get("quantity") || "";
  state.given = pairs(q.getAll("given"));
  state.reading = pairs(q.getAll("reading"));
  state.step = pairs(q.getAll("step"));
  for (const key of ["base", "roll", "target", "weapons"]) state[key] = q.get(key) || "";
  state.unmodified = q.getAll("unmodified").join(", ");
  state.reroll = q.getAll("reroll").filter(Boolean);
  state.effects = q.getAll("effects").filter(Boolean);
  state.ignore = q.has("ignore") ? q.getAll("ignore").filter(Boolean) : null;
}

function quantity() {
  return vocab ? vocab.quantities.find((x) => x.name === state.quantity) : null;
}

function sequence() {
  // The chosen sequence (a whole attack): a pack's sequence is asked by name where no quantity has that name.
  return vocab && !quantity() ? (vocab.sequences || []).find((x) => x.name === state.quantity) || null : null;
}

function chosen() {
  return quantity() || sequence();
}

function stepKeys(seq) {
  // The --step keys the sequence takes, in a fixed order: its inputs, then each step's target and re-roll.
  return [...seq.takes, ...seq.steps.flatMap((st) => st.takes.map((k) => `${st.name}.${k}`))];
}

function takes(key) {
  const q = quantity();
  return Boolean(q && q.takes.includes(key));
}

function query(more) {
  // Only the keys the chosen quantity takes: a control it does not offer never sends anything.
  const q = new URLSearchParams();
  q.set("pack", state.pack);
  q.set("quantity", state.quantity);
  for (const [k, v] of state.given) q.append("given", `${k}=${v}`);
  const readings = chosen() ? chosen().readings : [];
  for (const [k, v] of state.reading) if (!vocab || readings.includes(k)) q.append("reading", `${k}=${v}`);
  const seq = sequence();
  if (seq) {
    for (const key of stepKeys(seq)) if (state.step.get(key)) q.append("step", `${key}=${state.step.get(key)}`);
    for (const [k, v] of Object.entries(more || {})) q.set(k, v);
    return q.toString();
  }
  if (state.base && takes("base")) q.set("base", state.base);
  if (takes("roll")) {
    if (state.roll) q.set("roll", state.roll);
    if (state.target) q.set("target", state.target);
    for (const r of state.reroll) q.append("reroll", r);
    for (const u of state.unmodified.split(",").map((s) => s.trim()).filter(Boolean)) q.append("unmodified", u);
  }
  if (takes("effects")) for (const e of state.effects) q.append("effects", e);
  if (state.ignore !== null && takes("ignore")) {
    if (state.ignore.length) for (const r of state.ignore) q.append("ignore", r);
    else q.append("ignore", "");
  }
  if (state.weapons) q.set("weapons", state.weapons);
  for (const [k, v] of Object.entries(more || {})) q.set(k, v);
  return q.toString();
}

function shellWord(w) {
  return /^[A-Za-z0-9_.,:\/=+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'"'"'`)}'`;
}

function commandLine() {
  // `rulings ask` with the same situation; keys it has no option for go in a situation on standard input.
  const params = new URLSearchParams(query());
  const words = ["rulings", "ask", vocab ? vocab.source : state.pack, state.quantity];
  for (const g of params.getAll("given")) words.push("--given", g);
  for (const r of params.getAll("reading")) words.push("--reading", r);
  for (const key of ["base", "roll", "target"]) if (params.get(key)) words.push(`--${key}`, params.get(key));
  for (const s of params.getAll("step")) words.push("--step", s);
  const file = {};
  if (params.getAll("effects").length) file.effects = params.getAll("effects");
  if (params.getAll("reroll").length) file.reroll = params.getAll("reroll");
  const unmodified = params.getAll("unmodified").map((u) => (/^\d+$/.test(u) ? Number(u) : u));
  if (unmodified.length) file.unmodified = unmodified.length === 1 ? unmodified[0] : unmodified;
  if (params.has("ignore")) file.ignore = params.getAll("ignore").filter(Boolean);
  if (params.get("weapons")) file.weapons = Number(params.get("weapons"));
  const line = words.map(shellWord).join(" ");
  if (!Object.keys(file).length) return line;
  return `echo ${shellWord(JSON.stringify(file))} | ${line} --situation -`;
}

async function getJson(url) {
  const r = await fetch(url);
  const doc = await r.json();
  if (!r.ok) throw new Error(doc.page || doc.error || r.statusText);
  return doc;
}

async function start() {
  readUrl();
  const packs = await getJson("/api/packs");
  const select = $("pack");
  select.replaceChildren(...packs.map((p) => el("option", { value: p.name }, `${p.name}: ${p.title}`)));
  if (!packs.some((p) => p.name === state.pack)) state.pack = packs[0].name;
  select.value = state.pack;
  select.onchange = () => { state.pack = select.value; state.quantity = ""; clearSituation(); loadPack(); };
  $("quantity").onchange = () => { state.quantity = $("quantity").value; buildControls(); update(true); };
  $("reset").onclick = () => { clearSituation(); buildControls(); update(true); };
  $("copy").onclick = () => copy(commandLine());
  $("copy-link").onclick = () => copy(location.href);
  window.onpopstate = () => { readUrl(); loadPack(false); };
  await loadPack(false);
}

async function loadPack(push = true) {
  const asked = state.pack;
  const got = await getJson(`/api/packs/${encodeURIComponent(asked)}`);
  if (asked !== state.pack) return; // another pack was chosen while this one loaded: its answer is stale
  vocab = got;
  $("pack").value = state.pack;
  const qs = vocab.quantities;
  const seqs = vocab.sequences || [];
  if (!qs.some((q) => q.name === state.quantity) && !seqs.some((s) => s.name === state.quantity)) {
    state.quantity = qs[0].name;
  }
  fill($("quantity"),
    el("optgroup", { label: "Quantities" }, qs.map((q) => el("option", { value: q.name }, `${q.text} (${q.name})`))),
    seqs.length ? el("optgroup", { label: "Whole attacks (sequences)" }, seqs.map((s) =>
      el("option", { value: s.name, "data-sequence": "" }, `whole attack: ${s.text} (${s.name})`))) : null);
  $("quantity").value = state.quantity;
  $("links").replaceChildren(
    el("a", { href: `/faq/${encodeURIComponent(state.pack)}` }, "FAQ"), " ",
    el("a", { href: `/graph/${encodeURIComponent(state.pack)}` }, "Rule graph"), " ",
    el("a", { href: "/openapi.json" }, "API"));
  buildControls();
  await update(push);
}

function setGiven(name, value) {
  if (value === "" || value === null) state.given.delete(name);
  else state.given.set(name, value);
  update(true);
}

function stepper(id, name, now, lo, hi, start, placeholder, onset) {
  // A number with − and + buttons (mouse or keyboard): an empty box steps from `start`.
  const box = el("input", { type: "number", id, "data-fact": name, min: lo, max: hi, step: 1, placeholder,
    value: now || "", onchange: (e) => onset(e.target.value.trim()) });
  const step = (d) => () => {
    const current = Number.parseInt(box.value, 10);
    let v = Number.isNaN(current) ? start : current + d;
    if (lo !== null && lo !== undefined) v = Math.max(lo, v);
    if (hi !== null && hi !== undefined) v = Math.min(hi, v);
    box.value = String(v);
    onset(box.value);
  };
  return el("span", { class: "stepper" },
    el("button", { type: "button", "aria-label": `less ${name}`, onclick: step(-1) }, "−"), box,
    el("button", { type: "button", "aria-label": `more ${name}`, onclick: step(1) }, "+"));
}

function factControl(f) {
  const id = `fact-${f.name}`;
  const now = state.given.get(f.name);
  const derived = f.derive !== undefined;
  const note = derived ? el("small", { class: "derived" }, `derived from ${f.from.join(", ")}`) : null;
  const label = f.text.replace("{value}", "…");
  let input;
  if (f.kind === "bool" && !derived && f.default !== null) {
    const on = now === undefined ? f.default === true : now === "true";
    input = el("input", { type: "checkbox", id, checked: on, "data-fact": f.name,
      onchange: (e) => setGiven(f.name, e.target.checked === (f.default === true) ? "" : String(e.target.checked)) });
    return el("div", { class: "fact toggle" }, el("label", { for: id }, input, " ", label), note);
  }
  if (f.kind === "bool" || f.kind === "enum") {
    const values = f.kind === "bool" ? ["true", "false"] : f.values;
    const none = derived ? "— as derived —" : f.default !== null ? `— default: ${f.default} —` : "— unknown —";
    input = el("select", { id, "data-fact": f.name, onchange: (e) => setGiven(f.name, e.target.value) },
      el("option", { value: "" }, none),
      values.map((v) => el("option", { value: v }, f.kind === "bool" ? (v === "true" ? "yes" : "no") : v)));
    input.value = now || "";
  } else if (f.kind === "int") {
    const [lo, hi] = f.range || [null, null];
    const start = f.typical ?? f.default ?? lo ?? 0;
    input = stepper(id, f.name, now, lo, hi, start, f.default !== null ? `default ${f.default}` : "unknown",
      (v) => setGiven(f.name, v));
  } else {
    input = el("input", { id, "data-fact": f.name, value: now || "", placeholder: "[KEYWORD, ...]",
      onchange: (e) => setGiven(f.name, e.target.value.trim()) });
  }
  return el("div", { class: `fact ${f.kind}` }, el("label", { for: id }, label), input, note);
}

function fieldsets(facts) {
  const groups = new Map();
  for (const f of facts) {
    if (!groups.has(f.group)) groups.set(f.group, []);
    groups.get(f.group).push(f);
  }
  return [...groups].map(([g, fs]) => el("fieldset", {}, el("legend", {}, g || "situation"), fs.map(factControl)));
}

function buildControls() {
  buildInputs();
  buildFacts();
}

function buildFacts() {
  // The facts the quantity's rules (a sequence's rolls) read first; the rest of the pack's folded away (open if
  // one is given).
  const q = chosen();
  const reads = new Set(q ? q.reads : []);
  const near = vocab.facts.filter((f) => reads.has(f.name));
  const far = vocab.facts.filter((f) => !reads.has(f.name));
  const out = near.length ? fieldsets(near) : [el("p", { class: "muted" }, `No fact of the pack bears on ${state.quantity}.`)];
  if (far.length) {
    out.push(el("details", { class: "other-facts", open: far.some((f) => state.given.has(f.name)) },
      el("summary", {}, `Other facts of the pack (${far.length}): none bears on ${state.quantity}`), fieldsets(far)));
  }
  $("facts").replaceChildren(...out);
}

function buildInputs() {
  // What the quantity takes beyond facts: its base (first, for characteristics), effects, the roll and its
  // target, re-rolls and triggers, and the readings that can change it.
  const q = quantity();
  if (sequence()) {
    buildSequenceInputs(sequence());
    return;
  }
  const out = [];
  const set = (key) => (v) => { state[key] = v; update(true); };
  if (takes("base")) {
    out.push(el("div", { class: "fact base" }, el("label", { for: "base" }, `base ${q.name}`),
      el("input", { id: "base", value: state.base, placeholder: "e.g. 3+, 6, D6+1", size: 10,
        onchange: (e) => set("base")(e.target.value.trim()) })));
  }
  if (takes("effects")) out.push(effectsControl());
  if (takes("roll")) {
    const dice = q.dice || "D6";
    const count = Number.parseInt(dice, 10) || 1;
    const faces = Number.parseInt(dice.split("D")[1], 10) || 6;
    out.push(el("div", { class: "fact roll" }, el("label", { for: "roll" }, `the unmodified roll (${dice})`),
      stepper("roll", "roll", state.roll, count, count * faces, count, "not rolled", set("roll"))));
    out.push(el("div", { class: "fact target" }, el("label", { for: "target" }, "what the roll must reach"),
      el("input", { id: "target", value: state.target, placeholder: "e.g. 3+", size: 6,
        onchange: (e) => set("target")(e.target.value.trim()) })));
    out.push(el("fieldset", { class: "rerolls" }, el("legend", {}, "re-rolls"), REROLLS.map((r) =>
      el("label", { class: "inline" }, el("input", { type: "checkbox", "data-reroll": r, checked: state.reroll.includes(r),
        onchange: (e) => {
          state.reroll = e.target.checked ? [...state.reroll, r] : state.reroll.filter((x) => x !== r);
          update(true);
        } }), ` ${r}`))));
    out.push(el("div", { class: "fact unmodified" },
      el("label", { for: "unmodified" }, "unmodified results that trigger something"),
      el("input", { id: "unmodified", value: state.unmodified, placeholder: "e.g. 6 or 5+", size: 8,
        onchange: (e) => set("unmodified")(e.target.value.trim()) })));
  }
  out.push(...readingControls(q ? q.readings : []));
  $("inputs").replaceChildren(...(out.length ? [el("fieldset", { class: "asked" },
    el("legend", {}, state.quantity), out)] : []));
}

function readingControls(names) {
  const out = [];
  for (const name of names) {
    const r = vocab.readings.find((x) => x.name === name);
    if (!r) continue;
    out.push(el("div", { class: "fact reading" }, el("label", { for: `reading-${name}` }, `read “${name}” as`),
      el("select", { id: `reading-${name}`, "data-reading": name, onchange: (e) => {
        if (e.target.value === r.default) state.reading.delete(name); else state.reading.set(name, e.target.value);
        update(true);
      } }, r.options.map((o) => el("option", { value: o, selected: (state.reading.get(name) || r.default) === o },
        `${o}${o === r.default ? " (the pack's default)" : ""}`))),
      el("small", { class: "muted" }, r.sentence || "")));
  }
  return out;
}

function buildSequenceInputs(seq) {
  // A whole attack's inputs (as --step): the dice cast, weapons, damage, the target's models and wounds, and for
  // each step the pack leaves open what its roll must reach and a re-roll; then the readings its rolls may take.
  const set = (key) => (v) => {
    if (v === "") state.step.delete(key); else state.step.set(key, v);
    update(true);
  };
  const idOf = (key) => `step-${key.replace(/\./g, "-")}`;
  const field = (key, label, attrs) => el("div", { class: "fact step-input" }, el("label", { for: idOf(key) }, label),
    el("input", { id: idOf(key), "data-step": key, value: state.step.get(key) || "",
      onchange: (e) => set(key)(e.target.value.trim()), ...attrs }));
  const last = seq.steps.filter((st) => !st.each_point).slice(-1)[0];
  const inputs = {
    attacks: [seq.attacks ? `attacks: the weapon's ${seq.attacks} (a number or dice)` : "attacks: the dice cast (a number or dice)",
      { placeholder: "e.g. 6 or D6", size: 8 }],
    weapons: ["identical weapons, their attacks grouped", { type: "number", min: 1, max: 30, placeholder: "1" }],
    damage: [seq.damage ? `damage: each attack's ${seq.damage} (a number or dice)`
      : `damage of each attack (a number or dice; empty: count the ${last ? last.passes || "dice" : "dice"})`,
    { placeholder: "e.g. 1 or D3", size: 8 }],
    models: ["the target's models", { type: "number", min: 1, max: 300,
      placeholder: seq.models ? `the pack's: ${seq.models}` : "e.g. 5" }],
    wounds: ["each model's wounds", { type: "number", min: 1, max: 300,
      placeholder: seq.wounds ? `the pack's: ${seq.wounds}` : "e.g. 2" }],
  };
  const out = [];
  if (!seq.takes.includes("attacks") && seq.attacks) {
    out.push(el("p", { class: "muted" }, `attacks: the ruling of ${seq.attacks}, from the facts below`));
  }
  for (const key of seq.takes) if (inputs[key]) out.push(field(key, ...inputs[key]));
  for (const st of seq.steps) {
    if (!st.takes.length) continue;
    const parts = [];
    if (st.takes.includes("target")) {
      parts.push(field(`${st.name}.target`, "what the roll must reach", { placeholder: "e.g. 3+", size: 6 }));
    }
    if (st.takes.includes("reroll")) {
      const key = `${st.name}.reroll`;
      const box = el("select", { id: idOf(key), "data-step": key, onchange: (e) => set(key)(e.target.value) },
        el("option", { value: "" }, "— no re-roll —"), REROLLS.map((r) => el("option", { value: r }, REROLL_TEXT[r])));
      box.value = state.step.get(key) || "";
      parts.push(el("div", { class: "fact" }, el("label", { for: idOf(key) }, "re-roll"), box));
    }
    const what = `${st.each_point ? "each point of damage: " : ""}${st.name} (${st.roll}${st.keep === "fails" ? ", a save" : ""})`;
    out.push(el("fieldset", { class: "step", "data-step-name": st.name }, el("legend", {}, what), parts));
  }
  out.push(...readingControls(seq.readings));
  $("inputs").replaceChildren(el("fieldset", { class: "asked sequence" },
    el("legend", {}, `whole attack: ${seq.name}`), out));
}

function effectsControl() {
  const add = (text) => {
    const t = text.trim();
    if (!t) return;
    state.effects = [...state.effects, t];
    buildInputs();
    update(true);
    $("effect-new").focus();
  };
  const remove = (i) => () => {
    state.effects = state.effects.filter((_, j) => j !== i);
    buildInputs();
    update(true);
    $("effect-new").focus();
  };
  const box = el("input", { id: "effect-new", placeholder: "e.g. =3+ or Stealth=-1", size: 14,
    onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); add(box.value); } } });
  return el("div", { class: "fact effects" },
    el("span", { class: "label" }, "effects in play"),
    el("ul", { class: "chips", "aria-label": "effects in play" }, state.effects.map((e, i) =>
      el("li", { class: "chip", "data-effect": e }, e, " ",
        el("button", { type: "button", "aria-label": `remove effect ${e}`, onclick: remove(i) }, "×")))),
    el("span", { class: "quick" }, QUICK_EFFECTS.map((e) =>
      el("button", { type: "button", class: "add-effect", "aria-label": `add effect ${e}`, onclick: () => add(e) }, e))),
    el("label", { for: "effect-new", class: "inline" }, "other effect "), box,
    el("button", { type: "button", onclick: () => add(box.value) }, "add"));
}

async function update(push) {
  const url = `/?${query()}`;
  if (push && url !== location.pathname + location.search) history.pushState(null, "", url);
  else if (!push) history.replaceState(null, "", url);
  $("command").textContent = commandLine();
  const mine = ++asked;
  const box = $("ruling");
  box.classList.add("busy");
  let doc;
  try {
    doc = await getJson(`/api/brief?${query()}`);
  } catch (e) {
    if (mine === asked) {
      box.replaceChildren(el("p", { class: "error" }, e.message));
      box.classList.remove("busy");
      box.dataset.display = "";
      $("answer").replaceChildren(el("span", { class: "error" }, "not a ruling: see below"));
    }
    return;
  }
  if (mine !== asked) return;
  const seq = sequence();
  if (seq && doc.sequence) {
    const noun = outcomeNoun(doc.sequence, seq);
    const mean = `${number(doc.sequence.outcome.mean)} ${noun} on average`;
    fill(box, renderSequence(doc, seq, noun));
    box.classList.remove("busy");
    box.dataset.display = doc.sequence.outcome.mean;
    document.title = `${seq.text}: ${mean} — Rulings`;
    $("answer").replaceChildren(el("strong", {}, `${state.quantity}: ${mean}`));
    return;
  }
  if (!doc.ruling) return;
  fill(box, renderRuling(doc));
  box.classList.remove("busy");
  box.dataset.display = doc.ruling.display;
  const q = quantity();
  document.title = `${q ? q.text : state.quantity}: ${doc.ruling.display} — Rulings`;
  fill($("answer"), el("strong", {}, `${state.quantity}: ${doc.ruling.display}`), " ", verdict(doc.ruling, "bar"));
}

function cite(text) { return text ? el("blockquote", {}, text) : null; }
function rule(name) { return vocab.rules.find((r) => r.name === name) || { name, text: "", cite: null }; }

function share(p) {
  const [n, d] = String(p).split("/").map(Number);
  return d ? n / d : n;
}

function chance(p) {
  if (p === undefined || p === null) return null;
  const part = share(p);
  return el("div", { class: "chance" },
    el("div", { class: "meter", role: "img", "aria-label": `chance ${p}` },
      el("span", { style: `width:${(part * 100).toFixed(1)}%` })),
    el("span", { class: "fraction" }, `chance ${p} (${(part * 100).toFixed(1)}%)`));
}

function verdict(doc, where) {
  if (doc.passed === undefined || doc.passed === null) return null;
  return el("span", { class: doc.passed ? "passed" : "failed", id: where === "bar" ? null : "verdict" },
    doc.passed ? "PASSED" : "FAILED");
}

function distributionChart(doc) {
  // Odds as a small bar chart: one bar per result, its height its chance.
  const dist = doc.distribution;
  if (!dist) return null;
  const entries = Object.entries(dist);
  if (entries.length < 2 || entries.length > 40) return null;
  const top = Math.max(...entries.map(([, p]) => share(p)));
  return el("figure", { class: "odds" },
    el("figcaption", {}, `The odds${doc.mean ? ` (average ${doc.mean})` : ""}:`),
    el("ol", { class: "dist", "aria-label": "chance of each result" }, entries.map(([v, p]) =>
      el("li", { title: `${v}: ${p}` },
        el("span", { class: "col", style: `height:${((share(p) / top) * 3).toFixed(2)}em` }),
        el("span", { class: "v" }, v), el("span", { class: "sr" }, `: ${p}`)))));
}

function number(p) {
  // A mean as the command line shows it: whole, else two decimals.
  const x = share(p);
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}

function percent(p) {
  const x = share(p) * 100;
  if (x === 100) return "100%";
  const shown = x.toFixed(1);
  return shown === "0.0" || shown === "100.0" ? `${x.toPrecision(2)}%` : `${shown}%`;
}

function outcomeNoun(doc, seq) {
  // What the outcome counts: damage where the attack does damage, else what the last step's dice are called.
  if (doc.damage) return "damage";
  const last = seq.steps.filter((st) => !st.each_point).slice(-1)[0];
  return last ? last.passes || `dice kept by ${last.name}` : "dice";
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

function atLeastChart(dist, noun, name) {
  // "At least N" as a bar chart (inline SVG, one bar per N, its height the chance), its numbers in the
  // chart's label and in a table for screen readers and copying.
  let entries = Object.entries(dist.at_least).map(([n, p]) => [Number(n), p]).sort((a, b) => a[0] - b[0]);
  if (!entries.length) return el("p", { class: "muted", "data-chart": name }, `No ${noun}: certain.`);
  const all = entries.length;
  if (entries.length > MAX_BARS) entries = entries.filter(([, p], i) => i < MAX_BARS && (i === 0 || share(p) >= 0.0005));
  const bar = 28;
  const gap = 6;
  const high = 120;
  const width = entries.length * (bar + gap) + gap;
  const labelled = entries.length <= 16;
  const chart = svg("svg", { class: "at-least-chart", viewBox: `0 0 ${width} ${high + 36}`, width, height: high + 36,
    role: "img", "aria-label": `${noun}, at least N: ${entries.map(([n, p]) => `${n}: ${percent(p)}`).join(", ")}` });
  entries.forEach(([n, p], i) => {
    const h = Math.max(share(p) * high, 0.5);
    const x = gap + i * (bar + gap);
    const y = 18 + high - h;
    chart.append(svg("rect", { class: "chance-bar", x, y, width: bar, height: h, "data-n": n, "data-chance": p },
      svg("title", {}, `at least ${n} ${noun}: ${percent(p)} (${p})`)));
    chart.append(svg("text", { class: "n", x: x + bar / 2, y: high + 32, "text-anchor": "middle" }, String(n)));
    if (labelled) {
      chart.append(svg("text", { class: "p", x: x + bar / 2, y: y - 4, "text-anchor": "middle" },
        share(p) >= 0.01 ? `${Math.round(share(p) * 100)}%` : "<1%"));
    }
  });
  const cut = all > entries.length ? ` (the first ${entries.length} of ${all}; beyond, each under 0.05%)` : "";
  return el("figure", { class: "odds at-least", "data-chart": name },
    el("figcaption", {}, `The chance of at least N ${noun}${cut}:`), chart,
    el("details", { class: "chart-numbers" }, el("summary", {}, "the chances as a table"),
      el("table", {}, el("caption", {}, `${noun}, at least`),
        el("tr", {}, el("th", { scope: "col" }, "at least"), el("th", { scope: "col" }, "chance"),
          el("th", { scope: "col" }, "exactly")),
        entries.map(([n, p]) => el("tr", {}, el("th", { scope: "row" }, String(n)), el("td", {}, percent(p)),
          el("td", {}, p))))));
}

function renderSequence(answer, seq, noun) {
  // A whole attack: the headline, the mean outcome, the "at least N" chart, then the command line's lines:
  // the attacks, one line per step (dice in, chance per die, dice out) with what made its chance, the damage.
  const doc = answer.sequence;
  const head = answer.lines.find((l) => l.tag === "headline");
  const out = [el("h2", { class: "headline" }, head ? head.text : seq.text),
    el("p", { class: "value" }, "mean outcome: ",
      el("strong", { id: "display", title: `exactly ${doc.outcome.mean}` }, number(doc.outcome.mean)), ` ${noun} on average`,
      share(doc.outcome.mean) === Number(number(doc.outcome.mean)) ? "" : ` (exactly ${doc.outcome.mean})`)];
  if (doc.models_destroyed) {
    out.push(el("p", { class: "value" }, "models destroyed: ", el("strong", { id: "destroyed" },
      number(doc.models_destroyed.mean)), ` of ${doc.models} on average (${doc.wounds} wounds each)`));
  }
  out.push(atLeastChart(doc.outcome, noun, "outcome"));
  if (doc.models_destroyed) out.push(atLeastChart(doc.models_destroyed, "models destroyed", "models_destroyed"));
  const shown = answer.lines.filter((l) => l.tag !== "headline" && l.tag !== "chances");
  out.push(el("ul", { class: "reasons steps" }, shown.map((l) => el("li", {
    class: l.tag, "data-step": l.step || null, style: `margin-left:${Math.max(l.depth - 1, 0)}em` },
  l.tag === "assumption" ? `assumes: ${l.text}` : l.text))));
  return out;
}

function renderRuling(answer) {
  // The short ruling `rulings ask` prints, line by line, with the JSON's chance, odds, cases and readings.
  const doc = answer.ruling;
  const [head, ...rest] = answer.lines;
  const out = [el("h2", { class: "headline" }, head.text), el("p", { class: "value" }, "ruling: ",
    el("strong", { id: "display" }, doc.display), " ", verdict(doc))];
  if (head.cite) out.push(cite(head.cite));
  out.push(chance(doc.probability));
  out.push(distributionChart(doc));
  if (doc.cases) out.push(casesTable(doc, rest.filter((l) => l.tag === "case")));
  if (doc.readings) out.push(readingsTable(doc));
  const shown = rest.filter((l) => !(doc.cases && l.tag === "case"));
  out.push(el("ul", { class: "reasons" }, shown.map((l) => {
    const [mark, meaning] = MARKS[l.mark] || [l.mark, ""];
    return el("li", { class: l.tag, style: `margin-left:${Math.max(l.depth - 1, 0)}em` },
      mark ? el("span", { class: "mark", title: meaning || null, "aria-label": meaning || null }, mark) : null, " ",
      l.text, cite(l.cite));
  })));
  out.push(ignoreChoice(doc));
  out.push(whyNotList(doc));
  return out;
}

function choicePermitted() {
  // A choice policy (ignore modifiers) whose condition facts are all given true.
  return vocab.policies.some((p) => p.kind === "choice" && p.reads.length &&
    p.reads.every((f) => state.given.get(f) === "true"));
}

function ignoreChoice(doc) {
  if (!takes("ignore") || !(choicePermitted() || doc.ignored.length || state.ignore !== null)) return null;
  const names = [...new Set([...doc.applied.map((a) => a.rule), ...doc.ignored.map((a) => a.rule)])];
  if (!names.length) return null;
  const ignored = new Set(doc.ignored.map((a) => a.rule));
  return el("fieldset", { class: "ignore" },
    el("legend", {}, state.ignore === null ? "Ignored (the best choice for the controlling player)" : "Ignored (your choice)"),
    names.map((n) => el("label", { class: "inline" }, el("input", { type: "checkbox", "data-ignore": n, checked: ignored.has(n),
      onchange: (e) => {
        const now = new Set(state.ignore === null ? ignored : state.ignore);
        if (e.target.checked) now.add(n); else now.delete(n);
        state.ignore = [...now].sort();
        update(true);
      } }), ` ${n}`)),
    state.ignore === null ? null : el("button", { type: "button", class: "best-choice",
      onclick: () => { state.ignore = null; update(true); } }, "let the solver choose"));
}

function casesTable(doc, lines) {
  const facts = [...new Set(doc.cases.flatMap((c) => Object.keys(c.when)))];
  const worded = (i) => {
    const line = lines[i];
    const at = line ? line.text.lastIndexOf(`: ${doc.cases[i].display}`) : -1;
    return at > 0 ? line.text.slice(0, at) : facts.map((f) => `${f} = ${showValue(doc.cases[i].when[f])}`).join(", ");
  };
  const table = () => el("table", { class: "cases" },
    el("caption", {}, "It depends on facts the situation leaves unknown:"),
    el("tr", {}, el("th", {}, "when"), facts.map((f) => el("th", {}, f)), el("th", {}, "ruling"), el("th", {}, "chance"),
      el("th", {}, "counted")),
    doc.cases.map((c, i) => el("tr", {}, el("td", {}, worded(i)), facts.map((f) => el("td", {}, showValue(c.when[f]))),
      el("td", {}, c.display), el("td", {}, c.probability ?? ""),
      el("td", {}, (c.applied || []).map((a) => `${a.change} ${a.rule}`).join(", ")))));
  if (doc.cases.length <= MANY_CASES) return table();
  // Too many to read: say what it depends on, and the range, as a summary; the table on request.
  const shown = [...new Set(doc.cases.map((c) => c.display))];
  const holder = el("div", { class: "many-cases" });
  holder.append(el("p", { class: "summary" },
    `It depends on ${facts.join(", ")}, which the situation does not give: ${doc.cases.length} cases, `,
    `${shown.length} different rulings (${shown.slice(0, 3).join(", ")}${shown.length > 3 ? ", …" : ""}). `,
    "Give those facts for one ruling."),
  el("button", { type: "button", class: "show-cases", onclick: (e) => e.target.replaceWith(table()) },
    `Show all ${doc.cases.length} cases`));
  return holder;
}

function showValue(v) {
  if (v === undefined) return "";
  if (Array.isArray(v)) return `${v[0]} to ${v[1]}`;
  return String(v);
}

function readingsTable(doc) {
  // Readings side by side: one column per way the text can be read, each a button to read it that way.
  return el("table", { class: "readings" },
    el("caption", {}, "The text can be read more than one way:"),
    el("tr", {}, doc.readings.map((r) => el("th", {}, `${r.of}: ${r.reading}${r.default ? " (default)" : ""}`))),
    el("tr", {}, doc.readings.map((r) => el("td", {}, r.display, " ",
      el("button", { type: "button", class: "use-reading", "data-reading": `${r.of}=${r.reading}`, onclick: () => {
        const def = (vocab.readings.find((x) => x.name === r.of) || {}).default;
        if (r.reading === def) state.reading.delete(r.of); else state.reading.set(r.of, r.reading);
        buildInputs();
        update(true);
      } }, "read it so")))));
}

function whyNotList(doc) {
  const q = quantity();
  const counted = new Set(doc.applied.map((a) => a.rule));
  const missing = (q ? q.rules : []).filter((r) => !counted.has(r));
  if (!missing.length) return null;
  return el("details", { class: "why-not", open: true },
    el("summary", {}, "Rules that did not count"),
    el("ul", {}, missing.map((name) => {
      const answer = el("div", { class: "answer" });
      return el("li", { "data-rule": name }, el("span", {}, `${name}: ${rule(name).text}`), " ",
        el("button", { type: "button", class: "ask-why", onclick: () => whyNot(name, answer) }, "why not?"), answer);
    })));
}

function factText(name) {
  const f = vocab.facts.find((x) => x.name === name);
  return f ? f.text.replace("{value}", "…") : name;
}

async function whyNot(name, box) {
  box.replaceChildren(el("p", { class: "wait" }, "asking…"));
  let doc;
  try {
    doc = await getJson(`/api/why-not?${query({ rule: name })}`);
  } catch (e) {
    box.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  const lines = [];
  const walk = (node, depth) => {
    lines.push(el("li", { style: `margin-left:${depth}em`, title: plainClaim(node.claim) === node.claim ? null : node.claim },
      plainClaim(node.claim), node.cite ? cite(node.cite) : null));
    for (const b of node.because || []) walk(b, depth + 1);
  };
  walk(doc.reason, 0);
  const changes = doc.changes.map((c) => {
    const given = new Map(state.given);
    // a keywords fact is given as the list the API reads ("[A, B]"), not as String(array)'s "A,B"
    for (const [k, v] of Object.entries(c.given)) given.set(k, Array.isArray(v) ? `[${v.join(", ")}]` : String(v));
    const keep = { ...state, given };
    const text = Object.entries(c.values || c.given).map(([k, v]) => `${k} = ${showValue(v)}`).join(", ");
    const words = Object.keys(c.values || c.given).map(factText).join("; ");
    const href = `/?${queryOf(keep)}`;
    return el("li", {}, el("a", { href, class: "change", title: words, onclick: (e) => {
      e.preventDefault(); state.given = given; buildControls(); update(true).then(() => $("ruling").focus());
    } }, text), ` → ${doc.quantity} becomes ${c.display}`);
  });
  const said = rule(name).text;
  fill(box, said ? el("p", { class: "rule-words" }, `${name} counts when ${said}.`) : null,
    el("ul", { class: "because" }, lines),
    doc.status === "counts" ? null :
      changes.length ? el("div", {}, el("p", {}, "Smallest changes that make it count:"), el("ul", { class: "changes" }, changes))
        : el("p", {}, "No change of up to three facts makes it count."));
}

function plainClaim(claim) {
  // A why-not claim without the rule's raw condition ("heavy does not apply: weapon.heavy and ... fails"): the
  // lines under it say which facts are not so; the expression stays in the line's title.
  const m = /^(\S+) does not apply: .* fails$/.exec(claim);
  return m ? `${m[1]} does not apply: its condition is not met` : claim;
}

function queryOf(other) {
  const saved = { ...state };
  Object.assign(state, other);
  try { return query(); } finally { Object.assign(state, saved); }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = el("textarea", {}, text);
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  $("copied").textContent = "copied";
  setTimeout(() => { $("copied").textContent = ""; }, 1500);
}

start().catch((e) => $("ruling").replaceChildren(el("p", { class: "error" }, e.message)));
