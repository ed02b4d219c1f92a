"use strict";
// The page's words: the catalogue of package i18n (i18n.json) and the
// viewer's language, kept in localStorage; and the operator's actions,
// their refusals worded in it. Shared by the game page (app.js), the
// review page (review.js) and the calibration page (calibrate.js).
let cat = null; // the catalogue, once loaded
let lang = "en";

const chinese = () => lang.startsWith("zh");

// term words a key with no arguments, or gives fallback.
function term(key, fallback) {
  const t = cat && cat.text[lang] && cat.text[lang][key];
  return t === undefined ? fallback : t;
}

// fmtPoint writes "h8" as the language does: H8 in Chinese.
function fmtPoint(v) {
  if (v === "pass") return term("rec.pass", v);
  return /^[a-v][0-9]+$/.test(v) && chinese() ? v.toUpperCase() : v;
}

function fmtArg(kind, v) {
  switch (kind) {
    case "point": return fmtPoint(v);
    case "points": {
      const pts = v.split(/\s+/).filter((x) => x);
      return pts.length ? pts.map(fmtPoint).join(chinese() ? "、" : ", ") : term("none", "none");
    }
    case "colour": return term("colour." + v.toLowerCase(), v);
    case "kind": return term(v ? "kind." + v : "kind.forbidden", v);
    case "rule": return term("rule." + v.toLowerCase(), v);
    case "parity": return term("parity." + v, v);
    case "message": return term(v, v);
    case "player": return term("player." + v.replace(/ player$/, ""), v);
    case "reason": {
      const code = v.trim().replace(/ /g, "-"), i = code.indexOf(":");
      if (i < 0) return term("reason." + code, code);
      const reason = term("reason." + code.slice(0, i), code.slice(0, i)), kind = fmtArg("kind", code.slice(i + 1));
      return chinese() ? kind + reason : reason + " (" + kind + ")"; // 三三禁手
    }
    case "opening": {
      let n = parseInt(v, 10);
      if (isNaN(n)) for (let i = 1; i <= 26; i++) if ((cat.text.en["opening." + i] || "").toLowerCase() === v.toLowerCase()) n = i;
      return term("opening." + n, v);
    }
  }
  return v;
}

// t words key with its arguments; null when the key or its arguments do not fit.
function t(key, args) {
  if (!cat) return null;
  const text = cat.text[lang] && cat.text[lang][key];
  const kinds = cat.args[key] || [];
  args = (args || []).slice();
  while (args.length > kinds.length && args[args.length - 1] === "") args.pop();
  if (text === undefined || args.length !== kinds.length) return null;
  return text.replace(/\{(\d+)\}/g, (m, i) => fmtArg(kinds[+i], args[+i]));
}

// said words a message of the robot, falling back to its English text.
const said = (m) => t(m.key, m.args) || m.text;

// circled writes n circled: ①–⑳, ㉑–㉟, ㊱–㊿, then "(51)" as Chinese score sheets do.
function circled(n) {
  if (n >= 1 && n <= 20) return String.fromCodePoint(0x2460 + n - 1);
  if (n >= 21 && n <= 35) return String.fromCodePoint(0x3251 + n - 21);
  if (n >= 36 && n <= 50) return String.fromCodePoint(0x32b1 + n - 36);
  return "(" + n + ")";
}


// applyLabels words every element marked data-i18n in the language.
function applyLabels() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-i18n]")) {
    if (!e.dataset.fallback) e.dataset.fallback = e.textContent;
    e.textContent = term(e.dataset.i18n, e.dataset.fallback);
  }
  for (const e of document.querySelectorAll("[data-i18n-placeholder]")) {
    e.placeholder = term(e.dataset.i18nPlaceholder, e.placeholder);
  }
}

// loadCatalogue fetches i18n.json and fills the language menu sel; the
// page stays in English with its built-in labels without it.
async function loadCatalogue(sel) {
  try {
    const r = await fetch("i18n.json");
    if (!r.ok) throw new Error(r.status);
    cat = await r.json();
  } catch (e) {
    return false;
  }
  sel.replaceChildren(...cat.langs.map((l) => {
    const o = document.createElement("option");
    o.value = l.tag;
    o.textContent = l.name;
    return o;
  }));
  return true;
}

// ---- the header's language menu, the same on every page ----

// relabel words the page again after a change of language; each page
// sets its own.
let relabel = () => {};

// setLang switches the page to language l (a tag of the catalogue).
function setLang(l) {
  if (!cat || !cat.text[l]) return;
  lang = l;
  document.getElementById("lang").value = l;
  applyLabels();
  relabel();
}

// languageMenu puts the language menu at the end of the page's header,
// loads the catalogue into it, and sets the language this device chose
// last (on any page), English until one was chosen. It resolves to
// whether the catalogue loaded.
async function languageMenu() {
  const box = document.createElement("label");
  box.id = "langbox";
  const name = document.createElement("span");
  name.dataset.i18n = "ui.language";
  name.textContent = "Language";
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.append(new Option("English", "en"));
  box.append(name, sel);
  document.querySelector("header").append(box);
  sel.onchange = () => {
    localStorage.setItem("tengen-lang", sel.value);
    setLang(sel.value);
  };
  if (!(await loadCatalogue(sel))) return false;
  setLang(localStorage.getItem("tengen-lang") || "en");
  return true;
}


// ---- the live state, the same on every page that follows the robot ----

// followState shows every state the server sends with show; the robot's
// language is the page's until the viewer picks one, and a lost
// connection is said in #status while the browser retries.
function followState(show) {
  const es = new EventSource("api/events");
  let first = true;
  es.onmessage = (ev) => {
    const s = JSON.parse(ev.data);
    if (first && s.lang && !localStorage.getItem("tengen-lang")) setLang(s.lang);
    first = false;
    show(s);
  };
  es.onerror = () => {
    document.getElementById("status").textContent = term("ui.connection-lost", "connection lost, retrying…");
  };
}

// ---- the operator's actions, the same on every page with controls ----

// postAction posts the operator action name with its args (if any), with
// the token typed in the page's #token (kept on this device), and
// resolves to [ok, text]: "done", or the status and the refusal, worded
// in the viewer's language when the server words it in every language.
async function postAction(name, args) {
  const token = document.getElementById("token").value.trim();
  localStorage.setItem("tengen-token", token);
  const r = await fetch("api/action", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Authorization": "Bearer " + token },
    body: JSON.stringify({ action: name, args: args }),
  });
  if (r.ok) return [true, term("ui.done", "done")];
  let why = (await r.text()).trim();
  try {
    const j = JSON.parse(why);
    why = (j.texts && j.texts[lang]) || j.error || why;
  } catch (e) { /* plain text */ }
  return [false, r.status + " " + why];
}
