"""A photo read into a level: every field's tile with its probability, the fields it is
unsure of, the two fixes the rules allow (S3: exactly one entry door α and one exit Ω), and
the rock border most levels have (S1: outside the grid is rock, and designers wall their
levels in)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan import classifier
from printkit.scan.errors import ScanError
from printkit.scan.fields import check_quality, field_patches, fields_reaching, flatten, washed_out
from printkit.scan.layout import SheetCode
from printkit.scan.markers import FoundSheet, find_sheet
from printkit.sinpin.tiles import Tile, field_name

# A field read with less than this probability is listed (and marked in --review); `scan
# --unsure` sets it. Chosen on the training styles (bench/scan_accuracy.py): at 0.98 every
# misread was listed on 98 % of sheets, 25 fields listed a sheet (0.95: 93 %, 18; 0.9: 88 %,
# 13); since shadows are evened better, on all of them (0.95: 95 %). A field looked at
# needlessly costs a glance, a misread not listed a wrong level.
UNSURE = 0.98
# A sheet on which more than UNFAMILIAR_SHARE of the fields read under UNSURE is drawn unlike
# the drawings the models learned from (a pen, a hand or forms of its own), and there their
# sure reads are less trustworthy too: unless a bar is given (`scan --unsure`), its bar is
# raised to leave UNFAMILIAR_GAP of the gap to certainty (98 % -> 99.7 %). Chosen on the first
# held-out set, as the fewest fields listed that list every misread on 95 % of its sheets, and
# tested on the second (its figures printed beside, not chosen by). Chosen again when the spring
# became an arrow and the models were retrained, surer (0.2 and 0.25 then listed every misread
# on 89 % and 79 % of the held-out sets' sheets): now 96 % (82 fields a sheet) on the first,
# 88 % (59) on the second; the training styles' sheets 98 % (32 -> 40 fields a sheet).
UNFAMILIAR_SHARE = 0.1
UNFAMILIAR_GAP = 0.15
# Each field is also read from its patch moved 1.5 px (a quarter of a mm) each way and the
# odds averaged: a frame found a little off, or a form drawn off-centre, moves the read less.
# Measured on held-out styles: fields right 89.8 -> 90.3 %, and misreads get less sure.
SHIFTS_PX = ((0.0, 0.0), (1.5, 0.0), (-1.5, 0.0), (0.0, 1.5), (0.0, -1.5))
BORDER_SHARE = 0.7  # a sheet whose border fields are read as rock this often is walled in ...
BORDER_ROCK = 20.0  # ... and its border fields are this much likelier rock (prior odds)
# Photos of one sheet are combined; two sheets of the same size are told apart by the
# fields each photo reads surely (SURE_APART or more) as different tiles. Measured on synthetic
# photos: of one sheet none (three sheets in two styles, each at two resolutions), up to
# 9.3 % with a glare washing out a disc half the grid wide in one photo; of two different
# sheets 16 to 55 % (30 pairs). Levels drawn by people differ less than those sprinkled
# maps, so this catches only sheets clearly not the same.
DIFFERENT_SHARE = 0.15
SURE_APART = 0.9  # measured with this, the listing bar when it was made (UNSURE is now 0.98 and --unsure)
# A field washed out by a glare (fields.WASHED_PIECES) is read from the photos where it is
# not; washed out in every photo, it is listed, and more than WASHED_FIELDS such fields (a
# reflection is big: a third of a 12 x 18 sheet under a lamp's) refuse the photo: what lay
# under them cannot be guessed.
WASHED_FIELDS = 4
WASHED_NOTE = "washed out in the photo: a glare?"
SHADOW_NOTE = "in a deep shadow: blank there can look filled"


@dataclass(frozen=True)
class Unsure:
    x: int
    y: int
    tile: Tile  # what was written
    other: Tile  # the next likeliest
    probability: float  # of `tile`
    note: str = ""  # why, when a rule changed the read (S3)

    def describe(self) -> str:
        # whole percents rounded down: a field listed under a 98 % bar never shows "98 %"
        percent = math.floor(self.probability * 100 + 1e-9)
        text = f"{field_name(self.x, self.y)}: {self.tile.label} or {self.other.label}? {percent} %"
        return text + (f" ({self.note})" if self.note else "")

    def as_json(self) -> dict[str, object]:
        return {"x": self.x, "y": self.y, "field": field_name(self.x, self.y), "tile": self.tile.char,
                "other": self.other.char, "probability": round(self.probability, 3), "note": self.note}


@dataclass(frozen=True)
class Reading:
    code: SheetCode
    rows: tuple[str, ...]
    probability: np.ndarray  # (rows, columns): of the tile written
    unsure: tuple[Unsure, ...]
    unsure_below: float = UNSURE  # the bar the unsure fields were listed by
    unfamiliar: bool = False  # the bar raised: the sheet drawn unlike the training drawings


@dataclass(frozen=True)
class FieldOdds:
    """One photo read: the sheet's code and every field's probabilities (row by row)."""

    code: SheetCode
    probabilities: np.ndarray  # (rows * columns, tiles)
    doubted: np.ndarray | None = None  # (rows * columns,) bool: read both ways by a deep shadow (field_odds)
    washed: np.ndarray | None = None  # (rows * columns,) bool: the fields a glare washed out in the photo
    shaded: np.ndarray | None = None  # (rows * columns,) bool: reaching into a shadow's dark paper (DARK_SHADOW)

    @staticmethod
    def of(code: SheetCode, patches: Patches, model: classifier.Reader) -> FieldOdds:
        """A photo's fields cut out (photo_patches) read by `model`."""
        return FieldOdds(code, *field_odds(patches, model), patches.washed, patches.in_dark)

    def clear(self) -> np.ndarray:
        """Each field whether this photo shows it (not washed out)."""
        return np.ones(len(self.probabilities), bool) if self.washed is None else ~self.washed


@dataclass(frozen=True)
class Patches:
    """A photo's fields cut out, row by row, and those by a deep shadow cut again from the ink
    measured against the shadow's darkest paper (shadows.py): the fields reaching into it
    against that within a block, the others within its reach against that within the reach;
    and the fields a glare washed out (fields.washed_out)."""

    fields: np.ndarray  # (N, P, P)
    in_shadow: np.ndarray  # (N,) bool
    near_shadow: np.ndarray  # (N,) bool, none of them in_shadow
    against_shadow: np.ndarray  # (in_shadow.sum() + near_shadow.sum(), P, P), row by row
    washed: np.ndarray | None = None  # (N,) bool
    in_dark: np.ndarray | None = None  # (N,) bool: reaching into a shadow's dark paper (shadows.DARK_SHADOW)

    @staticmethod
    def plain(fields: np.ndarray, washed: np.ndarray | None = None) -> Patches:
        """Patches with no deep shadow near."""
        none = np.zeros(len(fields), bool)
        return Patches(fields, none, none, fields[:0], washed)


def read_photo(gray: np.ndarray, model: classifier.Reader | None = None) -> FieldOdds:
    """Every field's odds in a grey photo of a design sheet; ScanError when it cannot be read."""
    found, patches = photo_patches(gray)
    return FieldOdds.of(found.code, patches, model or classifier.packaged())


def photo_patches(gray: np.ndarray) -> tuple[FoundSheet, Patches]:
    """The sheet found in a grey photo and its fields' patches."""
    found = find_sheet(gray)
    grid = flatten(gray, found.page_to_photo, found.code, found.marker_px)
    check_quality(grid, gray)
    patches = field_patches(grid)
    fields = patches.reshape(-1, *patches.shape[2:])
    washed = washed_out(grid, gray)
    shadow = grid.deep_shadow
    if shadow is None:
        return found, Patches.plain(fields, washed)
    inside = fields_reaching(grid, shadow.inside).reshape(-1)
    near = fields_reaching(grid, shadow.near).reshape(-1) & ~inside
    against, against_near = (field_patches(grid, ink).reshape(fields.shape) for ink in (shadow.ink, shadow.ink_near))
    again = np.where(inside[:, None, None], against, against_near)[inside | near]
    return found, Patches(fields, inside, near, again, washed, fields_reaching(grid, shadow.dark).reshape(-1))


def field_odds(patches: Patches, model: classifier.Reader) -> tuple[np.ndarray, np.ndarray]:
    """Patches -> (N, tiles) probabilities, averaged over the models and over the patches moved
    by SHIFTS_PX (all copies of a read in one batch: one pass a layer), and which fields were
    read a second time by a deep shadow ((N,) bool).

    A field by a deep shadow is read again against the shadow's darkest paper (shadows.py):
    which of the two evenings is right the reader cannot tell there (a blank field in the
    shadow and a fill in the light beside it can be equally dark). Where the two reads agree
    the read stands; where one says rock and the other open, neither is sure and the field is
    listed (`E7: rock or open? 50 %`). In the shadow's dark paper the two reads' odds are
    averaged (the second read is often the better there); near it the evened read's tile is
    kept first, only its certainty shared (averaged there too, the lit fills beside a shadow
    faded into open: fields right 96.3 -> 91.1 % on bench/scan_shadows.py's sheets at a fifth
    of the light). A field read as open is not read again: against darker paper it shows
    less ink still (and reads cost time: 216 fields about 0.75 s CPU)."""
    read = _read(patches.fields, model)
    flagged = np.flatnonzero(patches.in_shadow | patches.near_shadow)
    doubted = read[flagged].argmax(axis=1) != classifier.CLASSES.index(Tile.OPEN)
    which, again = flagged[doubted], _read(patches.against_shadow[doubted], model)
    inside = patches.in_shadow[which]
    read[which[inside]] = (read[which[inside]] + again[inside]) / 2
    read[which[~inside]] = _first_kept(read[which[~inside]], again[~inside])
    doubted = np.zeros(len(read), bool)
    doubted[which] = True
    return read, doubted


def _read(patches: np.ndarray, model: classifier.Reader) -> np.ndarray:
    if len(patches) == 0:
        return np.zeros((0, len(model.classes)))
    copies = np.concatenate([shifted(patches, dx, dy) for dx, dy in SHIFTS_PX])
    return model.read(copies).reshape(len(SHIFTS_PX), len(patches), len(model.classes)).mean(axis=0)


def _first_kept(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Two reads' odds averaged, the first read's likeliest tile kept likeliest (by a hair
    where the second outweighs it)."""
    mean = (first + second) / 2
    rows, chosen = np.arange(len(first)), first.argmax(axis=1)
    others = mean.copy()
    others[rows, chosen] = -1.0
    mean[rows, chosen] = np.maximum(mean[rows, chosen], others.max(axis=1) + 1e-6)
    return mean / mean.sum(axis=1, keepdims=True)


def shifted(patches: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """Every patch moved by (dx, dy) px, the ink moved out replaced by paper (no ink)."""
    if dx == 0 and dy == 0:
        return patches
    matrix = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
    side = patches.shape[1]
    return np.stack([cv2.warpAffine(patch, matrix, (side, side), flags=cv2.INTER_LINEAR, borderValue=0)
                     for patch in patches])


def combined(reads: list[FieldOdds], unsure_below: float | None = None) -> Reading:
    """Several photos of one sheet read as one (each field's probabilities averaged over the
    photos that show it: not washed out), then decided; ScanError when the photos show
    different sheets, or a glare washed out more than WASHED_FIELDS fields in all of them."""
    # the fields, not the markers' size: a full-size sheet's are 6 mm either way, and a photo
    # that misses the corner telling the two apart may take the sheet for the other
    codes = {(read.code.columns, read.code.rows, read.code.landscape) for read in reads}
    if len(codes) > 1:
        sizes = " and ".join(f"{columns} x {rows}" for columns, rows, _ in codes)
        raise ScanError(f"the photos show different sheets ({sizes}): give photos of one sheet at a time")
    first = reads[0].probabilities
    for number, read in enumerate(reads[1:], start=2):
        sure = (first.max(axis=1) >= SURE_APART) & (read.probabilities.max(axis=1) >= SURE_APART)
        sure &= reads[0].clear() & read.clear()  # a washed-out field reads surely open in the photo with the glare
        differ = int((sure & (first.argmax(axis=1) != read.probabilities.argmax(axis=1))).sum())
        if differ > DIFFERENT_SHARE * len(first):
            raise ScanError(f"the photos show different sheets (photo {number} reads {differ} of {len(first)} fields"
                            " surely as other tiles than photo 1): give photos of one sheet at a time")
    odds = np.array([read.probabilities for read in reads])
    clear = np.array([read.clear() for read in reads])
    washed = ~clear.any(axis=0)
    if washed.sum() > WASHED_FIELDS:
        code = reads[0].code
        around = field_name(*map(int, np.argwhere(washed.reshape(code.rows, code.columns)).mean(axis=0).round()[::-1]))
        photos = "each photo" if len(reads) > 1 else "the photo"
        raise ScanError(f"a glare (the reflection of a lamp or the flash) washes out {int(washed.sum())} fields in"
                        f" {photos}, around {around}: retake the photo without flash, tilting the phone a little so"
                        " that the reflection falls off the sheet (or give a second photo from another side as well)")
    weights = np.where(washed, True, clear)[..., None]  # a field washed out everywhere: all photos, listed
    marks = [read.doubted for read in reads if read.doubted is not None]
    doubted = np.any(marks, axis=0) if marks else None
    # a field some photo shows out of the shadow's dark paper has that photo's read in its odds
    shaded = np.all([read.shaded if read.shaded is not None else np.zeros(len(first), bool) for read in reads], axis=0)
    return decide(reads[0].code, (odds * weights).sum(axis=0) / weights.sum(axis=0), unsure_below, doubted, washed,
                  shaded)


def decide(code: SheetCode, probabilities: np.ndarray, unsure_below: float | None = None,
           doubted: np.ndarray | None = None, washed: np.ndarray | None = None,
           shaded: np.ndarray | None = None) -> Reading:
    """Each field's likeliest tile, S3's one door and one exit, and the fields read with less
    than `unsure_below` probability (or changed by S3, or `washed` out, or read as rock in a
    shadow's dark paper: `shaded`, SHADOW_NOTE) listed as unsure;
    None: UNSURE, raised on a sheet drawn unlike the training drawings (UNFAMILIAR_SHARE). The
    fields `doubted` by a deep shadow (field_odds) do not count towards that share: a shadow
    is no unfamiliar hand, and counted they raised the bar on 56 of bench/scan_shadows.py's 65
    sheets read at 45 % of the light or less, 39 before they were read twice (fields listed at
    45 % of the light, sharp edge: 62.4 a sheet counted, 51.2 not; every misread listed either way)."""
    rows, columns = code.rows, code.columns
    probabilities = walled_in(code, probabilities)
    choice = probabilities.argmax(axis=1)
    unfamiliar = False
    if unsure_below is None:
        counted = probabilities if doubted is None else probabilities[~doubted]
        unfamiliar = len(counted) > 0 and bool((counted.max(axis=1) < UNSURE).mean() > UNFAMILIAR_SHARE)
        unsure_below = 1 - (1 - UNSURE) * UNFAMILIAR_GAP if unfamiliar else UNSURE
    notes: dict[int, str] = {}
    for tile in (Tile.DOOR, Tile.EXIT):
        _exactly_one(probabilities, choice, classifier.CLASSES.index(tile), notes)
    for index in np.flatnonzero(washed) if washed is not None else ():
        notes[int(index)] = "; ".join(filter(None, (notes.get(int(index)), WASHED_NOTE)))
    # in a shadow's dark paper the light evened wrong can make a blank or a faint drawing look
    # filled, and then both reads (field_odds) say rock surely: a fifth of the light left 1
    # such misread on 12 bench/scan_shadows.py sheets, and the test sheets 1 on 2 of 7
    rock = classifier.CLASSES.index(Tile.ROCK)
    for index in np.flatnonzero(shaded & (choice == rock)) if shaded is not None else ():
        notes[int(index)] = "; ".join(filter(None, (notes.get(int(index)), SHADOW_NOTE)))
    unsure = []
    for index in range(rows * columns):
        p = probabilities[index]
        chosen = int(choice[index])
        if p[chosen] < unsure_below or index in notes:
            order = [int(k) for k in np.argsort(-p) if k != chosen]
            unsure.append(Unsure(index % columns, index // columns, classifier.CLASSES[chosen],
                                 classifier.CLASSES[order[0]], float(p[chosen]), notes.get(index, "")))
    chars = [classifier.CLASSES[int(k)].char for k in choice]
    text = tuple("".join(chars[y * columns:(y + 1) * columns]) for y in range(rows))
    chosen_p = probabilities[np.arange(rows * columns), choice].reshape(rows, columns)
    return Reading(code, text, chosen_p, tuple(unsure), unsure_below, unfamiliar)


def walled_in(code: SheetCode, probabilities: np.ndarray) -> np.ndarray:
    """The odds with the rock border taken into account: when most of a sheet's border fields
    read as rock, the level is walled in (as levels nearly always are; outside the grid is
    rock anyway, S1) and a border field that reads as something else is more likely rock
    drawn unusually than a lone tile in the wall. Only rock's odds grow, so a door or exit
    drawn in the wall is still found where it is likeliest (S3, `_exactly_one`); and the
    field read as α (or Ω) likelier than any other is left as read (_s3_kept): S3 keeps one
    of each, and which one is the read's to say, not the wall's."""
    index = np.arange(code.rows * code.columns)
    x, y = index % code.columns, index // code.columns
    border = (x == 0) | (y == 0) | (x == code.columns - 1) | (y == code.rows - 1)
    rock = classifier.CLASSES.index(Tile.ROCK)
    if code.rows < 3 or code.columns < 3 or (probabilities[border].argmax(axis=1) == rock).mean() < BORDER_SHARE:
        return probabilities
    border &= ~_s3_kept(probabilities)
    odds = probabilities.copy()
    odds[border, rock] *= BORDER_ROCK
    return odds / odds.sum(axis=1, keepdims=True)


def _s3_kept(probabilities: np.ndarray) -> np.ndarray:
    """The fields S3 would keep as its one α and one Ω ((N,) bool): of the fields read as
    either, the likeliest. Leaning them to rock first let the wall choose: a clear Ω in the
    wall (71 %) became rock and a ring inside read as Ω at 53 % was kept as the exit (a
    training styles' sheet); on bench/scan_accuracy.py's sets fields right 99.38 -> 99.39 %,
    94.46 -> 94.50 %, 94.28 -> 94.30 %, every misread listed as often as before."""
    kept = np.zeros(len(probabilities), bool)
    read = probabilities.argmax(axis=1)
    for tile in (Tile.DOOR, Tile.EXIT):
        k = classifier.CLASSES.index(tile)
        chosen = np.flatnonzero(read == k)
        if len(chosen):
            kept[chosen[np.argmax(probabilities[chosen, k])]] = True
    return kept


def _exactly_one(p: np.ndarray, choice: np.ndarray, k: int, notes: dict[int, str]) -> None:
    """S3: one door, one exit. None read: the likeliest field becomes it (if it is at all
    likely); several: the likeliest stays, the others take their next likeliest tile."""
    label = classifier.CLASSES[k].label
    # neither fix makes or unmakes the other of the two: the door is fixed first, and the
    # exit must not take its field, nor a field put off the exit become a second door
    special = [classifier.CLASSES.index(tile) for tile in (Tile.DOOR, Tile.EXIT)]
    chosen = np.flatnonzero(choice == k)
    if len(chosen) == 0:
        likely = np.where(np.isin(choice, special), -1.0, p[:, k])
        best = int(np.argmax(likely))
        if likely[best] >= 0.02:
            choice[best] = k
            notes[best] = f"read as {label}: S3 asks for one"
    elif len(chosen) > 1:
        keep = int(chosen[np.argmax(p[chosen, k])])
        for index in chosen:
            if index != keep:
                order = [int(j) for j in np.argsort(-p[index]) if j not in special]
                choice[index] = order[0]
                notes[int(index)] = f"not a second {label}: S3 allows one"
