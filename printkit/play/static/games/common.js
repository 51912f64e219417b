// What the board views of the play page share: SVG elements, the printed boards' colours,
// a prompt line with choice buttons under the board, and the view's own style sheet.

export const SVG_NS = "http://www.w3.org/2000/svg";
export const INK = "#2b2620"; // the printed boards' warm near-black

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function html(name, attrs = {}, parent = null, text = null) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

export function points(list) {
  return list.map(([x, y]) => `${x},${y}`).join(" ");
}

// A colour lightened toward white by `amount` (0 … 1), as the printed boards tint colours.
export function tint(colour, amount) {
  const n = parseInt(colour.slice(1), 16);
  const channel = (shift) => Math.round(((n >> shift) & 255) + (255 - ((n >> shift) & 255)) * amount);
  return `rgb(${channel(16)},${channel(8)},${channel(0)})`;
}

// An SVG <pattern> for one of the printed start patterns (boards spec PATTERNS), drawn in
// `ink`: the seat's pattern ink the server sends, worked out by the print's own rule
// (printkit.draw.colours pattern_ink), as the ink of text on a seat's colour is (text_on).
export function addPattern(defs, id, name, ink, spacing) {
  const p = el("pattern", { id, patternUnits: "userSpaceOnUse", width: spacing, height: spacing }, defs);
  const line = (x1, y1, x2, y2) => el("line", { x1, y1, x2, y2, stroke: ink, "stroke-width": 0.35 }, p);
  const s = spacing;
  if (name === "diagonal" || name === "crosshatch") { line(0, s, s, 0); line(-s / 2, s / 2, s / 2, -s / 2); line(s / 2, 3 * s / 2, 3 * s / 2, s / 2); }
  if (name === "crosshatch") { line(0, 0, s, s); line(-s / 2, s / 2, s / 2, 3 * s / 2); line(s / 2, -s / 2, 3 * s / 2, s / 2); }
  if (name === "horizontal" || name === "grid") line(0, s / 2, s, s / 2);
  if (name === "vertical" || name === "grid") line(s / 2, 0, s / 2, s);
  if (name === "dots") el("circle", { cx: s / 2, cy: s / 2, r: s * 0.16, fill: ink }, p);
  return `url(#${id})`;
}

const STYLE = `
.pk-board { display: grid; grid-template-columns: minmax(0, 1fr) 19rem; gap: 0.8rem; align-items: start; color: ${INK}; }
.pk-board .pk-svg { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 0.3rem; height: calc(100vh - 6.5rem); box-sizing: border-box; }
body.replaying .pk-board .pk-svg { height: calc(100vh - 9.5rem); }
/* overflow: a target at the board's edge keeps its tap area (games/taps.js) past the edge */
.pk-board svg { width: 100%; height: 100%; display: block; user-select: none; overflow: visible; }
.pk-board aside { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 0.5rem; max-height: calc(100vh - 6.5rem); overflow: auto; box-sizing: border-box; display: flex; flex-direction: column; gap: 0.6rem; }
body.replaying .pk-board aside { max-height: calc(100vh - 9.5rem); }
.pk-board .pk-tally { display: flex; flex-direction: column; gap: 0.25rem; }
.pk-board .pk-tally > span { padding: 0.25rem 0.35rem; border-radius: 4px; }
.pk-board .pk-tally > span.acting { background: #fff3d6; outline: 1px solid #e0a000; }
.pk-board .pk-tally > span.winner { background: #e3f4e1; }
.pk-board .pk-tally > span.moved { box-shadow: inset 4px 0 0 #0047b3; padding-left: 0.6rem; }
.pk-board .pk-swatch { display: inline-block; width: 0.95em; height: 0.95em; border-radius: 50%; border: 1px solid ${INK}; vertical-align: -0.12em; margin-right: 0.35rem; }
.pk-board .pk-prompt { background: #fff3d6; padding: 0.45rem; border-radius: 4px; display: flex; flex-direction: column; gap: 0.35rem; }
.pk-board .pk-prompt:empty { display: none; }
.pk-board .pk-prompt button, .pk-board .pk-list button { font: inherit; text-align: left; padding: 0.25rem 0.5rem; border-radius: 4px; border: 1px solid #a89a84; background: #fffaf0; cursor: pointer; }
.pk-board .pk-prompt button:hover, .pk-board .pk-list button:hover { background: #ffe3a0; }
.pk-board .pk-list summary { cursor: pointer; color: #555; }
.pk-board .pk-list div { display: flex; flex-direction: column; gap: 2px; margin-top: 0.3rem; max-height: 40vh; overflow: auto; }
.pk-board .pk-pick { cursor: pointer; }
.pk-board .pk-pulse { animation: pk-pulse 1.2s ease-in-out infinite; }
@keyframes pk-pulse { 50% { opacity: 0.3; } }
/* a phone: the board takes the width at its own height, the panel goes below it (play.css) */
@media (max-width: 699.98px) {
  .pk-board { grid-template-columns: minmax(0, 1fr); }
  .pk-board .pk-svg, body.replaying .pk-board .pk-svg { height: auto; }
  .pk-board svg { height: auto; }
  .pk-board aside { max-height: none; }
  /* a finger's size (games/taps.js gives the board's targets as much), in every game's
     panel (.pk-panel: these views' and Sinpin's, games/sinpin.js); a desk keeps its mouse's size */
  .pk-panel button { min-height: 48px; }
  .pk-panel .pk-list summary { line-height: 48px; }
}
`;

export function installStyle() {
  if (document.getElementById("pk-board-style")) return;
  const style = document.createElement("style");
  style.id = "pk-board-style";
  style.textContent = STYLE;
  document.head.appendChild(style);
}

// The frame every board view uses: the SVG board, and beside it the seats, the prompt with
// its buttons, and every legal action in words (a list to open).
export function frame(container, viewBox, label) {
  installStyle();
  container.replaceChildren();
  const root = html("div", { class: "pk-board" }, container);
  const box = html("div", { class: "pk-svg" }, root);
  const svg = el("svg", { viewBox: viewBox.join(" "), role: "img", "aria-label": label, preserveAspectRatio: "xMidYMid meet" }, box);
  const aside = html("aside", { class: "pk-panel" }, root);
  const tally = html("div", { class: "pk-tally" }, aside);
  const prompt = html("div", { class: "pk-prompt", "aria-live": "polite" }, aside);
  const list = html("details", { class: "pk-list" }, aside);
  return { root, svg, tally, prompt, list };
}

// The prompt: a sentence and buttons, each calling its function when clicked.
export function setPrompt(prompt, text, buttons = []) {
  prompt.replaceChildren();
  html("span", { class: "pk-say" }, prompt, text);
  for (const [label, onClick, testId] of buttons) {
    const button = html("button", { type: "button" }, prompt, label);
    if (testId) button.dataset.choice = testId;
    button.addEventListener("click", onClick);
  }
}

// Every legal action in the game's words, one button each (what the board offers by clicks).
// Actions said in the very same words (a Sinpin move names its whole trail and what it meets,
// so only ways alike in all a player sees) are one button: the first of them.
export function setList(list, view, act) {
  const legal = view.human && !view.terminal ? view.legal || [] : [];
  const said = new Map();
  legal.forEach((action, i) => {
    const words = (view.labels || [])[i] || JSON.stringify(action);
    if (!said.has(words)) said.set(words, action);
  });
  list.replaceChildren();
  list.hidden = said.size === 0;
  if (!said.size) return;
  html("summary", {}, list, `All ${said.size} legal action${said.size === 1 ? "" : "s"} in words`);
  const box = html("div", {}, list);
  for (const [words, action] of said) {
    const button = html("button", { type: "button" }, box, words);
    button.addEventListener("click", () => act(action));
  }
}

// One seat's line in the tally: its colour, what it has, whether it acts or won, and
// whether it made the last move (`moved`: movedSeat's seat, or null), in words (turnTags).
export function seatLine(tally, seat, colour, text, { acting = false, winner = false, moved = null } = {}) {
  const line = html("span", { "data-seat": seat }, tally);
  if (winner) line.classList.add("winner");
  const swatch = html("span", { class: "pk-swatch" }, line);
  swatch.style.background = colour;
  line.append(text);
  turnTags(line, { acting, moved: moved === seat });
  return line;
}

// The seat that made the last move the page shows: in a replay the step's line's (the
// replay bar names it), in a game being played the last action's, so that after the bots'
// turns a person sees at a glance who moved last; null before the first.
export function movedSeat(view) {
  return (view.line !== undefined ? view.line?.seat : view.last?.seat) ?? null;
}

// A seat's line marked as the replay bar names it (replay.js): "next", highlighted, for the
// seat to play next, and "just played", with the last move's blue at its side, for the seat
// that made the last move (movedSeat). Every game's panel (Sinpin's too) uses this, playing
// and replaying, so one seat reads alike in each. The words go into `into` (a part of the
// line), the marks on the line itself.
export function turnTags(line, { acting = false, moved = false } = {}, into = line) {
  if (acting) line.classList.add("acting");
  if (moved) {
    line.classList.add("moved");
    html("span", { class: "pk-tag moved", title: "who made the last move" }, into, "just played");
  }
  if (acting) html("span", { class: "pk-tag next", title: "whose turn it is now" }, into, "next");
}

// How the page names a seat everywhere (top bar, panels, replay): Player 1 is seat 0, as the
// printed boards and the rules number players; with its avatar where seats have one (Sinpin)
// and who plays it: "Player 2 (Goat, greedy)".
export function seatName(info, seat) {
  const found = (info.seats || []).find((s) => s.seat === seat);
  const who = [found?.avatar, found?.player].filter(Boolean).join(", ");
  return `Player ${seat + 1}${who ? ` (${who})` : ""}`;
}

// "Winner: Player 2 (greedy)", "Winners: …" or "No winner: a draw".
export function winnersText(info, winners) {
  if (!winners.length) return "No winner: a draw";
  return `${winners.length > 1 ? "Winners" : "Winner"}: ${winners.map((seat) => seatName(info, seat)).join(" and ")}`;
}

// How the game ended, in the game's words (its `endings`, from the server), else its code.
export function endName(info, code) {
  return (info.endings || {})[code] ?? code;
}
