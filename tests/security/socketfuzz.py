"""What the socket fuzz sends, and how it reads the answers (tests/security/test_socket_fuzz.py).

Frames: the message types the sockets know (the match socket's "sync", "chat"
and "here", /ws/me/'s ping; the others only listen), with wrong, missing, extra
and out-of-range fields, unknown types, JSON that does not parse or nests too
deep, text with NUL characters and lone surrogates (escaped, and raw as no
real client can send them), frames over the size limit, and binary ones.

Reading: after each frame the fuzz sends a PROBE, a frame over the size
limit, which every socket answers with TOO_LARGE; a socket answers in order,
so what came before the probe's answer is the frame's own answer. Broadcasts
(a chat line, a match update, a nudge) may come at any time and are set
aside.
"""

from __future__ import annotations

import json
import string

from hypothesis import strategies as st

from druidsite.socket_limits import MAX_MESSAGE_BYTES, TOO_LARGE

PROBE = "p" * (MAX_MESSAGE_BYTES + 1)
BROADCASTS = {"chat", "update", "review", "games", "notices", "notice", "lobby", "tournament",
              "ladder", "probe"}

#: Every character, surrogates and NUL included.
ANY_CHARACTER = st.characters(codec=None, exclude_categories=())
NASTY = st.sampled_from(["\x00", "a\x00b", "\ud800", "\udfff", "x\ud83d", "\ufeff", "\u202e",
                         "\r\n", "", " ", "😀", "\u0000" * 3])
TEXTS = st.one_of(st.text(ANY_CHARACTER, max_size=40), NASTY,
                  st.text(ANY_CHARACTER, min_size=490, max_size=520))
INTEGERS = st.one_of(st.integers(-10, 10**4), st.integers(-2**70, 2**70),
                     st.sampled_from([2**31 - 1, 2**31, 2**63 - 1, 2**63, -2**63 - 1, 10**30]))
SCALARS = st.one_of(st.none(), st.booleans(), INTEGERS, st.floats(allow_nan=False), TEXTS)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)
TYPES = st.one_of(st.sampled_from(["sync", "chat", "here", "ping", "SYNC", "sync ", "move", "play",
                                   "resign", "join", "close", "account.closed", "chat.line",
                                   "match.update", "user.games", "health.probe", "websocket.close",
                                   ""]), JSON)
CHANNELS = st.one_of(st.sampled_from(["players", "spectators", "team-0", "team-1", "team-2",
                                      "team-99", "team--1", "PLAYERS", "players\x00"]), JSON)


@st.composite
def messages(draw) -> object:
    """A dict shaped like a request, each field right, wrong, missing or extra."""
    message = {}
    if draw(st.integers(0, 9)):
        message["type"] = draw(TYPES)
    for field, values in (("since", st.one_of(INTEGERS, JSON)), ("channel", CHANNELS),
                          ("text", st.one_of(TEXTS, JSON)),
                          ("shown", st.one_of(st.booleans(), JSON))):
        if draw(st.booleans()):
            message[field] = draw(values)
    message.update(draw(st.dictionaries(st.text(max_size=10), JSON, max_size=2)))
    return message


def _encode(value: object, ascii_only: bool) -> str:
    return json.dumps(value, ensure_ascii=ascii_only, allow_nan=True)


@st.composite
def frames(draw) -> str | bytes:
    """One frame as sent: text (most often JSON) or binary."""
    kind = draw(st.integers(0, 19))
    if kind <= 9:
        return _encode(draw(messages()), draw(st.booleans()))
    if kind <= 11:
        return _encode(draw(JSON), draw(st.booleans()))
    if kind == 12:  # cut short
        whole = _encode(draw(messages()), True)
        return whole[: draw(st.integers(0, max(0, len(whole) - 1)))]
    if kind == 13:
        depth = draw(st.integers(1, 2000))
        return draw(st.sampled_from("[{")) * depth + draw(st.sampled_from(["", "]" * depth]))
    if kind == 14:  # over the limit, by characters or by bytes
        return draw(st.sampled_from(["x", "é", "😀", "\ud800"])) * draw(
            st.integers(MAX_MESSAGE_BYTES // 4, MAX_MESSAGE_BYTES + 64))
    if kind == 15:
        return draw(st.binary(max_size=64))
    if kind == 16:
        return draw(st.text(ANY_CHARACTER, max_size=64))
    if kind == 17:  # raw, unescaped text inside a chat frame
        text = draw(NASTY)
        return '{"type": "chat", "channel": "players", "text": "' + text + '"}'
    if kind == 18:
        return draw(st.sampled_from(['{"type": "sync", "since": 1e999}', '{"type": NaN}',
                                     '{"type": "sync", "since": -0}', "null", "[]", '""',
                                     '{"type": "sync", "since": 0, "type": "chat"}',
                                     '{"type": "here", "shown": true}',
                                     '{"type": "here", "shown": false}',
                                     '{"type": "here", "shown": 1}', '{"type": "here"}']))
    return draw(st.text(string.printable, max_size=30))


def is_here(frame: str | bytes) -> bool:
    """A well-formed "here" (the page shown or hidden): acted on in the cache, unanswered."""
    try:
        message = json.loads(frame)
    except (TypeError, ValueError, RecursionError):
        return False
    return (isinstance(message, dict) and message.get("type") == "here"
            and type(message.get("shown")) is bool)


def frame_is_too_large(frame: str | bytes) -> bool:
    if isinstance(frame, bytes):
        return True
    return len(frame.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES


def is_too_large_answer(message: dict) -> bool:
    return message == TOO_LARGE


def ids(draw_real: list[int]) -> st.SearchStrategy[str]:
    """Path ids: real ones, unknown, negative, huge, non-numeric, odd characters."""
    return st.one_of(
        st.sampled_from([str(i) for i in draw_real]),
        st.integers(-2**70, 2**70).map(str),
        st.text("0123456789", min_size=1, max_size=200),
        st.sampled_from(["0", "00", "-1", "+1", "1.5", "1e3", "0x10", "abc", "١٢", "²",
                         "9" * 19, "9" * 101, "%00", "1%00", "..", "1/2", " 1"]),
        st.text(string.ascii_letters + string.digits + "-_.~%", min_size=1, max_size=30),
    )
