"""Strijd om het Kasteel in the API schema: its view (rules section 11) and its moves
(section 12, "Moves").

Schema only: these serializers describe the dicts the engine's ``view`` makes
and the moves it accepts (the engine checks moves). games.api.schema and
games.api.serializers pick them up through the game's catalogue entry.
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

RANKS = "K D C B P S X"


def _type(*names: str) -> serializers.CharField:
    # Plain strings: the same move types (place) or rank sets as another game's enums
    # would collide in the schema's enum names.
    return serializers.CharField(help_text=" or ".join(f'"{name}"' for name in names))


def _ranks(help_text: str) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(),
                                 help_text=f"{help_text} Ranks: {RANKS}.")


class KasteelSeatViewSerializer(serializers.Serializer):
    hand = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text="The cards in hand (e.g. K/2, J/0, 3/1): only in the view of this seat's "
                  "own player, else null.")
    hand_size = serializers.IntegerField()
    order = _ranks("The home order chosen at setup.")
    home = _ranks("The home row, front first.")
    track = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Rank to [square, place in the square's line (0 = front)].")
    castle = serializers.DictField(child=serializers.IntegerField(),
                                   help_text="Rank to castle place 1..7.")
    partner = serializers.IntegerField(allow_null=True)


class KasteelPendingSerializer(serializers.Serializer):
    piece = serializers.CharField(help_text="The piece to walk, e.g. 2:B.")
    card = serializers.CharField(help_text="The designating card.")
    dice = serializers.ListField(child=serializers.IntegerField())


class KasteelGameViewSerializer(serializers.Serializer):
    """What the viewer sees (kasteel; rules section 11): never another hand or the deck."""

    game = serializers.CharField()
    viewer = serializers.IntegerField(allow_null=True)
    players = serializers.IntegerField(min_value=2, max_value=12)
    teams = serializers.BooleanField()
    phase = serializers.ChoiceField(choices=["setup", "play", "over"])
    to_move = serializers.IntegerField(allow_null=True)
    pending = KasteelPendingSerializer(allow_null=True, help_text="A doubles decision owed.")
    roll = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    turn = serializers.IntegerField()
    first_round = serializers.BooleanField()
    dealer = serializers.IntegerField()
    deal = serializers.IntegerField()
    cycle = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    deck_size = serializers.IntegerField()
    discard = serializers.ListField(child=serializers.CharField(), help_text="Bottom first.")
    finished = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    first_player_rolls = serializers.ListField(child=serializers.ListField())
    seats = KasteelSeatViewSerializer(many=True)


class KasteelPlaceMoveSerializer(serializers.Serializer):
    type = _type("place")
    piece = serializers.CharField(help_text="The mover's piece, e.g. 0:K.")


class KasteelCardMoveSerializer(serializers.Serializer):
    type = _type("move")
    card = serializers.CharField(help_text="The designating card, e.g. K/2, J/0, F/3.")
    piece = serializers.CharField(help_text="The piece it designates, e.g. 0:K.")
    number = serializers.CharField(required=False,
                                   help_text="A number card (1..4) with a piece card: no dice.")


class KasteelDiceMoveSerializer(serializers.Serializer):
    type = _type("dice")
    choice = serializers.CharField(help_text='"total" or "one"')


class KasteelDiscardMoveSerializer(serializers.Serializer):
    type = _type("discard")


MOVE_SCHEMA = PolymorphicProxySerializer(
    component_name="KasteelMove",
    serializers={
        "place": KasteelPlaceMoveSerializer,
        "move": KasteelCardMoveSerializer,
        "dice": KasteelDiceMoveSerializer,
        "discard": KasteelDiscardMoveSerializer,
    },
    resource_type_field_name="type",
)
