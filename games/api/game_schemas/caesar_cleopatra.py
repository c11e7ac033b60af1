"""Caesar & Cleopatra in the API schema: its view (rules section 7) and its moves
(section 8, the canonical notation).

Schema only: these serializers describe the dicts the engine's ``view`` makes
and the moves it accepts (the engine checks moves). games.api.schema and
games.api.serializers pick them up through the game's catalogue entry.
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from games.api.serializers import CatalogueChoiceField, seat_names

GROUPS = ["senators", "praetors", "quaestors", "aediles", "censors"]



def _seat(**kwargs) -> serializers.ChoiceField:
    return CatalogueChoiceField(values=seat_names, **kwargs)


def _type(*names: str) -> serializers.CharField:
    # A plain string: the same move types (place, pass) as another game's enums
    # would collide in the schema's enum names.
    return serializers.CharField(help_text=" or ".join(f'"{name}"' for name in names))


def _cards(**kwargs) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


# --- the view ------------------------------------------------------------------------


class CaesarCleopatraSideViewSerializer(serializers.Serializer):
    down = _cards(allow_null=True, help_text="Face-down cards: only in their owner's view.")
    down_count = serializers.IntegerField()
    up = _cards()


class CaesarCleopatraGroupViewSerializer(serializers.Serializer):
    patricians = serializers.IntegerField(help_text="Patricians still to be won.")
    size = serializers.IntegerField()
    cards = serializers.IntegerField(help_text="Influence cards there, both players.")
    cleopatra = CaesarCleopatraSideViewSerializer()
    caesar = CaesarCleopatraSideViewSerializer()


class CaesarCleopatraPlayerViewSerializer(serializers.Serializer):
    hand = _cards(allow_null=True, help_text="Only in the player's own view (and the "
                                             "opponent's while their Spy looks), else null.")
    hand_size = serializers.IntegerField()
    influence_pile_size = serializers.IntegerField()
    action_pile_size = serializers.IntegerField()
    discard = _cards()
    bonus = serializers.CharField(allow_null=True, help_text="Own view, or when the game is "
                                                             "over; else null.")
    patricians = serializers.DictField(child=serializers.IntegerField(),
                                       help_text="Won, per group.")


class CaesarCleopatraGameViewSerializer(serializers.Serializer):
    """What the viewer sees of the board (caesar-cleopatra; rules section 7)."""

    game = serializers.CharField()
    viewer = _seat(allow_null=True)
    phase = serializers.ChoiceField(choices=["setup", "play", "over"])
    turn = serializers.IntegerField()
    current = _seat(allow_null=True)
    step = serializers.CharField(allow_null=True)
    action_played = serializers.BooleanField()
    pending = serializers.DictField(allow_null=True, help_text="A decision inside the turn: "
                                    "veto, spy, castle or draw, with the seat that owes it.")
    to_move = _seat(allow_null=True)
    winner = serializers.CharField(allow_null=True)
    score = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    players = serializers.DictField(child=CaesarCleopatraPlayerViewSerializer(),
                                    help_text="Keyed by seat.")
    groups = serializers.DictField(child=CaesarCleopatraGroupViewSerializer(),
                                   help_text="Keyed by group.")
    vote_deck_size = serializers.IntegerField()
    vote_discard = _cards()
    vote_aside = _cards()


# --- the moves -------------------------------------------------------------------------


class CaesarCleopatraSetupMoveSerializer(serializers.Serializer):
    type = _type("setup")
    cards = serializers.DictField(child=serializers.CharField(),
                                  help_text="One card of each value 1..5 per group.")


class CaesarCleopatraPassMoveSerializer(serializers.Serializer):
    type = _type("pass")
    discard = _cards(help_text="At least one card unless the hand is empty.")


class CaesarCleopatraPlaceMoveSerializer(serializers.Serializer):
    type = _type("place")
    card = serializers.CharField()
    group = serializers.ChoiceField(choices=GROUPS)
    face = serializers.ChoiceField(choices=["down", "up"])


class CaesarCleopatraActionMoveSerializer(serializers.Serializer):
    type = _type("action")
    card = serializers.CharField(help_text="e.g. C-assassination")
    group = serializers.ChoiceField(choices=GROUPS, required=False)
    target = serializers.CharField(required=False, help_text="Assassination: the card.")
    groups = serializers.ListField(child=serializers.CharField(), required=False,
                                   help_text="Castling: two groups.")


class CaesarCleopatraVetoMoveSerializer(serializers.Serializer):
    type = _type("veto", "no_veto")


class CaesarCleopatraSpyMoveSerializer(serializers.Serializer):
    type = _type("spy")
    card = serializers.CharField(help_text="A card of the opponent's hand.")


class CaesarCleopatraCastleMoveSerializer(serializers.Serializer):
    type = _type("castle")
    cards = serializers.DictField(child=_cards(), help_text="Both groups of the castling.")


class CaesarCleopatraDrawMoveSerializer(serializers.Serializer):
    type = _type("draw")
    influence = serializers.IntegerField(min_value=0)
    action = serializers.IntegerField(min_value=0)


MOVE_SCHEMA = PolymorphicProxySerializer(
    component_name="CaesarCleopatraMove",
    serializers={
        "setup": CaesarCleopatraSetupMoveSerializer,
        "pass": CaesarCleopatraPassMoveSerializer,
        "place": CaesarCleopatraPlaceMoveSerializer,
        "action": CaesarCleopatraActionMoveSerializer,
        "veto": CaesarCleopatraVetoMoveSerializer,
        "no_veto": CaesarCleopatraVetoMoveSerializer,
        "spy": CaesarCleopatraSpyMoveSerializer,
        "castle": CaesarCleopatraCastleMoveSerializer,
        "draw": CaesarCleopatraDrawMoveSerializer,
    },
    resource_type_field_name="type",
)
