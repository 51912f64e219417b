// What a person may do at the pending decision of a Sinpin game, as clicks on the map and
// buttons in the panel. Only `view.legal` is offered; each click sends one of its items.

import { el, OUTCOME, trail } from "./draw.js";
import { node } from "./panel.js";

const PICK = "#1b8a3a";

export class Choices {
  constructor(onAction, redraw) {
    this.onAction = onAction;
    this.redraw = redraw; // draws the view again after a local choice (a card, a ghost step)
    this.reset();
  }

  reset() {
    this.card = null;
    this.end = null;
    this.walk = [];
    this.hover = null;
  }

  // {preview, extra: (grid, layer) => …, panel: element} for the view and the person's choice
  offer(view, seatAt) {
    const decision = view.state.decision;
    if (!view.human || !decision) return { panel: null };
    const send = (index) => { this.reset(); this.onAction(view.legal[index]); };
    const items = view.legal.map((action, index) => ({ action, index }));
    if (decision.kind === "place") {
      const extra = (grid, layer) => {
        for (const { action, index } of items) {
          const [x, y] = action.place;
          const target = el("rect", { class: "choice place", "data-x": x, "data-y": y, x: x * grid.F + 0.8, y: y * grid.F + 0.8, width: grid.F - 1.6, height: grid.F - 1.6, fill: PICK, "fill-opacity": 0.12, stroke: PICK, "stroke-width": 0.7, "stroke-dasharray": "1.6 0.8" }, layer);
          target.addEventListener("click", () => send(index));
          el("title", {}, target).textContent = view.labels[index];
        }
      };
      return { extra, panel: node("p", { class: "prompt", text: `Place a ${decision.item}: click a vacant field (ringed in green). (${decision.rule})` }) };
    }
    if (decision.kind === "card" || decision.kind === "knocked_out") {
      const words = decision.kind === "card" ? "You are out of the game: play a card all the same (S29a)."
        : "Knocked out (S25): pay 3 gems to stay, or go back to the door?";
      return { panel: node("div", { class: "prompt" }, node("p", { text: words }), node("div", { class: decision.kind === "card" ? "cards" : "choices" },
        ...items.map(({ action, index }) => this.button(decision.kind === "card" ? String(action.card) : view.labels[index], () => send(index), { "data-card": action.card ?? "" })))) };
    }
    if (decision.kind === "ghost") return this.ghostOffer(view, items, send);
    return this.moveOffer(view, items, send, seatAt);
  }

  button(text, onClick, attributes = {}) {
    const made = node("button", { type: "button", text, ...attributes });
    made.addEventListener("click", onClick);
    return made;
  }

  moveOffer(view, items, send, seatAt) {
    const cards = [...new Set(items.map(({ action }) => action.card))];
    const hand = node("div", { class: "cards" }, ...cards.map((card) => {
      const made = this.button(String(card), () => { this.card = card; this.end = null; this.redraw(); }, { "data-card": card, title: `key ${card}` });
      if (card === this.card) made.classList.add("selected");
      return made;
    }));
    const panel = node("div", { class: "prompt" }, node("p", { text: "Your move: choose a card (keys 1-6), then click where it ends." }), hand);
    if (this.card === null) return { panel };
    const outcomes = items.filter(({ action }) => action.card === this.card);
    const ends = new Map();
    for (const item of outcomes) {
      const key = item.action.end.join(",");
      ends.set(key, [...(ends.get(key) ?? []), item]);
    }
    const preview = { start: seatAt, outcomes: outcomes.map(({ action }) => ({ passed: action.trail, end: action.end })) };
    const extra = (grid, layer) => {
      for (const { action } of outcomes) trail(grid, layer, seatAt, action.trail, OUTCOME, { width: 0.45, cls: "outcome" });
      if (this.hover) trail(grid, layer, seatAt, this.hover.trail, "#0047b3", { width: 1, cls: "hovered" });
      for (const [key, group] of ends) {
        const [x, y] = key.split(",").map(Number);
        const target = el("rect", { class: "choice end", "data-x": x, "data-y": y, "data-ways": group.length, x: x * grid.F, y: y * grid.F, width: grid.F, height: grid.F, fill: "#fff", "fill-opacity": 0.01, stroke: "none" }, layer);
        el("title", {}, target).textContent = group.map(({ index }) => view.labels[index]).join("\n");
        target.addEventListener("click", () => {
          if (group.length === 1) send(group[0].index);
          else { this.end = key; this.redraw(); }
        });
      }
    };
    panel.append(node("p", { text: `${outcomes.length} outcome${outcomes.length === 1 ? "" : "s"} of the ${this.card}, ${ends.size} end field${ends.size === 1 ? "" : "s"}.` }));
    if (this.end && ends.has(this.end)) {
      const ways = node("div", { class: "ways" }, node("p", { text: "Several ways lead there: pick one." }));
      ends.get(this.end).forEach(({ action, index }, way) => {
        const made = this.button(`way ${way + 1}: ${view.labels[index]}`, () => send(index), { class: "way" });
        made.addEventListener("mouseenter", () => { this.hover = action; this.redraw(true); });
        ways.append(made);
      });
      panel.append(ways);
    }
    return { preview, extra, panel };
  }

  // The ghost walked square by square: the squares it may step to next, along the paths
  // to the ends it may take (S30); the walk ends when it is a whole path.
  ghostOffer(view, items, send) {
    const paths = view.ghost_paths ?? [];
    const start = view.state.ghost;
    const same = (a, b) => a[0] === b[0] && a[1] === b[1];
    const matching = paths.map((path, index) => ({ path, index })).filter(({ path }) => this.walk.every((step, i) => path[i] && same(path[i], step)));
    const done = matching.find(({ path }) => path.length === this.walk.length);
    if (done && matching.length === 1) {
      setTimeout(() => send(done.index), 0);
    }
    const next = new Map();
    for (const { path } of matching) if (path.length > this.walk.length) next.set(path[this.walk.length].join(","), path[this.walk.length]);
    const here = this.walk.at(-1) ?? start;
    const extra = (grid, layer) => {
      const sq = 5;
      if (this.walk.length) el("polyline", { class: "ghost-walk", points: [start, ...this.walk].map(([sx, sy]) => `${(sx + 1) * sq},${(sy + 1) * sq}`).join(" "), fill: "none", stroke: "#6a4fa0", "stroke-width": 1.2 }, layer);
      el("rect", { class: "ghost-here", x: here[0] * sq, y: here[1] * sq, width: 2 * sq, height: 2 * sq, fill: "none", stroke: "#6a4fa0", "stroke-width": 0.8 }, layer);
      // one button a step, at the centre the ghost would have after it (one square apart:
      // they never overlap, as the 2 x 2 pieces would), an arrow saying which way
      for (const step of next.values()) {
        const [cx, cy] = [(step[0] + 1) * sq, (step[1] + 1) * sq];
        const target = el("g", { class: "choice ghost-step", "data-sx": step[0], "data-sy": step[1] }, layer);
        el("circle", { cx, cy, r: 2.3, fill: PICK, "fill-opacity": 0.85, stroke: "#fff", "stroke-width": 0.4 }, target);
        const arrow = step[1] > here[1] ? "↓" : step[0] < here[0] ? "←" : "→";
        el("text", { x: cx, y: cy + 1.1, "text-anchor": "middle", "font-size": 3.2, fill: "#fff", "font-weight": "bold", "font-family": "DejaVu Sans, sans-serif" }, target).textContent = arrow;
        el("title", {}, target).textContent = `the ghost one square ${arrow === "↓" ? "down" : arrow === "←" ? "left" : "right"}`;
        target.addEventListener("click", () => { this.walk.push(step); this.redraw(); });
      }
    };
    const left = (paths[0]?.length ?? 0) - this.walk.length;
    const panel = node("div", { class: "prompt" }, node("p", { text: `Move the ghost (S30): click a green arrow, one square at a time, ${left} step${left === 1 ? "" : "s"} left.` }),
      this.button("start the walk again", () => { this.walk = []; this.redraw(); }));
    return { extra, panel };
  }
}
