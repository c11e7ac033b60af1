"""The collector of a serving process: startup frozen, young collections rarer."""

import gc
import weakref

import druidsite.asgi  # noqa: F401 - the web process's entry point settles its heap
from druidsite.heap import YOUNG_THRESHOLD


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_it_freezes_what_the_entry_point_loaded():
    assert gc.get_freeze_count() > 10_000  # Django and the apps, at least


def test_it_collects_young_objects_less_often():
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD


def test_it_still_collects_a_cycle_made_after_the_freeze():
    cycle = Cycle()
    ref = weakref.ref(cycle)
    del cycle
    gc.collect()
    assert ref() is None
