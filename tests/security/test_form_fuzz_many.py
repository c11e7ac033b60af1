"""The long variant of the form fuzzing (test_form_fuzz.py): FUZZ_FORM_MANY whole
bodies per form view (100 by default; at least FUZZ_FORM_EXAMPLES), from the same
fixed seed FUZZ_FORM_SEED. Marked long (`make test-long`): the suite's own run
(test_form_fuzz.py, with its hostile value in every field) keeps `make test`
under its 15 minutes.

    FUZZ_FORM_MANY=200 FUZZ_FORM_SEED=7 pytest tests/security/test_form_fuzz_many.py
explores further than the suite does.
"""

from __future__ import annotations

import os

import pytest

from tests.security.test_form_fuzz import (  # noqa: F401  (error_log, fuzzing: fixtures)
    EXAMPLES,
    VIEWS,
    error_log,
    fuzz,
    fuzzing,
    view_id,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

MANY = int(os.environ.get("FUZZ_FORM_MANY", "100"))


@pytest.mark.long
@pytest.mark.parametrize("view", VIEWS, ids=view_id)
def test_it_survives_many_fuzzed_forms(view, world, fuzzing, error_log):  # noqa: F811
    fuzz(view, world, error_log, max(EXAMPLES, MANY))
