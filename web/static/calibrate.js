"use strict";
// The calibration page (tengen calibrate page): the camera's picture with
// the board's corners, found or placed by hand, and the guided steps,
// answered with the buttons as they would be at the terminal.
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

let cal = null;      // the last state's calibration part
let shot = -1;       // the picture shown
let corners = [];    // the corners shown, picture pixels; edited by hand until saved
let edited = false;  // corners differ from the state's
let drag = -1;       // the corner being dragged
let shownError = ""; // the step's error last shown

// show takes a state: the page shows only its calibration part.
function show(s) {
  $("status").textContent = "";
  if (s.calibration) {
    cal = s.calibration;
    render();
  }
}

function render() {
  $("file").textContent = cal.file;
  $("check").textContent = (cal.check_texts && cal.check_texts[lang]) || cal.check;
  $("check").className = cal.ok ? "ok" : "bad";
  if ($("size").value !== String(cal.size)) $("size").value = String(cal.size);
  const [w, h] = cal.picture;
  if (w > 0 && cal.shot !== shot) {
    shot = cal.shot;
    $("picture").src = "api/camera.jpg?shot=" + shot;
    $("overlay").setAttribute("viewBox", `0 0 ${w} ${h}`);
  }
  if (!edited) corners = (cal.corners || []).map((c) => c.slice());
  drawCorners();
  const running = !!cal.step;
  for (const b of document.querySelectorAll("[data-step]")) b.disabled = running;
  for (const b of document.querySelectorAll("#answerbox button, #saytext")) b.disabled = !running;
  for (const id of ["shoot", "find", "savecorners", "view"]) $(id).disabled = running;
  $("views").textContent = cal.views + " " + term("ui.cal.views", "views");
  $("lensguide").textContent = cal.lens_guide ? cal.lens_guide[lang] || cal.lens_guide.en : "";
  const con = $("console");
  con.textContent = cal.console.join("\n") + (cal.prompt ? "\n" + cal.prompt : "");
  con.scrollTop = con.scrollHeight;
  // A step's failure is news once; the answers to actions share the line.
  if ((cal.error || "") !== shownError) {
    shownError = cal.error || "";
    if (shownError) $("result").textContent = shownError;
  }
}

function drawCorners() {
  const svg = $("overlay");
  svg.replaceChildren();
  const w = cal ? cal.picture[0] : 0;
  if (!w) return;
  // On a chessboard view, where the chessboard lay in every view so far:
  // the picture's parts still bare are where the next views go.
  const lensViews = cal.view_shown ? cal.lens_views || [] : [];
  lensViews.forEach((o, i) => {
    const poly = document.createElementNS(SVG, "polygon");
    poly.setAttribute("class", i === lensViews.length - 1 ? "lensview last" : "lensview");
    poly.setAttribute("points", o.map((c) => c.join(",")).join(" "));
    poly.setAttribute("stroke-width", w / 600);
    svg.append(poly);
  });
  if (corners.length === 4) {
    const poly = document.createElementNS(SVG, "polygon");
    poly.setAttribute("points", order(corners).map((c) => c.join(",")).join(" "));
    poly.setAttribute("stroke-width", w / 400);
    svg.append(poly);
  }
  corners.forEach((c, i) => {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("class", "handle");
    dot.setAttribute("cx", c[0]);
    dot.setAttribute("cy", c[1]);
    dot.setAttribute("r", w / 80);
    dot.setAttribute("stroke-width", w / 500);
    dot.dataset.corner = i;
    svg.append(dot);
  });
}

// order puts four corners around their centre, so the outline is drawn
// whatever order they were clicked in.
function order(cs) {
  const cx = cs.reduce((a, c) => a + c[0], 0) / cs.length, cy = cs.reduce((a, c) => a + c[1], 0) / cs.length;
  return cs.slice().sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
}

// at converts a pointer event to picture pixels.
function at(ev) {
  const svg = $("overlay");
  const r = svg.getBoundingClientRect();
  const [w, h] = cal.picture;
  return [(ev.clientX - r.left) / r.width * w, (ev.clientY - r.top) / r.height * h];
}

$("overlay").addEventListener("pointerdown", (ev) => {
  if (!cal || !cal.picture[0]) return;
  const p = at(ev);
  const reach = cal.picture[0] / 40;
  drag = corners.findIndex((c) => Math.hypot(c[0] - p[0], c[1] - p[1]) < reach);
  if (drag < 0 && corners.length < 4) {
    corners.push(p);
    edited = true;
    drawCorners();
    return;
  }
  if (drag >= 0) $("overlay").setPointerCapture(ev.pointerId);
});
$("overlay").addEventListener("pointermove", (ev) => {
  if (drag < 0) return;
  corners[drag] = at(ev);
  edited = true;
  drawCorners();
});
$("overlay").addEventListener("pointerup", () => { drag = -1; });

// act posts an operator action, shows the answer, and resolves to
// whether it was done.
async function act(name, args) {
  const [ok, text] = await postAction(name, args);
  $("result").textContent = name + ": " + text;
  return ok;
}

$("shoot").onclick = () => { edited = false; act("picture"); };
$("find").onclick = () => { edited = false; act("find", { size: $("size").value }); };
$("clear").onclick = () => { corners = []; edited = true; drawCorners(); };
$("savecorners").onclick = async () => {
  if (corners.length !== 4) {
    $("result").textContent = term("ui.cal.corners-hint", "Click the four corners.");
    return;
  }
  const text = corners.map((c) => c[0].toFixed(1) + "," + c[1].toFixed(1)).join(",");
  if (await act("corners", { corners: text, size: $("size").value })) edited = false;
};
$("view").onclick = () => { edited = false; act("view", { chessboard: $("chessboard").value }); };
for (const b of document.querySelectorAll("[data-step]")) {
  b.onclick = () => act("step", { step: b.dataset.step, lang, chessboard: $("chessboard").value, square: $("square").value });
}
for (const b of document.querySelectorAll("[data-say]")) b.onclick = () => act("say", { text: b.dataset.say });
for (const b of document.querySelectorAll("[data-jog]")) {
  b.onclick = () => {
    const [axis, sign] = b.dataset.jog.split(" ");
    act("say", { text: axis + " " + (sign === "-" ? "-" : "") + $("mm").value });
  };
}
$("sayform").onsubmit = (ev) => {
  ev.preventDefault();
  act("say", { text: $("saytext").value });
  $("saytext").value = "";
};
$("stop").onclick = () => act("stop");

for (let n = 9; n <= 19; n++) $("size").append(new Option(String(n), String(n)));
$("token").value = localStorage.getItem("tengen-token") || "";
relabel = () => { if (cal) render(); };
languageMenu().then(() => followState(show));
