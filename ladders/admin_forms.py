"""The forms of the ladder admin's small pages (add, move, remove a player, an
announcement, the next season, a message, a corrected result)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class AddPlayerForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Player"), max_length=150)
    position = forms.IntegerField(
        label=gettext_lazy("Position"), min_value=1, required=False,
        help_text=gettext_lazy("Empty: at the bottom."),
    )

    def clean_username(self):
        user = get_user_model().objects.filter(
            username__iexact=self.cleaned_data["username"].strip()).first()
        if user is None:
            raise forms.ValidationError(_("There is no player of that name."))
        return user


class MovePlayerForm(forms.Form):
    position = forms.IntegerField(label=gettext_lazy("New position"), min_value=1)


class RemovePlayerForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason (the player reads it)"), max_length=500,
                             widget=forms.Textarea(attrs={"rows": 3}))
    ban = forms.ChoiceField(label=gettext_lazy("Ban from this ladder"), choices=[
        ("", gettext_lazy("no ban: they may join again")),
        ("days", gettext_lazy("for a number of days")),
        ("forever", gettext_lazy("for good")),
    ], required=False)
    days = forms.IntegerField(label=gettext_lazy("Days"), min_value=1, max_value=3650,
                              required=False)

    def clean(self):
        data = super().clean()
        if data.get("ban") == "days" and not data.get("days"):
            self.add_error("days", _("How many days?"))
        return data


class UserForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Player"), max_length=150)

    def clean_username(self):
        return AddPlayerForm.clean_username(self)


class AnnounceForm(forms.Form):
    text = forms.CharField(label=gettext_lazy("Announcement"), max_length=2000,
                           widget=forms.Textarea)


class NextSeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the new season"), max_length=100)
    keep_order = forms.BooleanField(
        label=gettext_lazy("Keep the final order"), required=False, initial=True,
        help_text=gettext_lazy("Off: the new season starts empty and players join again."))


class NotifyForm(forms.Form):
    text = forms.CharField(label=gettext_lazy("Message"), max_length=1000, widget=forms.Textarea)


class CorrectResultForm(forms.Form):
    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=[
        ("challenger", gettext_lazy("The challenger won")),
        ("defender", gettext_lazy("The defender won")),
        ("draw", gettext_lazy("Draw")),
        ("annul", gettext_lazy("Annul the game: it counts for nothing")),
    ])
    note = forms.CharField(label=gettext_lazy("Why"), max_length=500, widget=forms.Textarea)
