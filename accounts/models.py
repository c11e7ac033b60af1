"""Players' accounts."""

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player or an admin; the site's own user model from the first migration on."""

    class Meta:
        db_table = "accounts_user"
