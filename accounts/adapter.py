"""How allauth creates players: the rules of a username, a visitor's language choice
becoming their preference, the client's address for allauth's rate limits."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from accounts.language import is_supported
from accounts.usernames import normalize, validate_new_username
from druidsite.client_address import client_ip


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        """allauth's checks on the NFKC form, then the site's (accounts.usernames):
        length, look-alikes of reserved and (unless shallow) taken names."""
        username = super().clean_username(normalize(username), shallow=shallow)
        return validate_new_username(username, check_taken=not shallow)

    def save_user(self, request: HttpRequest, user, form, commit: bool = True):
        """Keep the language the visitor picked with the footer switch before signing up.

        Turn mails are written outside any request, in the saved language (or
        the site's default); without this, a visitor who browsed in Dutch would
        get English mails until they visit the settings page.
        """
        user = super().save_user(request, user, form, commit=False)
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        if not user.language and is_supported(chosen):
            user.language = chosen
        if commit:
            user.save()
        return user

    def get_client_ip(self, request: HttpRequest) -> str:
        """The address allauth's rate limits count by: the site's one (druidsite.client_address)."""
        address = client_ip(request)
        if not address:
            raise PermissionDenied("Unable to determine client IP address")
        return address
