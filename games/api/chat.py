"""A game's chat and my private notes in the API (social.chat)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView, error_responses, load_match
from social import chat


class ChatLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    channel = serializers.CharField()
    player = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    hidden = serializers.BooleanField()
    hidden_why = serializers.ChoiceField(
        choices=["admin", "account_deleted"], allow_null=True,
        help_text='Why the text is gone: "admin" (an admin hid it) or "account_deleted" '
                  "(its writer deleted their account); null when it is there.")
    hidden_text = serializers.CharField(
        allow_blank=True, help_text="What to show in its place, in the reader's language.")
    at = serializers.DateTimeField()
    links = serializers.BooleanField(help_text="Whether the author's links may be clickable "
                                     "(not for new accounts).")


class ChatRequestSerializer(serializers.Serializer):
    channel = serializers.CharField(max_length=16, help_text='"players", "team-<n>", '
                                    '"spectators"')
    text = serializers.CharField(max_length=chat.MAX_LENGTH, trim_whitespace=True)


class NoteSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=chat.MAX_NOTE, allow_blank=True,
                                 trim_whitespace=False)


class GameChatView(ApiView):
    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    @extend_schema(operation_id="games_chat", summary="The chat lines you may read",
                   description="Players read the players' channel (and their team's) and may "
                   "open the spectators'; spectators read theirs. AI accounts read nothing.",
                   responses={200: ChatLineSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, match_id: int) -> Response:
        return Response(chat.lines(load_match(match_id), self.user))

    @extend_schema(operation_id="games_chat_send", summary="Write a chat line",
                   description="Plain text, at most 500 characters, to a channel you may "
                   "write (players: the players' and your team's; others: the spectators'); "
                   "a few lines per ten seconds, 429 beyond. The line goes live to every "
                   "socket that may read it.",
                   request=ChatRequestSerializer,
                   responses={201: ChatLineSerializer, **error_responses(400, 401, 403, 404,
                                                                         429)})
    def post(self, request: Request, match_id: int) -> Response:
        data = self.parse(ChatRequestSerializer, request.data)
        line = chat.send(match_id, request.user, data["channel"], data["text"])
        return Response(chat.line_payload(line), status=status.HTTP_201_CREATED)


class GameNoteView(ApiView):
    @extend_schema(operation_id="games_note", summary="Your private notes on a game",
                   description="Only their author ever sees them.",
                   responses={200: NoteSerializer, **error_responses(401, 404)})
    def get(self, request: Request, match_id: int) -> Response:
        return Response({"text": chat.note_of(load_match(match_id), request.user)})

    @extend_schema(operation_id="games_note_save", summary="Save your private notes",
                   description="Replaces your notes on this game (at most 5000 characters); "
                   "only players of the game keep notes on it.",
                   request=NoteSerializer,
                   responses={200: NoteSerializer, **error_responses(400, 401, 403, 404)})
    def put(self, request: Request, match_id: int) -> Response:
        data = self.parse(NoteSerializer, request.data)
        note = chat.save_note(match_id, request.user, data["text"])
        return Response({"text": note.text})


class ChatReportSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, help_text="What is wrong with the line; "
                                   "only the admins read it.")


class ChatReportAnswerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The report.")
    line = serializers.IntegerField()


class ChatReportView(ApiView):
    @extend_schema(operation_id="games_chat_report", summary="Report a chat line",
                   description="Report a line you can read (not your own) with a reason: the "
                   "admins see it in its game on the moderation page. The author is not told.",
                   request=ChatReportSerializer,
                   responses={201: ChatReportAnswerSerializer,
                              **error_responses(400, 401, 404, 409)})
    def post(self, request: Request, match_id: int, line_id: int) -> Response:
        from social.services import report

        data = self.parse(ChatReportSerializer, request.data)
        line = chat.line_of(match_id, line_id, request.user)
        made = report(request.user, None, data["reason"], message_id=line.pk)
        return Response({"id": made.pk, "line": line.pk}, status=status.HTTP_201_CREATED)
