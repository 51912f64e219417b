"""What every game of printkit shares: the game protocol, the record's frame and the
statistics every game has. It knows no game; the games (printkit.sinpin, printkit.sinoda,
printkit.yinsh) import it, never the other way round."""
