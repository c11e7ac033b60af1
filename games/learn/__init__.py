"""Learning to play: the player rules pages' diagrams and worked example
(``diagrams``, ``example``), built from real engine states so that a change of
the rules redraws them."""
