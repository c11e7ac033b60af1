"""Game pages: lobby, challenges, games, rules (the REST API is games.api.urls, under /api/)."""

from django.urls import path

from games.pages import disputes, game, home, lobby, puzzles, review, rules, tables, tutorial

urlpatterns = [
    path("lobby/", lobby.lobby, name="lobby"),
    path("challenges/new/", lobby.challenge_new, name="challenge_new"),
    path("challenges/<int:challenge_id>/<str:action>/", lobby.challenge_action,
         name="challenge_action"),
    path("tables/new/", tables.table_new, name="table_new"),
    path("tables/<int:table_id>/", tables.table_page, name="table"),
    path("tables/<int:table_id>/standings/", tables.standings_page,
         name="table_standings"),
    path("tables/<int:table_id>/<str:action>/", tables.table_action,
         name="table_action"),
    path("your-turn/", home.your_turn, name="your_turn"),
    path("next/", home.go_next, name="next_game"),
    path("play-ai/", lobby.play_ai, name="play_ai"),
    path("rules/", rules.rules_index, name="rules_index"),
    path("rules/<slug:game>/", rules.rules_page, name="rules_page"),
    path("rules/<slug:game>/precise/", rules.rules_spec, name="rules_spec"),
    path("learn/<slug:game>/", rules.rules_page, name="learn"),
    path("learn/<slug:game>/tutorial/", tutorial.tutorial_page, name="tutorial"),
    path("puzzles/<slug:game>/", puzzles.puzzle_next, name="puzzles"),
    path("puzzles/<slug:game>/<int:puzzle_id>/", puzzles.puzzle_page, name="puzzle"),
    path("games/<int:match_id>/", game.game_page, name="game"),
    path("games/<int:match_id>/board/", game.board_fragment, name="game_board"),
    path("games/<int:match_id>/replay/", game.replay_page, name="game_replay"),
    path("games/<int:match_id>/review/", review.review_page, name="game_review"),
    path("games/<int:match_id>/export.json", game.export, name="game_export"),
    path("games/<int:match_id>/dispute/", disputes.dispute, name="game_dispute"),
    path("games/<int:match_id>/<str:action>/", lobby.game_action, name="game_action"),
]
