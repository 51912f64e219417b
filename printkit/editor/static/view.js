// The map's window: it fits the map in the space the palette and the verdict leave, zooms
// (Ctrl+wheel about the cursor, the buttons, + − 0) and pans (the wheel, scrollbars, or a
// drag with the middle button).

const $ = (selector) => document.querySelector(selector);
const ZOOMS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 2.5, 3, 4];
const PAD = 6; // px kept free around the map so no scrollbar appears at "fit"
const MAX_FIT = 4.5; // px per mm: a small map is not blown up past 67 px a field

export class View {
  constructor(grid, box) {
    this.grid = grid;
    this.box = box; // the scrolling element holding the map's <svg>
    this.zoom = 1; // 1 = the whole map fits
    this.panning = null;
  }

  // px per mm at which the whole map, margins included, fits the box
  fitScale() {
    const width = this.box.clientWidth - PAD;
    const height = this.box.clientHeight - PAD;
    // the margins grow as the scale shrinks (readable coordinates): two rounds settle it
    let scale = 3;
    for (let round = 0; round < 3; round++) {
      const outer = this.grid.extent(scale);
      scale = Math.max(0.3, Math.min(MAX_FIT, width / outer.width, height / outer.height));
    }
    return scale;
  }

  apply(anchor = null) {
    const before = this.grid.scale;
    const box = this.box;
    // the map point under the anchor (the cursor) stays under it
    const fx = anchor ? (box.scrollLeft + anchor[0]) / (box.scrollWidth || 1) : 0.5;
    const fy = anchor ? (box.scrollTop + anchor[1]) / (box.scrollHeight || 1) : 0.5;
    this.grid.scale = this.fitScale() * this.zoom;
    this.grid.render();
    if (anchor && before !== this.grid.scale) {
      box.scrollLeft = fx * box.scrollWidth - anchor[0];
      box.scrollTop = fy * box.scrollHeight - anchor[1];
    }
    $("#zoom-level").textContent = `${Math.round(this.zoom * 100)} %`;
  }

  fit() {
    this.zoom = 1;
    this.apply();
  }

  step(direction, anchor = null) {
    const index = ZOOMS.findIndex((z) => z >= this.zoom - 1e-9);
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (index < 0 ? ZOOMS.length - 1 : index) + direction))];
    if (next === this.zoom) return;
    this.zoom = next;
    this.apply(anchor);
  }

  install() {
    $("#zoom-in").addEventListener("click", () => this.step(1));
    $("#zoom-out").addEventListener("click", () => this.step(-1));
    $("#zoom-fit").addEventListener("click", () => this.fit());
    this.box.addEventListener("wheel", (event) => {
      if (!event.ctrlKey && !event.metaKey) return; // a plain wheel scrolls (pans)
      event.preventDefault();
      const rect = this.box.getBoundingClientRect();
      this.step(event.deltaY < 0 ? 1 : -1, [event.clientX - rect.left, event.clientY - rect.top]);
    }, { passive: false });
    // pan: a drag with the middle button
    this.box.addEventListener("pointerdown", (event) => {
      if (event.button !== 1) return;
      event.preventDefault();
      event.stopPropagation();
      this.panning = { x: event.clientX, y: event.clientY, left: this.box.scrollLeft, top: this.box.scrollTop };
      this.box.classList.add("panning");
      this.box.setPointerCapture(event.pointerId);
    }, true);
    this.box.addEventListener("pointermove", (event) => {
      if (!this.panning) return;
      this.box.scrollLeft = this.panning.left - (event.clientX - this.panning.x);
      this.box.scrollTop = this.panning.top - (event.clientY - this.panning.y);
    });
    const stop = () => {
      this.panning = null;
      this.box.classList.remove("panning");
    };
    this.box.addEventListener("pointerup", stop);
    this.box.addEventListener("pointercancel", stop);
    new ResizeObserver(() => this.apply()).observe(this.box);
  }
}
