"""Printkit's commands, by name: "module:attribute", imported only when used (see LazyGroup).

To add a command, add one line here; `printkit --help` lists them in this order.
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {
    "validate": "printkit.cli.validate:validate_command",
    "moves": "printkit.cli.moves:moves_command",
    "render": "printkit.cli.render:render_command",
    "paper": "printkit.cli.paper:paper_command",
    "scan": "printkit.cli.scan:scan_command",
    "cards": "printkit.cli.cards:cards_command",
    "tokens": "printkit.cli.tokens:tokens_command",
    "board": "printkit.cli.board:board",
    "kit": "printkit.cli.kit:kit_command",
    "simulate": "printkit.cli.simulate:simulate_command",
    "examples": "printkit.cli.examples:examples_group",
    "rules": "printkit.cli.rules:rules_command",
    "editor": "printkit.cli.editor:editor_command",
    "play": "printkit.cli.play:play_command",
    "replay": "printkit.cli.play:replay_command",
    "generate": "printkit.cli.generate:generate_command",
    "survey": "printkit.cli.survey:survey_command",
}
