"""Gathering players: tables (series of games at a table) and their notices, and the
game app's part of deleting an account. Imports the core, the AI players, notices,
social.selectors and accounts.leaving; pages and the API import it."""
