// Tap areas: a finger needs about 40 CSS px, and on a phone the map's fields are 28 px and
// the ghost's step arrows 13 px. Every click target on the map smaller than that gets an
// invisible disc of TAP px around it, under the targets themselves; a tap on a disc chooses
// the target whose centre is nearest to the tap, so discs that overlap (targets side by
// side) still give each target everything nearer to it than to another one. Nothing is
// drawn: the map looks as before, and at a desk, where the fields are larger than TAP,
// only the small ghost arrows get one.

import { el } from "./draw.js";

export const MIN_PX = 40; // a target smaller than this, in CSS px, is widened
const TAP = 48; // the disc's diameter in CSS px

// The centre of an element on the screen.
function centre(element) {
  const box = element.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

// targets: the click targets just drawn into `layer` (on top of it); svg: the map's <svg>.
export function widenTaps(svg, layer, targets) {
  const scale = svg.getScreenCTM()?.a; // CSS px per map unit, as laid out now
  if (!scale || !targets.length) return;
  const small = targets.filter((target) => {
    const box = target.getBoundingClientRect();
    return box.width < MIN_PX || box.height < MIN_PX;
  });
  if (!small.length) return;
  const areas = el("g", { class: "tap-areas" });
  layer.insertBefore(areas, targets[0]); // under the targets: a tap on one is its own
  const nearest = (event) => {
    const distance = (target) => {
      const [x, y] = centre(target);
      return (x - event.clientX) ** 2 + (y - event.clientY) ** 2;
    };
    return targets.reduce((best, target) => (distance(target) < distance(best) ? target : best));
  };
  for (const target of small) {
    const box = target.getBBox(); // in map units
    const area = el("circle", { class: "tap-area", cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: TAP / 2 / scale,
                                fill: "#000", "fill-opacity": 0 }, areas);
    for (const key of ["x", "y", "sx", "sy"]) if (target.dataset[key] !== undefined) area.dataset[key] = target.dataset[key];
    area.addEventListener("click", (event) => nearest(event).dispatchEvent(new MouseEvent("click", { bubbles: true })));
  }
}
