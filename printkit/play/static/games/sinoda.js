// The Sinoda board of the play page: the printed board (disc, petals, start flowers in each
// seat's colour and pattern, numbered badges) with the dice as numbered triangles.
// Playing: click one of your dice, then a highlighted space to move it there (N6; a red
// space takes the piece on it, N7), or a "Turn to" button to change its value (N5).
// The geometry comes from printkit/play/sinoda_view.py (page millimetres, as printed).

import { INK, addPattern, el, endName, frame, movedSeat, points, seatLine, seatName, setList, setPrompt, tint } from "./common.js";
import { widenTaps } from "./taps.js";

const BOARD_FILL = "#eadfc8";
const PETAL_FILL = "#ffffff";
const LABEL_INK = "#857866";
const START_TINT = 0.55;
const DIE_SCALE = 0.5; // a die is its space's triangle shrunk this much about the centre
// The chosen die and where it can go: a violet no seat's colour is near (the seats have the
// Okabe–Ito hues of the printed boards, orange and yellow among them).
const PICK = "#7a1fa2";

function shrink(corners, centre, scale) {
  return corners.map(([x, y]) => [centre[0] + (x - centre[0]) * scale, centre[1] + (y - centre[1]) * scale]);
}

export function createView(container, info, { onAction }) {
  const geo = info.geometry;
  const { svg, tally, prompt, list } = frame(container, geo.view_box, "Sinoda board");
  const spaces = new Map(geo.spaces.map((s) => [s.name, s]));
  const seatGeo = new Map(geo.seats.map((s) => [s.seat, s]));
  const r = geo.edge;
  let current = null; // the view shown
  let chosen = null; // the space of the die the player chose
  let sent = false; // an action was sent: wait for the next view

  // -- the printed board, drawn once ------------------------------------------------------
  const defs = el("defs", {}, svg);
  const [cx, cy] = geo.centre;
  el("circle", { cx, cy, r: geo.outline_radius, fill: BOARD_FILL, stroke: INK, "stroke-width": 0.6 }, svg);
  el("circle", { cx, cy, r: geo.outline_radius - 1.6, fill: "none", stroke: INK, "stroke-width": 0.2 }, svg);
  const starts = new Map();
  for (const seat of geo.seats) {
    const fill = addPattern(defs, `pk-sinoda-pattern-${seat.seat}`, seat.pattern, seat.pattern_ink, Math.max(1.8, 0.075 * r));
    for (const name of seat.flower.spaces) {
      const outline = points(spaces.get(name).outline);
      el("polygon", { points: outline, fill: tint(seat.colour, START_TINT) }, svg);
      el("polygon", { points: outline, fill }, svg);
      starts.set(name, seat.seat);
    }
  }
  for (const petal of geo.petals) {
    const [[x1, y1], [x2, y2]] = petal.tips;
    const pr = petal.radius;
    el("path", { d: `M${x1},${y1} A${pr},${pr} 0 0 1 ${x2},${y2} A${pr},${pr} 0 0 1 ${x1},${y1} Z`, fill: PETAL_FILL, stroke: INK, "stroke-width": 0.3 }, svg);
  }
  for (const seat of geo.seats) {
    const [bx, by] = seat.badge;
    const radius = Math.min(5.0, 0.14 * r);
    el("circle", { cx: bx, cy: by, r: radius, fill: seat.colour, stroke: INK, "stroke-width": 0.3 }, svg);
    const number = el("text", { x: bx, y: by, "font-size": radius * 1.1, "font-weight": "bold", fill: seat.ink, "text-anchor": "middle", "dominant-baseline": "central" }, svg);
    number.textContent = seat.team ? `${seat.player}${seat.team}` : String(seat.player);
  }
  const names = el("g", {
    "font-size": 2.8, fill: LABEL_INK, "text-anchor": "middle", "dominant-baseline": "central",
    stroke: "#ffffff", "stroke-width": 0.7, "paint-order": "stroke", // readable on the start patterns
  }, svg);
  const nameOf = new Map();
  for (const space of geo.spaces) {
    const text = el("text", { x: space.centre[0], y: space.centre[1] }, names);
    text.textContent = space.name;
    nameOf.set(space.name, text);
  }
  const layer = el("g", {}, svg); // what changes: dice, choices, the last action

  // -- one view ---------------------------------------------------------------------------
  function show(view) {
    current = view;
    sent = false;
    if (chosen && !(view.legal || []).some((a) => a.piece === chosen)) chosen = null;
    draw(piecesOf(view));
    drawTally(view);
    setList(list, view, act);
  }

  function act(action) {
    if (sent) return;
    sent = true;
    chosen = null;
    onAction(action);
  }

  function choose(space) {
    if (sent) return;
    chosen = chosen === space ? null : space;
    draw(piecesOf(current));
  }

  function piecesOf(view) {
    return new Map(view.state.pieces.map((p) => [p.space, p]));
  }
  // the tap areas are sized in screen px: drawn again when the board's size changes (a phone turned)
  window.addEventListener("resize", () => { if (current) draw(piecesOf(current)); });

  function draw(pieces) {
    const view = current;
    const legal = view.human && !view.terminal ? view.legal || [] : [];
    layer.replaceChildren();
    for (const [name, text] of nameOf) text.setAttribute("visibility", pieces.has(name) ? "hidden" : "visible");
    if (view.last && view.last.action) drawLast(view.last);
    const movable = new Set(legal.map((a) => a.piece));
    const mine = legal.filter((a) => a.piece === chosen);
    for (const action of mine) {
      if (!action.to) continue;
      const target = spaces.get(action.to);
      const spot = el("polygon", {
        points: points(target.outline), fill: PICK, "fill-opacity": 0.3, stroke: PICK, "stroke-width": 0.9,
        class: action.captures ? "pk-pick pk-target pk-capture" : "pk-pick pk-target", "data-space": action.to,
        "data-tap-at": target.centre.join(","),
      }, layer);
      spot.addEventListener("click", () => act(action));
    }
    for (const piece of pieces.values()) drawDie(piece, movable.has(piece.space));
    // A die that can be taken (N7) is ringed, and clicking it takes it.
    for (const action of mine) {
      if (action.captures) {
        const die = layer.querySelector(`[data-die="${action.to}"]`);
        const target = spaces.get(action.to);
        el("polygon", {
          points: points(shrink(target.corners, target.centre, DIE_SCALE + 0.16)), fill: "none", stroke: PICK,
          "stroke-width": 1.3, "stroke-dasharray": "1.6 1.0", "stroke-linejoin": "round", "pointer-events": "none", class: "pk-capture-ring",
        }, layer);
        if (die) { die.classList.add("pk-pick"); die.addEventListener("click", (event) => { event.stopPropagation(); act(action); }); }
      }
    }
    // On a phone a die is a triangle some 33 px wide, a finger's tap by it (on a petal, a
    // space's corner) chose nothing: every target gets a finger's disc (games/taps.js),
    // a tap choosing the target whose space's centre is nearest.
    const targets = [...layer.querySelectorAll(".pk-pick")];
    widenTaps(layer, targets, targets);
    prompting(legal, mine);
  }

  function drawDie(piece, movable) {
    const space = spaces.get(piece.space);
    const seat = seatGeo.get(piece.seat);
    const colour = seat ? seat.colour : "#999999";
    const ink = seat ? seat.ink : INK; // the print's ink on the colour (sinoda_view.py)
    const group = el("g", { "data-die": piece.space, "data-seat": piece.seat, "data-value": piece.value, "data-tap-at": space.centre.join(",") }, layer);
    const corners = shrink(space.corners, space.centre, DIE_SCALE);
    const isChosen = piece.space === chosen;
    if (movable || isChosen) {
      el("polygon", {
        points: points(shrink(space.corners, space.centre, DIE_SCALE + 0.12)), fill: "none",
        stroke: PICK, "stroke-width": isChosen ? 2.2 : 1.0, "stroke-linejoin": "round",
        class: isChosen ? "" : "pk-pulse",
      }, group);
    }
    el("polygon", { points: points(corners), fill: colour, stroke: INK, "stroke-width": 0.6, "stroke-linejoin": "round" }, group);
    const number = el("text", {
      x: space.centre[0], y: space.centre[1], "font-size": r * 0.2, "font-weight": "bold", fill: ink,
      "text-anchor": "middle", "dominant-baseline": "central",
    }, group);
    number.textContent = String(piece.value);
    if (movable) {
      group.classList.add("pk-pick");
      group.addEventListener("click", () => choose(piece.space));
    }
  }

  function drawLast(last) {
    const action = last.action;
    const from = spaces.get(action.piece);
    if (!from) return;
    const seat = seatGeo.get(last.seat);
    const colour = seat ? seat.colour : INK;
    if (action.to) {
      const to = spaces.get(action.to);
      el("polygon", { points: points(from.outline), fill: "none", stroke: colour, "stroke-width": 0.9, "stroke-dasharray": "1.6 1.2", class: "pk-last" }, layer);
      el("polygon", { points: points(to.outline), fill: "none", stroke: colour, "stroke-width": 1.3, class: "pk-last" }, layer);
    } else {
      el("polygon", { points: points(from.outline), fill: "none", stroke: colour, "stroke-width": 1.3, class: "pk-last" }, layer);
    }
  }

  function prompting(legal, mine) {
    const view = current;
    const state = view.state;
    if (view.terminal || state.ended) {
      const winners = view.winners || state.winners || [];
      const who = winners.length ? winners.map((s) => seatName(info, s)).join(" and ") : "nobody";
      setPrompt(prompt, `Game over, ${endName(info, state.ended)}: ${who} ${winners.length > 1 ? "share the win" : "wins"}.`);
      return;
    }
    const actor = view.to_act ?? state.to_move;
    if (!legal.length) {
      setPrompt(prompt, `${seatName(info, actor)} to play.`);
      return;
    }
    if (!chosen) {
      setPrompt(prompt, `Your turn, ${seatName(info, actor)}: click one of your dice.`);
      return;
    }
    const buttons = mine.filter((a) => a.change).map((a) => [`Turn to ${a.change}`, () => act(a), `change-${a.change}`]);
    buttons.push(["Another die", () => choose(chosen), "cancel"]);
    const moves = mine.filter((a) => a.to);
    const takes = moves.some((a) => a.captures) ? " (a ringed die is taken)" : "";
    const text = moves.length
      ? `Die on ${chosen}: click a violet space to move it there${takes}, or turn it.`
      : `Die on ${chosen} cannot move: turn it.`;
    setPrompt(prompt, text, buttons);
  }

  function drawTally(view) {
    const state = view.state;
    tally.replaceChildren();
    const onBoard = new Map();
    for (const piece of state.pieces) onBoard.set(piece.seat, (onBoard.get(piece.seat) || 0) + 1);
    const actor = view.terminal ? null : (view.to_act ?? state.to_move);
    const winners = view.terminal ? view.winners || [] : [];
    for (const seat of geo.seats) {
      const captured = state.captured[seat.seat] || [];
      const score = state.scores[seat.seat] ?? 0;
      const team = seat.team ? `, team ${seat.team}` : "";
      const dice = onBoard.get(seat.seat) || 0;
      seatLine(tally, seat.seat, seat.colour,
        `${seatName(info, seat.seat)}${team}: ${score} point${score === 1 ? "" : "s"}`
        + (captured.length ? ` (took ${captured.join(" + ")})` : "") + ` · ${dice} ${dice === 1 ? "die" : "dice"} on the board`,
        { acting: actor === seat.seat, winner: winners.includes(seat.seat), moved: movedSeat(view) });
    }
  }

  return { show };
}
