// The side panel: the verdict with every finding (rule id, field), the route as text, and
// the level's form fields (name, author, players, rule knobs) with the loader's messages.

const $ = (selector) => document.querySelector(selector);

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function verdictLine(verdict) {
  if (verdict.valid) return `✓ solvable in ${plural(verdict.min_turns, "turn")}`;
  return `✗ invalid: ${plural(verdict.errors.length, "error")}`;
}

function findingItem(finding, kind, number, onPick) {
  const item = document.createElement("li");
  item.className = kind;
  item.dataset.rule = finding.rule;
  if (number) {
    const badge = document.createElement("span");
    badge.className = "number";
    badge.textContent = number;
    item.append(badge);
  }
  const rule = document.createElement("span");
  rule.className = "rule";
  rule.textContent = finding.rule;
  item.append(rule, finding.message); // the message names its field (C5) itself
  item.addEventListener("click", () => onPick(finding));
  return item;
}

// Warnings of one kind (soft-locks, unreachable items) many at a time: one line to expand.
const KINDS = [
  { test: (f) => f.message.startsWith("soft-lock at "), word: "soft-lock" },
  { test: (f) => f.message.includes(" is never reached"), word: "unreachable item" },
];

function warningList(warnings, onPick) {
  const out = [];
  const rest = document.createElement("ul");
  rest.className = "warnings";
  const groups = KINDS.map((kind) => ({ ...kind, findings: warnings.filter(kind.test) }));
  for (const group of groups) {
    if (group.findings.length < 2) continue;
    const details = document.createElement("details");
    details.className = "finding-group";
    details.dataset.kind = group.word;
    const summary = document.createElement("summary");
    summary.textContent = `${plural(group.findings.length, group.word)} (${group.findings[0].rule})`;
    const list = document.createElement("ul");
    group.findings.forEach((f) => list.append(findingItem(f, "warning", null, onPick)));
    details.append(summary, list);
    out.push(details);
  }
  const grouped = new Set(groups.filter((g) => g.findings.length >= 2).flatMap((g) => g.findings));
  warnings.filter((f) => !grouped.has(f)).forEach((f) => rest.append(findingItem(f, "warning", null, onPick)));
  if (rest.children.length) out.push(rest);
  return out;
}

// The S26 error in words: how much the door reaches and which of it comes nearest to Ω.
function reachNote(reach, columns) {
  const note = document.createElement("div");
  note.className = "reach-note";
  const where = reach.nearest ? `${columns[reach.nearest[0]]}${reach.nearest[1] + 1}` : null;
  note.textContent = `On the map: what α reaches is shaded green${where ? `, ${where} framed` : ""}.`;
  return note;
}

export function showVerdict(verdict, columns, onPick, reach = null) {
  const box = $("#verdict");
  box.dataset.state = verdict.valid ? "valid" : "invalid";
  box.textContent = verdictLine(verdict);
  $("#side").classList.remove("checking");
  $("#counts").textContent = verdict.rest_positions
    ? `${plural(verdict.rest_positions, "rest position")} · ${plural(verdict.soft_locks.length, "soft-lock")} · ${plural(verdict.unreachable_items.length, "unreachable item")}`
    : "";
  const list = $("#findings");
  list.replaceChildren();
  if (verdict.errors.length) {
    const errors = document.createElement("ul");
    errors.className = "errors";
    verdict.errors.forEach((f, i) => {
      const item = findingItem(f, "error", f.x === null ? null : i + 1, onPick);
      if (f.rule === "S26" && reach) item.append(reachNote(reach, columns));
      errors.append(item);
    });
    list.append(errors);
  }
  list.append(...warningList(verdict.warnings, onPick));
  $("#route-text").textContent = verdict.route.length
    ? "Route: " + verdict.route.map((s) => `${s.turn}: card ${s.card} → ${s.exited ? "Ω" : columns[s.end[0]] + (s.end[1] + 1)}`).join(" · ")
    : "";
  showFieldErrors(verdict.fields);
}

// A change is on its way to the validator: say so at once, and dim the old findings.
export function showPending() {
  const box = $("#verdict");
  box.dataset.state = "pending";
  box.textContent = "checking…";
  $("#side").classList.add("checking");
}

// onChange(key): key names the form field changed (history merges typing into one step)
export function buildKnobs(knobs, onChange) {
  const box = $("#knobs");
  box.replaceChildren();
  for (const knob of knobs) {
    const label = document.createElement("label");
    label.title = `${knob.rule}; ${knob.low}-${knob.high}, default ${knob.default}`;
    const input = document.createElement("input");
    Object.assign(input, { type: "number", min: knob.low, max: knob.high, step: 1, value: knob.default });
    input.dataset.knob = knob.name;
    input.dataset.field = `rules.${knob.name}`;
    input.addEventListener("input", () => onChange(input.dataset.field));
    label.append(`${knob.name} (${knob.rule})`, input);
    const error = document.createElement("small");
    error.className = "field-error";
    error.dataset.for = `rules.${knob.name}`;
    box.append(label, error);
  }
  for (const input of document.querySelectorAll("#level-name, #level-author, input[name=players]")) {
    input.addEventListener("input", () => onChange(input.type === "checkbox" ? null : input.id));
  }
}

// The form's values as the page sends them: raw, so the loader judges them (an empty
// knob is null, "2.5" is 2.5, and the loader says what is wrong with either).
export function readForm() {
  const rules = {};
  for (const input of document.querySelectorAll("#knobs input")) {
    rules[input.dataset.knob] = input.value.trim() === "" ? null : Number(input.value);
  }
  const players = [...document.querySelectorAll("input[name=players]:checked")].map((box) => Number(box.value));
  return { name: $("#level-name").value, author: $("#level-author").value, players, rules };
}

export function fillForm(level) {
  $("#level-name").value = level.name;
  $("#level-author").value = level.author;
  for (const box of document.querySelectorAll("input[name=players]")) box.checked = level.players.includes(Number(box.value));
  for (const input of document.querySelectorAll("#knobs input")) {
    const value = level.rules[input.dataset.knob];
    if (value !== undefined) input.value = value;
  }
  showExtras(level.extras);
}

// The x- keys the level will be saved with (a scan's questions all settled: its key is gone).
export function showExtras(extras) {
  const keys = Object.keys(extras ?? {});
  $("#extras").textContent = keys.length ? `Kept when saving: ${keys.join(", ")}` : "";
}

export function showFieldErrors(fields) {
  for (const slot of document.querySelectorAll("#details .field-error[data-for]")) {
    slot.textContent = (fields[slot.dataset.for] ?? []).join("; ");
  }
  for (const input of document.querySelectorAll("#details [data-field]")) {
    input.classList.toggle("invalid", Boolean(fields[input.dataset.field]));
  }
}

export function showNotes(notes) {
  const box = $("#notes");
  box.replaceChildren(...notes.map((note) => Object.assign(document.createElement("p"), { textContent: note })));
}
