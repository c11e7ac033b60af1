"""The site's frame on every page: its icon (also at /favicon.ico, where
browsers look whatever the page says), and the account pages' buttons in the
site's look rather than the browser's."""

import pytest

pytestmark = pytest.mark.django_db


def test_it_links_the_icon_from_every_page(client):
    html = client.get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in html


def test_it_redirects_favicon_ico_to_the_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/img/favicon.svg"


def test_it_draws_the_sign_up_button_as_the_sites_primary_button(client):
    html = client.get("/accounts/signup/").content.decode()
    form = html[html.index('<form'):html.index('</form>')]
    assert 'type="submit"' in form and 'class="btn btn-primary"' in form


def test_it_draws_a_removal_as_a_dangerous_button(client, django_user_model):
    user = django_user_model.objects.create_user("dora", "dora@example.org", "a-long-pass-99")
    client.force_login(user)
    html = client.get("/accounts/email/").content.decode()
    assert 'name="action_remove"' in html
    at = html.index('name="action_remove"')
    button = html[at - 200:at + 200]
    assert 'class="btn btn-danger"' in button
