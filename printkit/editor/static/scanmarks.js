// Fields `printkit scan` was unsure of, kept in the level as its x-scan-unsure key
// ([{x, y, tile, other, text}]): each gets a dashed ring and the scan's question ("E7: ladder
// or web? 62 %") as its tooltip, while the field still holds the tile the scan read. The side
// panel lists them, each with two buttons (keep the tile read, or take the other), so a scan
// is checked in a click a field; painting the field (the user has decided) also takes its mark away.

const SVG = "http://www.w3.org/2000/svg";
export const SCAN_KEY = "x-scan-unsure";

function node(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  parent.appendChild(element);
  return element;
}

// The marks still standing: entries whose field holds the tile the scan wrote there.
export function standingMarks(extras, rows) {
  const entries = Array.isArray(extras?.[SCAN_KEY]) ? extras[SCAN_KEY] : [];
  return entries.filter((e) => Number.isInteger(e?.x) && Number.isInteger(e?.y) && rows[e.y]?.[e.x] !== undefined
    && (typeof e.tile !== "string" || rows[e.y][e.x] === e.tile));
}

// The x- keys with only the marks still standing, less `decided` ones; the key goes when none
// is left, so that a checked level is saved without it.
export function withoutDecided(extras, rows, decided = []) {
  if (!(SCAN_KEY in (extras ?? {}))) return extras;
  const gone = new Set(decided.map((m) => `${m.x},${m.y}`));
  const left = standingMarks(extras, rows).filter((m) => !gone.has(`${m.x},${m.y}`));
  const { [SCAN_KEY]: _, ...rest } = extras;
  return left.length ? { ...rest, [SCAN_KEY]: left } : rest;
}

// An overlay for Grid.overlays: draws the marks of the level whose x- keys `extras()` gives,
// and lists them; `actions` {keep(marks), take(mark)} carry out the buttons.
export function scanMarks(extras, actions) {
  return (grid) => {
    const F = grid.F;
    const marks = standingMarks(extras(), grid.rows);
    const layer = node("g", { class: "scan-unsure" }, grid.into ?? grid.svg);
    for (const mark of marks) {
      const group = node("g", { class: "scan-mark", "data-x": mark.x, "data-y": mark.y }, layer);
      node("circle", { cx: (mark.x + 0.5) * F, cy: (mark.y + 0.5) * F, r: F * 0.44 }, group);
      const badge = node("text", { x: (mark.x + 1) * F - 2.2, y: mark.y * F + 3.6 }, group);
      badge.textContent = "?";
      node("title", {}, group).textContent = `scan: ${mark.text ?? "unsure"}`;
    }
    showReview(marks, grid, actions);
  };
}

function element(name, properties, parent) {
  const made = Object.assign(document.createElement(name), properties);
  parent?.append(made);
  return made;
}

// The other tile of a question written before the scan kept it (`other`): its text
// "C2: ladder or web? 62 %" names it, when the first name is the tile read.
export function otherInText(text, tileLabel, labels) {
  const asked = /^[A-Z]+\d+: (.+?) or (.+?)\? \d+ %/.exec(text ?? "");
  if (!asked || asked[1] !== tileLabel) return null;
  return Object.keys(labels).find((char) => labels[char] === asked[2]) ?? null;
}

// The percent a question gives its tile ("C2: ladder or web? 62 %"); none: listed last. A
// question with a note ("... 99 % (washed out in the photo: a glare?)", an S3 fix) comes
// first: the photo could not show the field, or a rule changed what it read, whatever the odds.
export function sureness(mark) {
  const text = mark?.text ?? "";
  if (/ %\s*\(.+\)$/.test(text)) return -1;
  const percent = / (\d+) %/.exec(text);
  return percent ? Number(percent[1]) : Infinity;
}

function showReview(marks, grid, actions) {
  let box = document.querySelector("#scan-review");
  if (!box) {
    box = element("div", { id: "scan-review" });
    document.querySelector("#verdict")?.before(box); // first in the side panel: checking the scan is the task at hand
  }
  const key = JSON.stringify(marks); // grid renders often: the list is rebuilt only when it changes
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren();
  if (!marks.length) return;
  const count = `${marks.length} field${marks.length === 1 ? "" : "s"}`;
  element("p", { id: "scan-note", textContent: `Scan: ${count} to check (dashed rings), least sure first. Keep the tile read or take the other; painting a field decides it too.` }, box);
  const list = element("ul", { className: "scan-list" }, box);
  const label = (char) => grid.labels[char] ?? char;
  // least sure first: on a sheet with dozens of questions the likely misreads lead the list,
  // and once they are settled the rest can be kept all at once (a stable sort: ties by field)
  for (const mark of [...marks].sort((a, b) => sureness(a) - sureness(b))) {
    const item = element("li", {}, list);
    item.dataset.x = mark.x;
    item.dataset.y = mark.y;
    const tile = typeof mark.tile === "string" ? mark.tile : grid.rows[mark.y][mark.x];
    // "62 %" kept on one line: a narrow panel wrapped the % sign alone
    const question = (mark.text ?? `${label(tile)}?`).replace(/ %/g, "\u00a0%");
    element("span", { className: "scan-question", textContent: question }, item);
    const keep = element("button", { type: "button", className: "scan-keep", textContent: `✓ ${label(tile)}`, title: "Keep the tile read" }, item);
    keep.addEventListener("click", () => actions.keep([mark]));
    const other = typeof mark.other === "string" ? mark.other : otherInText(mark.text, label(tile), grid.labels);
    if (typeof other === "string" && other !== tile) {
      const take = element("button", { type: "button", className: "scan-take", textContent: label(other), title: "Paint the field with this tile" }, item);
      take.addEventListener("click", () => actions.take({ ...mark, other }));
    }
    // pointing at a question shows its field (a long map's field may be far from the list)
    item.addEventListener("mouseenter", () => grid.flash(mark.x, mark.y));
  }
  if (marks.length > 1) {
    const all = element("button", { type: "button", className: "scan-keep-all", textContent: `✓ keep all ${marks.length} as read` }, box);
    all.title = "Once every ringed field has been looked at and is right";
    all.addEventListener("click", () => actions.keep(marks));
  }
}
