"""Whether the element now being produced sits under a `Dataset.ignore_errors()` (state only; no imports).

`IgnoreErrorsDataset` raises the depth on this thread while it pulls the next element from its input; a `map`
(the transformation that raises on bad data: `check_numerics`, parsing, `py_function`) then drops the element
whose function raised instead of propagating the error, and datasets skip their index-gathered fast path so
that every element goes through those per-element checks.
"""

import threading

_STATE = threading.local()


def active():
    """True while an `ignore_errors()` downstream is pulling an element on this thread."""
    return getattr(_STATE, "depth", 0) > 0


def enter():
    _STATE.depth = getattr(_STATE, "depth", 0) + 1


def leave():
    _STATE.depth -= 1


def dropped(error):
    """Report an element dropped for `error` to the innermost `ignore_errors(log_warning=True)`."""
    report = getattr(_STATE, "report", None)
    if report is not None:
        report(error)
