"""allauth's signup form with the site's length of a username shown in the field."""

from __future__ import annotations

from allauth.account.forms import SignupForm as AllauthSignupForm

from accounts.usernames import MAX_LENGTH


class SignupForm(AllauthSignupForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The browser stops at the limit; the adapter's check says why to anyone else.
        self.fields["username"].widget.attrs["maxlength"] = str(MAX_LENGTH)
