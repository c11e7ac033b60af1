"""Celery tasks of the learning room: the AI's review of a finished game, puzzles."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="games.review_match", ignore_result=True, time_limit=1800,
             soft_time_limit=1780)
def review_match(review_id: int) -> bool:
    """The AI's review of a finished game (games.learning.review), progress to its sockets."""
    from games.learning import review

    return review.run(review_id, review.publish_progress) is not None


@shared_task(name="games.mine_puzzles", ignore_result=True, time_limit=1800,
             soft_time_limit=1780)
def mine_puzzles(limit: int = 50) -> int:
    """Puzzles from finished games not looked through yet (games.learning.puzzles);
    idempotent: a game is mined once, a decision gives one puzzle."""
    from games.learning import puzzles

    return puzzles.mine_finished(limit)
