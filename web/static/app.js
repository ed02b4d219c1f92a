"use strict";
// Draws the state the server streams; knows nothing the state does not say.
// Every label and message is worded from i18n.json (package i18n's
// catalogue, see i18n.js) in the viewer's language.
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
let state = null;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// Statuses the game sets, worded by pattern; others are shown as they are.
const statuses = [
  [/^thinking$/, "ui.status.thinking"], [/^placing (\S+)$/, "ui.status.placing"],
  [/^your move/, "ui.status.your-move"], [/^paused$/, "ui.status.paused"], [/^resumed$/, "ui.status.resumed"], [/^fault$/, "ui.status.fault"],
  [/^waiting for the board/, "ui.status.waiting"], [/^starting$/, "ui.status.starting"],
  [/^opening: /, "ui.opening"], [/^thinking \(opening\)$/, "ui.status.thinking"],
];

function fmtStatus(s) {
  for (const [re, key] of statuses) {
    const m = re.exec(s || "");
    if (m) return term(key, s) + (m[1] ? " " + fmtPoint(m[1]) : "");
  }
  return s || "";
}

const moveNumber = (n) => ($("chinese").checked && n % 2 === 1 ? circled(n) : String(n));

relabel = () => {
  if (state) render(state);
  renderVisitor();
};

// ---- drawing ----

// pointXY maps "h8" to board coordinates: column a at the left, row 1 at the bottom.
function pointXY(p, n) {
  const x = p.charCodeAt(0) - 97, y = parseInt(p.slice(1), 10) - 1;
  const step = 90 / (n - 1);
  return [5 + x * step, 95 - y * step];
}

function drawBoard(s) {
  const svg = $("board");
  svg.replaceChildren();
  const n = s.size, step = 90 / (n - 1);
  for (let i = 0; i < n; i++) {
    const c = 5 + i * step;
    el("line", { x1: 5, y1: c, x2: 95, y2: c, stroke: "#333", "stroke-width": 0.15 }, svg);
    el("line", { x1: c, y1: 5, x2: c, y2: 95, stroke: "#333", "stroke-width": 0.15 }, svg);
  }
  for (let i = 0; i < n; i++) {
    const c = 5 + i * step, letter = String.fromCharCode(97 + i);
    el("text", { x: c, y: 99, "text-anchor": "middle", "font-size": 2.2, fill: "#333" }, svg).textContent = chinese() ? letter.toUpperCase() : letter;
    el("text", { x: 2.2, y: 95 - i * step + 0.8, "text-anchor": "middle", "font-size": 2.2, fill: "#333" }, svg).textContent = i + 1;
  }
  const mid = (n - 1) / 2, q = n >= 13 ? 3 : 2;
  for (const [i, j] of [[mid, mid], [q, q], [q, n - 1 - q], [n - 1 - q, q], [n - 1 - q, n - 1 - q]]) {
    el("circle", { cx: 5 + i * step, cy: 5 + j * step, r: 0.6, fill: "#333" }, svg);
  }
  for (const f of s.forbidden || []) {
    const [x, y] = pointXY(f.point, n);
    const m = el("g", { class: "forbidden", "data-point": f.point }, svg);
    el("line", { x1: x - 1.2, y1: y - 1.2, x2: x + 1.2, y2: y + 1.2, stroke: "#c00", "stroke-width": 0.5 }, m);
    el("line", { x1: x - 1.2, y1: y + 1.2, x2: x + 1.2, y2: y - 1.2, stroke: "#c00", "stroke-width": 0.5 }, m);
    el("title", {}, m).textContent = fmtPoint(f.point) + ": " + fmtArg("kind", f.kind);
  }
  const numbers = $("numbers").checked;
  const moves = s.moves || [];
  moves.forEach((m, i) => {
    if (m.point === "pass") return;
    const [x, y] = pointXY(m.point, n);
    const black = m.color === "black";
    el("circle", { cx: x, cy: y, r: step * 0.46, fill: black ? "#111" : "#f8f8f8", stroke: "#000", "stroke-width": 0.15,
      class: "stone " + m.color, "data-point": m.point }, svg);
    if (numbers) {
      const t = el("text", { x: x, y: y + 1, "text-anchor": "middle", "font-size": step * 0.45, fill: black ? "#fff" : "#000" }, svg);
      t.textContent = m.n;
    } else if (i === moves.length - 1) {
      el("circle", { cx: x, cy: y, r: step * 0.15, fill: "#d22", class: "last" }, svg);
    }
  });
  drawExplain(s, svg, n, step);
  drawOffers(s, svg, n, step);
}

// drawExplain draws the lines that make a forbidden shape over the stones.
function drawExplain(s, svg, n, step) {
  const ex = s.explain;
  if (!ex) return;
  const g = el("g", { class: "explain", "data-point": ex.point }, svg);
  for (const line of ex.lines || []) {
    const xy = line.map((p) => pointXY(p, n)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (xy.length < 2) continue;
    el("line", { x1: xy[0][0], y1: xy[0][1], x2: xy[xy.length - 1][0], y2: xy[xy.length - 1][1],
      stroke: "#e07000", "stroke-width": step * 0.18, "stroke-linecap": "round", opacity: 0.8, class: "explain-line" }, g);
  }
  const [x, y] = pointXY(ex.point, n);
  el("circle", { cx: x, cy: y, r: step * 0.5, fill: "none", stroke: "#c00", "stroke-width": 0.5 }, g);
}

function drawGraph(hist) {
  const svg = $("graph");
  svg.replaceChildren();
  el("line", { x1: 0, y1: 30, x2: 200, y2: 30, stroke: "#999", "stroke-width": 0.5 }, svg);
  if (!hist || hist.length < 2) return;
  const pts = hist.map((v, i) => {
    const y = 30 - 28 * Math.tanh(v / 400);
    return (i * 200 / (hist.length - 1)).toFixed(1) + "," + y.toFixed(1);
  });
  el("polyline", { points: pts.join(" "), fill: "none", stroke: "#222", "stroke-width": 1 }, svg);
}

function item(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

function render(s) {
  state = s;
  renderOpening(s);
  $("title").textContent = s.title || "Tengen";
  $("status").textContent = (s.status_said ? said(s.status_said) : fmtStatus(s.status)) + (s.paused ? " " + term("ui.paused", "(paused)") : "");
  drawBoard(s);
  $("clocks").replaceChildren(...(s.clocks || []).map((c) => {
    const d = document.createElement("span");
    d.className = "clock" + (c.running ? " running" : "");
    d.textContent = (c.color === "black" ? "● " : "○ ") + c.display;
    return d;
  }));
  $("result").textContent = s.result_said ? said(s.result_said) : s.result || "";
  $("fault").hidden = !s.fault;
  $("fault").textContent = s.fault || "";
  $("explainbox").hidden = !s.explain;
  $("explain").textContent = s.explain ? t("forbidden-explain", [s.explain.point, s.explain.kind]) || s.explain.point : "";
  $("messages").replaceChildren(...(s.messages || []).slice(-8).map((m) => item(said(m))));
  $("eval").textContent = s.eval ? `${(s.eval.score / 100).toFixed(2)} (${term("ui.depth", "depth")} ${s.eval.depth}) ${(s.eval.pv || []).map(fmtPoint).join(" ")}` : "–";
  drawGraph(s.eval_history);
  const circledList = $("chinese").checked;
  $("moves").classList.toggle("chinese", circledList);
  $("moves").replaceChildren(...(s.moves || []).map((m) => {
    const li = item(circledList ? moveNumber(m.n) + " " + fmtPoint(m.point) : fmtPoint(m.point));
    if (circledList) li.style.listStyle = "none";
    return li;
  }));
  $("events").replaceChildren(...(s.events || []).slice(-20).reverse().map(item));
  $("reviewlink").hidden = !s.review;
  if (s.review) $("reviewlink").href = "review.html?game=" + encodeURIComponent(s.review);
  $("visitorbox").hidden = !s.visitors;
  $("guessbox").hidden = !s.ask_guess;
  $("camerabox").hidden = !s.has_camera;
  $("standingsbox").hidden = !(s.standings && s.standings.length);
  $("standings").tBodies[0].replaceChildren(...(s.standings || []).map((r) => {
    const tr = document.createElement("tr");
    for (const v of [r.rank, r.name, r.score, r.buchholz, r.games]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    return tr;
  }));
}

// act posts the operator action name with its args (if any) and shows the
// answer in out (the operator panel's by default).
async function act(name, args, out) {
  const [, text] = await postAction(name, args);
  (out || $("opresult")).textContent = ((args && args.do) || name) + ": " + text;
}

async function start() {
  await languageMenu();
}

// ---- the visitors' desk: no token; nickname kept on this device only ----

let visitor = null; // the desk's last answer
let visitorSaid = [];

async function visit(action, extra) {
  const nick = $("nick").value.trim();
  localStorage.setItem("tengen-nick", nick);
  let r;
  try {
    r = await fetch("api/visitor", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign({ action: action, nick: nick }, extra || {})),
    });
  } catch (e) {
    visitorSaid = [{ key: "ui.connection-lost", text: "connection lost, retrying…" }];
    renderVisitor();
    return;
  }
  let body = null;
  try { body = await r.json(); } catch (e) { body = null; }
  if (r.ok && body) {
    visitor = body;
    visitorSaid = body.said || [];
  } else {
    visitorSaid = body && body.error ? [body.error] : [{ key: "", text: String(r.status) }];
  }
  renderVisitor();
}

function renderVisitor() {
  const v = visitor;
  $("today").textContent = v ? t("ui.today", [String(v.wins), String(v.losses), String(v.draws)]) || "" : "";
  $("streak").textContent = v && v.streak >= 2 ? t("ui.streak", [String(v.streak)]) || "" : "";
  $("level").textContent = v && v.level ? t("ui.level", [String(v.level)]) || "" : "";
  $("visitorsaid").replaceChildren(...visitorSaid.map((m) => item(said(m))));
}

$("nick").value = localStorage.getItem("tengen-nick") || "";
$("hello").onclick = () => visit("hello");
for (const b of document.querySelectorAll("#answers button")) b.onclick = () => visit("answer", { answer: b.dataset.answer });
for (const b of document.querySelectorAll("#guessbox button")) b.onclick = () => visit("guess", { guess: b.dataset.guess });

$("token").value = localStorage.getItem("tengen-token") || "";
for (const b of document.querySelectorAll("#buttons button")) b.onclick = () => act(b.dataset.action);
$("numbers").onchange = () => state && drawBoard(state);
$("chinese").checked = localStorage.getItem("tengen-chinese-numbers") === "1";
$("chinese").onchange = () => {
  localStorage.setItem("tengen-chinese-numbers", $("chinese").checked ? "1" : "");
  if (state) render(state);
};
setInterval(() => { if (state && state.has_camera) $("camera").src = "api/camera.jpg?t=" + Date.now(); }, 1000);
start().then(() => followState(render));

// ---- the opening protocol's step: the person's decisions on the page ----

// personOpening returns the opening step when it is the person's to take.
function personOpening(s) {
  return s && s.opening && s.opening.by === "person" ? s.opening : null;
}

// decide posts the person's opening decision, e.g. "keep" or "choose h8".
function decide(what) {
  return act("opening", { do: what }, $("openingresult"));
}

// renderOpening shows the step in progress and the buttons for exactly the
// decisions allowed now; the offers are drawn by drawOffers.
let lastOpeningStep = "";

function renderOpening(s) {
  const o = s.opening;
  $("openingbox").hidden = !o;
  if (!o) return;
  // A new step clears the answer to the last decision.
  const step = JSON.stringify([o.by, o.allowed, o.offers, o.declared]);
  if (step !== lastOpeningStep) $("openingresult").textContent = "";
  lastOpeningStep = step;
  const mine = personOpening(s), allowed = mine ? o.allowed || [] : [];
  $("openingq").textContent = said(o.question);
  const offers = o.offers || [];
  $("openingoffers").textContent = offers.length ? t("ui.opening.offers", [offers.join(" ")]) || offers.join(" ") : "";
  for (const b of document.querySelectorAll("#openingbuttons > button")) b.hidden = !allowed.includes(b.dataset.do);
  $("declarebox").hidden = !allowed.includes("declare");
  if (allowed.includes("declare")) {
    const n = $("declaren");
    n.min = o.min || 1;
    n.max = o.max || 10;
    if (+n.value < +n.min || +n.value > +n.max) n.value = n.min;
  }
  $("choosehint").hidden = !(allowed.includes("choose") && offers.length);
}

// drawOffers draws the fifth moves on offer as marked stones; while the
// person is to choose, clicking one chooses it.
function drawOffers(s, svg, n, step) {
  const o = s.opening;
  if (!o || !o.offers) return;
  const mine = personOpening(s), choosing = !!(mine && (mine.allowed || []).includes("choose"));
  for (const p of o.offers) {
    const [x, y] = pointXY(p, n);
    const g = el("g", { class: "offer" + (choosing ? " choosable" : ""), "data-point": p }, svg);
    el("circle", { cx: x, cy: y, r: step * 0.46, fill: (o.stone || "black") === "white" ? "#f8f8f8" : "#111", stroke: "#000", "stroke-width": 0.15, opacity: 0.75 }, g);
    el("circle", { cx: x, cy: y, r: step * 0.6, fill: "none", stroke: "#e07000", "stroke-width": 0.45, "stroke-dasharray": "1 0.6" }, g);
    el("title", {}, g).textContent = fmtPoint(p);
    if (!choosing) continue;
    // A button for keyboards and screen readers too.
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", fmtPoint(p));
    g.onclick = () => decide("choose " + p);
    g.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); decide("choose " + p); } };
  }
}

for (const b of document.querySelectorAll("#openingbuttons button[data-do]")) {
  b.onclick = () => decide(b.dataset.do === "declare" ? "declare " + $("declaren").value : b.dataset.do);
}
