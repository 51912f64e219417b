"""What the play page's YINSH board draws, measured in the browser (the desk's and the
phone's tests share it): what lies beyond the view box, how far each slot and caption
line lies off the board's outline, and how large the board's text is on the screen."""

from __future__ import annotations

from playwright.sync_api import Page


def outside_the_view(page: Page) -> dict:
    """What the YINSH board draws beyond its view box (user units) and beyond the drawing's
    box on the screen (pixels): every ring and marker, the slots and their captions."""
    return page.evaluate("""() => {
        const svg = document.querySelector('.pk-svg svg');
        const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
        const screen = svg.getBoundingClientRect();
        const found = { user: [], pixels: [] };
        const half = 0.25;  // half the pieces' outline (games/yinsh.js)
        for (const item of svg.querySelectorAll('[data-ring], [data-marker], [data-off], text, circle')) {
            const b = item.getBBox();
            if (b.width === 0 || item.closest('.tap-areas')) continue;  // a finger's invisible disc (games/taps.js)
            const name = item.dataset.ring || item.dataset.marker || item.textContent || item.tagName;
            if (b.x - half < x || b.y - half < y || b.x + b.width + half > x + w || b.y + b.height + half > y + h) found.user.push(name);
            const r = item.getBoundingClientRect();
            if (r.left < screen.left - 0.5 || r.top < screen.top - 0.5 || r.right > screen.right + 0.5 || r.bottom > screen.bottom + 0.5) found.pixels.push(name);
        }
        return found;
    }""")


def clearance_of_the_outline(page: Page) -> dict:
    """How far each slot and caption line lies off the board's outline as drawn (the ink
    polygon with its stroke), in mm; what lies on or inside it counts 0."""
    return page.evaluate("""() => {
        const svg = document.querySelector('.pk-svg svg');
        const outline = svg.querySelector('polygon');
        const hull = outline.getAttribute('points').split(' ').map((p) => p.split(',').map(Number));
        const reach = Number(outline.getAttribute('stroke-width')) / 2;
        const off = ([px, py]) => {  // distance outside the convex polygon (0 inside)
            let inside = true, nearest = Infinity;
            hull.forEach(([x1, y1], i) => {
                const [x0, y0] = hull[(i + hull.length - 1) % hull.length];
                const dx = x1 - x0, dy = y1 - y0;
                const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)));
                nearest = Math.min(nearest, Math.hypot(px - x0 - t * dx, py - y0 - t * dy));
                if (dx * (py - y0) - dy * (px - x0) < 0) inside = false;
            });
            return inside ? 0 : nearest;
        };
        const found = {};
        for (const slot of svg.querySelectorAll('[data-slot]')) {
            const r = Number(slot.getAttribute('r')) + Number(slot.getAttribute('stroke-width')) / 2;
            const name = `slot ${slot.dataset.slot} ${slot.getAttribute('cy')}`;
            found[name] = Math.max(0, off([Number(slot.getAttribute('cx')), Number(slot.getAttribute('cy'))]) - r - reach);
        }
        for (const text of svg.querySelectorAll('[data-caption]')) {
            const b = text.getBBox();
            let least = Infinity;
            for (let k = 0; k <= 20; k++) {
                for (const p of [[b.x + b.width * k / 20, b.y], [b.x + b.width * k / 20, b.y + b.height],
                                 [b.x, b.y + b.height * k / 20], [b.x + b.width, b.y + b.height * k / 20]]) least = Math.min(least, off(p));
            }
            found[`${text.dataset.caption} ${text.textContent}`] = Math.max(0, least - reach);
        }
        return found;
    }""")


def yinsh_captions(page: Page) -> dict:
    """The YINSH slot captions' lines on the screen: each one's font size in CSS px (its size
    in the drawing's millimetres times the drawing's scale) and box, the slots' boxes, and
    the board's coordinate labels (A-K, 1-11) as the captions."""
    return page.evaluate("""() => {
        const svg = document.querySelector('.pk-svg svg');
        const scale = svg.getScreenCTM().a;
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return {
            captions: [...svg.querySelectorAll('[data-caption]')].map((t) => ({
                text: `${t.dataset.caption} ${t.textContent}`, px: parseFloat(getComputedStyle(t).fontSize) * scale, box: box(t) })),
            slots: [...svg.querySelectorAll('[data-slot]')].map(box),
            labels: [...svg.querySelectorAll('text:not([data-caption])')].map((t) => ({
                text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, box: box(t) })),
        };
    }""")


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def caption_problems(page: Page, least_px: float) -> tuple[dict, dict]:
    """The captions as drawn (yinsh_captions) and what is wrong with them, by kind, only the
    kinds found: a line under `least_px` CSS px in size or box height, a line's box on a slot's
    or on another line's, a line or slot within 2.5 mm of the board's outline, anything drawn
    beyond the view."""
    drawn = yinsh_captions(page)
    lines = drawn["captions"]
    found = {
        "small": {c["text"]: round(c["px"], 1) for c in lines if c["px"] < least_px},
        "short": {c["text"]: round(c["box"][3] - c["box"][1], 1) for c in lines if c["box"][3] - c["box"][1] < least_px},
        "on a slot": [c["text"] for c in lines if any(overlap(c["box"], slot) for slot in drawn["slots"])],
        "on a line": [(c["text"], o["text"]) for i, c in enumerate(lines) for o in lines[i + 1:] if overlap(c["box"], o["box"])],
        "near the outline": {name: round(mm, 2) for name, mm in clearance_of_the_outline(page).items() if mm < 2.5},
        "outside the view": {k: v for k, v in outside_the_view(page).items() if v},
    }
    return drawn, {kind: what for kind, what in found.items() if what}
