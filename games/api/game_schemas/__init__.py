"""Each game's view and moves in the API schema, one module per game.

Schema only (the engine builds the views and checks the moves); a game's
catalogue entry (games/boards/<game>.py) names its serializers by dotted path.
"""
