"""Typed readers for the environment.

Every setting druidsite takes from the environment is read here, so that a bad
value stops the process at start with a message naming the variable, instead of
surfacing later as an odd behaviour.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import urlparse

import environ
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class Env:
    """Reads variables from a mapping (the process environment by default)."""

    def __init__(self, source: Mapping[str, str] | None = None) -> None:
        self.source = os.environ if source is None else source

    def _raw(self, name: str) -> str | None:
        value = self.source.get(name)
        if value is None or value.strip() == "":
            return None
        return value.strip()

    def is_set(self, name: str) -> bool:
        return self._raw(name) is not None

    def str(self, name: str, default: str | None = None) -> str | None:
        value = self._raw(name)
        return default if value is None else value

    def required(self, name: str, why: str) -> str:
        value = self._raw(name)
        if value is None:
            raise ImproperlyConfigured(f"{name} must be set: {why}")
        return value

    def bool(self, name: str, default: bool) -> bool:
        value = self._raw(name)
        if value is None:
            return default
        lowered = value.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ImproperlyConfigured(
            f"{name} must be a boolean (true/false, 1/0, yes/no, on/off), got {value!r}"
        )

    def int(self, name: str, default: int, minimum: int | None = None) -> int:
        value = self._raw(name)
        if value is None:
            return default
        try:
            number = int(value)
        except ValueError:
            raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from None
        if minimum is not None and number < minimum:
            raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {number}")
        return number

    def float(self, name: str, default: float, minimum: float | None = None) -> float:
        value = self._raw(name)
        if value is None:
            return default
        try:
            number = float(value)
        except ValueError:
            raise ImproperlyConfigured(f"{name} must be a number, got {value!r}") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise ImproperlyConfigured(f"{name} must be a finite number, got {value!r}")
        if minimum is not None and number < minimum:
            raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {number}")
        return number

    def list(self, name: str, default: list[str]) -> list[str]:
        value = self._raw(name)
        if value is None:
            return list(default)
        return [item.strip() for item in value.split(",") if item.strip()]

    def choice(self, name: str, choices: tuple[str, ...], default: str) -> str:
        value = self._raw(name)
        if value is None:
            return default
        if value not in choices:
            raise ImproperlyConfigured(
                f"{name} must be one of {', '.join(choices)}, got {value!r}"
            )
        return value

    def database(self, name: str) -> dict | None:
        """A database from a URL (postgres://, sqlite:///), or None when unset."""
        value = self._raw(name)
        if value is None:
            return None
        scheme = urlparse(value).scheme
        if scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
            raise ImproperlyConfigured(
                f"{name} must be a postgres:// or sqlite:/// URL, got scheme {scheme!r}"
            )
        try:
            config = environ.Env.db_url_config(value)
        except Exception as exc:  # the library raises several kinds
            raise ImproperlyConfigured(f"{name} is not a valid database URL: {exc}") from None
        if scheme != "sqlite" and not config.get("NAME"):
            raise ImproperlyConfigured(f"{name} must name a database, got {value!r}")
        return config

    def redis_url(self, name: str) -> str | None:
        value = self._raw(name)
        if value is None:
            return None
        parsed = urlparse(value)
        if parsed.scheme not in {"redis", "rediss"} or not parsed.hostname:
            raise ImproperlyConfigured(
                f"{name} must be a redis://host:port/db URL, got {value!r}"
            )
        try:
            parsed.port  # noqa: B018 - raises ValueError on a bad port
        except ValueError:
            raise ImproperlyConfigured(f"{name} has an invalid port: {value!r}") from None
        return value

    def site_url(self, name: str) -> str | None:
        """A site's public address (scheme and host, no path), without a trailing slash."""
        value = self._raw(name)
        if value is None:
            return None
        parsed = urlparse(value)
        if parsed.scheme not in {"http", "https"} or not parsed.hostname:
            raise ImproperlyConfigured(
                f"{name} must be the site's address, such as https://druids.example.org, "
                f"got {value!r}"
            )
        if parsed.path.strip("/") or parsed.query or parsed.fragment:
            raise ImproperlyConfigured(f"{name} must have no path, got {value!r}")
        return f"{parsed.scheme}://{parsed.netloc}"

    def email(self, name: str) -> dict | None:
        """SMTP settings from a URL such as smtp://user:pass@host:587 (submit+tls)."""
        value = self._raw(name)
        if value is None:
            return None
        scheme = urlparse(value).scheme
        if scheme not in {"smtp", "smtps", "smtp+tls", "smtp+ssl", "consolemail"}:
            raise ImproperlyConfigured(
                f"{name} must be an smtp://, smtp+tls:// or smtp+ssl:// URL, got scheme {scheme!r}"
            )
        try:
            return environ.Env.email_url_config(value)
        except Exception as exc:
            raise ImproperlyConfigured(f"{name} is not a valid email URL: {exc}") from None
