"""YINSH: the pure game (board geometry, rules, notation, bots); nothing drawn, no CLI, no file I/O."""
