"""Learning to play: hints, the AI's reviews, tutorials, the rules pages' diagrams and
worked example, and the review task. Imports the core, the AI players, realtime's
group names; pages and the API import it."""
