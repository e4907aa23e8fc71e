"""`import keraslike` runs with the garbage collector paused (keraslike/_src/import_gc.py: ~0.4 s CPU less per
interpreter and launched replica) and leaves it as it found it. The fresh-interpreter check is in
tests/keras/optimizers/test_first_step_imports.py (its program imports keraslike anyway)."""

import gc

import keraslike  # noqa: F401  (imported: the collector is back on)
from keraslike._src.import_gc import ImportGcPause


def test_the_collector_is_on_after_import_keraslike():
    assert gc.isenabled()


def test_a_pause_restores_what_it_found():
    try:
        pause = ImportGcPause()
        assert not gc.isenabled()
        pause.end()
        assert gc.isenabled()
        pause.end()  # idempotent
        assert gc.isenabled()
        gc.disable()  # a program that turned it off itself keeps it off
        ImportGcPause().end()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_pause_dropped_without_end_restores_the_collector():
    # an import that fails midway never reaches `end()`: its namespace (holding the pause) goes away
    try:
        pause = ImportGcPause()
        assert not gc.isenabled()
        del pause
        assert gc.isenabled()
    finally:
        gc.enable()
