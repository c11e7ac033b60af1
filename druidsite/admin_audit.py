"""An admin whose create and edit are written to the model's own audit log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin
from django.core import validators
from django.http import HttpRequest


def real_bounds(form_class):
    """Give each number field of a model form the model's own bounds (its Min/Max value
    validators): a positive field's form says "at least 0" even when the model wants at
    least 1, so a negative value got the wrong bound. One message, the real bound."""
    model = form_class._meta.model
    for name, field in form_class.base_fields.items():
        if not isinstance(field, forms.IntegerField):
            continue
        if field.min_value is None and field.max_value is None:
            continue  # bounds left out on purpose (the model's clean says them in full)
        try:
            model_field = model._meta.get_field(name)
        except Exception:
            continue
        low = [v.limit_value for v in model_field.validators
               if isinstance(v, validators.MinValueValidator)]
        high = [v.limit_value for v in model_field.validators
                if isinstance(v, validators.MaxValueValidator)]
        if low:
            field.min_value = max(low)
            field.widget.attrs["min"] = field.min_value
        if high:
            field.max_value = min(high)
            field.widget.attrs["max"] = field.max_value
        field.validators = [v for v in field.validators if not isinstance(
            v, validators.MinValueValidator | validators.MaxValueValidator)]
        if field.min_value is not None:
            field.validators.append(validators.MinValueValidator(field.min_value))
        if field.max_value is not None:
            field.validators.append(validators.MaxValueValidator(field.max_value))
    return form_class


class AuditedSaveMixin(admin.ModelAdmin):
    """Records who created the object, and every create and edit in its audit log.
    ``record(obj, actor, action, **detail)`` writes a row; ``audit_actions`` names the
    log's create and edit actions."""

    record: Callable[..., Any]
    audit_actions: Any  # a TextChoices with CREATE and EDIT

    def get_form(self, request: HttpRequest, obj=None, change: bool = False, **kwargs):
        return real_bounds(super().get_form(request, obj, change, **kwargs))

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
