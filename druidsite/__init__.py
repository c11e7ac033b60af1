"""The druidsite project package; the Celery app loads with Django."""

from druidsite.celery import app as celery_app

__all__ = ("celery_app",)
