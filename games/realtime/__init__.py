"""What tells players: the sockets (consumers, routing), the broadcast after a commit,
turn mails and digests, and their tasks. Imports the core, notices and social.chat;
the core reaches it only through the match_committed signal."""
