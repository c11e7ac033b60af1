"""Admins whose create, edit and delete are written to the model's own audit log, and
the read-only admin of the rows only the site's services write (logs, records)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin
from django.core import validators
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _


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
    """Deleting a ladder or a tournament, one rule for both.

    Only one made by mistake can be deleted: ``delete_refusal(obj)`` says why not (it
    has games), and the admin gets ``refusal_template`` saying so (409). Its own
    read-only rows (entries, invitations) go with it; they would otherwise block the
    deletion with a 403. Its audit log stays: the log's link to the object
    (``audit_link``, a nullable foreign key of ``audit_model``) is emptied, and a
    "delete" row records who deleted it, when, and its name, id and status, so the
    log still tells what the object was. Django's admin log records the deletion too.
    One at a time: no bulk delete, each deletion checked and logged."""

    audit_model: Any  # the object's audit log: actor, action (with DELETE), detail
    audit_link: str  # the log's foreign key to the object (on_delete SET_NULL)
    refusal_template: str

    def delete_refusal(self, obj) -> str:
        """Why ``obj`` cannot be deleted, or "" when it can."""
        return ""

    def delete_view(self, request: HttpRequest, object_id, extra_context=None):
        obj = get_object_or_404(self.model, pk=object_id)
        refusal = self.delete_refusal(obj)
        if refusal:
            context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                       "original": obj, "form": None, "refusal": refusal,
                       "title": _("%(name)s cannot be deleted") % {"name": obj.name}}
            return TemplateResponse(request, self.refusal_template, context, status=409)
        return super().delete_view(request, object_id, extra_context)

    def delete_model(self, request: HttpRequest, obj) -> None:
        # Written directly, not through the services' audit: nobody is told of a
        # deletion, and the object's page is gone with it.
        self.audit_model.objects.create(
            **{self.audit_link: obj}, actor=request.user,
            action=self.audit_model.Action.DELETE,
            detail={"name": obj.name, "id": obj.pk, "status": obj.status})
        super().delete_model(request, obj)

    def get_actions(self, request: HttpRequest):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def get_deleted_objects(self, objs, request: HttpRequest):
        deleted, counts, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, set(), protected


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written only by the site's services: listed and viewable, never edited here."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
