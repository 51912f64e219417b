// The editor page: painting, undo, live validation, move previews, files and downloads.

import { ApiError, download, get, post } from "./api.js";
import { Grid } from "./grid.js";
import { History } from "./history.js";
import { MovePreview } from "./preview.js";
import { scanMarks } from "./scanmarks.js";
import { buildKnobs, fillForm, readForm, showFieldErrors, showNotes, showPending, showVerdict } from "./panel.js";

const $ = (selector) => document.querySelector(selector);
const VALIDATE_DELAY = 150; // ms after the last change: fast enough to feel live, few requests

const state = {
  file: null, // the file's name in the folder, or null for a level never saved
  version: null, // what the file held when opened or saved (the stale-file check)
  extras: {}, // the file's x- keys, saved back as they were
  tool: "#",
  modified: false,
  saved: null, // the level as last opened or saved, as JSON
  painting: null, // the tile of the stroke in progress
  requests: 0,
};
let grid;
let palette;
let preview;
const history = new History();

function level() {
  return { rows: grid.rows, ...readForm(), extras: state.extras };
}

function setStatus(text, kind = "") {
  const box = $("#file-state");
  box.textContent = text;
  box.className = kind;
  box.classList.toggle("unsaved", state.modified && kind !== "error");
}

function fileLabel() {
  return state.file ?? "new level (not saved)";
}

// Unsaved while the level differs from what was opened or saved (undoing back to it counts).
function markModified() {
  state.modified = state.saved === null || JSON.stringify(level()) !== state.saved;
  setStatus(fileLabel());
}

function markSaved() {
  state.saved = JSON.stringify(level());
  state.modified = false;
}

// -- live validation ------------------------------------------------------------------
let timer = null;

function scheduleValidation() {
  showPending();
  clearTimeout(timer);
  timer = setTimeout(validateNow, VALIDATE_DELAY);
}

async function validateNow() {
  const request = ++state.requests;
  try {
    const verdict = await post("/api/validate", { level: level() });
    if (request === state.requests) applyVerdict(verdict); // an older answer is stale
  } catch (error) {
    if (request === state.requests) setStatus(error.message, "error");
  }
}

function applyVerdict(verdict) {
  grid.verdict = verdict;
  grid.render();
  showVerdict(verdict, palette.columns, (finding) => {
    if (finding.x !== null) grid.flash(finding.x, finding.y);
    if (finding.field) document.querySelector(`#details [data-field="${finding.field}"]`)?.focus();
  });
  $("#verdict").dataset.requests = state.requests;
  preview.refresh();
}

function changedGrid() {
  if (history.push(grid.rows)) markModified();
  updateUndo();
  grid.render();
  scheduleValidation();
}

// -- painting -------------------------------------------------------------------------
function paint(field, tile) {
  const [x, y] = field;
  const rows = grid.rows.slice();
  if (rows[y][x] === tile) return;
  if (tile === "A" || tile === "Z") {
    // a level has one door and one exit (S3): painting one moves it
    for (let j = 0; j < rows.length; j++) rows[j] = rows[j].replaceAll(tile, ".");
  }
  rows[y] = rows[y].slice(0, x) + tile + rows[y].slice(x + 1);
  grid.rows = rows;
  grid.render();
}

function onPointerDown(event) {
  const field = grid.fieldAt(event);
  if (!field) return;
  event.preventDefault();
  document.activeElement?.blur(); // back on the map, the keys pick tiles again
  if (state.tool === "move" && event.button === 0) {
    preview.pick(field);
    return;
  }
  state.painting = event.button === 2 ? "#" : state.tool === "move" ? null : state.tool;
  if (state.painting === null) return;
  grid.svg.setPointerCapture(event.pointerId);
  paint(field, state.painting);
}

function onPointerMove(event) {
  if (state.painting === null) return;
  const field = grid.fieldAt(event);
  if (field) paint(field, state.painting);
}

function onPointerUp() {
  if (state.painting === null) return;
  state.painting = null;
  changedGrid(); // one stroke, one undo step
}

// -- tools and keys ---------------------------------------------------------------------
function selectTool(tool) {
  state.tool = tool;
  for (const button of document.querySelectorAll(".tool")) button.classList.toggle("selected", button.dataset.tool === tool);
  if (tool !== "move") preview?.clear();
}

function buildPalette() {
  const box = $("#tiles");
  for (const tile of palette.tiles) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tool";
    button.dataset.tool = tile.char;
    button.title = `${tile.label}: key ${tile.char}`;
    const icon = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    icon.setAttribute("viewBox", `0 0 ${palette.field_mm} ${palette.field_mm}`);
    if (tile.symbol) {
      const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
      use.setAttribute("href", `#${tile.symbol}`);
      icon.append(use);
    }
    const key = Object.assign(document.createElement("span"), { className: "key", textContent: tile.char });
    button.append(icon, key, tile.label);
    button.addEventListener("click", () => selectTool(tile.char));
    box.append(button);
  }
  $("#tool-move").addEventListener("click", () => selectTool("move"));
}

function updateUndo() {
  $("#undo").disabled = !history.canUndo;
  $("#redo").disabled = !history.canRedo;
}

function undo() {
  const rows = history.undo();
  if (rows) restore(rows);
}

function redo() {
  const rows = history.redo();
  if (rows) restore(rows);
}

function restore(rows) {
  grid.rows = rows;
  markModified();
  updateUndo();
  showSize();
  grid.render();
  scheduleValidation();
}

function onKey(event) {
  // checkboxes and buttons take no text: the tile keys work while they have the focus
  const typing = event.target.matches("input:not([type=checkbox]), select, textarea");
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && event.key.toLowerCase() === "z" && !typing) {
    event.preventDefault();
    if (event.shiftKey) redo();
    else undo();
  } else if (ctrl && event.key.toLowerCase() === "y" && !typing) {
    event.preventDefault();
    redo();
  } else if (ctrl && event.key.toLowerCase() === "s") {
    event.preventDefault();
    save();
  } else if (!typing && !ctrl && !event.altKey) {
    if (state.tool === "move" && /^[1-6]$/.test(event.key)) preview.pickCard(Number(event.key));
    else if (event.key === "m" || event.key === "M") selectTool("move");
    else if (event.key === " " || palette.tiles.some((t) => t.char === event.key)) {
      event.preventDefault();
      selectTool(event.key === " " ? "." : event.key); // a space is open cave too (S3)
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
  changedGrid();
}

// -- files ----------------------------------------------------------------------------
function load(answer, file, version) {
  clearTimeout(timer); // a validation of the level before this one must not land on it
  state.requests += 1;
  state.file = file;
  state.version = version;
  state.extras = answer.level.extras ?? {};
  grid.rows = answer.level.rows.slice();
  preview.clear();
  fillForm(answer.level);
  history.reset(grid.rows);
  updateUndo();
  showSize();
  markSaved();
  applyVerdict(answer.verdict);
  showNotes(answer.notes ?? []);
  setStatus(fileLabel());
  $("#file-list").value = file && [...$("#file-list").options].some((o) => o.value === file) ? file : "";
}

function discardChanges() {
  return !state.modified || confirm("Discard the changes to this level?");
}

async function refreshFiles() {
  const answer = await get("/api/files");
  const list = $("#file-list");
  const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
  list.replaceChildren(option("", "(choose a level)"), ...answer.files.map((name) => option(name, name)));
  list.title = `Levels in ${answer.folder}`;
  list.value = answer.files.includes(state.file) ? state.file : "";
  return answer;
}

async function openFile(name) {
  try {
    const answer = await post("/api/open", { file: name });
    load(answer, answer.file, answer.version);
  } catch (error) {
    setStatus(error.message, "error");
  }
}

async function newLevel(file = null) {
  const width = Number($("#new-width").value);
  const height = Number($("#new-height").value);
  try {
    load(await post("/api/new", { width, height }), file, null);
    if (file !== null) state.saved = null; // named on the command line, not yet written
    markModified();
  } catch (error) {
    setStatus(error.message, "error");
  }
}

async function save(asName = null) {
  const file = asName ?? state.file;
  if (!file) return saveAs();
  const sameFile = file === state.file;
  const body = { file, level: level(), version: sameFile ? state.version : null, overwrite: false };
  let answer;
  try {
    answer = await post("/api/save", body);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409 && confirm(`${error.message}. Save over it?`))) {
      setStatus(error instanceof ApiError && error.status === 409 ? `not saved: ${error.message}` : error.message, "error");
      return;
    }
    try {
      answer = await post("/api/save", { ...body, overwrite: true });
    } catch (again) {
      setStatus(again.message, "error");
      return;
    }
  }
  state.file = answer.file;
  state.version = answer.version;
  state.saved = JSON.stringify(body.level);
  markModified(); // what changed while the answer was on its way is still unsaved
  await refreshFiles();
  setStatus(`saved ${answer.file}${answer.valid ? "" : " (invalid: work in progress)"}`);
}

async function saveAs() {
  let name = prompt("Save as (a file in this folder):", state.file ?? "new-level.yaml");
  if (!name) return;
  name = name.trim();
  if (!name.endsWith(".yaml")) name += ".yaml";
  await save(name);
}

async function downloadPdf(kind) {
  try {
    const filename = await download({ kind, level: level(), file: state.file });
    setStatus(`downloaded ${filename}`);
  } catch (error) {
    setStatus(error.message, "error");
  }
}

// -- start ----------------------------------------------------------------------------
async function start() {
  palette = await get("/api/palette");
  $("#icons").innerHTML = palette.icons; // the print's tile symbols, used by every <use>
  grid = new Grid($("#grid"), palette);
  grid.overlays.push(scanMarks(() => state.extras)); // fields `printkit scan --review` asks about
  preview = new MovePreview(grid, palette, level);
  buildPalette();
  buildKnobs(palette.knobs, () => {
    markModified();
    scheduleValidation();
  });
  selectTool("#");
  const svg = grid.svg;
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("pointerup", onPointerUp);
  svg.addEventListener("pointercancel", onPointerUp);
  svg.addEventListener("contextmenu", (event) => event.preventDefault());
  document.addEventListener("keydown", onKey);
  for (const button of document.querySelectorAll("#cards button")) button.addEventListener("click", () => preview.pickCard(Number(button.dataset.card)));
  $("#move-health").addEventListener("input", () => preview.refresh());
  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redo);
  $("#resize").addEventListener("click", resize);
  $("#open").addEventListener("click", () => $("#file-list").value && discardChanges() && openFile($("#file-list").value));
  $("#new").addEventListener("click", () => discardChanges() && newLevel());
  $("#save").addEventListener("click", () => save());
  $("#save-as").addEventListener("click", saveAs);
  for (const button of document.querySelectorAll("[data-download]")) button.addEventListener("click", () => downloadPdf(button.dataset.download));
  $("#show-route").addEventListener("change", (event) => { grid.showRoute = event.target.checked; grid.render(); });
  $("#show-reachable").addEventListener("change", (event) => { grid.showReachable = event.target.checked; grid.render(); });
  window.addEventListener("beforeunload", (event) => { if (state.modified) event.preventDefault(); });
  const files = await refreshFiles();
  if (files.start && files.files.includes(files.start)) await openFile(files.start);
  else await newLevel(files.start); // a new file named on the command line is saved there
  document.body.dataset.ready = "true";
}

start().catch((error) => setStatus(`the editor could not start: ${error.message}`, "error"));
