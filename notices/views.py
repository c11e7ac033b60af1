"""The player's notices: newest first; opening the page marks them read."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from notices.kinds import words
from notices.models import Notice


@login_required
@require_GET
def notice_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(Notice.objects.filter(user=request.user), 50).get_page(
        request.GET.get("page"))
    rows = [{"notice": notice, "text": words(notice.kind, notice.params)[1]} for notice in page]
    Notice.objects.filter(user=request.user, read_at__isnull=True,
                          pk__in=[n.pk for n in page]).update(read_at=timezone.now())
    return render(request, "notices/list.html", {"rows": rows, "page": page})
