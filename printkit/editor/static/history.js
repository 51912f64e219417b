// Undo and redo of the map: each entry is the whole grid (a level is at most 18 x 12
// fields, so snapshots are small), one per paint stroke, resize or file opened.

export class History {
  constructor(limit = 500) {
    this.limit = limit;
    this.past = [];
    this.future = [];
  }

  reset(rows) {
    this.past = [rows.slice()];
    this.future = [];
  }

  get current() {
    return this.past.at(-1);
  }

  // Record the grid after a change; nothing when it did not change.
  push(rows) {
    const current = this.current;
    if (current && current.length === rows.length && current.every((row, i) => row === rows[i])) return false;
    this.past.push(rows.slice());
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    return true;
  }

  undo() {
    if (this.past.length < 2) return null;
    this.future.push(this.past.pop());
    return this.current.slice();
  }

  redo() {
    if (!this.future.length) return null;
    this.past.push(this.future.pop());
    return this.current.slice();
  }

  get canUndo() {
    return this.past.length > 1;
  }

  get canRedo() {
    return this.future.length > 0;
  }
}
