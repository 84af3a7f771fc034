"""Settings shared by the whole suite.

Hypothesis's per-example deadline is a timed assertion: on a shared, loaded machine an example
of 1 ms can take 300 ms, and the test fails for it. No test here asserts on time, so the
deadline is off everywhere (a test that wants one still sets it).
"""

from hypothesis import settings

settings.register_profile("rulesdsl", deadline=None)
settings.load_profile("rulesdsl")
