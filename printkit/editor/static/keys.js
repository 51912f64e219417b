// The keyboard scheme. Letters ignore case, so Caps Lock changes nothing, except the one
// pair the map itself tells apart by case: H is the ladder and h the heart. For that pair
// Shift decides, not the letter typed: Shift+H is the ladder, H alone the heart, whatever
// Caps Lock says. Tools have letters no tile uses; other tiles are their map character.

export const TOOL_KEYS = { b: "brush", r: "rect", f: "fill", i: "pick", m: "move" };

// The tile a key picks, or null. `tiles` are the palette's map characters.
export function tileForKey(event, tiles) {
  const key = event.key;
  if (key === " ") return "."; // a space is open cave too (S3)
  if (key.length !== 1) return null;
  const lower = key.toLowerCase();
  if (lower === "h") return event.shiftKey ? "H" : "h";
  if (tiles.includes(key) && key.toLowerCase() === key.toUpperCase()) return key; // # . ^ ! * ?
  const matches = tiles.filter((t) => t.toLowerCase() === lower);
  return matches.length === 1 ? matches[0] : null;
}

// What the palette's tooltips say about a tile's key.
export function keyLabel(char) {
  if (char === "H") return "Shift+H";
  if (char === "h") return "H (no Shift)";
  if (char === ".") return ". or Space";
  return char.toUpperCase();
}

export function toolForKey(event) {
  return event.key.length === 1 ? TOOL_KEYS[event.key.toLowerCase()] ?? null : null;
}
