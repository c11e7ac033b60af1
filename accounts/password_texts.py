"""Django's password help texts, listed here so that makemessages puts them in the
site's catalogue: its Dutch says "je" like the rest of the site, where Django's own
Dutch catalogue says "u". The site's catalogue comes first (LOCALE_PATHS).

Nothing calls ``_listed``; the msgids must stay exactly Django's (with ’).
"""

from django.utils.translation import gettext_noop, ngettext


def _listed() -> None:  # pragma: no cover - read by makemessages only
    gettext_noop("Your password can’t be too similar to your other personal information.")
    ngettext(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        8,
    )
    gettext_noop("Your password can’t be a commonly used password.")
    gettext_noop("Your password can’t be entirely numeric.")
