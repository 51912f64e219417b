// Small SVG helpers for the Sinpin view, in the map's millimetres (one field 15 mm, one
// ghost square 5 mm, as the printed map and the editor's grid.js).

const SVG = "http://www.w3.org/2000/svg";
// An avatar's colour and its letter's ink: the printed cards' and tokens' (the server's
// palette, printkit.cards.model AVATAR_COLOURS), so paper and page show Fox alike.
export function avatarLook(palette, avatar) {
  return palette.avatars[avatar.toLowerCase()];
}
export const TRAIL = "#0047b3";
// The outcomes of a card (its trails, their ends and the fields they pass, the chosen card;
// a replay's other outcomes): dark red, at least 21 CIEDE2000 from each avatar's colour,
// the last move's blue, the ghost's violet and the ink, for normal vision and each
// dichromacy (tests/colourdiff.py); 10:1 on white. The editor's orange (#e07000) was 4.4
// from Fox's vermillion for the green-blind, 5.9 for anyone: Fox was lost among the outcomes.
export const OUTCOME = "#8b0000";
export const GHOST = "#6a4fa0";

export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// A trail through field centres, broken where a teleporter hops, with an arrowhead at its end.
export function trail(grid, parent, start, fields, colour, { width = 0.7, dash = null, cls = "trail" } = {}) {
  const g = el("g", { class: cls }, parent);
  const points = [start, ...fields].filter(Boolean);
  let leg = [points[0]];
  const legs = [leg];
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) > 1) legs.push((leg = []));
    leg.push(b);
  }
  for (const part of legs.filter((l) => l.length > 1)) {
    const at = part.map((p) => grid.centre(...p).join(",")).join(" ");
    el("polyline", { points: at, fill: "none", stroke: "#fff", "stroke-width": width + 1, "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
    el("polyline", { points: at, fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...(dash ? { "stroke-dasharray": dash } : {}) }, g);
  }
  if (points.length > 1) grid.arrowhead(g, grid.centre(...points.at(-1)), grid.centre(...points.at(-2)), 2.6, colour);
  return g;
}

// The ghost: a 2 x 2 squares piece whose place is its top-left square (S30).
export function ghost(parent, [sx, sy], square, { cls = "ghost", opacity = 0.45 } = {}) {
  const g = el("g", { class: cls, "data-sx": sx, "data-sy": sy }, parent);
  el("rect", { x: sx * square, y: sy * square, width: 2 * square, height: 2 * square, rx: 2.5, fill: GHOST, "fill-opacity": opacity, stroke: GHOST, "stroke-width": 0.6 }, g);
  el("text", { x: (sx + 1) * square, y: sy * square + 2.8, "text-anchor": "middle", "font-size": 2.2, fill: "#fff", "font-family": "DejaVu Sans, sans-serif", "font-weight": "bold" }, g).textContent = "ghost";
  el("title", {}, g).textContent = "the ghost (S30-S32)";
  return g;
}

// A ghost's path through square centres (start excluded in the record, so given first).
export function ghostPath(parent, start, path, square, colour = GHOST) {
  const centres = [start, ...path].map(([sx, sy]) => `${(sx + 1) * square},${(sy + 1) * square}`).join(" ");
  return el("polyline", { class: "ghost-path", points: centres, fill: "none", stroke: colour, "stroke-width": 1.3, "stroke-dasharray": "1.8 0.9" }, parent);
}

// Each avatar on the board as a coloured disc with its initial; several on one field side by side.
export function avatars(grid, parent, seats, palette) {
  const F = grid.F;
  const byField = new Map();
  for (const seat of seats) {
    if (!seat.at) continue;
    const key = seat.at.join(",");
    byField.set(key, [...(byField.get(key) ?? []), seat]);
  }
  for (const group of byField.values()) {
    group.forEach((seat, index) => {
      const [x, y] = seat.at;
      const cx = x * F + F * (index + 1) / (group.length + 1);
      const cy = y * F + F * 0.72;
      const g = el("g", { class: "avatar", "data-seat": seat.seat, "data-x": x, "data-y": y }, parent);
      const look = avatarLook(palette, seat.avatar);
      const r = Math.min(3.4, F / (group.length + 1) / 1.6);
      // a dark rim round the white one: each disc stands out on the map's hatched fields too
      el("circle", { cx, cy, r: r + 0.45, fill: "#2b2620" }, g);
      el("circle", { cx, cy, r, fill: look.colour, stroke: "#fff", "stroke-width": 0.5 }, g);
      el("text", { x: cx, y: cy + Math.min(1.4, F / (group.length + 1) / 3.6), "text-anchor": "middle", "font-size": Math.min(4, F / (group.length + 1) / 1.3), fill: look.ink, "font-weight": "bold", "font-family": "DejaVu Sans, sans-serif" }, g).textContent = seat.avatar[0];
      el("title", {}, g).textContent = `${seat.avatar} (Player ${seat.seat + 1})`;
    });
  }
}
