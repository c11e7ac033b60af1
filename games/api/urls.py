"""REST API routes (mounted at /api/); documented at /api/docs/ and /api/schema/."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from druidsite.private_answers import same_for_everyone
from games.api import challenges as api_challenges
from games.api import chat as api_chat
from games.api import common as api
from games.api import disputes as api_disputes
from games.api import docs as api_docs
from games.api import games as api_games
from games.api import hints as api_hints
from games.api import tables as api_tables

urlpatterns = [
    path("token/", api.TokenView.as_view(), name="api-token"),
    path("me/", api.MeView.as_view(), name="api-me"),
    path("challenges/", api_challenges.ChallengeListView.as_view(), name="api-challenges"),
    path("challenges/<int:challenge_id>/", api_challenges.ChallengeDetailView.as_view(),
         name="api-challenge"),
    path("challenges/<int:challenge_id>/accept/", api_challenges.ChallengeAcceptView.as_view(),
         name="api-challenge-accept"),
    path("challenges/<int:challenge_id>/decline/",
         api_challenges.ChallengeDeclineView.as_view(), name="api-challenge-decline"),
    path("challenges/<int:challenge_id>/cancel/", api_challenges.ChallengeCancelView.as_view(),
         name="api-challenge-cancel"),
    path("games/", api_games.GameListView.as_view(), name="api-games"),
    path("games/<int:match_id>/", api_games.GameDetailView.as_view(), name="api-game"),
    path("games/<int:match_id>/legal/", api_games.GameLegalMovesView.as_view(),
         name="api-game-legal"),
    path("games/<int:match_id>/events/", api_games.GameEventsView.as_view(),
         name="api-game-events"),
    path("games/<int:match_id>/export/", api_games.GameExportView.as_view(),
         name="api-game-export"),
    path("games/<int:match_id>/move/", api_games.GameMoveView.as_view(), name="api-game-move"),
    path("games/<int:match_id>/resign/", api_games.GameResignView.as_view(),
         name="api-game-resign"),
    path("games/<int:match_id>/draw/", api_games.GameDrawView.as_view(), name="api-game-draw"),
    path("games/<int:match_id>/chat/", api_chat.GameChatView.as_view(), name="api-game-chat"),
    path("games/<int:match_id>/chat/<int:line_id>/report/", api_chat.ChatReportView.as_view(),
         name="api-game-chat-report"),
    path("games/<int:match_id>/hints/", api_hints.GameHintsView.as_view(),
         name="api-game-hints"),
    path("games/<int:match_id>/notes/", api_chat.GameNoteView.as_view(), name="api-game-notes"),
    path("games/<int:match_id>/dispute/", api_disputes.GameDisputeView.as_view(),
         name="api-game-dispute"),
    path("games/<int:match_id>/rematch/", api_games.GameRematchView.as_view(),
         name="api-game-rematch"),
    path("tables/", api_tables.TableListView.as_view(), name="api-tables"),
    path("tables/<int:table_id>/", api_tables.TableDetailView.as_view(), name="api-table"),
    path("tables/<int:table_id>/standings/", api_tables.TableStandingsView.as_view(),
         name="api-table-standings"),
    path("tables/<int:table_id>/join/", api_tables.TableJoinView.as_view(),
         name="api-table-join"),
    path("tables/<int:table_id>/leave/", api_tables.TableLeaveView.as_view(),
         name="api-table-leave"),
    path("tables/<int:table_id>/cancel/", api_tables.TableCancelView.as_view(),
         name="api-table-cancel"),
    path("tables/<int:table_id>/invite/", api_tables.TableInviteView.as_view(),
         name="api-table-invite"),
    path("tables/<int:table_id>/ai/", api_tables.TableAiView.as_view(), name="api-table-ai"),
    path("tables/<int:table_id>/remove/", api_tables.TableRemoveView.as_view(),
         name="api-table-remove"),
    path("schema/", same_for_everyone(SpectacularAPIView.as_view()), name="api-schema"),
    path("docs/", api_docs.api_docs, name="api-docs"),
]
