// "Where can I get with a 4 from here?": a field and a card 1-6 give every outcome of that
// move, from the server's move engine, drawn on the map and listed below it.

import { post } from "./api.js";

const $ = (selector) => document.querySelector(selector);

export class MovePreview {
  constructor(grid, palette, level) {
    this.grid = grid;
    this.palette = palette;
    this.level = level; // () => the level as the page holds it
    this.card = null;
    this.requests = 0;
  }

  name([x, y]) {
    return `${this.palette.columns[x]}${y + 1}`;
  }

  pick(field) {
    const [x, y] = field;
    if (this.grid.rows[y][x] === "#") {
      $("#preview-text").textContent = "A move starts on a field an avatar can stand on, not in rock.";
      return;
    }
    this.grid.start = field;
    this.grid.preview = null;
    this.grid.render();
    if (this.card) this.refresh();
    else $("#preview-text").textContent = `From ${this.name(field)}: choose a card 1-6.`;
  }

  pickCard(card) {
    this.card = card;
    for (const button of document.querySelectorAll("#cards button")) button.classList.toggle("selected", Number(button.dataset.card) === card);
    this.refresh();
  }

  clear() {
    this.requests++; // an answer on its way is for the move cleared: dropped when it comes
    this.grid.start = null;
    this.grid.preview = null;
    $("#preview-text").textContent = "";
    this.showOutcomes([]);
    this.grid.render();
  }

  // Asked again after every change of the map: the same move on the new map.
  async refresh() {
    const start = this.grid.start;
    if (!start || !this.card) return;
    const [x, y] = start;
    if (this.grid.rows[y]?.[x] === undefined || this.grid.rows[y][x] === "#") {
      this.clear(); // the field was painted over or cut off by a resize
      return;
    }
    const health = Number($("#move-health").value) || null;
    const request = ++this.requests;
    try {
      const moves = await post("/api/moves", { level: this.level(), from: start, card: this.card, health });
      if (request !== this.requests) return;
      this.grid.preview = moves;
      this.grid.render();
      this.showOutcomes(moves.outcomes);
      const count = moves.outcomes.length;
      const exits = moves.outcomes.filter((o) => o.exit).length;
      const ends = new Set(moves.outcomes.map((o) => o.end.join(","))).size;
      $("#preview-text").textContent = `From ${this.name(start)} with a ${moves.card} (health ${moves.health}):`
        + ` ${count} outcome${count === 1 ? "" : "s"}, ${ends} end field${ends === 1 ? "" : "s"}`
        + `${exits ? `, ${exits} reach the exit Ω` : ""}`
        + `${moves.supported ? "" : " — not supported (S4): the move starts with a fall (S14)"}.`;
    } catch (error) {
      if (request !== this.requests) return;
      $("#preview-text").textContent = error.message;
      this.showOutcomes([]);
    }
  }

  // The outcomes as `printkit moves` lists them, those that differ only in the fields
  // passed on the way taken together: where it ends, damage, gems, hearts, in how many ways.
  showOutcomes(outcomes) {
    const groups = new Map();
    for (const o of outcomes) {
      const text = `→ ${o.exit ? "the exit Ω" : this.name(o.end)} · damage ${o.damage} · gems ${o.gems}`
        + (o.hearts.length ? ` · hearts ${o.hearts.map((p) => this.name(p)).join(" ")}` : "")
        + (o.knocked_out ? " · health 0: knocked out (S25)" : "");
      const group = groups.get(text) ?? { ways: 0, passed: o.passed };
      group.ways += 1;
      groups.set(text, group);
    }
    $("#outcomes").replaceChildren(...[...groups].map(([text, group]) => Object.assign(document.createElement("li"), {
      textContent: group.ways === 1 ? `${text} · passes ${group.passed.map((p) => this.name(p)).join(" ")}` : `${text} · ${group.ways} ways`,
    })));
  }
}
