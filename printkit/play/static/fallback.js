// The generic view: any game of the protocol is playable from day one. The state as text,
// each legal action a button labelled with its words (or its JSON). Seats are named as in
// every view (Player 1 is seat 0); the state's JSON below keeps the protocol's seat numbers.

import { seatName, winnersText } from "./games/common.js";

export function createView(container, info, { onAction }) {
  const root = document.createElement("div");
  root.className = "generic";
  const text = document.createElement("pre");
  const side = document.createElement("div");
  const title = document.createElement("h2");
  const actions = document.createElement("div");
  actions.className = "actions";
  side.append(title, actions);
  root.append(text, side);
  container.replaceChildren(root);
  return {
    show(view) {
      const seats = info.seats.map((s) => seatName(info, s.seat)).join(", ");
      const last = view.last ? `last: ${seatName(info, view.last.seat)} ${JSON.stringify(view.last.action)}\n` : "";
      text.textContent = `${seats}\n${last}${view.line ? `record line: ${JSON.stringify(view.line)}\n` : ""}\n`
        + JSON.stringify(view.state, null, 1);
      title.textContent = view.terminal ? `Over. ${winnersText(info, view.winners)}`
        : view.human ? `${seatName(info, view.to_act)}: your choice` : seatName(info, view.to_act);
      actions.replaceChildren(...view.legal.map((action, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "action";
        button.textContent = view.labels[index] ?? JSON.stringify(action);
        button.addEventListener("click", () => onAction(action));
        return button;
      }));
    },
  };
}
