// Stepping through a recorded game (printkit replay, or play's game once it is over): arrow
// keys, a scrubber, jumps to a turn or a round, autoplay at the page's speed, and on request
// the other outcomes the card allowed.

import { get } from "./api.js";
import { endName, seatName, winnersText } from "./games/common.js";

const $ = (selector) => document.querySelector(selector);

export class Replayer {
  constructor(view, info, speed, status) {
    this.view = view;
    this.info = info; // the /api/game answer: the seats' names
    this.speed = speed;
    this.status = status;
    this.index = null;
    this.step = 0;
    this.wanted = 0;
    this.timer = null;
    this.playing = false; // autoplay on (its timer may have fired, a step on its way)
    this.active = false;
    this.cache = new Map();
  }

  async open() {
    this.index = await get("/api/replay");
    this.active = true;
    document.body.classList.add("replaying");
    $("#replay-bar").hidden = false;
    $("#watch").hidden = true;
    $("#scrubber").max = this.index.steps - 1;
    // rounds and the card's other outcomes are Sinpin's; other records have turns only
    const rounds = this.index.marks.some((m) => m.round !== null && m.round !== undefined);
    $("#jump-round").closest("label").hidden = !rounds;
    $("#alternatives").closest("label").hidden = this.index.game !== "sinpin";
    this.bind();
    await this.go(0);
  }

  bind() {
    if (this.bound) return;
    this.bound = true;
    $("#first").addEventListener("click", () => this.go(0));
    $("#last").addEventListener("click", () => this.go(this.index.steps - 1));
    $("#back").addEventListener("click", () => this.go(this.wanted - 1));
    $("#forward").addEventListener("click", () => this.go(this.wanted + 1));
    $("#autoplay").addEventListener("click", () => this.toggle());
    $("#scrubber").addEventListener("input", (event) => this.go(Number(event.target.value)));
    $("#alternatives").addEventListener("change", () => this.go(this.step));
    $("#jump-turn").addEventListener("change", (event) => this.jump("turn", Number(event.target.value)));
    $("#jump-round").addEventListener("change", (event) => this.jump("round", Number(event.target.value)));
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT" && event.target.type === "number") return;
      const moves = { ArrowLeft: this.wanted - 1, ArrowRight: this.wanted + 1, Home: 0, End: this.index.steps - 1 };
      if (event.key in moves) {
        event.preventDefault();
        this.go(moves[event.key]);
      } else if (event.key === " ") {
        event.preventDefault();
        this.toggle();
      }
    });
  }

  // The first step of that turn (or round); the game's own turn numbers, not steps.
  jump(key, value) {
    const mark = this.index.marks.find((m) => m[key] !== null && m[key] >= value);
    if (mark) this.go(mark.step);
    else this.status(`This game has no ${key} ${value}.`, true);
  }

  toggle() {
    if (this.playing) {
      this.stop();
      return;
    }
    if (this.step >= this.index.steps - 1) this.go(0);
    this.playing = true;
    $("#autoplay").textContent = "⏸ pause";
    const tick = async () => {
      if (this.step >= this.index.steps - 1) {
        this.stop();
        return;
      }
      await this.go(this.step + 1);
      // paused while that step was fetched: its timer had fired, so only this says so
      if (this.playing) this.timer = setTimeout(tick, Math.max(this.speed(), 50));
    };
    this.timer = setTimeout(tick, Math.max(this.speed(), 50));
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.playing = false;
    $("#autoplay").textContent = "▶ play";
  }

  // Whose turn the step is about, as the panel marks it (games/common.js turnTags): the seat
  // whose move it shows, "just played" in the last move's blue, and the seat to play next
  // (the panel's highlighted one), "next: …" in its amber: "step 12 of 80 — turn 5 (round 2):
  // Player 2 (Goat, greedy) played · next: Player 3 (Mouse, greedy)". The turn is the one
  // played, the Sinpin panel's the next ("Next: turn 6 (round 2)"): both say which.
  says(wanted, answer) {
    const line = answer.line ?? {};
    const seat = (number) => seatName(this.info, number);
    const text = $("#step-text");
    text.replaceChildren(`step ${wanted} of ${this.index.steps - 1} — `);
    const span = (cls, words) => {
      const made = document.createElement("span");
      made.className = cls;
      made.textContent = words;
      text.append(made);
    };
    if (line.turn) {
      text.append(`turn ${line.turn}${line.round ? ` (round ${line.round})` : ""}: `);
      span("moved", `${seat(line.seat)} played`);
    } else if (line.setup) {
      text.append("set-up: ");
      span("moved", `${seat(line.seat)} placed a ${line.setup}`);
    } else text.append(this.index.game === "sinpin" ? "before set-up" : "before the first move");
    text.append(" · ");
    if (answer.terminal) text.append("the game is over");
    else span("next", `next: ${seat(answer.to_act)}`);
  }

  async go(step) {
    const wanted = Math.max(0, Math.min(this.index.steps - 1, step));
    this.wanted = wanted; // keys pressed faster than the answers come step on from here
    if (!this.cache.has(wanted)) this.cache.set(wanted, await get(`/api/replay/${wanted}`));
    if (this.wanted !== wanted) return; // a later step was asked for meanwhile
    const answer = { ...this.cache.get(wanted), showAlternatives: $("#alternatives").checked };
    this.step = wanted;
    $("#scrubber").value = wanted;
    this.says(wanted, answer);
    document.body.dataset.step = wanted;
    this.view.show(answer);
    const end = this.index.end;
    // the seed as the server wrote it: a JSON number past 2^53 loses its last digits in a browser
    this.status(wanted === this.index.steps - 1 ? `The end: ${endName(this.info, end.end)}. ${winnersText(this.info, end.winners)}.`
      : `Replaying game ${this.index.header.game} (seed ${this.index.seed}).`);
  }
}
