"""An admin whose create and edit are written to the model's own audit log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.http import HttpRequest


class AuditedSaveMixin(admin.ModelAdmin):
    """Records who created the object, and every create and edit in its audit log.
    ``record(obj, actor, action, **detail)`` writes a row; ``audit_actions`` names the
    log's create and edit actions."""

    record: Callable[..., Any]
    audit_actions: Any  # a TextChoices with CREATE and EDIT

    def save_model(self, request: HttpRequest, obj, form, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if change:
            self.record(obj, request.user, self.audit_actions.EDIT, fields={
                name: str(form.cleaned_data.get(name)) for name in form.changed_data})
        else:
            self.record(obj, request.user, self.audit_actions.CREATE, name=obj.name)


class DeletableWithItsLog(admin.ModelAdmin):
    """An object made by mistake (``has_delete_permission`` says which: no games yet)
    can be deleted by an admin who may delete it, together with its own rows (its audit
    log, entries, invitations), which are read-only in the admin and would otherwise
    block the deletion with a 403. The deletion itself is recorded in the admin's log
    (django.contrib.admin's LogEntry: who, when, which object), which outlives it."""

    def get_deleted_objects(self, objs, request: HttpRequest):
        deleted, counts, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, set(), protected
