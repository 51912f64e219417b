// The map as the printed one looks: millimetre coordinates (one field is 15 mm, S2), the
// tiles as the print's own icons (<use> of the symbols the server wrote with the SVG
// backend), and the verdict, route and move preview drawn over it.

const SVG = "http://www.w3.org/2000/svg";
const MARK = "#c00000";
const ROUTE = "#0047b3";
const PREVIEW = "#e07000";
const REACH = "#2e8b57";
const MIN_TEXT_PX = 12; // route badges and coordinates never smaller on screen (issue 21)

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class Grid {
  constructor(svg, palette) {
    this.svg = svg;
    this.palette = palette;
    this.F = palette.field_mm;
    this.symbols = Object.fromEntries(palette.tiles.map((t) => [t.char, t.symbol]));
    this.labels = Object.fromEntries(palette.tiles.map((t) => [t.char, t.label]));
    this.rows = [];
    this.verdict = null;
    this.preview = null;
    this.previewColour = PREVIEW; // the play page draws a game's outcomes in its own (sinpin/draw.js)
    this.start = null;
    this.showRoute = true;
    this.showReachable = true;
    this.overlays = []; // functions drawing more over the map after each render (scanmarks.js)
    this.scale = 3; // screen px per mm, set by the view (fit x zoom)
    this.hover = null; // what hovers over the map: {field, tile, box}, drawn by drawHover
    this.hoverLayer = null;
  }

  // mm on the map for `px` screen pixels: text that stays readable at any zoom
  mm(px) {
    return px / this.scale;
  }

  margin() {
    return Math.max(9, this.mm(MIN_TEXT_PX) * 2.6);
  }

  // The map's outer size in mm, margins for the coordinates included (the view fits this).
  extent(scale = this.scale) {
    const { width, height } = this.size();
    const margin = Math.max(9, (MIN_TEXT_PX / scale) * 2.6);
    return { width: width * this.F + 2 * margin, height: height * this.F + 2 * margin };
  }

  size() {
    return { width: this.rows[0]?.length ?? 0, height: this.rows.length };
  }

  // The field under a pointer event, or null outside the map.
  fieldAt(event) {
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.svg.getScreenCTM().inverse());
    const x = Math.floor(local.x / this.F);
    const y = Math.floor(local.y / this.F);
    const { width, height } = this.size();
    return x >= 0 && y >= 0 && x < width && y < height ? [x, y] : null;
  }

  centre(x, y) {
    return [(x + 0.5) * this.F, (y + 0.5) * this.F];
  }

  render() {
    const { width, height } = this.size();
    const F = this.F;
    const svg = this.svg;
    if (!this.layers || this.layers.shade.parentNode !== svg) {
      svg.replaceChildren();
      // three layers: the map itself is rebuilt only when the map or the zoom changes
      // (hundreds of <use> icons); shading and marks change with every verdict
      this.layers = { shade: el("g", { class: "shade-layer" }, svg), map: el("g", { class: "map-layer" }, svg), top: el("g", { class: "top-layer" }, svg) };
      this.mapKey = null;
    }
    const { shade, map, top } = this.layers;
    // what an overlay hung on the <svg> itself last time (the play page's game layer) goes,
    // as when the whole map was redrawn
    for (const child of [...svg.children]) if (child !== shade && child !== map && child !== top) child.remove();
    const margin = this.margin();
    const outer = this.extent();
    svg.setAttribute("viewBox", `${-margin} ${-margin} ${outer.width} ${outer.height}`);
    // fields keep the print's proportions (square, 15 mm) at the view's scale
    svg.setAttribute("width", `${Math.round(outer.width * this.scale)}`);
    svg.setAttribute("height", `${Math.round(outer.height * this.scale)}`);
    svg.dataset.width = width;
    svg.dataset.height = height;
    shade.replaceChildren();
    this.into = shade;
    el("rect", { x: 0, y: 0, width: width * F, height: height * F, fill: "#fff" }, shade);
    const reach = this.reach();
    if (reach) {
      // S26: what the avatar can reach from the door, shaded green (it cannot reach Ω)
      const g = el("g", { class: "reach" }, shade);
      for (const [x, y] of reach.positions) el("rect", { x: x * F, y: y * F, width: F, height: F, fill: "#c9ecd4" }, g);
    } else if (this.showReachable && this.verdict) {
      const g = el("g", { class: "reachable" }, shade);
      for (const [x, y] of this.verdict.reachable) el("rect", { x: x * F, y: y * F, width: F, height: F, fill: "#cfe0f7" }, g);
    }
    const key = `${this.scale}|${this.rows.join("/")}`;
    if (key !== this.mapKey) {
      this.mapKey = key;
      map.replaceChildren();
      this.into = map;
      const rock = el("g", { class: "rock" }, map);
      this.rows.forEach((row, y) => [...row].forEach((char, x) => {
        if (char === "#") el("use", { href: `#${this.symbols["#"]}`, x: x * F, y: y * F }, rock);
      }));
      this.drawPaper(width, height);
      const icons = el("g", { class: "icons" }, map);
      this.rows.forEach((row, y) => [...row].forEach((char, x) => {
        // the field's name and tile are in the view bar under the cursor (no <title> each)
        const cell = el("g", { class: "cell", "data-x": x, "data-y": y, "data-tile": char }, icons);
        if (char !== "#" && char !== "." && this.symbols[char]) el("use", { href: `#${this.symbols[char]}`, x: x * F, y: y * F }, cell);
      }));
      this.drawCoordinates(width, height);
    }
    top.replaceChildren();
    this.into = top;
    if (this.verdict) this.drawMarks();
    if (this.showRoute && this.verdict) this.drawRoute(this.verdict.route);
    if (reach?.nearest) this.drawNearest(reach.nearest);
    this.drawPreview();
    for (const draw of this.overlays) draw(this);
    this.hoverLayer = el("g", { class: "hover" }, top);
    this.drawHover();
  }

  // The S26 error's explanation: the rest positions the door reaches and the one nearest Ω.
  // The validator's finding carries them (`reach`); without it they are worked out here
  // from the verdict's rest positions (nearest by steps on the grid).
  reach() {
    if (!this.verdict) return null;
    const s26 = this.verdict.errors.find((f) => f.rule === "S26");
    if (!s26) return null;
    return reachOf(s26, this.verdict, this.rows, this.palette.columns);
  }

  drawNearest([x, y]) {
    const F = this.F;
    const g = el("g", { class: "nearest", "data-x": x, "data-y": y }, this.into);
    el("rect", { x: x * F + 0.6, y: y * F + 0.6, width: F - 1.2, height: F - 1.2, fill: "none", stroke: REACH, "stroke-width": 1.4 }, g);
    const size = Math.max(3, this.mm(MIN_TEXT_PX));
    el("text", { x: (x + 0.5) * F, y: y * F - 0.8, "text-anchor": "middle", "font-size": size, "font-weight": "bold", fill: REACH, stroke: "#fff", "stroke-width": size * 0.2, "paint-order": "stroke", "font-family": "DejaVu Sans, sans-serif" }, g).textContent = "nearest to Ω";
  }

  // The tile about to be painted, ghosted under the cursor (or the rectangle being dragged).
  drawHover() {
    const layer = this.hoverLayer;
    if (!layer) return;
    layer.replaceChildren();
    if (!this.hover) return;
    const F = this.F;
    const { box, tile, field } = this.hover;
    const [x0, y0, x1, y1] = box ?? [field[0], field[1], field[0], field[1]];
    const ghost = el("g", { class: "ghost" }, layer);
    for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) {
      for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
        if (tile && this.symbols[tile]) el("use", { href: `#${this.symbols[tile]}`, x: x * F, y: y * F }, ghost);
        else if (tile === ".") el("rect", { x: x * F + 1, y: y * F + 1, width: F - 2, height: F - 2, fill: "#fff" }, ghost);
      }
    }
    const [lx, hx, ly, hy] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)];
    el("rect", { class: "hover-frame", x: lx * F, y: ly * F, width: (hx - lx + 1) * F, height: (hy - ly + 1) * F, fill: "none", stroke: "#0047b3", "stroke-width": 0.7 }, layer);
  }

  setHover(hover) {
    this.hover = hover;
    this.drawHover();
  }

  drawPaper(width, height) {
    const F = this.F;
    const step = this.palette.square_mm;
    let squares = "";
    for (let x = 0; x <= width * F + 1e-6; x += step) squares += `M${x} 0V${height * F}`;
    for (let y = 0; y <= height * F + 1e-6; y += step) squares += `M0 ${y}H${width * F}`;
    el("path", { d: squares, stroke: "#8c8c8c", "stroke-width": 0.15, fill: "none" }, this.into);
    let fields = "";
    for (let x = 1; x < width; x++) fields += `M${x * F} 0V${height * F}`;
    for (let y = 1; y < height; y++) fields += `M0 ${y * F}H${width * F}`;
    el("path", { d: fields, stroke: "#000", "stroke-width": 0.45, fill: "none" }, this.into);
    el("rect", { x: 0, y: 0, width: width * F, height: height * F, stroke: "#000", "stroke-width": 0.9, fill: "none" }, this.into);
  }

  drawCoordinates(width, height) {
    const size = Math.max(3, this.mm(MIN_TEXT_PX));
    const g = el("g", { class: "coordinates", "font-size": size, "font-weight": "bold", "font-family": "DejaVu Sans, sans-serif" }, this.into);
    for (let x = 0; x < width; x++) {
      el("text", { x: (x + 0.5) * this.F, y: -size * 0.45, "text-anchor": "middle" }, g).textContent = this.palette.columns[x];
      el("text", { x: (x + 0.5) * this.F, y: height * this.F + size * 1.1, "text-anchor": "middle" }, g).textContent = this.palette.columns[x];
    }
    for (let y = 0; y < height; y++) {
      const baseline = (y + 0.5) * this.F + size * 0.36;
      el("text", { x: -size * 0.5, y: baseline, "text-anchor": "end" }, g).textContent = y + 1;
      el("text", { x: width * this.F + size * 0.5, y: baseline }, g).textContent = y + 1;
    }
  }

  drawMarks() {
    const F = this.F;
    const g = el("g", { class: "marks" }, this.into);
    const inset = 2.2;
    // when every rest position α reaches is a soft-lock (S26's sealed exit) the green shade
    // says it once; a cross on each field would only bury the map
    const every = this.reach() && this.verdict.soft_locks.length >= this.verdict.reachable.length;
    for (const [x, y] of every ? [] : this.verdict.soft_locks) {
      const mark = el("g", { class: "soft-lock", "data-x": x, "data-y": y }, g);
      const line = { stroke: MARK, "stroke-width": 1.1, "stroke-linecap": "round" };
      el("line", { x1: x * F + inset, y1: y * F + inset, x2: (x + 1) * F - inset, y2: (y + 1) * F - inset, ...line }, mark);
      el("line", { x1: (x + 1) * F - inset, y1: y * F + inset, x2: x * F + inset, y2: (y + 1) * F - inset, ...line }, mark);
    }
    for (const [x, y] of this.verdict.unreachable_items) {
      const [cx, cy] = this.centre(x, y);
      el("circle", { class: "unreachable", cx, cy, r: 6.9, fill: "none", stroke: MARK, "stroke-width": 0.8, "stroke-dasharray": "1.4 0.9" }, g);
    }
    // a warning about one field that has no mark of its own (a lone teleporter, S20)
    const marked = new Set([...this.verdict.soft_locks, ...this.verdict.unreachable_items].map((p) => p.join(",")));
    for (const finding of this.verdict.warnings) {
      if (finding.x === null || finding.y === null || marked.has(`${finding.x},${finding.y}`)) continue;
      const frame = el("g", { class: "warning-mark", "data-x": finding.x, "data-y": finding.y }, g);
      el("rect", { x: finding.x * F + 0.9, y: finding.y * F + 0.9, width: F - 1.8, height: F - 1.8, fill: "none", stroke: "#d8a000", "stroke-width": 1, "stroke-dasharray": "2 1" }, frame);
      el("title", {}, frame).textContent = `${finding.rule}: ${finding.message}`;
    }
    this.verdict.errors.forEach((finding, index) => {
      if (finding.x === null || finding.y === null) return;
      const frame = el("g", { class: "error-mark", "data-x": finding.x, "data-y": finding.y }, g);
      el("rect", { x: finding.x * F + 0.7, y: finding.y * F + 0.7, width: F - 1.4, height: F - 1.4, fill: "none", stroke: MARK, "stroke-width": 1.2 }, frame);
      const r = this.badgeRadius(1.9);
      this.badge(frame, index + 1, (finding.x + 1) * F - r - 0.7, finding.y * F + r + 0.7, MARK, r);
      el("title", {}, frame).textContent = `${finding.rule}: ${finding.message}`;
    });
  }

  // a badge's radius in mm: its number never under MIN_TEXT_PX on screen
  badgeRadius(radius) {
    return Math.max(radius, this.mm(MIN_TEXT_PX) / 1.2);
  }

  badge(parent, number, cx, cy, colour, radius = 1.9) {
    el("circle", { cx, cy, r: radius, fill: colour, stroke: "#fff", "stroke-width": 0.3 }, parent);
    el("text", { x: cx, y: cy + radius * 0.5, "text-anchor": "middle", "font-size": radius * 1.2, "font-weight": "bold", fill: "#fff", "font-family": "DejaVu Sans, sans-serif" }, parent).textContent = number;
  }

  // One shortest route as the printed overlay draws it: each turn a line through the
  // centres of the fields it enters (teleport hops dashed), its badge (turn, card) at its start.
  drawRoute(route) {
    const F = this.F;
    // while a move is being tried its outcomes come first: the route steps back
    const g = el("g", { class: "route", opacity: this.start ? 0.3 : 1 }, this.into);
    const corners = new Map();
    for (const step of route) {
      const fields = [step.start, ...step.trail];
      let leg = [fields[0]];
      const legs = [];
      for (let i = 1; i < fields.length; i++) {
        const [a, b] = [fields[i - 1], fields[i]];
        if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1) leg.push(b);
        else {
          legs.push(leg);
          el("line", { x1: this.centre(...a)[0], y1: this.centre(...a)[1], x2: this.centre(...b)[0], y2: this.centre(...b)[1], stroke: ROUTE, "stroke-width": 0.5, "stroke-dasharray": "1.2 0.9" }, g);
          leg = [b];
        }
      }
      legs.push(leg);
      for (const part of legs.filter((l) => l.length > 1)) {
        const points = part.map((p) => this.centre(...p).join(",")).join(" ");
        el("polyline", { points, fill: "none", stroke: "#fff", "stroke-width": 1.7, "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
        el("polyline", { points, fill: "none", stroke: ROUTE, "stroke-width": 0.7, "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
      }
      if (fields.length > 1) this.arrowhead(g, this.centre(...fields.at(-1)), this.centre(...fields.at(-2)));
      const key = step.start.join(",");
      const slot = corners.get(key) ?? 0;
      corners.set(key, slot + 1);
      // sized in screen pixels: the turn and card stay readable (>= 12 px) at any zoom
      const text = Math.max(3, this.mm(MIN_TEXT_PX));
      const r = text / 1.2;
      const w = 2 * r + text * 0.85 + 0.4;
      const h = Math.max(2 * r, text * 1.3);
      const x = step.start[0] * F + (slot % 2 === 0 ? 0.4 : F - w - 0.4);
      const y = step.start[1] * F + (slot % 4 < 2 ? 0.4 : F - h - 0.4);
      const badge = el("g", { class: "turn-badge", "data-turn": step.turn, "data-card": step.card, "font-size": text }, g);
      this.badge(badge, step.turn, x + r, y + h / 2, ROUTE, r);
      el("rect", { x: x + 2 * r + 0.2, y: y + (h - text * 1.3) / 2, width: text * 0.85, height: text * 1.3, rx: 0.5, fill: "#fff", stroke: ROUTE, "stroke-width": 0.35 }, badge);
      el("text", { x: x + 2 * r + 0.2 + text * 0.425, y: y + h / 2 + text * 0.36, "text-anchor": "middle", "font-size": text, "font-weight": "bold", "font-family": "DejaVu Sans, sans-serif" }, badge).textContent = step.card;
    }
  }

  arrowhead(parent, [tx, ty], [fx, fy], length = 2.6, colour = ROUTE) {
    const distance = Math.hypot(tx - fx, ty - fy) || 1;
    const [ux, uy] = [(tx - fx) / distance, (ty - fy) / distance];
    const half = length * 0.55;
    const [bx, by] = [tx - ux * length, ty - uy * length];
    el("polygon", { points: `${tx},${ty} ${bx - uy * half},${by + ux * half} ${bx + uy * half},${by - ux * half}`, fill: colour, stroke: "#fff", "stroke-width": 0.25 }, parent);
  }

  // Every outcome of the move being tried: the fields some way of it passes shaded, each
  // end ringed with how many outcomes end there (the exit marked Ω).
  drawPreview() {
    if (!this.start) return;
    const F = this.F;
    const g = el("g", { class: "preview" }, this.into);
    if (this.preview) {
      const passed = new Set(this.preview.outcomes.flatMap((o) => o.passed.map((p) => p.join(","))));
      for (const key of passed) {
        const [x, y] = key.split(",").map(Number);
        el("rect", { class: "passed", x: x * F, y: y * F, width: F, height: F, fill: this.previewColour, "fill-opacity": 0.18 }, g);
      }
      const ends = new Map();
      for (const outcome of this.preview.outcomes) {
        const key = outcome.end.join(",");
        ends.set(key, (ends.get(key) ?? 0) + 1);
      }
      for (const [key, count] of ends) {
        const [x, y] = key.split(",").map(Number);
        const [cx, cy] = this.centre(x, y);
        const end = el("g", { class: "preview-end", "data-x": x, "data-y": y, "data-count": count }, g);
        el("circle", { cx, cy, r: 5.2, fill: "none", stroke: this.previewColour, "stroke-width": 1.2 }, end);
        const r = this.badgeRadius(1.8);
        this.badge(end, count, (x + 1) * F - r - 0.6, (y + 1) * F - r - 0.6, this.previewColour, r);
      }
    }
    const [sx, sy] = this.start;
    el("rect", { class: "preview-start", x: sx * F + 0.5, y: sy * F + 0.5, width: F - 1, height: F - 1, fill: "none", stroke: this.previewColour, "stroke-width": 1.2, "stroke-dasharray": "2 1" }, g);
  }

  flash(x, y) {
    const F = this.F;
    const ring = el("rect", { class: "flash", x: x * F - 1, y: y * F - 1, width: F + 2, height: F + 2, fill: "none", stroke: MARK, "stroke-width": 1.5 }, this.svg);
    setTimeout(() => ring.remove(), 1200);
  }
}

// The S26 explanation from a finding: its `reach` (the validator's: the rest positions α
// reaches as field names, the nearest to Ω by name and x, y) when given, else worked out
// from the verdict's rest positions (nearest by |dx| + |dy|, as the validator counts).
export function reachOf(finding, verdict, rows, columns) {
  const given = finding.reach;
  const position = (p) => {
    if (Array.isArray(p)) return p;
    const match = /^([A-Z]+)(\d+)$/.exec(String(p));
    return match ? [columns.indexOf(match[1]), Number(match[2]) - 1] : null;
  };
  if (given) {
    const positions = (given.positions ?? []).map(position).filter((p) => p && p[0] >= 0);
    const nearest = Number.isInteger(given.x) ? [given.x, given.y] : position(given.nearest);
    return { positions, nearest, words: given.where ?? "" };
  }
  const positions = verdict.reachable ?? [];
  const y = rows.findIndex((row) => row.includes("Z"));
  if (y < 0 || !positions.length) return { positions, nearest: null, words: "" };
  const x = rows[y].indexOf("Z");
  if (positions.some((p) => p[0] === x && p[1] === y)) return null; // Ω is reached: S26 is about health
  const apart = (p) => Math.abs(p[0] - x) + Math.abs(p[1] - y);
  const nearest = positions.reduce((best, p) => (apart(p) < apart(best) || (apart(p) === apart(best) && (p[1] < best[1] || (p[1] === best[1] && p[0] < best[0]))) ? p : best));
  return { positions, nearest, words: "" };
}
