"""The worker's part of push: sending one push (bounded tries) and the held summaries."""

from __future__ import annotations

import logging

from celery import shared_task

from notices import push

log = logging.getLogger(__name__)

MAX_TRIES = 4


@shared_task(bind=True, name="notices.send_push", ignore_result=True, max_retries=MAX_TRIES - 1,
             soft_time_limit=30, time_limit=40)
def send_push(self, subscription_id: int, text: str) -> str:
    """Send one push; a failing push service is tried again after 30 s, 2 and 8 minutes,
    then given up (logged): nothing else depends on it."""
    try:
        return push.deliver(subscription_id, text)
    except push.PushFailed as error:
        if self.request.retries >= self.max_retries:
            log.warning("giving up a push to device %s: %s", subscription_id, error)
            return "given up"
        raise self.retry(countdown=30 * 4 ** self.request.retries) from error


@shared_task(name="notices.release_held_pushes", ignore_result=True)
def release_held_pushes() -> int:
    """Every few minutes: the summary of what was held during quiet hours that ended."""
    return push.release_held()
