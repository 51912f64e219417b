// The play page: loads the game, picks its view (games/<game>.js, or the generic one),
// shows each state the server answers, asks for bots' turns at the viewer's speed, and at
// the end offers the replay.

import { get, post } from "./api.js";
import { createView as genericView } from "./fallback.js";
import { endName, seatName, winnersText } from "./games/common.js";
import { Replayer } from "./replay.js";

const $ = (selector) => document.querySelector(selector);
const page = { info: null, view: null, current: null, timer: null, replayer: null };

export function speed() {
  return Number($("#speed").value);
}

function status(text, error = false) {
  $("#status").textContent = text;
  $("#status").classList.toggle("error", error);
}

async function viewFor(info) {
  if (new URLSearchParams(location.search).get("view") === "generic") return genericView;
  try {
    const module = await import(`./games/${info.game}.js`);
    return module.createView;
  } catch (error) {
    if (!String(error).match(/Failed to fetch|Importing a module script failed|404/)) console.warn(error);
    return genericView;
  }
}

function show(answer) {
  page.current = answer;
  page.view.show(answer);
  document.body.dataset.turn = answer.turn;
  document.body.dataset.terminal = answer.terminal;
  clearTimeout(page.timer);
  if (answer.terminal) {
    // the seats named as the board's panel names them (Player 1 is seat 0), never a seat number
    const ended = answer.state?.ended;
    status(`The game is over${ended ? `: ${endName(page.info, ended)}` : ""}. ${winnersText(page.info, answer.winners)}.`);
    $("#watch").hidden = false;
  } else if (answer.human) {
    status(`Your turn, ${seatName(page.info, answer.to_act)}.`);
  } else {
    status(`${seatName(page.info, answer.to_act)} is playing…`);
    page.timer = setTimeout(botTurn, speed());
  }
}

async function botTurn() {
  const turn = page.current.turn;
  try {
    show(await post("/api/bot", { turn }));
  } catch (error) {
    status(error.message, true);
    if (error.status === 409) show(await get("/api/state"));
  }
}

async function onAction(action) {
  if (page.replayer?.active) return;
  try {
    show(await post("/api/act", { turn: page.current.turn, action }));
  } catch (error) {
    status(error.message, true);
    if (error.status === 409) show(await get("/api/state"));
  }
}

async function watch() {
  clearTimeout(page.timer);
  page.replayer = page.replayer ?? new Replayer(page.view, page.info, speed, status);
  await page.replayer.open();
}

async function start() {
  $("#speed").addEventListener("input", () => { $("#speed-text").textContent = `${speed() / 1000} s`; });
  const first = get("/api/state"); // asked with the game, not after it
  first.catch(() => {});
  page.info = await get("/api/game");
  $("#icons").innerHTML = page.info.geometry?.palette?.icons ?? "";
  $("#title").textContent = `printkit ${page.info.replay ? "replay" : "play"}: ${page.info.game}`
    + (page.info.geometry?.level ? ` — ${page.info.geometry.level}` : "");
  const createView = await viewFor(page.info);
  page.view = createView($("#view"), page.info, { onAction });
  $("#watch").addEventListener("click", watch);
  if (page.info.replay) await watch();
  else show(await first);
  document.body.dataset.readyMs = Math.round(performance.now()); // from the navigation's start (bench/play_page.py)
  document.body.dataset.ready = "true";
}

start().catch((error) => status(error.message, true));
