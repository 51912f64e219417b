// Fields `printkit scan` was unsure of, kept in the level as its x-scan-unsure key
// ([{x, y, tile, text}]): each gets a dashed ring and the scan's question ("E7: ladder or
// web? 62 %") as its tooltip, while the field still holds the tile the scan read. Painting
// the field (the user has decided) takes its mark away.

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

// An overlay for Grid.overlays: draws the marks of the level whose x- keys `extras()` gives.
export function scanMarks(extras) {
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
    const note = document.querySelector("#scan-note") ?? Object.assign(document.createElement("p"), { id: "scan-note" });
    note.textContent = marks.length ? `Scan: ${marks.length} field${marks.length === 1 ? "" : "s"} to check (dashed rings); painting a field clears its ring.` : "";
    if (!note.isConnected) document.querySelector("#notes")?.before(note);
  };
}
