"""One cooldown rule everywhere: the pair's last game that counts, in this season or
an earlier one; an annulled game counts for nothing and imposes no cooldown."""

from __future__ import annotations

import pytest

from ladders import services
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


def reason(call) -> str:
    with pytest.raises(services.ServiceError) as error:
        call()
    return error.value.extra.get("reason", error.value.code)


def test_an_annulled_game_imposes_no_cooldown(ladder, alice, bob, staff, finished):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, alice)
    assert reason(lambda: services.challenge(ladder.pk, bob, alice)) == "cooldown"
    finished(services.correct_result, game.pk, staff, "annul", "played by someone else")
    assert services.challenge(ladder.pk, bob, alice).match_id != game.match_id


def test_the_cooldown_carries_into_the_next_season(ladder, alice, bob, staff, finished):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, alice)
    new = services.next_season(ladder.pk, staff, name="Summer ladder", keep_order=True)
    assert reason(lambda: services.challenge(new.pk, bob, alice)) == "cooldown"
