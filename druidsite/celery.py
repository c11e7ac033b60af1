"""The Celery application: broker and schedule come from Django's settings."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "druidsite.settings")

app = Celery("druidsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
