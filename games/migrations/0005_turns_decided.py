"""Seat.notified_version now counts the turns decided (mailed or skipped): the
version of the last mailed turn plus one."""

from django.db import migrations
from django.db.models import F


def forwards(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(notified_at__isnull=False).update(notified_version=F("notified_version") + 1)


def backwards(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(notified_at__isnull=False, notified_version__gt=0).update(
        notified_version=F("notified_version") - 1)


class Migration(migrations.Migration):
    dependencies = [("games", "0004_commit_kinds")]
    operations = [migrations.RunPython(forwards, backwards)]
