"""Path of Civilization (Fabien Gridel): 2-5 players, 9 rounds, every phase simultaneous."""
