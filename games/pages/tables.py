"""Pages of tables (games of more than two seats): open one, its page, its standings;
POST actions call games.lobby.tables and redirect with a message."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core import catalog, services, table_terms
from games.lobby import tables
from games.models import DAYS_LABELS, DEFAULT_DAYS, Table


def table_games() -> list:
    """The games played at tables: more than two seats."""
    return [info for info in catalog.games() if info.max_seats > 2]


class TableForm(forms.Form):
    size = forms.TypedChoiceField(label=gettext_lazy("Seats"), coerce=int)
    teams = forms.BooleanField(
        label=gettext_lazy("Teams"), required=False,
        help_text=gettext_lazy("Partners sit opposite each other; an even number of seats, "
                               "at least 4."))
    limit = forms.IntegerField(
        label=gettext_lazy("Length limit (dealing cycles)"), required=False, min_value=1,
        max_value=table_terms.MAX_LIMIT,
        help_text=gettext_lazy("Empty: the default for the number of seats."))
    days_per_move = forms.TypedChoiceField(
        label=gettext_lazy("Time control"), choices=DAYS_LABELS, coerce=int, initial=DEFAULT_DAYS)
    rated = forms.BooleanField(label=gettext_lazy("Rated"), required=False, initial=True)
    games = forms.IntegerField(
        label=gettext_lazy("Games in the series"), min_value=1, max_value=table_terms.MAX_SERIES,
        initial=1, help_text=gettext_lazy(
            "Several games with the same players, seats rotated; the points are summed."))

    def __init__(self, *args, game, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["size"].choices = [(n, n) for n in range(game.min_seats, game.max_seats + 1)]
        self.fields["size"].initial = min(4, game.max_seats)
        if not table_terms.has_limit(game.name):
            del self.fields["limit"]


def length_hints(game) -> list[dict]:
    """The default limit and the expected length per number of seats (the form's table)."""
    if not table_terms.has_limit(game.name):
        return []
    rows = []
    for size in range(game.min_seats, game.max_seats + 1):
        for teams in (False, True) if size >= 4 and size % 2 == 0 else (False,):
            limit = table_terms.default_limit(game.name, size, teams)
            rows.append({"size": size, "teams": teams, "limit": limit,
                         "text": table_terms.length_text(game.name, size, teams, limit)})
    return rows


@login_required
def table_new(request: HttpRequest) -> HttpResponse:
    offered = table_games()
    name = request.POST.get("game") or request.GET.get("game") or ""
    game = catalog.find(name) if name else (offered[0] if offered else None)
    if game is None or game.max_seats <= 2:
        raise Http404(_("No game of this site is played at tables."))
    form = TableForm(request.POST if request.method == "POST" else None, game=game)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            table = tables.open_table(
                request.user, game=game.name, size=data["size"], teams=data["teams"],
                limit=data.get("limit"), days_per_move=data["days_per_move"],
                rated=data["rated"], games=data["games"])
        except services.ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Your table is open in the lobby."))
            return redirect("table", table_id=table.pk)
    return render(request, "games/table_new.html", {
        "form": form, "game": game, "games": offered, "hints": length_hints(game)})


def ai_choices(game: str) -> list[dict]:
    """The AI players a table of ``game`` can seat, weakest first: each level
    with its AI account's name, its arena rating and what it does, as the
    lobby shows them ("Archdruid, about 1900"), not the level's code name."""
    from django.contrib.auth import get_user_model

    from games.ai import levels_for
    from games.ai.registry import arena_rating, describe

    levels = levels_for(game)
    names = dict(get_user_model().objects.filter(
        is_bot=True, is_active=True, bot_level__in=levels).values_list("bot_level", "username"))
    choices = []
    for level in levels:
        label = names.get(level, level)
        rating = arena_rating(game, level)
        if rating is not None:
            label = _("%(name)s, about %(rating)s") % {"name": label, "rating": rating}
        choices.append({"level": level, "label": label, "description": _(describe(game, level))})
    return choices


def _context(request: HttpRequest, table: Table) -> dict:
    places = list(table.places.select_related("user").order_by("id"))
    me = request.user.pk if request.user.is_authenticated else None
    mine = next((p for p in places if p.user_id == me and not p.ai_level), None)
    is_creator = me == table.creator_id
    free = max(0, table.size - len(places))
    levels = ai_choices(table.game)
    series = list(table.series.select_related("match").order_by("number"))
    return {
        "table": table, "places": places, "mine": mine,
        "is_creator": is_creator, "free": free, "levels": levels,
        # the AI choice and the list saying what each level does
        "seats_ai": bool(is_creator and free and levels),
        "length": table_terms.length_text(table.game, table.size, table.teams, table.limit),
        "series": series,
        # What the live part shows, in short: the page replaces it only when it changed.
        "live_state": ",".join([table.status, *(
            f"{p.pk}{'i' if p.invited else ''}" for p in places), *(
            f"g{g.number}:{g.match.status}" for g in series)]),
        # Where a seated player is taken when the table starts while they look at it.
        "started_url": (reverse("game", args=[series[-1].match_id])
                        if series and mine is not None and not mine.invited else ""),
    }


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("creator"), pk=table_id)
    return render(request, "games/table.html", _context(request, table))


def standings_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("creator"), pk=table_id)
    context = _context(request, table)
    context["rows"] = tables.standings(table)
    return render(request, "games/table_standings.html", context)


@login_required
def table_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    post = request.POST
    handlers = {
        "join": (lambda: tables.join_table(table_id, request.user), _("You joined the table.")),
        "leave": (lambda: tables.leave_table(table_id, request.user), _("You left the table.")),
        "cancel": (lambda: tables.cancel_table(table_id, request.user),
                   _("The table is cancelled.")),
        "invite": (lambda: tables.invite(table_id, request.user, post.get("username", "")),
                   _("Invitation sent.")),
        "ai": (lambda: tables.add_ai(table_id, request.user, post.get("level", "")),
               _("An AI player took a seat.")),
        "remove": (lambda: tables.remove_place(table_id, request.user, post.get("place")),
                   _("The seat is free again.")),
    }
    if action not in handlers:
        messages.error(request, _("Unknown action %(action)s.") % {"action": action})
        return redirect("table", table_id=table_id)
    call, done = handlers[action]
    try:
        call()
    except services.ServiceError as error:
        messages.error(request, error.message)
        if error.status == 404 and action in ("join", "leave", "cancel"):
            return redirect("lobby")
        return redirect("table", table_id=table_id)
    messages.success(request, done)
    table = Table.objects.filter(pk=table_id).first()
    first = table.series.order_by("number").first() if table is not None else None
    if first is not None and action in ("join", "ai"):
        return redirect("game", match_id=first.match_id)
    if action in ("leave", "cancel"):
        return redirect("lobby")
    return redirect("table", table_id=table_id)


def lobby_tables(user) -> list[dict]:
    """The lobby's open tables with their free seats (the newest first)."""
    found = (Table.objects.filter(status=Table.Status.OPEN).select_related("creator")
             .prefetch_related("places__user").order_by("-created_at")[:50])
    me = user.pk if user is not None and user.is_authenticated else None
    rows = []
    for table in found:
        places = list(table.places.all())
        free = max(0, table.size - len(places))
        mine = next((p for p in places if p.user_id == me and not p.ai_level), None)
        rows.append({"table": table, "places": places, "free": free,
                     "can_join": me is not None and ((mine is None and free > 0)
                                                     or (mine is not None and mine.invited))})
    return rows
