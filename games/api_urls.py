"""REST API routes (mounted at /api/); documented at /api/docs/ and /api/schema/."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from games import api, api_challenges, api_docs, api_games

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
    path("games/<int:match_id>/rematch/", api_games.GameRematchView.as_view(),
         name="api-game-rematch"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", api_docs.api_docs, name="api-docs"),
]
