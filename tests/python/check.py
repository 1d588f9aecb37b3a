"""Helpers of the Python test controllers (copied beside each): the exact stderr of one call, as
tests/c/sv_check.h's EXPECT_STDERR does for C, closeness checks, and Webots' recurring messages."""

import math
import os
import sys
import tempfile


def stderr_of(call):
    """`call()`'s result and everything it printed on stderr (the library's lines and Python's)."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 2)
        try:
            result = call()
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        capture.seek(0)
        return result, capture.read().decode()


def expect_stderr(expected: str, call):
    """`call()`'s result, once checked that it printed exactly `expected` on stderr ('' = nothing)."""
    result, printed = stderr_of(call)
    assert printed == expected, f'printed {printed!r}, expected {expected!r}'
    return result


def near(actual: float, expected: float, tolerance: float = 1e-9):
    assert abs(actual - expected) < tolerance, f'{actual!r}, expected {expected!r} (within {tolerance})'


def vector(actual, *expected: float, tolerance: float = 1e-9):
    assert actual is not None and len(actual) == len(expected), f'{actual!r}, expected {list(expected)!r}'
    for a, e in zip(actual, expected):
        near(a, e, tolerance)


def all_nan(values, count: int):
    assert values is not None and len(values) == count and all(math.isnan(v) for v in values), values


def invalid_node(function: str) -> str:
    return f"Error: {function}() called with a NULL or invalid 'node' argument.\n"
