"""How command groups list their commands in --help: whole summaries, never cut with "..."."""

from __future__ import annotations

import click


class WholeSummaryGroup(click.Group):
    """A group whose command list gives each command's whole first sentence, wrapped to the
    terminal (Click's default cuts summaries at 45 characters or the line's end)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, command.get_short_help_str(limit=1_000))
                for name in self.list_commands(ctx)
                if (command := self.get_command(ctx, name)) is not None and not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
