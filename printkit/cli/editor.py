"""`printkit editor [LEVEL.yaml | DIR]`: the level editor in the browser (printkit.editor)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.cli.common import EXIT_OK, EXIT_USAGE, message, name_fits

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@click.command("editor")
@click.argument("target", required=False, default=".", metavar="[LEVEL.yaml | DIR]")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default="a free one",
              help="The port to serve on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve on; anything but this machine's own lets others on the network edit your files.")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open a browser.")
def editor_command(target: str, port: int, host: str, no_browser: bool) -> None:
    """Draw and check Sinpin levels in the browser, validated live as you paint.

    \b
      printkit editor levels/
      printkit editor levels/01-first-steps.yaml --no-browser --port 8765

    Serves one page on 127.0.0.1 (the address is printed, and the default browser opens
    it): paint tiles with the mouse or their map characters, see ✓/✗, least turns,
    soft-locks and one shortest route while drawing, try a move with a card 1-6, save the
    level (atomically, keeping x- keys) and download its map, checked map or kit as PDF.
    Only files in the folder it was started on (DIR, or LEVEL.yaml's folder; default the
    current one) can be opened or saved. Ctrl-C stops it.
    """
    run_editor(target, port, host, no_browser)
    sys.exit(EXIT_OK)


def run_editor(target: str, port: int, host: str, no_browser: bool, address_as_message: bool = False) -> None:
    """Serve the editor until Ctrl-C (then return); exit 2 on a target or port it cannot use.
    The address is the command's data (stdout), or a message (stderr) for a caller whose
    standard output is already data of its own (`scan --review --json`)."""
    from printkit.editor.folder import FolderError
    from printkit.editor.server import bind, serve

    name_fits(target, "'LEVEL.yaml | DIR'")
    path = Path(target)
    if path.is_dir():
        folder, start = path, None
    elif path.suffix == ".yaml" and path.parent.is_dir():
        folder, start = path.parent, path.name  # a new file's name is fine: it is saved there
    else:
        raise click.BadParameter(f"'{target}' is neither a folder nor a level file (*.yaml)", param_hint="'TARGET'")
    if host not in LOOPBACK:
        message(f"warning: serving on {host}: anyone who can reach this machine there can read and"
                f" overwrite the levels in {folder.resolve()}")
    try:
        sock = bind(host, port)
    except OSError as error:
        message(f"printkit editor: cannot serve on {host}:{port}: {error.strerror or error}")
        sys.exit(EXIT_USAGE)

    def announce(url: str) -> None:
        click.echo(url, err=address_as_message)  # the address is the command's data: a script may read it
        message(f"editing levels in {folder.resolve()}; press Ctrl-C to stop")

    try:
        serve(sock, folder, start, open_browser=not no_browser, announce=announce, announce_note=message)
    except FolderError as error:
        message(f"printkit editor: {error.message}")
        sys.exit(EXIT_USAGE)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    message("printkit editor: stopped")
