// The painting tools on the map: brush (a stroke fills every field between two mouse
// samples, Bresenham's line), rectangle, fill and eyedropper; the ghost of the tile under
// the cursor and the field's name. One stroke, box or fill is one undo step (onChange).

const $ = (selector) => document.querySelector(selector);
export const ROCK = "#";

// Every field on the straight line from a to b, both ends included (Bresenham).
export function lineFields([x0, y0], [x1, y1]) {
  const fields = [];
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  for (;;) {
    fields.push([x0, y0]);
    if (x0 === x1 && y0 === y1) return fields;
    const twice = 2 * error;
    if (twice >= dy) { error += dy; x0 += sx; }
    if (twice <= dx) { error += dx; y0 += sy; }
  }
}

// The fields 4-connected to `start` holding the same tile.
export function regionOf(rows, [sx, sy]) {
  const tile = rows[sy][sx];
  const seen = new Set([`${sx},${sy}`]);
  const todo = [[sx, sy]];
  const fields = [];
  while (todo.length) {
    const [x, y] = todo.pop();
    fields.push([x, y]);
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
      const key = `${nx},${ny}`;
      if (rows[ny]?.[nx] === tile && !seen.has(key)) {
        seen.add(key);
        todo.push([nx, ny]);
      }
    }
  }
  return fields;
}

function boxFields([x0, y0], [x1, y1]) {
  const fields = [];
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) fields.push([x, y]);
  return fields;
}

export class Tools {
  // grid: the map; callbacks: {onChange(), onPick(tile), onMove(field), tile() -> the selected tile}
  constructor(grid, palette, callbacks) {
    this.grid = grid;
    this.palette = palette;
    this.callbacks = callbacks;
    this.tool = "brush";
    this.stroke = null; // {tile, last, from} while a button is down
  }

  paint(fields, tile) {
    const rows = this.grid.rows.slice();
    let changed = false;
    for (const [x, y] of fields) {
      if (rows[y][x] === tile) continue;
      if (tile === "A" || tile === "Z") {
        // a level has one door and one exit (S3): painting one moves it
        for (let j = 0; j < rows.length; j++) rows[j] = rows[j].replaceAll(tile, ".");
      }
      rows[y] = rows[y].slice(0, x) + tile + rows[y].slice(x + 1);
      changed = true;
    }
    if (!changed) return;
    this.grid.rows = rows;
    this.grid.render();
  }

  // a door or exit is one field (S3): boxes and fills of them paint the field clicked
  many(tile, fields, field) {
    return tile === "A" || tile === "Z" ? [field] : fields;
  }

  cancel() {
    if (!this.stroke) return false;
    const { before } = this.stroke;
    this.stroke = null;
    this.grid.rows = before;
    this.grid.render();
    this.hover(null);
    return true;
  }

  down(event) {
    const field = this.grid.fieldAt(event);
    if (!field) return;
    event.preventDefault();
    document.activeElement?.blur(); // back on the map, the keys pick tiles again
    const [x, y] = field;
    if (event.button === 0 && (this.tool === "pick" || event.altKey)) {
      this.callbacks.onPick(this.grid.rows[y][x]);
      return;
    }
    if (this.tool === "move") {
      if (event.button === 0) this.callbacks.onMove(field); // right-click never paints here
      return;
    }
    if (event.button !== 0 && event.button !== 2) return;
    const tile = event.button === 2 ? ROCK : this.callbacks.tile();
    if (this.tool === "fill") {
      this.paint(this.many(tile, regionOf(this.grid.rows, field), field), tile);
      this.callbacks.onChange();
      return;
    }
    this.stroke = { tile, last: field, from: field, before: this.grid.rows.slice() };
    this.grid.svg.setPointerCapture(event.pointerId);
    if (this.tool === "brush") this.paint([field], tile);
    else this.hover(field);
  }

  move(event) {
    const field = this.grid.fieldAt(event);
    this.hover(field);
    if (!this.stroke || !field) return;
    if (this.tool === "brush") {
      this.paint(lineFields(this.stroke.last, field), this.stroke.tile);
    }
    this.stroke.last = field;
    this.hover(field);
  }

  up() {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    if (this.tool === "rect") this.paint(this.many(stroke.tile, boxFields(stroke.from, stroke.last), stroke.last), stroke.tile);
    this.hover(stroke.last);
    this.callbacks.onChange(); // one stroke, one undo step
  }

  // The ghost of what a click would paint, and the field's name and tile in the view bar.
  hover(field) {
    const grid = this.grid;
    if (!field) {
      grid.setHover(null);
      $("#hover-name").textContent = "";
      return;
    }
    const [x, y] = field;
    const here = grid.rows[y]?.[x];
    $("#hover-name").textContent = `${this.palette.columns[x]}${y + 1} · ${grid.labels[here] ?? here}`;
    if (this.tool === "move" || this.tool === "pick") {
      grid.setHover({ field, tile: null });
    } else if (this.tool === "rect" && this.stroke) {
      grid.setHover({ field, tile: this.stroke.tile, box: [...this.stroke.from, ...this.stroke.last] });
    } else {
      grid.setHover({ field, tile: this.stroke?.tile ?? this.callbacks.tile() });
    }
  }

  install() {
    const svg = this.grid.svg;
    svg.addEventListener("pointerdown", (event) => this.down(event));
    svg.addEventListener("pointermove", (event) => this.move(event));
    svg.addEventListener("pointerup", () => this.up());
    svg.addEventListener("pointercancel", () => this.up());
    svg.addEventListener("pointerleave", () => { if (!this.stroke) this.hover(null); });
    svg.addEventListener("contextmenu", (event) => event.preventDefault());
  }
}
