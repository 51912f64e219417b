"""The editor's web app: one page, its static modules, and a JSON API over the core.

    GET  /                the page
    GET  /api/palette     tile icons, column names, size limits, knobs
    GET  /api/files       the level files in the folder, and the one to open first
    POST /api/open        {file} -> the level as a draft, its version, notes, verdict
    POST /api/new         {width, height} -> a blank draft and its verdict
    POST /api/validate    {level} -> the verdict
    POST /api/moves       {level, from, card, health} -> every outcome of that move
    POST /api/save        {file, level, version, overwrite, opened} -> the new version, the verdict
    POST /api/download    {kind, level, file} -> a PDF (map, checked map, kit)

Every answer that is not a file is JSON; a refusal is {"error": message} with a 4xx status.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from printkit.editor import downloads
from printkit.editor.drafts import (DraftError, blank_draft, check, draft_of_file, moves_json, parse_draft, verdict_json,
                                     x_entries)
from printkit.editor.folder import FolderError, LevelFolder, version_of
from printkit.editor.guard import Guard
from printkit.editor.palette import palette_json
from printkit.sinpin.level import fits_paper
from printkit.sourceproblems import UnreadableSource

STATIC = Path(str(resources.files("printkit.editor") / "static"))


_MEDIA = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8"}


def _static_files() -> dict[str, tuple[bytes, str, str]]:
    """The page's files by name: (bytes, media type, ETag), read once.

    Served from memory by an async route: StaticFiles reads each file in a worker thread,
    and on a busy machine the page's dozen modules waited for threads (50-350 ms each)."""
    files = {}
    for path in sorted(STATIC.iterdir()):
        if path.is_file() and path.suffix in _MEDIA:
            data = path.read_bytes()
            files[path.name] = (data, _MEDIA[path.suffix], '"' + hashlib.sha256(data).hexdigest()[:16] + '"')
    return files


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


async def _body(request: Request) -> dict[str, Any]:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise BadRequest("send JSON (Content-Type: application/json)", 415)
    raw = await request.body()
    try:
        payload = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        where = f" at line {error.lineno}, column {error.colno}" if isinstance(error, json.JSONDecodeError) else ""
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "not UTF-8"
        raise BadRequest(f"malformed JSON{where}: {reason}") from None
    except RecursionError:
        raise BadRequest("malformed JSON: nested too deeply") from None
    except ValueError:  # Python's limit on an integer's digits (4,300)
        raise BadRequest("malformed JSON: a number too long") from None
    if not isinstance(payload, dict):
        raise BadRequest("the request must be a JSON object")
    try:  # "\ud800" is JSON, but no Unicode text: no file name, map or answer can hold it
        json.dumps(payload, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest("the request holds a lone surrogate (\\ud800 to \\udfff), which is not Unicode text") from None
    return payload


def _as_opened(levels: LevelFolder, name: object, version: str | None) -> bytes | None:
    """The file a save replaces, for its comments and layout, when it is still the one the
    page opened; None otherwise (a new file; one changed elsewhere and overwritten on purpose:
    the page's level replaces it whole; a name the save itself refuses)."""
    if version is None:
        return None
    try:
        data = levels.read(name)[1]
    except FolderError:
        return None
    return data if version_of(data) == version else None


class Given:
    """The `x-` entries the page was given, by the version of the file they came from (opened
    or saved): JSON carried .nan, .inf and dates to the page as text, and a save puts back
    the values and lines of those the page sends unchanged, whatever file it saves to
    (Draft.text_over). The last `kept` versions are kept; an older one (or one from before a
    restart) is forgotten, and a save then keeps only what it saves over."""

    def __init__(self, kept: int = 64):
        self.kept = kept
        self.values: OrderedDict[str, str] = OrderedDict()

    def add(self, version: str, data: bytes) -> None:
        self.values[version] = x_entries(data)
        self.values.move_to_end(version)
        while len(self.values) > self.kept:
            self.values.popitem(last=False)

    def get(self, version: object) -> str:
        if version is not None and not isinstance(version, str):
            raise BadRequest("'opened' is the version the page's level was opened or saved as, or null")
        return self.values.get(version, "") if version is not None else ""


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _handled(endpoint):
    """Refusals of the request (bad JSON, a bad draft, a path out of the folder) as JSON."""

    async def wrapped(request: Request) -> Response:
        try:
            return await endpoint(request)
        except BadRequest as error:
            return _error(error.message, error.status)
        except DraftError as error:
            return _error(str(error), 400)
        except FolderError as error:
            return _error(error.message, error.status)
        except UnreadableSource as error:
            return _error(str(error.problem), 422)
        except downloads.NotPrintable as error:
            return _error(str(error), 422)

    return wrapped


def create_app(folder: str | Path, hosts: frozenset[str], start_file: str | None = None) -> Guard:
    """The editor on `folder`, answering only requests addressed to `hosts` (host:port)."""
    levels = LevelFolder(folder)
    given = Given()
    palette_json()  # drawn once (cached) now, not while the first page waits for it
    if start_file is not None:
        levels.path(start_file)  # refuse at once a start file the page could not open

    statics = _static_files()

    async def page(request: Request) -> Response:
        return Response(statics["index.html"][0], media_type=_MEDIA[".html"], headers={"Cache-Control": "no-store"})

    async def static(request: Request) -> Response:
        found = statics.get(request.path_params["name"])
        if found is None:
            return _error("no such file", 404)
        data, media, etag = found
        headers = {"ETag": etag, "Cache-Control": "no-cache"}  # asked again each load; 304 when unchanged
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(data, media_type=media, headers=headers)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    async def palette(request: Request) -> Response:
        return JSONResponse(palette_json())

    async def files(request: Request) -> Response:
        return JSONResponse({"folder": str(levels.root), "files": levels.names(), "start": start_file})

    async def open_file(request: Request) -> Response:
        body = await _body(request)
        name, data = levels.read(body.get("file"))
        draft, notes = draft_of_file(name, data)
        given.add(version_of(data), data)
        return JSONResponse({"file": name, "version": version_of(data), "level": draft.as_json(), "notes": notes,
                             "verdict": verdict_json(check(draft))})

    async def new(request: Request) -> Response:
        body = await _body(request)
        width, height = body.get("width", 12), body.get("height", 8)
        if type(width) is not int or type(height) is not int or not (3 <= width and 3 <= height and fits_paper(width, height)):
            raise BadRequest("a new map is from 3 x 3 to 12 x 18 (portrait) or 18 x 12 (landscape) fields (S2)")
        draft = blank_draft(width, height)
        return JSONResponse({"level": draft.as_json(), "verdict": verdict_json(check(draft))})

    async def validate(request: Request) -> Response:
        body = await _body(request)
        return JSONResponse(verdict_json(check(parse_draft(body.get("level")))))

    async def moves(request: Request) -> Response:
        body = await _body(request)
        checked = check(parse_draft(body.get("level")))
        return JSONResponse(moves_json(checked, body.get("from"), body.get("card"), body.get("health")))

    async def save(request: Request) -> Response:
        body = await _body(request)
        draft = parse_draft(body.get("level"))
        version = body.get("version")
        if version is not None and not isinstance(version, str):
            raise BadRequest("'version' is the version the page opened, or null for a new file")
        text = draft.text_over(_as_opened(levels, body.get("file"), version), given.get(body.get("opened")))
        verdict = verdict_json(check(draft))  # before writing: a draft the loader cannot read is not saved
        saved = levels.save(body.get("file"), text.encode("utf-8"), version, body.get("overwrite") is True)
        given.add(saved.version, text.encode("utf-8"))  # the page's level is now as saved
        return JSONResponse({"file": saved.name, "version": saved.version, "valid": verdict["valid"], "verdict": verdict})

    async def download(request: Request) -> Response:
        body = await _body(request)
        file = body.get("file")
        if file is not None:
            levels.path(file)  # only names a download; still never a path out of the folder
        made = downloads.make(str(body.get("kind")), check(parse_draft(body.get("level"))), file)
        return Response(made.data, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{made.filename}"'})

    routes = [
        Route("/", page),
        Route("/favicon.ico", no_icon),
        Route("/api/palette", _handled(palette)),
        Route("/api/files", _handled(files)),
        Route("/api/open", _handled(open_file), methods=["POST"]),
        Route("/api/new", _handled(new), methods=["POST"]),
        Route("/api/validate", _handled(validate), methods=["POST"]),
        Route("/api/moves", _handled(moves), methods=["POST"]),
        Route("/api/save", _handled(save), methods=["POST"]),
        Route("/api/download", _handled(download), methods=["POST"]),
        Route("/static/{name}", static),
    ]
    return Guard(Starlette(routes=routes, exception_handlers={Exception: _internal_error}), hosts)


async def _internal_error(request: Request, error: Exception) -> Response:
    # the page gets the message as JSON; Guard prints the one line for the terminal
    return _error(f"internal error: {type(error).__name__}: {error}", 500)
