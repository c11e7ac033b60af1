"""The settings form: notifications, language, animations and the next game (vacation
has its own buttons)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.language import language_choices
from accounts.models import User


class PreferencesForm(forms.ModelForm):
    # The model keeps any code; the form offers only the site's languages.
    language = forms.ChoiceField(label=_("Language"), choices=language_choices, required=False)
    # Left out of a form (an older page, a script): the current choice stays.
    animation_speed = forms.ChoiceField(
        label=_("Animation of the opponents' moves"), choices=User.AnimationSpeed.choices,
        required=False, widget=forms.RadioSelect,
        help_text=_("Your own moves always show at once."))

    class Meta:
        model = User
        fields = ["notify", "language", "animation_speed", "auto_next_game"]
        widgets = {"notify": forms.RadioSelect}
        labels = {"notify": _("Email notifications"),
                  "auto_next_game": _("Go to the next game after a move")}

    def clean_animation_speed(self) -> str:
        return self.cleaned_data["animation_speed"] or self.instance.animation_speed
