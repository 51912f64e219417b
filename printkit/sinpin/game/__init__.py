"""The whole game of Sinpin (S28-S33): state, turns, outcomes of a move on the game's map,
the ghost, bots, simulated runs and their statistics, the game told in words, and the game
protocol (printkit.games) that the browser and every game-agnostic driver use."""
