"""Open and direct challenges: create, accept, decline, cancel."""

import pytest

from games.core import services
from games.models import Challenge, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_creates_an_open_challenge_anyone_may_accept(alice, bob):
    challenge = services.create_challenge(alice, days_per_move=5, creator_seat="sun")
    match = services.accept_challenge(challenge.pk, bob)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.ACCEPTED and challenge.match == match
    seats = {s.seat: s.user for s in match.seats.all()}
    assert seats == {"sun": alice, "moon": bob}
    assert match.days_per_move == 5


def test_it_addresses_a_challenge_to_one_player(alice, bob, carol):
    challenge = services.create_challenge(alice, opponent="Bob")
    with pytest.raises(services.Forbidden):
        services.accept_challenge(challenge.pk, carol)
    assert services.accept_challenge(challenge.pk, bob).status == Match.Status.ACTIVE


def test_it_refuses_accepting_ones_own_challenge(alice):
    challenge = services.create_challenge(alice)
    with pytest.raises(services.Forbidden):
        services.accept_challenge(challenge.pk, alice)


def test_it_refuses_a_second_accept(alice, bob, carol):
    challenge = services.create_challenge(alice)
    services.accept_challenge(challenge.pk, bob)
    with pytest.raises(services.Conflict):
        services.accept_challenge(challenge.pk, carol)
    assert Match.objects.count() == 1


def test_it_lets_only_the_challenged_decline(alice, bob, carol):
    challenge = services.create_challenge(alice, opponent=bob)
    with pytest.raises(services.Forbidden):
        services.decline_challenge(challenge.pk, carol)
    services.decline_challenge(challenge.pk, bob)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.DECLINED


def test_it_lets_only_the_creator_cancel(alice, bob):
    challenge = services.create_challenge(alice)
    with pytest.raises(services.Forbidden):
        services.cancel_challenge(challenge.pk, bob)
    services.cancel_challenge(challenge.pk, alice)
    with pytest.raises(services.Conflict):
        services.accept_challenge(challenge.pk, bob)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"days_per_move": 4}, "Days per move"),
        ({"creator_seat": "star"}, "seat"),
        ({"opponent": "nobody"}, "no player"),
        ({"handicap": {"creator": [9]}}, "handicap"),
        ({"handicap": {"creator": [1, 2]}}, "one card"),
        ({"handicap": {"referee": [1]}}, "creator or the opponent"),
        ({"game": "chess"}, "Unknown game"),
    ],
)
def test_it_refuses_bad_terms_with_a_clear_message(alice, kwargs, message):
    with pytest.raises(services.ServiceError, match=message):
        services.create_challenge(alice, **kwargs)
    assert Challenge.objects.count() == 0


def test_it_refuses_challenging_oneself(alice):
    with pytest.raises(services.ServiceError, match="yourself"):
        services.create_challenge(alice, opponent=alice)


def test_it_limits_open_challenges(alice):
    terms = [{"days_per_move": d, "creator_seat": seat, "rated": rated}
             for d in (1, 2, 3, 5, 7) for seat in ("moon", "sun") for rated in (True, False)]
    for kwargs in terms[:services.MAX_OPEN_CHALLENGES]:
        services.create_challenge(alice, **kwargs)
    with pytest.raises(services.Conflict, match="open challenges already"):
        services.create_challenge(alice, days_per_move=14)


def test_it_applies_the_strength_handicap_of_the_challenge(alice, bob):
    challenge = services.create_challenge(
        alice, creator_seat="moon", handicap={"creator": [3], "opponent": [1]}
    )
    match = services.accept_challenge(challenge.pk, bob)
    removed = {s.seat: s.removed for s in match.seats.all()}
    assert removed == {"moon": [3], "sun": [1]}
    assert match.state["players"]["moon"]["removed"] == [3]
    assert "Strength handicap" in match.options["handicap_reasons"]["moon"]
