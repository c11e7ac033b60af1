"""The game core: the one commit and the change functions (services), clocks, takeover,
visibility, the catalogue and terms, disputes, verify, whose turn it is. Everything above
imports it; it imports only games.models, the pure packages, notices, social.selectors
and druidsite's helpers."""
