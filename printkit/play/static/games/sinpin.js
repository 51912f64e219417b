// Sinpin's view for the play page (the contract of docs/play.md): the map with the game on
// it, every seat in a panel, and the pending decision as clicks.

import { Board } from "../sinpin/board.js";
import { Choices } from "../sinpin/choices.js";
import { boxPanel, linePanel, node, seatsPanel } from "../sinpin/panel.js";
import { endName, installStyle, seatName, setList, winnersText } from "./common.js";

export function createView(container, info, { onAction }) {
  // the panel's buttons a finger's size on a phone, by the rule every game's panel follows
  // (games/common.js .pk-panel)
  installStyle();
  const root = node("div", { class: "sinpin" });
  const boardBox = node("div", { class: "board" });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "map";
  boardBox.append(svg);
  const side = node("aside", { class: "pk-panel", "aria-label": "Players" });
  const panel = node("div", { class: "panel" });
  side.append(panel);
  root.append(boardBox, side);
  let kept = 0; // the panel's tallest height in px (draw)
  // a phone turned: the panel's lines wrap anew, kept from nothing (only a new width: a
  // phone's browser also says "resize" when its bars slide away or the page grows)
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    kept = 0;
    panel.style.minHeight = "";
  });
  container.replaceChildren(root);
  const columns = info.geometry.palette.columns;
  const board = new Board(svg, info.geometry);
  let current = null;
  let before = null; // the state before the last action: where a move started
  const choices = new Choices((action) => onAction(action), (boardOnly) => draw(boardOnly));
  // Every legal action in words, one button each, as Sinoda's and YINSH's panels have: the
  // map's click targets are not reachable from the keyboard, these are (Tab, Enter). Made
  // once, so that an opened list stays open while the panel is drawn again.
  const list = node("details", { class: "pk-list" });

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && current?.human) { // Esc: the card (or the ghost's walk) back, nothing chosen
      choices.reset();
      draw();
      return;
    }
    if (!current?.human || current.state.decision?.kind !== "move" || !/^[1-6]$/.test(event.key)) return;
    const card = Number(event.key);
    if (current.legal.some((action) => action.card === card)) {
      choices.card = card;
      choices.end = null;
      draw();
    }
  });

  // The record line to show: the replay's step, or while playing the turn just done (not
  // while a person is looking at the outcomes of a card: they are drawn instead).
  function lineOf(view) {
    if (view.line !== undefined) return view.line;
    return choices.card === null ? view.recent ?? null : null;
  }

  function shownMove(view) {
    const line = lineOf(view);
    const marks = line?.setup ? [line.at] : line ? line.events.filter((e) => e[0] === "place").map((e) => e[1]) : [];
    return { ...shownLine(view, line), marks };
  }

  function shownLine(view, line) {
    if (line?.move) {
      return {
        move: { start: line.from, trail: line.move.trail },
        ghosts: ghostsOf(line, view.ghost_from ?? before?.ghost),
        alternatives: view.showAlternatives ? view.alternatives.map((o) => ({ start: line.from, trail: o.trail })) : [],
      };
    }
    if (line && !line.move && line.ghost) return { ghosts: ghostsOf(line, view.ghost_from ?? before?.ghost) };
    return {};
  }

  function draw(boardOnly = false) {
    const view = current;
    const state = view.state;
    const acting = state.to_act ?? null;
    const seatAt = acting === null ? null : state.seats[acting].at;
    const offer = choices.offer(view, seatAt);
    board.render(state, { ...shownMove(view), preview: offer.preview, extra: offer.extra });
    if (boardOnly) return; // a hover: the panel under the pointer stays as it is
    kept = Math.max(kept, panel.offsetHeight); // as it is, before anything in it changes (the list, below)
    const players = [node("h2", { text: "Players" }), seatsPanel(state, info, view), boxPanel(state, view.terminal)];
    const ended = view.terminal ? node("p", { class: "ended", text: `The game is over: ${endName(info, state.ended)}. ${winnersText(info, view.winners)}.` }) : null;
    setList(list, view, (action) => { choices.reset(); onAction(action); }); // none in a replay: nothing is offered
    let parts;
    if (view.line !== undefined) { // the replay: the step is what changes
      parts = [...players, ...(ended ? [ended] : []), node("h2", { text: "This step" }), linePanel(view.line, state, columns)];
    } else {
      // Playing, the choice comes first, in room kept for it whether it is the person's
      // turn, a bot's or the end (play.css .choice-slot): the card buttons stay where they
      // were, turn after turn, and the seats' lines below, which grow and shrink (a tag, an
      // avatar out), move nothing a person taps.
      const slot = node("div", { class: "choice-slot" });
      if (offer.panel) slot.append(node("h2", { text: "Your choice" }), offer.panel);
      else if (ended) slot.append(ended);
      else if (acting !== null) slot.append(node("p", { class: "waiting", text: `${seatName(info, acting)} is deciding: ${state.decision?.kind ?? ""}.` }));
      if (!list.hidden) slot.append(list);
      parts = [slot, ...players];
      // the latest that happened: the turn under way (a move already made) or the last line
      if (view.recent) parts.push(node("h2", { text: view.recent.under_way ? "This turn so far" : "Last" }), linePanel(view.recent, state, columns));
    }
    // The panel is drawn anew at each turn and at each choice on the page (a card, an end)
    // and could come out shorter (a shorter "Last", the ways to an end gone): a page
    // scrolled to its end would then be scrolled back by the browser, which keeps no scroll
    // past the end, and on a phone the map would jump under the finger (at a desk the
    // panel's own scroll likewise). So it keeps the tallest height it had in this game
    // (`kept`, measured above; from nothing again when the window's width changes).
    panel.replaceChildren(...parts);
    panel.style.minHeight = kept ? `${kept}px` : "";
  }

  return {
    show(view) {
      if (current && current.turn !== view.turn) choices.reset();
      before = current && view.step === undefined ? current.state : view.step !== undefined ? null : before;
      current = view;
      draw();
    },
  };
}

// The ghost's moves of a record line, each from where it stood (the path's start is not in
// the record: the place before the first step is one step back along it).
function ghostsOf(line, from) {
  const moves = [];
  let start = null;
  for (const move of line.ghost ?? []) {
    if (!move.path.length) continue;
    const first = move.path[0];
    moves.push({ start: start ?? from ?? first, path: move.path });
    start = move.path.at(-1);
  }
  return moves;
}
