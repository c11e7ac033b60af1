"""The settings form: notifications and language (vacation has its own buttons)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.language import language_choices
from accounts.models import User


class PreferencesForm(forms.ModelForm):
    # The model keeps any code; the form offers only the site's languages.
    language = forms.ChoiceField(label=_("Language"), choices=language_choices, required=False)

    class Meta:
        model = User
        fields = ["notify", "language"]
        widgets = {"notify": forms.RadioSelect}
        labels = {"notify": _("Email notifications")}
