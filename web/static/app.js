"use strict";
// Draws the state the server streams; knows nothing the state does not say.
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
let state = null;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

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
    const c = 5 + i * step;
    el("text", { x: c, y: 99, "text-anchor": "middle", "font-size": 2.2, fill: "#333" }, svg).textContent = String.fromCharCode(97 + i);
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
    el("title", {}, m).textContent = f.point + ": " + f.kind;
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

function render(s) {
  state = s;
  $("title").textContent = s.title || "Tengen";
  $("status").textContent = s.status + (s.paused ? " (paused)" : "");
  drawBoard(s);
  $("clocks").replaceChildren(...(s.clocks || []).map((c) => {
    const d = document.createElement("span");
    d.className = "clock" + (c.running ? " running" : "");
    d.textContent = (c.color === "black" ? "● " : "○ ") + c.display;
    return d;
  }));
  $("result").textContent = s.result || "";
  $("fault").hidden = !s.fault;
  $("fault").textContent = s.fault || "";
  $("eval").textContent = s.eval ? `${(s.eval.score / 100).toFixed(2)} (depth ${s.eval.depth}) ${(s.eval.pv || []).join(" ")}` : "–";
  drawGraph(s.eval_history);
  $("moves").replaceChildren(...(s.moves || []).map((m) => {
    const li = document.createElement("li");
    li.textContent = m.point;
    return li;
  }));
  $("events").replaceChildren(...(s.events || []).slice(-20).reverse().map((e) => {
    const li = document.createElement("li");
    li.textContent = e;
    return li;
  }));
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

function connect() {
  const es = new EventSource("api/events");
  es.onmessage = (ev) => render(JSON.parse(ev.data));
  es.onerror = () => { $("status").textContent = "connection lost, retrying…"; };
}

async function act(name) {
  const token = $("token").value.trim();
  localStorage.setItem("tengen-token", token);
  const r = await fetch("api/action", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Authorization": "Bearer " + token },
    body: JSON.stringify({ action: name }),
  });
  $("opresult").textContent = r.ok ? name + ": done" : name + ": " + r.status + " " + (await r.text()).trim();
}

$("token").value = localStorage.getItem("tengen-token") || "";
for (const b of document.querySelectorAll("#buttons button")) b.onclick = () => act(b.dataset.action);
$("numbers").onchange = () => state && drawBoard(state);
setInterval(() => { if (state && state.has_camera) $("camera").src = "api/camera.jpg?t=" + Date.now(); }, 1000);
connect();
