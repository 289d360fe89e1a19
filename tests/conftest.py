"""Every property test is deterministic: hypothesis draws its examples from a fixed seed
(``derandomize``) and replays none saved by an earlier run, so a run that passes passes
again, and what a property once found is kept as a regular test."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("duelcheck", derandomize=True, database=None)
settings.load_profile("duelcheck")
