// The level's file: open, new, save, save as (names asked and checked in the page's own
// dialog, never the browser's prompt), the unsaved mark, the stale-file question, PDFs.

import { ApiError, download, get, post } from "./api.js";
import { askName, askYesNo } from "./dialog.js";

const $ = (selector) => document.querySelector(selector);

export class Files {
  // page: {level() -> the level as the page holds it, loaded(answer) -> show an opened level}
  constructor(page) {
    this.page = page;
    this.file = null; // the file's name in the folder, or null for a level never saved
    this.version = null; // what the file held when opened or saved (the stale-file check)
    this.extras = {}; // the file's x- keys, saved back as they were
    this.modified = false;
    this.saved = null; // the level as last opened or saved, as JSON
    this.names = [];
    this.saving = false; // a save on its way: another asked for meanwhile is not sent
    this.shown = false; // a level was loaded (opened or new) and is being edited
  }

  status(text, kind = "") {
    const box = $("#file-state");
    box.textContent = text;
    box.className = kind;
    box.classList.toggle("unsaved", this.modified && kind !== "error");
  }

  label() {
    return this.file ?? "new level (not saved)";
  }

  // Unsaved while the level differs from what was opened or saved (undoing back to it counts).
  markModified() {
    this.modified = this.saved === null || JSON.stringify(this.page.level()) !== this.saved;
    this.status(this.label());
  }

  load(answer, file, version) {
    this.file = file;
    this.version = version;
    this.extras = answer.level.extras ?? {};
    this.page.loaded(answer);
    this.shown = true;
    this.saved = JSON.stringify(this.page.level());
    this.modified = false;
    this.status(this.label());
    $("#file-list").value = file && this.names.includes(file) ? file : "";
  }

  async discardChanges() {
    return !this.modified || askYesNo("Discard the changes to this level?", "Discard", "Keep editing");
  }

  async refresh() {
    const answer = await get("/api/files");
    const list = $("#file-list");
    const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
    list.replaceChildren(option("", "(choose a level)"), ...answer.files.map((name) => option(name, name)));
    list.title = `Levels in ${answer.folder}`;
    list.value = answer.files.includes(this.file) ? this.file : "";
    this.names = answer.files;
    return answer;
  }

  // The level shown gives way to another only once the other is in hand: the server's answer
  // comes first, the discard question second. A file that cannot be opened (or a new map of a
  // size refused) leaves everything as it was: the same file current, its name in the Level
  // list, its edits kept and still marked unsaved. Asked first, a "Discard" followed by a
  // failed open discarded nothing, and the next save wrote the edits the user had thrown
  // away into the old file. The answer, or null when the level shown stays.
  async replaceWith(request, failed) {
    let answer;
    try {
      answer = await request();
    } catch (error) {
      // before the first level (the start file unreadable) there is nothing still being edited
      this.status(`${failed}: ${error.message}${this.shown ? ` · still editing ${this.label()}` : ""}`, "error");
      $("#file-state").classList.toggle("unsaved", this.modified); // the edits are still there
      this.showCurrent();
      return null;
    }
    if (!(await this.discardChanges())) {
      this.showCurrent();
      return null;
    }
    return answer;
  }

  // The Level list back on the file being edited (after a choice in it was not opened).
  showCurrent() {
    $("#file-list").value = this.file && this.names.includes(this.file) ? this.file : "";
  }

  async open(name) {
    const answer = await this.replaceWith(() => post("/api/open", { file: name }), `${name} not opened`);
    if (answer) this.load(answer, answer.file, answer.version);
  }

  async create(file = null) {
    const width = Number($("#new-width").value);
    const height = Number($("#new-height").value);
    const answer = await this.replaceWith(() => post("/api/new", { width, height }), "no new level");
    if (!answer) return;
    this.load(answer, file, null);
    if (file !== null) this.saved = null; // named on the command line, not yet written
    this.markModified();
  }

  async save(asName = null) {
    const file = asName ?? this.file;
    if (!file) return this.saveAs();
    // one save at a time: a second, sent with the same version before the first's answer,
    // was refused as "changed by something else" for the page's own write
    if (this.saving) return;
    this.saving = true;
    try {
      await this.saveTo(file);
    } finally {
      this.saving = false;
    }
  }

  async saveTo(file) {
    // opened: the version the level came from, whatever the file saved to, so the server puts
    // back the x- values JSON carried here as text (.nan, dates) where they are unchanged
    const body = { file, level: this.page.level(), version: file === this.file ? this.version : null, overwrite: false,
                   opened: this.version };
    let answer;
    try {
      answer = await post("/api/save", body);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      if (!(stale && await askYesNo(`${error.message}. Save over it?`, "Save over it", "Don't save"))) {
        this.status(stale ? `not saved: ${error.message}` : error.message, "error");
        return;
      }
      try {
        answer = await post("/api/save", { ...body, overwrite: true });
      } catch (again) {
        this.status(again.message, "error");
        return;
      }
    }
    this.file = answer.file;
    this.version = answer.version;
    this.saved = JSON.stringify(body.level);
    this.markModified(); // what changed while the answer was on its way is still unsaved
    await this.refresh();
    this.status(`saved ${answer.file}${answer.valid ? "" : " (invalid: work in progress)"}`);
  }

  async saveAs() {
    const name = await askName("Save as (a level file in this folder):", this.file ?? "new-level.yaml", this.names);
    if (name) await this.save(name);
  }

  async download(kind) {
    try {
      const filename = await download({ kind, level: this.page.level(), file: this.file });
      this.status(`downloaded ${filename}`);
    } catch (error) {
      this.status(error.message, "error");
    }
  }

  async start() {
    $("#open").addEventListener("click", () => $("#file-list").value && this.open($("#file-list").value));
    $("#new").addEventListener("click", () => this.create());
    $("#save").addEventListener("click", () => this.save());
    $("#save-as").addEventListener("click", () => this.saveAs());
    for (const button of document.querySelectorAll("[data-download]")) button.addEventListener("click", () => this.download(button.dataset.download));
    window.addEventListener("beforeunload", (event) => { if (this.modified) event.preventDefault(); });
    const files = await this.refresh();
    if (files.start && files.files.includes(files.start)) await this.open(files.start);
    else await this.create(files.start); // a new file named on the command line is saved there
  }
}
