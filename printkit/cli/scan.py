"""`printkit scan PHOTO...`: a photographed, hand-drawn design sheet read into a level and
validated (printkit.scan does the reading; this module parses, writes and reports)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.atomicfile import AtomicBatch, check_writable
from printkit.cli.common import EXIT_USAGE, FiniteRange, coloured_verdict, message, name_fits, note, progress
from printkit.cli.levelcheck import check_level
from printkit.cli.streams import flush_stdout, json_line
from printkit.cli.validate import summary_line
from printkit.sinpin.level import DEFAULT_PLAYERS
from printkit.sinpin.loader import LEVEL_KEYS, interpret, level_text
from printkit.sinpin.rules import Rules, changed_knobs
from printkit.yamledit import relaid
from printkit.sourceproblems import UnreadableSource
from printkit.wording import install_hint
from printkit.yamlsource import load_document

INSTALL = install_hint("scan")
UNSURE_KEY = "x-scan-unsure"  # the fields the scan was unsure of, kept in the level for the editor


def _scan_modules():
    """printkit.scan's image pipeline, or exit 2 with the install line when OpenCV is missing."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        message(f"printkit scan needs OpenCV and numpy: {INSTALL}")
        sys.exit(EXIT_USAGE)
    from printkit.scan import images, reading
    return images, reading


def _same_file(output: str, photo: str) -> bool:
    """Whether writing `output` would replace `photo` (the same path, or a link to it)."""
    try:
        return Path(output).resolve() == Path(photo).resolve() or Path(output).samefile(photo)
    except OSError:  # either does not exist (yet): not the same file
        return False


def _kept_from(output: str) -> dict[str, object]:
    """What of the level already at `output` a new scan keeps: its name, author, players,
    rule knobs and other tools' `x-` keys (the drawing only holds the map); exit 2 when the
    file there is not a level, so that -o never replaces something else."""
    path = Path(output)
    if not path.is_file() or path.stat().st_size == 0:
        return {}
    refused = (f"printkit scan: '{output}' is there and is not a level file, so it is left as it is; -o names the"
               " level to write: name another file")
    try:
        doc = load_document(output)
    except UnreadableSource:
        message(refused)
        sys.exit(EXIT_USAGE)
    if doc.root is None:  # blank lines, a byte order mark or comments only (an empty file some editors save):
        # nothing of a level to keep, and nothing else to replace; comments stay above the level
        text = doc.source.text.lstrip("\ufeff")
        return {"comments": text.rstrip() + "\n"} if text.strip() else {}
    level = interpret(doc)
    raw = doc.value(doc.root)
    if level.rows is None and not _begun_level(raw):  # not a mapping, a deck or board spec: not a level
        message(refused)
        sys.exit(EXIT_USAGE)
    extras = {key: value for key, value in raw.items() if isinstance(key, str) and key.startswith("x-") and key != UNSURE_KEY}
    # the rules and players as written, wrong ones too: dropped silently they were lost; kept,
    # the verdict names what is wrong with them
    players = raw.get("players") if isinstance(raw.get("players"), list) else level.players
    knobs = raw.get("rules") if isinstance(raw.get("rules"), dict) else changed_knobs(level.rules)
    default = Rules()
    return {"had_map": level.rows is not None, "name": level.title, "author": level.author, "players": players,
            "knobs": {key: value for key, value in knobs.items() if isinstance(key, str) and getattr(default, key, None) != value},
            "extras": extras, "document": doc}


def _begun_level(raw: object) -> bool:
    """Whether `raw` is a level begun without its map (its name and author written before the
    drawing was scanned): a mapping of level keys and x- keys only."""
    return (isinstance(raw, dict) and bool(raw) and "map" not in raw
            and all(isinstance(key, str) and (key in LEVEL_KEYS or key.startswith("x-")) for key in raw))


def _kept_words(kept: dict) -> str:
    words = [f"{key} {kept[key]!r}" for key in ("name", "author") if kept[key]]
    if tuple(kept["players"]) != DEFAULT_PLAYERS:
        words.append("players " + ", ".join(map(str, kept["players"])))
    if kept["knobs"]:
        words.append("rules " + ", ".join(f"{key} {value}" for key, value in kept["knobs"].items()))
    if kept["extras"]:
        words.append("keys " + ", ".join(kept["extras"]))
    return "; kept: " + "; ".join(words) if words else ""


@click.command("scan")
@click.argument("photos", nargs=-1, required=True, metavar="PHOTO...")
@click.option("-o", "--output", metavar="LEVEL.yaml", help="Write the level here (else it goes to standard output).")
@click.option("--review", is_flag=True, help="Then open the level in the editor, the unsure fields marked (needs -o).")
@click.option("--no-browser", is_flag=True, help="With --review: print the editor's address only.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the map, the unsure fields, the verdict.")
@click.option("--unsure", "unsure_percent", type=FiniteRange(0, 100), default=None, metavar="PERCENT",
              help="List the fields read with less than this probability: more lists more fields and lets fewer misreads"
                   " through unlisted.  [default: 98, and 99.7 on a sheet drawn unlike the drawings printkit learned from]")
def scan_command(photos: tuple[str, ...], output: str | None, review: bool, no_browser: bool, as_json: bool,
                 unsure_percent: float | None) -> None:
    """Read a photo of a hand-drawn design sheet into a level, and validate it.

    \b
      printkit paper -o sheet.pdf              # print it, draw a level on it
      printkit scan photo.jpg -o my-level.yaml
      printkit scan photo.jpg -o my-level.yaml --review
      printkit scan scan.pdf --json

    PHOTO is a JPEG or PNG (any rotation, up to about 30 degrees of tilt, up to 12 MP; more
    is shrunk) or a scanned PDF page. Several photos are of the same sheet: their reads are
    combined. The sheet's four corner markers say its size; every field's tile is read with
    a probability, and the fields read with less than 98 % (--unsure) are listed (`E7: ladder
    or web? 62 %`). Then the level is validated as `printkit validate` does. --review opens it in
    `printkit editor` with the unsure fields marked. How to draw: page 2 of `printkit paper`.
    Onto a level already there, -o replaces only its map: its name, author, players, rules
    and x- keys are kept.
    Exit status 0 a valid level, 1 an invalid one, 2 a photo that cannot be read or an -o
    file that is not a level (nothing is written; the message says what to do).
    """
    if output == "-":  # the usual name of standard output, where the level goes without -o anyway
        output = None
    if review and not output:
        raise click.BadParameter("--review opens the written level in the editor: give -o LEVEL.yaml too",
                                 param_hint="'--review'")
    if no_browser and not review:
        raise click.BadParameter("--no-browser goes with --review (the editor is opened only then)",
                                 param_hint="'--no-browser'")
    if output:
        name_fits(output, "'-o'")
    if output and Path(output).is_dir():
        raise click.BadParameter(f"'{output}' is a folder; -o names the level file to write", param_hint="'-o'")
    if review and Path(output).suffix != ".yaml":  # the editor opens *.yaml only: refused before anything is written
        raise click.BadParameter(f"--review opens the level in `printkit editor`, which edits *.yaml files: name it"
                                 f" {Path(output).stem or 'my-level'}.yaml", param_hint="'-o'")
    if output and any(_same_file(output, photo) for photo in photos):
        raise click.BadParameter(f"'{output}' is one of the photos: -o names the level file to write, such as"
                                 " my-level.yaml", param_hint="'-o'")
    kept: dict = {}
    if output:
        check_writable([output])  # before the photos are read (a second each)
        kept = _kept_from(output)
    images, reading = _scan_modules()
    from printkit.scan.errors import ScanError

    reads = []
    with progress(photos, "Reading photos") as bar:  # about a second a 12 MP photo
        for photo in bar:
            try:
                reads.append(reading.read_photo(images.load_gray(photo)))
            except ScanError as error:
                message(f"printkit scan: {photo}: {error.message}")
                sys.exit(EXIT_USAGE)
    try:
        result = reading.combined(reads, None if unsure_percent is None else unsure_percent / 100)
    except ScanError as error:
        message(f"printkit scan: {error.message}")
        sys.exit(EXIT_USAGE)
    unsure = [{"x": u.x, "y": u.y, "tile": u.tile.char, "other": u.other.char, "text": u.describe()}
              for u in result.unsure]
    extras = {**kept.get("extras", {}), **({UNSURE_KEY: unsure} if unsure else {})}
    text = level_text(result.rows, extras=extras or None,
                      **{key: kept[key] for key in ("name", "author", "players", "knobs") if key in kept})
    if "comments" in kept:
        text = kept["comments"] + text
    if "document" in kept:  # onto a level already there only the map and the scan's doubts change: the rest,
        # comments too, stays as written where the file can be edited line by line
        document = kept["document"]
        text = relaid(document, text, keep={key for key in document.value(document.root) if key not in ("map", UNSURE_KEY)})
    name = output or "<scanned>"
    checked = check_level(name, text=text)
    batch = AtomicBatch()  # staged now, committed once standard output took the verdict
    if output:
        batch.add(output, text.encode("utf-8"))
    code = result.code
    if "document" in kept:
        done = "the map replaced by the one read" if kept["had_map"] else "the map read written in"
        note(f"{output}: {done}{_kept_words(kept)}")
    if result.unfamiliar:
        note(f"many fields read unsure: the sheet looks drawn (or photographed) unlike anything printkit learned from, so fields under"
             f" {result.unsure_below * 100:g} % are listed (not {reading.UNSURE * 100:g} %; --unsure {reading.UNSURE * 100:g}"
             " lists fewer, with more misreads unlisted); drawing the tiles as page 2 of the sheet shows makes the read surer")
    # fields listed for the photo, not the hand: another photo reads them, the drawing need not change
    for why, what in ((reading.WASHED_NOTE, "were washed out by a glare (the reflection of a lamp or the flash): a second"
                                            " photo from another side, given as well (printkit scan A.jpg B.jpg), reads them"),
                      (reading.SHADOW_NOTE, "lie in a deep shadow, where a blank field can look filled: a photo in more"
                                            " light, without the phone's or a hand's shadow on the sheet, reads them surer")):
        if count := sum(why in u.note for u in result.unsure):
            note(f"{count} of the fields listed {what}")
    note(f"read {code.columns} x {code.rows} fields ({'landscape' if code.landscape else 'portrait'}) from "
         f"{', '.join(photos)}; {len(result.unsure)} unsure")
    if as_json:
        verdict = checked.verdict.as_json(name)
        click.echo(json_line({"file": output, "photos": list(photos),
                              "sheet": {"columns": code.columns, "rows": code.rows, "landscape": code.landscape},
                              "map": list(result.rows), "unsure": [u.as_json() for u in result.unsure],
                              "unsure_below": result.unsure_below, "unfamiliar": result.unfamiliar,
                              "verdict": verdict}))
    else:
        stream = sys.stdout if output else sys.stderr
        if not output:
            click.echo(text, nl=False)
        lines = [coloured_verdict(summary_line(name, checked.verdict, checked.status), stream)]
        lines += [str(problem) for problem in (*checked.errors, *checked.warnings)]
        lines += [f"unsure: {u.describe()}" for u in result.unsure]
        for line in lines:
            click.echo(line, err=not output)
    flush_stdout()  # standard output failing: exit 2, and the level not written (docs/exit-status.md)
    batch.commit()
    if review:  # until Ctrl-C; then the exit status is still the read level's verdict
        from printkit.cli.editor import run_editor

        run_editor(output, port=0, host="127.0.0.1", no_browser=no_browser, address_as_message=as_json)
    sys.exit(checked.status)
