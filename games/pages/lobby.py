"""Pages of the lobby, challenges and "your turn"; POST actions on games.

Thin adapters: parse the form, call a service, redirect with a message.
"""

from __future__ import annotations

import copy

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core import catalog, services
from games.core.catalog import GameInfo
from games.core.handicap import handicaps_for
from games.models import DAYS_LABELS, DEFAULT_DAYS, Challenge, Match
from games.pages import tables as views_tables


def _remove_label(value: int) -> str:
    return _("remove a %(value)s") % {"value": value}


# Lazy, so that each page shows the choices in its own language.
HANDICAP_CHOICES = [("", gettext_lazy("none"))] + [
    (str(v), lazy(_remove_label, str)(v)) for v in (1, 2, 3)
]


class ChallengeForm(forms.Form):
    """A challenge to a game of the catalogue: its seats, and the handicap choices
    only for a game whose handicap options apply."""

    game = forms.CharField(widget=forms.HiddenInput, required=False)
    opponent = forms.CharField(
        label=gettext_lazy("Opponent"), required=False, max_length=150,
        help_text=gettext_lazy(
            "A player's name, or empty for an open challenge anyone may accept."),
    )
    days_per_move = forms.TypedChoiceField(
        label=gettext_lazy("Time control"), choices=DAYS_LABELS, coerce=int, initial=DEFAULT_DAYS
    )
    creator_seat = forms.ChoiceField(label=gettext_lazy("Your seat"))
    rated = forms.BooleanField(label=gettext_lazy("Rated"), required=False, initial=True)
    my_handicap = forms.ChoiceField(
        label=gettext_lazy("Cards I remove (strength handicap)"), choices=HANDICAP_CHOICES,
        required=False,
    )
    their_handicap = forms.ChoiceField(
        label=gettext_lazy("Cards my opponent removes"), choices=HANDICAP_CHOICES, required=False
    )

    def __init__(self, *args, game: GameInfo, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["game"].initial = game.name
        seat = self.fields["creator_seat"]
        seat.label, seat.choices = game.seat_choice_label, game.seat_choices()
        if not game.handicap:
            del self.fields["my_handicap"], self.fields["their_handicap"]

    def handicap(self) -> dict:
        data = self.cleaned_data
        result = {}
        if data.get("my_handicap"):
            result["creator"] = [int(data["my_handicap"])]
        if data.get("their_handicap"):
            result["opponent"] = [int(data["their_handicap"])]
        return result


def _service_error(request: HttpRequest, error: services.ServiceError) -> None:
    messages.error(request, error.message)


def lobby(request: HttpRequest) -> HttpResponse:
    from social.selectors import blocked_ids

    open_challenges = (
        Challenge.objects.filter(status=Challenge.Status.OPEN, opponent__isnull=True)
        .exclude(creator_id__in=blocked_ids(request.user))  # not paired with a block
        .select_related("creator").order_by("-created_at")[:100]
    )
    context: dict = {
        "open_challenges": open_challenges,
        "accept_actions": [("accept", _("Accept"))],
        "incoming_actions": [("accept", _("Accept")), ("decline", _("Decline"))],
        "outgoing_actions": [("cancel", _("Cancel"))],
    }
    if request.user.is_authenticated:
        context["incoming"] = (
            Challenge.objects.filter(status=Challenge.Status.OPEN, opponent=request.user)
            .select_related("creator")
        )
        context["outgoing"] = (
            Challenge.objects.filter(status=Challenge.Status.OPEN, creator=request.user)
            .select_related("opponent")
        )
        # The game of the challenge just made stays chosen (``?game=``); an unknown
        # name falls back to the first, as no name does.
        chosen = _chosen_game(request)[0] or catalog.default()
        context["form"] = ChallengeForm(game=chosen)
        # By name: in a template ``form.game`` is the form's hidden field, not the game.
        context["form_game"] = chosen.name
    context["games"] = catalog.games()
    context["open_tables"] = views_tables.lobby_tables(request.user)
    context["table_games"] = views_tables.table_games()
    context["ai_games"] = ai_games()
    context["days_choices"] = DAYS_LABELS
    context["days_default"] = DEFAULT_DAYS
    context["recent"] = (
        Match.objects.filter(status=Match.Status.ACTIVE, tutorial=False)
        .prefetch_related("seats__user")
        .order_by("-updated_at")[:20]
    )
    return render(request, "games/lobby.html", context)


def ai_games() -> list[dict]:
    """The lobby's "play the AI", game by game: the AI players of each game that has any,
    in the order of its levels (weakest first), each with its arena rating in that game."""
    bots = list(get_user_model().objects.filter(is_bot=True, is_active=True).order_by("pk"))
    found = []
    from games.ai.registry import arena_rating, describe

    for game in catalog.with_ai():
        players = []
        for bot in sorted((b for b in bots if b.bot_level in game.ai_levels),
                          key=lambda b: game.ai_levels.index(b.bot_level)):
            shown = copy.copy(bot)  # the same account describes itself per game
            shown.lobby_description = _(describe(game.name, bot.bot_level))
            rating = arena_rating(game.name, bot.bot_level)
            # "about 1680": a string, so no locale groups its digits.
            shown.arena_rating = str(rating) if rating is not None else ""
            players.append(shown)
        if players:
            # Chosen at first: the first real opponent after Sprite (who plays at random).
            first = players[1] if len(players) > 1 else players[0]
            found.append({"game": game, "bots": players, "first_choice": first.bot_level,
                          "seat_choices": game.seat_choices(), "length": _ai_game_length(game)})
    return found


def _ai_game_length(game: GameInfo) -> str:
    """How long a game against the AI lasts, for a game with a length limit."""
    from games.core.table_terms import expected_length

    limit = game.options_for({}).get("limit")
    length = expected_length(game.name, 2, False, limit)
    if length is None:
        return ""
    return _("A game ends after %(limit)s dealing cycles, about %(turns)s turns each; if no "
             "one has finished, castle values decide.") % {
        "limit": limit, "turns": length["turns_each"]}


def _chosen_game(request: HttpRequest) -> tuple[GameInfo | None, str]:
    """The game a form is about (the first of the catalogue if it names none), or
    None and why."""
    name = request.POST.get("game") or request.GET.get("game") or ""
    game = catalog.find(name) if name else catalog.default()
    return game, "" if game is not None else catalog.unknown_game_message(name)


@login_required
def challenge_new(request: HttpRequest) -> HttpResponse:
    game, problem = _chosen_game(request)
    if game is None:
        return render(request, "games/challenge_new.html",
                      {"problem": problem, "games": catalog.games()}, status=400)
    initial = {"opponent": request.GET.get("opponent", "")}
    form = ChallengeForm(request.POST if request.method == "POST" else None, initial=initial,
                         game=game)
    preview = None
    if request.method == "POST" and form.is_valid():
        try:
            challenge = services.create_challenge(
                request.user,
                game=game.name,
                opponent=form.cleaned_data["opponent"] or None,
                days_per_move=form.cleaned_data["days_per_move"],
                creator_seat=form.cleaned_data["creator_seat"],
                rated=form.cleaned_data["rated"],
                handicap=form.handicap(),
            )
        except services.ServiceError as error:
            form.add_error(None, error.message)
        else:
            if challenge.opponent_id:
                messages.success(request, _("Challenge sent to %(name)s.") % {
                    "name": challenge.opponent.username})
            else:
                messages.success(request, _("Your open challenge is in the lobby."))
            return redirect(f"{reverse('lobby')}?game={game.name}")
    opponent_name = (form.data.get("opponent") if form.is_bound else initial["opponent"]) or ""
    opponent = get_user_model().objects.filter(username__iexact=opponent_name.strip()).first()
    if opponent is not None and opponent.pk != request.user.pk and game.handicap:
        preview = handicaps_for(game.name, request.user, opponent)
        preview = [h.reason for h in preview.values() if h.reason]
    return render(request, "games/challenge_new.html", {
        "form": form, "preview": preview, "game": game, "games": catalog.games()})


@login_required
def challenge_action(request: HttpRequest, challenge_id: int, action: str) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    handlers = {
        "accept": services.accept_challenge,
        "decline": services.decline_challenge,
        "cancel": services.cancel_challenge,
    }
    handler = handlers.get(action)
    if handler is None:
        messages.error(request, _("Unknown action %(action)s.") % {"action": action})
        return redirect("lobby")
    try:
        result = handler(challenge_id, request.user)
    except services.ServiceError as error:
        _service_error(request, error)
        return redirect("lobby")
    if isinstance(result, Match):
        return redirect("game", match_id=result.pk)
    if isinstance(result, Challenge) and result.rematch_of_id:
        # A rematch offer is answered on the finished game's page: back there.
        return redirect("game", match_id=result.rematch_of_id)
    messages.success(request, _("Challenge %(action)s.") % {
        "action": {"decline": _("declined"), "cancel": _("cancelled")}[action]})
    return redirect("lobby")


@login_required
def play_ai(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    from games.ai_players.bots import play_the_ai

    level = request.POST.get("level", "")
    seat = request.POST.get("seat", "random")
    try:
        days = request.POST.get("days_per_move", DEFAULT_DAYS)
        match = play_the_ai(request.user, level, seat, days,
                            game=request.POST.get("game") or None,
                            rated=request.POST.get("unrated") != "1")
    except services.ServiceError as error:
        _service_error(request, error)
        return redirect("lobby")
    return redirect("game", match_id=match.pk)


GAME_ACTIONS = {
    "resign": lambda match_id, user: services.resign(match_id, user),
    "draw-offer": lambda match_id, user: services.offer_draw(match_id, user),
    "draw-accept": lambda match_id, user: services.answer_draw(match_id, user, True),
    "draw-decline": lambda match_id, user: services.answer_draw(match_id, user, False),
    "rematch": lambda match_id, user: services.rematch(match_id, user),
}


@login_required
def game_action(request: HttpRequest, match_id: int, action: str) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    handler = GAME_ACTIONS.get(action)
    if handler is None:
        messages.error(request, _("Unknown action %(action)s.") % {"action": action})
        return redirect("game", match_id=match_id)
    try:
        result = handler(match_id, request.user)
    except services.ServiceError as error:
        _service_error(request, error)
        return redirect("game", match_id=match_id) if error.status != 404 else redirect("lobby")
    if isinstance(result, Match) and result.pk != match_id:
        return redirect("game", match_id=result.pk)
    return redirect(reverse("game", kwargs={"match_id": match_id}))
