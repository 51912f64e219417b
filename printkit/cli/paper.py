"""`printkit paper`: a blank Sinpin level design sheet (PDF or SVG)."""

from __future__ import annotations

import re

import click

from printkit.cli.common import note, output_format, write_listed
from printkit.render.sinpin.design_sheet import design_sheet_document
from printkit.sinpin.rules import MAX_LONG_SIDE, MAX_SHORT_SIDE

_FIELDS = re.compile(r"\s*(\d+)\s*[x×X]\s*(\d+)\s*")


def _fields(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    match = _FIELDS.fullmatch(value)
    shown = value if len(value) <= 40 else f"{value[:20]}…{value[-8:]}"
    if match and max(len(group.lstrip("0")) for group in match.groups()) > 3:  # int() of 5,000 digits raises
        raise click.BadParameter(f"'{shown}' fields do not fit one A4 sheet: S2 allows at most"
                                 f" {MAX_SHORT_SIDE}x{MAX_LONG_SIDE} portrait or {MAX_LONG_SIDE}x{MAX_SHORT_SIDE} landscape")
    columns, rows = (int(group.lstrip("0") or "0") for group in match.groups()) if match else (0, 0)
    if min(columns, rows) < 1:
        raise click.BadParameter(f"'{shown}' is not WxH (fields across and down, such as 12x18)")
    return columns, rows


@click.command("paper")
@click.option("-o", "--output", required=True, metavar="FILE.pdf|FILE.svg", help="The sheet to write.")
@click.option("--landscape", is_flag=True, help="Turn the sheet sideways (at most 18 x 12 fields).")
@click.option("--fields", "fields", metavar="WxH", callback=_fields,
              help="Fields across and down (default: as many as S2 allows, 12x18 or 18x12).")
def paper_command(output: str, landscape: bool, fields: tuple[int, int] | None) -> None:
    """Print a blank design sheet to draw a level on.

    \b
      printkit paper -o sheet.pdf
      printkit paper --landscape -o wide.pdf
      printkit paper --fields 8x10 -o small.svg

    The sheet has 5 mm squared paper, the field grid with coordinates, blanks for name,
    author and players, and a legend of how to draw each tile and its map character; page 2
    shows the drawing alphabet at actual size. Four corner markers carry the sheet's size:
    draw a level on it, photograph it and `printkit scan` reads it back (or type it in: each
    field's character goes into the level's map).
    More than 12 fields across turn the sheet landscape without --landscape too.
    Exit status 2 when the fields do not fit one A4 sheet (S2).
    """
    output_format(output)
    if fields is None:
        fields = (MAX_LONG_SIDE, MAX_SHORT_SIDE) if landscape else (MAX_SHORT_SIDE, MAX_LONG_SIDE)
    columns, rows = fields
    # a sheet only landscape can hold turns by itself; --landscape is never overruled
    landscape = landscape or columns > MAX_SHORT_SIDE
    try:
        document = design_sheet_document(columns, rows, landscape)
    except ValueError:
        raise click.BadParameter(
            f"{columns}x{rows} fields do not fit one A4 sheet{' in landscape' if landscape else ''}: S2 allows at most"
            f" {MAX_SHORT_SIDE}x{MAX_LONG_SIDE} portrait or {MAX_LONG_SIDE}x{MAX_SHORT_SIDE} landscape",
            param_hint="'--fields'",
        ) from None
    write_listed(document, output)
    note(f"design sheet, {columns} x {rows} fields")
