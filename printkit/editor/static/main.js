// The editor page: tools and keys, undo, live validation, move previews; files in files.js.

import { get, post } from "./api.js";
import { Grid, reachOf } from "./grid.js";
import { History } from "./history.js";
import { keyLabel, tileForKey, toolForKey } from "./keys.js";
import { MovePreview } from "./preview.js";
import { SCAN_KEY, otherInText, scanMarks, standingMarks, withoutDecided } from "./scanmarks.js";
import { Files } from "./files.js";
import { buildKnobs, fillForm, readForm, showExtras, showFieldErrors, showNotes, showPending, showVerdict } from "./panel.js";
import { Tools } from "./tools.js";
import { View } from "./view.js";

const $ = (selector) => document.querySelector(selector);
// A map change is sent at once (a click is a finished change); typing in the form waits
// this long after the last key, so a word typed is one request, not one per letter.
const TYPING_DELAY = 120;
const TOOL_NAMES = { brush: "brush", rect: "rectangle", fill: "fill", pick: "eyedropper", move: "try a move" };

const state = { tile: "#", requests: 0 };
let grid;
let palette;
let preview;
let tools;
let view;
let files;
const history = new History();

const level = () => ({ rows: grid.rows, ...readForm(), extras: files.extras });
// the scan's marks are part of a step: undoing a field kept or painted brings its ring back
const snapshot = () => ({ rows: grid.rows.slice(), form: readForm(), scan: files.extras[SCAN_KEY] ?? null });

// -- live validation ------------------------------------------------------------------
let timer = null;

function scheduleValidation(delay = 0) {
  showPending();
  grid.svg.classList.add("checking");
  clearTimeout(timer);
  if (delay) timer = setTimeout(validateNow, delay);
  else validateNow();
}

async function validateNow() {
  const request = ++state.requests;
  try {
    const verdict = await post("/api/validate", { level: level() });
    if (request === state.requests) applyVerdict(verdict); // an older answer is stale
  } catch (error) {
    if (request === state.requests) files.status(error.message, "error");
  }
}

function applyVerdict(verdict) {
  grid.verdict = verdict;
  grid.svg.classList.remove("checking");
  grid.render();
  const s26 = verdict.errors.find((f) => f.rule === "S26");
  showVerdict(verdict, palette.columns, (finding) => {
    const reach = finding.rule === "S26" ? reachOf(finding, verdict, grid.rows, palette.columns) : null;
    const [x, y] = reach?.nearest ?? [finding.x, finding.y];
    if (x !== null && x !== undefined) grid.flash(x, y);
    if (finding.field) document.querySelector(`#details [data-field="${finding.field}"]`)?.focus();
  }, s26 ? reachOf(s26, verdict, grid.rows, palette.columns) : null);
  $("#verdict").dataset.requests = state.requests;
  preview.refresh();
}

// -- changes and undo -----------------------------------------------------------------
function changed(mergeKey = null, delay = 0) {
  files.extras = withoutDecided(files.extras, grid.rows); // a field painted over is decided: its mark goes
  showExtras(files.extras); // the last question settled: the scan's key is no longer saved
  if (history.push(snapshot(), mergeKey)) files.markModified();
  updateUndo();
  scheduleValidation(delay);
}

function updateUndo() {
  $("#undo").disabled = !history.canUndo;
  $("#redo").disabled = !history.canRedo;
}

function restore(entry) {
  if (!entry) return;
  const size = JSON.stringify(grid.size());
  grid.rows = entry.rows;
  if (JSON.stringify(grid.size()) !== size) view.fit(); // a resize undone: the map fitted again, not cut off
  const { [SCAN_KEY]: _, ...extras } = files.extras;
  files.extras = entry.scan === null ? extras : { ...extras, [SCAN_KEY]: entry.scan };
  fillForm({ ...entry.form, extras: files.extras });
  files.markModified();
  updateUndo();
  showSize();
  grid.render();
  scheduleValidation();
}

const undo = () => restore(history.undo());
const redo = () => restore(history.redo());

// -- tools, tiles and keys ------------------------------------------------------------
function showMode() {
  const tile = grid.labels[state.tile] ?? state.tile;
  $("#mode").textContent = tools.tool === "move" ? "try a move: a field, a card · Esc leaves"
    : tools.tool === "pick" ? "eyedropper: click a field · Esc leaves"
      : `${TOOL_NAMES[tools.tool]} · ${tile}`;
}

function selectTool(tool) {
  tools.cancel();
  tools.tool = tool;
  for (const button of document.querySelectorAll("#tools .tool")) button.classList.toggle("selected", button.dataset.tool === tool);
  document.body.dataset.tool = tool;
  if (tool !== "move") preview?.clear();
  showMode();
}

function selectTile(char) {
  state.tile = char;
  for (const button of document.querySelectorAll("#tiles .tool")) button.classList.toggle("selected", button.dataset.tile === char);
  if (tools.tool === "move" || tools.tool === "pick") selectTool("brush");
  showMode();
}

function buildPalette() {
  const box = $("#tiles");
  for (const tile of palette.tiles) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tool";
    button.dataset.tile = tile.char;
    button.title = `${tile.label}: key ${keyLabel(tile.char)}`;
    const icon = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    icon.setAttribute("viewBox", `0 0 ${palette.field_mm} ${palette.field_mm}`);
    if (tile.symbol) {
      const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
      use.setAttribute("href", `#${tile.symbol}`);
      icon.append(use);
    }
    const shown = tile.char === "H" ? "⇧H" : tile.char === "h" ? "H" : tile.char;
    const key = Object.assign(document.createElement("span"), { className: "key", textContent: shown });
    const label = Object.assign(document.createElement("span"), { className: "label", textContent: tile.label });
    button.append(icon, key, label);
    button.addEventListener("click", () => selectTile(tile.char));
    box.append(button);
  }
  for (const button of document.querySelectorAll("#tools .tool")) button.addEventListener("click", () => selectTool(button.dataset.tool));
}

function escape() {
  if (tools.cancel()) return;
  preview.clear();
  selectTool("brush");
}

function onKey(event) {
  if ($("#ask").open) return; // the dialog has the keys (Esc closes it)
  // checkboxes and buttons take no text: the tile keys work while they have the focus
  const typing = event.target.matches("input:not([type=checkbox]), select, textarea");
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && (key === "z" || key === "y")) {
    event.preventDefault(); // the page's undo: map and form fields alike
    if (key === "y" || event.shiftKey) redo();
    else undo();
  } else if (ctrl && key === "s") {
    event.preventDefault();
    files.save();
  } else if (event.key === "Escape") {
    if (typing) event.target.blur();
    escape();
  } else if (!typing && !ctrl && !event.altKey) {
    if (tools.tool === "move" && /^[1-6]$/.test(event.key)) preview.pickCard(Number(event.key));
    else if (event.key === "+" || event.key === "=") view.step(1);
    else if (event.key === "-") view.step(-1);
    else if (event.key === "0") view.fit();
    else if (toolForKey(event)) selectTool(toolForKey(event));
    else {
      const tile = tileForKey(event, palette.tiles.map((t) => t.char));
      if (tile === null) return;
      event.preventDefault();
      selectTile(tile);
    }
  }
}

// -- size -----------------------------------------------------------------------------
function showSize() {
  const { width, height } = grid.size();
  $("#size-width").value = width;
  $("#size-height").value = height;
  $("#size-error").textContent = "";
}

function fits(width, height) {
  const { short_side: s, long_side: l } = palette;
  return width >= 1 && height >= 1 && ((width <= s && height <= l) || (width <= l && height <= s));
}

function resize() {
  const width = Number($("#size-width").value);
  const height = Number($("#size-height").value);
  if (!Number.isInteger(width) || !Number.isInteger(height) || !fits(width, height)) {
    $("#size-error").textContent = `S2: one A4 sheet holds at most ${palette.short_side} × ${palette.long_side} (portrait) or ${palette.long_side} × ${palette.short_side} (landscape) fields`;
    return;
  }
  // new fields are rock: growing never opens the map's edge by accident
  grid.rows = Array.from({ length: height }, (_, y) => (grid.rows[y] ?? "").slice(0, width).padEnd(width, "#"));
  showSize();
  view.fit();
  changed();
}

// A level opened or made new: the map, the form, a fresh history, the fitted view.
function loaded(answer) {
  clearTimeout(timer); // a validation of the level before this one must not land on it
  state.requests += 1;
  grid.rows = answer.level.rows.slice();
  preview.clear();
  fillForm(answer.level);
  history.reset(snapshot());
  updateUndo();
  showSize();
  view.fit();
  applyVerdict(answer.verdict);
  showNotes(answer.notes ?? []);
}

// -- start ----------------------------------------------------------------------------
async function start() {
  palette = await get("/api/palette");
  $("#icons").innerHTML = palette.icons; // the print's tile symbols, used by every <use>
  grid = new Grid($("#grid"), palette);
  files = new Files({ level, loaded, scheduleValidation });
  // fields `printkit scan --review` asks about: kept as read, or the other tile taken
  grid.overlays.push(scanMarks(() => files.extras, {
    keep: (marks) => {
      files.extras = withoutDecided(files.extras, grid.rows, marks);
      changed();
      grid.render();
    },
    take: (mark) => {
      // the door or exit taken here leaves its old field (one α, one Ω: S3); a question there
      // ("α or rock?") is answered by it: that field takes its other tile, not the brush's open cave
      const left = "AZ".includes(mark.other) ? standingMarks(files.extras, grid.rows)
        .filter((m) => m.tile === mark.other && (m.x !== mark.x || m.y !== mark.y)) : [];
      tools.paint([[mark.x, mark.y]], mark.other); // as the brush would
      for (const m of left) {
        const other = m.other ?? otherInText(m.text, grid.labels[m.tile], grid.labels);
        if (typeof other === "string" && !"AZ".includes(other)) tools.paint([[m.x, m.y]], other);
      }
      changed();
    },
  }));
  preview = new MovePreview(grid, palette, level);
  view = new View(grid, $("#view"));
  tools = new Tools(grid, palette, {
    onChange: () => { showSize(); changed(); },
    onPick: (tile) => selectTile(tile),
    onMove: (field) => preview.pick(field),
    tile: () => state.tile,
  });
  buildPalette();
  buildKnobs(palette.knobs, (key) => changed(key, TYPING_DELAY));
  selectTool("brush");
  selectTile("#");
  tools.install();
  view.install();
  document.addEventListener("keydown", onKey);
  for (const button of document.querySelectorAll("#cards button")) button.addEventListener("click", () => {
    if (tools.tool !== "move") selectTool("move");
    preview.pickCard(Number(button.dataset.card));
  });
  $("#move-health").addEventListener("input", () => preview.refresh());
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  $("#resize").addEventListener("click", resize);
  $("#show-route").addEventListener("change", (event) => { grid.showRoute = event.target.checked; grid.render(); });
  $("#show-reachable").addEventListener("change", (event) => { grid.showReachable = event.target.checked; grid.render(); });
  await files.start();
  document.body.dataset.ready = "true";
}

start().catch((error) => {
  $("#file-state").textContent = `the editor could not start: ${error.message}`;
  $("#file-state").className = "error";
});
