// Undo and redo of the whole level: each entry is the map's rows and the form's values
// (name, author, players, knobs). A level is at most 40 x 40 fields (drafts.MAX_SIDE;
// S2's 18 x 12 in play), so snapshots are small: one per stroke, box, fill, resize or file
// opened, and one per burst of typing in a form field (keys typed into the same field
// within a second are one step).

const MERGE_MS = 1000;

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class History {
  constructor(limit = 500) {
    this.limit = limit;
    this.past = [];
    this.future = [];
    this.lastMerge = null; // {key, at} of the last form step, to merge typing into it
  }

  reset(entry) {
    this.past = [structuredClone(entry)];
    this.future = [];
    this.lastMerge = null;
  }

  get current() {
    return this.past.at(-1);
  }

  // Record the level after a change; false when nothing changed. `mergeKey` (a form
  // field's name) folds a quick run of changes to the same field into one step.
  push(entry, mergeKey = null) {
    if (this.current && same(this.current, entry)) return false;
    const now = performance.now();
    const merging = mergeKey !== null && this.lastMerge?.key === mergeKey && now - this.lastMerge.at < MERGE_MS && this.past.length > 1;
    if (merging) this.past[this.past.length - 1] = structuredClone(entry);
    else this.past.push(structuredClone(entry));
    this.lastMerge = mergeKey === null ? null : { key: mergeKey, at: now };
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    return true;
  }

  undo() {
    if (this.past.length < 2) return null;
    this.future.push(this.past.pop());
    this.lastMerge = null;
    return structuredClone(this.current);
  }

  redo() {
    if (!this.future.length) return null;
    this.past.push(this.future.pop());
    this.lastMerge = null;
    return structuredClone(this.current);
  }

  get canUndo() {
    return this.past.length > 1;
  }

  get canRedo() {
    return this.future.length > 0;
  }
}
