// Questions in the page, never the browser's prompt() or confirm(): one <dialog> that asks
// yes or no, or for a file name checked as it is typed against what every common system
// refuses (Windows' reserved names and characters, lengths, hidden files), as the server
// checks again when saving.

const $ = (selector) => document.querySelector(selector);
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const BAD_CHARS = /[<>:"/\\|?*\x00-\x1f\x7f]/;
export const MAX_NAME = 100; // characters with ".yaml"; well inside every file system's limit

// Why `name` cannot be a level file's name on some system, or "" when it can.
export function nameProblem(name, existing = []) {
  if (!name) return "type a name";
  if (!name.endsWith(".yaml")) return "a level file's name ends in .yaml";
  const stem = name.slice(0, -".yaml".length);
  if (!stem) return "the name needs something before .yaml";
  const bad = BAD_CHARS.exec(name);
  if (bad) return bad[0] < " " ? "no control characters in a file name" : `no ${bad[0]} in a file name (Windows refuses it; / and \\ are folders)`;
  if (name.startsWith(".")) return "a name starting with a dot is a hidden file";
  if (/^\s|\s$/.test(stem) || stem.endsWith(".")) return "no space or dot at the start or end of the name (Windows drops them)";
  if (RESERVED.test(stem.split(".")[0])) return `${stem.split(".")[0].toUpperCase()} is a name Windows reserves for a device`;
  if (name.length > MAX_NAME) return `at most ${MAX_NAME} characters (this one has ${name.length})`;
  const clash = existing.find((other) => other !== name && other.toLowerCase() === name.toLowerCase());
  if (clash) return `${clash} exists: on Windows and macOS it is the same file`;
  return "";
}

// A name as typed, with ".yaml" added when it has no extension of its own.
export function withSuffix(name) {
  const trimmed = name.trim();
  return trimmed && !trimmed.endsWith(".yaml") && !/\.ya?ml$/i.test(trimmed) ? `${trimmed}.yaml` : trimmed;
}

function open({ text, name = null, yes = "OK", no = "Cancel", existing = [] }) {
  const dialog = $("#ask");
  const input = $("#ask-name");
  const error = $("#ask-error");
  $("#ask-text").textContent = text;
  $("#ask-yes").textContent = yes;
  $("#ask-no").textContent = no;
  input.hidden = name === null;
  input.value = name ?? "";
  error.textContent = "";
  const check = () => {
    const problem = name === null ? "" : nameProblem(withSuffix(input.value), existing);
    error.textContent = input.value ? problem : "";
    $("#ask-yes").disabled = Boolean(problem);
    return problem;
  };
  input.oninput = check;
  check();
  return new Promise((resolve) => {
    const finish = (answer) => {
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    $("#ask-form").onsubmit = (event) => {
      event.preventDefault();
      if (check()) return; // a bad name: the dialog stays, saying why
      finish(name === null ? true : withSuffix(input.value));
    };
    $("#ask-no").onclick = () => finish(name === null ? false : null);
    dialog.onclose = () => finish(name === null ? false : null); // Esc
    dialog.showModal();
    if (name !== null) {
      input.focus();
      input.setSelectionRange(0, Math.max(0, input.value.length - ".yaml".length));
    } else $("#ask-yes").focus();
  });
}

export const askYesNo = (text, yes = "Yes", no = "No") => open({ text, yes, no });
export const askName = (text, name, existing) => open({ text, name, yes: "Save", existing });
