"""Hypothesis runs the same examples on every run (a red CI run is then a real change, never a
draw of the dice); `HYPOTHESIS_PROFILE=explore pytest` draws new ones, to look for new bugs."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
