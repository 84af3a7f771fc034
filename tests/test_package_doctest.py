"""The package docstring's example runs as written (python -m doctest style)."""

import doctest

import rulesdsl


def test_package_docstring_example_runs():
    result = doctest.testmod(rulesdsl, verbose=False)
    assert result.attempted >= 5 and result.failed == 0
