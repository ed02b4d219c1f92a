"use strict";
// The one-page review of a finished game (api/review): the final board
// with the winning line and the move the game turned on, the evaluation
// graph, the record to download and a QR code of this page's address.
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const game = new URLSearchParams(location.search).get("game") || "";
let review = null;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function pointXY(p, n) {
  const x = p.charCodeAt(0) - 97, y = parseInt(p.slice(1), 10) - 1;
  const step = 90 / (n - 1);
  return [5 + x * step, 95 - y * step];
}

function drawBoard(r) {
  const svg = $("board"), n = r.size, step = 90 / (n - 1);
  svg.replaceChildren();
  for (let i = 0; i < n; i++) {
    const c = 5 + i * step;
    el("line", { x1: 5, y1: c, x2: 95, y2: c, stroke: "#333", "stroke-width": 0.15 }, svg);
    el("line", { x1: c, y1: 5, x2: c, y2: 95, stroke: "#333", "stroke-width": 0.15 }, svg);
    const letter = String.fromCharCode(97 + i);
    el("text", { x: c, y: 99, "text-anchor": "middle", "font-size": 2.2, fill: "#333" }, svg).textContent = chinese() ? letter.toUpperCase() : letter;
    el("text", { x: 2.2, y: 95 - i * step + 0.8, "text-anchor": "middle", "font-size": 2.2, fill: "#333" }, svg).textContent = i + 1;
  }
  const circledNumbers = $("chinese").checked;
  for (const m of r.moves) {
    if (m.point === "pass") continue;
    const [x, y] = pointXY(m.point, n), black = m.color === "black";
    el("circle", { cx: x, cy: y, r: step * 0.46, fill: black ? "#111" : "#f8f8f8", stroke: "#000", "stroke-width": 0.15,
      class: "stone " + m.color, "data-point": m.point }, svg);
    const label = circledNumbers && m.n % 2 === 1 ? circled(m.n) : String(m.n);
    el("text", { x: x, y: y + 1, "text-anchor": "middle", "font-size": step * 0.42, fill: black ? "#fff" : "#000" }, svg).textContent = label;
  }
  if (r.win_line && r.win_line.length >= 2) {
    const a = pointXY(r.win_line[0], n), b = pointXY(r.win_line[r.win_line.length - 1], n);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#d22", "stroke-width": step * 0.2,
      "stroke-linecap": "round", opacity: 0.75, class: "win-line" }, svg);
  }
  if (r.turn) {
    const m = r.moves[r.turn.move - 1];
    if (m && m.point !== "pass") {
      const [x, y] = pointXY(m.point, n);
      el("circle", { cx: x, cy: y, r: step * 0.62, fill: "none", stroke: "#e07000", "stroke-width": 0.6, class: "turn", "data-point": m.point }, svg);
    }
  }
}

// drawGraph plots Black's evaluation after each move, squashed into the
// box, with the move the game turned on marked.
function drawGraph(r) {
  const svg = $("graph"), ev = r.evals || [];
  svg.replaceChildren();
  el("line", { x1: 0, y1: 30, x2: 200, y2: 30, stroke: "#999", "stroke-width": 0.5 }, svg);
  if (ev.length < 2) return;
  const X = (i) => i * 200 / (ev.length - 1), Y = (v) => 30 - 28 * Math.tanh(v / 400);
  el("polyline", { points: ev.map((v, i) => X(i).toFixed(1) + "," + Y(v).toFixed(1)).join(" "),
    fill: "none", stroke: "#222", "stroke-width": 1, class: "evals" }, svg);
  if (r.turn) {
    const i = r.turn.move - 1;
    el("line", { x1: X(i), y1: 0, x2: X(i), y2: 60, stroke: "#e07000", "stroke-width": 0.8, class: "turn-mark" }, svg);
    el("circle", { cx: X(i), cy: Y(ev[i]), r: 2, fill: "#e07000" }, svg);
  }
}

function render() {
  const r = review;
  if (!r) return;
  $("players").textContent = "● " + r.black + "  ○ " + r.white;
  $("result").textContent = r.result_said ? said(r.result_said) : r.result;
  $("turn").textContent = r.turn ? t("ui.turn", [String(r.turn.move), r.turn.by]) || "" : "";
  drawBoard(r);
  drawGraph(r);
  const circledList = $("chinese").checked;
  $("moves").replaceChildren(...r.moves.map((m) => {
    const li = document.createElement("li");
    li.textContent = circledList ? (m.n % 2 === 1 ? circled(m.n) : m.n) + " " + fmtPoint(m.point) : fmtPoint(m.point);
    if (circledList) li.style.listStyle = "none";
    if (r.turn && m.n === r.turn.move) li.className = "turn";
    return li;
  }));
}

relabel = () => render();

async function start() {
  await languageMenu();
  const q = game ? "?game=" + encodeURIComponent(game) : "";
  const resp = await fetch("api/review" + q);
  if (!resp.ok) {
    $("missing").hidden = false;
    $("qrbox").hidden = true;
    return;
  }
  review = await resp.json();
  const id = "?game=" + encodeURIComponent(review.id);
  $("sgf").href = "api/review.sgf" + id;
  $("sgf").setAttribute("download", "tengen-" + review.id + ".sgf");
  $("qr").src = "api/review-qr.svg" + id;
  render();
}

$("chinese").checked = localStorage.getItem("tengen-chinese-numbers") === "1";
$("chinese").onchange = () => {
  localStorage.setItem("tengen-chinese-numbers", $("chinese").checked ? "1" : "");
  render();
};
start();
