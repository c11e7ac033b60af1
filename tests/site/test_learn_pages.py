"""The player rules pages (/rules/<game>/, also /learn/<game>/): each game taught
in English and in Dutch, with board diagrams drawn by the site's own board
templates from engine states, Druidenwalzer's rulebook example from the
engine's events, the site's rulings each with its reason, and none of the
developer material of the specs."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.learning import diagrams, example
from games.rules import get_rules

pytestmark = pytest.mark.django_db

GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")
# Words only each language's page says.
HEADINGS = {
    "en": ("The goal", "A turn", "This site's rulings"),
    "nl": ("Het doel", "Een beurt", "Beslissingen van deze site"),
}
DEVELOPER = ("manage.py", "JSON", "Canonical notation", '"type"', "{&quot;", "--seed",
             "conformance", "to_move")


def page(client, game: str, language: str, name: str = "rules_page") -> str:
    client.cookies["django_language"] = language
    response = client.get(reverse(name, args=[game]))
    assert response.status_code == 200
    return response.content.decode()


def figures(html: str) -> dict[str, str]:
    """Each diagram's markup by its name."""
    return dict(re.findall(r'<figure class="learn-figure" id="[^"]+" data-diagram="([^"]+)">'
                           r"(.*?)</figure>", html, re.S))


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_it_teaches_every_game_in_both_languages(client, game, language):
    html = page(client, game, language)
    for heading in HEADINGS[language]:
        assert heading in html, (game, language, heading)
    other = "nl" if language == "en" else "en"
    assert not any(heading in html for heading in HEADINGS[other][:2]), (game, language)
    assert f'<html lang="{language}"' in html
    assert figures(html), f"{game}: no diagram"
    assert 'id="precise-rules-link"' in html


@pytest.mark.parametrize("game", GAMES)
def test_it_answers_the_same_page_at_learn(client, game):
    def article(html: str) -> str:
        return html.split('id="learn"', 1)[1].split("</article>", 1)[0]

    assert article(page(client, game, "en", "learn")) == article(page(client, game, "en"))


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_it_gives_each_ruling_a_reason(client, game, language):
    html = page(client, game, language)
    section = html.split('id="rulings"', 1)[1].split("</section>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", section, re.S)
    assert len(items) >= 8
    assert all('<span class="why">' in item for item in items)


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_it_keeps_developer_material_off_the_page(client, game, language):
    html = page(client, game, language)
    text = html.split('id="learn"', 1)[1].split("</article>", 1)[0]
    for word in DEVELOPER:
        assert word not in text, (game, word)


@pytest.mark.parametrize("game", GAMES)
def test_it_draws_its_diagrams_from_engine_states(client, game, monkeypatch):
    before = figures(page(client, game, "en"))
    built = diagrams.diagrams(game)
    assert set(built) <= set(before)
    rules = get_rules(game)
    for diagram in built.values():  # a spectator's view: what a page may show
        assert set(diagram.view) == set(rules.view(rules.new_game(1, _options(game)), None))
    # Another deal: the same page draws other positions.
    monkeypatch.setattr(diagrams, "SEED", diagrams.SEED + 1)
    after = figures(page(client, game, "en"))
    assert set(after) == set(before)
    assert any(after[key] != before[key] for key in built), game


def _options(game: str) -> dict:
    return {"players": 4} if game == "kasteel" else {}


def test_it_redraws_a_diagram_when_its_state_changes(client, monkeypatch):
    plain = figures(page(client, "druidenwalzer", "en"))["start"]
    original = diagrams.druidenwalzer

    def changed():
        drawn = original()
        drawn["start"].view["players"]["moon"]["trees"][0]["signs"] = 5
        return drawn

    monkeypatch.setitem(diagrams.BUILDERS, "druidenwalzer", changed)
    start = figures(page(client, "druidenwalzer", "en"))["start"]
    assert start != plain
    assert start.count("sign") > plain.count("sign") or start != plain


@pytest.mark.parametrize(("language", "orange", "black"), [
    ("en", "orange: sun 5 beats moon 3", "black: moon 3 ties sun 3"),
    ("nl", "oranje: zon 5 wint van maan 3", "zwart: maan 3 en zon 3 staan gelijk"),
])
def test_it_plays_the_rulebook_example_step_by_step(client, language, orange, black):
    html = page(client, "druidenwalzer", language)
    steps = html.split('id="example-steps"', 1)[1].split("</ol>", 1)[0]
    lines = [" ".join(line.split()).lower() for line in re.findall(r"<li>(.*?)</li>", steps, re.S)]
    assert len(lines) == len(example.worked_example()[1].events)
    assert orange in lines and black in lines, lines
    drawn = figures(html)
    assert {"example-before", "example-after"} <= set(drawn)


def test_the_example_is_the_rulebooks():
    before, after = example.worked_example()
    kinds = [event["type"] for event in after.events]
    assert kinds[:3] == ["waltz", "ring", "dance"] and kinds.count("measure") == 2
    assert after.view["players"]["moon"]["trees"][2]["signs"] == 1
