"""Every property test is seeded: hypothesis draws the same examples on every run
(``derandomize``, no example database), so a test never fails by chance. To explore instead
(fresh random examples on every run; ten times as many where a test sets no count of its
own), run ``HYPOTHESIS_PROFILE=explore make pytest``; a failure it finds becomes a plain
regression test (as the card laid onto itself in tests/validator/importers/test_summons.py)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("seeded", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False, database=None,
                          max_examples=settings().max_examples * 10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))
