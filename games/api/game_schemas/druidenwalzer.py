"""Druidenwalzer in the API schema: its view (rules section 7) and its moves (section 9).

Schema only: these serializers describe the dicts the engine's ``view`` makes
and the moves it accepts (the engine checks moves). games.api.schema and
games.api.serializers pick them up through the game's catalogue entry.
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from games.api.serializers import CatalogueChoiceField, seat_names

DRUIDS = ["purple", "orange", "black"]


def _seat(**kwargs) -> serializers.ChoiceField:
    # The site's one seat enum (SeatEnum): moon and sun, and the other games' seats.
    return CatalogueChoiceField(values=seat_names, **kwargs)


# --- the view ------------------------------------------------------------------------


class TreeViewSerializer(serializers.Serializer):
    tree = serializers.IntegerField(help_text="1..4 from the owner's side.")
    position = serializers.CharField()
    top = serializers.CharField(allow_null=True, help_text="The visible card.")
    down = serializers.IntegerField(help_text="Face-down cards (count only).")
    covered = serializers.IntegerField(help_text="Face-up cards under the top (count only).")
    druid = serializers.ChoiceField(choices=DRUIDS, allow_null=True)
    signs = serializers.IntegerField()
    flipped = serializers.BooleanField()


class CultBoardViewSerializer(serializers.Serializer):
    position = serializers.CharField()
    top = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()


class PlayerViewSerializer(serializers.Serializer):
    trees = TreeViewSerializer(many=True)
    cult_board = CultBoardViewSerializer()
    hand = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text="The cards in hand: only in the view of this seat's own player, else null.",
    )
    hand_size = serializers.IntegerField()
    draw_pile_size = serializers.IntegerField()
    removed = serializers.ListField(child=serializers.IntegerField())


class GameViewSerializer(serializers.Serializer):
    """What the viewer sees of the board (druidenwalzer; rules section 7)."""

    game = serializers.CharField()
    phase = serializers.ChoiceField(choices=["setup", "play", "over"])
    to_move = _seat(allow_null=True)
    winner = _seat(allow_null=True)
    turn = serializers.IntegerField()
    viewer = _seat(allow_null=True)
    players = serializers.DictField(child=PlayerViewSerializer(), help_text="Keyed by seat.")


# --- the moves -------------------------------------------------------------------------


class PlaceMoveSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["place"])
    druid = serializers.ChoiceField(choices=DRUIDS)
    tree = serializers.IntegerField(min_value=1, max_value=4)


class WaltzMoveSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["waltz"])
    card = serializers.CharField(help_text="A card of the hand, e.g. S5L.")
    tree = serializers.IntegerField(min_value=1, max_value=4)


class LeapMoveSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["leap"])
    druid = serializers.ChoiceField(choices=DRUIDS)


class WithdrawMoveSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["withdraw"])
    card = serializers.CharField(required=False, help_text="A card of the hand, or:")
    tree = serializers.IntegerField(
        required=False, min_value=1, max_value=4, help_text="One of the mover's own trees."
    )


class PassMoveSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["pass"])


MOVE_SCHEMA = PolymorphicProxySerializer(
    component_name="Move",
    serializers={
        "place": PlaceMoveSerializer,
        "waltz": WaltzMoveSerializer,
        "leap": LeapMoveSerializer,
        "withdraw": WithdrawMoveSerializer,
        "pass": PassMoveSerializer,
    },
    resource_type_field_name="type",
)
