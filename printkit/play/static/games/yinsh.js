// The YINSH board of the play page: the printed board (its shape, 33 lines, 85 points, GIPF
// labels, each seat's slots for rings taken off: one a ring to win, Y7) with rings and markers.
// Playing, every choice is a click: a point to place a ring (Y2); one of your rings, then a
// highlighted point to move it to (Y3; hovering shows the markers it would flip, Y4); a
// marker of the row to take off (Y5: when it lies in more than one row of five, click
// another marker or a button to say which) and then the ring to take off with it (Y6).
// The geometry comes from printkit/play/yinsh_view.py (page millimetres, as printed).

import { INK, el, endName, frame, movedSeat, seatLine, seatName, setList, setPrompt, tint } from "./common.js";
import { widenTaps } from "./taps.js";

const BOARD_FILL = "#f3ead6";
const PIECE = { white: "#fbf8f0", black: "#1f1c19" };
const PICK = "#f2b705";
const FLIP = "#d62728";
// the last action, dashed: not FLIP's red, or a row just taken off (five dashed circles on
// empty points) reads as markers a move would flip
const LAST = "#1f77b4";

function parseRemove(text) {
  const found = /^x ([a-k]\d+)-([a-k]\d+) r ([a-k]\d+)$/.exec(text);
  return found ? { row: `${found[1]}-${found[2]}`, ring: found[3] } : null;
}

// A phone held upright (the width at which the page puts the panel under the board, play.css):
// the board as printed on a portrait sheet, the slots above and below it, so the board alone
// takes the width (yinsh_view.py `portrait`: points 37 px apart at 390 px, 28 px with the
// landscape board's slots beside it, where a tap 14 px off could choose a neighbour).
const PHONE = window.matchMedia("(max-width: 699.98px)");

export function createView(container, info, { onAction }) {
  let geo, at, s, svg, tally, prompt, list, slotLayer, layer;
  let current = null;
  let chosenRing = null; // move: the ring the player chose
  let rowChoices = null; // remove: the rows still in question (names "a3-e3")
  let sent = false;
  let under = null;

  // -- the printed board, drawn anew when the page changes between a phone's and a desk's ---
  function build() {
    geo = PHONE.matches && info.geometry.portrait ? { ...info.geometry, ...info.geometry.portrait } : info.geometry;
    ({ svg, tally, prompt, list } = frame(container, geo.view_box, "YINSH board"));
    at = new Map(geo.points.map((p) => [p.name, p.at]));
    s = geo.spacing;
    const hull = geo.hull.map(([x, y]) => `${x},${y}`).join(" ");
    el("polygon", { points: hull, fill: INK, stroke: INK, "stroke-width": 2 * geo.backdrop + 1.0, "stroke-linejoin": "round" }, svg);
    el("polygon", { points: hull, fill: BOARD_FILL, stroke: BOARD_FILL, "stroke-width": 2 * geo.backdrop, "stroke-linejoin": "round" }, svg);
    const lines = el("g", { stroke: INK, "stroke-width": 0.45, "stroke-linecap": "round" }, svg);
    for (const line of geo.lines) el("line", { x1: line.from[0], y1: line.from[1], x2: line.to[0], y2: line.to[1] }, lines);
    for (const p of geo.points) el("circle", { cx: p.at[0], cy: p.at[1], r: 0.05 * s, fill: INK }, svg);
    const labels = el("g", { "font-size": geo.label_size, fill: INK, "text-anchor": "middle", "dominant-baseline": "central" }, svg);
    for (const label of geo.labels) el("text", { x: label.at[0], y: label.at[1] }, labels).textContent = label.text;
    slotLayer = el("g", {}, svg);
    layer = el("g", {}, svg);
  }
  build();
  PHONE.addEventListener("change", () => {
    build();
    if (!current) return;
    draw();
    drawTally();
    setList(list, current, act);
  });

  function colourOf(seat, state) {
    return seat === state.white_seat ? "white" : "black";
  }

  // -- one view ---------------------------------------------------------------------------
  function show(view) {
    current = view;
    sent = false;
    chosenRing = null;
    rowChoices = null;
    draw();
    drawTally();
    setList(list, view, act);
  }

  function act(text) {
    if (sent) return;
    sent = true;
    onAction(text);
  }

  function draw() {
    const view = current;
    const state = view.state;
    const legal = view.human && !view.terminal ? view.legal || [] : [];
    layer.replaceChildren();
    under = el("g", {}, layer); // rows chosen from lie under the markers
    drawSlots(state);
    if (view.last && view.last.action) drawLast(view.last.action, state);
    for (const colour of ["white", "black"]) {
      for (const name of state.markers[colour]) marker(name, colour, { "data-marker": name, "data-colour": colour });
    }
    for (const colour of ["white", "black"]) {
      for (const name of state.rings[colour]) ring(at.get(name), colour, { "data-ring": name, "data-colour": colour });
    }
    if (!legal.length) prompting(null);
    else if (state.phase === "place") placing(legal);
    else if (state.phase === "move") moving(legal);
    else if (state.phase === "remove") removing(legal);
    else prompting(null);
    // On a phone a point's target is 34 px, its neighbours 37 px off: every target gets a
    // finger's disc (games/taps.js), a tap choosing the nearest target point.
    const targets = [...layer.querySelectorAll(".pk-pick")];
    widenTaps(layer, targets, targets);
  }
  // the tap areas are sized in screen px: drawn again when the board's size changes (a phone turned)
  window.addEventListener("resize", () => { if (current && !sent) draw(); });

  function ring([x, y], colour, attrs = {}, parent = layer) {
    const outer = geo.ring / 2, inner = geo.ring_hole / 2;
    const d = `M${x - outer},${y} a${outer},${outer} 0 1 0 ${2 * outer},0 a${outer},${outer} 0 1 0 ${-2 * outer},0 Z `
      + `M${x - inner},${y} a${inner},${inner} 0 1 0 ${2 * inner},0 a${inner},${inner} 0 1 0 ${-2 * inner},0 Z`;
    return el("path", { d, "fill-rule": "evenodd", fill: PIECE[colour], stroke: colour === "white" ? INK : "#000", "stroke-width": 0.5, ...attrs }, parent);
  }

  function marker(name, colour, attrs = {}) {
    const [x, y] = at.get(name);
    return el("circle", { cx: x, cy: y, r: geo.marker / 2, fill: PIECE[colour], stroke: colour === "white" ? INK : "#000", "stroke-width": 0.5, ...attrs }, layer);
  }

  function spot(name, onClick, attrs = {}) {
    const [x, y] = at.get(name);
    const hit = el("circle", { cx: x, cy: y, r: 0.45 * s, fill: "transparent", class: "pk-pick", "data-point": name, ...attrs }, layer);
    hit.addEventListener("click", onClick);
    return hit;
  }

  function halo(name, colour = PICK, width = 1.2, extra = {}) {
    const [x, y] = at.get(name);
    // a mark, not a target: taps go through it to the point (its ring's target, a tap area)
    return el("circle", { cx: x, cy: y, r: geo.ring / 2 + 1.4, fill: "none", stroke: colour, "stroke-width": width, "pointer-events": "none", ...extra }, layer);
  }

  // Y2: a ring on a vacant point; hovering shows it there.
  function placing(legal) {
    const colour = current.state.colour;
    for (const name of legal) {
      const ghost = ring(at.get(name), colour, { opacity: 0, "pointer-events": "none" });
      const hit = spot(name, () => act(name));
      hit.addEventListener("mouseenter", () => ghost.setAttribute("opacity", 0.55));
      hit.addEventListener("mouseleave", () => ghost.setAttribute("opacity", 0));
    }
    prompting("Place a ring: click any free point.");
  }

  // Y3: a ring, then where it goes; Y4: the markers it would flip, shown on hover.
  function moving(legal) {
    const options = current.state.legal.rings || {};
    const moves = legal.filter((text) => text.includes("-"));
    const starts = new Set(moves.map((text) => text.split("-")[0]));
    for (const start of starts) {
      if (start !== chosenRing) halo(start, PICK, 0.8, { class: "pk-pulse", "stroke-dasharray": "2 1.2" });
      const hit = spot(start, () => { chosenRing = chosenRing === start ? null : start; if (!sent) draw(); }, { "data-pick-ring": start });
      hit.setAttribute("r", geo.ring / 2);
    }
    const buttons = [];
    if (legal.includes("pass")) buttons.push(["Pass (no ring can move)", () => act("pass"), "pass"]);
    if (!chosenRing) return prompting(moves.length ? "Your move: click one of your rings." : "None of your rings can move.", buttons);
    halo(chosenRing, PICK, 2.0);
    const flips = el("g", {}, layer);
    for (const option of options[chosenRing] || []) {
      const text = `${chosenRing}-${option.to}`;
      if (!moves.includes(text)) continue;
      const [x, y] = at.get(option.to);
      el("circle", { cx: x, cy: y, r: 0.16 * s, fill: PICK, stroke: INK, "stroke-width": 0.3, "pointer-events": "none" }, layer);
      const hit = spot(option.to, () => act(text), { "data-move": text });
      hit.addEventListener("mouseenter", () => {
        for (const name of option.flips) {
          const [fx, fy] = at.get(name);
          el("circle", { cx: fx, cy: fy, r: geo.marker / 2 + 0.8, fill: "none", stroke: FLIP, "stroke-width": 1.0, "pointer-events": "none", class: "pk-flip" }, flips);
        }
      });
      hit.addEventListener("mouseleave", () => flips.replaceChildren());
    }
    buttons.push(["Another ring", () => { chosenRing = null; draw(); }, "cancel"]);
    prompting(`Ring ${chosenRing.toUpperCase()}: click a yellow point to move it there (red circles: the markers it flips).`, buttons);
  }

  function rowPoints(row) {
    const found = (current.state.legal.rows || []).find((r) => `${r.ends[0]}-${r.ends[1]}` === row);
    return found ? found.points : [];
  }

  // Y5, Y6: which row of five (of a longer row, or of crossing rows), then which ring.
  function removing(legal) {
    const byRow = new Map();
    for (const text of legal) {
      const found = parseRemove(text);
      if (!found) continue;
      if (!byRow.has(found.row)) byRow.set(found.row, new Map());
      byRow.get(found.row).set(found.ring, text);
    }
    const rows = [...byRow.keys()];
    if (!rowChoices) rowChoices = rows;
    const state = current.state;
    const whose = state.legal.for === "opponent" ? " (made by your opponent's move)" : "";
    if (rowChoices.length > 1) {
      const inRows = new Set(rowChoices.flatMap(rowPoints));
      for (const row of rowChoices) band(row, 0.35);
      for (const name of inRows) {
        halo(name, PICK, 0.8, { r: geo.marker / 2 + 1.0, class: "pk-pulse" });
        spot(name, () => narrow(name), { "data-row-marker": name });
      }
      const buttons = rowChoices.map((row) => [row.toUpperCase(), () => { rowChoices = [row]; draw(); }, `row-${row}`]);
      return prompting(`You have ${rowChoices.length} rows of five${whose}: click a marker of the one to take off, or choose:`, buttons);
    }
    const row = rowChoices[0];
    band(row, 0.6);
    const rings = byRow.get(row);
    for (const [name, text] of rings) {
      halo(name, PICK, 1.0, { class: "pk-pulse" });
      const hit = spot(name, () => act(text), { "data-take-ring": name });
      hit.setAttribute("r", geo.ring / 2);
    }
    const buttons = rows.length > 1 ? [["Another row", () => { rowChoices = rows; draw(); }, "cancel"]] : [];
    prompting(`Row ${row.toUpperCase()} comes off${whose}: click the ring you take off with it.`, buttons);
  }

  function narrow(name) {
    const left = rowChoices.filter((row) => rowPoints(row).includes(name));
    rowChoices = left.length ? left : rowChoices;
    draw();
  }

  function band(row, opacity) {
    const [first, last] = row.split("-");
    const [x1, y1] = at.get(first), [x2, y2] = at.get(last);
    el("line", { x1, y1, x2, y2, stroke: PICK, "stroke-opacity": opacity, "stroke-width": geo.marker + 2, "stroke-linecap": "round", "pointer-events": "none", "data-row": row }, under);
  }

  function drawLast(action, state) {
    const style = { fill: "none", stroke: LAST, "stroke-width": 0.8, "stroke-dasharray": "1.6 1.0", "pointer-events": "none", class: "pk-last" };
    if (action === "pass") return;
    const removed = parseRemove(action);
    if (removed) {
      const [first, last] = removed.row.split("-");
      const [x1, y1] = at.get(first), [x2, y2] = at.get(last);
      for (let i = 0; i <= 4; i++) {
        el("circle", { cx: x1 + ((x2 - x1) * i) / 4, cy: y1 + ((y2 - y1) * i) / 4, r: geo.marker / 2, ...style }, layer);
      }
      const [rx, ry] = at.get(removed.ring);
      el("circle", { cx: rx, cy: ry, r: geo.ring / 2, ...style }, layer);
      return;
    }
    if (action.includes("-")) {
      const [start, end] = action.split("-");
      const [x1, y1] = at.get(start), [x2, y2] = at.get(end);
      el("line", { x1, y1, x2, y2, ...style, "stroke-width": 1.2 }, layer);
      el("circle", { cx: x2, cy: y2, r: geo.ring / 2 + 1.4, ...style }, layer);
      return;
    }
    if (at.has(action)) el("circle", { cx: at.get(action)[0], cy: at.get(action)[1], r: geo.ring / 2 + 1.4, ...style }, layer);
  }

  function drawSlots(state) {
    slotLayer.replaceChildren();
    for (const row of geo.slots) {
      const colour = colourOf(row.seat, state);
      const taken = state.off[colour] || 0;
      row.centres.forEach(([x, y], i) => {
        el("circle", { cx: x, cy: y, r: row.diameter / 2, fill: tint(colour === "white" ? "#c8b99a" : "#6b6258", 0.6), stroke: INK, "stroke-width": 0.4, "data-slot": colour }, slotLayer);
        if (i < taken) ring([x, y], colour, { "data-off": colour }, slotLayer);
      });
      // over the top slot at a desk, beside the row on a phone, clear of the board
      // (yinsh_view.py Caption: the lines, their sizes and spacing are its)
      const [tx, ty] = row.caption;
      const style = geo.caption_style;
      style.lines.forEach((line, i) => {
        const text = el("text", { x: tx, y: ty + i * style.leading, "font-size": style.sizes[i], fill: INK, "text-anchor": "middle", "data-caption": colour }, slotLayer);
        if (i === 0) text.setAttribute("font-weight", "bold");
        text.textContent = line.replace("{seat}", row.seat + 1).replace("{colour}", colour);
      });
    }
  }

  function prompting(text, buttons = []) {
    const view = current;
    const state = view.state;
    if (view.terminal || state.phase === "over") {
      const winners = view.winners || state.winners || [];
      const why = endName(info, state.ended); // the engine's words (printkit/yinsh/actions.py ENDING_WORDS)
      const who = winners.length ? `${winners.map((seat) => seatName(info, seat)).join(" and ")} wins` : "a draw";
      return setPrompt(prompt, `Game over, ${why}: ${who}.`);
    }
    const actor = view.to_act;
    const name = seatName(info, actor);
    if (text === null) return setPrompt(prompt, `${name} (${state.colour}) to play.`);
    setPrompt(prompt, `${name}, ${state.colour}: ${text}`, buttons);
  }

  function drawTally() {
    const state = current.state;
    tally.replaceChildren();
    const actor = current.terminal ? null : current.to_act;
    const winners = current.terminal ? current.winners || [] : [];
    for (const seat of info.seats.map((x) => x.seat)) {
      const colour = colourOf(seat, state);
      const off = state.off[colour] || 0;
      seatLine(tally, seat, PIECE[colour], `${seatName(info, seat)}, ${colour}: ${off} ring${off === 1 ? "" : "s"} off`,
        { acting: actor === seat, winner: winners.includes(seat), moved: movedSeat(current) });
    }
    const phase = { place: "placing rings", move: "moving", remove: "taking off a row", over: "over" }[state.phase] || state.phase;
    const facts = document.createElement("span");
    facts.textContent = `${state.pool} markers in the pool · ${state.moves} moves made · ${phase}`;
    tally.appendChild(facts);
  }

  return { show };
}
