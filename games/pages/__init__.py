"""The site's pages: views, one module per page family (lobby, game, end, tables,
review, tutorial, rules, disputes, home), their urls and the rulebook. May import
every room below; nothing imports it but druidsite.urls."""
