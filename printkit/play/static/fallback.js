// The generic view: any game of the protocol is playable from day one. The state as text,
// each legal action a button labelled with its words (or its JSON).

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
      const seats = info.seats.map((s) => `seat ${s.seat}: ${s.player}`).join(", ");
      const last = view.last ? `last: seat ${view.last.seat} ${JSON.stringify(view.last.action)}\n` : "";
      text.textContent = `${seats}\n${last}${view.line ? `record line: ${JSON.stringify(view.line)}\n` : ""}\n`
        + JSON.stringify(view.state, null, 1);
      title.textContent = view.terminal ? `Over: winners ${view.winners.join(", ") || "none (a draw)"}`
        : view.human ? `Seat ${view.to_act}: your choice` : `Seat ${view.to_act} (${info.seats[view.to_act]?.player ?? ""})`;
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
