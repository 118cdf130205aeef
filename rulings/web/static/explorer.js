// The explorer: controls built from a pack's facts, the live ruling beside them, the situation in the URL.
// Plain JavaScript, no build step; every answer comes from the JSON API (/openapi.json).
"use strict";

const $ = (id) => document.getElementById(id);
const state = { pack: "", quantity: "", given: new Map(), base: "", roll: "" };
let vocab = null;
let asked = 0;

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

function readUrl() {
  const q = new URLSearchParams(location.search);
  state.pack = q.get("pack") || "";
  state.quantity = q.get("quantity") || "";
  state.given = new Map();
  for (const pair of q.getAll("given")) {
    const i = pair.indexOf("=");
    if (i > 0) state.given.set(pair.slice(0, i), pair.slice(i + 1));
  }
  state.base = q.get("base") || "";
  state.roll = q.get("roll") || "";
}

function query(more) {
  const q = new URLSearchParams();
  q.set("pack", state.pack);
  q.set("quantity", state.quantity);
  for (const [k, v] of state.given) q.append("given", `${k}=${v}`);
  if (state.base) q.set("base", state.base);
  if (state.roll) q.set("roll", state.roll);
  for (const [k, v] of Object.entries(more || {})) q.set(k, v);
  return q.toString();
}

function shellWord(w) {
  return /^[A-Za-z0-9_.,:\/=+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'"'"'`)}'`;
}

function commandLine() {
  const words = ["rulings", "ask", vocab ? vocab.source : state.pack, state.quantity];
  for (const [k, v] of state.given) words.push("--given", `${k}=${v}`);
  if (state.base) words.push("--base", state.base);
  if (state.roll) words.push("--roll", state.roll);
  return words.map(shellWord).join(" ");
}

async function getJson(url) {
  const r = await fetch(url);
  const doc = await r.json();
  if (!r.ok) throw new Error(doc.error || r.statusText);
  return doc;
}

async function start() {
  readUrl();
  const packs = await getJson("/api/packs");
  const select = $("pack");
  select.replaceChildren(...packs.map((p) => el("option", { value: p.name }, `${p.name}: ${p.title}`)));
  if (!packs.some((p) => p.name === state.pack)) state.pack = packs[0].name;
  select.value = state.pack;
  select.onchange = () => { state.pack = select.value; state.quantity = ""; state.given.clear(); loadPack(); };
  $("quantity").onchange = () => { state.quantity = $("quantity").value; buildFacts(); update(true); };
  $("base").onchange = () => { state.base = $("base").value.trim(); update(true); };
  $("roll").onchange = () => { state.roll = $("roll").value.trim(); update(true); };
  $("reset").onclick = () => { state.given.clear(); state.base = ""; state.roll = ""; buildFacts(); update(true); };
  $("copy").onclick = copyCommand;
  window.onpopstate = () => { readUrl(); loadPack(false); };
  await loadPack(false);
}

async function loadPack(push = true) {
  vocab = await getJson(`/api/packs/${encodeURIComponent(state.pack)}`);
  $("pack").value = state.pack;
  const qs = vocab.quantities;
  if (!qs.some((q) => q.name === state.quantity)) state.quantity = qs[0].name;
  $("quantity").replaceChildren(...qs.map((q) => el("option", { value: q.name }, `${q.text} (${q.name})`)));
  $("quantity").value = state.quantity;
  $("base").value = state.base;
  $("roll").value = state.roll;
  $("links").replaceChildren(
    el("a", { href: `/faq/${encodeURIComponent(state.pack)}` }, "FAQ"), " ",
    el("a", { href: `/graph/${encodeURIComponent(state.pack)}` }, "Rule graph"), " ",
    el("a", { href: "/openapi.json" }, "API"));
  buildFacts();
  await update(push);
}

function setGiven(name, value) {
  if (value === "" || value === null) state.given.delete(name);
  else state.given.set(name, value);
  update(true);
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
    const blank = derived ? "— as derived —" : f.default !== null ? `— default: ${f.default} —` : "— unknown —";
    input = el("select", { id, "data-fact": f.name, onchange: (e) => setGiven(f.name, e.target.value) },
      el("option", { value: "" }, blank),
      values.map((v) => el("option", { value: v }, f.kind === "bool" ? (v === "true" ? "yes" : "no") : v)));
    input.value = now || "";
  } else if (f.kind === "int") {
    const [lo, hi] = f.range || [null, null];
    input = el("input", { type: "number", id, "data-fact": f.name, min: lo, max: hi, step: 1,
      placeholder: f.default !== null ? `default ${f.default}` : "unknown", value: now || "",
      onchange: (e) => setGiven(f.name, e.target.value.trim()) });
    const step = (d) => () => {
      const base = input.value === "" ? (f.typical ?? f.default ?? lo ?? 0) - d : Number(input.value);
      let v = base + d;
      if (lo !== null) v = Math.max(lo, Math.min(hi, v));
      input.value = String(v);
      setGiven(f.name, input.value);
    };
    input = el("span", { class: "stepper" },
      el("button", { type: "button", "aria-label": `less ${f.name}`, onclick: step(-1) }, "−"), input,
      el("button", { type: "button", "aria-label": `more ${f.name}`, onclick: step(1) }, "+"));
  } else {
    input = el("input", { id, "data-fact": f.name, value: now || "", placeholder: "[KEYWORD, ...]",
      onchange: (e) => setGiven(f.name, e.target.value.trim()) });
  }
  return el("div", { class: `fact ${f.kind}` }, el("label", { for: id }, label), input, note);
}

function buildFacts() {
  const groups = new Map();
  for (const f of vocab.facts) {
    if (!groups.has(f.group)) groups.set(f.group, []);
    groups.get(f.group).push(f);
  }
  $("facts").replaceChildren(...[...groups].map(([g, facts]) =>
    el("fieldset", {}, el("legend", {}, g || "situation"), facts.map(factControl))));
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
    if (mine === asked) box.replaceChildren(el("p", { class: "error" }, e.message)), box.classList.remove("busy");
    return;
  }
  if (mine !== asked) return;
  box.replaceChildren(...renderRuling(doc));
  box.classList.remove("busy");
  box.dataset.display = doc.ruling.display;
}

function cite(text) { return text ? el("blockquote", {}, text) : null; }
function rule(name) { return vocab.rules.find((r) => r.name === name) || { name, text: "", cite: null }; }

function chance(p) {
  if (p === undefined || p === null) return null;
  const [n, d] = String(p).split("/").map(Number);
  const share = d ? n / d : n;
  return el("div", { class: "chance" },
    el("div", { class: "bar", role: "img", "aria-label": `chance ${p}` },
      el("span", { style: `width:${(share * 100).toFixed(1)}%` })),
    el("span", { class: "fraction" }, `chance ${p} (${(share * 100).toFixed(1)}%)`));
}

function renderRuling(answer) {
  // The short ruling `rulings ask` prints, line by line, with the JSON's chance, cases and readings as a bar and tables.
  const doc = answer.ruling;
  const [head, ...rest] = answer.lines;
  const out = [el("h2", { class: "headline" }, head.text), el("p", { class: "value" }, "ruling: ",
    el("strong", { id: "display" }, doc.display))];
  if (head.cite) out.push(cite(head.cite));
  out.push(chance(doc.probability));
  if (doc.cases) out.push(casesTable(doc, rest.filter((l) => l.tag === "case")));
  if (doc.readings) out.push(readingsTable(doc));
  const shown = rest.filter((l) => !(doc.cases && l.tag === "case"));
  out.push(el("ul", { class: "reasons" }, shown.map((l) => el("li", { class: l.tag, style: `margin-left:${l.depth - 1}em` },
    l.mark ? el("span", { class: "mark" }, l.mark) : null, " ", l.text, cite(l.cite)))));
  out.push(whyNotList(doc));
  return out;
}

function casesTable(doc, lines) {
  const facts = [...new Set(doc.cases.flatMap((c) => Object.keys(c.when)))];
  const worded = (i) => {
    const line = lines[i];
    const at = line ? line.text.lastIndexOf(`: ${doc.cases[i].display}`) : -1;
    return at > 0 ? line.text.slice(0, at) : facts.map((f) => `${f} = ${showValue(doc.cases[i].when[f])}`).join(", ");
  };
  return el("table", { class: "cases" },
    el("caption", {}, "It depends on facts the situation leaves unknown:"),
    el("tr", {}, el("th", {}, "when"), facts.map((f) => el("th", {}, f)), el("th", {}, "ruling"), el("th", {}, "chance"),
      el("th", {}, "counted")),
    doc.cases.map((c, i) => el("tr", {}, el("td", {}, worded(i)), facts.map((f) => el("td", {}, showValue(c.when[f]))),
      el("td", {}, c.display), el("td", {}, c.probability ?? ""),
      el("td", {}, (c.applied || []).map((a) => `${a.change} ${a.rule}`).join(", ")))));
}

function showValue(v) {
  if (v === undefined) return "";
  if (Array.isArray(v)) return `${v[0]} to ${v[1]}`;
  return String(v);
}

function readingsTable(doc) {
  // Readings side by side: one column per way the text can be read.
  return el("table", { class: "readings" },
    el("caption", {}, "The text can be read more than one way:"),
    el("tr", {}, doc.readings.map((r) => el("th", {}, `${r.of}: ${r.reading}${r.default ? " (default)" : ""}`))),
    el("tr", {}, doc.readings.map((r) => el("td", {}, r.display))));
}

function whyNotList(doc) {
  const q = vocab.quantities.find((x) => x.name === doc.quantity);
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
    lines.push(el("li", { style: `margin-left:${depth}em` }, node.claim, node.cite ? cite(node.cite) : null));
    for (const b of node.because || []) walk(b, depth + 1);
  };
  walk(doc.reason, 0);
  const changes = doc.changes.map((c) => {
    const given = new Map(state.given);
    for (const [k, v] of Object.entries(c.given)) given.set(k, typeof v === "boolean" ? String(v) : String(v));
    const q = new URLSearchParams({ pack: state.pack, quantity: state.quantity });
    for (const [k, v] of given) q.append("given", `${k}=${v}`);
    if (state.base) q.set("base", state.base);
    if (state.roll) q.set("roll", state.roll);
    const text = Object.entries(c.values || c.given).map(([k, v]) => `${k} = ${showValue(v)}`).join(", ");
    return el("li", {}, el("a", { href: `/?${q}`, class: "change", onclick: (e) => {
      e.preventDefault(); state.given = given; buildFacts(); update(true);
    } }, text), ` → ${doc.quantity} becomes ${c.display}`);
  });
  box.replaceChildren(el("ul", { class: "because" }, lines),
    doc.status === "counts" ? null :
      changes.length ? el("div", {}, el("p", {}, "Smallest changes that make it count:"), el("ul", { class: "changes" }, changes))
        : el("p", {}, "No change of up to three facts makes it count."));
}

async function copyCommand() {
  const text = commandLine();
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
