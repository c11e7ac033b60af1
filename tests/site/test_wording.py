"""Counted words take their plural form, prompts read as sentences, in both languages."""

import pytest
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator

from games.core import catalog
from games.pages.game import js_strings


def fill(text: str, **values) -> str:
    for name, value in values.items():
        text = text.replace("{" + name + "}", str(value))
    return text


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "1 action card", "2 action cards"), ("nl", "1 actiekaart", "2 actiekaarten")])
def test_it_counts_drawn_cards_in_their_plural_form(language, one, two):
    with translation.override(language):
        strings = js_strings(catalog.get("caesar-cleopatra"))
    assert fill(strings["action_one"], n=1) == one
    assert fill(strings["action_other"], n=2) == two


def test_it_asks_about_a_spy_in_a_sentence():
    with translation.override("en"):
        strings = js_strings(catalog.get("caesar-cleopatra"))
    question = fill(strings["confirm_action"], card="Spy", target=strings["target_spy"])
    assert question.startswith("Play Spy to look at the opponent's hand?")


def test_it_says_one_day_per_move_in_the_api_docs():
    from django.utils import translation

    with translation.override("en"):  # the language a page before left active is not ours
        schema = SchemaGenerator().get_schema(request=None, public=True)
    enum = schema["components"]["schemas"]["DaysPerMoveEnum"]["description"]
    assert "1 day per move" in enum and "1 days" not in enum


@pytest.mark.parametrize("language", ["en", "nl"])
def test_it_says_so_when_no_card_of_the_hand_can_be_played(language):
    # Only a pass is left (a hand of action cards that cannot be played): the prompt
    # does not ask for a card, and it is translated.
    with translation.override(language):
        strings = js_strings(catalog.get("caesar-cleopatra"))
    assert strings["pick_none"] != strings["pick"]
    if language == "nl":
        assert strings["pick_none"].startswith("Jouw zet: geen kaart")
    assert "face" in strings["pick_group"] or "gedekt" in strings["pick_group"]


def test_it_links_the_lobby_to_its_ai_opponents(client, django_user_model):
    user = django_user_model.objects.create_user("newcomer", password="pw-for-tests-1")
    client.force_login(user)
    page = client.get("/lobby/").content.decode()
    assert 'href="#play-ai"' in page and 'id="play-ai"' in page


@pytest.mark.parametrize("language", ["en", "nl"])
def test_it_says_what_every_action_card_does(language):
    # Under "Scout: choose the target." and the Veto question, the card's effect: the
    # script reads "what_<kind>" of the card's code ("C-scout"); the Veto has none.
    from games.rules.caesar_cleopatra.constants import CARD_NAMES

    kinds = {name.split("-")[1] for name in CARD_NAMES if "-" in name} - {"veto"}
    assert kinds == {"assassination", "spy", "castling", "scout", "wrath"}
    with translation.override(language):
        strings = js_strings(catalog.get("caesar-cleopatra"))
    for kind in kinds:
        assert strings[f"what_{kind}"].endswith("."), kind
    if language == "nl":
        assert strings["what_scout"].startswith("Een Verkenner")
