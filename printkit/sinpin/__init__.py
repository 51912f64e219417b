"""Sinpin: the pure game model (no rendering, no CLI, no file I/O but in `loader`), in four rooms.

- here, the level model: `tiles`, `rules` (the rule knobs), `findings`, `level`, `loader`;
- `moves/`: the move engine (one successor function), the move graph, the solver and the validator;
- `game/`: the whole game: its state and turns, move outcomes on a changing map, the ghost,
  the bots, many games simulated, their statistics, the game told in words, and the game
  protocol of `printkit.games`;
- `generate/`: random caves that are always winnable, and their metrics.

The level model is the lowest room; `moves/` imports only it; `game/` and `generate/` import
both, never each other (docs/architecture.md).
"""
