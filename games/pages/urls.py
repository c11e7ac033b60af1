"""Game pages: lobby, challenges, games, rules (the REST API is games.api.urls, under /api/)."""

from django.urls import path

from games.pages import disputes as views_disputes
from games.pages import game as views_game
from games.pages import home as views_home
from games.pages import lobby as views
from games.pages import review as views_review
from games.pages import rules as views_rules
from games.pages import tables as views_tables
from games.pages import tutorial as views_tutorial

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("challenges/new/", views.challenge_new, name="challenge_new"),
    path("challenges/<int:challenge_id>/<str:action>/", views.challenge_action,
         name="challenge_action"),
    path("tables/new/", views_tables.table_new, name="table_new"),
    path("tables/<int:table_id>/", views_tables.table_page, name="table"),
    path("tables/<int:table_id>/standings/", views_tables.standings_page,
         name="table_standings"),
    path("tables/<int:table_id>/<str:action>/", views_tables.table_action,
         name="table_action"),
    path("your-turn/", views_home.your_turn, name="your_turn"),
    path("next/", views_home.go_next, name="next_game"),
    path("play-ai/", views.play_ai, name="play_ai"),
    path("rules/", views_rules.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views_rules.rules_page, name="rules_page"),
    path("rules/<slug:game>/precise/", views_rules.rules_spec, name="rules_spec"),
    path("learn/<slug:game>/", views_rules.rules_page, name="learn"),
    path("learn/<slug:game>/tutorial/", views_tutorial.tutorial_page, name="tutorial"),
    path("games/<int:match_id>/", views_game.game_page, name="game"),
    path("games/<int:match_id>/board/", views_game.board_fragment, name="game_board"),
    path("games/<int:match_id>/replay/", views_game.replay_page, name="game_replay"),
    path("games/<int:match_id>/review/", views_review.review_page, name="game_review"),
    path("games/<int:match_id>/export.json", views_game.export, name="game_export"),
    path("games/<int:match_id>/dispute/", views_disputes.dispute, name="game_dispute"),
    path("games/<int:match_id>/<str:action>/", views.game_action, name="game_action"),
]
