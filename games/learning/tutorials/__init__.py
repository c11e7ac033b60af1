"""The scripts of the guided first games, one module per game."""
