"""Learning to play: hints, the AI's reviews, tutorials, puzzles mined from finished
games, the rules pages' diagrams and worked example, and the review and mining tasks.
Imports the core, the AI players, realtime's group names; pages and the API import it."""
