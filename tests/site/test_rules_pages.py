"""The precise rules pages (/rules/<game>/precise/): each game's spec
(docs/rules/<game>.md) shown to anyone, every ruling of it marked and listed,
nothing of the markdown let through as raw HTML. The player rules pages are
tested in test_learn_pages.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.urls import reverse

from games.core import catalog, services
from games.pages.rulebook import RULES_DIR, render

pytestmark = pytest.mark.django_db

GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")
# Where the specs are kept outside the project (absent where only the project is cloned).
SHARED_RULES = Path("/work/shared/rules")
# A ruling's label: "**Ruling:**" or "**Ruling (topic):**"; "**Ruling** lines" only
# speaks of them.
LABEL = re.compile(r"\*\*Ruling(?: \([^)]+\))?:\*\*")
FIRST_WORDS = 4


def spec(game: str) -> str:
    return (RULES_DIR / f"{game}.md").read_text(encoding="utf-8")


def rulings(text: str) -> list[str]:
    """The first words of each ruling of a spec, as a reader sees them (no markup)."""
    flat = " ".join(text.split())
    found = []
    for label in LABEL.finditer(flat):
        words = re.sub(r"[*`]", "", flat[label.end():]).split()[:FIRST_WORDS]
        found.append(" ".join(words))
    return found


def marked(page: str) -> list[str]:
    """The text of each ``span.ruling`` of a page, tags removed."""
    spans = re.findall(r'<span class="ruling" id="ruling-\d+">(.*?)</span>', page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", span)).split()) for span in spans]


def rules_page(client, game: str) -> str:
    response = client.get(reverse("rules_spec", args=[game]))
    assert response.status_code == 200
    return response.content.decode()


def test_it_has_a_spec_for_every_game_of_the_catalogue():
    assert set(catalog.names()) == set(GAMES)
    for game in GAMES:
        assert rulings(spec(game)), f"{game}: no ruling found in its spec"


@pytest.mark.parametrize("game", GAMES)
def test_it_shows_every_ruling_marked_to_anonymous_visitors(client, game):
    text = spec(game)
    lines = [line for line in text.splitlines() if "**Ruling" in line]
    # Every line naming a ruling holds a ruling's label (or only speaks of "**Ruling** lines").
    assert all(LABEL.search(line) or "**Ruling** lines" in line for line in lines), game
    expected = rulings(text)
    assert len(expected) == sum(len(LABEL.findall(line)) for line in lines)
    page = rules_page(client, game)
    shown = marked(page)
    assert len(shown) == len(expected), f"{game}: {len(shown)} rulings marked, {len(expected)}"
    for words, span in zip(expected, shown, strict=True):
        assert span.startswith("Ruling"), span
        assert words in span, f"{game}: the ruling {words!r} is not marked ({span[:80]!r})"
    assert page.count('class="has-ruling"') >= 1


@pytest.mark.parametrize("game", GAMES)
def test_it_lists_the_rulings_first_with_links_to_them(client, game):
    page = rules_page(client, game)
    count = len(rulings(spec(game)))
    listed = page.split('id="rulings"', 1)[1].split("</section>", 1)[0]
    assert "The rulings of this site" in listed
    anchors = re.findall(r'href="#(ruling-\d+)"', listed)
    assert anchors == [f"ruling-{n}" for n in range(1, count + 1)]
    for anchor in anchors:
        assert f'id="{anchor}"' in page
    assert page.index('id="rulings"') < page.index('class="rules-text"')


def test_it_renders_the_spec_inside_the_site_frame(client):
    page = rules_page(client, "druidenwalzer")
    assert 'class="site-header"' in page and 'class="site-footer"' in page
    assert "<h1>Rules of Druidenwalzer</h1>" in page
    assert "<table" not in page or "<th>" in page
    assert "<h1>Druidenwalzer:" not in page  # the spec's headings are one level down
    assert "The rules are in English." not in page  # said only in other languages


def test_it_lists_the_games_and_links_them_everywhere(client, alice):
    response = client.get(reverse("rules_index"))
    assert response.status_code == 200
    index = response.content.decode()
    for game in GAMES:
        assert f'href="{reverse("rules_page", args=[game])}"' in index
    client.force_login(alice)
    lobby = client.get(reverse("lobby")).content.decode()
    assert 'id="lobby-rules-link"' in lobby
    nav = lobby.split('class="site-nav"', 1)[1].split("</nav>", 1)[0]
    assert f'href="{reverse("rules_index")}"' in nav


def test_it_says_in_dutch_that_the_rules_are_in_english(client):
    client.cookies["django_language"] = "nl"
    page = rules_page(client, "kasteel")
    assert "De regels zijn in het Engels." in page
    assert "Regels van Strijd om het Kasteel" in page
    assert "De uitspraken van deze site" in page
    assert '<div class="rules-text" lang="en">' in page


@pytest.mark.parametrize("path", ["no-such-game", "veto-duel", "druidenwalzer.md", "README"])
def test_it_answers_404_for_an_unknown_game(client, path):
    assert client.get(f"/rules/{path}/").status_code == 404
    assert client.get(f"/rules/{path}/precise/").status_code == 404
    assert client.get(f"/learn/{path}/").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_it_links_the_game_page_to_its_rules(client, alice, bob, game):
    seats = catalog.get(game).challenge_seat_names
    match = services.start_match(game, dict(zip(seats, (alice, bob), strict=True)), seed=5)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert f'<a href="{reverse("rules_page", args=[game])}" rel="help">' in page


def test_it_escapes_raw_html_and_unsafe_links():
    rendered = render(
        "# Title\n\n<script>alert(1)</script>\n\n"
        "A <b onclick=\"x()\">bold</b> word, [a link](javascript:alert(2)) and "
        "[another](https://example.org/).\n\n"
        "- **Ruling (test):** a <em>ruling</em> here.\n"
    )
    page = rendered.html
    assert "<script" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b " not in page and "&lt;b onclick" in page
    assert "javascript:" not in page
    assert '<a href="https://example.org/">another</a>' in page
    assert "<h2>Title</h2>" in page
    assert '<li class="has-ruling"><span class="ruling" id="ruling-1">' in page
    assert "&lt;em&gt;ruling&lt;/em&gt;" in page
    assert [(r.anchor, r.topic) for r in rendered.rulings] == [("ruling-1", "test")]


def test_it_ends_a_parenthesised_ruling_at_its_parenthesis():
    page = render("Before setup (**Ruling:** chosen (at random) by the shuffle). After.\n").html
    assert ('(<span class="ruling" id="ruling-1"><strong>Ruling:</strong> chosen (at random) '
            "by the shuffle</span>). After.") in page


def test_it_keeps_the_projects_copy_of_the_specs_in_step_with_the_shared_one():
    if not SHARED_RULES.is_dir():
        pytest.skip(f"{SHARED_RULES} is not here (only the project is cloned)")
    for game in GAMES:
        shared = (SHARED_RULES / f"{game}.md").read_text(encoding="utf-8")
        # The copy names the seed documents in plain text: no path out of the project.
        shared = re.sub(r"`\.\./seeds/([^`]+)`", r"seed document \1", shared)
        assert spec(game) == shared, f"docs/rules/{game}.md differs from {SHARED_RULES}"
        assert "../" not in spec(game)


@pytest.mark.parametrize("game", GAMES)
def test_it_keeps_developer_material_off_the_page(client, game):
    page = rules_page(client, game)
    for material in ("seed document", ".txt", "manage.py", "Canonical notation",
                     "Full state (JSON", "Conformance command", "--state"):
        assert material not in page, f"{game}: {material!r} shown to players"
    assert "Conformance command" in spec(game)  # kept in docs/


def test_it_still_renders_fenced_code():
    assert '<pre><code class="language-json">' in render("```json\n{}\n```\n").html
