"""The AI players on the site: their accounts and moves (bots), chat bots, and the tasks
that ask them for a move. Imports the core, games.ai and social.chat; the core reaches
it only through match_committed and by task name."""
