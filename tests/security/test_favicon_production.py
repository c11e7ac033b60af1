"""The site's icon on the Procfile's own web command in production mode: the
page links the hashed name collectstatic wrote, /favicon.ico redirects to that
name, and the file is served from it."""

from __future__ import annotations

import re

import pytest
import requests

from tests.security.procfile import HOST, production_web_starter

pytestmark = pytest.mark.slow

HEADERS = {"Host": HOST, "X-Forwarded-Proto": "https"}


def test_it_serves_the_icon_under_its_hashed_name(tmp_path, request):
    url = production_web_starter(tmp_path, request)()
    page = requests.get(f"{url}/accounts/login/", headers=HEADERS, timeout=10)
    linked = re.search(r'<link rel="icon" href="(/static/img/favicon\.[0-9a-f]+\.svg)"',
                       page.text)
    assert page.status_code == 200 and linked, page.text[:500]
    redirect = requests.get(f"{url}/favicon.ico", headers=HEADERS, timeout=10,
                            allow_redirects=False)
    assert redirect.status_code == 301 and redirect.headers["Location"] == linked.group(1)
    icon = requests.get(url + linked.group(1), headers=HEADERS, timeout=10)
    assert icon.status_code == 200 and icon.headers["Content-Type"].startswith("image/svg")
