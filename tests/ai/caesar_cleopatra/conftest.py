"""Fixtures of the Caesar & Cleopatra AI tests."""

import pytest

from games.ai.caesar_cleopatra import knowledge


@pytest.fixture
def no_story(monkeypatch):
    """Each sampler of exact deals tells its first story (when the deals are set up),
    then gives up on every other (``knowledge.NoStory``)."""
    tell = knowledge.ExactDeals._tell

    def first_only(self, rng):
        if getattr(self, "told", False):
            raise knowledge.NoStory
        self.told = True
        return tell(self, rng)

    monkeypatch.setattr(knowledge.ExactDeals, "_tell", first_only)
