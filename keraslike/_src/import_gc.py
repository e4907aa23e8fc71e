"""The garbage collector paused while `import keraslike` runs.

`import keraslike` imports torch and about 800 modules of its own; every allocation of that import counts
toward the collector's thresholds, so CPython runs some 500 collections during it, each scanning the
(still growing, all live) objects: about 0.4 s of the ~2.5 s of CPU the import takes on a 2-core machine, paid
by every program and by every replica a strategy launches. Nothing the import makes is garbage worth
collecting early, so the collector is off for its duration and put back as it was at its end (or, if the
import fails, when the failed module's namespace goes away).

Example (keraslike/__init__.py):
    _gc_pause = ImportGcPause()   # first statement
    ...                           # the imports
    _gc_pause.end()               # last statement
"""

import gc


class ImportGcPause:
    """Turns the garbage collector off now; `end()` (or this object's release) restores what it was."""

    def __init__(self):
        self._was_enabled = gc.isenabled()
        self._ended = False
        gc.disable()

    def end(self):
        """Put the collector back as it was before (idempotent)."""
        if not self._ended:
            self._ended = True
            if self._was_enabled:
                gc.enable()

    def __del__(self):
        self.end()
