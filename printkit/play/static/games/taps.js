// Tap areas: a finger needs about 44-48 CSS px, and on a phone a Sinpin field is 28 px, the
// ghost's step arrows 13 px, a YINSH point's target 25 px and a Sinoda die a triangle 33 px
// wide. Each small click target on a board gets an invisible disc of TAP px around its
// centre, under the targets themselves; a tap on a disc chooses the target whose centre is
// nearest to the tap, so discs that overlap (targets side by side) still give each target
// everything nearer to it than to another one, and never the wrong one. Nothing is drawn:
// the board looks as before. Sinpin's map (sinpin/board.js), Sinoda's and YINSH's boards
// (sinoda.js, yinsh.js) use it; each draws its targets again when the window's size changes,
// since the discs are sized in screen px.

import { el } from "./common.js";

export const MIN_PX = 40; // a target smaller than this, in CSS px, is widened
export const TAP_PX = 48; // the disc's diameter in CSS px

// A target's centre in the board's units: its data-tap-at="x,y" (a triangle's own centre,
// which its box's is not), else its box's centre.
function centreOf(target) {
  if (target.dataset.tapAt) return target.dataset.tapAt.split(",").map(Number);
  const box = target.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

function isSmall(target) {
  const box = target.getBoundingClientRect();
  return box.width < MIN_PX || box.height < MIN_PX;
}

// targets: the click targets just drawn into `layer` (on top of it, in the order drawn, in
// the layer's units); widen: which of them get a disc (the small ones, unless the view
// knows better: a triangle's box is wider than the triangle).
export function widenTaps(layer, targets, widen = targets.filter(isSmall)) {
  const scale = layer.getScreenCTM()?.a; // CSS px per board unit, as laid out now
  if (!scale || !widen.length) return;
  const areas = el("g", { class: "tap-areas" });
  layer.insertBefore(areas, targets[0]); // under the targets: a tap on one is its own
  const centres = new Map(targets.map((target) => [target, centreOf(target)]));
  const nearest = (event) => {
    const inverse = layer.getScreenCTM().inverse(); // where the tap is in the board's units now
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(inverse);
    const distance = (target) => (centres.get(target)[0] - at.x) ** 2 + (centres.get(target)[1] - at.y) ** 2;
    return targets.reduce((best, target) => (distance(target) < distance(best) ? target : best));
  };
  for (const target of widen) {
    const [cx, cy] = centres.get(target);
    const area = el("circle", { class: "tap-area", cx, cy, r: TAP_PX / 2 / scale, fill: "#000", "fill-opacity": 0 }, areas);
    // the square it widens, by Sinpin's keys (the tests find a target's area so); not every
    // key: a Sinoda die's data-die or a YINSH point's data-point names the piece or the target
    for (const key of ["x", "y", "sx", "sy"]) if (target.dataset[key] !== undefined) area.dataset[key] = target.dataset[key];
    area.addEventListener("click", (event) => nearest(event).dispatchEvent(new MouseEvent("click", { bubbles: true })));
  }
}
