"""The rules of a new username: at most 30 characters, normalised, and no look-alike.

A name is stored in its NFKC form (full-width ``ａｌｉｃｅ`` becomes ``alice``).
It is refused when its skeleton equals that of a taken or reserved name: the
skeleton folds case and maps letters that look alike across the Latin, Greek
and Cyrillic scripts (``accounts.confusables``: Cyrillic ``а`` for ``a``,
capital ``I`` for ``l``, ``0`` for ``O``) to one representative, so that no
player can pass for another in a list of players.

The rules apply where a name is chosen (signing up: accounts.adapter; the
admin: accounts.admin); names taken before them stay as they are.
"""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from accounts.confusables import CONFUSABLES

MAX_LENGTH = 30
_MAP = str.maketrans(CONFUSABLES)


def normalize(name: str) -> str:
    return unicodedata.normalize("NFKC", name)


def skeleton(name: str) -> str:
    """What ``name`` looks like as written, case folded: names with equal skeletons can
    be mistaken for each other.

    Mapped before folding (a capital I looks like l, not like i) and after it (folding
    can make a letter that looks like another, as Greek capital sigma's small form).
    """
    decomposed = unicodedata.normalize("NFD", normalize(name))
    return decomposed.translate(_MAP).casefold().translate(_MAP)


def skeletons(name: str) -> set[str]:
    """The skeletons of ``name`` as written and in small letters: a name taken in
    capitals (ALICE) is the account of its small-letter form (alice) too."""
    return {skeleton(name), skeleton(normalize(name).casefold())}


def confusable(one: str, other: str) -> bool:
    return not skeletons(one).isdisjoint(skeletons(other))


def look_alike_of(name: str, exclude_pk: int | None = None) -> str | None:
    """The taken name ``name`` can be mistaken for, if any (itself excluded by its pk)."""
    wanted = skeletons(name)
    users = get_user_model().objects.all()
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    # One pass over the names: signing up is rare, and a skeleton is cheap.
    for taken in users.values_list("username", flat=True).iterator():
        if not wanted.isdisjoint(skeletons(taken)):
            return taken
    return None


def reserved_names() -> list[str]:
    """Names no player may sign up with: the site's own words and the AI players'."""
    from games.ai import LEVELS

    return [*settings.ACCOUNT_USERNAME_BLACKLIST, *(info["name"] for info in LEVELS.values())]


def validate_new_username(name: str, exclude_pk: int | None = None,
                          check_taken: bool = True) -> str:
    """``name`` in its stored form, or a ValidationError saying why it cannot be had."""
    name = normalize(name)
    if len(name) > MAX_LENGTH:
        raise ValidationError(
            _("A username has at most %(limit)d characters (this one has %(length)d).")
            % {"limit": MAX_LENGTH, "length": len(name)}, code="username_too_long")
    if any(confusable(name, word) for word in reserved_names()):
        raise ValidationError(_("This username is reserved: choose another one."),
                              code="username_reserved")
    if check_taken:
        taken = look_alike_of(name, exclude_pk)
        if taken is not None:
            raise ValidationError(
                _("This username looks too much like that of the player “%(name)s”: "
                  "choose one that cannot be mistaken for it.") % {"name": taken},
                code="username_look_alike")
    return name
