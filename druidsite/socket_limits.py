"""The size limit of a message a client sends on any socket of the site.

Every consumer checks a message with ``too_large`` before anything else: a
binary message, or a text one over MAX_MESSAGE_BYTES in UTF-8, is answered
with TOO_LARGE and never decoded or acted on.
"""

from __future__ import annotations

MAX_MESSAGE_BYTES = 4096
TOO_LARGE = {"type": "error", "error": "messages are JSON text of at most 4 KB"}


def too_large(text_data: str | None, bytes_data: bytes | None) -> bool:
    if bytes_data is not None or text_data is None:
        return True
    # Counted in bytes: a character is 1 to 4 of them (checked cheaply first). A lone
    # surrogate (no real client can send one, UTF-8 has none) is counted, not an error.
    return (len(text_data) > MAX_MESSAGE_BYTES
            or len(text_data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES)
