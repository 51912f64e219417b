// The map of a Sinpin game: the editor's grid (the print's icons, its move preview) with the
// game drawn over it: avatars, the ghost, the last move's trail and the ghost's paths, and
// whatever the pending decision lets a person click.

import { Grid } from "/static/editor/grid.js";
import { avatars, el, ghost, ghostPath, OUTCOME, trail, TRAIL } from "./draw.js";
import { widenTaps } from "../games/taps.js";

export class Board {
  constructor(svg, geometry) {
    this.grid = new Grid(svg, geometry.palette);
    this.grid.showRoute = false;
    this.grid.showReachable = false;
    this.grid.previewColour = OUTCOME; // not the editor's orange: Fox's vermillion would be lost in it
    this.square = geometry.palette.square_mm;
    this.palette = geometry.palette;
    this.layers = []; // functions (grid, layer) drawing over the map after each render
    this.grid.overlays.push((grid) => {
      const layer = el("g", { class: "game" }, grid.svg);
      for (const draw of this.layers) draw(grid, layer);
      // What a person may click (a ghost's step, a field to place on, an end) goes over
      // everything, avatars included: a green arrow under an avatar's disc could not be seen.
      // The outcomes' trails stay under the avatars; moved nodes keep their click handlers.
      const choices = [...layer.querySelectorAll(".choice")];
      for (const choice of choices) layer.appendChild(choice);
      widenTaps(layer, choices); // a finger's size on a phone (games/taps.js)
    });
    // the tap areas are sized in screen px: drawn again when the map's size changes (a phone turned)
    window.addEventListener("resize", () => { if (this.layers.length) this.grid.render(); });
  }

  // state: the state_json; shown: {move, ghosts, alternatives, preview, extra}
  render(state, shown = {}) {
    const grid = this.grid;
    grid.rows = state.rows;
    grid.start = shown.preview?.start ?? null;
    grid.preview = shown.preview ?? null;
    const square = this.square;
    this.layers = [
      (g, layer) => {
        for (const other of shown.alternatives ?? []) trail(g, layer, other.start, other.trail, OUTCOME, { width: 0.45, dash: "1.2 0.8", cls: "alternative" });
        for (const path of shown.ghosts ?? []) ghostPath(layer, path.start, path.path, square);
        for (const [x, y] of shown.marks ?? []) el("rect", { class: "placed", x: x * g.F + 0.6, y: y * g.F + 0.6, width: g.F - 1.2, height: g.F - 1.2, fill: "none", stroke: "#1b8a3a", "stroke-width": 1.2 }, layer);
        if (shown.move) trail(g, layer, shown.move.start, shown.move.trail, TRAIL, { width: 0.9, cls: "last-move" });
        ghost(layer, state.ghost, square);
      },
      ...(shown.extra ? [shown.extra] : []),
      (g, layer) => avatars(g, layer, state.seats, this.palette), // on top: the outcomes drawn from it never hide the avatar
    ];
    grid.render();
  }
}
