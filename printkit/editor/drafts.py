"""A draft: the level as the page holds it, checked the way a level file is.

The page sends the grid's rows, the form's name, author, players and rule knobs, and the
`x-` keys of the file it opened. The server writes exactly the text it would save and reads
it back with the loader, so the page sees the loader's own checks on its form fields (each
problem tied to the field it concerns) and the validator's verdict on the grid, and a saved
file gets the same verdict from `printkit validate`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from typing import Any

import yaml

from printkit.render.sinpin.printable import unprintable_text
from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.findings import Finding
from printkit.sinpin.level import DEFAULT_PLAYERS, Level
from printkit.sinpin.loader import LEVEL_KEYS, LevelFile, interpret, level_text, parse_level
from printkit.sinpin.rules import KNOB_RANGES, Rules
from printkit.sinpin.tiles import TILE_BY_CHAR, Tile, field_name
from printkit.sinpin.moves.validator import Verdict, unsearchable, validate_rows
from printkit.yamledit import laid_like, relaid
from printkit.sourceproblems import SourceProblem, UnreadableSource
from printkit.yamlsource import Document, Source, decoded_source, parse_document

MAX_SIDE = 40  # far beyond S2 (which the validator reports); bounds the work a request can ask for


class DraftError(ValueError):
    """The request does not hold a draft (wrong JSON shape): a 400 with this message."""


@dataclass(frozen=True)
class Draft:
    rows: tuple[str, ...]
    name: str = ""
    author: str = ""
    players: tuple[Any, ...] = DEFAULT_PLAYERS
    rules: dict[str, Any] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The level file this draft saves as."""
        return level_text(self.rows, name=self.name, author=self.author, players=self.players,
                          knobs=self.rules, extras=self.extras)

    def text_over(self, old: bytes | None, given: str = "") -> str:
        """The level file this draft saves as over the file `old` (its bytes, None for a new
        file): the entries the draft left alike keep their lines, comments and layout.

        `given` is the `x-` entries the page was given (x_entries of the file it opened or
        last saved): those it sent back unchanged keep their values and lines whatever file
        it saves to. A Save As, or a save over a file changed on disk, has no `old` for them."""
        given_doc = _given_document(given)
        originals = _file_extras(given_doc) if given_doc else {}
        readable = None
        if old is not None:
            try:
                readable = _opened("level", old)
            except UnreadableSource:
                pass
        if readable is None:  # printkit's layout, the x- entries as the page was given them
            text = replace(self, extras=self._restored(originals)).text()
            return laid_like(given_doc, text, originals) if given_doc else text
        opened, _, document, level_file = readable
        text = replace(self, extras=self._restored({**originals, **_file_extras(document)})).text()
        # rules or players the page left as the file had them keep their lines even where they
        # are the defaults `text` leaves out (`blade_points: 3  # was 2` is the designer's note)
        sound = not any(problem.rule == "format" for problem in level_file.problems)
        keep = {key for key, alike in (("rules", opened.rules == self.rules), ("players", opened.players == self.players))
                if sound and alike}
        return relaid(document, text, keep=keep)

    def _restored(self, originals: dict[str, Any]) -> dict[str, Any]:
        """The extras with each `x-` key the page sent back as it was given its original value:
        JSON carried .nan, .inf and dates to the page as text, which saved as text (`'.nan'`)."""
        return {key: originals[key] if key in originals and _json_alike(value, _as_json(originals[key])) else value
                for key, value in self.extras.items()}

    def as_json(self) -> dict[str, Any]:
        return {"rows": list(self.rows), "name": self.name, "author": self.author,
                "players": list(self.players), "rules": self.rules, "extras": self.extras}


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def parse_draft(payload: object) -> Draft:
    """The draft in a request's JSON; DraftError naming what is wrong with its shape.

    Only the shape is checked here; values (a player count of 7, a knob of -1, a map
    without a door) are the level's problems, reported by the loader and the validator.
    """
    if not isinstance(payload, dict):
        raise DraftError("the level must be a JSON object with 'rows'")
    rows = payload.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, str) and row for row in rows):
        raise DraftError("'rows' must be a list of map rows, each a non-empty string")
    if len(rows) > MAX_SIDE or any(len(row) > MAX_SIDE for row in rows):
        raise DraftError(f"the map is larger than {MAX_SIDE} x {MAX_SIDE} fields")
    if any(char in row for row in rows for char in "\r\n\x85\u2028\u2029"):
        raise DraftError("a map row must not contain a line break")
    texts = {key: payload.get(key, "") for key in ("name", "author")}
    for key, value in texts.items():
        if not isinstance(value, str) or len(value) > 500:
            raise DraftError(f"'{key}' must be a string of at most 500 characters")
    players = payload.get("players", list(DEFAULT_PLAYERS))
    if not isinstance(players, list) or len(players) > 10 or not all(_scalar(p) for p in players):
        raise DraftError("'players' must be a list of player counts")
    rules = payload.get("rules", {})
    if not isinstance(rules, dict) or not all(isinstance(k, str) and _scalar(v) for k, v in rules.items()):
        raise DraftError("'rules' must be an object of knob names and values")
    extras = payload.get("extras", {})
    if not isinstance(extras, dict) or not all(isinstance(key, str) and key.startswith("x-") for key in extras):
        raise DraftError("'extras' must be an object whose keys start with 'x-'")
    # S3: a space is open cave; "." keeps the map's rows clear of YAML's trimming
    cleaned = tuple(row.replace(" ", Tile.OPEN.char) for row in rows)
    return Draft(cleaned, texts["name"], texts["author"], tuple(players), dict(rules), dict(extras))


@dataclass(frozen=True)
class Checked:
    draft: Draft
    level_file: LevelFile
    verdict: Verdict
    field_problems: dict[str, list[str]]  # form field ("name", "rules.blade_points") -> messages
    printing: list[str]  # why the name or author cannot be printed

    @property
    def level(self) -> Level | None:
        """The level when its format and grid are sound (whether valid or not)."""
        try:
            return self.level_file.level()
        except ValueError:
            return None


def check(draft: Draft) -> Checked:
    """Read the draft's file text back with the loader and validate it (S26, S27, S27a)."""
    doc = parse_document(Source("level", draft.text()))
    level_file = interpret(doc)
    prior = [Finding("format", problem.message) for problem in level_file.problems]
    rows = level_file.rows
    verdict = unsearchable(prior) if rows is None else validate_rows(rows, level_file.rules, prior)
    fields: dict[str, list[str]] = {}
    for problem in level_file.problems:
        fields.setdefault(_field_at(doc, problem), []).append(problem.message)
    printing = [problem.message for problem in unprintable_text(level_file)]
    for key, text in (("name", draft.name), ("author", draft.author)):
        fields.setdefault(key, []).extend(message for message in printing if f"level's {key} " in message)
    return Checked(draft, level_file, verdict, {key: value for key, value in fields.items() if value}, printing)


def _field_at(doc: Document, problem: SourceProblem) -> str:
    """The form field a format problem is about, found from its line in the draft's text."""
    root = doc.root
    if problem.line is None or not isinstance(root, yaml.MappingNode):
        return "level"
    line = problem.line - 1
    for key_node, value_node in root.value:
        if key_node.start_mark.line <= line <= max(value_node.end_mark.line - 1, key_node.start_mark.line):
            key = str(key_node.value)
            if key == "rules" and isinstance(value_node, yaml.MappingNode):
                for knob_node, _ in value_node.value:
                    if knob_node.start_mark.line == line:
                        return f"rules.{knob_node.value}"
            return key if key in LEVEL_KEYS else "level"
    return "level"


def _finding(finding: Finding, fields: dict[str, list[str]], verdict: Verdict) -> dict[str, Any]:
    where = field_name(finding.x, finding.y) if finding.x is not None and finding.y is not None else None
    form_field = next((key for key, messages in fields.items() if finding.message in messages), None)
    return {**verdict.finding_json(finding), "where": where, "field": form_field}


def verdict_json(checked: Checked) -> dict[str, Any]:
    """Everything the page shows of a verdict: the summary, each finding with its rule id and
    field, the rest positions, soft-locks, unreachable items and one shortest route."""
    verdict = checked.verdict
    route = [{"turn": step.turn, "card": step.card, "start": list(step.start), "end": list(step.end),
              "trail": [list(p) for p in step.trail], "exited": step.exited, "health": step.health}
             for step in verdict.route]
    return {
        "valid": verdict.valid,
        "solvable": verdict.solvable,
        "min_turns": verdict.min_turns,
        "rest_positions": verdict.rest_positions,
        "reachable": sorted([list(p) for p in verdict.reachable]),
        "soft_locks": [list(p) for p in verdict.soft_locks],
        "unreachable_items": [list(p) for p in verdict.unreachable_items],
        # the S26 error of a level whose exit no move reaches carries `reach` (Verdict.finding_json)
        "errors": [_finding(f, checked.field_problems, verdict) for f in verdict.errors],
        "warnings": [_finding(f, checked.field_problems, verdict) for f in verdict.warnings],
        "fields": checked.field_problems,
        "printable": not checked.printing,
        "route": route,
    }


def draft_of_file(name: str, data: bytes) -> tuple[Draft, list[str]]:
    """A file's level as a draft to edit, and notes on what of it the editor had to change.

    The editor holds a sound rectangle of known tiles; a file whose map is ragged or has
    unknown characters opens with rock in their place (the notes say where), so it can be
    mended on the page. UnreadableSource when it is not one YAML document.
    """
    draft, notes, _, _ = _opened(name, data)
    return draft, notes


def _opened(name: str, data: bytes) -> tuple[Draft, list[str], Document, LevelFile]:
    """draft_of_file's draft and notes, with the parsed file and its level (for a save over it)."""
    doc = parse_level(decoded_source(name, data))  # a YAML error in the map with its hint
    level_file = interpret(doc)
    notes = [str(problem) for problem in level_file.problems]
    rows = level_file.rows if level_file.rows and any(level_file.rows) else None  # `map: ""` is no map either
    if rows is None:
        rows = [Tile.ROCK.char * 8] * 6
        notes.append(f"{name}: the file has no usable map; a blank one is shown")
    width = max(len(row) for row in rows)
    mended = []
    for y, row in enumerate(rows):
        cells = []
        for x, char in enumerate(row.ljust(width, Tile.ROCK.char)):
            known = TILE_BY_CHAR.get(char)
            if known is None:
                notes.append(f"{name}: unknown map character {char!r} at {field_name(x, y)} shown as rock (S3)")
            cells.append(known.char if known else Tile.ROCK.char)
        if len(row) != width:
            notes.append(f"{name}: row {y + 1} was {len(row)} fields, filled up with rock to {width} (S1)")
        mended.append("".join(cells))
    # JSON carries them to the page and back; YAML's dates and the like become text
    extras = {key: _as_json(value) for key, value in _file_extras(doc).items()}
    knobs = {name: getattr(level_file.rules, name) for name in KNOB_RANGES}
    draft = Draft(tuple(mended), level_file.title, level_file.author, level_file.players, knobs, extras)
    return draft, notes, doc, level_file


def _file_extras(doc: Document) -> dict[str, Any]:
    """The file's `x-` keys and their values as YAML reads them."""
    if not isinstance(doc.root, yaml.MappingNode):
        return {}
    return {key_node.value: doc.value(value_node) for key_node, value_node in doc.root.value
            if isinstance(key_node.value, str) and key_node.value.startswith("x-")}


def x_entries(data: bytes) -> str:
    """The lines of a level file's `x-` entries ("" when they cannot be taken apart): what
    the page was given of them, for a save to put back (Draft.text_over)."""
    try:
        doc = parse_document(decoded_source("level", data))
    except UnreadableSource:
        return ""
    if not isinstance(doc.root, yaml.MappingNode) or doc.root.flow_style:
        return ""
    lines = doc.source.text.splitlines(keepends=True)
    pieces = ["".join(lines[key.start_mark.line:value.end_mark.line + (value.end_mark.column > 0)]).rstrip("\r\n") + "\n"
              for key, value in doc.root.value if isinstance(key.value, str) and key.value.startswith("x-")]
    taken = "".join(pieces)
    # lines YAML and Python break alike, keys at column 0 (else the lines are not the values)
    given = _given_document(taken)
    return taken if given and _json_alike(_as_json(_file_extras(given)), _as_json(_file_extras(doc))) else ""


def _given_document(given: str) -> Document | None:
    try:
        return parse_document(Source("given", given)) if given else None
    except UnreadableSource:
        return None


def _json_alike(a: object, b: object) -> bool:
    """The same JSON (1, 1.0 and true differ; a mapping's order does not count)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _as_json(value: object) -> object:
    """An `x-` key's value as JSON carries it to the page: YAML's dates and the like as text,
    and .nan and .inf as YAML spells them (JSON has no such numbers; a save over the file
    keeps the file's own value and lines of a key the page sent back so: Draft.text_over)."""
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, dict):
        return {key if isinstance(key, str) else json.dumps(_as_json(key)): _as_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_json(item) for item in value]
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def blank_draft(width: int = 12, height: int = 8) -> Draft:
    """Open cave walled in by rock: the page's "New"."""
    inside = Tile.ROCK.char + Tile.OPEN.char * (width - 2) + Tile.ROCK.char
    rows = [Tile.ROCK.char * width] + [inside] * (height - 2) + [Tile.ROCK.char * width]
    return Draft(tuple(rows), rules={name: getattr(Rules(), name) for name in KNOB_RANGES})


def moves_json(checked: Checked, start: object, card: object, health: object) -> dict[str, Any]:
    """Every outcome of one move on the draft (the `moves` engine): DraftError when the
    request cannot be answered (no sound grid, a start in rock, a card that is not 1-6)."""
    level = checked.level
    if level is None:
        raise DraftError("the map must be a sound grid to try moves on it (S1, S3)")
    if not (isinstance(start, list) and len(start) == 2 and all(type(v) is int for v in start)):
        raise DraftError("'from' must be [x, y]")
    x, y = start
    if not (0 <= x < level.width and 0 <= y < level.height):
        raise DraftError(f"{x},{y} is outside the map")
    if level.is_rock(x, y):
        raise DraftError(f"{field_name(x, y)} is rock: a move starts on a field an avatar can stand on")
    if type(card) is not int or not 1 <= card <= 6:
        raise DraftError("'card' must be a card from 1 to 6 (S5)")
    if health is None:
        health = level.rules.start_health
    if type(health) is not int or not 1 <= health <= 9:
        raise DraftError("'health' must be from 1 to 9 (S25)")
    outcomes = MoveEngine(level).outcomes((x, y), card, health)
    return {
        "from": [x, y],
        "card": card,
        "health": health,
        "supported": level.supported(x, y),
        "outcomes": [{**outcome.as_json(), "knocked_out": knocked} for outcome, knocked in outcomes],
    }
