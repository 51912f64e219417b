// The side panel of a Sinpin game: every seat (player, health, gems, hand, state), the box,
// the round, the events of the turn shown, and the end with its winners.

import { movedSeat, seatName, turnTags } from "../games/common.js";
import { avatarLook } from "./draw.js";

function node(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") made.textContent = value;
    else made.setAttribute(key, value);
  }
  made.append(...children);
  return made;
}
export { node };

const STATUS = { in: "", exited: "out by the exit", caught: "caught by the ghost" };

export function fieldName(columns, [x, y]) {
  return `${columns[x]}${y + 1}`;
}

export function seatsPanel(state, info, view) {
  const winners = new Set(view.terminal ? view.winners : []);
  const list = node("div", { class: "seats" });
  for (const seat of state.seats) {
    const row = node("div", { class: "seat", "data-seat": seat.seat });
    if (winners.has(seat.seat)) row.classList.add("winner");
    const dot = node("span", { class: "dot", text: seat.avatar[0] });
    const look = avatarLook(info.geometry.palette, seat.avatar); // the printed cards' colour
    dot.style.background = look.colour;
    dot.style.color = look.ink;
    const hand = node("span", { class: "hand", title: "cards still in hand (S5)" },
      ...seat.hand.map((card) => node("span", { text: card })));
    const facts = node("span", { class: "facts" }, `♥ ${seat.health}  `, hand,
      seat.status !== "in" ? ` ${STATUS[seat.status]}` : "", winners.has(seat.seat) ? " — wins" : "");
    row.append(dot, node("span", { class: "who", text: seatName(info, seat.seat) }), // as the top bar names it
      node("span", { class: "score", text: `◆ ${seat.gems}` }), facts);
    // "just played" and "next", as the replay bar says them
    turnTags(row, { acting: seat.seat === view.to_act && !view.terminal, moved: movedSeat(view) === seat.seat }, facts);
    list.append(row);
  }
  return list;
}

export function boxPanel(state, terminal) {
  const box = Object.entries(state.box).filter(([, count]) => count > 0).map(([kind, count]) => `${kind} ${count}`);
  // S29: the box holds what set-up did not place, so before then it is not made, not empty
  const contents = state.setting_up ? "made when set-up is over (S29)" : box.join(", ") || "empty";
  // state.round and turn + 1 name the next turn, said as the next one ("Next: turn 593 (round
  // 198)"), so that it is not misread beside the replay bar's turn just played ("turn 592
  // (round 198): Goat played"); a game over has none: name the last one, as the end line's
  // rounds (state.rounds) and the replay bar do
  const when = terminal
    ? `Ended after turn ${state.turn} (round ${state.rounds})`
    : `Next: turn ${state.turn + 1} (round ${state.round})`;
  return node("p", { class: "box", text: `${when} · the box: ${contents}` });
}

const EVENT_WORDS = {
  gem: (e, n) => `gem at ${n(e[1])}`, heart: (e, n) => `heart at ${n(e[1])}`, hurt: (e, n) => `hurt at ${n(e[1])}`,
  payout: (e, n) => `chest at ${n(e[1])} pays ${e[2]}`, draw: (e, n) => `draws ${e[2]} at ${n(e[1])}`,
  place: (e, n) => `places the ${e[2]} on ${n(e[1])}`, knocked_out: (e, n) => `knocked out at ${n(e[1])}: ${e[2] === "pay" ? "pays 3 gems" : "back to the door"}`,
  exit: (e, n) => `out by the exit, +${e[2]} gems`, caught: (e, n, avatar) => `${avatar(e[2])} caught at ${n(e[1])}`,
};

const GHOST_BY = { turn: "the ghost's move (S30)", draw: "the ghost, drawn from the box (S31)", exit: "the ghost, for the exit (S31)" };

export function linePanel(line, state, columns) {
  const name = (at) => fieldName(columns, at);
  if (!line) return node("p", { text: "Before set-up." });
  // a seat by its avatar, as the turn lines name it (the seats' list above gives its player number)
  const avatar = (seat) => state.seats[seat]?.avatar ?? `Player ${seat + 1}`;
  if (line.setup) return node("p", { class: "line", text: `Set-up: ${avatar(line.seat)} places a ${line.setup} on ${name(line.at)}.` });
  const seat = state.seats[line.seat];
  const head = line.move
    ? `Turn ${line.turn} (round ${line.round}): ${seat.avatar} plays a ${line.card}, ${name(line.from)} → ${line.move.exit ? "the exit Ω" : name(line.move.end)}`
    : `Turn ${line.turn} (round ${line.round}): ${seat.avatar} is out and plays a ${line.card}`;
  const events = node("ul", { class: "events" }, ...line.events.map((e) => node("li", { text: (EVENT_WORDS[e[0]] ?? ((x) => x.join(" ")))(e, name, avatar) })),
    ...line.ghost.map((g) => node("li", { text: `${GHOST_BY[g.by] ?? g.by}: ${g.path.length ? `${g.path.length} square${g.path.length === 1 ? "" : "s"}` : "it cannot move (S30)"}` })));
  return node("div", { class: "line" }, node("p", { text: head }), events);
}
